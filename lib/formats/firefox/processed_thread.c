/*
 * A processed profile's threads to the stream (processed.h), each when
 * the whole profile has been read: a source each (its name, process,
 * pid and tid as attributes), each frame a location of its function
 * (funcTable's name and file, the frame's line and column, else the
 * function's), an address of native code with its library's mapping
 * (the library's build id; addresses library-relative, as the profiler
 * keeps them: the mapping starts at 0), a frame inlined into its caller
 * (inlineDepth above 0) marked so; each sample its stack from the stack
 * table's prefixes, its time on Unix time (meta.startTime plus the
 * sample's milliseconds, or the sum of its timeDeltas).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/firefox/processed.h"

/* Samples taken from the spools at a time, each column in turn. */
#define PBATCH 4096

static const char *const pcol_names[PC_COUNT] = {
	[PC_STACK_FRAME] = "stackTable.frame",
	[PC_STACK_PREFIX] = "stackTable.prefix",
	[PC_STACK_PREFIX_OFFSET] = "stackTable.prefixOffset",
	[PC_FRAME_FUNC] = "frameTable.func",
	[PC_FRAME_ADDRESS] = "frameTable.address",
	[PC_FRAME_INLINE_DEPTH] = "frameTable.inlineDepth",
	[PC_FRAME_CATEGORY] = "frameTable.category",
	[PC_FRAME_LINE] = "frameTable.line",
	[PC_FRAME_COLUMN] = "frameTable.column",
	[PC_FRAME_IMPLEMENTATION] = "frameTable.implementation",
	[PC_FRAME_LIB] = "frameTable.lib",
	[PC_FUNC_NAME] = "funcTable.name",
	[PC_FUNC_RESOURCE] = "funcTable.resource",
	[PC_FUNC_FILE_NAME] = "funcTable.fileName",
	[PC_FUNC_SOURCE] = "funcTable.source",
	[PC_FUNC_LINE] = "funcTable.lineNumber",
	[PC_FUNC_COLUMN] = "funcTable.columnNumber",
	[PC_RES_LIB] = "resourceTable.lib",
	[PC_SRC_FILENAME] = "sources.filename",
};
/* each table's columns [first, last], the first its length's */
static const int ptable_cols[PT_COUNT][2] = {
	[PT_STACK] = { PC_STACK_FRAME, PC_STACK_PREFIX_OFFSET },
	[PT_FRAME] = { PC_FRAME_FUNC, PC_FRAME_LIB },
	[PT_FUNC] = { PC_FUNC_NAME, PC_FUNC_COLUMN },
	[PT_RES] = { PC_RES_LIB, PC_RES_LIB },
	[PT_SRC] = { PC_SRC_FILENAME, PC_SRC_FILENAME },
};

int
pcolumn_put(struct pcolumn *c, int64_t v, struct perr *e)
{
	if (ARRAY_ROOM(c->v, c->n, c->cap) < 0)
		return perr_nomem(e);
	c->v[c->n++] = v;
	return 0;
}

int
ptables_string(struct ptables *t, const char *s, size_t n, struct perr *e)
{
	return firefox_string_add(&t->strs, "stringArray", s, n, e);
}

void
ptables_free(struct ptables *t)
{
	int i;

	for (i = 0; i < PC_COUNT; i++)
		free(t->col[i].v);
	firefox_strings_free(&t->strs);
	memset(t, 0, sizeof(*t));
}

void
processed_free(struct pprof *p)
{
	size_t i;

	ptables_free(&p->shared);
	for (i = 0; i < p->nthreads; i++)
		if (p->threads[i].own != NULL) {
			ptables_free(p->threads[i].own);
			free(p->threads[i].own);
		}
	free(p->threads);
	gecko_prof_free(&p->meta);
	spool_close(&p->stacks);
	spool_close(&p->times);
	spool_close(&p->weights);
	memset(p, 0, sizeof(*p));
}

/* What a thread is written with: its tables and strings. */
struct pview {
	const struct ptables *t, *s;
	const struct ptables *src;	/* the sources' (58 on: shared, while
					 * the tables may be a thread's) */
	size_t nstacks, nframes, nfuncs, nres, nsrc;
};

static int64_t
cell(const struct ptables *t, enum pcol c, size_t i)
{
	return i < t->col[c].n ? t->col[c].v[i] : PNULL;
}

