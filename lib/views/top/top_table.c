/*
 * The table of top.c's sums: the type and unit chosen (measure.c), rows
 * sorted, pprof's node fraction, and figures as the anchors show them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "sample/figure.h"
#include "views/top/top_impl.h"
#include "sample/units.h"

/* pprof's default edge fraction: lighter calls are not in its graph */
#define TOP_EDGEFRACTION 0.001

struct row {
	struct num self, total;
	double mem;
	const struct key *k;
	uint32_t name, file;	/* ranks of the strings in byte order */
	uint32_t rname;		/* R's order: rank of summaryRprof's name */
};

static struct num
num_abs(struct num a)
{
	if (num_is_int(a) && a.i != INT64_MIN)
		return num_of_i64(a.i < 0 ? -a.i : a.i);
	return num_of_dbl(fabs(a.d));
}

/* Larger (as pprof: in absolute value) first, then by name, file and
 * line. */
static int
cmp_rows(const struct row *a, const struct row *b, struct num ka,
    struct num kb)
{
	ka = num_abs(ka);	/* as pprof: a diff's losses rank by size */
	kb = num_abs(kb);
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

/* summaryRprof's order: order(-self, -total) (by.total: the other way
 * round), ties in the order of its names, sort()ed (in the C locale:
 * byte order). */
static int
cmp_rows_r(const struct row *a, const struct row *b, struct num ka,
    struct num kb, struct num sa, struct num sb)
{
	if (num_less(kb, ka))
		return -1;
	if (num_less(ka, kb))
		return 1;
	if (num_less(sb, sa))
		return -1;
	if (num_less(sa, sb))
		return 1;
	return (a->rname > b->rname) - (a->rname < b->rname);
}

static int
cmp_self_r(const void *x, const void *y)
{
	const struct row *a = x, *b = y;

	return cmp_rows_r(a, b, a->self, b->self, a->total, b->total);
}

static int
cmp_total_r(const void *x, const void *y)
{
	const struct row *a = x, *b = y;

	return cmp_rows_r(a, b, a->total, b->total, a->self, b->self);
}

struct rname {
	char *s;
	size_t row;
};

static int
cmp_rname(const void *x, const void *y)
{
	const struct rname *a = x, *b = y;

	return strcmp(a->s, b->s);
}

/* Each row's rank among summaryRprof's names: the function's, or, by
 * line, "file#line" (<no location> by name). */
static int
rank_r_names(const struct top *t, struct row *rows, size_t n)
{
	struct rname *v;
	size_t i;
	int rc = -1;

	if ((v = calloc(n + 1, sizeof(*v))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		const struct key *k = rows[i].k;
		uint32_t nm = k->fn ? k->fn - 1 : k->name;
		size_t fl = strtab_len(t->strs, k->file);
		size_t nl = strtab_len(t->strs, nm);
		/* R's "#6" for a file it has no name of */
		int line = t->opts.by_line && (fl > 0 || k->line > 0);

		/* "#" and an int64 in decimal: 22 bytes */
		if ((v[i].s = malloc((line ? fl + 22 : nl) + 1)) == NULL)
			goto done;
		if (line)
			snprintf(v[i].s, fl + 23, "%.*s#%lld", (int)fl,
			    strtab_str(t->strs, k->file), (long long)k->line);
		else {
			memcpy(v[i].s, strtab_str(t->strs, nm), nl);
			v[i].s[nl] = '\0';
		}
		v[i].row = i;
	}
	qsort(v, n, sizeof(*v), cmp_rname);
	for (i = 0; i < n; i++)
		rows[v[i].row].rname = (uint32_t)i;
	rc = 0;
done:
	for (i = 0; i < n; i++)
		free(v[i].s);
	free(v);
	return rc;
}

static void
col_text(struct output *o, const struct strtab *s, uint32_t i)
{
	out_escaped(o, strtab_str(s, i), strtab_len(s, i));
	out_char(o, '\t');
}

/* pprof's one unit for the table (figure.h), from its smallest row */
static const char *
min_unit(const struct measure_choice *c, const struct row *rows, size_t n,
    double total)
{
	double lo = 0, v;
	size_t i;

	for (i = 0; i < n; i++) {
		v = fabs(rows[i].self.d) > 0 ? fabs(rows[i].self.d) :
		    fabs(rows[i].total.d);
		if (v > 0 && (lo == 0 || v < lo))
			lo = v;
	}
	return figure_min_unit(c, lo, total);
}

/* The header: what is shown, in which unit, of what total; "#" lines,
 * which read.delim(comment.char = "#") and awk's !/^#/ pass over. */
void
top_header(struct top *t, const struct prof *p, struct output *o,
    const struct measure_choice *c, struct num total, size_t shown,
    size_t nrows, size_t dropped, double cut, double ratio)
{
	char buf[512];		/* a figure of 1e308 takes 312 */
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
	figure_write(o, c, total);
	if (c->how == SHOW_UNIT || c->how == SHOW_MIN) {
		out_char(o, ' ');
		out_str(o, c->show);
	} else if (c->how == SHOW_RAW) {
		out_char(o, ' ');
		out_str(o, c->unit);
	}
	/* pprof's "Showing nodes accounting for X, P% of T total" */
	if (t->has_before) {
		out_str(o, ", ");
		share_write(o, total.d, t->before.d);
		out_str(o, "% of ");
		figure_write(o, c, t->before);
		if (c->how == SHOW_UNIT || c->how == SHOW_MIN) {
			out_char(o, ' ');
			out_str(o, c->show);
		} else if (c->how == SHOW_RAW) {
			out_char(o, ' ');
			out_str(o, c->unit);
		}
		out_str(o, " before the filters (the percentages' total)");
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
			share_write(o, ns, dur);
			out_str(o, "%)");
		}
	}
	out_char(o, '\n');
	if (t->opts.diff) {
		snprintf(buf, sizeof(buf), "%.6g", ratio);
		out_str(o, t->opts.diff == TOP_DIFF_BASE ? "# diff: the base's "
		    "values subtracted (pprof's -diff_base); the total is the "
		    "base's" : "# diff: the base's values subtracted (pprof's "
		    "-base)");
		if (t->opts.normalize) {
			out_str(o, "; the others scaled by ");
			out_str(o, buf);
			out_str(o, " to the base's sum (-normalize)");
		}
		out_char(o, '\n');
	}
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
			out_str(o, " whose total is under ");
			if (c->how == SHOW_MIN || c->how == SHOW_AUTO) {
				unit_label(buf, sizeof(buf), cut, c->unit,
				    "auto");
				out_str(o, buf);
			} else
				figure_write(o, c, num_of_dbl(cut));
			out_str(o, " (--nodefraction)");
		}
		out_char(o, '\n');
	}
}

