/*
 * A Gecko profile's thread, its tables gathered, to the stream: a source
 * (its name, process, pid and tid as attributes), each frame a location
 * of its function, each sample its stack from the stack table's prefix
 * chain, its time on Unix time (the process's meta.startTime plus the
 * sample's milliseconds).
 *
 * A frame's location string is as the Firefox Profiler reads it: a
 * JavaScript frame "name (url:line:column)", a label frame its name, an
 * address of native code "0x7f..." (no function: a location of that
 * address, for a symbolizer).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/firefox/firefox_impl.h"

static const char *const field_names[F_COUNT] = {
	[F_STACK] = "stack", [F_TIME] = "time", [F_WEIGHT] = "weight",
	[F_PREFIX] = "prefix", [F_FRAME] = "frame",
	[F_LOCATION] = "location", [F_IMPLEMENTATION] = "implementation",
	[F_LINE] = "line", [F_COLUMN] = "column", [F_CATEGORY] = "category",
};
/* the fields of each table, [first, last] */
static const int table_fields[TB_COUNT][2] = {
	[TB_SAMPLES] = { F_STACK, F_WEIGHT },
	[TB_STACKS] = { F_PREFIX, F_FRAME },
	[TB_FRAMES] = { F_LOCATION, F_CATEGORY },
};
static const char *const table_names[TB_COUNT] = {
	[TB_SAMPLES] = "samples", [TB_STACKS] = "stackTable",
	[TB_FRAMES] = "frameTable",
};

/* A thread's tables let go; what they hold kept for the next. */
static void
thread_clear(struct gthread *t)
{
	spool_close(&t->samples);
	t->spooled = 0;
	t->nsamples = t->h.nostack = 0;
	t->nstacks = t->nframes = 0;
	t->strs.n = 0;
	strtab_free(&t->strs.strs);
}

void
gecko_thread_free(struct gthread *t)
{
	thread_clear(t);
	free(t->stacks);
	free(t->frames);
	firefox_strings_free(&t->strs);
	free(t->frame_loc);
	memset(t, 0, sizeof(*t));
}

/* The mapping of the library that holds addr, written when new; 0: none
 * holds it. */
static uint32_t
lib_mapping(struct firefox_reader *c, const struct gprof *p, uint64_t addr)
{
	size_t i;

	for (i = 0; i < p->nlibs; i++)
		if (addr >= p->libs[i].start && addr < p->libs[i].end)
			return firefox_lib_mapping(c, &p->libs[i]);
	return 0;
}

int
gecko_thread_begin(struct gthread *t, struct perr *e)
{
	int i;

	thread_clear(t);
	memset(&t->h, 0, sizeof(t->h));
	for (i = 0; i < F_COUNT; i++)
		t->col[i] = -1;
	t->pending = -1;
	if (spool_open(&t->samples, e) < 0)
		return -1;
	t->spooled = 1;
	return 0;
}

/* A pid or tid, a number or a string as producers write them. */
int
gecko_thread_id(struct gthread *t, int pid, const char *s, size_t n,
    struct perr *e)
{
	return gecko_id_text(pid ? t->h.pid : t->h.tid, sizeof(t->h.pid), s,
	    n, e);
}

int
gecko_thread_text(struct gthread *t, enum gtext k, const char *s, size_t n,
    struct perr *e)
{
	return gecko_text(t->h.text[k], sizeof(t->h.text[k]), s, n, e);
}

int
gecko_weight_type(struct gthread *t, const char *s, size_t n,
    struct perr *e)
{
	return firefox_weight_type(s, n, &t->h.weight_ms, &t->h.weight_bytes,
	    e);
}

int
gecko_schema_key(struct gthread *t, enum gtable tb, const char *s, size_t n,
    struct perr *e)
{
	int f;

	(void)e;
	t->pending = -1;
	for (f = table_fields[tb][0]; f <= table_fields[tb][1]; f++)
		if (strlen(field_names[f]) == n &&
		    memcmp(field_names[f], s, n) == 0)
			t->pending = f;
	return 0;
}

