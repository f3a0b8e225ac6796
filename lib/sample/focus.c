/*
 * The filters, per pprof Location ("run"): focus and ignore keep or drop
 * the samples that have a matching run; hide drops the matching frames of
 * a run (all of them when its mapping's file matches), and the run when
 * none is left; show keeps only the matching frames (all of a run whose
 * mapping's file matches); show_from keeps, of each run that matches, its frames up
 * to the outermost matching one, and of each sample its runs up to the
 * outermost matching one. A run's frames that are left are written as
 * new locations when they change which frame is the last (not inlined).
 * What is written is renumbered; functions, mappings and locations that
 * no kept sample uses are left out; sources are all kept.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "sample/focus.h"

enum {
	M_DONE = 1,		/* the flags below are known */
	M_FOCUS = 2, M_IGNORE = 4, M_HIDE = 8, M_SHOW = 16,	/* frame */
	MAP_FOCUS = 32, MAP_IGNORE = 64, MAP_HIDE = 128,	/* its mapping */
	MAP_SHOW = 256,
	M_KEEP = 512, MAP_KEEP = 1024,		/* show */
};

struct focus {
	struct focus_opts opts;
	struct stream_writer w;
	int begun;			/* w has written the preamble */
	unsigned matched;		/* M_* and MAP_* of any run seen */
	struct output *o;
	uint16_t *match;		/* per prof location: M_* */
	size_t capmatch;
	uint16_t *lmatch;		/* per label frame: M_* */
	size_t caplmatch;
	struct {			/* per source: its span meets the
					 * window (in), its times are on a
					 * clock of its own (clock), for
					 * seen - 1 of its attributes */
		size_t seen;
		int in, clock;
	} *spans;
	size_t capspans;
	uint32_t *fn_out, *map_out;	/* prof index -> output id, 0: none */
	size_t capfn, capmap;
	struct u64map loc_out;		/* location << 1 | last -> output id */
	uint32_t nfn, nmap, nloc, nsamples;
	struct source_pass srcs;
	struct u64map vtypes;		/* type << 32 | unit -> writer's */
	unsigned tags_matched;		/* FOCUS_TAG*, _WINDOW that matched */
	struct slabel *labels;		/* the sample's, -tagshow/-taghide */
	size_t caplabels;
	uint32_t *keep;			/* the sample's frames, kept */
	unsigned char *last;		/* per kept frame: ends its run */
	size_t capkeep, caplast;
	/* each source's sum of each value type before pprof's filters
	 * (ATTR_FOCUS_TOTAL): source << 32 | type -> index in totals */
	struct u64map total_ix;
	struct ftotal {
		uint32_t source, type, unit;
		struct num sum;
	} *totals;
	size_t ntotals, captotals;
};

struct focus *
focus_new(struct output *o, const struct focus_opts *opts, struct perr *e)
{
	struct focus *f = calloc(1, sizeof(*f));

	if (f == NULL) {
		perr_nomem(e);
		return NULL;
	}
	f->opts = *opts;
	f->o = o;
	return f;
}

static void
clear(struct focus *f)
{
	free(f->match);
	free(f->lmatch);
	free(f->spans);
	free(f->fn_out);
	free(f->map_out);
	source_pass_free(&f->srcs);
	free(f->keep);
	free(f->last);
	free(f->labels);
	u64map_free(&f->loc_out);
	u64map_free(&f->vtypes);
	u64map_free(&f->total_ix);
	free(f->totals);
}

void
focus_free(struct focus *f)
{
	if (f == NULL)
		return;
	clear(f);
	sw_free(&f->w);
	free(f);
}

int
focus_restart(void *ctx, struct perr *e)
{
	struct focus *f = ctx;
	struct focus_opts opts = f->opts;
	struct output *o = f->o;

	clear(f);
	sw_free(&f->w);
	memset(f, 0, sizeof(*f));
	f->opts = opts;
	f->o = o;
	return output_rewind(o, e);
}

static int
regex_hit(struct re *re, const char *s)
{
	return re != NULL && re_match(re, s, strlen(s)) == 1;
}

