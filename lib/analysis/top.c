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
#include "analysis/units.h"

struct key {
	uint32_t name, file;	/* in strs */
	uint32_t fn;		/* R's line view: the function shown + 1 */
	uint32_t born;		/* R's line view: the sample it came in */
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
	struct measure m;
	struct sums *sums;		/* per type of m */
	size_t nsums, capsums;
	int64_t nokey;			/* R's "<no location>": its key + 1 */
	uint32_t *srctype;		/* per prof source: 1 R, 2 other */
	size_t capsrctype;
	uint32_t *loc_key;		/* prof location -> key + 1 */
	size_t caploc;
	uint32_t *loc_rkey;		/* the same in R's line view */
	size_t caprloc;
	int64_t rname;			/* R's line keys' name: "" in strs */
	uint32_t *skeys;		/* a sample's keys */
	size_t capskeys;
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
	free(t->srctype);
	free(t->loc_key);
	free(t->loc_rkey);
	free(t->skeys);
	free(t->mem);
	strtab_free(&t->strs);
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

	(void)e;
	clear(t);
	memset(t, 0, sizeof(*t));
	t->opts = opts;
	return 0;
}

/* The key of name, file, line (strs), made when first seen: its index,
 * or -1. */
static int64_t
key_at(struct top *t, int64_t n, int64_t f, int64_t line)
{
	char kb[16];
	size_t old = t->keymap.n;
	struct key *ky;
	int64_t k;

	memset(kb, 0, sizeof(kb));
	memcpy(kb, &n, 4);
	memcpy(kb + 4, &f, 4);
	memcpy(kb + 8, &line, 8);
	if ((k = strtab_intern(&t->keymap, kb, sizeof(kb))) < 0)
		return -1;
	if (t->keymap.n != old) {
		if (ARRAY_ROOM(t->keys, t->nkeys, t->capkeys) < 0)
			return -1;
		ky = &t->keys[t->nkeys++];
		memset(ky, 0, sizeof(*ky));
		ky->name = (uint32_t)n;
		ky->file = (uint32_t)f;
		ky->line = line;
	}
	return k;
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
	struct text name, file = text_n("", 0);
	int64_t n, f, k, line = 0;

	if (li < *cap && (*cache)[li] == UINT32_MAX)
		return -2;
	if (li < *cap && (*cache)[li] != 0)
		return (int64_t)(*cache)[li] - 1;
	if (array_grow_zeroed((void **)cache, cap, (size_t)li + 1,
	    sizeof(**cache)) < 0)
		return -1;
	if ((k = frame_name(p, l)) < 0)
		return -1;
	name = prof_text(p, (uint32_t)k);
	if (t->opts.by_line && l->function != PROF_NONE)
		file = prof_text(p, p->functions[l->function].filename);
	if (t->opts.by_line && l->line != PROF_LINE_NA && l->line > 0)
		line = l->line;
	/* R's: a frame has a location when it has a line (its file may have
	 * no name: R's #File 3: with none) */
	if (rline && line == 0) {
		(*cache)[li] = UINT32_MAX;	/* -2: no line */
		return -2;
	}
	/* R's file name: its base name, as summaryRprof's basenames = 1 */
	while (rline && file.n > 0 && memchr(file.p, '/', file.n) != NULL) {
		const char *sl = memchr(file.p, '/', file.n);
		file.n -= (size_t)(sl + 1 - file.p);
		file.p = sl + 1;
	}
	if ((n = strtab_intern(&t->strs, name.p, name.n)) < 0 ||
	    (f = strtab_intern(&t->strs, file.p, file.n)) < 0 ||
	    (k = key_at(t, rline ? t->rname : n, f, line)) < 0)
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
	    < 0)
		return -1;
	memset(t->sums + t->nsums, 0, (n - t->nsums) * sizeof(*t->sums));
	t->nsums = n;
	return 0;
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

