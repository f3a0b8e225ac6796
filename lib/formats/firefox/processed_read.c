/*
 * The Firefox Profiler's processed format, read as JSON events: the
 * tables (each a column an array) of each thread or of profile.shared,
 * kept (they grow with the distinct stacks, frames and functions); the
 * samples' columns (stack, time or timeDeltas, weight) spooled as they
 * come, in whatever order the keys come; every thread written when the
 * profile ends (processed_thread.c), when all it names has been read.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/firefox/processed.h"
#include "formats/json/json_place.h"

/* What a container is to this reader. */
enum pctx {
	P_PROFILE, P_META, P_CATEGORIES, P_CATEGORY, P_LIBS, P_LIB,
	P_THREADS, P_THREAD, P_SHARED, P_TABLE, P_COLUMN, P_SAMPLES,
	P_SAMPLE_COLUMN, P_STRINGS, P_SKIP
};
/* Keys outside the tables' columns (which are enum pcol), each below 32
 * (json_place's bits); K_OTHER: a key this reader does not read. */
enum pkey {
	K_META, K_LIBS, K_THREADS, K_SHARED, K_START, K_INTERVAL, K_VERSION,
	K_CATEGORIES, K_NAME, K_PATH, K_CODE_ID, K_BREAKPAD_ID,
	K_PROCESS_NAME, K_PROCESS_TYPE, K_PID, K_TID, K_SAMPLES,
	K_STACK_TABLE, K_FRAME_TABLE, K_FUNC_TABLE, K_RES_TABLE, K_SOURCES,
	K_STRINGS, K_S_STACK, K_S_TIME, K_S_DELTAS, K_S_WEIGHT,
	K_S_WEIGHT_TYPE, K_OTHER = 31
};
/* The tables' contexts, apart so that their columns' keys are theirs. */
enum { P_T0 = 32 };

static const struct json_key px_keys[] = {
	{ P_PROFILE, "meta", K_META }, { P_PROFILE, "libs", K_LIBS },
	{ P_PROFILE, "threads", K_THREADS }, { P_PROFILE, "shared", K_SHARED },
	{ P_META, "startTime", K_START }, { P_META, "interval", K_INTERVAL },
	{ P_META, "preprocessedProfileVersion", K_VERSION },
	{ P_META, "categories", K_CATEGORIES },
	{ P_CATEGORY, "name", K_NAME },
	{ P_LIB, "path", K_PATH }, { P_LIB, "codeId", K_CODE_ID },
	{ P_LIB, "breakpadId", K_BREAKPAD_ID },
	{ P_THREAD, "name", K_NAME },
	{ P_THREAD, "processName", K_PROCESS_NAME },
	{ P_THREAD, "processType", K_PROCESS_TYPE },
	{ P_THREAD, "pid", K_PID }, { P_THREAD, "tid", K_TID },
	{ P_THREAD, "samples", K_SAMPLES },
	{ P_THREAD, "stackTable", K_STACK_TABLE },
	{ P_THREAD, "frameTable", K_FRAME_TABLE },
	{ P_THREAD, "funcTable", K_FUNC_TABLE },
	{ P_THREAD, "resourceTable", K_RES_TABLE },
	{ P_THREAD, "stringArray", K_STRINGS },
	{ P_SHARED, "stackTable", K_STACK_TABLE },
	{ P_SHARED, "frameTable", K_FRAME_TABLE },
	{ P_SHARED, "funcTable", K_FUNC_TABLE },
	{ P_SHARED, "resourceTable", K_RES_TABLE },
	{ P_SHARED, "sources", K_SOURCES },
	{ P_SHARED, "stringArray", K_STRINGS },
	{ P_SAMPLES, "stack", K_S_STACK }, { P_SAMPLES, "time", K_S_TIME },
	{ P_SAMPLES, "timeDeltas", K_S_DELTAS },
	{ P_SAMPLES, "weight", K_S_WEIGHT },
	{ P_SAMPLES, "weightType", K_S_WEIGHT_TYPE },
	{ P_T0 + PT_STACK, "frame", PC_STACK_FRAME },
	{ P_T0 + PT_STACK, "prefix", PC_STACK_PREFIX },
	{ P_T0 + PT_STACK, "prefixOffset", PC_STACK_PREFIX_OFFSET },
	{ P_T0 + PT_FRAME, "func", PC_FRAME_FUNC },
	{ P_T0 + PT_FRAME, "address", PC_FRAME_ADDRESS },
	{ P_T0 + PT_FRAME, "inlineDepth", PC_FRAME_INLINE_DEPTH },
	{ P_T0 + PT_FRAME, "category", PC_FRAME_CATEGORY },
	{ P_T0 + PT_FRAME, "line", PC_FRAME_LINE },
	{ P_T0 + PT_FRAME, "column", PC_FRAME_COLUMN },
	{ P_T0 + PT_FRAME, "implementation", PC_FRAME_IMPLEMENTATION },
	{ P_T0 + PT_FRAME, "lib", PC_FRAME_LIB },
	{ P_T0 + PT_FUNC, "name", PC_FUNC_NAME },
	{ P_T0 + PT_FUNC, "resource", PC_FUNC_RESOURCE },
	{ P_T0 + PT_FUNC, "fileName", PC_FUNC_FILE_NAME },
	{ P_T0 + PT_FUNC, "source", PC_FUNC_SOURCE },
	{ P_T0 + PT_FUNC, "lineNumber", PC_FUNC_LINE },
	{ P_T0 + PT_FUNC, "columnNumber", PC_FUNC_COLUMN },
	{ P_T0 + PT_RES, "lib", PC_RES_LIB },
	{ P_T0 + PT_SRC, "filename", PC_SRC_FILENAME },
};

