/*
 * The flame graph. Each box is a stack prefix; its total (the values of
 * the stacks it begins) gives its width; children are laid out left to
 * right by name, so two runs of one program look alike; a frame narrower
 * than minwidth is not drawn, nor anything above it, and its width stays
 * in its parent; above SVG_MAX_DEPTH levels, one box. No tree is built: the distinct stacks sorted by their
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
#include "views/stacks/flame_impl.h"

struct layout {
	struct svg g;
	size_t n;		/* stacks */
	uint32_t *order;	/* the stacks, sorted */
	uint32_t *tree;		/* minima of lcp: leaves at [size, 2 size) */
	size_t size;
	long double *sum, *bsum;	/* prefix sums of the sorted stacks'
					 * values, the width's and the base's */
	uint32_t *odd;		/* prefix counts of values not finite */
	size_t cw, cb;		/* the columns of the width and the base */
	double scale;		/* the base's (-d --normalize) */
};

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

	return bytes_cmp(a->name, a->len, b->name, b->len);
}

/* The stacks sorted (frames ranked by name once), and how many frames
 * each shares with the one before: the leaves of the tree of minima. */
static int
sort_stacks(struct layout *l, struct key *keys)
{
	const struct stacks *st = l->g.st;
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
	*v = stacks_value(l->g.st, l->cw, l->order[i]).d;
	*b = l->g.opts->diff ? stacks_value(l->g.st, l->cb, l->order[i]).d : 0;
	if (l->scale != 1)	/* as tsv2folded -d --normalize */
		*b = trunc(*b * l->scale);
}

/* The sorted stacks, their prefix sums and the tree of minima. */
static int
prepare(struct layout *l, size_t cw, size_t cb)
{
	const struct stacks *st = l->g.st;
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
	l->scale = l->g.opts->diff && l->g.opts->normalize ?
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

struct open {
	size_t end;		/* the box's stacks end here */
	double next;		/* x of its next child */
};

/* Walks the drawn boxes, parents before children, each child right of
 * the one before: visit(box) for each wide enough. */
static int
walk(struct layout *l, void (*visit)(struct svg *, const struct box *))
{
	struct open *op = NULL;
	size_t cap = 0, i = 0, b, nf;
	uint32_t od = 0, d;
	const uint32_t *f;
	struct box bx = { ROOT, 0, SVG_PAD, 0, 0, 0 };

	box_values(l, 0, l->n, &bx.tot, &bx.base);
	bx.w = svg_px(&l->g, bx.tot);
	visit(&l->g, &bx);
	if (ARRAY_ROOM(op, 0, cap) < 0)
		return -1;
	op[0] = (struct open){ l->n, SVG_PAD };
	while (i < l->n) {
		while (od > 0 && op[od].end <= i)
			od--;
		f = stacks_frames(l->g.st, l->order[i], &nf);
		if (nf == od) {		/* the open box's own value */
			i++;
			continue;
		}
		d = od + 1;
		b = box_end(l, i, d);
		bx.frame = f[od];
		bx.depth = (int)d;
		box_values(l, i, b, &bx.tot, &bx.base);
		bx.w = svg_px(&l->g, bx.tot);
		bx.x = op[od].next;
		op[od].next += bx.w;
		if (bx.w < l->g.opts->minwidth || bx.tot <= 0) {
			i = b;		/* not drawn, nor what is above */
			continue;
		}
		if (d > SVG_MAX_DEPTH) {	/* one box for all above */
			bx.frame = DEEPER;
			visit(&l->g, &bx);
			i = b;
			continue;
		}
		visit(&l->g, &bx);
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
measure(struct svg *g, const struct box *bx)
{
	if (bx->depth > g->depth)
		g->depth = bx->depth;
}

int
flame_write(const struct stacks *st, const struct prof *p,
    const struct flame_opts *opts, struct output *o, struct perr *e)
{
	struct layout l = { { st, opts, o, 0, 0, 0, 0, "", NULL }, 0, NULL,
	    NULL, 0, NULL, NULL, NULL, 0, 0, 1 };
	struct measure_choice c;
	int64_t t;
	int rc = -1;

	/* (a difference graph, or sources of several intervals: the sums,
	 * as summed) */
	/* a difference graph's figures each in its own unit (as pprof
	 * labels them), or raw where samples of different lengths are */
	if (opts->diff && opts->unit == NULL) {
		if (measure_choose(&st->m, p, opts->type, opts->shown ?
		    "minimum" : "auto", &c, e) < 0 &&
		    measure_choose(&st->m, p, opts->type, "raw", &c, e) < 0)
			return -1;
	} else if (measure_choose(&st->m, p, opts->type, opts->unit, &c, e) <
	    0)
		return -1;
	if (c.mixed && measure_choose(&st->m, p, opts->type, "raw", &c, e) <
	    0)
		return -1;
	t = c.type;
	l.g.unit = c.unit;
	if (t >= 0 && !c.mixed) {
		/* the values in the unit tsvtop shows the profile in (a
		 * difference graph: each in its own, as pprof labels them) */
		if (opts->shown != NULL && opts->unit == NULL &&
		    c.how == SHOW_MIN)
			c.show = opts->shown;
		else
			svg_choose_unit(st, p, &c, 2 * (size_t)t);
		l.g.c = &c;
	}
	if (st->nstacks == 0 || t < 0)
		return perr_set(e, "no samples to draw");
	if (prepare(&l, 2 * (size_t)t + (opts->diff ? 1 : 0), 2 * (size_t)t)
	    < 0)
		goto done;
	box_values(&l, 0, l.n, &l.g.total, &l.g.btotal);
	l.g.span = opts->width - 2 * SVG_PAD;
	if (!(l.g.total > 0)) {
		rc = perr_set(e, "the values of type '%s' sum to %g: a flame "
		    "graph draws what is positive", c.name, l.g.total);
		goto fail;
	}
	if (walk(&l, measure) < 0 || svg_begin(&l.g, &c, "") < 0 ||
	    walk(&l, svg_box) < 0)
		goto done;
	svg_end(&l.g);
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