/* Whether the line view of source si is R's. */
static int
r_lines(struct top *t, const struct prof *p, uint32_t si)
{
	if (!t->opts.by_line)
		return 0;
	if (array_grow_zeroed((void **)&t->srctype, &t->capsrctype,
	    (size_t)si + 1, sizeof(*t->srctype)) < 0)
		return -1;
	if (t->srctype[si] == 0)
		t->srctype[si] = strcmp(prof_str(p, p->sources[si].type),
		    SOURCE_RPROF) == 0 ? 1 : 2;
	return t->srctype[si] == 1;
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
	    sizeof(*t->skeys)) < 0)
		return -1;
	if (rl && t->rname == 0 && (t->rname = strtab_intern(&t->strs, "",
	    0)) < 0)
		return -1;
	for (d = 0; d < s->nlocs; d++) {
		if ((k = key_of(t, p, s->locs[d], rl)) == -1)
			return -1;
		if (k >= 0)
			t->skeys[n++] = (uint32_t)k;
	}
	if (rl && n == 0) {
		if (t->nokey == 0) {
			int64_t nm = strtab_intern(&t->strs, "<no location>", 13);
			if (nm < 0 || (k = key_at(t, nm, t->rname, 0)) < 0)
				return -1;
			t->nokey = k + 1;
		}
		t->skeys[n++] = (uint32_t)(t->nokey - 1);
	}
	return n;
}

