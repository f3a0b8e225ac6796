/*
 * The stream with its bare addresses symbolized (symbolize.h). Each
 * location is decided once, when a sample first uses it: one with a
 * function, or no address or mapping, is written as read; one with an
 * address and a mapping but no function becomes the frames its binary
 * gives there (binary.h), innermost first, all but the last inlined, each
 * with the location's address and mapping: a pprof Location's lines. A
 * mapping's binary is looked for once. Every id is written anew, the
 * functions made named by name, file and start line; samples keep their
 * values, labels and times.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "symbolize/kallsyms.h"
#include "symbolize/symbolize.h"

struct zmap {			/* per prof mapping */
	int tried;
	int kernel;		/* perf's [kernel.kallsyms] */
	struct binary *b;
	uint32_t out;		/* its output id; 0: not written */
	uint64_t left;		/* its locations left as they were */
	char *file;		/* its file, as the stream names it */
	char why[320];
};

struct symbolizer {
	struct symbolize_opts opts;
	struct stream_writer w;
	struct output *o;
	int begun;
	struct source_pass srcs;
	struct zmap *maps;
	size_t capmaps;
	/* per prof location: its output ids, pool[first .. first + n);
	 * n 0: not decided yet */
	uint32_t *first, *n;
	size_t capfirst, capn;
	uint32_t *pool;
	size_t npool, cappool;
	uint32_t *fn_out;	/* prof function -> output id; 0: none */
	size_t capfn;
	struct strtab fnkeys;	/* a made function's key -> ... */
	uint32_t *fnkey_out;	/* ... its output id */
	size_t capfnkey;
	char *key;
	size_t capkey;
	uint32_t nfn, nmap, nloc, nsamples;
	struct u64map vtypes;
	uint32_t *stack;
	size_t capstack;
	struct kallsyms *ksyms;	/* loaded at the first kernel frame */
	int ksyms_tried;
	char ksyms_why[320];
	struct binary_frame kframe;
};

struct symbolizer *
symbolizer_new(struct output *o, const struct symbolize_opts *opts,
    struct perr *e)
{
	struct symbolizer *z = calloc(1, sizeof(*z));

	if (z == NULL) {
		perr_nomem(e);
		return NULL;
	}
	z->opts = *opts;
	z->o = o;
	return z;
}

static void
symbolizer_clear(struct symbolizer *z)
{
	size_t i;

	for (i = 0; i < z->capmaps; i++) {
		binary_close(z->maps[i].b);
		free(z->maps[i].file);
	}
	free(z->maps);
	free(z->first);
	free(z->n);
	free(z->pool);
	free(z->fn_out);
	strtab_free(&z->fnkeys);
	free(z->fnkey_out);
	free(z->key);
	free(z->stack);
	u64map_free(&z->vtypes);
	source_pass_free(&z->srcs);
	kallsyms_free(z->ksyms);
	sw_free(&z->w);
}

void
symbolizer_free(struct symbolizer *z)
{
	if (z == NULL)
		return;
	symbolizer_clear(z);
	free(z);
}

int
symbolizer_restart(void *ctx, struct perr *e)
{
	struct symbolizer *z = ctx;
	struct symbolize_opts opts = z->opts;
	struct output *o = z->o;

	symbolizer_clear(z);
	memset(z, 0, sizeof(*z));
	z->opts = opts;
	z->o = o;
	return output_rewind(o, e);
}

static void
symbolizer_begin(struct symbolizer *z, const struct prof *p)
{
	if (!z->begun)
		sw_begin(&z->w, z->o, V20, SCHEMA_EXTENSIONS, p->loc_ext);
	z->begun = 1;
}

/* Mapping zm as perf's kernel: its symbols those of --kallsyms, loaded
 * once. 0, or -1 when out of memory. */
static int
symbolizer_kernel(struct symbolizer *z, struct zmap *zm, struct perr *e)
{
	struct perr why;

	zm->kernel = 1;
	if (z->opts.kallsyms == NULL) {
		snprintf(zm->why, sizeof(zm->why), "the kernel's symbols are "
		    "read only when asked (--kallsyms /proc/kallsyms, for a "
		    "profile taken here since this boot)");
		return 0;
	}
	if (!z->ksyms_tried) {
		z->ksyms_tried = 1;
		why.msg[0] = '\0';
		if ((z->ksyms = kallsyms_load(z->opts.kallsyms, &why)) ==
		    NULL) {
			if (strcmp(why.msg, "out of memory") == 0)
				return perr_nomem(e);
			snprintf(z->ksyms_why, sizeof(z->ksyms_why), "%s",
			    why.msg);
		}
	}
	if (z->ksyms == NULL)
		snprintf(zm->why, sizeof(zm->why), "%s", z->ksyms_why);
	return 0;
}

/* The state of mapping mi, its binary looked for when try is set: NULL
 * when out of memory. */
