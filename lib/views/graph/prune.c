/*
 * pprof's trimming of a call graph for a picture (prune.h), step by step
 * as report.newTrimmedGraph does it, each rebuild from the distinct
 * stacks the graph kept (cg_rebuild) as pprof rebuilds from the samples.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "views/graph/prune.h"
#include "base/array.h"
#include "sample/units.h"

/* A node in pprof's order of a picture. */
struct ranked {
	uint32_t node;
	double flat, cum;
	int64_t score;		/* pprof's, an int64 as Go's arithmetic has it */
	const char *name;
	size_t len;
};

/* Each node's edges of a rebuilt graph, in and out: node x's are
 * adj[start[x] .. start[x + 1]). */
struct adjacency {
	uint32_t *start, *adj;
};

static int
adjacency(struct adjacency *a, const struct cg_redge *e, size_t ne,
    size_t nnodes)
{
	size_t i;

	a->start = calloc(nnodes + 2, sizeof(*a->start));
	a->adj = calloc(2 * ne + 1, sizeof(*a->adj));
	if (a->start == NULL || a->adj == NULL)
		return -1;
	for (i = 0; i < ne; i++) {
		a->start[e[i].from + 2]++;
		a->start[e[i].to + 2]++;
	}
	for (i = 2; i < nnodes + 2; i++)
		a->start[i] += a->start[i - 1];
	for (i = 0; i < ne; i++) {
		a->adj[a->start[e[i].from + 1]++] = (uint32_t)i;
		a->adj[a->start[e[i].to + 1]++] = (uint32_t)i;
	}
	return 0;
}

static void
adjacency_free(struct adjacency *a)
{
	free(a->start);
	free(a->adj);
	a->start = a->adj = NULL;
}

/* pprof's edgeEntropyScore: of a node's edges in (out, with its flat) */
static double
edge_entropy(const struct cg_redge *e, const struct adjacency *a,
    const unsigned char *gone, uint32_t node, int out, double self,
    int *any)
{
	double total = self, s = 0, f;
	uint32_t k, i;

	*any = 0;
	for (k = a->start[node]; k < a->start[node + 1]; k++) {
		i = a->adj[k];
		if ((out ? e[i].from : e[i].to) != node || (gone && gone[i]))
			continue;
		*any = 1;
		if (e[i].w.d > 0)
			total += fabs(e[i].w.d);
	}
	if (total == 0)
		return 0;
	for (k = a->start[node]; k < a->start[node + 1]; k++) {
		i = a->adj[k];
		if ((out ? e[i].from : e[i].to) != node || (gone && gone[i]))
			continue;
		/* an edge of no weight (a diff's) makes pprof's score NaN:
		 * its -0 * log2(0) */
		f = fabs(e[i].w.d) / total;
		s += f > 0 ? -f * log2(f) : NAN;
	}
	if (self > 0) {
		f = fabs(self) / total;
		s += -f * log2(f);
	}
	return s;
}

/* Go's int64(x) on amd64 (CVTTSD2SI): the lowest int64 for NaN and
 * what is out of range; then its abs64 (the lowest stays itself). pprof
 * ranks a diff's nodes so. */
static int64_t
go_int64(double x)
{
	if (isnan(x) || x >= 0x1p63 || x < -0x1p63)
		return INT64_MIN;
	return (int64_t)x;
}

static int64_t
go_abs64(int64_t x)
{
	return x < 0 ? (int64_t)(0 - (uint64_t)x) : x;
}

/* pprof's EntropyOrder: score in size, then name, then flat in size */
static int
cmp_ranked(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;
	int c;

	if (go_abs64(a->score) != go_abs64(b->score))
		return go_abs64(a->score) > go_abs64(b->score) ? -1 : 1;
	if ((c = bytes_cmp(a->name, a->len, b->name, b->len)) != 0)
		return c;
	if (fabs(a->flat) != fabs(b->flat))
		return fabs(a->flat) > fabs(b->flat) ? -1 : 1;
	return 0;
}

