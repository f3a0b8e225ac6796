/*
 * The flame graph. Each box is a stack prefix; its total (the values of
 * the stacks it begins) gives its width; children are laid out left to
 * right by name, so two runs of one program look alike; a frame narrower
 * than minwidth is not drawn, nor anything above it, and its width stays
 * in its parent. No tree is built: the distinct stacks sorted by their
 * frames' names make every box a run of them, found with a tree of
 * minima over the frames each shares with the one before, its total a
 * difference of prefix sums. Walked without recursion: stacks can be
 * deep.
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

#define ROOT UINT32_MAX	/* the frame of the root box, "all" */

struct layout {
	const struct stacks *st;
	const struct flame_opts *opts;
	struct output *o;
	size_t n;		/* stacks */
	uint32_t *order;	/* the stacks, sorted */
	uint32_t *tree;		/* minima of lcp: leaves at [size, 2 size) */
	size_t size;
	long double *sum, *bsum;	/* prefix sums of the sorted stacks'
					 * values, the width's and the base's */
	uint32_t *odd;		/* prefix counts of values not finite */
	size_t cw, cb;		/* the columns of the width and the base */
	double scale;		/* the base's (-d --normalize) */
	double total, span;	/* the root's value, and its width in px */
	int depth;		/* the deepest level drawn */
	const char *unit;
};

