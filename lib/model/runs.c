/* Stacks' frames as pprof's and OTLP's Locations (runs.h). */
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "model/runs.h"

/* A new run of the n stream locations at locs: its index, or -1. */
static int64_t
new_run(struct loc_runs *r, const uint32_t *locs, size_t n)
{
	if (array_grow((void **)&r->pool, &r->cappool, r->npool + n,
	    sizeof(*r->pool)) < 0 || array_grow((void **)&r->off, &r->capoff,
	    r->n + 2, sizeof(*r->off)) < 0)
		return -1;
	memcpy(r->pool + r->npool, locs, n * sizeof(*locs));
	r->off[r->n] = (uint32_t)r->npool;
	r->npool += n;
	r->off[r->n + 1] = (uint32_t)r->npool;
	return (int64_t)r->n++;
}

/* The run of locs[0..n): found, or made. */
static int64_t
run_of(struct loc_runs *r, const uint32_t *locs, size_t n)
{
	size_t before = r->multi.n;
	int64_t k, i;

	if (n == 1) {		/* most: no inlining */
		if (array_grow_zeroed((void **)&r->single, &r->capsingle,
		    (size_t)locs[0] + 1, sizeof(*r->single)) < 0)
			return -1;
		if (r->single[locs[0]] == 0) {
			if ((i = new_run(r, locs, 1)) < 0)
				return -1;
			r->single[locs[0]] = (uint32_t)i + 1;
		}
		return r->single[locs[0]] - 1;
	}
	if ((k = strtab_intern(&r->multi, (const char *)locs, n *
	    sizeof(*locs))) < 0 || array_grow((void **)&r->multi_run,
	    &r->capmulti, (size_t)k + 1, sizeof(*r->multi_run)) < 0)
		return -1;
	if (r->multi.n != before) {
		if ((i = new_run(r, locs, n)) < 0)
			return -1;
		r->multi_run[k] = (uint32_t)i;
	}
	return r->multi_run[k];
}

/* Whether stream location i is inlined into the frame after it. */
static inline int
inlined(struct loc_runs *r, const struct prof *p, uint32_t i)
{
	if (r->inl[i] == 0)
		r->inl[i] = p->locations[i].inlined ? 2 : 1;
	return r->inl[i] == 2;
}

int64_t
loc_runs_stack(struct loc_runs *r, const struct prof *p, const uint32_t *locs,
    size_t n)
{
	size_t start, j, k = 0;
	int64_t i;

	if (array_grow_zeroed((void **)&r->inl, &r->capinl, p->nlocations + 1,
	    1) < 0 || array_grow((void **)&r->ids, &r->capids, n + 1,
	    sizeof(*r->ids)) < 0)
		return -1;
	for (start = 0; start < n; start = j) {
		for (j = start; j + 1 < n && inlined(r, p, locs[j]); j++)
			;
		j++;
		if ((i = run_of(r, locs + start, j - start)) < 0)
			return -1;
		r->ids[k++] = (uint32_t)i;
	}
	return (int64_t)k;
}

void
loc_runs_free(struct loc_runs *r)
{
	free(r->pool);
	free(r->off);
	free(r->single);
	strtab_free(&r->multi);
	free(r->multi_run);
	free(r->inl);
	free(r->ids);
	memset(r, 0, sizeof(*r));
}
