/*
 * The SVG of a flame graph or chart: its boxes, coloured and labelled,
 * the title, legend and the script that zooms and searches.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/markup.h"
#include "views/stacks/flame_impl.h"
#include "io/srcfile.h"
#include "sample/shortname.h"
#include "sample/figure.h"
#include "sample/units.h"
/* flame.js, beside this file: plain ES5 that runs in a standalone SVG and
 * in one inlined into HTML, a function of the prefix of the SVG's element
 * ids (svg_end calls it) so that several graphs share a page. */
#include "views/stacks/flame.js.h"

#define FRAME_H 16	/* px per level */
#define FONT 12
#define PAD SVG_PAD
#define TOP (3 * FONT + 8)	/* title and subtitle */
#define BOTTOM (3 * FONT + 14)	/* legend, details, matched */
#define AXIS_H 20		/* a chart's axis: ticks and their values */

static void
num(struct output *o, double v)
{
	char b[64];

	snprintf(b, sizeof(b), "%.3f", v);
	out_str(o, b);
}

/* The fill of a frame: warm, hashed from its family (the package, class
 * or namespace of its short name, as pprof colours by package; a name of
 * none, as R's, by itself: the same family the same colour in every
 * graph); R's <GC> green; other pseudo-frames grey-blue; native code (an
 * address no symbol names) aqua. ROOT: the root's orange. */
void
flame_frame_fill(const struct stacks *st, uint32_t frame, const char *sname,
    size_t slen, char *buf, size_t size)
{
	const struct frame *f = frame != ROOT ? &st->frames[frame] : NULL;
	size_t len = 0;
	const char *name = "";
	uint64_t h;
	double v1, v2, v3;

	if (f != NULL)
		name = stacks_frame_name(st, frame, &len);
	/* (its short name, which the box is labelled with) */
	if (f != NULL && (f->kind == FRAME_PLAIN || f->kind == FRAME_SYSTEM)) {
		len = short_name_family(sname, slen);
		name = sname;
	}
	h = hash_bytes(name, len);
	v1 = (double)(h & 0xffff) / 65535;
	v2 = (double)(h >> 16 & 0xffff) / 65535;
	v3 = (double)(h >> 32 & 0xffff) / 65535;
	if (f == NULL)
		snprintf(buf, size, "rgb(235,140,60)");
	else if (strcmp(name, "<GC>") == 0)
		snprintf(buf, size, "rgb(%d,%d,%d)", 80 + (int)(40 * v1),
		    180 + (int)(50 * v2), 80 + (int)(40 * v3));
	else if (f->kind == FRAME_SPECIAL)
		snprintf(buf, size, "rgb(%d,%d,%d)", 150 + (int)(40 * v1),
		    160 + (int)(40 * v1), 200 + (int)(40 * v2));
	else if (f->kind == FRAME_NATIVE)	/* shades apart, as the warm */
		snprintf(buf, size, "rgb(%d,%d,%d)", 20 + (int)(120 * v1),
		    150 + (int)(90 * v2), 150 + (int)(90 * v3));
	else if (f->kind == FRAME_SYSTEM)	/* muted: beige, by family */
		snprintf(buf, size, "rgb(%d,%d,%d)", 205 + (int)(25 * v1),
		    195 + (int)(25 * v1), 170 + (int)(25 * v2));
	else
		snprintf(buf, size, "rgb(%d,%d,%d)", 205 + (int)(50 * v3),
		    (int)(230 * v1), (int)(55 * v2));
}

/* A box's fill: its frame's; in a differential graph, red where the
 * frame grew against the base, blue where it shrank, by how much. */
static void
fill(struct svg *g, const struct box *bx, const char *sname, size_t slen,
    char *buf, size_t size)
{
	double d, m;

	if (bx->frame == DEEPER) {
		snprintf(buf, size, "rgb(200,200,200)");
		return;
	}
	if (!g->opts->diff) {
		flame_frame_fill(g->st, bx->frame, sname, slen, buf, size);
		return;
	}
	d = bx->tot - bx->base;
	m = fmax(bx->tot, bx->base);
	d = m > 0 ? d / m : 0;
	if (d > 0)
		snprintf(buf, size, "rgb(255,%d,%d)", (int)(210 * (1 - d)),
		    (int)(210 * (1 - d)));
	else if (d < 0)
		snprintf(buf, size, "rgb(%d,%d,255)", (int)(210 * (1 + d)),
		    (int)(210 * (1 + d)));
	else
		snprintf(buf, size, "rgb(235,235,235)");
}