/* The kept nodes in r (n of them), scored over edges e and sorted. */
static int
rank(const struct callgraph *g, const struct measure_choice *c,
    const unsigned char *kept, const struct cg_redge *e, size_t ne,
    struct ranked *r, size_t *n)
{
	struct adjacency a;
	size_t i, k = 0;
	double in, out;
	int has_in, has_out;

	if (adjacency(&a, e, ne, g->names.n) < 0) {
		adjacency_free(&a);
		return -1;
	}
	for (i = 0; i < g->names.n; i++) {
		if (!kept[i])
			continue;
		r[k].node = (uint32_t)i;
		r[k].flat = cg_flat(g, c, (uint32_t)i).d;
		r[k].cum = cg_cum(g, c, (uint32_t)i).d;
		r[k].name = strtab_str(&g->names, i);
		r[k].len = strtab_len(&g->names, i);
		in = edge_entropy(e, &a, NULL, (uint32_t)i, 0, 0, &has_in);
		out = edge_entropy(e, &a, NULL, (uint32_t)i, 1, r[k].flat,
		    &has_out);
		/* entropyScore: entries and leaves favoured */
		r[k].score = (int64_t)((uint64_t)go_int64(((has_in ? in :
		    1) + (has_out ? out : 1)) * r[k].cum) +
		    (uint64_t)go_int64(r[k].flat));
		k++;
	}
	adjacency_free(&a);
	qsort(r, k, sizeof(*r), cmp_ranked);
	*n = k;
	return 0;
}

/* edgeList's order: weight in size, the caller's name, the callee's */
static const struct callgraph *order_g;
static const struct cg_redge *order_e;
static int
cmp_edge_ix(const void *x, const void *y)
{
	const struct cg_redge *a = &order_e[*(const uint32_t *)x],
	    *b = &order_e[*(const uint32_t *)y];
	int c;

	if (a->w.d != b->w.d)
		return fabs(a->w.d) > fabs(b->w.d) ? -1 : 1;
	if ((c = bytes_cmp(strtab_str(&order_g->names, a->from),
	    strtab_len(&order_g->names, a->from), strtab_str(&order_g->names,
	    b->from), strtab_len(&order_g->names, b->from))) != 0)
		return c;
	return bytes_cmp(strtab_str(&order_g->names, a->to),
	    strtab_len(&order_g->names, a->to), strtab_str(&order_g->names,
	    b->to), strtab_len(&order_g->names, b->to));
}

/* isRedundantEdge: the callee reached from the caller by another path
 * (a walk back over the in-edges left). */
static int
redundant(const struct cg_redge *e, const struct adjacency *a,
    const unsigned char *gone, uint32_t edge, size_t nnodes, uint32_t *queue,
    unsigned char *seen)
{
	size_t head = 0, tail = 0, k;
	uint32_t n, i, src = e[edge].from;
	int found = 0;

	memset(seen, 0, nnodes);
	queue[tail++] = e[edge].to;
	seen[e[edge].to] = 1;
	while (head < tail && !found) {
		n = queue[head++];
		for (k = a->start[n]; k < a->start[n + 1]; k++) {
			i = a->adj[k];
			if (e[i].to != n || gone[i] || i == edge ||
			    seen[e[i].from])
				continue;
			if (e[i].from == src) {
				found = 1;
				break;
			}
			seen[e[i].from] = 1;
			queue[tail++] = e[i].from;
		}
	}
	return found;
}

/* RemoveRedundantEdges, over the nodes in order r (from the last), each
 * node's in-edges from the lightest up to the first not residual. */
