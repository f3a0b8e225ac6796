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
#include "analysis/top.h"

struct key {
	uint32_t name, file;	/* in strs */
	int64_t line;
	uint32_t last;		/* the last sample that counted it */
	double mem;		/* -m: bytes */
};

struct sums {
	struct numcol self, total;	/* per key */
	struct num sum;		/* over the kept samples */
};

struct memstate {
	int seen[3];
	double prev[3];
};

struct top {
	struct top_opts opts;
	struct strtab strs;		/* names and files */
	struct strtab keymap;		/* name, file, line -> key */
	struct key *keys;
	size_t nkeys, capkeys;
	struct value_types types;
	struct sums *sums;		/* per type */
	size_t nsums, capsums;		/* nsums: made (types may be more,
					 * after an allocation failed) */
	struct u64map type_of;		/* prof string + 1 -> type */
	uint32_t *val_sums;		/* a sample's values: their sums */
	size_t capval_sums;
	uint32_t *loc_key;		/* prof location -> key + 1 */
	size_t caploc;
	uint32_t serial;
	struct memstate *mem;		/* per prof source */
	size_t capmem;
	double memsum;
};

struct top *
top_new(const struct top_opts *opts, struct perr *e)
{
	struct top *t = calloc(1, sizeof(*t));

	if (t == NULL) {
		perr_nomem(e);
		return NULL;
	}
	t->opts = *opts;
	return t;
}

static void
clear(struct top *t)
{
	size_t i;

	for (i = 0; i < t->nsums; i++) {
		numcol_free(&t->sums[i].self);
		numcol_free(&t->sums[i].total);
	}
	free(t->sums);
	free(t->keys);
	free(t->loc_key);
	free(t->val_sums);
	free(t->mem);
	strtab_free(&t->strs);
	strtab_free(&t->keymap);
	value_types_free(&t->types);
	u64map_free(&t->type_of);
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

	(void)e;
	clear(t);
	memset(t, 0, sizeof(*t));
	t->opts = opts;
	return 0;
}

/* The key of prof location li, made when first seen. */
static int64_t
key_of(struct top *t, struct prof *p, uint32_t li)
{
	const struct location *l = &p->locations[li];
	char kb[16];
	struct text name, file = text_n("", 0);
	int64_t n, f, k;
	size_t old;
	struct key *ky;

	if (li < t->caploc && t->loc_key[li] != 0)
		return t->loc_key[li] - 1;
	if (array_grow_zeroed((void **)&t->loc_key, &t->caploc,
	    (size_t)li + 1, sizeof(*t->loc_key)) < 0)
		return -1;
	if ((k = frame_name(p, l)) < 0)
		return -1;
	name = prof_text(p, (uint32_t)k);
	if (t->opts.by_line && l->function != PROF_NONE)
		file = prof_text(p, p->functions[l->function].filename);
	if ((n = strtab_intern(&t->strs, name.p, name.n)) < 0 ||
	    (f = strtab_intern(&t->strs, file.p, file.n)) < 0)
		return -1;
	memset(kb, 0, sizeof(kb));
	memcpy(kb, &n, 4);
	if (t->opts.by_line) {
		int64_t line = l->line == PROF_LINE_NA ? 0 : l->line;
		memcpy(kb + 4, &f, 4);
		memcpy(kb + 8, &line, 8);
	}
	old = t->keymap.n;
	if ((k = strtab_intern(&t->keymap, kb, sizeof(kb))) < 0)
		return -1;
	if (t->keymap.n != old) {
		if (ARRAY_ROOM(t->keys, t->nkeys, t->capkeys) < 0)
			return -1;
		ky = &t->keys[t->nkeys++];
		memset(ky, 0, sizeof(*ky));
		ky->name = (uint32_t)n;
		ky->file = (uint32_t)f;
		ky->line = t->opts.by_line && l->line > 0 ? l->line : 0;
	}
	t->loc_key[li] = (uint32_t)k + 1;
	return k;
}

/* The sums of type string (type, unit) of p, made when first seen. */
static struct sums *
sums_of(struct top *t, const struct prof *p, uint32_t type, uint32_t unit)
{
	uint32_t *slot;
	int added;
	int64_t k;

	if ((slot = u64map_put(&t->type_of, (uint64_t)type + 1, 0, &added))
	    == NULL)
		return NULL;
	if (added) {
		if ((k = value_types_add(&t->types, prof_str(p, type),
		    prof_strlen(p, type), prof_str(p, unit),
		    prof_strlen(p, unit))) < 0)
			return NULL;
		*slot = (uint32_t)k;
		if (array_grow((void **)&t->sums, &t->capsums, (size_t)k + 1,
		    sizeof(*t->sums)) < 0)
			return NULL;
		if ((size_t)k + 1 == t->types.names.n) {
			memset(&t->sums[k], 0, sizeof(t->sums[k]));
			t->nsums = (size_t)k + 1;
		}
	}
	return &t->sums[*slot];
}

