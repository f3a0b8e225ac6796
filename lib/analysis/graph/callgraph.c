/*
 * The call graph (callgraph.h), as google/pprof's graph.New builds it: a
 * sample's frames from the root to the leaf, each function's cum once per
 * sample, each caller -> callee edge once per sample, the leaf's flat.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "analysis/graph/callgraph.h"

void
cg_free(struct callgraph *g)
{
	size_t i;

	for (i = 0; i < g->nsums; i++) {
		numcol_free(&g->sums[i].flat);
		numcol_free(&g->sums[i].cum);
		numcol_free(&g->sums[i].weight);
	}
	free(g->sums);
	measure_free(&g->m);
	strtab_free(&g->names);
	free(g->loc_node);
	u64map_free(&g->edge_ix);
	free(g->edges);
	free(g->node_seen);
	free(g->edge_seen);
	free(g->path);
}

int
cg_restart(void *ctx, struct perr *e)
{
	struct callgraph *g = ctx;
	const struct source_set *sources = g->sources;

	(void)e;
	cg_free(g);
	memset(g, 0, sizeof(*g));
	g->sources = sources;
	return 0;
}

/* The node of prof location li: its function's name, as pprof prints it. */
static int64_t
node_of(struct callgraph *g, struct prof *p, uint32_t li)
{
	int64_t k, n;
	struct text t;

	if (li < g->caploc && g->loc_node[li] != 0)
		return g->loc_node[li] - 1;
	if (array_grow_zeroed((void **)&g->loc_node, &g->caploc,
	    (size_t)li + 1, sizeof(*g->loc_node)) < 0 ||
	    (k = frame_name(p, &p->locations[li])) < 0)
		return -1;
	t = prof_text(p, (uint32_t)k);
	if ((n = strtab_intern(&g->names, t.p, t.n)) < 0 ||
	    array_grow_zeroed((void **)&g->node_seen, &g->capns,
	    (size_t)n + 1, sizeof(*g->node_seen)) < 0)
		return -1;
	g->loc_node[li] = (uint32_t)n + 1;
	return n;
}

static int64_t
edge_of(struct callgraph *g, uint32_t from, uint32_t to, int inl)
{
	uint32_t *slot;
	int added;

	if ((slot = u64map_put(&g->edge_ix, (uint64_t)from << 32 | to,
	    (uint32_t)g->nedges, &added)) == NULL)
		return -1;
	if (!added) {
		/* inline only if every such call is (as pprof's) */
		if (!inl)
			g->edges[*slot].inline_call = 0;
	} else {
		if (ARRAY_ROOM(g->edges, g->nedges, g->capedges) < 0 ||
		    array_grow_zeroed((void **)&g->edge_seen, &g->capes,
		    g->nedges + 1, sizeof(*g->edge_seen)) < 0)
			return -1;
		g->edges[g->nedges].from = from;
		g->edges[g->nedges].to = to;
		g->edges[g->nedges].inline_call = inl;
		g->edges[g->nedges].residual = 0;
		g->nedges++;
	}
	return *slot;
}

/* Room in every type's columns for every node and edge. */
static int
grow(struct callgraph *g)
{
	size_t i, n = g->m.types.names.n, nn = g->names.n, ne = g->nedges;
	struct cg_sums *s;

	if (n > g->nsums) {
		if (array_grow((void **)&g->sums, &g->capsums, n,
		    sizeof(*g->sums)) < 0)
			return -1;
		memset(g->sums + g->nsums, 0, (n - g->nsums) *
		    sizeof(*g->sums));
		g->nsums = n;
	}
	for (i = 0; i < g->nsums; i++) {
		s = &g->sums[i];
		if ((s->flat.cap < nn && (numcol_grow(&s->flat, 2 * nn + 64) <
		    0 || numcol_grow(&s->cum, 2 * nn + 64) < 0)) ||
		    (s->weight.cap < ne && numcol_grow(&s->weight, 2 * ne +
		    64) < 0))
			return -1;
	}
	return 0;
}

static int
add(struct callgraph *g, struct prof *p, const struct sample *s)
{
	size_t d, i, nv, n = 0;
	int64_t k, ek;
	uint32_t parent = UINT32_MAX;

	if (measure_sample(&g->m, p, s, &nv) < 0 ||
	    array_grow((void **)&g->path, &g->cappath, s->nlocs + 1,
	    sizeof(*g->path)) < 0)
		return -1;
	g->serial++;
	/* from the root: each node's cum once, each edge once */
	for (d = s->nlocs; d-- > 0;) {
		if ((k = node_of(g, p, s->locs[d])) < 0)
			return -1;
		g->path[n++] = (uint32_t)k;
	}
	if (grow(g) < 0)
		return -1;
	for (d = 0; d < n; d++) {
		uint32_t node = g->path[d];
		if (g->node_seen[node] != g->serial) {
			g->node_seen[node] = g->serial;
			for (i = 0; i < nv; i++)
				numcol_add(&g->sums[g->m.vals[i].type].cum, node,
				    g->m.vals[i].v);
		}
		if (parent != UINT32_MAX && node != parent) {
			/* into an inlined frame: its location row says so */
			uint32_t li = s->locs[s->nlocs - 1 - d];
			int inl = p->locations[li].has_ext &&
			    p->locations[li].inlined;
			if ((ek = edge_of(g, parent, node, inl)) < 0 ||
			    grow(g) < 0)
				return -1;
			if (g->edge_seen[ek] != g->serial) {
				g->edge_seen[ek] = g->serial;
				for (i = 0; i < nv; i++)
					numcol_add(&g->sums[
					    g->m.vals[i].type].weight,
					    (size_t)ek, g->m.vals[i].v);
			}
		}
		parent = node;
	}
	for (i = 0; i < nv; i++) {
		struct cg_sums *sm = &g->sums[g->m.vals[i].type];
		sm->sum = num_add(sm->sum, g->m.vals[i].v);
		if (n > 0)
			numcol_add(&sm->flat, parent, g->m.vals[i].v);
	}
	return 0;
}

