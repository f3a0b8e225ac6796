/* refine.h: what the report page refines in the browser, as pprof -http's
 * REFINE menu (focus, ignore, hide, show, tag filters): every distinct
 * stack and label set with its values of each type the page offers, and
 * each frame's name, file, short name and colour, as JSON (refine.js
 * reads it). It grows with the distinct stacks and label sets, not with
 * the samples. */
#ifndef REFINE_H
#define REFINE_H

#include "analysis/stacks/stacks.h"

struct refine {
	struct stack_reader sr;		/* its stacks end in their labels */
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

#endif