static int
remove_redundant(const struct callgraph *g, struct pruned *p,
    const struct ranked *r, size_t nr, unsigned char *gone)
{
	struct adjacency a;
	uint32_t *in = NULL, *queue = NULL;
	unsigned char *seen = NULL;
	size_t i, k, n, nn = g->names.n;
	int rc = -1;

	if (adjacency(&a, p->edges, p->nedges, nn) < 0 ||
	    (in = calloc(p->nedges + 1, sizeof(*in))) == NULL ||
	    (queue = calloc(nn + 1, sizeof(*queue))) == NULL ||
	    (seen = calloc(nn + 1, 1)) == NULL)
		goto done;
	order_g = g;
	order_e = p->edges;
	for (i = nr; i-- > 0;) {
		for (n = 0, k = a.start[r[i].node]; k < a.start[r[i].node + 1];
		    k++)
			if (p->edges[a.adj[k]].to == r[i].node &&
			    !gone[a.adj[k]])
				in[n++] = a.adj[k];
		qsort(in, n, sizeof(*in), cmp_edge_ix);
		while (n-- > 0) {
			if (!p->edges[in[n]].residual)
				break;
			if (redundant(p->edges, &a, gone, in[n], nn, queue,
			    seen))
				gone[in[n]] = 1;
		}
	}
	rc = 0;
done:
	adjacency_free(&a);
	free(in);
	free(queue);
	free(seen);
	return rc;
}

/* Adds w to tag key of node (its cum, or its flat): the tag is new with
 * value and unit the first time. */
static int
tag_add(struct pruned *p, struct u64map *ix, size_t *cap, uint32_t node,
    uint32_t key, uint32_t labels, const char *num, double w, int flat)
{
	struct ptag *t;
	uint32_t *slot;
	int added;

	if ((slot = u64map_put(ix, (uint64_t)node << 32 | key,
	    (uint32_t)p->ntags, &added)) == NULL)
		return -1;
	if (added) {
		if (ARRAY_ROOM(p->tags, p->ntags, *cap) < 0)
			return -1;
		t = &p->tags[p->ntags++];
		memset(t, 0, sizeof(*t));
		t->node = node;
		t->name = key;
		t->labels = labels;
		if ((t->numeric = num != NULL)) {
			t->value = strtoll(num, NULL, 10);
			t->unit = strchr(num, '\t') + 1;
		}
	}
	t = &p->tags[*slot];
	if (flat)
		t->flat += w;
	else
		t->cum += w;
	return 0;
}

static int
cmp_tag_node(const void *x, const void *y)
{
	const struct ptag *a = x, *b = y;

	return a->node < b->node ? -1 : a->node > b->node;
}

/*
 * The tags of the kept nodes as pprof's graph adds them up (Node.addSample):
 * each sample's string labels one tag, named their joined text, and each
 * of its "bytes" numbers another under them, named as pprof names it
 * (40kB), keyed by that name; a node's cum once a sample, the leaf's flat
 * when it is kept. Those under the cut in both gone (TrimLowFrequencyTags);
 * in p->tags by node.
 */
