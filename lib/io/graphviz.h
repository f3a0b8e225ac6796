/* graphviz.h: Graphviz's dot, run to lay out a call graph (the report's
 * tab): found on PATH, given the DOT and writing the SVG. */
#ifndef GRAPHVIZ_H
#define GRAPHVIZ_H

#include "base/perr.h"

/* Whether dot is on PATH (else /usr/bin:/bin). */
int graphviz_found(void);
/* dot -Tsvg reading the DOT from dot_fd (from where it is) and writing
 * the SVG into svg_fd: 0, or -1 with e saying why. ctx is unused (the
 * report's layout callback). */
int graphviz_layout(void *ctx, int dot_fd, int svg_fd, struct perr *e);

#endif
