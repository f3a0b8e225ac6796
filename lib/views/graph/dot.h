/* dot.h: the call graph (callgraph.h) as Graphviz DOT, as go tool pprof
 * -dot draws it: a box per function with its flat and cum (font size by
 * flat, colour by cum), an arrow per call with its value (width and
 * colour by it), inline calls marked; pruned as pprof prunes by default
 * (nodes under a fraction of the total, then the nodecount most telling
 * nodes by pprof's entropy score, edges under a fraction), each setting
 * 0 to keep everything. Nodes and edges also carry their exact figures as
 * plain attributes (fn, flat, cum; value) for scripts. */
#ifndef DOT_H
#define DOT_H

#include "views/graph/callgraph.h"

struct dot_opts {
	const char *type, *unit;	/* as measure_choose's */
	double nodefraction;		/* pprof's defaults: 0.005 */
	double edgefraction;		/* 0.001 */
	long nodecount;			/* 80; 0: all */
	const char *title;		/* NULL: "unnamed" as pprof's */
	int relative;			/* percentages of what is left */
};

int dot_write(const struct callgraph *g, const struct prof *p,
    const struct dot_opts *o, struct output *out, struct perr *e);

#endif
