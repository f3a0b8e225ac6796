/*
 * pprof's inline mark in -top: a function is "(inline)" where every call
 * into it is inline, "(partial-inline)" where some are and some are not.
 * As google/pprof's internal/graph counts calls: root to leaf, each
 * (caller, callee) once a sample, a function calling itself not at all,
 * a sample of no value of the type shown not at all; a call is inline
 * only if it was in every sample; the calls lighter than the edge
 * fraction of the total are dropped before the marks are read
 * (TrimLowFrequencyEdges). A frame marked .inlined is inlined into the
 * frame outside it. Samples are summed by stack first: a stack's calls
 * are the same in each of its samples.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

/* One stack's weight of a type, for edge_add. */
struct stack_val {
	size_t type;
	double w;
};

static int
edge_add(struct top *t, uint32_t from, uint32_t to, int inl,
    const struct stack_val *sv, size_t nsv)
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
	if (t->edge[i].last == t->eserial)
		return 0;	/* the first in the stack counts */
	t->edge[i].last = t->eserial;
	for (j = 0; j < nsv; j++) {
		struct top_edge_w *x;
		if (sv[j].type >= t->nedge_w)
			continue;
		x = &t->edge_w[sv[j].type];
		x->w[i] += sv[j].w;
		if (!inl)
			x->out[i] = 1;
		else
			x->any_inline = 1;
	}
	return 0;
}

/* Each stack's calls, root to leaf, with the weights its samples brought
 * since the last time, those then cleared. */
static int
inline_flush(struct top *t)
{
	struct stack_val *sv;
	size_t s, d, j, n, nsv;
	int rc = 0;

	if ((sv = calloc(t->nstack_w + 1, sizeof(*sv))) == NULL)
		return -1;
	for (s = 0; s < t->stacks.n && rc == 0; s++) {
		const unsigned char *b = (const unsigned char *)
		    strtab_str(&t->stacks, s);
		uint32_t parent = 0, k;
		int has_parent = 0;

		n = (size_t)(t->stacks.off[s + 1] - t->stacks.off[s] - 1) / 5;
		for (nsv = 0, j = 0; j < t->nstack_w; j++)
			if (s < t->stack_w[j].cap && t->stack_w[j].seen[s]) {
				sv[nsv++] = (struct stack_val){ j,
				    t->stack_w[j].w[s] };
				t->stack_w[j].w[s] = 0;
				t->stack_w[j].seen[s] = 0;
			}
		if (nsv == 0)
			continue;
		t->eserial++;
		for (d = n; d-- > 0 && rc == 0;) {
			memcpy(&k, b + 4 * d, 4);
			if (has_parent && parent != k)
				rc = edge_add(t, parent, k, b[4 * n + d], sv,
				    nsv);
			parent = k;
			has_parent = 1;
		}
	}
	free(sv);
	return rc;
}

/* A sample's calls, counted by its stack: its keys and marks are the
 * stack's name, and its values are summed into the stack's, per type;
 * the calls are counted once a stack when the marks are read
 * (inline_flush). A sample costs a lookup, not a map entry a frame. */
int
top_inline_add(struct top *t, size_t n, size_t nv, double sign)
{
	size_t j, ty;
	int64_t s;

	if (n < 2)
		return 0;	/* no call */
	if (array_grow((void **)&t->stackbuf, &t->capstackbuf, 5 * n, 1) < 0)
		return -1;
	memcpy(t->stackbuf, t->skeys, 4 * n);
	memcpy(t->stackbuf + 4 * n, t->sinl, n);
	if ((s = strtab_intern(&t->stacks, (const char *)t->stackbuf,
	    5 * n)) < 0)
		return -1;
	for (j = 0; j < nv; j++) {
		struct top_stack_w *x;
		if (t->m.vals[j].v.d == 0)
			continue;
		ty = t->m.vals[j].type;
		if (ty >= t->nstack_w && array_grow_zeroed(
		    (void **)&t->stack_w, &t->nstack_w, ty + 1,
		    sizeof(*t->stack_w)) < 0)
			return -1;
		x = &t->stack_w[ty];
		if ((size_t)s >= x->cap) {
			size_t c2 = x->cap;
			if (array_grow_zeroed((void **)&x->seen, &c2,
			    (size_t)s + 1, 1) < 0 ||
			    array_grow_zeroed((void **)&x->w, &x->cap,
			    (size_t)s + 1, sizeof(double)) < 0)
				return -1;
		}
		x->w[s] += sign * t->m.vals[j].v.d;
		x->seen[s] = 1;
	}
	return 0;
}

unsigned char *
top_inline_marks(struct top *t, int64_t type, double cut, int *none)
{
	unsigned char *in;
	size_t i;

	*none = 0;
	if (inline_flush(t) < 0)
		return NULL;
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
	strtab_free(&t->stacks);
	free(t->stackbuf);
	for (k = 0; k < t->nstack_w; k++) {
		free(t->stack_w[k].w);
		free(t->stack_w[k].seen);
	}
	free(t->stack_w);
}
