/*
 * The distinct stacks. A sample adds its values to its stack's, found by
 * hashing its frames (one lookup a sample, not one a frame). A frame is
 * what a reader sees: the name as shown (with ":line" if asked), and the
 * file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "sample/stacks.h"

static void
stacks_free(struct stacks *st)
{
	size_t c;

	for (c = 0; c < st->ncols; c++)
		numcol_free(&st->cols[c]);
	free(st->cols);
	free(st->frames);
	free(st->seq);
	free(st->at);
	free(st->slot);
	strtab_free(&st->strs);
	strtab_free(&st->frame_ix);
	measure_free(&st->m);
	free(st->first_type);
}

void
stack_reader_free(struct stack_reader *r)
{
	stacks_free(&r->st);
	free(r->loc_frame);
	free(r->loc_frame_java);
	free(r->path);
	free(r->lbuf);
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

/* The system's own frames, muted in a picture as profvis and pprof's
 * users ask: the kernel's (profile.frame.type kernel, as perf2tsv and
 * OpenTelemetry's eBPF profiler mark them) and Go's runtime. */
static int
system_frame(const struct prof *p, const struct location *l)
{
	const char *name;
	uint32_t k;

	for (k = l->attr_head; k != PROF_NONE; k = p->lattrs[k].next)
		if (strcmp(prof_str(p, p->lattrs[k].a.key),
		    "profile.frame.type") == 0)
			return strcmp(prof_str(p, p->lattrs[k].a.value),
			    "kernel") == 0;
	if (l->function == PROF_NONE)
		return 0;
	name = prof_str(p, p->functions[l->function].name);
	return strncmp(name, "runtime.", 8) == 0 ||
	    strncmp(name, "runtime/internal/", 17) == 0;
}

/* A frame of name (and file), made when first seen: its index, or -1. */
static int64_t
frame_named(struct stacks *st, const char *name, size_t len, struct text file,
    int kind)
{
	int64_t n, f, k;
	size_t old;
	struct frame *fr;
	char key[4];

	n = strtab_intern(&st->strs, name, len);
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
		fr->kind = kind;
		fr->inlined = 0;
	}
	return k;
}

/* The frame of prof location li as the namer names it in variant v
 * (a cache each: 0 and 1), made when first seen. */
static int64_t
named_frame_of(struct stack_reader *r, struct prof *p, uint32_t li, int v)
{
	uint32_t **cache = v ? &r->loc_frame_java : &r->loc_frame;
	size_t *cap = v ? &r->caplocj : &r->caploc, len;
	char *name;
	int64_t k;

	if (li < *cap && (*cache)[li] != 0)
		return (*cache)[li] - 1;
	if (array_grow_zeroed((void **)cache, cap, (size_t)li + 1,
	    sizeof(**cache)) < 0)
		return -1;
	if ((name = r->opts.namer->name(r->opts.namer, p, li, v, &len)) ==
	    NULL)
		return -1;
	k = frame_named(&r->st, name, len, text_n("", 0), FRAME_PLAIN);
	free(name);
	if (k >= 0)
		(*cache)[li] = (uint32_t)k + 1;
	return k;
}

/* The sample's root frame as the namer names it (the process): its
 * index, -2 when it has none, -1 out of memory; *v the variant its
 * locations are named in. */
static int64_t
named_root(struct stack_reader *r, struct prof *p, const struct sample *s,
    int *v)
{
	char *name = NULL;
	size_t n = 0;
	int64_t k;
	int rc;

	*v = 0;
	if ((rc = r->opts.namer->root(r->opts.namer, p, s, &name, &n, v)) < 0)
		return -1;
	if (rc == 0)
		return -2;
	k = frame_named(&r->st, name, n, text_n("", 0), FRAME_SPECIAL);
	free(name);
	return k;
}

/* The frame of prof location li, made when first seen. */
int64_t
stacks_frame_of(struct stack_reader *r, struct prof *p, uint32_t li)
{
	struct stacks *st = &r->st;
	const struct location *l = &p->locations[li];
	char buf[FMT_NUM_MAX + 1], *text;
	struct text file = text_n("", 0);
	int64_t name, n, f, k;
	size_t len, old;
	struct frame *fr;
	char key[5];
	int inl = r->opts.inlines && l->has_ext && l->inlined;

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
	key[4] = 'i';
	old = st->frame_ix.n;
	if ((k = strtab_intern(&st->frame_ix, key, inl ? 5 : 4)) < 0)
		return -1;
	if (st->frame_ix.n != old) {
		if (ARRAY_ROOM(st->frames, st->nframes, st->capframes) < 0)
			return -1;
		fr = &st->frames[st->nframes++];
		fr->name = (uint32_t)n;
		fr->file = (uint32_t)f;
		fr->inlined = inl;
		/* native: an address no symbol names (a Go or C++ frame
		 * with its function is coloured by its package) */
		fr->kind = special(p, l) ? FRAME_SPECIAL
		    : !l->address_na && l->address != 0 &&
		    l->mapping != PROF_NONE && l->function == PROF_NONE ?
		    FRAME_NATIVE : system_frame(p, l) ? FRAME_SYSTEM :
		    FRAME_PLAIN;
	}
	r->loc_frame[li] = (uint32_t)k + 1;
	return k;
}

