/*
 * The flame graph. Each node's total (its own value and its children's)
 * gives its width; children are laid out left to right by name, so two
 * runs of one program look alike; a frame narrower than minwidth is not
 * drawn, nor anything above it, and its width stays in its parent. The
 * tree is walked without recursion: stacks can be deep.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "io/markup.h"
#include "analysis/flame.h"
#include "analysis/flame_script.h"

#define FRAME_H 16	/* px per level */
#define FONT 12
#define PAD 10
#define TOP (3 * FONT + 8)	/* title and subtitle */
#define BOTTOM (3 * FONT + 14)	/* legend, details, matched */

struct layout {
	const struct stacks *st;
	const struct flame_opts *opts;
	struct output *o;
	double *tot, *base;	/* per node: the width's value, the base's */
	uint32_t *first, *kids;	/* children of node n: kids[first[n]..] */
	double total, span;	/* the root's value, and its width in px */
	int depth;		/* the deepest level drawn */
	const char *unit;
};

static void
num(struct output *o, double v)
{
	char b[64];

	snprintf(b, sizeof(b), "%.3f", v);
	out_str(o, b);
}

/* The fill of a frame: warm, hashed from the name (the same name the
 * same colour in every graph); R's <GC> green; other pseudo-frames
 * grey-blue; native code aqua. In a differential graph: red where the
 * frame grew against the base, blue where it shrank, by how much. */
static void
fill(struct layout *l, uint32_t n, char *buf, size_t size)
{
	const struct stacks *st = l->st;
	const struct frame *f;
	size_t len = 0;
	const char *name = "";
	uint64_t h;
	double v1, v2, v3, d, m;

	/* the root is no frame (there may be none: every stack empty) */
	if (n != 0)
		name = stacks_frame_name(st, st->nodes[n].frame, &len);
	f = n != 0 ? &st->frames[st->nodes[n].frame] : NULL;
	h = hash_bytes(name, len);
	v1 = (double)(h & 0xffff) / 65535;
	v2 = (double)(h >> 16 & 0xffff) / 65535;
	v3 = (double)(h >> 32 & 0xffff) / 65535;
	if (l->opts->diff) {
		d = l->tot[n] - l->base[n];
		m = fmax(l->tot[n], l->base[n]);
		d = m > 0 ? d / m : 0;
		if (d > 0)
			snprintf(buf, size, "rgb(255,%d,%d)", (int)(210 * (1 - d)),
			    (int)(210 * (1 - d)));
		else if (d < 0)
			snprintf(buf, size, "rgb(%d,%d,255)", (int)(210 * (1 + d)),
			    (int)(210 * (1 + d)));
		else
			snprintf(buf, size, "rgb(235,235,235)");
		return;
	}
	if (n == 0)
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
	else
		snprintf(buf, size, "rgb(%d,%d,%d)", 205 + (int)(50 * v3),
		    (int)(230 * v1), (int)(55 * v2));
}

/* The name as it fits in w px: its end, after "..", since a name's end
 * says which function (pkg/path.(*T).Method); the script does the same. */
static void
label(struct output *o, const char *name, size_t len, double w)
{
	double fit = floor((w - 6) / (FONT * 0.59));
	size_t from;

	if (!(fit >= 3))
		return;
	if ((double)len <= fit) {
		out_xml(o, name, len);
		return;
	}
	/* whole UTF-8 characters only: skip continuation bytes */
	from = len - ((size_t)fit - 2);
	while (from < len && ((unsigned char)name[from] & 0xc0) == 0x80)
		from++;
	out_str(o, "..");
	out_xml(o, name + from, len - from);
}