/* A box: its frame (ROOT), level, place and values. */
struct box {
	uint32_t frame;
	int depth;
	double x, w, tot, base;
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
fill(struct layout *l, const struct box *bx, char *buf, size_t size)
{
	const struct stacks *st = l->st;
	const struct frame *f;
	size_t len = 0;
	const char *name = "";
	uint64_t h;
	double v1, v2, v3, d, m;

	/* the root is no frame (there may be none: every stack empty) */
	if (bx->frame != ROOT)
		name = stacks_frame_name(st, bx->frame, &len);
	f = bx->frame != ROOT ? &st->frames[bx->frame] : NULL;
	h = hash_bytes(name, len);
	v1 = (double)(h & 0xffff) / 65535;
	v2 = (double)(h >> 16 & 0xffff) / 65535;
	v3 = (double)(h >> 32 & 0xffff) / 65535;
	if (l->opts->diff) {
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
		return;
	}
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
frame(struct layout *l, const struct box *bx)
{
	struct output *o = l->o;
	const struct stacks *st = l->st;
	const char *name = "all", *file = "";
	size_t len = 3;
	double y, x = bx->x, w = bx->w, total = l->total;
	char col[64], b[128];

	if (bx->frame != ROOT) {
		name = stacks_frame_name(st, bx->frame, &len);
		file = strtab_str(&st->strs, st->frames[bx->frame].file);
	}
	y = l->opts->icicle ? TOP + bx->depth * FRAME_H :
	    TOP + (l->depth - bx->depth) * FRAME_H;
	fill(l, bx, col, sizeof(col));
	out_str(o, "<g class=\"f\" data-d=\"");
	out_u64(o, (uint64_t)bx->depth);
	out_str(o, "\" data-v=\"");
	out_dbl(o, bx->tot);
	out_str(o, "\"><title>");
	out_xml(o, name, len);
	out_char(o, '\n');
	if (*file != '\0') {
		out_xml_str(o, file);
		out_char(o, '\n');
	}
	out_dbl(o, bx->tot);
	out_char(o, ' ');
	out_xml_str(o, l->unit);
	snprintf(b, sizeof(b), " (%.2f%%)", total > 0 ? bx->tot / total *
	    100 : 0.0);
	out_str(o, b);
	if (l->opts->diff) {
		out_str(o, "\nbase ");
		out_dbl(o, bx->base);
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

struct key {
	const uint32_t *f;	/* the frames */
	const uint32_t *rank;	/* of each frame's name */
	uint32_t n, stack;
};

/* By the frames' names, root first; a stack that ends sorts after those
 * that go on: a box's own value is drawn right of its children. */
static int
cmp_keys(const void *x, const void *y)
{
	const struct key *a = x, *b = y;
	uint32_t i, ra, rb;

	for (i = 0; i < a->n && i < b->n; i++)
		if ((ra = a->rank[a->f[i]]) != (rb = a->rank[b->f[i]]))
			return ra < rb ? -1 : 1;
	if (a->n != b->n)
		return a->n > b->n ? -1 : 1;
	return (a->stack > b->stack) - (a->stack < b->stack);
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

/* The stacks sorted (frames ranked by name once), and how many frames
 * each shares with the one before: the leaves of the tree of minima. */
static int
sort_stacks(struct layout *l, struct key *keys)
{
	const struct stacks *st = l->st;
	struct named *nm = calloc(st->nframes + 1, sizeof(*nm));
	uint32_t *rank = calloc(st->nframes + 1, sizeof(*rank));
	size_t i, j, nf;

	if (nm == NULL || rank == NULL) {
		free(nm);
		free(rank);
		return -1;
	}
	for (i = 0; i < st->nframes; i++) {
		nm[i].name = stacks_frame_name(st, (uint32_t)i, &nm[i].len);
		nm[i].frame = (uint32_t)i;
	}
	if (st->nframes > 0)
		qsort(nm, st->nframes, sizeof(*nm), cmp_named);
	for (i = 0; i < st->nframes; i++)
		rank[nm[i].frame] = (uint32_t)i;
	free(nm);
	for (i = 0; i < l->n; i++) {
		keys[i].f = stacks_frames(st, i, &nf);
		keys[i].n = (uint32_t)nf;
		keys[i].rank = rank;
		keys[i].stack = (uint32_t)i;
	}
	qsort(keys, l->n, sizeof(*keys), cmp_keys);
	for (i = 0; i < l->n; i++) {
		l->order[i] = keys[i].stack;
		j = 0;
		if (i > 0)
			while (j < keys[i].n && j < keys[i - 1].n &&
			    keys[i].f[j] == keys[i - 1].f[j])
				j++;
		l->tree[l->size + i] = (uint32_t)j;
	}
	free(rank);
	return 0;
}

/* The values of the i-th sorted stack: the width's and the base's. */
static void
own_values(const struct layout *l, size_t i, double *v, double *b)
{
	*v = stacks_value(l->st, l->cw, l->order[i]).d;
	*b = l->opts->diff ? stacks_value(l->st, l->cb, l->order[i]).d : 0;
	if (l->scale != 1)	/* as tsv2folded -d --normalize */
		*b = trunc(*b * l->scale);
}

/* The sorted stacks, their prefix sums and the tree of minima. */
static int
prepare(struct layout *l, size_t cw, size_t cb)
{
	const struct stacks *st = l->st;
	struct key *keys;
	size_t n = st->nstacks, i;
	double v, b;

	l->n = n;
	for (l->size = 1; l->size < n + 1; l->size *= 2)
		;
	keys = calloc(n + 1, sizeof(*keys));
	l->order = calloc(n + 1, sizeof(*l->order));
	l->tree = calloc(2 * l->size, sizeof(*l->tree));
	l->sum = calloc(n + 1, sizeof(*l->sum));
	l->bsum = calloc(n + 1, sizeof(*l->bsum));
	l->odd = calloc(n + 1, sizeof(*l->odd));
	if (keys == NULL || l->order == NULL || l->tree == NULL ||
	    l->sum == NULL || l->bsum == NULL || l->odd == NULL ||
	    sort_stacks(l, keys) < 0) {
		free(keys);
		return -1;
	}
	free(keys);
	for (i = l->size - 1; i > 0; i--)
		l->tree[i] = l->tree[2 * i] < l->tree[2 * i + 1] ?
		    l->tree[2 * i] : l->tree[2 * i + 1];
	l->cw = cw;
	l->cb = cb;
	l->scale = l->opts->diff && l->opts->normalize ?
	    stacks_base_scale(st, cb / 2) : 1;
	for (i = 0; i < n; i++) {
		own_values(l, i, &v, &b);
		l->sum[i + 1] = l->sum[i] + (isfinite(v) ? v : 0);
		l->bsum[i + 1] = l->bsum[i] + (isfinite(b) ? b : 0);
		l->odd[i + 1] = l->odd[i] + !(isfinite(v) && isfinite(b));
	}
	return 0;
}

/* The first stack after from that shares fewer than d frames with the
 * one before it (n if none): where the box of d frames begun at from
 * ends. */
static size_t
box_end(const struct layout *l, size_t from, uint32_t d)
{
	size_t k = l->size + from + 1;

	if (from + 1 >= l->n)
		return l->n;
	while (l->tree[k] >= d) {
		while (k & 1)	/* a right child: up to a left one */
			k >>= 1;
		if (k == 0)
			return l->n;
		k++;
	}
	while (k < l->size) {
		k *= 2;
		if (l->tree[k] >= d)
			k++;
	}
	return k - l->size < l->n ? k - l->size : l->n;
}

/* The values of sorted stacks [a, b): the box's total and the base's. */
static void
box_values(const struct layout *l, size_t a, size_t b, double *tot,
    double *base)
{
	double v, w;
	size_t i;

	*tot = (double)(l->sum[b] - l->sum[a]);
	*base = (double)(l->bsum[b] - l->bsum[a]);
	if (l->odd[b] == l->odd[a])
		return;
	/* Inf or NaN among them: summed as they are */
	*tot = *base = 0;
	for (i = a; i < b; i++) {
		own_values(l, i, &v, &w);
		*tot += v;
		*base += w;
	}
}

/* The width of a value: its share of the root's (a fraction first: the
 * root may be as small as 1e-320, whose inverse is no double), none for
 * what is not positive. */
static double
px(const struct layout *l, double v)
{
	return v > 0 && l->total > 0 ? v / l->total * l->span : 0;
}

struct open {
	size_t end;		/* the box's stacks end here */
	double next;		/* x of its next child */
};

/* Walks the drawn boxes, parents before children, each child right of
 * the one before: visit(box) for each wide enough. */
static int
walk(struct layout *l, void (*visit)(struct layout *, const struct box *))
{
	struct open *op = NULL;
	size_t cap = 0, i = 0, b, nf;
	uint32_t od = 0, d;
	const uint32_t *f;
	struct box bx = { ROOT, 0, PAD, 0, 0, 0 };

	box_values(l, 0, l->n, &bx.tot, &bx.base);
	bx.w = px(l, bx.tot);
	visit(l, &bx);
	if (ARRAY_ROOM(op, 0, cap) < 0)
		return -1;
	op[0] = (struct open){ l->n, PAD };
	while (i < l->n) {
		while (od > 0 && op[od].end <= i)
			od--;
		f = stacks_frames(l->st, l->order[i], &nf);
		if (nf == od) {		/* the open box's own value */
			i++;
			continue;
		}
		d = od + 1;
		b = box_end(l, i, d);
		bx.frame = f[od];
		bx.depth = (int)d;
		box_values(l, i, b, &bx.tot, &bx.base);
		bx.w = px(l, bx.tot);
		bx.x = op[od].next;
		op[od].next += bx.w;
		if (bx.w < l->opts->minwidth || bx.tot <= 0) {
			i = b;		/* not drawn, nor what is above */
			continue;
		}
		visit(l, &bx);
		if (array_grow((void **)&op, &cap, (size_t)d + 1,
		    sizeof(*op)) < 0)
			return -1;
		op[d] = (struct open){ b, bx.x };
		od = d;
	}
	free(op);
	return 0;
}

static void
measure(struct layout *l, const struct box *bx)
{
	if (bx->depth > l->depth)
		l->depth = bx->depth;
}

int
flame_write(const struct stacks *st, const struct prof *p,
    const struct flame_opts *opts, struct output *o, struct perr *e)
{
	struct layout l = { .st = st, .opts = opts, .o = o, .unit = "" };
	struct measure_choice c;
	int64_t t;
	double width = opts->width, height, total, btotal;
	int rc = -1;

	if (measure_choose(&st->m, p, opts->type, opts->unit != NULL ?
	    opts->unit : "raw", &c, e) < 0)
		return -1;
	t = c.type;
	l.unit = c.unit;
	if (st->nstacks == 0 || t < 0)
		return perr_set(e, "no samples to draw");
	if (prepare(&l, 2 * (size_t)t + (opts->diff ? 1 : 0), 2 * (size_t)t)
	    < 0)
		goto done;
	box_values(&l, 0, l.n, &total, &btotal);
	l.total = total;
	l.span = width - 2 * PAD;
	if (!(total > 0)) {
		rc = perr_set(e, "the values of type '%s' sum to %g: a flame "
		    "graph draws what is positive", c.name, total);
		goto fail;
	}
	if (walk(&l, measure) < 0)
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
		out_dbl(o, btotal);
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
	if (walk(&l, frame) < 0)
		goto done;
	out_str(o, "</g>\n<script><![CDATA[\n");
	out_str(o, flame_script);
	out_str(o, "]]></script>\n</svg>\n");
	rc = 0;
done:
	if (rc < 0)
		perr_nomem(e);
fail:
	free(l.order);
	free(l.tree);
	free(l.sum);
	free(l.bsum);
	free(l.odd);
	return rc;
}
