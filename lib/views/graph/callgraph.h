/* callgraph.h: pprof's call graph of a stream: a node per function (by
 * name, as tsvtop's rows), its flat (the samples it is the leaf of) and
 * cum (once per sample), and an edge per caller and callee that are
 * adjacent in some stack, its weight the samples that have that call,
 * once per sample, a call to itself none; an edge into an inlined frame
 * is inline. Every value type is summed at once (measure.h), so the type
 * is chosen at the end. One pass; memory grows with the distinct
 * functions, locations and edges, never with the samples. The graph
 * tsvpeek prints and tsvgraph draws. */
#ifndef CALLGRAPH_H
#define CALLGRAPH_H

#include <string.h>

#include "sample/diff.h"
#include "sample/measure.h"
#include "sample/select.h"

struct cg_edge {
	uint32_t from, to;		/* nodes */
	int inline_call;		/* an edge into an inlined frame */
	int residual;			/* (pprof's: over nodes dropped) */
};

/* A base subtracted, as pprof's -diff_base (percentages of the base's
 * total) or -base (of the sum of what is left, merged sample by merged
 * sample). */
enum { CG_PLAIN, CG_DIFF_BASE, CG_BASE };

struct callgraph {
	const struct source_set *sources;
	/* the sources whose samples are the base, their values negated,
	 * and how (CG_...) */
	const struct source_set *base;
	int diff;
	struct diff_merge merge;	/* CG_BASE's total */
	/* keep the distinct stacks, for cg_rebuild (tsvgraph): each its
	 * tag set, then node << 1 | inlined from the root */
	int keep_stacks;
	struct strtab stacks;
	uint32_t *key;			/* the one being made */
	size_t capkey;
	/* a sample's tags as pprof's graph has them (cg_tagset): the
	 * length of its string labels' text, 4 bytes; the text, each
	 * "key:value", sorted, joined by \n (joinLabels); then each "bytes"
	 * label as its number, \t, its unit, \0 */
	struct strtab tagsets;
	char *tagbuf;
	size_t captagbuf;
	struct slabel *sorted;
	size_t capsorted;
	struct measure m;
	struct strtab names;		/* node -> its name */
	uint32_t *loc_node;		/* prof location -> node + 1 */
	size_t caploc;
	struct u64map edge_ix;		/* from << 32 | to -> edge */
	struct cg_edge *edges;
	size_t nedges, capedges;
	/* per type: flat and cum per node, weight per edge */
	struct cg_sums {
		struct numcol flat, cum, weight;
		struct numcol stack;	/* per distinct stack, keep_stacks */
		/* a diff's: the sizes of the stack's samples, for whether
		 * it has one of value (its sum may be 0) */
		struct numcol stack_abs, weight_abs;
		struct num sum;
		double base_abs;	/* CG_DIFF_BASE: the base's total */
	} *sums;
	size_t nsums, capsums;
	uint32_t *node_seen, *edge_seen;	/* the sample that last counted */
	size_t capns, capes;
	uint32_t serial;
	uint32_t *path;			/* a sample's nodes, root first */
	size_t cappath;
};

int cg_sample(void *g, struct prof *p, const struct sample *s,
    struct perr *e);
int cg_restart(void *g, struct perr *e);
void cg_free(struct callgraph *g);

/* The figures of a chosen type (measure_choose on g->m): a node's flat
 * and cum, an edge's weight. */
struct num cg_flat(const struct callgraph *g, const struct measure_choice *c,
    uint32_t node);
struct num cg_cum(const struct callgraph *g, const struct measure_choice *c,
    uint32_t node);
struct num cg_weight(const struct callgraph *g,
    const struct measure_choice *c, uint32_t edge);
struct num cg_total(const struct callgraph *g,
    const struct measure_choice *c);
/* What percentages are of: as pprof's, the total before tsvfocus's
 * filters where it left it (measure_total_before), unless relative
 * (pprof's -relative_percentages) or a diff; else cg_total. */
struct num cg_percent_total(const struct callgraph *g, const struct prof *p,
    const struct measure_choice *c, int relative);