int
gecko_schema_index(struct gthread *t, enum gtable tb, double v,
    struct perr *e)
{
	if (t->pending < 0)
		return 0;
	if (v < 0 || v > 255 || v != floor(v))
		return perr_set(e, "%s's schema gives %s column %g",
		    table_names[tb], field_names[t->pending], v);
	t->col[t->pending] = (int)v;
	t->pending = -1;
	return 0;
}

void
gecko_row_begin(struct gthread *t)
{
	int f;

	for (f = 0; f < F_COUNT; f++)
		t->row[f] = NAN;
}

int
gecko_row_cell(struct gthread *t, enum gtable tb, int col, double v,
    struct perr *e)
{
	int f;

	(void)e;
	for (f = table_fields[tb][0]; f <= table_fields[tb][1]; f++)
		if (t->col[f] == col)
			t->row[f] = v;
	return 0;
}

/* Field f of the row as an index (a row, a string): 0, or -1 with e set;
 * null is *v = -1 where it may be. */
static int
row_index(const struct gthread *t, enum gtable tb, int f, int may_be_null,
    int64_t *v, struct perr *e)
{
	double d = t->row[f];

	if (isnan(d) && may_be_null) {
		*v = -1;
		return 0;
	}
	if (isnan(d) || d < 0 || d > INT32_MAX || d != floor(d))
		return perr_set(e, "a row of %s whose %s is %s%g",
		    table_names[tb], field_names[f], isnan(d) ? "null or " :
		    "", d);
	*v = (int64_t)d;
	return 0;
}

int
gecko_row_end(struct gthread *t, enum gtable tb, struct perr *e)
{
	int64_t a, b, c;
	double d;
	uint64_t bits;
	int f;

	/* the columns are known from the schema, which comes first */
	for (f = table_fields[tb][0]; f <= table_fields[tb][1]; f++)
		if (t->col[f] < 0 && (f == F_STACK || f == F_TIME ||
		    f == F_PREFIX || f == F_FRAME || f == F_LOCATION))
			return perr_set(e, "a row of %s before its schema "
			    "names its %s column", table_names[tb],
			    field_names[f]);
	switch (tb) {
	case TB_SAMPLES:
		if (row_index(t, tb, F_STACK, 1, &a, e) < 0)
			return -1;
		/* a sample of no stack: the Firefox Profiler leaves it out
		 * of its call tree; counted, said in its source */
		if (a < 0) {
			t->h.nostack++;
			return 0;
		}
		d = t->row[F_TIME];
		if (isnan(d) || fabs(d) > 9e12)	/* ms: 285 years */
			return perr_set(e, "a sample's time %g ms", d);
		spool_put(&t->samples, (uint64_t)(a + 1));
		spool_put(&t->samples, (uint64_t)llround(d * 1e6));
		d = t->col[F_WEIGHT] < 0 || isnan(t->row[F_WEIGHT]) ? 1 :
		    t->row[F_WEIGHT];
		memcpy(&bits, &d, sizeof(bits));
		spool_put(&t->samples, bits);
		t->nsamples++;
		return 0;
	case TB_STACKS:
		if (row_index(t, tb, F_PREFIX, 1, &a, e) < 0 ||
		    row_index(t, tb, F_FRAME, 0, &b, e) < 0)
			return -1;
		/* a prefix names a stack before it: no cycle, and a
		 * stack's frames are found walking back */
		if (a >= (int64_t)t->nstacks)
			return perr_set(e, "stackTable row %zu has the prefix "
			    "%lld, not a row before it", t->nstacks,
			    (long long)a);
		if (ARRAY_ROOM(t->stacks, t->nstacks, t->capstacks) < 0)
			return perr_nomem(e);
		t->stacks[t->nstacks].prefix = a;
		t->stacks[t->nstacks++].frame = (uint32_t)b;
		return 0;
	case TB_FRAMES:
		if (row_index(t, tb, F_LOCATION, 0, &a, e) < 0 ||
		    row_index(t, tb, F_IMPLEMENTATION, 1, &b, e) < 0 ||
		    row_index(t, tb, F_CATEGORY, 1, &c, e) < 0)
			return -1;
		if (ARRAY_ROOM(t->frames, t->nframes, t->capframes) < 0)
			return perr_nomem(e);
		t->frames[t->nframes].location = (uint32_t)a;
		t->frames[t->nframes].impl = b;
		t->frames[t->nframes].category = c;
		d = t->row[F_LINE];
		t->frames[t->nframes].line = isnan(d) || d < 1 ||
		    d > INT32_MAX - 1 ? -1 : (int64_t)d;
		d = t->row[F_COLUMN];
		t->frames[t->nframes].column = isnan(d) || d < 0 ||
		    d > INT32_MAX - 1 ? -1 : (int64_t)d;
		t->nframes++;
		return 0;
	default:
		return 0;
	}
}