struct px {
	struct firefox_reader *c;
	struct input *in;
	struct json_events ev;
	struct json_place pl;
	struct pprof p;
	struct ptables *tables;	/* the tables being read: a thread's or
				 * the shared ones */
	int column;		/* the column being read (enum pcol) */
	int scol;		/* the samples' column being read */
	double delta_at;	/* timeDeltas: the sum so far */
	int top_done;		/* the profile's object ended */
};

static struct pthread *
thread_now(struct px *x)
{
	return &x->p.threads[x->p.nthreads - 1];
}

/* The tables a thread's or the shared object's key opens. */
static int
table_of(int key)
{
	switch (key) {
	case K_STACK_TABLE: return PT_STACK;
	case K_FRAME_TABLE: return PT_FRAME;
	case K_FUNC_TABLE: return PT_FUNC;
	case K_RES_TABLE: return PT_RES;
	case K_SOURCES: return PT_SRC;
	default: return -1;
	}
}

/* The tables of the thread being read (made when its first comes), or
 * the shared ones. */
static struct ptables *
tables_here(struct px *x, enum pctx w, struct perr *e)
{
	struct pthread *t;

	if (w == P_SHARED)
		return &x->p.shared;
	t = thread_now(x);
	if (t->own == NULL && (t->own = calloc(1, sizeof(*t->own))) == NULL)
		perr_nomem(e);
	return t->own;
}

static int
px_start_map(void *ctx, struct perr *e)
{
	struct px *x = ctx;
	enum pctx w = json_here(&x->pl);
	int tb;

	if (x->pl.depth == 0)
		return json_push(&x->pl, P_PROFILE);
	if (w == P_PROFILE && x->pl.key == K_META)
		return json_push(&x->pl, P_META);
	if (w == P_PROFILE && x->pl.key == K_SHARED)
		return json_push(&x->pl, P_SHARED);
	if (w == P_CATEGORIES)
		return json_push(&x->pl, P_CATEGORY);
	if (w == P_LIBS) {
		if (gecko_lib_begin(&x->p.meta, e) < 0)
			return -1;
		return json_push(&x->pl, P_LIB);
	}
	if (w == P_THREADS) {
		if (ARRAY_ROOM(x->p.threads, x->p.nthreads,
		    x->p.capthreads) < 0)
			return perr_nomem(e);
		memset(&x->p.threads[x->p.nthreads++], 0,
		    sizeof(*x->p.threads));
		return json_push(&x->pl, P_THREAD);
	}
	if (w == P_THREAD && x->pl.key == K_SAMPLES)
		return json_push(&x->pl, P_SAMPLES);
	if ((w == P_THREAD || w == P_SHARED) &&
	    (tb = table_of(x->pl.key)) >= 0) {
		if ((x->tables = tables_here(x, w, e)) == NULL)
			return -1;
		x->tables->has[tb] = 1;
		return json_push(&x->pl, P_T0 + tb);
	}
	return json_push(&x->pl, P_SKIP);
}

static int
px_end_map(void *ctx, struct perr *e)
{
	struct px *x = ctx;

	json_pop(&x->pl);
	if (x->pl.depth > 0)
		return 0;
	x->top_done = 1;
	if (x->p.version < PROCESSED_MIN || x->p.version > PROCESSED_MAX)
		return perr_set(e, "a Firefox Profiler profile of processed "
		    "version %d; this reader knows %d to %d (the profiler's "
		    "site upgrades an older one when it opens it: save it "
		    "again there)", x->p.version, PROCESSED_MIN,
		    PROCESSED_MAX);
	if (processed_write(x->c, &x->p, x->in->uri, e) < 0)
		return sw_failed(&x->c->w) ? JSON_STOP : -1;
	return 0;
}

