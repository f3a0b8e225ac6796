/* flame.h: a flame graph of a stack tree as one self-contained SVG: a box
 * per stack prefix, its width the value's share, children sorted by name;
 * a small script of its own zooms, searches and shows details. */
#ifndef FLAME_H
#define FLAME_H

#include "sample/stacks.h"

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
	const char *shown;	/* with unit NULL: the one unit to show the
				 * values in, two decimals (a page's, chosen
				 * by its table); NULL: as tsvtop would */
	const char *id;		/* prefix of the SVG's ids (letters and
				 * '-'), for several on a page; NULL: none */
	const char *trim;	/* prefixes cut from file names shown
				 * (pprof's -trim_path); NULL: none */
};

int flame_write(const struct stacks *st, const struct prof *p,
    const struct flame_opts *opts, struct output *o, struct perr *e);

/* (the report's refine data uses it too) */
/* c's unit for a profile's pictures as tsvtop's table chooses it
 * (SHOW_MIN: from the functions' selfs and totals of stacks column col,
 * those under pprof's node fraction where a source is not R's left
 * out). Not for a choice that adds another type's sums (c->mixed:
 * sources of several intervals): a box holds one type's. */
void svg_choose_unit(const struct stacks *st, const struct prof *p,
    struct measure_choice *c, size_t col);

/* The fill of frame (flame_impl.h's ROOT: the root) as a flame graph
 * draws it, not a diff, given its short name (shortname.h), slen bytes:
 * "rgb(r,g,b)" into buf. */
void flame_frame_fill(const struct stacks *st, uint32_t frame,
    const char *sname, size_t slen, char *buf, size_t size);

#endif