static uint64_t
hash_path(const uint32_t *path, size_t n)
{
	return hash_bytes(path, n * sizeof(*path));
}

/* Doubles the hash table, the stacks placed anew. */
static int
rehash(struct stacks *st)
{
	size_t cap = st->capslot ? 2 * st->capslot : 1024, i, h, n;
	uint32_t *slot = calloc(cap, sizeof(*slot));
	const uint32_t *f;

	if (slot == NULL)
		return -1;
	for (i = 0; i < st->nstacks; i++) {
		f = stacks_frames(st, i, &n);
		for (h = hash_path(f, n) & (cap - 1); slot[h] != 0;
		    h = (h + 1) & (cap - 1))
			;
		slot[h] = (uint32_t)i + 1;
	}
	free(st->slot);
	st->slot = slot;
	st->capslot = cap;
	return 0;
}

int64_t
stacks_find(const struct stacks *st, const uint32_t *path, size_t n)
{
	size_t h, m;
	const uint32_t *f;
	uint32_t k;

	if (st->capslot == 0)
		return -1;
	for (h = hash_path(path, n) & (st->capslot - 1);
	    (k = st->slot[h]) != 0; h = (h + 1) & (st->capslot - 1)) {
		f = stacks_frames(st, k - 1, &m);
		if (m == n && (n == 0 || memcmp(f, path, n * sizeof(*f)) == 0))
			return k - 1;
	}
	return -1;
}

void
stacks_new_pass(struct stack_reader *r)
{
	free(r->loc_frame);
	free(r->loc_frame_java);
	r->loc_frame = r->loc_frame_java = NULL;
	r->caploc = r->caplocj = 0;
}

/* The stack of the path, made where new: its index, or -1. */
static int64_t
stack_of(struct stacks *st, const uint32_t *path, size_t n)
{
	size_t h, m;
	const uint32_t *f;
	uint32_t k;

	if (st->capat == 0) {
		if (array_grow((void **)&st->at, &st->capat, 64,
		    sizeof(*st->at)) < 0)
			return -1;
		st->at[0] = 0;
	}
	if ((st->nstacks + 1) * 2 > st->capslot && rehash(st) < 0)
		return -1;
	for (h = hash_path(path, n) & (st->capslot - 1);
	    (k = st->slot[h]) != 0; h = (h + 1) & (st->capslot - 1)) {
		f = stacks_frames(st, k - 1, &m);
		if (m == n && (n == 0 || memcmp(f, path, n * sizeof(*f)) == 0))
			return k - 1;
	}
	if (st->nstacks >= UINT32_MAX - 1 || st->nseq + n >= UINT32_MAX ||
	    array_grow((void **)&st->seq, &st->capseq, st->nseq + n + 1,
	    sizeof(*st->seq)) < 0 || array_grow((void **)&st->at, &st->capat,
	    st->nstacks + 2, sizeof(*st->at)) < 0)
		return -1;
	if (n > 0)
		memcpy(st->seq + st->nseq, path, n * sizeof(*path));
	st->nseq += n;
	st->at[++st->nstacks] = (uint32_t)st->nseq;
	st->slot[h] = (uint32_t)st->nstacks;
	return (int64_t)st->nstacks - 1;
}

/* Room in every column for every stack, the new ones 0. */
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
	if (st->capcol < st->capat || ncols > old) {
		for (c = 0; c < st->ncols; c++)
			if (numcol_grow(&st->cols[c], st->capat) < 0)
				return -1;
		st->capcol = st->capat;
	}
	return 0;
}

/* A label set's frame name: "\0L", then per label 's' or 'n', its key
 * as a netstring ("3:key"), and a string's value as one, or a number in
 * decimal, ';' and its unit as one. The NUL sets it apart from function
 * names, which the stream cannot hold a NUL in. */
static int
put_text(struct stack_reader *r, size_t *n, const char *s, size_t len,
    int net)
{
	char num[24];
	size_t k = net ? (size_t)snprintf(num, sizeof(num), "%zu:", len) : 0;

	if (array_grow((void **)&r->lbuf, &r->caplbuf, *n + k + len + 1, 1) <
	    0)
		return -1;
	memcpy(r->lbuf + *n, num, k);
	memcpy(r->lbuf + *n + k, s, len);
	*n += k + len;
	return 0;
}