/* The figure of c of key k in the self (or the total) sums of arr. */
static struct num
figure_of(const struct top *t, const struct sums *arr,
    const struct measure_choice *c, int total, size_t k)
{
	const struct sums *s = &arr[c->type];
	struct num x = num_of_i64(0);

	if (c->extra >= 0 && (size_t)c->extra < t->nsums)
		x = numcol_get(total ? &arr[c->extra].total :
		    &arr[c->extra].self, k);
	return measure_figure(c, numcol_get(total ? &s->total : &s->self, k),
	    x);
}

/* The same, in a diff less the base's. */
struct num
top_value(const struct top *t, const struct measure_choice *c, int total,
    size_t k)
{
	struct num v = figure_of(t, t->sums, c, total, k);

	return !t->opts.diff ? v : num_sub(v, figure_of(t, t->bsums, c, total,
	    k));
}

/* The sum (or the sum of sizes) of arr's kept samples for c. */
static struct num
sum_of(const struct top *t, const struct sums *arr,
    const struct measure_choice *c, int abs)
{
	const struct sums *x = c->extra >= 0 && (size_t)c->extra < t->nsums ?
	    &arr[c->extra] : NULL;

	if (abs)
		return num_of_dbl(arr[c->type].abs * c->scale + (x ? x->abs :
		    0));
	return measure_figure(c, arr[c->type].sum, x ? x->sum :
	    num_of_i64(0));
}