/* The name as it fits in w px: pprof's short name (shortname.h), its
 * start, cut at the right with an ellipsis; the whole name is in the
 * tooltip. The script does the same when zooming. */
static void
label(struct output *o, const char *name, size_t len, double w)
{
	double fit = floor((w - 6) / (FONT * 0.59));
	size_t to;

	if (!(fit >= 3))
		return;
	if ((double)len <= fit) {
		out_xml(o, name, len);
		return;
	}
	/* whole UTF-8 characters only: not before a continuation byte */
	to = (size_t)fit - 1;
	while (to > 0 && ((unsigned char)name[to] & 0xc0) == 0x80)
		to--;
	out_xml(o, name, to);
	out_str(o, "\xe2\x80\xa6");
}

/* v, as the table shows it: a figure in the profile's unit, or the sum
 * and its unit */
static void
svg_value(struct svg *g, double v)
{
	const struct measure_choice *c = g->c;
	struct output *o = g->o;

	if (c == NULL || c->how == SHOW_RAW) {
		out_dbl(o, v);
		out_char(o, ' ');
		out_xml_str(o, g->unit);
		return;
	}
	figure_write(o, c, measure_figure(c, num_of_dbl(v), num_of_i64(0)));
	if (c->how == SHOW_MIN || c->how == SHOW_UNIT) {
		out_char(o, ' ');
		out_xml_str(o, c->show);
	}
}

/* The unit a picture's title names: the one its values are shown in. */
static const char *
shown_unit(const struct svg *g)
{
	const struct measure_choice *c = g->c;

	return c != NULL && (c->how == SHOW_MIN || c->how == SHOW_UNIT) ?
	    c->show : g->unit;
}

void
svg_choose_unit(const struct stacks *st, const struct prof *p,
    struct measure_choice *c, size_t col)
{
	double *self = NULL, *tot = NULL, flat = 0, frac = 0, cut, lo = 0, v,
	    total = 0;
	uint32_t *seen = NULL;
	const uint32_t *fr;
	size_t i, k, n;

	if (c->how != SHOW_MIN)
		return;
	if ((self = calloc(st->nframes + 1, sizeof(*self))) == NULL ||
	    (tot = calloc(st->nframes + 1, sizeof(*tot))) == NULL ||
	    (seen = calloc(st->nframes + 1, sizeof(*seen))) == NULL)
		goto done;
	for (i = 0; i < st->nstacks; i++) {
		v = stacks_value(st, col, i).d * c->scale;
		if (v == 0)
			continue;
		fr = stacks_frames(st, i, &n);
		for (k = 0; k < n; k++)
			if (seen[fr[k]] != i + 1) {
				seen[fr[k]] = (uint32_t)i + 1;
				tot[fr[k]] += v;
			}
		if (n > 0)
			self[fr[n - 1]] += v;
		total += v;
	}
	/* tsvtop's rows: pprof's node fraction where a source is pprof's */
	for (i = 0; i < p->nsources; i++)
		if (strcmp(prof_str(p, p->sources[i].type), SOURCE_RPROF) != 0)
			frac = 0.005;
	for (i = 0; i < st->nframes; i++)
		flat += self[i];
	cut = fabs(trunc(flat * frac));
	for (i = 0; i < st->nframes; i++) {
		if ((self[i] == 0 && tot[i] == 0) || (frac > 0 &&
		    fabs(tot[i]) < cut))
			continue;
		v = fabs(self[i]) > 0 ? fabs(self[i]) : fabs(tot[i]);
		if (v > 0 && (lo == 0 || v < lo))
			lo = v;
	}
	c->show = figure_min_unit(c, lo, total);
done:
	if (self == NULL || tot == NULL || seen == NULL) {
		/* (out of memory: as summed) */
		c->how = SHOW_RAW;
		c->scale = 1;
	}
	free(self);
	free(tot);
	free(seen);
}