static int64_t
labels_frame(struct stack_reader *r, struct prof *p, const struct sample *s)
{
	size_t i, n = 0;
	char num[FMT_NUM_MAX + 1];
	int rc = put_text(r, &n, "\0L", 2, 0);

	for (i = 0; i < s->nlabels && rc == 0; i++) {
		const struct slabel *l = &s->labels[i];
		struct text k = prof_text(p, l->key);
		if (l->str != PROF_NONE) {
			struct text v = prof_text(p, l->str);
			rc = put_text(r, &n, "s", 1, 0) < 0 ||
			    put_text(r, &n, k.p, k.n, 1) < 0 ||
			    put_text(r, &n, v.p, v.n, 1) < 0 ? -1 : 0;
		} else if (!l->num_na) {
			struct text u = l->num_unit != PROF_NONE ?
			    prof_text(p, l->num_unit) : text_n("", 0);
			size_t m = fmt_i64(num, l->num);
			num[m++] = ';';
			rc = put_text(r, &n, "n", 1, 0) < 0 ||
			    put_text(r, &n, k.p, k.n, 1) < 0 ||
			    put_text(r, &n, num, m, 0) < 0 ||
			    put_text(r, &n, u.p, u.n, 1) < 0 ? -1 : 0;
		}
	}
	if (rc < 0)
		return -1;
	return frame_named(&r->st, r->lbuf, n, text_n("", 0), FRAME_LABELS);
}

/* A netstring at *at of s (n bytes), into t. */
static int
get_net(const char *s, size_t n, size_t *at, struct text *t)
{
	size_t len = 0, i = *at;

	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		len = len * 10 + (size_t)(s[i] - '0');
	if (i >= n || s[i] != ':' || n - i - 1 < len)
		return 0;
	*t = text_n(s + i + 1, len);
	*at = i + 1 + len;
	return 1;
}

int
stacks_labels(const char *s, size_t n, size_t *at, struct text *key,
    struct text *str, int64_t *num, struct text *unit)
{
	char *end;

	if (*at == 0)
		*at = 2;		/* "\0L" */
	if (*at >= n)
		return 0;
	if (s[(*at)++] == 's') {
		unit->p = NULL;
		return get_net(s, n, at, key) && get_net(s, n, at, str);
	}
	if (!get_net(s, n, at, key))
		return 0;
	*num = strtoll(s + *at, &end, 10);
	*at = (size_t)(end - s) + 1;	/* past ';' */
	str->p = NULL;
	return get_net(s, n, at, unit);
}

/* The frames of sample s into r->path (root first), *n of them. 0, or
 * -1 out of memory. */
static int
path_of(struct stack_reader *r, struct prof *p, const struct sample *s,
    size_t *n)
{
	struct stacks *st = &r->st;
	size_t d, root = 0;
	int64_t k;
	int v = 0;

	if (array_grow((void **)&r->path, &r->cappath, s->nlocs + 2,
	    sizeof(*r->path)) < 0)
		return -1;
	if (r->opts.namer != NULL) {
		if ((k = named_root(r, p, s, &v)) == -1)
			return -1;
		if (k >= 0)
			r->path[root++] = (uint32_t)k;
		if (st->first_type == NULL && s->nvals > 0 &&
		    (st->first_type = strdup(prof_str(p, s->vals[0].type))) ==
		    NULL)
			return -1;
	}
	for (d = 0; d < s->nlocs; d++) {	/* root first */
		if ((k = r->opts.namer != NULL ? named_frame_of(r, p,
		    s->locs[d], v) : stacks_frame_of(r, p, s->locs[d])) < 0)
			return -1;
		r->path[root + s->nlocs - 1 - d] = (uint32_t)k;
	}
	if (r->opts.labels && s->nlabels > 0) {
		if ((k = labels_frame(r, p, s)) < 0)
			return -1;
		r->path[root + s->nlocs] = (uint32_t)k;
		root++;
	}
	*n = root + s->nlocs;
	return 0;
}

int64_t
stacks_index(struct stack_reader *r, struct prof *p, const struct sample *s)
{
	size_t n;

	if (path_of(r, p, s, &n) < 0)
		return -2;
	return stacks_find(&r->st, r->path, n);
}

static int
stacks_add(struct stack_reader *r, struct prof *p, const struct sample *s)
{
	struct stacks *st = &r->st;
	size_t i, nv, n;
	int64_t node;
	int series;

	if (path_of(r, p, s, &n) < 0)
		return -1;
	if ((node = stack_of(st, r->path, n)) < 0)
		return -1;
	series = r->opts.bases != NULL ? !source_set_has_id(r->opts.bases,
	    p->sources[s->source].id) : r->opts.base != 0 &&
	    p->sources[s->source].id != r->opts.base;
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
	return stacks_add(r, p, s) < 0 ? perr_nomem(e) : 0;
}

double
stacks_base_scale(const struct stacks *st, size_t t)
{
	double s0 = 0, s1 = 0;
	size_t n;

	for (n = 0; n < st->nstacks; n++) {
		if (st->at[n + 1] == st->at[n])
			continue;	/* the empty stack: no line */
		s0 += stacks_value(st, 2 * t, n).d;
		s1 += stacks_value(st, 2 * t + 1, n).d;
	}
	return s0 != 0 && s1 != 0 ? s1 / s0 : 1;
}
