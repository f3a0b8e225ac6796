/* runs.h: the frames of stacks as pprof's and OTLP's Locations. A run of
 * stream locations marked .inlined and the frame they are inlined into
 * is one Location, as the stream says; a run is made the first time a
 * stack brings it, so Locations are numbered in the order they come. */
#ifndef RUNS_H
#define RUNS_H

#include "base/hash.h"
#include "model/prof.h"

struct loc_runs {
	uint32_t *pool;		/* the runs' stream locations, in turn */
	size_t npool, cappool;
	uint32_t *off;		/* run r: pool[off[r] .. off[r + 1]) */
	size_t n, capoff;
	uint32_t *single;	/* stream location -> its run of one + 1 */
	size_t capsingle;
	struct strtab multi;	/* the longer (inlined) runs' locations */
	uint32_t *multi_run;	/* -> their run */
	size_t capmulti;
	/* stream location -> 1 not inlined, 2 inlined, 0 not looked at:
	 * a byte each, where the model's rows would miss the cache */
	uint8_t *inl;
	size_t capinl;
	uint32_t *ids;		/* loc_runs_stack's answer */
	size_t capids;
};

/* The runs of the stack of n stream locations at locs (leaf first) into
 * r->ids, made when new: how many, or -1 (out of memory). */
int64_t loc_runs_stack(struct loc_runs *r, const struct prof *p,
    const uint32_t *locs, size_t n);
/* Run i's stream locations, *n of them. */
static inline const uint32_t *
loc_runs_locs(const struct loc_runs *r, size_t i, size_t *n)
{
	*n = r->off[i + 1] - r->off[i];
	return r->pool + r->off[i];
}
void loc_runs_free(struct loc_runs *r);

#endif
