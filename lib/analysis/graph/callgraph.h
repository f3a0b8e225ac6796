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

#include "analysis/sample/measure.h"
#include "analysis/sample/select.h"

struct cg_edge {
	uint32_t from, to;		/* nodes */
	int inline_call;		/* an edge into an inlined frame */
	int residual;			/* (pprof's: over nodes dropped) */
};

struct callgraph {
	const struct source_set *sources;
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
		struct num sum;
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

/* Each node's edges, in and out (a call to itself once), in edge order:
 * node x's are (*adj)[(*start)[x] .. (*start)[x + 1]). Found once, so
 * that a walk over every node's edges is linear. 0, or -1 when out of
 * memory; free both. */
int cg_adjacency(const struct callgraph *g, uint32_t **start,
    uint32_t **adj);

#endif
