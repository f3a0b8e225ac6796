/*
 * The Firefox Profiler's Gecko format, as Firefox writes it on shutdown
 * (MOZ_PROFILER_SHUTDOWN) and its profiler's "Save as file" of a raw
 * profile: a profile object (meta, threads, and the profiles of its
 * child processes under "processes"), each thread with its tables as
 * {schema, data} (samples, stackTable, frameTable) and its stringTable.
 * Read as JSON events: a thread's samples go to a temporary file as they
 * come (Firefox writes them before the tables they name), its stacks,
 * frames and strings are kept (what it has distinct), and the thread is
 * written when it ends (gecko_thread.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/firefox/firefox_impl.h"
#include "formats/firefox/processed.h"
#include "formats/json/json_place.h"
#include "stream/sniff.h"

/* What a container is to this reader. */
enum gctx {
	G_PROFILE, G_META, G_CATEGORIES, G_CATEGORY, G_LIBS, G_LIB,
	G_THREADS, G_THREAD,
	G_PROCESSES, G_TABLE, G_SCHEMA, G_DATA, G_ROW, G_STRINGS, G_SKIP
};
enum gkey {
	K_OTHER, K_META, K_THREADS, K_PROCESSES, K_START, K_INTERVAL,
	K_VERSION, K_PROCESSED, K_CATEGORIES, K_NAME, K_PROCESS_NAME,
	K_PROCESS_TYPE, K_PID, K_TID, K_SAMPLES, K_STACK_TABLE,
	K_FRAME_TABLE, K_STRING_TABLE, K_SCHEMA, K_DATA, K_WEIGHT_TYPE,
	K_LIBS, K_LIB_START, K_LIB_END, K_LIB_OFFSET, K_LIB_PATH, K_LIB_CODE_ID,
	K_KEYS
};

struct gx {
	struct firefox_reader *c;
	struct input *in;
	struct json_events ev;
	struct json_place pl;	/* the reader's place in the JSON */
	/* the profiles open (a child process's inside its parent's) */
	struct gprof profs[GECKO_MAX_NESTING];
	int nprofs;
	struct gthread t;	/* the thread being read */
	enum gtable table;	/* the table being read */
	int col;		/* the row's next column */
};

/* The keys the reader knows, where. */
static const struct json_key gx_keys[] = {
	{ G_PROFILE, "meta", K_META },
	{ G_PROFILE, "threads", K_THREADS },
	{ G_PROFILE, "processes", K_PROCESSES },
	{ G_PROFILE, "libs", K_LIBS },
	{ G_LIB, "start", K_LIB_START }, { G_LIB, "end", K_LIB_END },
	{ G_LIB, "offset", K_LIB_OFFSET }, { G_LIB, "path", K_LIB_PATH },
	{ G_LIB, "codeId", K_LIB_CODE_ID },
	{ G_META, "startTime", K_START },
	{ G_META, "interval", K_INTERVAL },
	{ G_META, "version", K_VERSION },
	{ G_META, "preprocessedProfileVersion", K_PROCESSED },
	{ G_META, "categories", K_CATEGORIES },
	{ G_CATEGORY, "name", K_NAME },
	{ G_THREAD, "name", K_NAME },
	{ G_THREAD, "processName", K_PROCESS_NAME },
	{ G_THREAD, "processType", K_PROCESS_TYPE },
	{ G_THREAD, "pid", K_PID }, { G_THREAD, "tid", K_TID },
	{ G_THREAD, "samples", K_SAMPLES },
	{ G_THREAD, "stackTable", K_STACK_TABLE },
	{ G_THREAD, "frameTable", K_FRAME_TABLE },
	{ G_THREAD, "stringTable", K_STRING_TABLE },
	{ G_TABLE, "schema", K_SCHEMA }, { G_TABLE, "data", K_DATA },
	{ G_TABLE, "weightType", K_WEIGHT_TYPE },
};