/* String i: its text, or n 0 and NULL when there is none. */
static const char *
str_at(const struct ptables *s, int64_t i, size_t *n)
{
	return firefox_string_at(&s->strs, i, n);
}

/* The tables' lengths, each column of a table as long as its first. */
static int
pview_check(struct pview *v, struct perr *e)
{
	size_t len[PT_COUNT];
	int tb, c;

	for (tb = 0; tb < PT_COUNT; tb++) {
		len[tb] = v->t->col[ptable_cols[tb][0]].n;
		for (c = ptable_cols[tb][0]; c <= ptable_cols[tb][1]; c++)
			if (v->t->col[c].present && v->t->col[c].n != len[tb])
				return perr_set(e, "%s has %zu rows, %s %zu",
				    pcol_names[ptable_cols[tb][0]], len[tb],
				    pcol_names[c], v->t->col[c].n);
	}
	v->nstacks = len[PT_STACK];
	v->nframes = len[PT_FRAME];
	v->nfuncs = len[PT_FUNC];
	v->nres = len[PT_RES];
	v->nsrc = v->src->col[PC_SRC_FILENAME].n;
	if (v->nstacks > 0 && !v->t->col[PC_STACK_PREFIX].present &&
	    !v->t->col[PC_STACK_PREFIX_OFFSET].present)
		return perr_set(e, "a stackTable with neither prefix nor "
		    "prefixOffset");
	return 0;
}

/* The prefix of stack i: a row before it, or -1 for a root. */
static int
stack_prefix(const struct pview *v, size_t i, int64_t *prefix,
    struct perr *e)
{
	int64_t k;

	if (v->t->col[PC_STACK_PREFIX_OFFSET].present) {
		k = cell(v->t, PC_STACK_PREFIX_OFFSET, i);
		*prefix = k == 0 ? -1 : (int64_t)i - k;
	} else {
		k = cell(v->t, PC_STACK_PREFIX, i);
		*prefix = k == PNULL ? -1 : k;
	}
	/* a row before it: no cycle, and a stack's frames are found
	 * walking back */
	if (*prefix < -1 || *prefix >= (int64_t)i)
		return perr_set(e, "stackTable row %zu has the prefix %lld, "
		    "not a row before it", i, (long long)*prefix);
	return 0;
}

/* Whether s..n is "0x" and hex digits: an address the profile has no
 * symbol for. */
static int
is_hex_name(const char *s, size_t n)
{
	size_t i;

	if (n < 3 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (i = 2; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' &&
		    s[i] <= 'f') || (s[i] >= 'A' && s[i] <= 'F')))
			return 0;
	return 1;
}