/* Whether frame li is inlined into the next (a label frame is not). */
static int
inlined(const struct prof *p, uint32_t li)
{
	return li < LABEL_FRAME_BASE && p->locations[li].inlined;
}

/* The verdicts' slot of frame li: of p's location, or of a label frame
 * (named its values, in the file named its key, of no mapping). */
static uint16_t *
match_slot(struct focus *f, const struct prof *p, uint32_t li,
    const char **name, const char **file, const char **map)
{
	const struct location *l;

	if (li >= LABEL_FRAME_BASE) {
		li -= LABEL_FRAME_BASE;
		if (array_grow_zeroed((void **)&f->lmatch, &f->caplmatch,
		    (size_t)li + 1, sizeof(*f->lmatch)) < 0)
			return NULL;
		*name = label_frame_name(f->opts.label_frames,
		    li + LABEL_FRAME_BASE);
		*file = label_frame_key(f->opts.label_frames,
		    li + LABEL_FRAME_BASE);
		return &f->lmatch[li];
	}
	if (array_grow_zeroed((void **)&f->match, &f->capmatch,
	    (size_t)li + 1, sizeof(*f->match)) < 0)
		return NULL;
	l = &p->locations[li];
	if (l->function != PROF_NONE) {
		*name = prof_str(p, p->functions[l->function].name);
		*file = prof_str(p, p->functions[l->function].filename);
	}
	if (l->mapping != PROF_NONE)
		*map = prof_str(p, p->mappings[l->mapping].filename);
	return &f->match[li];
}

/* The filters' verdicts on frame li, computed once. */
static int
matches(struct focus *f, const struct prof *p, uint32_t li)
{
	const struct focus_opts *o = &f->opts;
	const char *name = NULL, *file = NULL, *map = NULL;
	unsigned m = M_DONE;
	uint16_t *slot;

	if ((slot = match_slot(f, p, li, &name, &file, &map)) == NULL)
		return -1;
	if (*slot & M_DONE)
		return *slot;
#define FRAME(re) (name != NULL && (regex_hit(re, name) || regex_hit(re, file)))
	m |= FRAME(o->focus) ? M_FOCUS : 0;
	m |= FRAME(o->ignore) ? M_IGNORE : 0;
	m |= FRAME(o->hide) ? M_HIDE : 0;
	m |= FRAME(o->show_from) ? M_SHOW : 0;
	m |= FRAME(o->show) ? M_KEEP : 0;
#undef FRAME
	if (map != NULL) {
		m |= regex_hit(o->focus, map) ? MAP_FOCUS : 0;
		m |= regex_hit(o->ignore, map) ? MAP_IGNORE : 0;
		m |= regex_hit(o->hide, map) ? MAP_HIDE : 0;
		m |= regex_hit(o->show_from, map) ? MAP_SHOW : 0;
		m |= regex_hit(o->show, map) ? MAP_KEEP : 0;
	}
	*slot = (uint16_t)m;
	return (int)m;
}

/* The verdicts of frame li, once matches() has made them. */
static unsigned
verdicts(const struct focus *f, uint32_t li)
{
	return li >= LABEL_FRAME_BASE ? f->lmatch[li - LABEL_FRAME_BASE] :
	    f->match[li];
}

/* Where the run that begins at frame start ends (its last frame). */
static size_t
run_end(const struct prof *p, const struct sample *s, size_t start)
{
	size_t d = start;

	while (d + 1 < s->nlocs && inlined(p, s->locs[d]))
		d++;
	return d;
}

/* The frames of s that the filters keep, in f->keep (leaf first, *nkeep
 * of them), each with whether it ends its run in f->last: 1 to keep the
 * sample, 0 to drop it, -1 when out of memory. */