static int
node_tags(const struct callgraph *g, const struct measure_choice *c,
    const unsigned char *kept, double cut, struct pruned *p)
{
	struct u64map ix = { 0 };
	size_t cap = 0, k, d, n, i, j, ln;
	unsigned char *seen = NULL;
	const unsigned char *path;
	const char *ts, *bytes, *end, *b;
	char *buf = NULL, name[64];
	size_t capbuf = 0, nl;
	uint32_t tsid, leaf, node, lkey32;
	int64_t lkey, key;
	struct num w;
	int rc = -1, flat;

	free(p->tags);
	p->tags = NULL;
	p->ntags = 0;
	if ((seen = calloc(g->names.n + 1, 1)) == NULL)
		goto done;
	for (k = 0; k < g->stacks.n; k++) {
		if (!cg_stack_counts(g, c, k))
			continue;
		w = cg_stack_figure(g, c, k);
		path = cg_stack(g, k, &tsid, &n);
		cg_tagset(g, tsid, &ts, &ln, &bytes, &end);
		if ((lkey = strtab_intern(&p->tagnames, ts, ln)) < 0)
			goto done;
		lkey32 = (uint32_t)lkey;
		leaf = n > 0 && kept[cg_path(path, n - 1) >> 1] ?
		    cg_path(path, n - 1) >> 1 : UINT32_MAX;
		for (d = 0; d <= n; d++) {
			/* each kept node's cum once, then the leaf's flat */
			node = d < n ? cg_path(path, d) >> 1 : leaf;
			flat = d == n;
			if (node == UINT32_MAX || !kept[node] ||
			    (!flat && seen[node]))
				continue;
			if (!flat)
				seen[node] = 1;
			if (ln > 0 && tag_add(p, &ix, &cap, node, (uint32_t)lkey
			    << 1, (uint32_t)lkey, NULL, w.d, flat) < 0)
				goto done;
			for (b = bytes; b < end; b += strlen(b) + 1) {
				unit_label(name, sizeof(name), (double)strtoll(b,
				    NULL, 10), strchr(b, '\t') + 1, "minimum");
				nl = strlen(name);
				/* keyed by its labels' id and its name */
				if (array_grow((void **)&buf, &capbuf, nl + 4,
				    1) < 0)
					goto done;
				memcpy(buf, &lkey32, 4);
				memcpy(buf + 4, name, nl);
				if ((key = strtab_intern(&p->tagnames, buf, nl +
				    4)) < 0 || tag_add(p, &ix, &cap, node,
				    (uint32_t)key << 1 | 1, (uint32_t)lkey, b,
				    w.d, flat) < 0)
					goto done;
			}
		}
		for (d = 0; d < n; d++)
			seen[cg_path(path, d) >> 1] = 0;
	}
	for (i = j = 0; i < p->ntags; i++)
		if (fabs(p->tags[i].flat) >= cut || fabs(p->tags[i].cum) >= cut)
			p->tags[j++] = p->tags[i];
	p->ntags = j;
	if (p->ntags > 0)
		qsort(p->tags, p->ntags, sizeof(*p->tags), cmp_tag_node);
	rc = 0;
done:
	u64map_free(&ix);
	free(seen);
	free(buf);
	return rc;
}

/* The tags pprof's choice of nodes counts as nodes (countTags): those
 * with a flat, at most maxNodelets (4) a node. */
static int
count_tags(const struct callgraph *g, const struct measure_choice *c,
    const unsigned char *kept, struct pruned *p, unsigned char *ntags)
{
	size_t i;

	if (node_tags(g, c, kept, p->ncut, p) < 0)
		return -1;
	memset(ntags, 0, g->names.n);
	for (i = 0; i < p->ntags; i++)
		if (p->tags[i].flat != 0 && ntags[p->tags[i].node] < 4)
			ntags[p->tags[i].node]++;
	return 0;
}

/* TrimLowFrequencyEdges: those under the cut gone; how many. pprof
 * looks at the edges into the graph's nodes only. */
static size_t
trim_edges(struct pruned *p, unsigned char *gone)
{
	size_t i, n = 0;

	for (i = 0; i < p->nedges; i++)
		if (!gone[i] && p->kept[p->edges[i].to] &&
		    fabs(p->edges[i].w.d) < p->ecut) {
			gone[i] = 1;
			n++;
		}
	return n;
}

/* The edges over the nodes of via (NULL: the kept ones). */
static int
rebuild(const struct callgraph *g, const struct measure_choice *c,
    struct pruned *p, const unsigned char *via, unsigned char **gone)
{
	free(p->edges);
	free(*gone);
	*gone = NULL;
	if (cg_rebuild(g, c, via != NULL ? via : p->kept, &p->edges,
	    &p->nedges) < 0 ||
	    (*gone = calloc(p->nedges + 1, 1)) == NULL)
		return -1;
	return 0;
}