/* A profile's object begins: the top one, or a child process's. */
static int
profile_begin(struct gx *x, struct perr *e)
{
	if (x->nprofs == GECKO_MAX_NESTING)
		return perr_set(e, "processes nested more than %d deep",
		    GECKO_MAX_NESTING);
	memset(&x->profs[x->nprofs++], 0, sizeof(x->profs[0]));
	return json_push(&x->pl, G_PROFILE);
}

static int
gx_start_map(void *ctx, struct perr *e)
{
	struct gx *x = ctx;
	enum gctx w = json_here(&x->pl);

	if (x->pl.depth == 0 || w == G_PROCESSES)
		return profile_begin(x, e);
	if (w == G_PROFILE && x->pl.key == K_META)
		return json_push(&x->pl, G_META);
	if (w == G_CATEGORIES)
		return json_push(&x->pl, G_CATEGORY);
	if (w == G_LIBS) {
		if (gecko_lib_begin(&x->profs[x->nprofs - 1], e) < 0)
			return -1;
		return json_push(&x->pl, G_LIB);
	}
	if (w == G_THREADS) {
		if (gecko_thread_begin(&x->t, e) < 0)
			return -1;
		return json_push(&x->pl, G_THREAD);
	}
	if (w == G_THREAD && (x->pl.key == K_SAMPLES ||
	    x->pl.key == K_STACK_TABLE || x->pl.key == K_FRAME_TABLE)) {
		x->table = x->pl.key == K_SAMPLES ? TB_SAMPLES : x->pl.key ==
		    K_STACK_TABLE ? TB_STACKS : TB_FRAMES;
		return json_push(&x->pl, G_TABLE);
	}
	if (w == G_TABLE && x->pl.key == K_SCHEMA)
		return json_push(&x->pl, G_SCHEMA);
	return json_push(&x->pl, G_SKIP);
}

static int
gx_end_map(void *ctx, struct perr *e)
{
	struct gx *x = ctx;
	enum gctx w = json_here(&x->pl);

	json_pop(&x->pl);
	if (w == G_PROFILE) {
		gecko_prof_free(&x->profs[--x->nprofs]);
		return 0;
	}
	if (w == G_META && x->profs[x->nprofs - 1].processed)
		return perr_set(e, "a Firefox Profiler profile of the "
		    "processed format (preprocessedProfileVersion %d) whose "
		    "meta comes after its first %d kB",
		    x->profs[x->nprofs - 1].processed, PROCESSED_PEEK / 1024);
	if (w == G_THREAD && gecko_thread_end(x->c, &x->t,
	    &x->profs[x->nprofs - 1], x->in, e) < 0)
		return sw_failed(&x->c->w) ? JSON_STOP : -1;
	return 0;
}

static int
gx_start_array(void *ctx, struct perr *e)
{
	struct gx *x = ctx;
	enum gctx w = json_here(&x->pl);

	(void)e;
	if (w == G_PROFILE && x->pl.key == K_THREADS)
		return json_push(&x->pl, G_THREADS);
	if (w == G_PROFILE && x->pl.key == K_PROCESSES)
		return json_push(&x->pl, G_PROCESSES);
	if (w == G_PROFILE && x->pl.key == K_LIBS)
		return json_push(&x->pl, G_LIBS);
	if (w == G_META && x->pl.key == K_CATEGORIES)
		return json_push(&x->pl, G_CATEGORIES);
	if (w == G_THREAD && x->pl.key == K_STRING_TABLE)
		return json_push(&x->pl, G_STRINGS);
	if (w == G_TABLE && x->pl.key == K_DATA)
		return json_push(&x->pl, G_DATA);
	if (w == G_DATA) {
		x->col = 0;
		gecko_row_begin(&x->t);
		return json_push(&x->pl, G_ROW);
	}
	return json_push(&x->pl, G_SKIP);
}