static int
filter(struct focus *f, const struct prof *p, const struct sample *s,
    size_t *nkeep)
{
	const struct focus_opts *o = &f->opts;
	int names = o->focus || o->ignore || o->hide || o->show, focused = 0,
	    m, rm;
	size_t start, end, d, n = 0, cut = 0, run0;
	int show_found = 0;

	if (array_grow((void **)&f->keep, &f->capkeep, s->nlocs + 1,
	    sizeof(*f->keep)) < 0 || array_grow((void **)&f->last,
	    &f->caplast, s->nlocs + 1, 1) < 0)
		return -1;
	/* every frame's verdicts first: what matched anything is told
	 * whatever becomes of the sample (pprof looks at every location) */
	for (d = 0; d < s->nlocs; d++) {
		if ((m = matches(f, p, s->locs[d])) < 0)
			return -1;
		f->matched |= (unsigned)m;
	}
	for (start = 0; start < s->nlocs; start = end + 1) {
		end = run_end(p, s, start);
		/* the run's verdicts: any frame's, or its mapping's */
		rm = 0;
		for (d = start; d <= end; d++)
			rm |= verdicts(f, s->locs[d]);
		if (names && ((rm & (M_IGNORE | MAP_IGNORE)) && o->ignore))
			return 0;
		if (!o->focus || (rm & (M_FOCUS | MAP_FOCUS)))
			focused = 1;
		/* hide: the frames that do not match, none if the mapping
		 * does; show: those that do, all if the mapping does */
		run0 = n;
		for (d = start; d <= end; d++) {
			m = (int)verdicts(f, s->locs[d]);
			if (o->hide && ((m & MAP_HIDE) || (m & M_HIDE)))
				continue;
			if (o->show && !(m & (MAP_KEEP | M_KEEP)))
				continue;
			f->keep[n] = s->locs[d];
			f->last[n++] = 0;
		}
		if (n == run0)
			continue;	/* the run is hidden */
		/* show_from: the run's frames up to its outermost match */
		if (o->show_from) {
			rm = 0;
			for (d = run0; d < n; d++)
				rm |= verdicts(f, f->keep[d]);
			if (rm & MAP_SHOW)
				cut = n, show_found = 1;
			else
				for (d = n; d > run0; d--)
					if (verdicts(f, f->keep[d - 1]) & M_SHOW) {
						n = d;
						cut = n;
						show_found = 1;
						break;
					}
		}
		f->last[n - 1] = 1;
	}
	if (names && !focused)
		return 0;
	if (names && n == 0 && s->nlocs > 0)
		return 0;	/* every frame hidden */
	if (names && s->nlocs == 0)
		return 0;	/* pprof keeps no sample without a location */
	if (o->show_from) {
		if (!show_found)
			return 0;
		n = cut;
	}
	*nkeep = n;
	return 1;
}

/* Whether -s keeps source id. */
static int
focus_keeps_source(const void *ctx, uint32_t id)
{
	return source_set_has_id(ctx, id);
}

static int
sources(struct focus *f, const struct prof *p)
{
	return prof_pass_sources(&f->w, p, &f->srcs, focus_keeps_source,
	    f->opts.sources);
}

/* The output id of prof index i in a table, 0 until written. */
static int
out_id(uint32_t **ids, size_t *cap, size_t n, uint32_t i, uint32_t **slot)
{
	if (i >= *cap && array_grow_zeroed((void **)ids, cap,
	    n > i ? n : (size_t)i + 1, sizeof(**ids)) < 0)
		return -1;
	*slot = &(*ids)[i];
	return 0;
}

/* A label frame's location, new: its function (named its values, the
 * empty name as the stream marks it; in the file named its key) and the
 * location of no line, address or mapping, as pprof makes them. */
static uint32_t
label_location(struct focus *f, uint32_t li, uint32_t id)
{
	const char *name = label_frame_name(f->opts.label_frames, li);
	struct sw_location row;

	memset(&row, 0, sizeof(row));
	row.id = id;
	row.function_id = ++f->nfn;
	row.address_na = 1;
	sw_function(&f->w, row.function_id, text_marked(text_of(name)),
	    text_marked(text_of(name)), text_of(label_frame_key(
	    f->opts.label_frames, li)), 0);
	sw_location(&f->w, &row);
	return id;
}

/* The output location of frame li as the last of its run or not,
 * written with its function and mapping when new. */