int
graph_prune(const struct callgraph *g, const struct measure_choice *c,
    double nodefraction, double edgefraction, long nodecount,
    struct pruned *p)
{
	struct ranked *r = NULL;
	unsigned char *gone = NULL, *ntags = NULL, *via = NULL;
	size_t i, n = g->names.n, nr, k;
	double total = 0, cum, flat;
	int rc = -1;

	memset(p, 0, sizeof(*p));
	if ((p->kept = calloc(n + 1, 1)) == NULL ||
	    (via = calloc(n + 1, 1)) == NULL ||
	    (r = calloc(n + 1, sizeof(*r))) == NULL)
		goto done;
	/* the graph: the nodes with a value */
	for (i = 0; i < n; i++) {
		flat = cg_flat(g, c, (uint32_t)i).d;
		cum = cg_cum(g, c, (uint32_t)i).d;
		if (flat != 0 || cum != 0) {
			p->kept[i] = 1;
			total += flat;
		}
	}
	p->ncut = fabs(trunc(total * nodefraction));
	p->ecut = fabs(trunc(total * edgefraction));
	/* 1: nodes under the cut, the graph rebuilt on the rest */
	for (i = 0; i < n; i++)
		if (p->kept[i] && p->ncut > 0 &&
		    fabs(cg_cum(g, c, (uint32_t)i).d) < p->ncut) {
			p->kept[i] = 0;
			p->dropped_nodes++;
		}
	/* pprof rebuilds its graph only when a node is dropped; until then
	 * a node whose values cancel out (a diff's), though not drawn, still
	 * ends its edges (pprof draws them into a box "N0"; dot_write leaves
	 * them out) */
	if (p->dropped_nodes == 0)
		for (i = 0; i < n; i++)
			via[i] = p->kept[i] || cg_cum(g, c, (uint32_t)i).d == 0;
	if (rebuild(g, c, p, p->dropped_nodes == 0 ? via : NULL, &gone) < 0 ||
	    rank(g, c, p->kept, p->edges, p->nedges, r, &nr) < 0)
		goto done;
	p->orig = nr;
	/* 2: the nodecount most telling, edges under their cut first gone
	 * (pprof trims them before choosing: a graph not rebuilt keeps
	 * them trimmed, uncounted) */
	if (nodecount > 0) {
		size_t top = (size_t)nodecount, count = 0;

		trim_edges(p, gone);
		/* selectTopNodes: a node's tags count as nodes */
		if ((ntags = calloc(n + 1, 1)) == NULL ||
		    count_tags(g, c, p->kept, p, ntags) < 0)
			goto done;
		for (k = 0; k < nr; k++)
			if ((count += ntags[r[k].node] + 1u) >= (size_t)nodecount) {
				top = k + 1;
				break;
			}
		if (top < nr) {
			memset(p->kept, 0, n);
			for (k = 0; k < top; k++)
				p->kept[r[k].node] = 1;
			if (rebuild(g, c, p, NULL, &gone) < 0 ||
			    rank(g, c, p->kept, p->edges, p->nedges, r,
			    &nr) < 0)
				goto done;
		}
	}
	/* 3: edges under the cut, residual edges another path makes
	 * redundant */
	p->dropped_edges = trim_edges(p, gone);
	if (remove_redundant(g, p, r, nr, gone) < 0)
		goto done;
	for (i = k = 0; i < p->nedges; i++)
		if (!gone[i])
			p->edges[k++] = p->edges[i];
	p->nedges = k;
	p->nkept = nr;
	/* the nodelets drawn: the final graph's tags */
	if (node_tags(g, c, p->kept, p->ncut, p) < 0)
		goto done;
	rc = 0;
done:
	free(r);
	free(gone);
	free(ntags);
	free(via);
	if (rc < 0)
		pruned_free(p);
	return rc;
}

void
pruned_free(struct pruned *p)
{
	free(p->kept);
	free(p->edges);
	free(p->tags);
	strtab_free(&p->tagnames);
	p->kept = NULL;
	p->edges = NULL;
	p->tags = NULL;
}
