/* prune.h: the call graph as pprof trims it for a picture
 * (report.newTrimmedGraph in visual mode): nodes under a fraction of the
 * total dropped and the graph rebuilt on the rest, the nodecount most
 * telling nodes by pprof's entropy score kept and the graph rebuilt
 * again, so that an edge may pass over dropped nodes (residual); edges
 * under a fraction dropped, and residual edges that another path makes
 * redundant removed. */
#ifndef PRUNE_H
#define PRUNE_H

#include "analysis/graph/callgraph.h"

struct pruned {
	unsigned char *kept;		/* per node: drawn */
	size_t nkept;
	struct cg_redge *edges;		/* drawn, with removed ones gone */
	size_t nedges;
	/* the legend: nodes dropped under the cut, nodes before the
	 * nodecount (pprof's origCount), edges dropped under theirs */
	size_t dropped_nodes, orig, dropped_edges;
	double ncut, ecut;
};

/* g must have kept its stacks (keep_stacks). nodecount 0: all; the
 * fractions 0: none. 0, or -1 when out of memory. */
int graph_prune(const struct callgraph *g, const struct measure_choice *c,
    double nodefraction, double edgefraction, long nodecount,
    struct pruned *out);
void pruned_free(struct pruned *p);

#endif