static struct zmap *
symbolizer_map(struct symbolizer *z, const struct prof *p, uint32_t mi,
    int try, struct perr *e)
{
	const struct mapping *m = &p->mappings[mi];
	struct zmap *zm;

	if (mi >= z->capmaps && array_grow_zeroed((void **)&z->maps,
	    &z->capmaps, p->nmappings > mi ? p->nmappings : (size_t)mi + 1,
	    sizeof(*z->maps)) < 0) {
		perr_nomem(e);
		return NULL;
	}
	zm = &z->maps[mi];
	if (zm->file == NULL && (zm->file = strdup(prof_str(p,
	    m->filename))) == NULL) {
		perr_nomem(e);
		return NULL;
	}
	if (try && !zm->tried) {
		struct binary_mapping bm = {
			.file = prof_str(p, m->filename),
			.build_id = prof_str(p, m->build_id),
			.start = m->start, .limit = m->limit,
			.offset = m->offset,
		};
		zm->tried = 1;
		if (strncmp(bm.file, "[kernel.kallsyms]", 17) == 0)
			return symbolizer_kernel(z, zm, e) < 0 ? NULL : zm;
		zm->b = binary_open(&bm, &z->opts.search, zm->why,
		    sizeof(zm->why), e);
		if (zm->b == NULL && zm->why[0] == '\0')
			return NULL;
	}
	return zm;
}

/* The output id of mapping mi, its row written when new: what it holds
 * said as its binary found has it. 0 when out of memory. */
static uint32_t
symbolizer_mapping(struct symbolizer *z, const struct prof *p, uint32_t mi,
    struct perr *e)
{
	struct mapping m;
	struct zmap *zm;

	/* a mapping without functions: its binary looked for first, so
	 * that its row says what it now holds */
	if ((zm = symbolizer_map(z, p, mi, !p->mappings[mi].has_functions,
	    e)) == NULL)
		return 0;
	if (zm->out == 0) {
		zm->out = ++z->nmap;
		m = p->mappings[mi];
		if (zm->b != NULL) {
			m.has_functions = 1;
			if (binary_has_dwarf(zm->b))
				m.has_filenames = m.has_line_numbers =
				    m.has_inline_frames = 1;
		}
		prof_write_mapping(&z->w, p, &m, zm->out);
	}
	return zm->out;
}

/* The output id of a made function, written when new. 0: out of
 * memory. */
static uint32_t
symbolizer_function(struct symbolizer *z, const struct binary_frame *f)
{
	const char *file = f->file != NULL ? f->file : "";
	size_t nn = strlen(f->name), ns = strlen(f->system_name);
	size_t nf = strlen(file), need = nn + ns + nf + 24;
	int64_t k;
	size_t len;

	if (array_grow((void **)&z->key, &z->capkey, need, 1) < 0)
		return 0;
	memcpy(z->key, f->name, nn + 1);
	memcpy(z->key + nn + 1, f->system_name, ns + 1);
	memcpy(z->key + nn + ns + 2, file, nf + 1);
	len = nn + ns + nf + 3 + (size_t)snprintf(z->key + nn + ns + nf + 3,
	    22, "%lld", (long long)f->start_line);
	if ((k = strtab_intern(&z->fnkeys, z->key, len)) < 0 ||
	    array_grow_zeroed((void **)&z->fnkey_out, &z->capfnkey,
	    (size_t)k + 1, sizeof(*z->fnkey_out)) < 0)
		return 0;
	if (z->fnkey_out[k] == 0) {
		z->fnkey_out[k] = ++z->nfn;
		sw_function(&z->w, z->nfn, text_marked(text_of(f->name)),
		    text_marked(text_of(f->system_name)), text_of(file),
		    f->start_line);
	}
	return z->fnkey_out[k];
}

/* Room for n more output ids in the pool. */
static int
symbolizer_room(struct symbolizer *z, size_t n)
{
	return array_grow((void **)&z->pool, &z->cappool, z->npool + n,
	    sizeof(*z->pool));
}

/* Location li as read: its function and mapping written when new. */
static int
symbolizer_as_read(struct symbolizer *z, const struct prof *p, uint32_t li,
    struct perr *e)
{
	const struct location *l = &p->locations[li];
	uint32_t fn = 0, map = 0;

	if (l->function != PROF_NONE) {
		if (array_grow_zeroed((void **)&z->fn_out, &z->capfn,
		    p->nfunctions > l->function ? p->nfunctions :
		    (size_t)l->function + 1, sizeof(*z->fn_out)) < 0)
			return perr_nomem(e);
		if (z->fn_out[l->function] == 0) {
			z->fn_out[l->function] = ++z->nfn;
			prof_write_function(&z->w, p,
			    &p->functions[l->function], z->nfn);
		}
		fn = z->fn_out[l->function];
	}
	if (l->mapping != PROF_NONE && (map = symbolizer_mapping(z, p,
	    l->mapping, e)) == 0)
		return -1;
	if (symbolizer_room(z, 1) < 0)
		return perr_nomem(e);
	z->first[li] = (uint32_t)z->npool;
	z->n[li] = 1;
	z->pool[z->npool++] = ++z->nloc;
	prof_write_location(&z->w, l, z->nloc, fn, map);
	prof_write_location_attrs(&z->w, p, li, z->nloc);
	return 0;
}