void
svg_box(struct svg *g, const struct box *bx)
{
	struct output *o = g->o;
	const struct stacks *st = g->st;
	const char *name = "all", *file = "";
	size_t len = 3, slen;
	char sname[512];
	double y, x = bx->x, w = bx->w, total = g->total;
	char col[64], b[128];

	if (bx->frame == DEEPER) {
		name = DEEPER_NAME;
		len = strlen(name);
	} else if (bx->frame != ROOT) {
		name = stacks_frame_name(st, bx->frame, &len);
		file = strtab_str(&st->strs, st->frames[bx->frame].file);
		/* as the page's other views show it */
		if (g->opts->trim != NULL)
			file = srcfile_trim(file, g->opts->trim, NULL);
	}
	y = g->opts->icicle ? TOP + bx->depth * FRAME_H :
	    TOP + (g->depth - bx->depth) * FRAME_H;
	slen = bx->frame != ROOT && bx->frame != DEEPER ?
	    short_name(sname, sizeof(sname), name, len) : len;
	if (bx->frame == ROOT || bx->frame == DEEPER)
		memcpy(sname, name, len);
	fill(g, bx, sname, slen, col, sizeof(col));
	out_str(o, "<g class=\"f\" data-d=\"");
	out_u64(o, (uint64_t)bx->depth);
	out_str(o, "\" data-v=\"");
	out_dbl(o, bx->tot);
	/* the short name, for the script's labels when zoomed */
	if (slen != len || memcmp(sname, name, len) != 0) {
		out_str(o, "\" data-s=\"");
		out_xml(o, sname, slen);
	}
	out_str(o, "\"><title>");
	out_xml(o, name, len);
	out_char(o, '\n');
	if (*file != '\0') {
		out_xml_str(o, file);
		out_char(o, '\n');
	}
	svg_value(g, bx->tot);
	snprintf(b, sizeof(b), " (%.2f%%)", total > 0 ? bx->tot / total *
	    100 : 0.0);
	out_str(o, b);
	if (g->opts->diff) {
		out_str(o, "\nbase ");
		svg_value(g, bx->base);
		snprintf(b, sizeof(b), ", change %+.2f%%", bx->base > 0 ?
		    (bx->tot - bx->base) / bx->base * 100 : 100.0);
		out_str(o, bx->base > 0 || bx->tot > 0 ? b : "");
	}
	out_str(o, "</title><rect x=\"");
	num(o, x);
	out_str(o, "\" y=\"");
	num(o, y);
	out_str(o, "\" width=\"");
	num(o, w);
	out_str(o, "\" height=\"");
	out_u64(o, FRAME_H - 1);
	out_str(o, "\" rx=\"2\" fill=\"");
	out_str(o, col);
	out_str(o, "\"/><text x=\"");
	num(o, x + 3);
	out_str(o, "\" y=\"");
	num(o, y + FRAME_H - 4.5);
	out_str(o, "\">");
	label(o, sname, slen, w);
	out_str(o, "</text></g>\n");
}

/* The title: as given, else the type, its unit and the inputs. Centred
 * between the edge and the Search button, a longer one is cut (the type
 * first stays) and whole in its tooltip. */
static int
title(struct output *o, const struct flame_opts *opts,
    const struct measure_choice *c, const char *unit, double width)
{
	const char *src = opts->sources != NULL ? opts->sources : "";
	double fit = floor((width - 2 * (PAD + 70)) / (17 * 0.59));
	const char *sep = *src != '\0' ? ": " : "";
	char *t;
	size_t len, n;

	len = opts->title != NULL ? strlen(opts->title) : strlen(c->name) +
	    strlen(unit) + strlen(sep) + strlen(src) + 3;
	if ((t = malloc(len + 1)) == NULL)
		return -1;
	if (opts->title != NULL)
		memcpy(t, opts->title, len + 1);
	else
		snprintf(t, len + 1, "%s (%s)%s%s", c->name, unit, sep, src);
	if (fit < 3 || (double)len <= fit)
		out_xml(o, t, len);
	else {
		out_str(o, "<title>");
		out_xml(o, t, len);
		out_str(o, "</title>");
		n = (size_t)fit - 2;
		while (n > 0 && ((unsigned char)t[n] & 0xc0) == 0x80)
			n--;
		out_xml(o, t, n);
		out_str(o, "..");
	}
	free(t);
	return 0;
}