static int
px_start_array(void *ctx, struct perr *e)
{
	struct px *x = ctx;
	int w = json_here(&x->pl);

	if (w == P_PROFILE && x->pl.key == K_THREADS)
		return json_push(&x->pl, P_THREADS);
	if (w == P_PROFILE && x->pl.key == K_LIBS)
		return json_push(&x->pl, P_LIBS);
	if (w == P_META && x->pl.key == K_CATEGORIES)
		return json_push(&x->pl, P_CATEGORIES);
	if ((w == P_THREAD || w == P_SHARED) && x->pl.key == K_STRINGS) {
		if ((x->tables = tables_here(x, w, e)) == NULL)
			return -1;
		if (x->tables->has_strings)
			return perr_set(e, "a second stringArray");
		x->tables->has_strings = 1;
		return json_push(&x->pl, P_STRINGS);
	}
	if (w >= P_T0 && x->pl.key != K_OTHER) {
		x->column = x->pl.key;
		x->tables->col[x->column].present = 1;
		return json_push(&x->pl, P_COLUMN);
	}
	if (w == P_SAMPLES && (x->pl.key == K_S_STACK ||
	    x->pl.key == K_S_TIME || x->pl.key == K_S_DELTAS ||
	    x->pl.key == K_S_WEIGHT)) {
		struct pthread *t = thread_now(x);
		if ((x->pl.key == K_S_TIME && t->deltas) ||
		    (x->pl.key == K_S_DELTAS && t->ntime > 0))
			return perr_set(e, "samples with both time and "
			    "timeDeltas");
		x->scol = x->pl.key;
		t->deltas |= x->pl.key == K_S_DELTAS;
		x->delta_at = 0;
		return json_push(&x->pl, P_SAMPLE_COLUMN);
	}
	return json_push(&x->pl, P_SKIP);
}

static int
px_end_array(void *ctx, struct perr *e)
{
	struct px *x = ctx;

	(void)e;
	json_pop(&x->pl);
	return 0;
}

static int
px_key(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct px *x = ctx;

	return json_place_key(&x->pl, s, n, e);
}

/* A cell of a sample's column: the stack's index + 1 (0: none), a
 * time's or weight's double. */
static int
sample_cell(struct px *x, double v, int null, struct perr *e)
{
	struct pthread *t = thread_now(x);
	uint64_t bits;

	switch (x->scol) {
	case K_S_STACK:
		if (null) {
			spool_put(&x->p.stacks, 0);
			t->h.nostack++;
		} else {
			if (v < 0 || v > INT32_MAX || v != floor(v))
				return perr_set(e, "a sample's stack %g", v);
			spool_put(&x->p.stacks, (uint64_t)v + 1);
		}
		t->nstack++;
		return 0;
	case K_S_TIME:
	case K_S_DELTAS:
		if (null)
			return perr_set(e, "a sample's time is null");
		if (x->scol == K_S_DELTAS)
			v = x->delta_at += v;
		if (fabs(v) > 9e12)	/* ms: 285 years */
			return perr_set(e, "a sample's time %g ms", v);
		memcpy(&bits, &v, sizeof(bits));
		spool_put(&x->p.times, bits);
		t->ntime++;
		return 0;
	default:		/* K_S_WEIGHT */
		if (null)
			v = 1;
		memcpy(&bits, &v, sizeof(bits));
		spool_put(&x->p.weights, bits);
		t->nweight++;
		return 0;
	}
}

/* A cell of a table's column: an integer (an index, a line, an
 * address), or none. */
static int
table_cell(struct px *x, double v, int null, struct perr *e)
{
	if (null)
		return pcolumn_put(&x->tables->col[x->column], PNULL, e);
	if (v != floor(v) || fabs(v) > 9007199254740992.0)
		return perr_set(e, "a table's cell %g, not an integer", v);
	return pcolumn_put(&x->tables->col[x->column], (int64_t)v, e);
}