int
gecko_string(struct gthread *t, const char *s, size_t n, struct perr *e)
{
	return firefox_string_add(&t->strs, "stringTable", s, n, e);
}

/* String i of the thread's table: its text and length, or NULL. */
static const char *
str_at(const struct gthread *t, int64_t i, size_t *n)
{
	return firefox_string_at(&t->strs, i, n);
}

/* The digits at the end of s..*end after a ':' as a number, *end moved
 * to the ':'; -1 when there are none. */
static int64_t
tail_number(const char *s, const char **end)
{
	const char *p = *end;
	int64_t v = 0, m = 1;

	while (p > s && p[-1] >= '0' && p[-1] <= '9' && *end - p < 9)
		p--;
	if (p == *end || p == s || p[-1] != ':')
		return -1;
	for (const char *q = *end; q > p; q--, m *= 10)
		v += (q[-1] - '0') * m;
	*end = p - 1;
	return v;
}

/* A location string as the Firefox Profiler reads it: "name (file:line:
 * column)" or "name (file)", else a name; *addr set for "0x..." (1). */
static int
parse_location(const char *s, size_t n, struct text *name, struct text *file,
    int64_t *line, int64_t *column, uint64_t *addr)
{
	const char *open, *end = s + n;
	size_t i;

	*line = *column = -1;
	*file = text_n("", 0);
	if (n > 2 && n <= 18 && s[0] == '0' && s[1] == 'x') {
		for (i = 2, *addr = 0; i < n; i++) {
			char ch = s[i];
			int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' &&
			    ch <= 'f' ? ch - 'a' + 10 : -1;
			if (d < 0)
				break;
			*addr = *addr << 4 | (uint64_t)d;
		}
		if (i == n)
			return 1;
	}
	/* "...[3]": the script's index in the profile's sources, which
	 * the Firefox Profiler leaves out of the name */
	if (n > 3 && s[n - 1] == ']') {
		for (i = n - 1; i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9'; i--)
			;
		if (i > 1 && i < n - 1 && s[i - 1] == '[') {
			n = i - 1;
			end = s + n;
		}
	}
	*name = text_n(s, n);
	if (n < 4 || s[n - 1] != ')')
		return 0;
	for (open = end - 2; open > s && !(open[0] == '(' && open[-1] == ' ');
	    open--)
		;
	if (open <= s)
		return 0;
	*name = text_n(s, (size_t)(open - 1 - s));
	end--;			/* the ')' */
	*column = tail_number(open + 1, &end);
	*line = tail_number(open + 1, &end);
	if (*line < 0) {	/* "file:line" */
		*line = *column;
		*column = -1;
	}
	*file = text_n(open + 1, (size_t)(end - open - 1));
	return 0;
}

/* The location of frame f, made and written when new: its id, 0 with e
 * set. */
static uint32_t
frame_location(struct firefox_reader *c, const struct gthread *t,
    struct gprof *p, const struct gframe *g, struct perr *e)
{
	struct flocation f = { .cat = "" };
	const char *s, *impl;
	size_t n, ni = 0;

	if ((s = str_at(t, g->location, &n)) == NULL) {
		perr_set(e, "frameTable names string %u of %zu",
		    g->location, t->strs.n);
		return 0;
	}
	if (g->impl >= 0 && (impl = str_at(t, g->impl, &ni)) != NULL)
		f.impl = text_n(impl, ni);
	if (g->category >= 0 && (size_t)g->category < p->ncats)
		f.cat = p->cats[g->category];
	f.is_addr = parse_location(s, n, &f.name, &f.file, &f.line,
	    &f.column, &f.addr);
	f.has_function = !f.is_addr;
	f.start_line = f.line;
	if (f.is_addr)
		f.mapping = lib_mapping(c, p, f.addr);
	/* the line running: the frame's own, else the function's */
	if (g->line > 0)
		f.line = g->line;
	if (g->column >= 0)
		f.column = g->column;
	return firefox_location(c, &f, e);
}

int
gecko_thread_end(struct firefox_reader *c, struct gthread *t,
    struct gprof *p, struct input *in, struct perr *e)
{
	uint32_t source;
	size_t i;
	uint64_t stack, time, bits;
	int64_t vt, start_ns, ns;
	double w;
	struct stream_id sid;
	struct sw_stack sk;
	int rc = -1;

	if (t->nsamples == 0 && t->h.nostack == 0)	/* markers only */
		return 0;
	if (!p->has_start)
		return perr_set(e, "thread %s: samples, but no meta.startTime "
		    "before them", t->h.text[GT_NAME]);
	if (array_grow((void **)&t->frame_loc, &t->capframe_loc,
	    t->nframes + 1, sizeof(*t->frame_loc)) < 0)
		return perr_nomem(e);
	for (i = 0; i < t->nframes; i++)
		if ((t->frame_loc[i] = frame_location(c, t, p, &t->frames[i],
		    e)) == 0)
			return -1;
	for (i = 0; i < t->nstacks; i++)
		if (t->stacks[i].frame >= t->nframes)
			return perr_set(e, "stackTable row %zu names frame %u "
			    "of %zu", i, t->stacks[i].frame, t->nframes);
	if ((source = firefox_source(c, &t->h, in->uri, p->interval_ms, &vt,
	    e)) == 0)
		return -1;
	start_ns = p->start_ns;
	if (spool_rewind(&t->samples, e) < 0)
		return -1;
	while ((rc = spool_get(&t->samples, &stack, e)) > 0) {
		if (spool_get(&t->samples, &time, e) <= 0 ||
		    spool_get(&t->samples, &bits, e) <= 0) {
			rc = perr_set(e, "a temporary file cut short");
			break;
		}
		memcpy(&w, &bits, sizeof(w));
		if (stack > t->nstacks) {
			rc = perr_set(e, "thread %s: a sample of stack %llu of "
			    "%zu", t->h.text[GT_NAME], (unsigned long long)stack -
			    1, t->nstacks);
			break;
		}
		if (__builtin_add_overflow(start_ns, (int64_t)time, &ns)) {
			rc = perr_set(e, "thread %s: a sample's time past the "
			    "stream's (2^63 ns)", t->h.text[GT_NAME]);
			break;
		}
		if (sw_failed(&c->w)) {
			rc = sw_error(&c->w, e);
			break;
		}
		stream_id_set(&sid, ++c->nsamples);
		sw_sample(&c->w, &sid, source);
		sw_sample_value(&c->w, &sid, (uint32_t)vt,
		    firefox_weight(&t->h, w));
		sw_stack_begin(&c->w, &sk, &sid);
		/* leaf first: the stack's frame, then its prefix's */
		for (int64_t s = (int64_t)stack - 1; s >= 0;
		    s = t->stacks[s].prefix)
			sw_stack_frame_n(&c->w, &sk,
			    t->frame_loc[t->stacks[s].frame]);
		sw_sample_time(&c->w, &sid, ns);
	}
	thread_clear(t);
	return rc < 0 ? -1 : 0;
}