/* The width of a value: its share of the root's (a fraction first: the
 * root may be as small as 1e-320, whose inverse is no double), none for
 * what is not positive. */
double
svg_px(const struct svg *g, double v)
{
	return v > 0 && g->total > 0 ? v / g->total * g->span : 0;
}

/* An id (or a CSS selector of one): the SVG's prefix, then name. */
static void
id(struct output *o, const struct svg *g, const char *name)
{
	if (g->opts->id != NULL)
		out_str(o, g->opts->id);
	out_str(o, name);
}

/* A CSS selector under the picture's id: "#flame", then #name (NULL:
 * none), then rest. */
static void
scoped(struct output *o, const struct svg *g, const char *name,
    const char *rest)
{
	out_char(o, '#');
	id(o, g, "flame");
	if (name != NULL) {
		out_str(o, " #");
		id(o, g, name);
	}
	out_str(o, rest);
}

int
svg_begin(struct svg *g, const struct measure_choice *c, const char *what)
{
	const struct flame_opts *opts = g->opts;
	struct output *o = g->o;
	double width = opts->width, height;

	height = TOP + (g->depth + 1) * FRAME_H + (g->axis ? AXIS_H : 0) +
	    BOTTOM;
	out_str(o, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
	    "<svg version=\"1.1\" id=\"");
	id(o, g, "flame");
	out_str(o, "\" width=\"");
	num(o, width);
	out_str(o, "\" height=\"");
	num(o, height);
	out_str(o, "\" viewBox=\"0 0 ");
	num(o, width);
	out_char(o, ' ');
	num(o, height);
	/* each rule under the picture's id: a page that holds it (the
	 * report) holds Graphviz's SVG too, whose text sizes a bare "text"
	 * rule would override */
	out_str(o, "\" xmlns=\"http://www.w3.org/2000/svg\">\n<style>\n");
	scoped(o, g, NULL, " text { font-family: Verdana, sans-serif; "
	    "font-size: 12px; fill: rgb(0,0,0); }\n");
	scoped(o, g, "title", " { font-size: 17px; text-anchor: middle; }\n");
	scoped(o, g, "subtitle", " { text-anchor: middle; fill: "
	    "rgb(90,90,90); }\n");
	scoped(o, g, "search", ", ");
	scoped(o, g, "matched", " { text-anchor: end; }\n");
	scoped(o, g, "search", " { cursor: pointer; fill: rgb(60,60,160); "
	    "}\n");
	scoped(o, g, NULL, " .f { cursor: pointer; }\n");
	scoped(o, g, NULL, " .f:hover rect { stroke: rgb(0,0,0); "
	    "stroke-width: 0.5; }\n");
	scoped(o, g, NULL, " .parent { opacity: 0.5; }\n");
	out_str(o, "</style>\n"
	    "<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" "
	    "fill=\"rgb(248,248,244)\"/>\n<text id=\"");
	id(o, g, "title");
	out_str(o, "\" x=\"");
	num(o, width / 2);
	out_str(o, "\" y=\"20\">");
	if (title(o, opts, c, shown_unit(g), width) < 0)
		return -1;
	out_str(o, "</text>\n<text id=\"");
	id(o, g, "subtitle");
	out_str(o, "\" x=\"");
	num(o, width / 2);
	out_str(o, "\" y=\"38\">total ");
	svg_value(g, g->total);
	if (opts->diff) {
		out_str(o, ", base ");
		svg_value(g, g->btotal);
	}
	out_str(o, what);
	out_str(o, opts->icicle ? "; root at the top" : "");
	out_str(o, "; click a frame to zoom, Escape or the root to reset, "
	    "Ctrl-F or / to search</text>\n<text id=\"");
	id(o, g, "search");
	out_str(o, "\" x=\"");
	num(o, width - PAD);
	out_str(o, "\" y=\"20\">Search</text>\n<text id=\"");
	id(o, g, "legend");
	out_str(o, "\" x=\"10\" y=\"");
	num(o, height - BOTTOM + FONT + 6);
	out_str(o, opts->diff ? "\">red: grew against the base source, blue: "
	    "shrank, by how much (width: the other sources)</text>\n" :
	    "\">warm: functions (a colour a package); green: R's &lt;GC&gt;; "
	    "grey-blue: &lt;toplevel&gt;, &lt;Anonymous&gt;, unknown frames; "
	    "aqua: addresses of no symbol; beige: the runtime, the "
	    "kernel</text>\n");
	out_str(o, "<text id=\"");
	id(o, g, "details");
	out_str(o, "\" x=\"10\" y=\"");
	num(o, height - BOTTOM + 2 * FONT + 10);
	out_str(o, "\"> </text>\n<text id=\"");
	id(o, g, "matched");
	out_str(o, "\" x=\"");
	num(o, width - PAD);
	out_str(o, "\" y=\"");
	num(o, height - BOTTOM + 2 * FONT + 10);
	out_str(o, "\"></text>\n<g id=\"");
	id(o, g, "frames");
	out_str(o, "\">\n");
	return 0;
}