static void
frame(struct layout *l, uint32_t n, int depth, double x, double w,
    double total)
{
	struct output *o = l->o;
	const struct stacks *st = l->st;
	const char *name = "all", *file = "";
	size_t len = 3;
	double y;
	char col[64], b[128];

	if (n != 0) {
		name = stacks_frame_name(st, st->nodes[n].frame, &len);
		file = strtab_str(&st->strs, st->frames[st->nodes[n].frame].file);
	}
	y = l->opts->icicle ? TOP + depth * FRAME_H :
	    TOP + (l->depth - depth) * FRAME_H;
	fill(l, n, col, sizeof(col));
	out_str(o, "<g class=\"f\" data-d=\"");
	out_u64(o, (uint64_t)depth);
	out_str(o, "\" data-v=\"");
	out_dbl(o, l->tot[n]);
	out_str(o, "\"><title>");
	out_xml(o, name, len);
	out_char(o, '\n');
	if (*file != '\0') {
		out_xml_str(o, file);
		out_char(o, '\n');
	}
	out_dbl(o, l->tot[n]);
	out_char(o, ' ');
	out_xml_str(o, l->unit);
	snprintf(b, sizeof(b), " (%.2f%%)", total > 0 ? l->tot[n] / total *
	    100 : 0.0);
	out_str(o, b);
	if (l->opts->diff) {
		out_str(o, "\nbase ");
		out_dbl(o, l->base[n]);
		snprintf(b, sizeof(b), ", change %+.2f%%", l->base[n] > 0 ?
		    (l->tot[n] - l->base[n]) / l->base[n] * 100 : 100.0);
		out_str(o, l->base[n] > 0 || l->tot[n] > 0 ? b : "");
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
	label(o, name, len, w);
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

struct named {
	const char *name;
	size_t len;
	uint32_t frame;
};

static int
cmp_named(const void *x, const void *y)
{
	const struct named *a = x, *b = y;
	int c = memcmp(a->name, b->name, a->len < b->len ? a->len : b->len);

	return c != 0 ? c : (a->len > b->len) - (a->len < b->len);
}

static int
cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return (a > b) - (a < b);
}

/* Sorts each node's children by name: frames ranked by name once, then
 * each group sorted as rank << 32 | node. */
static int
sort_kids(struct layout *l)
{
	const struct stacks *st = l->st;
	struct named *nm = calloc(st->nframes + 1, sizeof(*nm));
	uint32_t *rank = calloc(st->nframes + 1, sizeof(*rank));
	uint64_t *keys = calloc(st->nnodes + 1, sizeof(*keys));
	size_t i, k, a, b;

	if (nm == NULL || rank == NULL || keys == NULL) {
		free(nm);
		free(rank);
		free(keys);
		return -1;
	}
	for (i = 0; i < st->nframes; i++) {
		nm[i].name = stacks_frame_name(st, (uint32_t)i, &nm[i].len);
		nm[i].frame = (uint32_t)i;
	}
	qsort(nm, st->nframes, sizeof(*nm), cmp_named);
	for (i = 0; i < st->nframes; i++)
		rank[nm[i].frame] = (uint32_t)i;
	for (i = 0; i < st->nnodes; i++) {
		a = l->first[i];
		b = l->first[i + 1];
		if (b - a < 2)
			continue;
		for (k = a; k < b; k++)
			keys[k] = (uint64_t)rank[st->nodes[l->kids[k]].frame]
			    << 32 | l->kids[k];
		qsort(keys + a, b - a, sizeof(*keys), cmp_u64);
		for (k = a; k < b; k++)
			l->kids[k] = (uint32_t)keys[k];
	}
	free(nm);
	free(rank);
	free(keys);
	return 0;
}

/* Totals bottom-up (a child's index is above its parent's), then the
 * children of each node, by name. */
static int
prepare(struct layout *l, size_t cw, size_t cb)
{
	const struct stacks *st = l->st;
	size_t n = st->nnodes, i;
	uint32_t *fill;
	double scale;

	l->tot = calloc(n + 1, sizeof(*l->tot));
	l->base = calloc(n + 1, sizeof(*l->base));
	l->first = calloc(n + 2, sizeof(*l->first));
	l->kids = calloc(n + 1, sizeof(*l->kids));
	fill = calloc(n + 2, sizeof(*fill));
	if (l->tot == NULL || l->base == NULL || l->first == NULL ||
	    l->kids == NULL || fill == NULL) {
		free(fill);
		return -1;
	}
	scale = l->opts->diff && l->opts->normalize ?
	    stacks_base_scale(st, cb / 2) : 1;
	for (i = 0; i < n; i++) {
		l->tot[i] = stacks_value(st, cw, (uint32_t)i).d;
		l->base[i] = l->opts->diff ? stacks_value(st, cb,
		    (uint32_t)i).d : 0;
		if (scale != 1)	/* as tsv2folded -d --normalize */
			l->base[i] = trunc(l->base[i] * scale);
	}
	for (i = n; i-- > 1;) {
		l->tot[st->nodes[i].parent] += l->tot[i];
		l->base[st->nodes[i].parent] += l->base[i];
		l->first[st->nodes[i].parent + 1]++;
	}
	for (i = 1; i <= n; i++)
		l->first[i] += l->first[i - 1];
	for (i = 1; i < n; i++) {
		uint32_t p = st->nodes[i].parent;
		l->kids[l->first[p] + fill[p]++] = (uint32_t)i;
	}
	free(fill);
	return sort_kids(l);
}

/* The width of a value: its share of the root's (a fraction first: the
 * root may be as small as 1e-320, whose inverse is no double), none for
 * what is not positive. */
static double
px(const struct layout *l, double v)
{
	return v > 0 && l->total > 0 ? v / l->total * l->span : 0;
}

struct todo {
	uint32_t node;
	int depth;
	double x;
};

/* Walks the drawn tree: visit(n, depth, x, w) for each frame wide
 * enough, parents before children. */
static int
walk(struct layout *l, double total,
    void (*visit)(struct layout *, uint32_t, int, double, double, double))
{
	struct todo *stack = NULL, t;
	size_t n = 0, cap = 0;
	uint32_t k;
	double x, w;

	if (ARRAY_ROOM(stack, n, cap) < 0)
		return -1;
	stack[n++] = (struct todo){ 0, 0, PAD };
	while (n > 0) {
		t = stack[--n];
		w = px(l, l->tot[t.node]);
		visit(l, t.node, t.depth, t.x, w, total);
		/* children from the left edge, the node's own value right of
		 * them; pushed right to left, so the leftmost comes next */
		x = t.x;
		for (k = l->first[t.node]; k < l->first[t.node + 1]; k++)
			x += px(l, l->tot[l->kids[k]]);
		for (k = l->first[t.node + 1]; k-- > l->first[t.node];) {
			uint32_t c = l->kids[k];
			double cw = px(l, l->tot[c]);
			x -= cw;
			if (cw < l->opts->minwidth || l->tot[c] <= 0)
				continue;
			if (ARRAY_ROOM(stack, n, cap) < 0) {
				free(stack);
				return -1;
			}
			stack[n++] = (struct todo){ c, t.depth + 1, x };
		}
	}
	free(stack);
	return 0;
}

static void
measure(struct layout *l, uint32_t n, int depth, double x, double w,
    double total)
{
	(void)n;
	(void)x;
	(void)w;
	(void)total;
	if (depth > l->depth)
		l->depth = depth;
}

int
flame_write(const struct stacks *st, const struct prof *p,
    const struct flame_opts *opts, struct output *o, struct perr *e)
{
	struct layout l = { st, opts, o, NULL, NULL, NULL, NULL, 0, 0, 0, "" };
	struct measure_choice c;
	int64_t t;
	double width = opts->width, height, total;
	int rc = -1;

	if (measure_choose(&st->m, p, opts->type, opts->unit != NULL ?
	    opts->unit : "raw", &c, e) < 0)
		return -1;
	t = c.type;
	l.unit = c.unit;
	if (st->nnodes == 0 || t < 0)
		return perr_set(e, "no samples to draw");
	if (prepare(&l, 2 * (size_t)t + (opts->diff ? 1 : 0), 2 * (size_t)t)
	    < 0)
		goto done;
	total = l.total = l.tot[0];
	l.span = width - 2 * PAD;
	if (!(total > 0)) {
		rc = perr_set(e, "the values of type '%s' sum to %g: a flame "
		    "graph draws what is positive", c.name, total);
		goto fail;
	}
	if (walk(&l, total, measure) < 0)
		goto done;
	height = TOP + (l.depth + 1) * FRAME_H + BOTTOM;
	out_str(o, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
	    "<svg version=\"1.1\" id=\"flame\" width=\"");
	num(o, width);
	out_str(o, "\" height=\"");
	num(o, height);
	out_str(o, "\" viewBox=\"0 0 ");
	num(o, width);
	out_char(o, ' ');
	num(o, height);
	out_str(o, "\" xmlns=\"http://www.w3.org/2000/svg\">\n"
	    "<style>\ntext { font-family: Verdana, sans-serif; font-size: "
	    "12px; fill: rgb(0,0,0); }\n#title { font-size: 17px; "
	    "text-anchor: middle; }\n#subtitle { text-anchor: middle; fill: "
	    "rgb(90,90,90); }\n#search, #matched { text-anchor: end; }\n"
	    "#search { cursor: pointer; fill: rgb(60,60,160); }\n"
	    ".f { cursor: pointer; }\n.f:hover rect { stroke: rgb(0,0,0); "
	    "stroke-width: 0.5; }\n.parent { opacity: 0.5; }\n</style>\n"
	    "<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" "
	    "fill=\"rgb(248,248,244)\"/>\n<text id=\"title\" x=\"");
	num(o, width / 2);
	out_str(o, "\" y=\"20\">");
	if (title(o, opts, &c, l.unit, width) < 0)
		goto done;
	out_str(o, "</text>\n<text id=\"subtitle\" x=\"");
	num(o, width / 2);
	out_str(o, "\" y=\"38\">total ");
	out_dbl(o, total);
	out_char(o, ' ');
	out_xml_str(o, l.unit);
	if (opts->diff) {
		out_str(o, ", base ");
		out_dbl(o, l.base[0]);
	}
	out_str(o, opts->icicle ? "; root at the top" : "");
	out_str(o, "; click a frame to zoom, Escape or the root to reset, "
	    "Ctrl-F or / to search</text>\n<text id=\"search\" x=\"");
	num(o, width - PAD);
	out_str(o, "\" y=\"20\">Search</text>\n<text id=\"legend\" x=\"10\" "
	    "y=\"");
	num(o, height - BOTTOM + FONT + 6);
	out_str(o, opts->diff ? "\">red: grew against the base source, blue: "
	    "shrank, by how much (width: the other sources)</text>\n" :
	    "\">warm: functions (colour from the name); green: R's &lt;GC&gt;; "
	    "grey-blue: &lt;toplevel&gt;, &lt;Anonymous&gt;, unknown frames; "
	    "aqua: native code</text>\n");
	out_str(o, "<text id=\"details\" x=\"10\" y=\"");
	num(o, height - BOTTOM + 2 * FONT + 10);
	out_str(o, "\"> </text>\n<text id=\"matched\" x=\"");
	num(o, width - PAD);
	out_str(o, "\" y=\"");
	num(o, height - BOTTOM + 2 * FONT + 10);
	out_str(o, "\"></text>\n<g id=\"frames\">\n");
	if (walk(&l, total, frame) < 0)
		goto done;
	out_str(o, "</g>\n<script><![CDATA[\n");
	out_str(o, flame_script);
	out_str(o, "]]></script>\n</svg>\n");
	rc = 0;
done:
	if (rc < 0)
		perr_nomem(e);
fail:
	free(l.tot);
	free(l.base);
	free(l.first);
	free(l.kids);
	return rc;
}