static int64_t
location(struct focus *f, const struct prof *p, uint32_t li, int last)
{
	const struct location *l;
	uint32_t *slot, *fn = NULL, *map = NULL;
	struct sw_location row;
	int added;

	if ((slot = u64map_put(&f->loc_out, (uint64_t)li << 1 | (unsigned)last,
	    f->nloc + 1, &added)) == NULL)
		return -1;
	if (!added)
		return *slot;
	f->nloc++;
	if (li >= LABEL_FRAME_BASE)
		return label_location(f, li, *slot);
	l = &p->locations[li];
	if (l->function != PROF_NONE) {
		if (out_id(&f->fn_out, &f->capfn, p->nfunctions, l->function,
		    &fn) < 0)
			return -1;
		if (*fn == 0) {
			*fn = ++f->nfn;
			prof_write_function(&f->w, p,
			    &p->functions[l->function], *fn);
		}
	}
	if (l->mapping != PROF_NONE) {
		const struct mapping *m = &p->mappings[l->mapping];
		if (out_id(&f->map_out, &f->capmap, p->nmappings, l->mapping,
		    &map) < 0)
			return -1;
		if (*map == 0) {
			*map = ++f->nmap;
			prof_write_mapping(&f->w, p, m, *map);
		}
	}
	memset(&row, 0, sizeof(row));
	row.id = *slot;
	row.function_id = fn != NULL ? *fn : 0;
	row.line = l->line;
	row.line_na = l->line == PROF_LINE_NA;
	row.address = l->address;
	row.address_na = l->address_na;
	row.mapping_id = map != NULL ? *map : 0;
	row.is_folded = l->is_folded;
	row.inlined = l->inlined && !last;
	row.column = l->column;
	sw_location(&f->w, &row);
	prof_write_location_attrs(&f->w, p, li, row.id);
	return row.id;
}

/* pprof's FilterSamplesByTag: whether s stays. */
static int
tags_keep(struct focus *f, const struct prof *p, const struct sample *s)
{
	int focused = 1, ignored = 0;

	if (f->opts.tagfocus != NULL &&
	    (focused = tag_filter_match(f->opts.tagfocus, p, s)))
		f->tags_matched |= FOCUS_TAGFOCUS;
	if (f->opts.tagignore != NULL &&
	    (ignored = tag_filter_match(f->opts.tagignore, p, s)))
		f->tags_matched |= FOCUS_TAGIGNORE;
	return focused && !ignored;
}

/* pprof's FilterTagsByName: s's labels whose keys -tagshow matches (all
 * without it) and -taghide does not, in f->labels: their number, or -1. */
static int64_t
shown_labels(struct focus *f, const struct prof *p, const struct sample *s)
{
	size_t i, n = 0;
	const char *k;
	int show, hide;

	if (array_grow((void **)&f->labels, &f->caplabels, s->nlabels + 1,
	    sizeof(*f->labels)) < 0)
		return -1;
	for (i = 0; i < s->nlabels; i++) {
		k = prof_str(p, s->labels[i].key);
		show = f->opts.tagshow == NULL ||
		    re_match(f->opts.tagshow, k, strlen(k)) == 1;
		hide = f->opts.taghide != NULL &&
		    re_match(f->opts.taghide, k, strlen(k)) == 1;
		f->tags_matched |= (show && f->opts.tagshow ? FOCUS_TAGSHOW :
		    0) | (hide ? FOCUS_TAGHIDE : 0);
		if (show && !hide)
			f->labels[n++] = s->labels[i];
	}
	return (int64_t)n;
}

static int
keep(struct focus *f, struct prof *p, const struct sample *s, size_t n)
{
	struct sample shown;
	int64_t id, nl;
	size_t i;

	if (sources(f, p) < 0)
		return -1;
	/* definitions before the sample; keep[] becomes output ids */
	for (i = 0; i < n; i++) {
		if ((id = location(f, p, f->keep[i], f->last[i])) < 0)
			return -1;
		f->keep[i] = (uint32_t)id;
	}
	if (f->opts.tagshow != NULL || f->opts.taghide != NULL) {
		if ((nl = shown_labels(f, p, s)) < 0)
			return -1;
		shown = *s;
		shown.labels = f->labels;
		shown.nlabels = (size_t)nl;
		s = &shown;
	}
	return prof_write_sample(&f->w, &f->vtypes, p, s, ++f->nsamples,
	    p->sources[s->source].id, f->keep, n);
}

