/*
 * pprof's trimming of a call graph for a picture (prune.h), step by step
 * as report.newTrimmedGraph does it, each rebuild from the distinct
 * stacks the graph kept (cg_rebuild) as pprof rebuilds from the samples.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/graph/prune.h"
#include "base/array.h"

/* A node in pprof's order of a picture. */
struct ranked {
	uint32_t node;
	double flat, cum, score;
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
		if ((f = fabs(e[i].w.d) / total) > 0)
			s += -f * log2(f);
	}
	if (self > 0) {
		f = fabs(self) / total;
		s += -f * log2(f);
	}
	return s;
}

static int
bytes_less(const char *a, size_t an, const char *b, size_t bn)
{
	int c = memcmp(a, b, an < bn ? an : bn);

	return c != 0 ? c : an < bn ? -1 : an > bn;
}

/* pprof's EntropyOrder: score in size, then name, then flat in size */
static int
cmp_ranked(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;
	int c;

	if (fabs(a->score) != fabs(b->score))
		return fabs(a->score) > fabs(b->score) ? -1 : 1;
	if ((c = bytes_less(a->name, a->len, b->name, b->len)) != 0)
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
		r[k].score = trunc(((has_in ? in : 1) + (has_out ? out : 1)) *
		    r[k].cum) + r[k].flat;
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
	if ((c = bytes_less(strtab_str(&order_g->names, a->from),
	    strtab_len(&order_g->names, a->from), strtab_str(&order_g->names,
	    b->from), strtab_len(&order_g->names, b->from))) != 0)
		return c;
	return bytes_less(strtab_str(&order_g->names, a->to),
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

/* A node's tag (a set of string labels, or one "bytes" number under
 * it) as it adds up. */
struct tagsum {
	double flat, cum;
	uint32_t node;
};

/* Adds w to tag t of node (its cum, or its flat). */
static int
tag_add(struct u64map *ix, struct tagsum **sums, size_t *n, size_t *cap,
    uint32_t node, uint32_t t, double w, int flat)
{
	uint32_t *slot;
	int added;

	if ((slot = u64map_put(ix, (uint64_t)node << 32 | t, (uint32_t)*n,
	    &added)) == NULL)
		return -1;
	if (added) {
		if (ARRAY_ROOM(*sums, *n, *cap) < 0)
			return -1;
		memset(&(*sums)[*n], 0, sizeof(**sums));
		(*sums)[(*n)++].node = node;
	}
	if (flat)
		(*sums)[*slot].flat += w;
	else
		(*sums)[*slot].cum += w;
	return 0;
}

/*
 * The tags pprof would draw of each kept node (countTags after
 * TrimLowFrequencyTags: those with a flat, and a flat or cum at the cut),
 * at most maxNodelets (4), in ntags: the graph's nodelets, which its
 * choice of nodes counts as nodes. A tag is a tag set's string labels, or
 * one of its "bytes" numbers under them.
 */
static int
count_tags(const struct callgraph *g, const struct measure_choice *c,
    const unsigned char *kept, double cut, unsigned char *ntags)
{
	struct u64map ix = { 0 };
	struct strtab keys = { 0 };	/* labels; labels \1 number */
	struct tagsum *sums = NULL;
	size_t nsums = 0, capsums = 0, k, d, n, i;
	unsigned char *seen = NULL;
	const uint32_t *path;
	const char *ts, *bytes, *end;
	char *buf = NULL;
	size_t capbuf = 0, ln;
	uint32_t tsid, leaf;
	int64_t key;
	struct num w;
	int rc = -1;

	memset(ntags, 0, g->names.n);
	if ((seen = calloc(g->names.n + 1, 1)) == NULL)
		goto done;
	for (k = 0; k < g->stacks.n; k++) {
		if ((w = cg_stack_figure(g, c, k)).d == 0)
			continue;
		path = cg_stack(g, k, &tsid, &n);
		ts = strtab_str(&g->tagsets, tsid);
		bytes = strchr(ts, '\1') + 1;
		end = ts + strtab_len(&g->tagsets, tsid);
		leaf = n > 0 && kept[path[n - 1] >> 1] ? path[n - 1] >> 1 :
		    UINT32_MAX;
		for (d = 0; d <= n; d++) {
			/* each kept node's cum once, then the leaf's flat */
			uint32_t node = d < n ? path[d] >> 1 : leaf;
			int flat = d == n;
			const char *b;
			if (node == UINT32_MAX || !kept[node] ||
			    (!flat && seen[node]))
				continue;
			if (!flat)
				seen[node] = 1;
			/* the string labels' tag, keyed by them; each
			 * number's, by them and its name (pprof's
			 * NumericTags[labels][name]) */
			ln = (size_t)(bytes - ts);
			if (ln > 1 && ((key = strtab_intern(&keys, ts, ln - 1))
			    < 0 || tag_add(&ix, &sums, &nsums, &capsums, node,
			    (uint32_t)key, w.d, flat) < 0))
				goto done;
			for (b = bytes; b < end; b += strlen(b) + 1) {
				if (array_grow((void **)&buf, &capbuf, ln +
				    strlen(b) + 1, 1) < 0)
					goto done;
				memcpy(buf, ts, ln);
				memcpy(buf + ln, b, strlen(b));
				if ((key = strtab_intern(&keys, buf, ln +
				    strlen(b))) < 0 || tag_add(&ix, &sums,
				    &nsums, &capsums, node, (uint32_t)key, w.d,
				    flat) < 0)
					goto done;
			}
		}
		for (d = 0; d < n; d++)
			seen[path[d] >> 1] = 0;
	}
	for (i = 0; i < nsums; i++)
		if (sums[i].flat != 0 && (fabs(sums[i].flat) >= cut ||
		    fabs(sums[i].cum) >= cut) && ntags[sums[i].node] < 4)
			ntags[sums[i].node]++;
	rc = 0;
done:
	u64map_free(&ix);
	strtab_free(&keys);
	free(sums);
	free(seen);
	free(buf);
	return rc;
}

/* TrimLowFrequencyEdges: those under the cut gone; how many. */
static size_t
trim_edges(struct pruned *p, unsigned char *gone)
{
	size_t i, n = 0;

	for (i = 0; i < p->nedges; i++)
		if (!gone[i] && fabs(p->edges[i].w.d) < p->ecut) {
			gone[i] = 1;
			n++;
		}
	return n;
}

static int
rebuild(const struct callgraph *g, const struct measure_choice *c,
    struct pruned *p, unsigned char **gone)
{
	free(p->edges);
	free(*gone);
	*gone = NULL;
	if (cg_rebuild(g, c, p->kept, &p->edges, &p->nedges) < 0 ||
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
	unsigned char *gone = NULL, *ntags = NULL;
	size_t i, n = g->names.n, nr, k;
	double total = 0, cum, flat;
	int rc = -1;

	memset(p, 0, sizeof(*p));
	if ((p->kept = calloc(n + 1, 1)) == NULL ||
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
	if (rebuild(g, c, p, &gone) < 0 ||
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
		    count_tags(g, c, p->kept, p->ncut, ntags) < 0)
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
			if (rebuild(g, c, p, &gone) < 0 ||
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
	rc = 0;
done:
	free(r);
	free(gone);
	free(ntags);
	if (rc < 0)
		pruned_free(p);
	return rc;
}

void
pruned_free(struct pruned *p)
{
	free(p->kept);
	free(p->edges);
	p->kept = NULL;
	p->edges = NULL;
}