/* Whether distinct stack k has a sample of value in c (pprof passes over
 * the others; a diff's stack may sum to 0 over samples that are not). */
int cg_stack_counts(const struct callgraph *g, const struct measure_choice *c,
    size_t k);
/* The same of an edge: whether a sample of value makes the call. */
int cg_edge_counts(const struct callgraph *g, const struct measure_choice *c,
    uint32_t edge);

/* A node or an edge with its figures of a chosen type and its names:
 * what the two printers (peek, dot) sort, in pprof's orders. */
struct cg_node_fig {
	uint32_t node;
	struct num flat, cum;
	const char *name;
	size_t len;
};
struct cg_edge_fig {
	uint32_t edge;
	struct num w;
	const char *from, *to;	/* the caller's and the callee's names */
	size_t flen, tlen;
};
void cg_node_fig(const struct callgraph *g, const struct measure_choice *c,
    uint32_t node, struct cg_node_fig *f);
void cg_edge_fig(const struct callgraph *g, const struct measure_choice *c,
    uint32_t edge, struct cg_edge_fig *f);

/* qsort orders of pprof: FlatNameOrder for nodes (flat in size, name,
 * cum in size), edgeList's for edges (weight in size, the caller's name,
 * the callee's); of cg_node_fig and cg_edge_fig, or of a struct that
 * begins with one. */
int cg_cmp_flat(const void *x, const void *y);
int cg_cmp_edges(const void *x, const void *y);

/*
 * The edges of the graph pprof rebuilds on the nodes it keeps (kept[node]
 * nonzero; graph.New with KeptNodes), from the stacks kept (keep_stacks):
 * each kept node to the next kept one in a stack, once per stack, its
 * weight the stacks' (type c), residual when it passes over dropped
 * nodes in some stack, inline when the callee is an inlined frame in
 * every one. In *edges (malloc'ed), *n of them. 0, or -1 when out of
 * memory.
 */
struct cg_redge {
	uint32_t from, to;
	struct num w;		/* the figure of c */
	int residual, inline_call;
};
int cg_rebuild(const struct callgraph *g, const struct measure_choice *c,
    const unsigned char *kept, struct cg_redge **edges, size_t *n);

/* The figure of c of distinct stack k. */
struct num cg_stack_figure(const struct callgraph *g,
    const struct measure_choice *c, size_t k);

/* Distinct stack k: its tag set, its path from the root (*n entries,
 * each node << 1 | inlined, read with cg_path: the strings of a strtab
 * lie at any byte). */
static inline const unsigned char *
cg_stack(const struct callgraph *g, size_t k, uint32_t *tagset, size_t *n)
{
	const unsigned char *key =
	    (const unsigned char *)strtab_str(&g->stacks, k);

	memcpy(tagset, key, sizeof(*tagset));
	*n = strtab_len(&g->stacks, k) / sizeof(uint32_t) - 1;
	return key + sizeof(uint32_t);
}

/* Tag set t: its string labels' text (*labels, *llen bytes), and its
 * "bytes" entries from *bytes to *end, each "number\tunit\0". */
static inline void
cg_tagset(const struct callgraph *g, uint32_t t, const char **labels,
    size_t *llen, const char **bytes, const char **end)
{
	const char *s = strtab_str(&g->tagsets, t);
	uint32_t n;

	memcpy(&n, s, sizeof(n));
	*labels = s + sizeof(n);
	*llen = n;
	*bytes = *labels + n;
	*end = s + strtab_len(&g->tagsets, t);
}

static inline uint32_t
cg_path(const unsigned char *path, size_t d)
{
	uint32_t v;

	memcpy(&v, path + d * sizeof(v), sizeof(v));
	return v;
}

/* Each node's edges, in and out (a call to itself once), in edge order:
 * node x's are (*adj)[(*start)[x] .. (*start)[x + 1]). Found once, so
 * that a walk over every node's edges is linear. 0, or -1 when out of
 * memory; free both. */
int cg_adjacency(const struct callgraph *g, uint32_t **start,
    uint32_t **adj);

#endif