static int
px_number(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct px *x = ctx;
	struct gprof *m = &x->p.meta;
	double v = 0;

	if (firefox_number(s, n, &v, e) < 0)
		return -1;
	switch (json_here(&x->pl)) {
	case P_SAMPLE_COLUMN:
		return sample_cell(x, v, 0, e);
	case P_COLUMN:
		return table_cell(x, v, 0, e);
	case P_META:
		if (x->pl.key == K_START) {
			m->start_ms = v;
			m->has_start = 1;
			if (gecko_ms_ns(s, n, &m->start_ns) < 0) {
				if (fabs(v) > 9e12)
					return perr_set(e, "meta.startTime "
					    "%g ms", v);
				m->start_ns = llround(v * 1e6);
			}
		} else if (x->pl.key == K_INTERVAL)
			m->interval_ms = v;
		else if (x->pl.key == K_VERSION)
			x->p.version = v >= 0 && v < 1e6 && v == floor(v) ?
			    (int)v : -1;
		return 0;
	case P_THREAD:
		if (x->pl.key == K_PID || x->pl.key == K_TID)
			return gecko_id_text(x->pl.key == K_PID ?
			    thread_now(x)->h.pid : thread_now(x)->h.tid,
			    sizeof(thread_now(x)->h.pid), s, n, e);
		return 0;
	default:
		return 0;
	}
}

static int
px_null(void *ctx, struct perr *e)
{
	struct px *x = ctx;

	switch (json_here(&x->pl)) {
	case P_SAMPLE_COLUMN:
		return sample_cell(x, 0, 1, e);
	case P_COLUMN:
		return table_cell(x, 0, 1, e);
	default:
		return 0;
	}
}

static int
px_boolean(void *ctx, int b, struct perr *e)
{
	struct px *x = ctx;

	return json_here(&x->pl) == P_COLUMN ? table_cell(x, b, 0, e) : 0;
}

static int
px_string(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct px *x = ctx;
	struct pthread *t;

	switch (json_here(&x->pl)) {
	case P_STRINGS:
		return ptables_string(x->tables, s, n, e);
	case P_COLUMN:
	case P_SAMPLE_COLUMN:
		return perr_set(e, "a column of numbers holds \"%.*s\"",
		    (int)(n < 40 ? n : 40), s);
	case P_CATEGORY:
		return x->pl.key == K_NAME ? gecko_category(&x->p.meta, s, n,
		    e) : 0;
	case P_LIB:
		if (x->pl.key == K_PATH)
			return gecko_lib_text(&x->p.meta, GL_PATH, s, n, e);
		/* the build id: codeId, else breakpadId */
		if (x->pl.key == K_CODE_ID || (x->pl.key == K_BREAKPAD_ID &&
		    x->p.meta.libs[x->p.meta.nlibs - 1].build_id == NULL))
			return gecko_lib_text(&x->p.meta, GL_BUILD_ID, s, n,
			    e);
		return 0;
	case P_SAMPLES:
		if (x->pl.key != K_S_WEIGHT_TYPE)
			return 0;
		t = thread_now(x);
		return firefox_weight_type(s, n, &t->h.weight_ms,
		    &t->h.weight_bytes, e);
	case P_THREAD:
		t = thread_now(x);
		if (x->pl.key == K_PID || x->pl.key == K_TID)
			return gecko_id_text(x->pl.key == K_PID ? t->h.pid :
			    t->h.tid, sizeof(t->h.pid), s, n, e);
		if (x->pl.key == K_NAME || x->pl.key == K_PROCESS_NAME ||
		    x->pl.key == K_PROCESS_TYPE)
			return gecko_text(t->h.text[x->pl.key == K_NAME ?
			    GT_NAME : x->pl.key == K_PROCESS_NAME ?
			    GT_PROCESS_NAME : GT_PROCESS_TYPE],
			    sizeof(t->h.text[0]), s, n, e);
		return 0;
	default:
		return 0;
	}
}

int
processed_read(struct firefox_reader *c, struct input *in, struct perr *e)
{
	struct px *x;
	int rc;

	if ((x = calloc(1, sizeof(*x))) == NULL)
		return perr_nomem(e);
	json_place_init(&x->pl, px_keys, sizeof(px_keys) / sizeof(px_keys[0]),
	    K_OTHER, P_SKIP);
	x->c = c;
	x->in = in;
	x->ev.start_map = px_start_map;
	x->ev.end_map = px_end_map;
	x->ev.start_array = px_start_array;
	x->ev.end_array = px_end_array;
	x->ev.key = px_key;
	x->ev.number = px_number;
	x->ev.null = px_null;
	x->ev.boolean = px_boolean;
	x->ev.string = px_string;
	x->ev.ctx = x;
	x->p.version = -1;
	rc = spool_open(&x->p.stacks, e) < 0 || spool_open(&x->p.times,
	    e) < 0 || spool_open(&x->p.weights, e) < 0 ? -1 :
	    json_read_input(in, &x->ev, e);
	if (rc == 0 && !x->top_done)
		rc = perr_set(e, "not a profile's object");
	processed_free(&x->p);
	free(x);
	return rc;
}