/* The values the axis counts in: the total shown, and its unit. */
static void
axis_total(const struct svg *g, double *total, const char **unit)
{
	const struct measure_choice *c = g->c;

	*total = g->total;
	*unit = g->unit;
	if (c != NULL && (c->how == SHOW_MIN || c->how == SHOW_UNIT) &&
	    unit_scale(g->total * c->scale, c->unit, c->show, total,
	    unit) == 0)
		*unit = c->show;
}

/* A tick's step over a range: 1, 2 or 5 times a power of ten, some
 * 90 px apart (the script chooses the same on zooming). */
static double
axis_step(double range, double span)
{
	double n = floor(span / 90), raw, p, m;

	raw = range / (n >= 1 ? n : 1);
	if (!(raw > 0))
		return 0;
	p = pow(10, floor(log10(raw)));
	m = raw / p;
	return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/* A chart's time axis (profvis's): ticks of the value from its left
 * edge, in the unit the values are shown in; the script draws them
 * again for the range zoomed to. */
static void
axis(struct svg *g)
{
	struct output *o = g->o;
	double total, step, t, x, y = TOP + (g->depth + 1) * FRAME_H + 2;
	const char *unit;
	char b[64];
	int k;

	axis_total(g, &total, &unit);
	out_str(o, "<g id=\"");
	id(o, g, "axis");
	snprintf(b, sizeof(b), "%.17g", total);
	out_str(o, "\" data-t=\"");
	out_str(o, b);
	out_str(o, "\" data-u=\"");
	out_xml_str(o, unit);
	out_str(o, "\" data-y=\"");
	num(o, y);
	out_str(o, "\">");
	step = axis_step(total, g->span);
	for (k = 0; step > 0 && (t = k * step) <= total * (1 + 1e-9) &&
	    k < 1000; k++) {
		x = PAD + (total > 0 ? t / total * g->span : 0);
		out_str(o, "<line x1=\"");
		num(o, x);
		out_str(o, "\" x2=\"");
		num(o, x);
		out_str(o, "\" y1=\"");
		num(o, y);
		out_str(o, "\" y2=\"");
		num(o, y + 4);
		out_str(o, "\" stroke=\"rgb(90,90,90)\"/><text x=\"");
		num(o, x);
		out_str(o, "\" y=\"");
		num(o, y + 15);
		snprintf(b, sizeof(b), "%.12g", t);
		out_str(o, "\" font-size=\"10\" text-anchor=\"middle\">");
		out_str(o, b);
		out_char(o, ' ');
		out_xml_str(o, unit);
		out_str(o, "</text>");
	}
	out_str(o, "</g>\n");
}

void
svg_end(struct svg *g)
{
	out_str(g->o, "</g>\n");
	if (g->axis)
		axis(g);
	out_str(g->o, "<script><![CDATA[\n");
	out_str(g->o, flame_js);
	out_str(g->o, "('");
	if (g->opts->id != NULL)
		out_str(g->o, g->opts->id);
	out_str(g->o, "');\n]]></script>\n</svg>\n");
}