/* The location of frame fr, written when new; 0 with e set. */
static uint32_t
frame_location(struct firefox_reader *c, struct pprof *p,
    const struct pview *v, size_t fr, struct perr *e)
{
	struct flocation f = { .cat = "", .line = -1, .column = -1 };
	const struct ptables *t = v->t;
	int64_t func = cell(t, PC_FRAME_FUNC, fr), k, lib = -1;
	const char *s;
	size_t n;

	if (func < 0 || (uint64_t)func >= v->nfuncs) {
		perr_set(e, "frameTable row %zu names function %lld of %zu",
		    fr, (long long)func, v->nfuncs);
		return 0;
	}
	if ((s = str_at(v->s, cell(t, PC_FUNC_NAME, func), &n)) == NULL) {
		perr_set(e, "funcTable row %lld names string %lld of %zu",
		    (long long)func, (long long)cell(t, PC_FUNC_NAME, func),
		    v->s->strs.n);
		return 0;
	}
	f.name = text_n(s, n);
	f.file = text_n("", 0);
	/* its file: the sources' (58 on), else its own */
	if (t->col[PC_FUNC_SOURCE].present) {
		k = cell(t, PC_FUNC_SOURCE, func);
		if (k >= 0 && (uint64_t)k < v->nsrc &&
		    (s = str_at(v->s, cell(v->src, PC_SRC_FILENAME, k),
		    &n)) != NULL)
			f.file = text_n(s, n);
	} else if ((s = str_at(v->s, cell(t, PC_FUNC_FILE_NAME, func),
	    &n)) != NULL)
		f.file = text_n(s, n);
	if ((k = cell(t, PC_FUNC_LINE, func)) > 0 && k < INT32_MAX)
		f.start_line = k;
	/* the line running: the frame's own, else the function's */
	if ((k = cell(t, PC_FRAME_LINE, fr)) > 0 && k < INT32_MAX)
		f.line = k;
	else if (f.start_line > 0)
		f.line = f.start_line;
	if ((k = cell(t, PC_FRAME_COLUMN, fr)) >= 0 && k < INT32_MAX)
		f.column = k;
	else if ((k = cell(t, PC_FUNC_COLUMN, func)) >= 0 && k < INT32_MAX)
		f.column = k;
	if ((k = cell(t, PC_FRAME_ADDRESS, fr)) >= 0) {
		f.addr = (uint64_t)k;
		f.is_addr = 1;
	}
	/* its library: the frame's (70 on), else its function's
	 * resource's */
	if (t->col[PC_FRAME_LIB].present)
		lib = cell(t, PC_FRAME_LIB, fr);
	else if ((k = cell(t, PC_FUNC_RESOURCE, func)) >= 0 &&
	    (uint64_t)k < v->nres)
		lib = cell(t, PC_RES_LIB, k);
	if (f.is_addr && lib >= 0 && (uint64_t)lib < p->meta.nlibs)
		f.mapping = firefox_lib_mapping(c, &p->meta.libs[lib]);
	/* an address not symbolicated: a location of it alone, for a
	 * symbolizer */
	f.has_function = !(f.is_addr && is_hex_name(f.name.p, f.name.n));
	f.inlined = cell(t, PC_FRAME_INLINE_DEPTH, fr) > 0;
	if ((k = cell(t, PC_FRAME_CATEGORY, fr)) >= 0 &&
	    (uint64_t)k < p->meta.ncats)
		f.cat = p->meta.cats[k];
	if ((s = str_at(v->s, cell(t, PC_FRAME_IMPLEMENTATION, fr), &n)) !=
	    NULL)
		f.impl = text_n(s, n);
	return firefox_location(c, &f, e);
}

/* Up to n numbers of a spool into to: 0, or -1 with e set. */
static int
take(struct spool *s, uint64_t *to, uint64_t n, struct perr *e)
{
	uint64_t i;
	int rc;

	for (i = 0; i < n; i++)
		if ((rc = spool_get(s, &to[i], e)) <= 0)
			return rc < 0 ? -1 : perr_set(e, "a temporary file "
			    "cut short");
	return 0;
}

struct pbatch {
	uint64_t stack[PBATCH], time[PBATCH], weight[PBATCH];
};

/* Thread t's source and samples, its columns the next runs of the
 * spools. */
static int
write_thread(struct firefox_reader *c, struct pprof *p, struct pthread *t,
    const char *uri, const uint32_t *frame_loc, const struct pview *v,
    struct pbatch *b, struct perr *e)
{
	uint32_t source;
	uint64_t at, m, i;
	int64_t vt, ns, st;
	double w, ms;
	struct stream_id sid;
	struct sw_stack sk;

	if (t->ntime != t->nstack || (t->nweight != 0 &&
	    t->nweight != t->nstack))
		return perr_set(e, "thread %s: samples of %" PRIu64 " stacks, "
		    "%" PRIu64 " times and %" PRIu64 " weights",
		    t->h.text[GT_NAME], t->nstack, t->ntime, t->nweight);
	if ((source = firefox_source(c, &t->h, uri, p->meta.interval_ms, &vt,
	    e)) == 0)
		return -1;
	for (at = 0; at < t->nstack; at += m) {
		m = t->nstack - at < PBATCH ? t->nstack - at : PBATCH;
		if (take(&p->stacks, b->stack, m, e) < 0 ||
		    take(&p->times, b->time, m, e) < 0 ||
		    (t->nweight > 0 && take(&p->weights, b->weight, m, e) < 0))
			return -1;
		for (i = 0; i < m; i++) {
			/* a sample of no stack: the Firefox Profiler leaves
			 * it out of its call tree; counted in its source */
			if (b->stack[i] == 0)
				continue;
			if (b->stack[i] > v->nstacks)
				return perr_set(e, "thread %s: a sample of "
				    "stack %" PRIu64 " of %zu",
				    t->h.text[GT_NAME], b->stack[i] - 1,
				    v->nstacks);
			memcpy(&ms, &b->time[i], sizeof(ms));
			if (__builtin_add_overflow(p->meta.start_ns,
			    (int64_t)llround(ms * 1e6), &ns))
				return perr_set(e, "thread %s: a sample's time "
				    "past the stream's (2^63 ns)",
				    t->h.text[GT_NAME]);
			w = 1;
			if (t->nweight > 0)
				memcpy(&w, &b->weight[i], sizeof(w));
			if (sw_failed(&c->w))
				return sw_error(&c->w, e);
			stream_id_set(&sid, ++c->nsamples);
			sw_sample(&c->w, &sid, source);
			sw_sample_value(&c->w, &sid, (uint32_t)vt,
			    firefox_weight(&t->h, w));
			sw_stack_begin(&c->w, &sk, &sid);
			/* leaf first: the stack's frame, then its
			 * prefix's (checked: each a row before) */
			for (st = (int64_t)b->stack[i] - 1; st >= 0;) {
				sw_stack_frame_n(&c->w, &sk,
				    frame_loc[cell(v->t, PC_STACK_FRAME, st)]);
				stack_prefix(v, (size_t)st, &st, e);
			}
			sw_sample_time(&c->w, &sid, ns);
		}
	}
	return 0;
}

