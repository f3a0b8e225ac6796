/* chart.h: the flame chart: the samples left to right in time order (the
 * stream's order of samples, Rprof's order of taking them; or by
 * .sample_times), a box per run of samples sharing a stack prefix, as
 * profvis and speedscope draw it, in the flame graph's SVG. Two passes
 * over the input: the first reads the stacks (stacks.h) and whether the
 * samples come in time order, the second the samples. */
#ifndef CHART_H
#define CHART_H

#include "views/stacks/flame.h"
#include "sample/stacks.h"

struct chart_scan {
	struct stack_reader sr;
	int64_t last;		/* the last timed sample's time */
	int timed;		/* some sample has a time */
	int unordered;		/* ... and they do not come in order */
};

/* The first pass's callback and restart. */
int chart_scan_sample(void *sc, struct prof *p, const struct sample *s,
    struct perr *e);
int chart_scan_restart(void *sc, struct perr *e);

/* A sample's value of the chart's type, as the chart takes it in its
 * second pass: the type found by name (tname, tlen: kept, not copied)
 * in a measure of the pass's own. chart_value_reset before each pass. */
struct chart_value {
	struct measure m;
	const char *tname;
	size_t tlen;
	int64_t type;		/* in m; -1 until seen */
};
void chart_value_reset(struct chart_value *cv);
/* The value of sample s into *v: 0, or -1 out of memory. */
int chart_value_of(struct chart_value *cv, struct prof *p,
    const struct sample *s, double *v);

/* A sample whose time came out of order, held: sorted by chart_held_cmp
 * (its time, then the order read) before it is drawn. */
struct chart_held {
	int64_t time;
	uint32_t seq, stack;
	double v;
};
int chart_held_cmp(const void *a, const void *b);

struct chart;

/* After the first pass: the type drawn chosen (opts->type) from its
 * stacks, which it goes on using. NULL with e saying why. */
struct chart *chart_new(struct chart_scan *sc, const struct prof *p,
    const struct flame_opts *opts, struct perr *e);
/* The second pass's callback (ctx: the chart) and restart. */
int chart_sample(void *ch, struct prof *p, const struct sample *s,
    struct perr *e);
int chart_restart(void *ch, struct perr *e);
int chart_write(struct chart *ch, struct output *o, struct perr *e);
void chart_free(struct chart *ch);

#endif
