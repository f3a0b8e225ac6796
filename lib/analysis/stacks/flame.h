/* flame.h: a flame graph of a stack tree as one self-contained SVG: a box
 * per stack prefix, its width the value's share, children sorted by name;
 * a small script of its own zooms, searches and shows details. */
#ifndef FLAME_H
#define FLAME_H

#include "analysis/stacks/stacks.h"

struct flame_opts {
	const char *type;	/* the value type (NULL: measure.h's default) */
	int icicle;		/* root at the top */
	int diff;		/* series 0 is the base (-d): colour by change */
	double width;		/* of the image, px */
	double minwidth;	/* narrower frames are not drawn, px */
	const char *title;	/* NULL: the type and the sources */
	const char *sources;	/* for the default title: the sources' URIs */
	const char *unit;	/* measure_choose's (NULL: tsvtop's, R's
				 * samples as time; a difference, "raw") */
	int normalize;		/* the base scaled to the others' sum */
	const char *id;		/* prefix of the SVG's ids (letters and
				 * '-'), for several on a page; NULL: none */
	const char *trim;	/* prefixes cut from file names shown
				 * (pprof's -trim_path); NULL: none */
};

int flame_write(const struct stacks *st, const struct prof *p,
    const struct flame_opts *opts, struct output *o, struct perr *e);

#endif