static int
add(struct top *t, struct prof *p, const struct sample *s)
{
	struct sums *sm;
	size_t d, i, nv;
	int64_t nk;
	uint32_t k;
	double rise = 0;

	if (t->opts.memory && memory_rise(t, p, s, &rise) < 0)
		return -1;
	t->memsum += rise;
	if ((nk = sample_keys(t, p, s)) < 0 ||
	    measure_sample(&t->m, p, s, &nv) < 0 || grow_types(t) < 0 ||
	    grow_sums(t) < 0)
		return -1;
	t->serial++;
	for (i = 0; i < nv; i++) {
		sm = &t->sums[t->m.vals[i].type];
		sm->sum = num_add(sm->sum, t->m.vals[i].v);
		if (nk > 0)
			numcol_add(&sm->self, t->skeys[0], t->m.vals[i].v);
	}
	for (d = 0; d < (size_t)nk; d++) {
		k = t->skeys[d];
		if (t->keys[k].last == t->serial)
			continue;	/* once per sample */
		t->keys[k].last = t->serial;
		t->keys[k].mem += rise;
		for (i = 0; i < nv; i++)
			numcol_add(&t->sums[t->m.vals[i].type].total, k,
			    t->m.vals[i].v);
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

/* A figure as the choice shows it: as summed, converted (to c->show;
 * SHOW_MIN: two decimals, as pprof's), or pprof's label; seconds rounded
 * as summaryRprof rounds them. */
static void
figure(struct output *o, const struct measure_choice *c, struct num v)
{
	char buf[64];
	const char *name;
	double x, r;
	int k;

	switch (c->how) {
	case SHOW_RAW:
		out_num(o, v);
		return;
	case SHOW_AUTO:
		unit_label(buf, sizeof(buf), v.d, c->unit, "auto");
		out_str(o, buf);
		return;
	case SHOW_MIN:
		unit_scale(v.d, c->unit, c->show, &x, &name);
		k = snprintf(buf, sizeof(buf), "%.2f", x);
		if (k > 3 && strcmp(buf + k - 3, ".00") == 0)
			buf[k - 3] = '\0';
		out_str(o, strcmp(buf, "-0") == 0 ? "0" : buf);
		return;
	case SHOW_UNIT:
		unit_scale(v.d, c->unit, c->show, &x, &name);
		if (c->rdigits >= 0) {
			r = pow(10, c->rdigits);
			x = nearbyint(x * r) / r;
		}
		out_dbl(o, x);
		return;
	}
}

/* pprof's one unit for a report ("minimum"): that of the smallest value
 * shown, unless the total's is larger and the smallest is under a
 * hundredth of it, then that of a hundred times the smallest. */
static const char *
min_unit(const struct measure_choice *c, const struct row *rows, size_t n,
    double total)
{
	const char *umin, *umax;
	double lo = 0, x, v;
	size_t i;

	for (i = 0; i < n; i++) {
		v = fabs(rows[i].self.d) > 0 ? fabs(rows[i].self.d) :
		    fabs(rows[i].total.d);
		if (v > 0 && (lo == 0 || v < lo))
			lo = v;
	}
	if (lo == 0)
		lo = fabs(total);
	unit_scale(lo, c->unit, "minimum", &x, &umin);
	unit_scale(fabs(total), c->unit, "minimum", &x, &umax);
	if (strcmp(umin, umax) != 0 && lo * 100 < fabs(total))
		unit_scale(100 * lo, c->unit, "minimum", &x, &umin);
	return *umin != '\0' ? umin : c->unit;
}

static void
pct(struct output *o, double v, double sum)
{
	char *p = out_reserve(o, FMT_NUM_MAX);

	o->len += fmt_fixed2(p, sum != 0 ? 100 * v / sum : 0.0);
}

/* The header: what is shown, in which unit, of what total; "#" lines,
 * which read.delim(comment.char = "#") and awk's !/^#/ pass over. */
static void
header(struct top *t, const struct prof *p, struct output *o,
    const struct measure_choice *c, struct num total, size_t shown,
    size_t nrows, size_t dropped, double cut)
{
	char buf[64];
	size_t i, nsrc = 0;
	const char *v;
	double dur = 0;

	for (i = 0; i < p->nsources; i++)
		if (i < t->m.capsrc && t->m.src[i].seen) {
			nsrc++;
			if ((v = prof_attr(p, &p->sources[i],
			    ATTR_PPROF_DURATION)) != NULL)
				dur += strtod(v, NULL);
		}
	out_str(o, "# type: ");
	out_str(o, c->name);
	out_str(o, " (");
	if (c->interval > 0) {
		unit_label(buf, sizeof(buf), c->interval, UNIT_NANOSECONDS,
		    "auto");
		out_str(o, "count, as time: ");
		out_str(o, c->mixed ? "each source's interval" : buf);
		if (!c->mixed)
			out_str(o, " a sample");
	} else
		out_str(o, c->unit);
	out_str(o, "), of ");
	out_u64(o, nsrc);
	out_str(o, nsrc == 1 ? " source" : " sources");
	if (c->how == SHOW_UNIT || c->how == SHOW_MIN) {
		out_str(o, "; values in ");
		out_str(o, c->show);
	}
	out_str(o, "\n# total: ");
	figure(o, c, total);
	if (c->how == SHOW_UNIT || c->how == SHOW_MIN) {
		out_char(o, ' ');
		out_str(o, c->show);
	} else if (c->how == SHOW_RAW) {
		out_char(o, ' ');
		out_str(o, c->unit);
	}
	/* pprof's Duration: and summaryRprof's sampling.time */
	if (dur > 0) {
		double ns;
		unit_label(buf, sizeof(buf), dur, UNIT_NANOSECONDS, "auto");
		out_str(o, "; duration ");
		out_str(o, buf);
		if (unit_scale(total.d, c->unit, "ns", &ns, &v) == 0 &&
		    strcmp(v, "ns") == 0) {
			out_str(o, " (");
			pct(o, ns, dur);
			out_str(o, "%)");
		}
	}
	out_char(o, '\n');
	if (c->note[0] != '\0') {
		out_str(o, "# note: ");
		out_str(o, c->note);
		out_char(o, '\n');
	}
	/* pprof's "Showing top N nodes out of M" and "Dropped K nodes" */
	if (shown < nrows || dropped > 0) {
		out_str(o, "# rows: ");
		out_u64(o, shown);
		out_str(o, " of ");
		out_u64(o, nrows);
		if (dropped > 0) {
			out_str(o, "; dropped ");
			out_u64(o, dropped);
			out_str(o, " whose total is at most ");
			if (c->how == SHOW_MIN || c->how == SHOW_AUTO) {
				unit_label(buf, sizeof(buf), cut, c->unit,
				    "auto");
				out_str(o, buf);
			} else
				figure(o, c, num_of_dbl(cut));
			out_str(o, " (--nodefraction)");
		}
		out_char(o, '\n');
	}
}

static int
write_table(struct top *t, const struct prof *p, struct output *o,
    const char *want, int total, size_t nrows, struct perr *e)
{
	struct measure_choice c;
	struct row *rows;
	struct sums *sm;
	size_t i, n, shown, dropped = 0;
	double cut = 0, run = 0, frac;
	char mb[32];
	uint32_t *rank;

	if (measure_choose(&t->m, p, want, t->opts.unit, &c, e) < 0)
		return -1;
	sm = &t->sums[c.type];
	rows = calloc(t->nkeys + 1, sizeof(*rows));
	rank = malloc((t->strs.n + 1) * sizeof(*rank));
	/* names ranked once: most rows tie (self 0), and comparing their
	 * names at each of qsort's comparisons took 8 ms of large.cpu's 65 */
	if (rows == NULL || rank == NULL || strtab_ranks(&t->strs, rank) < 0) {
		free(rows);
		free(rank);
		return perr_nomem(e);
	}
	/* pprof's nodefraction: its default where a source is pprof's */
	frac = t->opts.nodefraction;
	if (frac < 0) {
		frac = 0;
		for (i = 0; i < p->nsources; i++)
			if (i < t->m.capsrc && t->m.src[i].seen &&
			    strcmp(prof_str(p, p->sources[i].type),
			    SOURCE_RPROF) != 0)
				frac = 0.005;
	}
	cut = fabs(sm->sum.d) * frac;
	for (i = n = 0; i < t->nkeys; i++) {
		struct num self = numcol_get(&sm->self, i);
		struct num tot = numcol_get(&sm->total, i);
		/* as pprof: a function of no value is not shown, nor one whose
		 * total is within the node fraction */
		if (!t->opts.all && self.d == 0 && tot.d == 0)
			continue;
		if (!t->opts.all && frac > 0 && fabs(tot.d) <= cut) {
			dropped++;
			continue;
		}
		rows[n].self = self;
		rows[n].total = tot;
		rows[n].mem = t->keys[i].mem;
		rows[n].k = &t->keys[i];
		rows[n].name = rank[t->keys[i].fn ? t->keys[i].fn - 1 :
		    t->keys[i].name];
		rows[n++].file = rank[t->keys[i].file];
	}
	free(rank);
	qsort(rows, n, sizeof(*rows), total ? cmp_total : cmp_self);
	shown = nrows == 0 || nrows > n ? n : nrows;
	if (c.how == SHOW_MIN)
		c.show = min_unit(&c, rows, n, sm->sum.d);
	if (!t->opts.quiet)
		header(t, p, o, &c, sm->sum, shown, n, dropped, cut);
	out_str(o, t->opts.by_line ? "function\tfile\tline\t" : "function\t");
	out_str(o, t->opts.memory ? "self\tself%\ttotal\ttotal%\tsum%\t"
	    "mem_total\n" : "self\tself%\ttotal\ttotal%\tsum%\n");
	for (i = 0; i < shown; i++) {
		const struct key *k = rows[i].k;
		col_text(o, &t->strs, k->fn ? k->fn - 1 : k->name);
		if (t->opts.by_line) {
			col_text(o, &t->strs, k->file);
			out_i64(o, k->line);
			out_char(o, '\t');
		}
		figure(o, &c, rows[i].self);
		out_char(o, '\t');
		pct(o, rows[i].self.d, sm->sum.d);
		out_char(o, '\t');
		figure(o, &c, rows[i].total);
		out_char(o, '\t');
		pct(o, rows[i].total.d, sm->sum.d);
		out_char(o, '\t');
		run += rows[i].self.d;
		pct(o, run, sm->sum.d);
		if (t->opts.memory) {
			/* summaryRprof's mem.total: MB, one decimal */
			snprintf(mb, sizeof(mb), "\t%.1f", rows[i].mem /
			    1048576);
			out_str(o, mb);
		}
		out_char(o, '\n');
	}
	free(rows);
	return 0;
}

int
top_write(struct top *t, const struct prof *p, struct output *o,
    const char *want, int total, size_t nrows, struct perr *e)
{
	return write_table(t, p, o, want, total, nrows, e) < 0 ?
	    perr_at(e, o->name) : 0;
}