static int
gx_end_array(void *ctx, struct perr *e)
{
	struct gx *x = ctx;
	enum gctx w = json_here(&x->pl);

	json_pop(&x->pl);
	if (w == G_ROW)
		return gecko_row_end(&x->t, x->table, e);
	return 0;
}

static int
gx_key(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct gx *x = ctx;
	enum gctx w = json_here(&x->pl);

	if (json_place_key(&x->pl, s, n, e) < 0)
		return -1;
	/* a schema's keys: the columns' names, each with its index */
	if (w == G_SCHEMA)
		return gecko_schema_key(&x->t, x->table, s, n, e);
	return 0;
}

/* A cell of a table's row: a number, or null (NAN). */
static int
cell(struct gx *x, double v, struct perr *e)
{
	return gecko_row_cell(&x->t, x->table, x->col++, v, e);
}

static int
gx_number(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct gx *x = ctx;
	double v;

	if (firefox_number(s, n, &v, e) < 0)
		return -1;
	switch (json_here(&x->pl)) {
	case G_ROW:
		return cell(x, v, e);
	case G_SCHEMA:
		return gecko_schema_index(&x->t, x->table, v, e);
	case G_META:
		if (x->pl.key == K_START) {
			struct gprof *p = &x->profs[x->nprofs - 1];
			p->start_ms = v;
			p->has_start = 1;
			if (gecko_ms_ns(s, n, &p->start_ns) < 0) {
				if (fabs(v) > 9e12)	/* ms: 285 years */
					return perr_set(e, "meta.startTime "
					    "%g ms", v);
				p->start_ns = llround(v * 1e6);
			}
		} else if (x->pl.key == K_INTERVAL)
			x->profs[x->nprofs - 1].interval_ms = v;
		else if (x->pl.key == K_PROCESSED)
			x->profs[x->nprofs - 1].processed = v > 0 && v < 1e6 ?
			    (int)v : 1;
		return 0;
	case G_THREAD:
		if (x->pl.key == K_PID || x->pl.key == K_TID)
			return gecko_thread_id(&x->t, x->pl.key == K_PID, s,
			    n, e);
		return 0;
	case G_LIB:
		if (x->pl.key == K_LIB_START || x->pl.key == K_LIB_END ||
		    x->pl.key == K_LIB_OFFSET)
			return gecko_lib_number(&x->profs[x->nprofs - 1],
			    x->pl.key == K_LIB_START ? GL_START : x->pl.key ==
			    K_LIB_END ? GL_END : GL_OFFSET, v, e);
		return 0;
	default:
		return 0;
	}
}

static int
gx_null(void *ctx, struct perr *e)
{
	struct gx *x = ctx;

	return json_here(&x->pl) == G_ROW ? cell(x, NAN, e) : 0;
}

static int
gx_boolean(void *ctx, int b, struct perr *e)
{
	struct gx *x = ctx;

	return json_here(&x->pl) == G_ROW ? cell(x, b, e) : 0;
}

static int
gx_string(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct gx *x = ctx;

	switch (json_here(&x->pl)) {
	case G_ROW:	/* a cell of text: no column this reader reads */
		return cell(x, NAN, e);
	case G_STRINGS:
		return gecko_string(&x->t, s, n, e);
	case G_CATEGORY:
		if (x->pl.key == K_NAME)
			return gecko_category(&x->profs[x->nprofs - 1], s, n,
			    e);
		return 0;
	case G_THREAD:
		if (x->pl.key == K_PID || x->pl.key == K_TID)
			return gecko_thread_id(&x->t, x->pl.key == K_PID, s,
			    n, e);
		if (x->pl.key == K_NAME || x->pl.key == K_PROCESS_NAME ||
		    x->pl.key == K_PROCESS_TYPE)
			return gecko_thread_text(&x->t, x->pl.key == K_NAME ?
			    GT_NAME : x->pl.key == K_PROCESS_NAME ?
			    GT_PROCESS_NAME : GT_PROCESS_TYPE, s, n, e);
		return 0;
	case G_LIB:
		if (x->pl.key == K_LIB_PATH || x->pl.key == K_LIB_CODE_ID)
			return gecko_lib_text(&x->profs[x->nprofs - 1],
			    x->pl.key == K_LIB_PATH ? GL_PATH : GL_BUILD_ID, s,
			    n, e);
		return 0;
	case G_TABLE:
		if (x->pl.key == K_WEIGHT_TYPE)
			return gecko_weight_type(&x->t, s, n, e);
		return 0;
	default:
		return 0;
	}
}