int
cg_sample(void *ctx, struct prof *p, const struct sample *s, struct perr *e)
{
	struct callgraph *g = ctx;

	if (!source_set_has(g->sources, p, s))
		return 0;
	return add(g, p, s) < 0 ? perr_nomem(e) : 0;
}

/* Column col of type c (with its extra, measure.h) at k. */
static struct num
figure(const struct callgraph *g, const struct measure_choice *c, size_t off,
    size_t k)
{
	const struct numcol *a, *b = NULL;

	if (c->type < 0 || (size_t)c->type >= g->nsums)
		return num_of_i64(0);
	a = (const struct numcol *)((const char *)&g->sums[c->type] + off);
	if (c->extra >= 0 && (size_t)c->extra < g->nsums)
		b = (const struct numcol *)((const char *)&g->sums[c->extra] +
		    off);
	return measure_figure(c, numcol_get(a, k), b ? numcol_get(b, k) :
	    num_of_i64(0));
}

struct num
cg_flat(const struct callgraph *g, const struct measure_choice *c,
    uint32_t node)
{
	return figure(g, c, offsetof(struct cg_sums, flat), node);
}

struct num
cg_cum(const struct callgraph *g, const struct measure_choice *c,
    uint32_t node)
{
	return figure(g, c, offsetof(struct cg_sums, cum), node);
}

struct num
cg_weight(const struct callgraph *g, const struct measure_choice *c,
    uint32_t edge)
{
	return figure(g, c, offsetof(struct cg_sums, weight), edge);
}

struct num
cg_total(const struct callgraph *g, const struct measure_choice *c)
{
	struct num x = num_of_i64(0);

	if (c->type < 0 || (size_t)c->type >= g->nsums)
		return x;
	if (c->extra >= 0 && (size_t)c->extra < g->nsums)
		x = g->sums[c->extra].sum;
	return measure_figure(c, g->sums[c->type].sum, x);
}

int
cg_adjacency(const struct callgraph *g, uint32_t **startp, uint32_t **adjp)
{
	uint32_t *start, *adj;
	size_t i, j;

	start = calloc(g->names.n + 2, sizeof(*start));
	adj = calloc(2 * g->nedges + 1, sizeof(*adj));
	if (start == NULL || adj == NULL) {
		free(start);
		free(adj);
		return -1;
	}
	for (j = 0; j < g->nedges; j++) {
		start[g->edges[j].from + 2]++;
		if (g->edges[j].to != g->edges[j].from)
			start[g->edges[j].to + 2]++;
	}
	for (i = 2; i < g->names.n + 2; i++)
		start[i] += start[i - 1];
	for (j = 0; j < g->nedges; j++) {
		adj[start[g->edges[j].from + 1]++] = (uint32_t)j;
		if (g->edges[j].to != g->edges[j].from)
			adj[start[g->edges[j].to + 1]++] = (uint32_t)j;
	}
	*startp = start;
	*adjp = adj;
	return 0;
}

void
cg_node_fig(const struct callgraph *g, const struct measure_choice *c,
    uint32_t node, struct cg_node_fig *f)
{
	f->node = node;
	f->flat = cg_flat(g, c, node);
	f->cum = cg_cum(g, c, node);
	f->name = strtab_str(&g->names, node);
	f->len = strtab_len(&g->names, node);
}

void
cg_edge_fig(const struct callgraph *g, const struct measure_choice *c,
    uint32_t edge, struct cg_edge_fig *f)
{
	const struct cg_edge *ed = &g->edges[edge];

	f->edge = edge;
	f->w = cg_weight(g, c, edge);
	f->from = strtab_str(&g->names, ed->from);
	f->flen = strtab_len(&g->names, ed->from);
	f->to = strtab_str(&g->names, ed->to);
	f->tlen = strtab_len(&g->names, ed->to);
}

int
cg_cmp_flat(const void *x, const void *y)
{
	const struct cg_node_fig *a = x, *b = y;
	int c;

	if (fabs(a->flat.d) != fabs(b->flat.d))
		return fabs(a->flat.d) > fabs(b->flat.d) ? -1 : 1;
	if ((c = bytes_cmp(a->name, a->len, b->name, b->len)) != 0)
		return c;
	if (fabs(a->cum.d) != fabs(b->cum.d))
		return fabs(a->cum.d) > fabs(b->cum.d) ? -1 : 1;
	return 0;
}

int
cg_cmp_edges(const void *x, const void *y)
{
	const struct cg_edge_fig *a = x, *b = y;
	int c;

	if (fabs(a->w.d) != fabs(b->w.d))
		return fabs(a->w.d) > fabs(b->w.d) ? -1 : 1;
	if ((c = bytes_cmp(a->from, a->flen, b->from, b->flen)) != 0)
		return c;
	return bytes_cmp(a->to, a->tlen, b->to, b->tlen);
}
