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
#include "base/fmt.h"
#include "views/graph/callgraph.h"
#include "sample/tagfilter.h"
#include "sample/units.h"

void
cg_free(struct callgraph *g)
{
	size_t i;

	for (i = 0; i < g->nsums; i++) {
		numcol_free(&g->sums[i].flat);
		numcol_free(&g->sums[i].cum);
		numcol_free(&g->sums[i].weight);
		numcol_free(&g->sums[i].stack);
		numcol_free(&g->sums[i].stack_abs);
		numcol_free(&g->sums[i].weight_abs);
	}
	strtab_free(&g->stacks);
	free(g->key);
	strtab_free(&g->tagsets);
	free(g->tagbuf);
	free(g->sorted);
	free(g->sums);
	measure_free(&g->m);
	strtab_free(&g->names);
	free(g->loc_node);
	u64map_free(&g->edge_ix);
	free(g->edges);
	free(g->node_seen);
	free(g->edge_seen);
	diff_merge_free(&g->merge);
	free(g->path);
}

int
cg_restart(void *ctx, struct perr *e)
{
	struct callgraph *g = ctx;
	const struct source_set *sources = g->sources, *base = g->base;
	int keep = g->keep_stacks, diff = g->diff;

	(void)e;
	cg_free(g);
	memset(g, 0, sizeof(*g));
	g->sources = sources;
	g->keep_stacks = keep;
	g->base = base;
	g->diff = diff;
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
cg_grow(struct callgraph *g)
{
	size_t i, n = g->m.types.names.n, nn = g->names.n, ne = g->nedges,
	    ns = g->stacks.n;
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
		    64) < 0) || (s->stack.cap < ns && numcol_grow(&s->stack,
		    2 * ns + 64) < 0) || (g->diff != CG_PLAIN &&
		    s->stack_abs.cap < ns && numcol_grow(&s->stack_abs, 2 * ns +
		    64) < 0) || (g->diff != CG_PLAIN && s->weight_abs.cap < ne &&
		    numcol_grow(&s->weight_abs, 2 * ne + 64) < 0))
			return -1;
	}
	return 0;
}

/* Whether frame d of s (from the leaf) is inlined into its caller. */
static int
inlined(const struct prof *p, const struct sample *s, size_t d)
{
	const struct location *l = &p->locations[s->locs[d]];

	return l->has_ext && l->inlined;
}

/* Appends n bytes to the tag set being made at *len. */
static int
tagput(struct callgraph *g, size_t *len, const char *s, size_t n)
{
	if (array_grow((void **)&g->tagbuf, &g->captagbuf, *len + n + 1,
	    1) < 0)
		return -1;
	memcpy(g->tagbuf + *len, s, n);
	*len += n;
	return 0;
}

static const struct prof *sort_p;
static int
cmp_label(const void *x, const void *y)
{
	const struct slabel *a = x, *b = y;
	int c = strcmp(prof_str(sort_p, a->key), prof_str(sort_p, b->key));

	return c != 0 ? c : strcmp(prof_str(sort_p, a->str),
	    prof_str(sort_p, b->str));
}

/* The sample's tag set (callgraph.h): its id, or -1. */
static int64_t
tagset(struct callgraph *g, const struct prof *p, const struct sample *s)
{
	const struct slabel *l;
	size_t i, n = 0, len = 0;
	uint32_t llen;
	char num[64];
	const char *k, *v;

	if (array_grow((void **)&g->sorted, &g->capsorted, s->nlabels + 1,
	    sizeof(*g->sorted)) < 0 || tagput(g, &len, "\0\0\0\0", 4) < 0)
		return -1;
	for (i = 0; i < s->nlabels; i++)
		if (s->labels[i].num_na)
			g->sorted[n++] = s->labels[i];
	sort_p = p;
	qsort(g->sorted, n, sizeof(*g->sorted), cmp_label);
	for (i = 0; i < n; i++) {
		k = prof_str(p, g->sorted[i].key);
		v = prof_str(p, g->sorted[i].str);
		if ((i > 0 && tagput(g, &len, "\\n", 2) < 0) ||
		    tagput(g, &len, k, strlen(k)) < 0 ||
		    tagput(g, &len, ":", 1) < 0 ||
		    tagput(g, &len, v, strlen(v)) < 0)
			return -1;
	}
	/* (a label's text may hold any byte: its length, not a mark) */
	llen = (uint32_t)(len - 4);
	memcpy(g->tagbuf, &llen, sizeof(llen));
	/* pprof's graph keeps the "bytes" numbers alone */
	for (i = 0; i < s->nlabels; i++) {
		l = &s->labels[i];
		if (l->num_na || strcmp(prof_str(p, l->key), "bytes") != 0)
			continue;
		k = tag_num_unit(p, l);
		n = fmt_i64(num, l->num);
		num[n++] = '\t';
		if (tagput(g, &len, num, n) < 0 ||
		    tagput(g, &len, k, strlen(k) + 1) < 0)
			return -1;
	}
	return strtab_intern(&g->tagsets, g->tagbuf, len);
}

