/* prune.h: the call graph as pprof trims it for a picture
 * (report.newTrimmedGraph in visual mode): nodes under a fraction of the
 * total dropped and the graph rebuilt on the rest, the nodecount most
 * telling nodes by pprof's entropy score kept and the graph rebuilt
 * again, so that an edge may pass over dropped nodes (residual); edges
 * under a fraction dropped, and residual edges that another path makes
 * redundant removed. */
#ifndef PRUNE_H
#define PRUNE_H

#include "views/graph/callgraph.h"

/* A tag of a node drawn (pprof's LabelTags, NumericTags): a sample's
 * string labels (labels, their joined text), or one of its "bytes"
 * numbers under them (numeric: its value, unit, and name). */
struct ptag {
	uint32_t node;
	uint32_t labels;	/* in tagnames */
	uint32_t name;		/* in tagnames: << 1, | 1 when numeric; the
				 * numeric's text is labels' id (4 bytes),
				 * then its name */
	int numeric;
	int64_t value;
	const char *unit;
	double flat, cum;
};

struct pruned {
	unsigned char *kept;		/* per node: drawn */
	size_t nkept;
	struct cg_redge *edges;		/* drawn, with removed ones gone */
	size_t nedges;
	/* the legend: nodes dropped under the cut, nodes before the
	 * nodecount (pprof's origCount), edges dropped under theirs */
	size_t dropped_nodes, orig, dropped_edges;
	double ncut, ecut;
	/* the drawn nodes' tags above the cut, by node */
	struct ptag *tags;
	size_t ntags;
	struct strtab tagnames;
};

/* g must have kept its stacks (keep_stacks). nodecount 0: all; the
 * fractions 0: none. 0, or -1 when out of memory. */
int graph_prune(const struct callgraph *g, const struct measure_choice *c,
    double nodefraction, double edgefraction, long nodecount,
    struct pruned *out);
void pruned_free(struct pruned *p);

#endif
