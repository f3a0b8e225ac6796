/*
 * The flame chart. The samples are taken in order; a box stays open while
 * the samples after it share its stack prefix, and is closed when one
 * does not. A closed box narrower than the minimum width at the total so
 * far only narrows as the total grows: it is dropped at once, so memory
 * grows with the boxes drawn (the picture), not with the samples. Samples
 * whose times come out of order are held (24 bytes each) and sorted.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "views/stacks/chart.h"
#include "views/stacks/flame_impl.h"

struct run {
	uint32_t frame;
	double start;
};

struct cbox {
	uint32_t frame, depth;
	double start, end;
};

struct chart {
	struct chart_scan *sc;
	const struct flame_opts *opts;
	struct measure_choice c;
	char *name, *unit;	/* c's, kept past the first pass */
	struct chart_value val;	/* the second pass's */
	uint32_t *path;
	size_t cappath;
	struct run *open;
	size_t nopen, capopen;
	struct cbox *boxes;
	size_t nboxes, capboxes, keep;
	struct chart_held *held;
	size_t nheld, capheld;
	int64_t time;		/* the last timed sample's */
	uint32_t seq;
	double total;		/* of the samples so far */
	double span;
};

int
chart_scan_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct chart_scan *sc = ctx;

	if (s->has_time && source_set_has(sc->sr.opts.sources, p, s)) {
		if (sc->timed && s->time < sc->last)
			sc->unordered = 1;
		sc->timed = 1;
		sc->last = s->time;
	}
	return stacks_sample(&sc->sr, p, s, e);
}

int
chart_scan_restart(void *ctx, struct perr *e)
{
	struct chart_scan *sc = ctx;

	sc->timed = sc->unordered = 0;
	sc->last = 0;
	return stacks_restart(&sc->sr, e);
}

static char *
copy(const char *s)
{
	size_t n = strlen(s) + 1;
	char *c = malloc(n);

	return c != NULL ? memcpy(c, s, n) : NULL;
}

struct chart *
chart_new(struct chart_scan *sc, const struct prof *p,
    const struct flame_opts *opts, struct perr *e)
{
	struct chart *ch;
	const struct stacks *st = &sc->sr.st;

	if ((ch = calloc(1, sizeof(*ch))) == NULL) {
		perr_nomem(e);
		return NULL;
	}
	ch->sc = sc;
	ch->opts = opts;
	ch->val.type = -1;
	ch->span = opts->width - 2 * SVG_PAD;
	if (measure_choose(&st->m, p, opts->type, opts->diff &&
	    opts->unit == NULL ? "raw" : opts->unit, &ch->c, e) < 0 ||
	    (ch->c.mixed && measure_choose(&st->m, p, opts->type, "raw",
	    &ch->c, e) < 0))
		goto fail;
	if (st->nstacks == 0 || ch->c.type < 0) {
		perr_set(e, "no samples to draw");
		goto fail;
	}
	/* the values in the unit tsvtop shows the profile in */
	svg_choose_unit(st, p, &ch->c, 2 * (size_t)ch->c.type);
	if ((ch->name = copy(ch->c.name)) == NULL ||
	    (ch->unit = copy(ch->c.unit)) == NULL) {
		perr_nomem(e);
		goto fail;
	}
	ch->c.name = ch->name;
	ch->c.unit = ch->unit;
	ch->val.tname = strtab_str(&st->m.types.names, (size_t)ch->c.type);
	ch->val.tlen = strtab_len(&st->m.types.names, (size_t)ch->c.type);
	stacks_new_pass(&sc->sr);
	return ch;
fail:
	chart_free(ch);
	return NULL;
}

void
chart_free(struct chart *ch)
{
	if (ch == NULL)
		return;
	measure_free(&ch->val.m);
	free(ch->name);
	free(ch->unit);
	free(ch->path);
	free(ch->open);
	free(ch->boxes);
	free(ch->held);
	free(ch);
}

int
chart_restart(void *ctx, struct perr *e)
{
	struct chart *ch = ctx;

	(void)e;
	chart_value_reset(&ch->val);
	ch->nopen = ch->nboxes = ch->keep = ch->nheld = 0;
	ch->seq = 0;
	ch->time = 0;
	ch->total = 0;
	stacks_new_pass(&ch->sc->sr);
	return 0;
}

/* Whether a box of value v is wide enough at the total so far (which only
 * grows: a box too narrow now stays so). */
static int
wide(const struct chart *ch, double v)
{
	return ch->total > 0 && v / ch->total * ch->span >=
	    ch->opts->minwidth;
}

/* Drops the boxes too narrow at the total so far. */
static void
prune(struct chart *ch)
{
	size_t i, n = 0;

	for (i = 0; i < ch->nboxes; i++)
		if (wide(ch, ch->boxes[i].end - ch->boxes[i].start))
			ch->boxes[n++] = ch->boxes[i];
	ch->nboxes = n;
}

/* Closes the open boxes from depth d up. */
static int
close_from(struct chart *ch, size_t d)
{
	struct run *r;

	while (ch->nopen > d) {
		r = &ch->open[--ch->nopen];
		if (!wide(ch, ch->total - r->start))
			continue;
		/* prune before growing: the boxes kept stay about what the
		 * picture holds */
		if (ch->nboxes == ch->capboxes && ch->nboxes >= 2 * ch->keep) {
			prune(ch);
			ch->keep = ch->nboxes;
		}
		if (ARRAY_ROOM(ch->boxes, ch->nboxes, ch->capboxes) < 0)
			return -1;
		ch->boxes[ch->nboxes++] = (struct cbox){ r->frame,
		    (uint32_t)ch->nopen + 1, r->start, ch->total };
	}
	return 0;
}

