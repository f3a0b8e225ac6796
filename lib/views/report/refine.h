/* refine.h: what the report page refines in the browser, as pprof -http's
 * REFINE menu (focus, ignore, hide, show, tag filters): every distinct
 * stack and label set with its values of each type the page offers, and
 * each frame's name, file, short name and colour, as JSON (refine.js
 * reads it). It grows with the distinct stacks and label sets, not with
 * the samples. */
#ifndef REFINE_H
#define REFINE_H

#include "views/stacks/chart.h"
#include "sample/stacks.h"

struct refine {
	struct stack_reader sr;		/* its stacks end in their labels */
	/* the flame chart's samples, in its order: runs of one stack and
	 * their value of its type, "stack,value," in a temporary file;
	 * samples whose times come out of order held, and sorted */
	struct chart_value val;
	int unordered, fd;
	struct output runs;
	int64_t last, time;	/* the run's stack (-1: none); a time */
	double lastv;
	uint32_t seq;
	struct chart_held *held;
	size_t nheld, capheld;
};

void refine_init(struct refine *rf, const struct source_set *sources);
void refine_free(struct refine *rf);
/* The first pass's callback and restart. */
int refine_sample(void *rf, struct prof *p, const struct sample *s,
    struct perr *e);
int refine_restart(void *rf, struct perr *e);

/* The JSON, for the types named (as the page's switch offers them),
 * their figures as the flame graph of shown (the stacks of the same
 * samples, without labels) shows them; file names trimmed as pprof's
 * -trim_path (NULL: none). 0, or -1 with e set. */
int refine_write(const struct refine *rf, const struct stacks *shown,
    const struct prof *p, const char *const *types, size_t ntypes,
    const char *unit, const char *trim, struct output *o, struct perr *e);

/* The flame chart's second pass, of type tname (kept, not copied): the
 * samples in the order taken, or by time when unordered. */
int refine_chart_begin(struct refine *rf, const char *tname, int unordered,
    struct perr *e);
int refine_chart_sample(void *rf, struct prof *p, const struct sample *s,
    struct perr *e);
int refine_chart_restart(void *rf, struct perr *e);
/* After it: the runs as JSON ([stack, value, ...]) into o. */
int refine_chart_write(struct refine *rf, struct output *o, struct perr *e);

#endif
