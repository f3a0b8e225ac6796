/*
 * The stack tree. A node is a stack prefix: its parent and its frame; a
 * sample adds its value to the node of its whole stack. A frame is what a
 * reader sees: the name as shown (with ":line" if asked), and the file.
 */
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "analysis/stacks.h"

static void
stacks_free(struct stacks *st)
{
	size_t c;

	for (c = 0; c < st->ncols; c++)
		numcol_free(&st->cols[c]);
	free(st->cols);
	free(st->frames);
	free(st->nodes);
	strtab_free(&st->strs);
	strtab_free(&st->frame_ix);
	u64map_free(&st->child);
	measure_free(&st->m);
}

void
stack_reader_free(struct stack_reader *r)
{
	stacks_free(&r->st);
	free(r->loc_frame);
	free(r->path);
}

int
stacks_restart(void *ctx, struct perr *e)
{
	struct stack_reader *r = ctx;
	struct stack_opts opts = r->opts;

	(void)e;
	stack_reader_free(r);
	memset(r, 0, sizeof(*r));
	r->opts = opts;
	return 0;
}

/* R's own pseudo-frames, and frames without a function name (shown as
 * their mapping's file or <unknown>), told apart in colour */
static int
special(const struct prof *p, const struct location *l)
{
	static const char *const names[] = {
		"<GC>", "<toplevel>", "<Anonymous>", SCHEMA_EMPTY,
	};
	const char *name;
	size_t i;

	if (l->function == PROF_NONE)
		return 1;
	name = prof_str(p, p->functions[l->function].name);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

/* The frame of prof location li, made when first seen. */
static int64_t
frame_of(struct stack_reader *r, struct prof *p, uint32_t li)
{
	struct stacks *st = &r->st;
	const struct location *l = &p->locations[li];
	char buf[FMT_NUM_MAX + 1], *text;
	struct text file = text_n("", 0);
	int64_t name, n, f, k;
	size_t len, old;
	struct frame *fr;
	char key[4];

	if (li < r->caploc && r->loc_frame[li] != 0)
		return r->loc_frame[li] - 1;
	if (array_grow_zeroed((void **)&r->loc_frame, &r->caploc,
	    (size_t)li + 1, sizeof(*r->loc_frame)) < 0)
		return -1;
	if ((name = frame_name(p, l)) < 0)
		return -1;
	len = prof_strlen(p, (uint32_t)name);
	if ((text = malloc(len + sizeof(buf) + 1)) == NULL)
		return -1;
	memcpy(text, prof_str(p, (uint32_t)name), len);
	if (r->opts.lines && l->line > 0) {
		buf[0] = ':';
		n = (int64_t)fmt_u64(buf + 1, (uint64_t)l->line) + 1;
		memcpy(text + len, buf, (size_t)n);
		len += (size_t)n;
	}
	if (l->function != PROF_NONE)
		file = prof_text(p, p->functions[l->function].filename);
	n = strtab_intern(&st->strs, text, len);
	free(text);
	if (n < 0 || (f = strtab_intern(&st->strs, file.p, file.n)) < 0)
		return -1;
	/* a frame is what is shown: one name, its file the first seen */
	memcpy(key, &n, 4);
	old = st->frame_ix.n;
	if ((k = strtab_intern(&st->frame_ix, key, 4)) < 0)
		return -1;
	if (st->frame_ix.n != old) {
		if (ARRAY_ROOM(st->frames, st->nframes, st->capframes) < 0)
			return -1;
		fr = &st->frames[st->nframes++];
		fr->name = (uint32_t)n;
		fr->file = (uint32_t)f;
		fr->kind = special(p, l) ? FRAME_SPECIAL
		    : !l->address_na && l->address != 0 &&
		    l->mapping != PROF_NONE ? FRAME_NATIVE : FRAME_PLAIN;
	}
	r->loc_frame[li] = (uint32_t)k + 1;
	return k;
}

/* The node of the path, made where new. */
static int64_t
node_of(struct stacks *st, const uint32_t *path, size_t n)
{
	uint32_t node = 0, *slot;
	size_t i;
	int added;

	if (st->nnodes == 0) {		/* the root */
		if (ARRAY_ROOM(st->nodes, st->nnodes, st->capnodes) < 0)
			return -1;
		st->nodes[st->nnodes++] = (struct stack_node){ 0, 0 };
	}
	for (i = 0; i < n; i++) {
		if ((slot = u64map_put(&st->child, (uint64_t)node << 32 |
		    path[i], (uint32_t)st->nnodes, &added)) == NULL)
			return -1;
		if (added) {
			if (ARRAY_ROOM(st->nodes, st->nnodes, st->capnodes) < 0)
				return -1;
			st->nodes[st->nnodes].parent = node;
			st->nodes[st->nnodes++].frame = path[i];
		}
		node = *slot;
	}
	return node;
}

/* Room in every column for every node, the new ones 0. */
static int
grow_cols(struct stacks *st, size_t ncols)
{
	size_t c, old = st->ncols;
	struct numcol *nc;

	if (ncols > old) {
		if ((nc = realloc(st->cols, ncols * sizeof(*nc))) == NULL)
			return -1;
		st->cols = nc;
		memset(st->cols + old, 0, (ncols - old) * sizeof(*nc));
		st->ncols = ncols;
	}
	if (st->capcol < st->capnodes || ncols > old) {
		for (c = 0; c < st->ncols; c++)
			if (numcol_grow(&st->cols[c], st->capnodes) < 0)
				return -1;
		st->capcol = st->capnodes;
	}
	return 0;
}

static int
add(struct stack_reader *r, struct prof *p, const struct sample *s)
{
	struct stacks *st = &r->st;
	size_t i, d, nv;
	int64_t k, node;
	int series;

	if (array_grow((void **)&r->path, &r->cappath, s->nlocs + 1,
	    sizeof(*r->path)) < 0)
		return -1;
	for (d = 0; d < s->nlocs; d++) {	/* root first */
		if ((k = frame_of(r, p, s->locs[d])) < 0)
			return -1;
		r->path[s->nlocs - 1 - d] = (uint32_t)k;
	}
	if ((node = node_of(st, r->path, s->nlocs)) < 0)
		return -1;
	series = r->opts.base != 0 && p->sources[s->source].id != r->opts.base;
	if (measure_sample(&st->m, p, s, &nv) < 0 ||
	    grow_cols(st, 2 * st->m.types.names.n) < 0)
		return -1;
	for (i = 0; i < nv; i++)
		numcol_add(&st->cols[2 * st->m.vals[i].type + series],
		    (size_t)node, st->m.vals[i].v);
	return 0;
}

int
stacks_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct stack_reader *r = ctx;

	if (!source_set_has(r->opts.sources, p, s))
		return 0;
	return add(r, p, s) < 0 ? perr_nomem(e) : 0;
}

double
stacks_base_scale(const struct stacks *st, size_t t)
{
	double s0 = 0, s1 = 0;
	uint32_t n;

	for (n = 1; n < st->nnodes; n++) {
		s0 += stacks_value(st, 2 * t, n).d;
		s1 += stacks_value(st, 2 * t + 1, n).d;
	}
	return s0 != 0 && s1 != 0 ? s1 / s0 : 1;
}