/* The preamble, once the locations header is known: the assembler hands
 * over no sample before it, and the stream has been read by the end. */
static void
begin(struct focus *f, const struct prof *p)
{
	if (!f->begun)
		sw_begin(&f->w, f->o, V20, SCHEMA_EXTENSIONS, p->loc_ext);
	f->begun = 1;
}

/* Whether sample s was taken in the window: at its own time, else in
 * its source's span (found once a source, again when its attributes
 * grew). */
static int
in_window(struct focus *f, const struct prof *p, const struct sample *s)
{
	const struct source *src = &p->sources[s->source];
	const char *tv, *dv;
	int64_t tn, dur, start, end;
	int has_tn, has_dur;

	if (array_grow_zeroed((void **)&f->spans, &f->capspans,
	    (size_t)s->source + 1, sizeof(*f->spans)) < 0)
		return -1;
	if (f->spans[s->source].seen != src->nattrs + 1) {
		/* times on the producer's clock are no Unix time: the
		 * source is left out, and said (focus_clock_source) */
		f->spans[s->source].clock = prof_attr(p, src, ATTR_CLOCK) !=
		    NULL;
		tv = prof_attr(p, src, ATTR_PPROF_TIME);
		dv = prof_attr(p, src, ATTR_PPROF_DURATION);
		has_tn = when_i64(tv, &tn) == 0;
		has_dur = when_i64(dv, &dur) == 0;
		f->spans[s->source].seen = src->nattrs + 1;
		f->spans[s->source].in = when_source_span(src->timestamp_na ?
		    NAN : src->timestamp, has_tn ? &tn : NULL, has_dur ? &dur :
		    NULL, &start, &end) && when_span_meets(&f->opts.window,
		    start, end);
	}
	if (f->spans[s->source].clock)
		return 0;
	return s->has_time ? when_in(&f->opts.window, s->time) :
	    f->spans[s->source].in;
}

/* The sample's values added to its source's totals. */
static int
add_totals(struct focus *f, const struct sample *s)
{
	uint32_t *ix;
	size_t i;
	int added;

	for (i = 0; i < s->nvals; i++) {
		if ((ix = u64map_put(&f->total_ix, (uint64_t)s->source << 32 |
		    s->vals[i].type, (uint32_t)f->ntotals, &added)) == NULL)
			return -1;
		if (added) {
			if (ARRAY_ROOM(f->totals, f->ntotals, f->captotals) <
			    0)
				return -1;
			f->totals[f->ntotals++] = (struct ftotal){ s->source,
			    s->vals[i].type, s->vals[i].unit, num_of_i64(0) };
		}
		f->totals[*ix].sum = num_add(f->totals[*ix].sum,
		    s->vals[i].value);
	}
	return 0;
}

/* Each source's totals before the filters, as attributes, of every type
 * of the stream (0 where a source has none of it: a source the filters
 * left nothing of counts in the total before them); those a stream
 * filtered before has are its own, kept. */
static int
write_totals(struct focus *f, const struct prof *p)
{
	char key[512], num[FMT_NUM_MAX + 512];
	const struct source *src;
	const struct ftotal *t;
	uint32_t *ix;
	size_t i, k, n;

	struct u64map done = { 0 };
	int added;

	for (k = 0; k < f->ntotals; k++) {
		/* the first of each type names it */
		if (u64map_put(&done, f->totals[k].type, 0, &added) == NULL) {
			u64map_free(&done);
			return -1;
		}
		if (!added)
			continue;
		n = (size_t)snprintf(key, sizeof(key), "%s%s",
		    ATTR_FOCUS_TOTAL, prof_str(p, f->totals[k].type));
		if (n >= sizeof(key))
			continue;
		for (i = 0; i < p->nsources; i++) {
			src = &p->sources[i];
			if (!source_set_has_id(f->opts.sources, src->id) ||
			    prof_attr(p, src, key) != NULL)
				continue;
			ix = u64map_get(&f->total_ix, (uint64_t)i << 32 |
			    f->totals[k].type);
			t = ix != NULL ? &f->totals[*ix] : &f->totals[k];
			/* "3740000000 nanoseconds" */
			n = fmt_num(num, ix != NULL ? t->sum : num_of_i64(0));
			n += (size_t)snprintf(num + n, sizeof(num) - n, " %s",
			    prof_str(p, t->unit));
			sw_source_attr(&f->w, src->id, text_n(key, strlen(key)),
			    text_n(num, n < sizeof(num) ? n : sizeof(num) - 1));
		}
	}
	u64map_free(&done);
	return 0;
}