/* The frames' locations, every stack checked: what a thread's samples
 * are written with. */
static int
prepare(struct firefox_reader *c, struct pprof *p, struct pview *v,
    uint32_t **frame_loc, size_t *cap, struct perr *e)
{
	int64_t k, prefix;
	size_t i;

	if (pview_check(v, e) < 0)
		return -1;
	if (array_grow((void **)frame_loc, cap, v->nframes + 1,
	    sizeof(**frame_loc)) < 0)
		return perr_nomem(e);
	for (i = 0; i < v->nframes; i++)
		if (((*frame_loc)[i] = frame_location(c, p, v, i, e)) == 0)
			return -1;
	for (i = 0; i < v->nstacks; i++) {
		k = cell(v->t, PC_STACK_FRAME, i);
		if (k < 0 || (uint64_t)k >= v->nframes)
			return perr_set(e, "stackTable row %zu names frame "
			    "%lld of %zu", i, (long long)k, v->nframes);
		if (stack_prefix(v, i, &prefix, e) < 0)
			return -1;
	}
	return 0;
}

int
processed_write(struct firefox_reader *c, struct pprof *p, const char *uri,
    struct perr *e)
{
	struct pview v = { NULL, NULL, NULL, 0, 0, 0, 0, 0 }, shared = v;
	struct pbatch *b;
	uint32_t *frame_loc = NULL;
	size_t i, cap = 0, before = c->nsources;
	int rc = 0, shared_ready = 0;

	if (!p->meta.has_start)
		return perr_set(e, "a Firefox Profiler processed profile with "
		    "no meta.startTime");
	if (spool_rewind(&p->stacks, e) < 0 || spool_rewind(&p->times,
	    e) < 0 || spool_rewind(&p->weights, e) < 0)
		return -1;
	if ((b = malloc(sizeof(*b))) == NULL)
		return perr_nomem(e);
	shared.t = shared.s = shared.src = &p->shared;
	for (i = 0; i < p->nthreads && rc == 0; i++) {
		struct pthread *t = &p->threads[i];
		/* its own tables (to 59), else the shared ones, made once;
		 * its own strings (to 55), else the shared ones */
		if (t->own != NULL && t->own->has[PT_STACK]) {
			v.t = t->own;
			v.s = t->own->has_strings ? t->own : &p->shared;
			v.src = t->own->has[PT_SRC] ? t->own : &p->shared;
			rc = prepare(c, p, &v, &frame_loc, &cap, e);
		} else {
			if (!shared_ready)
				rc = prepare(c, p, &shared, &frame_loc, &cap,
				    e);
			shared_ready = 1;
			v = shared;
		}
		if (rc == 0 && t->nstack > 0)
			rc = write_thread(c, p, t, uri, frame_loc, &v, b, e);
		/* the shared frames' locations, kept for the next */
		if (v.t != &p->shared)
			shared_ready = 0;
	}
	free(b);
	free(frame_loc);
	if (rc == 0 && c->nsources == before)
		rc = perr_set(e, "a Firefox Profiler profile with no thread "
		    "that has samples");
	return rc;
}
