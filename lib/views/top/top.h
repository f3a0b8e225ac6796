/* top.h: the summary table of summaryRprof and `pprof -top`: per function
 * (or per function, file and line) the self and total of one value type,
 * in one pass; memory grows with the distinct functions and locations. */
#ifndef TOP_H
#define TOP_H

#include "sample/measure.h"
#include "sample/select.h"
#include "model/assemble.h"

struct top_opts {
	int by_line;			/* -l: function, file and line (R's
					 * sources: R's line view) */
	int memory;			/* -m: summaryRprof's mem.total */
	const struct source_set *sources;
	const char *unit;		/* --unit: NULL, auto, or a unit */
	double nodefraction;		/* drop rows of a smaller share of the
					 * total; < 0: pprof's 0.005 where a
					 * source is pprof's, else 0 */
	int all;			/* keep rows of no value too */
	int quiet;			/* no "#" header lines */
	/* a diff: the samples of the sources in base are subtracted */
	enum { TOP_PLAIN, TOP_DIFF_BASE, TOP_BASE } diff;
	const struct source_set *base;
	int normalize;			/* the others scaled to the base's
					 * total first (pprof's -normalize) */
	int relative;			/* percentages of the samples kept,
					 * not of the total before tsvfocus's
					 * filters (pprof's
					 * -relative_percentages) */
};

struct top;

struct top *top_new(const struct top_opts *opts, struct perr *e);
void top_free(struct top *t);
/* The assembler's callback, and its restart. */
int top_sample(void *t, struct prof *p, const struct sample *s,
    struct perr *e);
int top_restart(void *t, struct perr *e);

/* -normalize as pprof's: its scale is the base's sum over the others',
 * each sample's value scaled and rounded, so it takes two passes. After
 * the first, keeps the scales and starts over for the second. 0, or -1
 * when out of memory. */
int top_normalize(struct top *t, struct perr *e);

/* Writes the table of value type want (NULL: the default, measure.h): the
 * "#" header lines, a line of column names, then the rows by self
 * (by_total: total) descending, ties by name; at most nrows rows (0:
 * all). */
int top_write(struct top *t, const struct prof *p, struct output *o,
    const char *want, int by_total, size_t nrows, struct perr *e);
/* The node fraction of the rows written from now on; the one before. */
double top_set_nodefraction(struct top *t, double f);
/* The one unit (pprof's "minimum") the last table of top_write chose for
 * its values, for the pictures beside it; NULL: none chosen. */
const char *top_shown_unit(const struct top *t);

#endif
