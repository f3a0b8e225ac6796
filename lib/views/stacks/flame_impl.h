/* flame_impl.h: what the flame graph (flame.c) and the flame chart
 * (chart.c) share: the SVG, its boxes and its script (flame_svg.c). */
#ifndef FLAME_IMPL_H
#define FLAME_IMPL_H

#include "views/stacks/flame.h"

#define ROOT UINT32_MAX	/* the frame of the root box, "all" */
/* Pictures are bounded in depth as in width: above this level a stack's
 * frames are one box, DEEPER (a stack of a million frames was a 224 MB
 * chart). */
#define SVG_MAX_DEPTH 1024
#define DEEPER (UINT32_MAX - 1)
#define DEEPER_NAME "(deeper frames, not drawn)"
#define SVG_PAD 10	/* px left and right of the boxes */

/* A box: its frame (ROOT, DEEPER), level, place and values. */
struct box {
	uint32_t frame;
	int depth;
	double x, w, tot, base;
};

struct svg {
	const struct stacks *st;
	const struct flame_opts *opts;
	struct output *o;
	double total, btotal;	/* the root's value, and the base's */
	double span;		/* the root's width in px */
	int depth;		/* the deepest level drawn */
	const char *unit;	/* of the sums */
	/* how values are shown (figure.h): in the unit tsvtop shows the
	 * profile in; NULL: as summed, with unit */
	const struct measure_choice *c;
	int axis;		/* a time axis under the boxes (a chart) */
};

/* The width of a value: its share of the root's, none for what is not
 * positive. */
double svg_px(const struct svg *g, double v);
/* The SVG before the boxes (g->depth set): title, subtitle (what tells
 * the x axis, then how to use it), legend. 0, or -1 out of memory. */
int svg_begin(struct svg *g, const struct measure_choice *c,
    const char *what);
/* A box. */
void svg_box(struct svg *g, const struct box *bx);
/* The rest: the script. */
void svg_end(struct svg *g);

#endif