static int
write_table(struct top *t, const struct prof *p, struct output *o,
    const char *want, int total, size_t nrows, struct perr *e)
{
	struct measure_choice c;
	struct row *rows;
	struct sums *sm, *bm = NULL;
	size_t i, j, m, n, shown, dropped = 0;
	double cut = 0, run = 0, frac, ratio = 1, flat = 0;
	int r_only;
	struct num all, kept;
	unsigned char *inl = NULL;
	int none;
	char mb[32];
	uint32_t *rank, *names;

	if (measure_choose(&t->m, p, want, t->opts.unit, &c, e) < 0)
		return -1;
	if (c.type < 0) {	/* as pprof: an empty table */
		if (!t->opts.quiet)
			out_str(o, "# no samples\n");
		out_str(o, t->opts.by_line ? "function\tfile\tline\t" :
		    "function\t");
		out_str(o, t->opts.memory ? "self\tself%\ttotal\ttotal%\tsum%\t"
		    "mem_total\n" : "self\tself%\ttotal\ttotal%\tsum%\n");
		return 0;
	}
	sm = &t->sums[c.type];
	all = sum_of(t, t->sums, &c, 0);
	if (t->opts.diff) {
		bm = &t->bsums[c.type];
		if (bm->abs == 0 && sm->abs > 0)
			return perr_set(e, "the base has no values of type "
			    "'%s'", c.name);
		/* -normalize: the others were scaled in a second pass */
		if (t->ratio != NULL && (size_t)c.type < t->nratio)
			ratio = t->ratio[c.type];
		/* pprof's total: of the base (-diff_base), or of the samples
		 * merged with the base's negated (-base) */
		all = t->opts.diff == TOP_DIFF_BASE ? sum_of(t, t->bsums, &c,
		    1) : num_of_dbl(diff_merge_total(&t->merge, &c, ratio));
	}
	rows = calloc(t->nkeys + 1, sizeof(*rows));
	rank = calloc(t->strs->n + 1, sizeof(*rank));
	names = malloc((2 * t->nkeys + 1) * sizeof(*names));
	if (rows == NULL || rank == NULL || names == NULL) {
		free(rows);
		free(rank);
		free(names);
		return perr_nomem(e);
	}
	/* pprof's nodefraction and order where a source is pprof's, R's
	 * where all are R's */
	r_only = 1;
	for (i = 0; i < p->nsources; i++)
		if (i < t->m.capsrc && t->m.src[i].seen &&
		    strcmp(prof_str(p, p->sources[i].type), SOURCE_RPROF) != 0)
			r_only = 0;
	frac = t->opts.nodefraction;
	if (frac < 0)
		frac = r_only ? 0 : 0.005;
	for (i = 0; i < t->nkeys; i++)
		flat += top_value(t, &c, 0, i).d;
	/* as pprof: the percentages of the total before the filters,
	 * where tsvfocus says it (pprof's default); the cut stays of what
	 * is left, as pprof's */
	t->has_before = !t->opts.diff && !t->opts.relative &&
	    measure_total_before(&t->m, p, &c, t->opts.sources,
	    &t->before);
	kept = all;
	if (t->has_before)
		all = t->before;
	/* as pprof: of the sum of the rows' selfs, truncated; a row under
	 * it is dropped */
	cut = fabs(trunc(flat * frac));
	for (i = n = 0; i < t->nkeys; i++) {
		struct num self = top_value(t, &c, 0, i);
		struct num tot = top_value(t, &c, 1, i);
		/* as pprof: a function of no value is not shown, nor one whose
		 * total is under the node fraction */
		if (!t->opts.all && self.d == 0 && tot.d == 0)
			continue;
		if (!t->opts.all && frac > 0 && fabs(tot.d) < cut) {
			dropped++;
			continue;
		}
		rows[n].self = self;
		rows[n].total = tot;
		rows[n].mem = t->keys[i].mem;
		rows[n++].k = &t->keys[i];
	}
	/* the names and files of the rows kept, ranked once among
	 * themselves: most rows tie (self 0), and comparing their names at
	 * each of qsort's comparisons took 8 ms of large.cpu's 65 */
	for (i = 0, m = 0; i < n; i++) {
		uint32_t s[2] = { rows[i].k->fn ? rows[i].k->fn - 1 :
		    rows[i].k->name, rows[i].k->file };
		for (j = 0; j < 2; j++)
			if (rank[s[j]] == 0) {
				rank[s[j]] = 1;
				names[m++] = s[j];
			}
	}
	if (strtab_ranks_of(t->strs, names, m, rank) < 0) {
		free(rows);
		free(rank);
		free(names);
		return perr_nomem(e);
	}
	for (i = 0; i < n; i++) {
		rows[i].name = rank[rows[i].k->fn ? rows[i].k->fn - 1 :
		    rows[i].k->name];
		rows[i].file = rank[rows[i].k->file];
	}
	free(rank);
	free(names);
	if (r_only && !t->opts.diff) {
		if (rank_r_names(t, rows, n) < 0) {
			free(rows);
			return perr_nomem(e);
		}
		qsort(rows, n, sizeof(*rows), total ? cmp_total_r :
		    cmp_self_r);
	} else
		qsort(rows, n, sizeof(*rows), total ? cmp_total : cmp_self);
	shown = nrows == 0 || nrows > n ? n : nrows;
	if (c.how == SHOW_MIN)
		c.show = min_unit(&c, rows, n, all.d);
	t->shown = c.how == SHOW_MIN ? c.show : NULL;
	/* pprof's inline mark, a column where a frame was inlined */
	inl = top_inline_marks(t, c.type, fabs(trunc(flat * TOP_EDGEFRACTION)) /
	    (c.scale > 0 ? c.scale : 1), &none);
	if (inl == NULL && !none) {
		free(rows);
		return perr_nomem(e);
	}
	if (!t->opts.quiet)
		top_header(t, p, o, &c, kept, shown, n, dropped, cut, ratio);
	out_str(o, t->opts.by_line ? "function\tfile\tline\t" : "function\t");
	out_str(o, "self\tself%\ttotal\ttotal%\tsum%");
	out_str(o, t->opts.memory ? "\tmem_total" : "");
	out_str(o, inl != NULL ? "\tinline\n" : "\n");
	for (i = 0; i < shown; i++) {
		const struct key *k = rows[i].k;
		col_text(o, t->strs, k->fn ? k->fn - 1 : k->name);
		if (t->opts.by_line) {
			col_text(o, t->strs, k->file);
			out_i64(o, k->line);
			out_char(o, '\t');
		}
		figure_write(o, &c, rows[i].self);
		out_char(o, '\t');
		share_write(o, rows[i].self.d, all.d);
		out_char(o, '\t');
		figure_write(o, &c, rows[i].total);
		out_char(o, '\t');
		share_write(o, rows[i].total.d, all.d);
		out_char(o, '\t');
		run += rows[i].self.d;
		share_write(o, run, all.d);
		if (t->opts.memory) {
			/* summaryRprof's mem.total: MB, one decimal */
			snprintf(mb, sizeof(mb), "\t%.1f", rows[i].mem /
			    1048576);
			out_str(o, mb);
		}
		if (inl != NULL) {
			out_char(o, '\t');
			out_str(o, top_inline_mark(inl,
			    (size_t)(k - t->keys)));
		}
		out_char(o, '\n');
	}
	free(inl);
	free(rows);
	return 0;
}

struct num
top_sum(const struct top *t, const struct measure_choice *c)
{
	return sum_of(t, t->sums, c, 0);
}

int
top_write(struct top *t, const struct prof *p, struct output *o,
    const char *want, int total, size_t nrows, struct perr *e)
{
	return write_table(t, p, o, want, total, nrows, e) < 0 ?
	    perr_at(e, o->name) : 0;
}
