/*
 * pprof's inline mark in -top: a function is "(inline)" where every call
 * into it is inline, "(partial-inline)" where some are and some are not.
 * As google/pprof's internal/graph counts calls: root to leaf, each
 * (caller, callee) once a sample, a function calling itself not at all,
 * a sample of no value of the type shown not at all; a call is inline
 * only if it was in every sample; the calls lighter than the edge fraction of the total
 * are dropped before the marks are read (TrimLowFrequencyEdges). A frame
 * marked .inlined is inlined into the frame outside it.
 */
#include <math.h>
#include <stdlib.h>

#include "base/array.h"
#include "views/top/top_impl.h"

/* Room for edge i's weight in every type seen. */
static int
grow_weights(struct top *t, size_t i)
{
	size_t k, cap;

	if (t->nedge_w < t->m.types.names.n) {
		if (array_grow_zeroed((void **)&t->edge_w, &t->nedge_w,
		    t->m.types.names.n, sizeof(*t->edge_w)) < 0)
			return -1;
	}
	for (k = 0; k < t->nedge_w; k++) {
		struct top_edge_w *x = &t->edge_w[k];
		size_t c2;
		if (i < x->cap)
			continue;
		cap = t->capedges > i ? t->capedges : i + 1;
		c2 = x->cap;
		if (array_grow_zeroed((void **)&x->out, &c2, cap, 1) < 0 ||
		    array_grow_zeroed((void **)&x->w, &x->cap, cap,
		    sizeof(double)) < 0)
			return -1;
	}
	return 0;
}

static int
edge_add(struct top *t, uint32_t from, uint32_t to, int inl, size_t nv,
    double sign)
{
	uint64_t key = (uint64_t)from << 32 | to;
	uint32_t *v;
	size_t i, j;
	int added;

	/* room first: a key in the map always has its edge */
	if (ARRAY_ROOM(t->edge, t->nedges, t->capedges) < 0 ||
	    grow_weights(t, t->nedges) < 0 ||
	    (v = u64map_put(&t->edges, key, (uint32_t)t->nedges, &added)) ==
	    NULL)
		return -1;
	if (added)
		t->edge[t->nedges++] = (struct top_edge){ key, 0 };
	i = *v;
	if (t->edge[i].last == t->serial)
		return 0;	/* the first in the sample counts */
	t->edge[i].last = t->serial;
	for (j = 0; j < nv; j++) {
		struct top_edge_w *x;
		if (t->m.vals[j].type >= t->nedge_w || t->m.vals[j].v.d == 0)
			continue;
		x = &t->edge_w[t->m.vals[j].type];
		x->w[i] += sign * t->m.vals[j].v.d;
		if (!inl)
			x->out[i] = 1;
		else
			x->any_inline = 1;
	}
	return 0;
}

int
top_inline_add(struct top *t, size_t n, size_t nv, double sign)
{
	size_t d;
	uint32_t parent = 0;
	int has_parent = 0;

	for (d = n; d-- > 0;) {
		uint32_t k = t->skeys[d];
		if (has_parent && parent != k &&
		    edge_add(t, parent, k, t->sinl[d], nv, sign) < 0)
			return -1;
		parent = k;
		has_parent = 1;
	}
	return 0;
}

unsigned char *
top_inline_marks(const struct top *t, int64_t type, double cut, int *none)
{
	unsigned char *in;
	size_t i;

	*none = type < 0 || (size_t)type >= t->nedge_w ||
	    !t->edge_w[type].any_inline;
	if (*none)
		return NULL;
	if ((in = calloc(t->nkeys + 1, 1)) == NULL)
		return NULL;
	for (i = 0; i < t->nedges; i++) {
		uint32_t to = (uint32_t)(t->edge[i].key & 0xffffffffu);
		double w = t->edge_w[type].w[i];
		if (w == 0 || fabs(w) < cut || to >= t->nkeys)
			continue;
		in[to] |= t->edge_w[type].out[i] ? 2 : 1;
	}
	return in;
}

const char *
top_inline_mark(const unsigned char *in, size_t k)
{
	if (in == NULL || !(in[k] & 1))
		return "";
	return in[k] & 2 ? "partial-inline" : "inline";
}

void
top_inline_free(struct top *t)
{
	size_t k;

	u64map_free(&t->edges);
	free(t->edge);
	for (k = 0; k < t->nedge_w; k++) {
		free(t->edge_w[k].w);
		free(t->edge_w[k].out);
	}
	free(t->edge_w);
	free(t->sinl);
}