/* Room in every type's sums for every key, the new ones 0. */
static int
grow_sums(struct top *t)
{
	size_t i, cap;
	struct sums *s;

	for (i = 0; i < t->nsums; i++) {
		s = &t->sums[i];
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

static int
add(struct top *t, struct prof *p, const struct sample *s)
{
	struct sums *sm;
	size_t d, i;
	int64_t k;
	double rise = 0;

	if (t->opts.memory && memory_rise(t, p, s, &rise) < 0)
		return -1;
	t->memsum += rise;
	for (d = 0; d < s->nlocs; d++)
		if (key_of(t, p, s->locs[d]) < 0)
			return -1;
	/* each value's sums, looked up once: their index, as a new type
	 * moves them */
	if (array_grow((void **)&t->val_sums, &t->capval_sums, s->nvals,
	    sizeof(*t->val_sums)) < 0)
		return -1;
	for (i = 0; i < s->nvals; i++) {
		if ((sm = sums_of(t, p, s->vals[i].type, s->vals[i].unit)) ==
		    NULL)
			return -1;
		t->val_sums[i] = (uint32_t)(sm - t->sums);
	}
	if (grow_sums(t) < 0)
		return -1;
	t->serial++;
	for (i = 0; i < s->nvals; i++) {
		sm = &t->sums[t->val_sums[i]];
		sm->sum = num_add(sm->sum, s->vals[i].value);
		if (s->nlocs > 0) {
			k = t->loc_key[s->locs[0]] - 1;
			numcol_add(&sm->self, (size_t)k, s->vals[i].value);
		}
	}
	for (d = 0; d < s->nlocs; d++) {
		k = t->loc_key[s->locs[d]] - 1;
		if (t->keys[k].last == t->serial)
			continue;	/* once per sample */
		t->keys[k].last = t->serial;
		t->keys[k].mem += rise;
		for (i = 0; i < s->nvals; i++)
			numcol_add(&t->sums[t->val_sums[i]].total, (size_t)k,
			    s->vals[i].value);
	}
	return 0;
}

int
top_sample(void *ctx, struct prof *p, const struct sample *s, struct perr *e)
{
	struct top *t = ctx;

	if (!source_set_has(t->opts.sources, p, s))
		return 0;
	return add(t, p, s) < 0 ? perr_nomem(e) : 0;
}

struct row {
	struct num self, total;
	double mem;
	const struct key *k;
	uint32_t name, file;	/* ranks of the strings in byte order */
};

/* Larger first, then by name, file and line. */
static int
cmp_rows(const struct row *a, const struct row *b, struct num ka,
    struct num kb)
{
	if (num_less(kb, ka))
		return -1;
	if (num_less(ka, kb))
		return 1;
	if (a->name != b->name)
		return a->name < b->name ? -1 : 1;
	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	return (a->k->line > b->k->line) - (a->k->line < b->k->line);
}

static int
cmp_self(const void *x, const void *y)
{
	const struct row *a = x, *b = y;

	return cmp_rows(a, b, a->self, b->self);
}

static int
cmp_total(const void *x, const void *y)
{
	const struct row *a = x, *b = y;

	return cmp_rows(a, b, a->total, b->total);
}

static void
col_text(struct output *o, const struct strtab *s, uint32_t i)
{
	out_escaped(o, strtab_str(s, i), strtab_len(s, i));
	out_char(o, '\t');
}

static void
col_num(struct output *o, struct num v, struct num sum, int last)
{
	char *p;

	out_num(o, v);
	out_char(o, '\t');
	p = out_reserve(o, FMT_NUM_MAX);
	o->len += fmt_fixed2(p, sum.d != 0 ? 100 * v.d / sum.d : 0.0);
	out_char(o, last ? '\n' : '\t');
}

static int
write_table(struct top *t, struct output *o, const char *want, int total,
    size_t nrows, struct perr *e)
{
	struct row *rows;
	struct sums *sm;
	int64_t type;
	size_t i;
	char mb[32];
	uint32_t *rank;

	if ((type = value_types_choose(&t->types, want, e)) < 0)
		return -1;
	sm = &t->sums[type];
	rows = calloc(t->nkeys + 1, sizeof(*rows));
	rank = malloc((t->strs.n + 1) * sizeof(*rank));
	/* names ranked once: most rows tie (self 0), and comparing their
	 * names at each of qsort's comparisons took 8 ms of large.cpu's 65 */
	if (rows == NULL || rank == NULL || strtab_ranks(&t->strs, rank) < 0) {
		free(rows);
		free(rank);
		return perr_nomem(e);
	}
	for (i = 0; i < t->nkeys; i++) {
		rows[i].self = numcol_get(&sm->self, i);
		rows[i].total = numcol_get(&sm->total, i);
		rows[i].mem = t->keys[i].mem;
		rows[i].k = &t->keys[i];
		rows[i].name = rank[t->keys[i].name];
		rows[i].file = rank[t->keys[i].file];
	}
	free(rank);
	qsort(rows, t->nkeys, sizeof(*rows), total ? cmp_total : cmp_self);
	out_str(o, t->opts.by_line ? "function\tfile\tline\t" : "function\t");
	out_str(o, t->opts.memory ? "self\tself%\ttotal\ttotal%\tmem_total\n" :
	    "self\tself%\ttotal\ttotal%\n");
	for (i = 0; i < t->nkeys && (nrows == 0 || i < nrows); i++) {
		col_text(o, &t->strs, rows[i].k->name);
		if (t->opts.by_line) {
			col_text(o, &t->strs, rows[i].k->file);
			out_i64(o, rows[i].k->line);
			out_char(o, '\t');
		}
		col_num(o, rows[i].self, sm->sum, 0);
		col_num(o, rows[i].total, sm->sum, !t->opts.memory);
		if (t->opts.memory) {
			/* summaryRprof's mem.total: MB, one decimal */
			snprintf(mb, sizeof(mb), "%.1f\n",
			    rows[i].mem / 1048576);
			out_str(o, mb);
		}
	}
	free(rows);
	return 0;
}

int
top_write(struct top *t, struct output *o, const char *want, int total,
    size_t nrows, struct perr *e)
{
	return write_table(t, o, want, total, nrows, e) < 0 ?
	    perr_at(e, o->name) : 0;
}