/* Whether s (n bytes) holds the text t. */
static int
has_text(const unsigned char *s, size_t n, const char *t)
{
	size_t k = strlen(t), i;

	for (i = 0; i + k <= n; i++)
		if (s[i] == (unsigned char)t[0] && memcmp(s + i, t, k) == 0)
			return 1;
	return 0;
}

static int
firefox_begin(void *reader, struct output *o, const void *options,
    struct perr *e)
{
	struct firefox_reader *c = reader;

	(void)options;
	(void)e;
	memset(c, 0, sizeof(*c));
	sw_begin(&c->w, o, V20, SCHEMA_EXTENSIONS, 1);
	return 0;
}

static void
firefox_free(void *reader)
{
	struct firefox_reader *c = reader;

	sw_free(&c->w);
	strtab_free(&c->fkeys);
	strtab_free(&c->lkeys);
	free(c->kbuf);
}

static int
firefox_read(void *reader, struct input *in, struct perr *e)
{
	struct firefox_reader *c = reader;
	struct gx *x;
	uint32_t before = c->nsources;
	const unsigned char *head;
	size_t nhead;
	int rc, i;

	sw_set_input(&c->w, in);
	if (sniff_expect(in, SNIFF_BIT(SNIFF_FIREFOX) | SNIFF_BIT(SNIFF_JSON),
	    "a Firefox Profiler profile", e) < 0)
		return -1;
	/* the processed format: its meta (first, as the profiler writes
	 * it) names its version */
	if (input_peek(in, PROCESSED_PEEK, &head, &nhead, e) < 0)
		return perr_at(e, in->name);
	if (has_text(head, nhead, "\"preprocessedProfileVersion\"")) {
		rc = processed_read(c, in, e);
		return rc < 0 && !sw_failed(&c->w) ? perr_at(e, in->name) : rc;
	}
	/* its stack: JSON's depth of contexts */
	if ((x = calloc(1, sizeof(*x))) == NULL)
		return perr_nomem(e);
	json_place_init(&x->pl, gx_keys, sizeof(gx_keys) / sizeof(gx_keys[0]),
	    K_OTHER, G_SKIP);
	x->c = c;
	x->in = in;
	x->ev.start_map = gx_start_map;
	x->ev.end_map = gx_end_map;
	x->ev.start_array = gx_start_array;
	x->ev.end_array = gx_end_array;
	x->ev.key = gx_key;
	x->ev.number = gx_number;
	x->ev.null = gx_null;
	x->ev.boolean = gx_boolean;
	x->ev.string = gx_string;
	x->ev.ctx = x;
	rc = json_read_input(in, &x->ev, e);
	if (rc == 0 && c->nsources == before)
		rc = perr_set(e, "%s: a Firefox Profiler profile with no thread "
		    "that has samples", in->name);
	gecko_thread_free(&x->t);
	for (i = 0; i < GECKO_MAX_NESTING; i++)
		gecko_prof_free(&x->profs[i]);
	free(x);
	/* the output's error is whole as it is */
	return rc < 0 && !sw_failed(&c->w) ? perr_at(e, in->name) : rc;
}

const struct codec firefox_codec = {
	"the Firefox Profiler's Gecko format", "firefox2tsv",
	SNIFF_BIT(SNIFF_FIREFOX), sizeof(struct firefox_reader), firefox_begin,
	firefox_read, NULL, firefox_free
};
