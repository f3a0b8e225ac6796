/* peek.h: pprof's -peek: for each function whose name matches, its
 * callers and callees with the calls' values and shares of its cum, and
 * its flat and cum: as pprof prints them (a block a function, the
 * function in the middle), or as a table of self-describing rows. */
#ifndef PEEK_H
#define PEEK_H

#include "re/re.h"
#include "views/graph/callgraph.h"

struct peek_opts {
	struct re *match;	/* NULL: every function (pprof's -tree) */
	const char *type;	/* NULL: the default (measure.h) */
	const char *unit;	/* as measure_choose's */
	int quiet;		/* no header lines */
	int table;		/* rows, not pprof's blocks */
	int relative;		/* percentages of what is left */
};

/* 0; 1 when no function matches (nothing written but the header); -1
 * with e saying why. */
int peek_write(const struct callgraph *g, const struct prof *p,
    const struct peek_opts *o, struct output *out, struct perr *e);

#endif