/* The sample's path (g->path, n nodes from the root) as a distinct
 * stack, with its tag set and values. */
static int
keep_stack(struct callgraph *g, const struct prof *p, const struct sample *s,
    size_t n, size_t nv)
{
	size_t d, i;
	int64_t k;

	if (array_grow((void **)&g->key, &g->capkey, n + 2,
	    sizeof(*g->key)) < 0 || (k = tagset(g, p, s)) < 0)
		return -1;
	g->key[0] = (uint32_t)k;
	for (d = 0; d < n; d++)
		g->key[d + 1] = g->path[d] << 1 | (uint32_t)inlined(p, s,
		    s->nlocs - 1 - d);
	if ((k = strtab_intern(&g->stacks, (const char *)g->key,
	    (n + 1) * sizeof(*g->key))) < 0 || cg_grow(g) < 0)
		return -1;
	for (i = 0; i < nv; i++) {
		struct cg_sums *sm = &g->sums[g->m.vals[i].type];
		numcol_add(&sm->stack, (size_t)k, g->m.vals[i].v);
		if (g->diff != CG_PLAIN)
			numcol_add(&sm->stack_abs, (size_t)k,
			    num_of_dbl(fabs(g->m.vals[i].v.d)));
	}
	return 0;
}

static void
add_weight(struct callgraph *g, size_t edge, const struct measure_value *v)
{
	struct cg_sums *sm = &g->sums[v->type];

	numcol_add(&sm->weight, edge, v->v);
	if (g->diff != CG_PLAIN)
		numcol_add(&sm->weight_abs, edge, num_of_dbl(fabs(v->v.d)));
}

/* A sample of the base: its values negated, as pprof merges a base
 * into the profile; their sizes counted for the total. */
static int
subtract(struct callgraph *g, const struct prof *p, const struct sample *s,
    size_t nv)
{
	int base = source_set_has_id(g->base, p->sources[s->source].id);
	size_t i;

	if (g->diff == CG_BASE && diff_merge_add(&g->merge, s, g->m.vals, nv,
	    base, NULL, 0) < 0)
		return -1;
	if (!base)
		return 0;
	if (cg_grow(g) < 0)
		return -1;
	for (i = 0; i < nv; i++) {
		struct measure_value *v = &g->m.vals[i];
		g->sums[v->type].base_abs += fabs(v->v.d);
		v->v = num_sub(num_of_i64(0), v->v);
	}
	return 0;
}

static int
cg_add_sample(struct callgraph *g, struct prof *p, const struct sample *s)
{
	size_t d, i, nv, n = 0;
	int64_t k, ek;
	uint32_t parent = UINT32_MAX;

	if (measure_sample(&g->m, p, s, &nv) < 0 ||
	    array_grow((void **)&g->path, &g->cappath, s->nlocs + 1,
	    sizeof(*g->path)) < 0 || (g->diff != CG_PLAIN &&
	    subtract(g, p, s, nv) < 0))
		return -1;
	g->serial++;
	/* from the root: each node's cum once, each edge once */
	for (d = s->nlocs; d-- > 0;) {
		if ((k = node_of(g, p, s->locs[d])) < 0)
			return -1;
		g->path[n++] = (uint32_t)k;
	}
	if (cg_grow(g) < 0)
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
			int inl = inlined(p, s, s->nlocs - 1 - d);
			if ((ek = edge_of(g, parent, node, inl)) < 0 ||
			    cg_grow(g) < 0)
				return -1;
			if (g->edge_seen[ek] != g->serial) {
				g->edge_seen[ek] = g->serial;
				for (i = 0; i < nv; i++)
					add_weight(g, (size_t)ek,
					    &g->m.vals[i]);
			}
		}
		parent = node;
	}
	if (g->keep_stacks && keep_stack(g, p, s, n, nv) < 0)
		return -1;
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
	return cg_add_sample(g, p, s) < 0 ? perr_nomem(e) : 0;
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
	int extra = c->extra >= 0 && (size_t)c->extra < g->nsums;

	if (c->type < 0 || (size_t)c->type >= g->nsums)
		return x;
	if (g->diff == CG_BASE)
		return num_of_dbl(diff_merge_total(&g->merge, c, 1));
	if (g->diff == CG_DIFF_BASE)
		return measure_figure(c, num_of_dbl(g->sums[c->type].base_abs),
		    num_of_dbl(extra ? g->sums[c->extra].base_abs : 0));
	if (extra)
		x = g->sums[c->extra].sum;
	return measure_figure(c, g->sums[c->type].sum, x);
}