/* Location li decided: its output ids in the pool. */
static int
symbolizer_location(struct symbolizer *z, const struct prof *p, uint32_t li,
    struct perr *e)
{
	const struct location *l = &p->locations[li];
	const struct binary_frame *fr;
	struct sw_location row;
	struct zmap *zm;
	uint32_t map, fn;
	size_t n = 0, i;

	if (array_grow_zeroed((void **)&z->n, &z->capn, p->nlocations >
	    li ? p->nlocations : (size_t)li + 1, sizeof(*z->n)) < 0 ||
	    array_grow_zeroed((void **)&z->first, &z->capfirst,
	    z->capn, sizeof(*z->first)) < 0)
		return perr_nomem(e);
	if (z->n[li] > 0)
		return 0;
	if (l->function != PROF_NONE || l->address_na ||
	    l->mapping == PROF_NONE)
		return symbolizer_as_read(z, p, li, e);
	if ((zm = symbolizer_map(z, p, l->mapping, 1, e)) == NULL)
		return -1;
	if (zm->b != NULL && binary_frames(zm->b, l->address, &fr, &n, e) < 0)
		return -1;
	if (zm->kernel && z->ksyms != NULL && (z->kframe.name =
	    kallsyms_find(z->ksyms, l->address)) != NULL) {
		z->kframe.system_name = z->kframe.name;
		fr = &z->kframe;
		n = 1;
	}
	for (i = 0; i < n; i++)
		if (fr[i].name == NULL)
			n = 0;
	if (n == 0) {
		if ((zm->b != NULL || z->ksyms != NULL) && zm->why[0] == '\0')
			snprintf(zm->why, sizeof(zm->why), "%s has no symbol "
			    "there", zm->b != NULL ? binary_path(zm->b) :
			    z->opts.kallsyms);
		zm->left++;
		return symbolizer_as_read(z, p, li, e);
	}
	if ((map = symbolizer_mapping(z, p, l->mapping, e)) == 0)
		return -1;
	if (symbolizer_room(z, n) < 0)
		return perr_nomem(e);
	z->first[li] = (uint32_t)z->npool;
	z->n[li] = (uint32_t)n;
	for (i = 0; i < n; i++) {
		if ((fn = symbolizer_function(z, &fr[i])) == 0)
			return perr_nomem(e);
		memset(&row, 0, sizeof(row));
		row.id = ++z->nloc;
		row.function_id = fn;
		row.line = fr[i].line;
		row.address = l->address;
		row.mapping_id = map;
		row.is_folded = l->is_folded;
		row.inlined = i + 1 < n;
		row.column = fr[i].column;
		sw_location(&z->w, &row);
		prof_write_location_attrs(&z->w, p, li, row.id);
		z->pool[z->npool++] = row.id;
	}
	return 0;
}

int
symbolizer_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct symbolizer *z = ctx;
	size_t i, j, n = 0;
	uint32_t li;

	symbolizer_begin(z, p);
	if (prof_pass_sources(&z->w, p, &z->srcs, NULL, NULL) < 0)
		return perr_nomem(e);
	for (i = 0; i < s->nlocs; i++) {
		li = s->locs[i];
		if (symbolizer_location(z, p, li, e) < 0)
			return -1;
		if (array_grow((void **)&z->stack, &z->capstack, n +
		    z->n[li], sizeof(*z->stack)) < 0)
			return perr_nomem(e);
		for (j = 0; j < z->n[li]; j++)
			z->stack[n++] = z->pool[z->first[li] + j];
	}
	if (prof_write_sample(&z->w, &z->vtypes, p, s, ++z->nsamples,
	    p->sources[s->source].id, z->stack, n) < 0)
		return perr_nomem(e);
	return 0;
}

int
symbolizer_end(struct symbolizer *z, const struct prof *p, struct perr *e)
{
	symbolizer_begin(z, p);
	return prof_pass_sources(&z->w, p, &z->srcs, NULL, NULL) < 0 ?
	    perr_nomem(e) : 0;
}

const char *
symbolizer_left(const struct symbolizer *z, size_t i, uint64_t *count,
    const char **why)
{
	size_t k;

	for (k = 0; k < z->capmaps; k++)
		if (z->maps[k].left > 0 && i-- == 0) {
			*count = z->maps[k].left;
			*why = z->maps[k].why;
			return z->maps[k].file;
		}
	return NULL;
}
