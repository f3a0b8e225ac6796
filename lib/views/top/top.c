/*
 * Self and total per key, as summaryRprof and pprof count them: self is
 * the value of the samples whose innermost frame has the key, total the
 * value of the samples that have it anywhere, once per sample however
 * often it recurs. Every value type is summed at once (there are few), so
 * one pass serves whichever is chosen at the end.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "views/top/top_impl.h"

const char *
top_shown_unit(const struct top *t)
{
	return t->shown;
}

double
top_set_nodefraction(struct top *t, double f)
{
	double was = t->opts.nodefraction;

	t->opts.nodefraction = f;
	return was;
}

struct top *
top_new(const struct top_opts *opts, struct perr *e)
{
	struct top *t = calloc(1, sizeof(*t));

	if (t == NULL) {
		perr_nomem(e);
		return NULL;
	}
	t->opts = *opts;
	t->strs = &t->none;
	return t;
}

static void
clear(struct top *t)
{
	size_t i;

	for (i = 0; i < t->nsums; i++) {
		numcol_free(&t->sums[i].self);
		numcol_free(&t->sums[i].total);
		if (t->bsums != NULL) {
			numcol_free(&t->bsums[i].self);
			numcol_free(&t->bsums[i].total);
		}
	}
	free(t->sums);
	free(t->bsums);
	free(t->ratio);
	diff_merge_free(&t->merge);
	free(t->keys);
	free(t->last);
	free(t->srctype);
	free(t->loc_key);
	free(t->loc_rkey);
	free(t->skeys);
	top_inline_free(t);
	free(t->mem);
	free(t->name_key);
	free(t->keymap_key);
	t->strs = &t->none;	/* the profile's: not freed here */
	strtab_free(&t->keymap);
	measure_free(&t->m);
}

void
top_free(struct top *t)
{
	if (t == NULL)
		return;
	clear(t);
	free(t);
}

int
top_restart(void *ctx, struct perr *e)
{
	struct top *t = ctx;
	struct top_opts opts = t->opts;
	double *ratio = t->ratio;
	size_t nratio = t->nratio;

	(void)e;
	t->ratio = NULL;
	clear(t);
	memset(t, 0, sizeof(*t));
	t->opts = opts;
	t->strs = &t->none;
	t->ratio = ratio;
	t->nratio = nratio;
	return 0;
}

int
top_normalize(struct top *t, struct perr *e)
{
	double *ratio;
	size_t i;

	if ((ratio = calloc(t->nsums + 1, sizeof(*ratio))) == NULL)
		return perr_nomem(e);
	/* pprof's: 0 where the others sum to 0 */
	for (i = 0; i < t->nsums; i++)
		ratio[i] = t->sums[i].sum.d != 0 ? t->bsums[i].sum.d /
		    t->sums[i].sum.d : 0;
	free(t->ratio);
	t->ratio = ratio;
	t->nratio = t->nsums;
	return top_restart(t, e);
}

/* A new key of name, file, line: its index, or -1. */
static int64_t
key_new(struct top *t, int64_t n, int64_t f, int64_t line)
{
	struct key *ky;

	if (ARRAY_ROOM(t->keys, t->nkeys, t->capkeys) < 0 ||
	    array_grow((void **)&t->last, &t->caplast, t->nkeys + 1,
	    sizeof(*t->last)) < 0)
		return -1;
	t->last[t->nkeys] = 0;
	ky = &t->keys[t->nkeys];
	memset(ky, 0, sizeof(*ky));
	ky->name = (uint32_t)n;
	ky->file = (uint32_t)f;
	ky->line = line;
	return (int64_t)t->nkeys++;
}

/* The key of name, file, line (in *strs), made when first seen: its
 * index, or -1. A name alone (pprof's -top, by function) is found by
 * its index, without a hash. */
static int64_t
key_at(struct top *t, int64_t n, int64_t f, int64_t line)
{
	char kb[16];
	size_t old = t->keymap.n;
	int64_t k;

	if (f == t->empty - 1 && line == 0) {
		if (array_grow_zeroed((void **)&t->name_key, &t->capname_key,
		    (size_t)n + 1, sizeof(*t->name_key)) < 0)
			return -1;
		if (t->name_key[n] != 0)
			return (int64_t)t->name_key[n] - 1;
		if ((k = key_new(t, n, f, line)) < 0)
			return -1;
		t->name_key[n] = (uint32_t)k + 1;
		return k;
	}
	memset(kb, 0, sizeof(kb));
	memcpy(kb, &n, 4);
	memcpy(kb + 4, &f, 4);
	memcpy(kb + 8, &line, 8);
	if ((k = strtab_intern(&t->keymap, kb, sizeof(kb))) < 0)
		return -1;
	if (t->keymap.n != old) {
		if (array_grow((void **)&t->keymap_key, &t->capkeymap_key,
		    t->keymap.n, sizeof(*t->keymap_key)) < 0 ||
		    (t->keymap_key[k] = (uint32_t)key_new(t, n, f, line)) ==
		    UINT32_MAX)
			return -1;
	}
	return t->keymap_key[k];
}