int
focus_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct focus *f = ctx;
	struct sample labelled;
	size_t n = 0;
	int rc;

	begin(f, p);
	if (!source_set_has(f->opts.sources, p, s))
		return 0;
	/* first: the window is of the samples, not of their frames */
	if (when_window_set(&f->opts.window)) {
		if ((rc = in_window(f, p, s)) < 0)
			return perr_nomem(e);
		if (rc == 0)
			return 0;
		f->tags_matched |= FOCUS_WINDOW;
	}
	/* as pprof: the total before the filters, of which a view gives
	 * its percentages (pprof's -relative_percentages off) */
	if (add_totals(f, s) < 0)
		return perr_nomem(e);
	/* as pprof: the label frames before the filters, which see them */
	if (label_frames_any(f->opts.label_frames)) {
		const uint32_t *locs;

		if (label_frames_stack(f->opts.label_frames, p, s, &locs,
		    &n) < 0)
			return perr_nomem(e);
		labelled = *s;
		labelled.locs = (uint32_t *)locs;
		labelled.nlocs = n;
		s = &labelled;
		n = 0;
	}
	if ((rc = filter(f, p, s, &n)) < 0)
		return perr_nomem(e);
	/* as pprof: the tag filters look at what the name filters kept */
	if (rc > 0 && tags_keep(f, p, s) && keep(f, p, s, n) < 0)
		return perr_nomem(e);
	return 0;
}

int
focus_end(struct focus *f, const struct prof *p, struct perr *e)
{
	begin(f, p);
	return sources(f, p) < 0 || write_totals(f, p) < 0 ? perr_nomem(e) :
	    0;
}

const struct source *
focus_clock_source(const struct focus *f, const struct prof *p, size_t *i)
{
	for (; *i < f->capspans && *i < p->nsources; ++*i)
		if (f->spans[*i].clock)
			return &p->sources[(*i)++];
	return NULL;
}

unsigned
focus_unmatched(const struct focus *f)
{
	const struct focus_opts *o = &f->opts;
	unsigned m = f->matched, none = 0;

	if (o->focus && !(m & (M_FOCUS | MAP_FOCUS)))
		none |= FOCUS_FOCUS;
	if (o->ignore && !(m & (M_IGNORE | MAP_IGNORE)))
		none |= FOCUS_IGNORE;
	if (o->hide && !(m & (M_HIDE | MAP_HIDE)))
		none |= FOCUS_HIDE;
	if (o->show && !(m & (M_KEEP | MAP_KEEP)))
		none |= FOCUS_SHOW;
	if (o->show_from && !(m & (M_SHOW | MAP_SHOW)))
		none |= FOCUS_SHOW_FROM;
	if (o->tagfocus && !(f->tags_matched & FOCUS_TAGFOCUS))
		none |= FOCUS_TAGFOCUS;
	if (o->tagignore && !(f->tags_matched & FOCUS_TAGIGNORE))
		none |= FOCUS_TAGIGNORE;
	if (o->tagshow && !(f->tags_matched & FOCUS_TAGSHOW))
		none |= FOCUS_TAGSHOW;
	if (o->taghide && !(f->tags_matched & FOCUS_TAGHIDE))
		none |= FOCUS_TAGHIDE;
	if (when_window_set(&o->window) && !(f->tags_matched & FOCUS_WINDOW))
		none |= FOCUS_WINDOW;
	if (o->label_frames != NULL) {
		if (!label_frames_root_matched(o->label_frames))
			none |= FOCUS_TAGROOT;
		if (!label_frames_leaf_matched(o->label_frames))
			none |= FOCUS_TAGLEAF;
	}
	return none;
}