/* The next sample: frames f (root first), value v > 0. */
static int
feed(struct chart *ch, const uint32_t *f, size_t n, double v)
{
	size_t d = 0;

	while (d < ch->nopen && d < n && ch->open[d].frame == f[d])
		d++;
	if (close_from(ch, d) < 0 || array_grow((void **)&ch->open,
	    &ch->capopen, n + 1, sizeof(*ch->open)) < 0)
		return -1;
	for (; d < n; d++)
		ch->open[d] = (struct run){ f[d], ch->total };
	ch->nopen = n;
	ch->total += v;
	return 0;
}

void
chart_value_reset(struct chart_value *cv)
{
	measure_free(&cv->m);
	memset(&cv->m, 0, sizeof(cv->m));
	cv->type = -1;
}

/* (its values of the type, summed) */
int
chart_value_of(struct chart_value *cv, struct prof *p, const struct sample *s,
    double *v)
{
	size_t i, nv;
	int64_t k;

	*v = 0;
	if (measure_sample(&cv->m, p, s, &nv) < 0)
		return -1;
	if (cv->type < 0 && (k = strtab_find(&cv->m.types.names, cv->tname,
	    cv->tlen)) >= 0)
		cv->type = k;
	for (i = 0; cv->type >= 0 && i < nv; i++)
		if (cv->m.vals[i].type == (uint32_t)cv->type)
			*v += cv->m.vals[i].v.d;
	return 0;
}

static int
chart_add(struct chart *ch, struct prof *p, const struct sample *s, struct perr *e)
{
	struct chart_scan *sc = ch->sc;
	size_t d, n = s->nlocs;
	int64_t k;
	double v;

	if (chart_value_of(&ch->val, p, s, &v) < 0 ||
	    array_grow((void **)&ch->path, &ch->cappath, n + 1,
	    sizeof(*ch->path)) < 0)
		return perr_nomem(e);
	if (!(v > 0) || !isfinite(v))
		return 0;	/* a chart goes one way: what is positive */
	for (d = 0; d < n; d++) {
		if ((k = stacks_frame_of(&sc->sr, p, s->locs[d])) < 0)
			return perr_nomem(e);
		ch->path[n - 1 - d] = (uint32_t)k;
	}
	if (!sc->unordered)
		return feed(ch, ch->path, n, v) < 0 ? perr_nomem(e) : 0;
	if ((k = stacks_find(&sc->sr.st, ch->path, n)) < 0)
		return perr_set(e, "the input changed between its two "
		    "readings");
	if (s->has_time)
		ch->time = s->time;
	if (ARRAY_ROOM(ch->held, ch->nheld, ch->capheld) < 0)
		return perr_nomem(e);
	ch->held[ch->nheld++] = (struct chart_held){ ch->time, ch->seq++,
	    (uint32_t)k, v };
	return 0;
}

int
chart_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct chart *ch = ctx;

	if (!source_set_has(ch->sc->sr.opts.sources, p, s))
		return 0;
	return chart_add(ch, p, s, e);
}

int
chart_held_cmp(const void *x, const void *y)
{
	const struct chart_held *a = x, *b = y;

	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	return (a->seq > b->seq) - (a->seq < b->seq);
}

/* Left to right, parents before children. */
static int
cmp_boxes(const void *x, const void *y)
{
	const struct cbox *a = x, *b = y;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return (a->depth > b->depth) - (a->depth < b->depth);
}

static void
deepest(struct svg *g, const struct box *bx)
{
	if (bx->depth > g->depth)
		g->depth = bx->depth;
}

/* The boxes as the flame graph draws them, from the left edge. */
static void
draw(struct chart *ch, struct svg *g,
    void (*visit)(struct svg *, const struct box *))
{
	struct box bx = { ROOT, 0, SVG_PAD, ch->span, ch->total, 0 };
	size_t i;

	visit(g, &bx);
	for (i = 0; i < ch->nboxes; i++) {
		const struct cbox *b = &ch->boxes[i];
		if (b->depth > SVG_MAX_DEPTH + 1)
			continue;	/* within the one box below */
		bx.frame = b->depth > SVG_MAX_DEPTH ? DEEPER : b->frame;
		bx.depth = (int)b->depth;
		bx.tot = b->end - b->start;
		bx.x = SVG_PAD + svg_px(g, b->start);
		bx.w = svg_px(g, bx.tot);
		visit(g, &bx);
	}
}

int
chart_write(struct chart *ch, struct output *o, struct perr *e)
{
	struct svg g = { &ch->sc->sr.st, ch->opts, o, 0, 0, 0, 0, ch->unit,
	    &ch->c, 1 };
	size_t i, n;

	if (ch->nheld > 0) {
		qsort(ch->held, ch->nheld, sizeof(*ch->held), chart_held_cmp);
		for (i = 0; i < ch->nheld; i++) {
			const uint32_t *f = stacks_frames(&ch->sc->sr.st,
			    ch->held[i].stack, &n);
			if (feed(ch, f, n, ch->held[i].v) < 0)
				return perr_nomem(e);
		}
	}
	if (close_from(ch, 0) < 0)
		return perr_nomem(e);
	if (!(ch->total > 0))
		return perr_set(e, "no sample of type '%s' has a positive "
		    "value: a flame chart draws what is", ch->name);
	prune(ch);
	if (ch->nboxes > 0)
		qsort(ch->boxes, ch->nboxes, sizeof(*ch->boxes), cmp_boxes);
	g.total = ch->total;
	g.span = ch->span;
	draw(ch, &g, deepest);
	if (svg_begin(&g, &ch->c, ch->sc->timed ? "; the samples in the "
	    "order of their times" : "; the samples in the order taken") < 0)
		return perr_nomem(e);
	draw(ch, &g, svg_box);
	svg_end(&g);
	return 0;
}