/* The key of prof location li, made when first seen: by function, or
 * with -l by function, file and line (pprof's -lines). rline: R's line
 * view (summaryRprof's lines = "show"): by file and line only, the key
 * shown under the function it was first seen in; a frame without a line
 * has none (-2). */
static int64_t
key_of(struct top *t, struct prof *p, uint32_t li, int rline)
{
	const struct location *l = &p->locations[li];
	uint32_t **cache = rline ? &t->loc_rkey : &t->loc_key;
	size_t *cap = rline ? &t->caprloc : &t->caploc;
	struct text file;
	int64_t n, f, k, line = 0;

	if (li < *cap && (*cache)[li] == UINT32_MAX)
		return -2;
	if (li < *cap && (*cache)[li] != 0)
		return (int64_t)(*cache)[li] - 1;
	if (array_grow_zeroed((void **)cache, cap, (size_t)li + 1,
	    sizeof(**cache)) < 0)
		return -1;
	if ((n = frame_name(p, l)) < 0)
		return -1;
	f = t->empty - 1;
	if (t->opts.by_line && l->function != PROF_NONE)
		f = p->functions[l->function].filename;
	if (t->opts.by_line && l->line != PROF_LINE_NA && l->line > 0)
		line = l->line;
	/* R's: a frame has a location when it has a line (its file may have
	 * no name: R's #File 3: with none) */
	if (rline && line == 0) {
		(*cache)[li] = UINT32_MAX;	/* -2: no line */
		return -2;
	}
	/* R's file name: its base name, as summaryRprof's basenames = 1 */
	if (rline) {
		file = prof_text(p, (uint32_t)f);
		while (file.n > 0 && memchr(file.p, '/', file.n) != NULL) {
			const char *sl = memchr(file.p, '/', file.n);
			file.n -= (size_t)(sl + 1 - file.p);
			file.p = sl + 1;
		}
		if ((f = prof_intern(p, file.p, file.n)) < 0)
			return -1;
	}
	if ((k = key_at(t, rline ? t->rname : n, f, line)) < 0)
		return -1;
	/* the line's function: the outermost frame with it in the sample
	 * it first came in (R's inner frames inherit their caller's line) */
	if (rline && t->keys[k].fn == 0)
		t->keys[k].born = t->serial + 1;
	if (rline && t->keys[k].born == t->serial + 1)
		t->keys[k].fn = (uint32_t)n + 1;
	(*cache)[li] = (uint32_t)k + 1;
	return k;
}

/* Sums for every type of m. */
static int
grow_types(struct top *t)
{
	size_t n = t->m.types.names.n;

	if (n <= t->nsums)
		return 0;
	if (array_grow((void **)&t->sums, &t->capsums, n, sizeof(*t->sums))
	    < 0 || (t->opts.diff && array_grow((void **)&t->bsums,
	    &t->capbsums, n, sizeof(*t->bsums)) < 0))
		return -1;
	memset(t->sums + t->nsums, 0, (n - t->nsums) * sizeof(*t->sums));
	if (t->opts.diff)
		memset(t->bsums + t->nsums, 0, (n - t->nsums) *
		    sizeof(*t->bsums));
	t->nsums = n;
	return 0;
}

/* Room in every type's sums for every key, the new ones 0. */
static int
grow_sums(struct top *t)
{
	size_t i, j, cap;
	struct sums *s;

	for (i = 0; i < 2 * t->nsums; i++) {
		j = i / 2;
		if (i % 2 == 1 && !t->opts.diff)
			continue;
		s = i % 2 == 0 ? &t->sums[j] : &t->bsums[j];
		if (s->self.cap >= t->nkeys && s->total.cap >= t->nkeys)
			continue;
		cap = s->self.cap * 2 > t->nkeys ? s->self.cap * 2 :
		    t->nkeys + 64;
		if (numcol_grow(&s->self, cap) < 0 ||
		    numcol_grow(&s->total, cap) < 0)
			return -1;
	}
	return 0;
}

/* summaryRprof's memory: the rises of vsize.small, vsize.large and nodes
 * since the source's previous sample. */
static int
memory_rise(struct top *t, const struct prof *p, const struct sample *s,
    double *rise)
{
	struct memstate *m;
	size_t i;
	int k;

	*rise = 0;
	if (array_grow_zeroed((void **)&t->mem, &t->capmem,
	    (size_t)s->source + 1, sizeof(*t->mem)) < 0)
		return -1;
	m = &t->mem[s->source];
	for (i = 0; i < s->nvals; i++)
		for (k = 0; k < 3; k++)
			if (strcmp(prof_str(p, s->vals[i].type),
			    schema_rprof_memory[k].type) == 0) {
				double v = s->vals[i].value.d;
				if (m->seen[k] && v > m->prev[k])
					*rise += v - m->prev[k];
				m->prev[k] = v;
				m->seen[k] = 1;
			}
	return 0;
}