struct num
cg_percent_total(const struct callgraph *g, const struct prof *p,
    const struct measure_choice *c, int relative)
{
	struct num before;

	if (!relative && g->diff == CG_PLAIN &&
	    measure_total_before(&g->m, p, c, g->sources, &before))
		return before;
	return cg_total(g, c);
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

/* An edge of the rebuilt graph, as it adds up. */
struct redge_sum {
	struct num w;
	int residual, inline_call;
	uint32_t from, to;
};

struct num
cg_stack_figure(const struct callgraph *g, const struct measure_choice *c,
    size_t k)
{
	struct num zero = num_of_i64(0);

	if (c->type < 0 || (size_t)c->type >= g->nsums)
		return zero;
	return measure_figure(c, numcol_get(&g->sums[c->type].stack, k),
	    c->extra >= 0 && (size_t)c->extra < g->nsums ?
	    numcol_get(&g->sums[c->extra].stack, k) : zero);
}

/* A diff's: whether the sizes summed in column off of c's type at k are
 * not 0 (a sum of value there may be 0). */
static int
has_size(const struct callgraph *g, const struct measure_choice *c,
    size_t off, size_t k)
{
	return c->type >= 0 && (size_t)c->type < g->nsums &&
	    numcol_get((const struct numcol *)((const char *)&g->sums[c->type] +
	    off), k).d != 0;
}

int
cg_stack_counts(const struct callgraph *g, const struct measure_choice *c,
    size_t k)
{
	if (g->diff == CG_PLAIN)
		return cg_stack_figure(g, c, k).d != 0;
	return has_size(g, c, offsetof(struct cg_sums, stack_abs), k);
}

int
cg_edge_counts(const struct callgraph *g, const struct measure_choice *c,
    uint32_t edge)
{
	if (g->diff == CG_PLAIN)
		return cg_weight(g, c, edge).d != 0;
	return has_size(g, c, offsetof(struct cg_sums, weight_abs), edge);
}

int
cg_rebuild(const struct callgraph *g, const struct measure_choice *c,
    const unsigned char *kept, struct cg_redge **edges, size_t *nedges)
{
	struct u64map ix = { 0 }, seen = { 0 };
	struct redge_sum *sums = NULL, *x;
	size_t nsums = 0, capsums = 0, k, d, n;
	const unsigned char *path;
	uint32_t node, parent, *slot, ts;
	struct num w, zero = num_of_i64(0);
	int residual, added, rc = -1;

	*edges = NULL;
	*nedges = 0;
	for (k = 0; k < g->stacks.n; k++) {
		/* pprof passes over a sample of no value */
		if (!cg_stack_counts(g, c, k))
			continue;
		w = cg_stack_figure(g, c, k);
		path = cg_stack(g, k, &ts, &n);
		parent = UINT32_MAX;
		residual = 0;
		for (d = 0; d < n; d++) {
			node = cg_path(path, d) >> 1;
			if (!kept[node]) {
				residual = 1;
				continue;
			}
			if (parent != UINT32_MAX && node != parent) {
				/* each pair once a stack (recursion) */
				if ((slot = u64map_put(&seen, (uint64_t)parent <<
				    32 | node, (uint32_t)k + 1, &added)) == NULL)
					goto done;
				if (added || *slot != k + 1) {
					*slot = (uint32_t)k + 1;
					if ((slot = u64map_put(&ix, (uint64_t)parent
					    << 32 | node, (uint32_t)nsums,
					    &added)) == NULL)
						goto done;
					if (added) {
						if (ARRAY_ROOM(sums, nsums,
						    capsums) < 0)
							goto done;
						x = &sums[nsums++];
						x->w = zero;
						x->residual = 0;
						x->inline_call = 1;
						x->from = parent;
						x->to = node;
					}
					x = &sums[*slot];
					x->w = num_add(x->w, w);
					x->residual |= residual;
					x->inline_call &= (int)(cg_path(path,
					    d) & 1);
				}
			}
			parent = node;
			residual = 0;
		}
	}
	if ((*edges = calloc(nsums + 1, sizeof(**edges))) == NULL)
		goto done;
	for (k = 0; k < nsums; k++) {
		(*edges)[k].from = sums[k].from;
		(*edges)[k].to = sums[k].to;
		(*edges)[k].w = sums[k].w;
		(*edges)[k].residual = sums[k].residual;
		(*edges)[k].inline_call = sums[k].inline_call;
	}
	*nedges = nsums;
	rc = 0;
done:
	u64map_free(&ix);
	u64map_free(&seen);
	free(sums);
	return rc;
}