/* Whether source si is R's: 1, 0, or -1 when out of memory. */
static int
r_source(struct top *t, const struct prof *p, uint32_t si)
{
	if (array_grow_zeroed((void **)&t->srctype, &t->capsrctype,
	    (size_t)si + 1, sizeof(*t->srctype)) < 0)
		return -1;
	if (t->srctype[si] == 0)
		t->srctype[si] = strcmp(prof_str(p, p->sources[si].type),
		    SOURCE_RPROF) == 0 ? 1 : 2;
	return t->srctype[si] == 1;
}

/* Whether the line view of source si is R's. */
static int
r_lines(struct top *t, const struct prof *p, uint32_t si)
{
	return t->opts.by_line ? r_source(t, p, si) : 0;
}

/* The keys of sample s into t->skeys, innermost first (each frame's; in
 * R's line view only the frames with a line, or "<no location>" for a
 * sample with none): their number, or -1. */
static int64_t
sample_keys(struct top *t, struct prof *p, const struct sample *s)
{
	int64_t k, n = 0;
	size_t d;
	int rl;

	if ((rl = r_lines(t, p, s->source)) < 0 ||
	    array_grow((void **)&t->skeys, &t->capskeys, s->nlocs + 1,
	    sizeof(*t->skeys)) < 0 ||
	    array_grow((void **)&t->sinl, &t->capsinl, s->nlocs + 1,
	    sizeof(*t->sinl)) < 0)
		return -1;
	if (rl && t->rname == 0 && (t->rname = prof_intern(p, "", 0)) < 0)
		return -1;
	for (d = 0; d < s->nlocs; d++) {
		if ((k = key_of(t, p, s->locs[d], rl)) == -1)
			return -1;
		if (k >= 0) {
			t->sinl[n] = p->locations[s->locs[d]].inlined == 1;
			t->skeys[n++] = (uint32_t)k;
		}
	}
	if (rl && n == 0) {
		if (t->nokey == 0) {
			int64_t nm = prof_intern(p, "<no location>", 13);
			if (nm < 0 || (k = key_at(t, nm, t->rname, 0)) < 0)
				return -1;
			t->nokey = k + 1;
		}
		t->sinl[n] = 0;
		t->skeys[n++] = (uint32_t)(t->nokey - 1);
	}
	return n;
}

static int
top_add(struct top *t, struct prof *p, const struct sample *s)
{
	struct sums *sm, *all;
	size_t d, i, nv;
	int64_t nk;
	uint32_t k;
	double rise = 0;
	int rs, base = t->opts.diff && source_set_has_id(t->opts.base,
	    p->sources[s->source].id);

	if (t->opts.memory && memory_rise(t, p, s, &rise) < 0)
		return -1;
	t->memsum += rise;
	if ((nk = sample_keys(t, p, s)) < 0 ||
	    measure_sample(&t->m, p, s, &nv) < 0 || grow_types(t) < 0 ||
	    grow_sums(t) < 0)
		return -1;
	/* pprof's merged samples: for -base's total, and -normalize's
	 * rounding of each */
	if ((t->opts.diff == TOP_BASE || t->ratio != NULL) &&
	    diff_merge_add(&t->merge, s, t->m.vals, nv, base, t->ratio,
	    t->nratio) < 0)
		return -1;
	all = base ? t->bsums : t->sums;
	t->serial++;
	/* the calls, for pprof's inline mark (a base's negated, as
	 * pprof merges it); R's frames are never inlined */
	if ((rs = r_source(t, p, s->source)) < 0 ||
	    (!rs && top_inline_add(t, (size_t)nk, nv, base ? -1 : 1) < 0))
		return -1;
	for (i = 0; i < nv; i++) {
		sm = &all[t->m.vals[i].type];
		sm->sum = num_add(sm->sum, t->m.vals[i].v);
		sm->abs += fabs(t->m.vals[i].v.d);
		if (nk > 0)
			numcol_add(&sm->self, t->skeys[0], t->m.vals[i].v);
	}
	for (d = 0; d < (size_t)nk; d++) {
		k = t->skeys[d];
		if (t->last[k] == t->serial)
			continue;	/* once per sample */
		t->last[k] = t->serial;
		if (t->opts.memory)
			t->keys[k].mem += rise;
		for (i = 0; i < nv; i++)
			numcol_add(&all[t->m.vals[i].type].total, k,
			    t->m.vals[i].v);
	}
	return 0;
}

int
top_sample(void *ctx, struct prof *p, const struct sample *s, struct perr *e)
{
	struct top *t = ctx;
	int64_t k;

	if (!source_set_has(t->opts.sources, p, s))
		return 0;
	if (t->empty == 0) {
		t->strs = &p->str;
		if ((k = prof_intern(p, "", 0)) < 0)
			return perr_nomem(e);
		t->empty = k + 1;
	}
	return top_add(t, p, s) < 0 ? perr_nomem(e) : 0;
}
