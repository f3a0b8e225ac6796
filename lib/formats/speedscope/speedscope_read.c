/*
 * A speedscope file to the stream. Its profiles may come before the frames
 * they name, so what each holds (a sampled profile's stacks and weights,
 * an evented one's events) goes to temporary files as it is read, and the
 * stream is written at the file's end: its functions and locations, then
 * each profile's samples. Memory holds the frames and a profile's names,
 * not its samples.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "stream/sniff.h"
#include "formats/json/json_place.h"
#include "formats/speedscope/speedscope.h"
#include "stream/speedscope_units.h"
#include "io/spool.h"
#include "model/hold.h"

enum ctx {
	C_TOP, C_SHARED, C_FRAMES, C_FRAME, C_PROFILES, C_PROFILE, C_SAMPLES,
	C_STACK, C_NESTED, C_WEIGHTS, C_EVENTS, C_EVENT, C_SKIP
};

enum key {
	K_OTHER, K_SHARED, K_PROFILES, K_NAME, K_EXPORTER, K_ACTIVE, K_FRAMES,
	K_FILE, K_LINE, K_COL, K_TYPE, K_UNIT, K_START, K_END, K_SAMPLES,
	K_WEIGHTS, K_EVENTS, K_FRAME, K_AT
};

struct sframe {
	uint32_t fn;		/* function id */
	int64_t line, col;	/* 0: none */
};

struct sprof {
	int evented, type_seen;
	char *name, *unit;
	double start, end;
	int has_start, has_end;
	uint64_t nsamples, nweights, nevents;
};

struct sx {
	struct speedscope_reader *c;
	struct input *in;
	struct json_events ev;
	struct json_place pl;	/* the reader's place in the JSON */
	unsigned nested;	/* numbers in a stack's nested list */
	struct sframe *frames;
	size_t nframes, capframes;
	char *fname, *ffile;	/* the current frame's */
	size_t nfname, nffile, capfname, capffile;
	int has_fname, has_ffile;
	struct sframe cur;
	struct sprof *profs;
	size_t nprofs, capprofs;
	uint32_t *stack_buf;	/* a sample's stack being read */
	size_t nstack, capstack;
	uint32_t ev_type, ev_frame;	/* the current event's */
	double ev_at;
	int ev_has[3];
	struct spool stacks, weights, events;
	size_t at_prof;		/* the profile written: its index, for messages */
	char *file_name, *exporter;
	int64_t active;
	char *fkey;
	size_t capfkey;
};

static int
nomem(struct perr *e)
{
	return perr_set(e, "out of memory");
}

/* The keys the reader knows, where. */
static const struct json_key sx_keys[] = {
	{ C_TOP, "shared", K_SHARED }, { C_TOP, "profiles", K_PROFILES },
	{ C_TOP, "name", K_NAME }, { C_TOP, "exporter", K_EXPORTER },
	{ C_TOP, "activeProfileIndex", K_ACTIVE },
	{ C_SHARED, "frames", K_FRAMES },
	{ C_FRAME, "name", K_NAME }, { C_FRAME, "file", K_FILE },
	{ C_FRAME, "line", K_LINE }, { C_FRAME, "col", K_COL },
	{ C_PROFILE, "type", K_TYPE }, { C_PROFILE, "name", K_NAME },
	{ C_PROFILE, "unit", K_UNIT },
	{ C_PROFILE, "startValue", K_START },
	{ C_PROFILE, "endValue", K_END },
	{ C_PROFILE, "samples", K_SAMPLES },
	{ C_PROFILE, "weights", K_WEIGHTS },
	{ C_PROFILE, "events", K_EVENTS },
	{ C_EVENT, "type", K_TYPE }, { C_EVENT, "frame", K_FRAME },
	{ C_EVENT, "at", K_AT },
};

/* A copy of s (n bytes), NUL-terminated, in *to. */
static int
keep(char **to, size_t *cap, size_t *len, const char *s, size_t n,
    struct perr *e)
{
	if (memchr(s, '\0', n) != NULL)
		return perr_set(e, "a string holds a NUL byte (the stream "
		    "cannot)");
	if (array_grow((void **)to, cap, n + 1, 1) < 0)
		return nomem(e);
	memcpy(*to, s, n);
	(*to)[n] = '\0';
	if (len != NULL)
		*len = n;
	return 0;
}

static char *
dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d != NULL) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

static int
number(const char *s, size_t n, double *v, struct perr *e)
{
	if (n == 0 || n >= 64)
		return perr_set(e, "'%.*s' is not a number", (int)(n < 40 ? n :
		    40), s);
	if (json_double(s, n, v) < 0)
		return perr_set(e, "'%.*s' is not a number a double holds",
		    (int)n, s);
	return 0;
}

/* A frame index: a whole number from 0. */
static int
index_of(const char *s, size_t n, uint32_t *v, struct perr *e)
{
	uint64_t u = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9' || u > UINT32_MAX / 10)
			return perr_set(e, "'%.*s' is not a frame's index",
			    (int)(n < 40 ? n : 40), s);
		u = u * 10 + (uint64_t)(s[i] - '0');
	}
	if (n == 0 || u >= UINT32_MAX)
		return perr_set(e, "'%.*s' is not a frame's index",
		    (int)(n < 40 ? n : 40), s);
	*v = (uint32_t)u;
	return 0;
}

static struct sprof *
prof_cur(struct sx *x)
{
	return &x->profs[x->nprofs - 1];
}

/* What a sample's stack holds that is no frame index: never skipped,
 * so that no stack is emptied without a word. */
static int
not_index(struct perr *e, const char *what)
{
	return perr_set(e, "%s where a sample's frame index is wanted", what);
}

static int
on_literal(void *ctx, struct perr *e)
{
	struct sx *x = ctx;
	int w = json_here(&x->pl);

	return w == C_STACK || w == C_NESTED ? not_index(e,
	    "true, false or null") : 0;
}

static int
on_boolean(void *ctx, int b, struct perr *e)
{
	(void)b;
	return on_literal(ctx, e);
}

static int
on_start_map(void *ctx, struct perr *e)
{
	struct sx *x = ctx;
	enum ctx w = json_here(&x->pl);

	if (x->pl.depth == 0)
		return json_push(&x->pl, C_TOP);
	if (w == C_STACK || w == C_NESTED)
		return not_index(e, "an object");
	if (w == C_TOP && x->pl.key == K_SHARED)
		return json_push(&x->pl, C_SHARED);
	if (w == C_FRAMES) {
		memset(&x->cur, 0, sizeof(x->cur));
		x->has_fname = x->has_ffile = 0;
		x->nfname = x->nffile = 0;
		return json_push(&x->pl, C_FRAME);
	}
	if (w == C_PROFILES) {
		if (ARRAY_ROOM(x->profs, x->nprofs, x->capprofs) < 0)
			return nomem(e);
		memset(&x->profs[x->nprofs++], 0, sizeof(*x->profs));
		return json_push(&x->pl, C_PROFILE);
	}
	if (w == C_EVENTS) {
		memset(x->ev_has, 0, sizeof(x->ev_has));
		return json_push(&x->pl, C_EVENT);
	}
	return json_push(&x->pl, C_SKIP);
}

/* A frame ends: its function found or made. */
static int
frame_end(struct sx *x, struct perr *e)
{
	struct speedscope_reader *c = x->c;
	size_t need = x->nfname + x->nffile + 2;
	int64_t k;

	/* name, NUL, whether it has a file, the file */
	if (!x->has_fname)
		return perr_set(e, "frame %zu has no name", x->nframes);
	if (array_grow((void **)&x->fkey, &x->capfkey, need, 1) < 0)
		return nomem(e);
	memcpy(x->fkey, x->fname, x->nfname);
	x->fkey[x->nfname] = '\0';
	x->fkey[x->nfname + 1] = x->has_ffile ? '\1' : '\0';
	if (x->nffile > 0)
		memcpy(x->fkey + x->nfname + 2, x->ffile, x->nffile);
	if ((k = strtab_intern(&c->fkeys, x->fkey, need)) < 0)
		return nomem(e);
	if ((uint64_t)k + 1 > INT32_MAX || x->nframes >= INT32_MAX / 2)
		return perr_set(e, "more than 2^31 - 1 frames");
	x->cur.fn = (uint32_t)k + 1;
	if (ARRAY_ROOM(x->frames, x->nframes, x->capframes) < 0)
		return nomem(e);
	x->frames[x->nframes++] = x->cur;
	return 0;
}

static int
on_end_map(void *ctx, struct perr *e)
{
	struct sx *x = ctx;
	enum ctx w = json_here(&x->pl);

	json_pop(&x->pl);
	if (w == C_FRAME)
		return frame_end(x, e);
	if (w == C_EVENT) {
		if (!x->ev_has[0] || !x->ev_has[1] || !x->ev_has[2])
			return perr_set(e, "an event without its type, frame "
			    "or time");
		spool_put(&x->events, (uint64_t)x->ev_type << 32 |
		    x->ev_frame);
		uint64_t bits;
		memcpy(&bits, &x->ev_at, 8);
		spool_put(&x->events, bits);
		prof_cur(x)->nevents++;
		return 0;
	}
	if (w == C_PROFILE && !prof_cur(x)->type_seen)
		return perr_set(e, "profiles[%zu] has no type", x->nprofs - 1);
	return 0;
}

static int
on_start_array(void *ctx, struct perr *e)
{
	struct sx *x = ctx;
	enum ctx w = json_here(&x->pl);

	(void)e;
	if (w == C_SHARED && x->pl.key == K_FRAMES)
		return json_push(&x->pl, C_FRAMES);
	if (w == C_TOP && x->pl.key == K_PROFILES)
		return json_push(&x->pl, C_PROFILES);
	if (w == C_PROFILE && x->pl.key == K_SAMPLES)
		return json_push(&x->pl, C_SAMPLES);
	if (w == C_PROFILE && x->pl.key == K_WEIGHTS)
		return json_push(&x->pl, C_WEIGHTS);
	if (w == C_PROFILE && x->pl.key == K_EVENTS)
		return json_push(&x->pl, C_EVENTS);
	if (w == C_SAMPLES) {
		x->nstack = 0;
		return json_push(&x->pl, C_STACK);
	}
	/* [[32]]: speedscope takes the list for its one number (frames[[32]]
	 * is frames[32] in JavaScript), as one producer writes it */
	if (w == C_STACK) {
		x->nested = 0;
		return json_push(&x->pl, C_NESTED);
	}
	if (w == C_NESTED)
		return perr_set(e, "a sample's frame index a list in a list: "
		    "not speedscope's");
	return json_push(&x->pl, C_SKIP);
}

static int
on_end_array(void *ctx, struct perr *e)
{
	struct sx *x = ctx;
	size_t i;

	if (json_here(&x->pl) == C_NESTED && x->nested != 1)
		return perr_set(e, "a sample's frame index a list of %u numbers "
		    "(speedscope reads one: [[32]] as 32)", x->nested);
	if (json_here(&x->pl) == C_STACK) {
		spool_put(&x->stacks, x->nstack);
		for (i = 0; i < x->nstack; i++)
			spool_put(&x->stacks, x->stack_buf[i]);
		prof_cur(x)->nsamples++;
	}
	json_pop(&x->pl);
	return 0;
}

static int
on_key(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct sx *x = ctx;

	return json_place_key(&x->pl, s, n, e);
}

static int
on_number(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct sx *x = ctx;
	struct sprof *p;
	uint64_t bits;
	uint32_t fi;
	double v;

	switch (json_here(&x->pl)) {
	case C_NESTED:
		if (++x->nested > 1)
			return 0;	/* said at the list's end */
		/* fall through */
	case C_STACK:
		if (index_of(s, n, &fi, e) < 0)
			return -1;
		if (ARRAY_ROOM(x->stack_buf, x->nstack, x->capstack) < 0)
			return nomem(e);
		x->stack_buf[x->nstack++] = fi;
		return 0;
	case C_WEIGHTS:
		if (number(s, n, &v, e) < 0)
			return -1;
		memcpy(&bits, &v, 8);
		spool_put(&x->weights, bits);
		prof_cur(x)->nweights++;
		return 0;
	case C_EVENT:
		if (x->pl.key == K_FRAME) {
			x->ev_has[1] = 1;
			return index_of(s, n, &x->ev_frame, e);
		}
		if (x->pl.key == K_AT) {
			x->ev_has[2] = 1;
			return number(s, n, &x->ev_at, e);
		}
		return 0;
	case C_FRAME:
		if (x->pl.key == K_LINE || x->pl.key == K_COL) {
			if (number(s, n, &v, e) < 0)
				return -1;
			if (v < 0 || v > INT32_MAX || v != trunc(v))
				return perr_set(e, "frame %zu: %s %.*s is not "
				    "a line or column", x->nframes, x->pl.key ==
				    K_LINE ? "line" : "col", (int)n, s);
			if (x->pl.key == K_LINE)
				x->cur.line = (int64_t)v;
			else
				x->cur.col = (int64_t)v;
		}
		return 0;
	case C_PROFILE:
		p = prof_cur(x);
		if (x->pl.key == K_START || x->pl.key == K_END) {
			if (number(s, n, &v, e) < 0)
				return -1;
			if (x->pl.key == K_START) {
				p->start = v;
				p->has_start = 1;
			} else {
				p->end = v;
				p->has_end = 1;
			}
		}
		return 0;
	case C_TOP:
		if (x->pl.key == K_ACTIVE) {
			if (number(s, n, &v, e) < 0)
				return -1;
			/* an index, or none the file has */
			x->active = v >= 0 && v < INT32_MAX && v == trunc(v) ?
			    (int64_t)v : -1;
		}
		return 0;
	default:
		return 0;
	}
}

static int
on_string(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct sx *x = ctx;
	struct sprof *p;

	switch (json_here(&x->pl)) {
	case C_STACK: case C_NESTED:
		return not_index(e, "a string");
	case C_FRAME:
		if (x->pl.key == K_NAME) {
			x->has_fname = 1;
			return keep(&x->fname, &x->capfname, &x->nfname, s, n,
			    e);
		}
		if (x->pl.key == K_FILE) {
			x->has_ffile = 1;
			return keep(&x->ffile, &x->capffile, &x->nffile, s, n,
			    e);
		}
		return 0;
	case C_PROFILE:
		p = prof_cur(x);
		if (x->pl.key == K_TYPE) {
			if (n == 7 && memcmp(s, "sampled", 7) == 0)
				p->evented = 0;
			else if (n == 7 && memcmp(s, "evented", 7) == 0)
				p->evented = 1;
			else
				return perr_set(e, "profile type '%.*s' (speedscope "
				    "has sampled and evented)", (int)(n < 40 ?
				    n : 40), s);
			p->type_seen = 1;
			return 0;
		}
		if (x->pl.key == K_NAME || x->pl.key == K_UNIT) {
			char **to = x->pl.key == K_NAME ? &p->name : &p->unit;
			if (memchr(s, '\0', n) != NULL)
				return perr_set(e, "a string holds a NUL byte "
				    "(the stream cannot)");
			free(*to);
			if ((*to = dup_n(s, n)) == NULL)
				return nomem(e);
		}
		return 0;
	case C_EVENT:
		if (x->pl.key == K_TYPE) {
			if (n != 1 || (s[0] != 'O' && s[0] != 'C'))
				return perr_set(e, "event type '%.*s' (O or C)",
				    (int)(n < 40 ? n : 40), s);
			x->ev_type = s[0] == 'C';
			x->ev_has[0] = 1;
		}
		return 0;
	case C_TOP:
		if (x->pl.key == K_NAME || x->pl.key == K_EXPORTER) {
			char **to = x->pl.key == K_NAME ? &x->file_name :
			    &x->exporter;
			if (memchr(s, '\0', n) != NULL)
				return perr_set(e, "a string holds a NUL byte "
				    "(the stream cannot)");
			free(*to);
			if ((*to = dup_n(s, n)) == NULL)
				return nomem(e);
		}
		return 0;
	default:
		return 0;
	}
}

/* The frames' functions not yet written, and a location per frame. */
static uint32_t
definitions(struct sx *x)
{
	struct speedscope_reader *c = x->c;
	const char *k;
	uint32_t id, base = c->nlocations;
	size_t i, n, nn;

	for (id = c->nfunctions + 1; id <= c->fkeys.n; id++) {
		k = strtab_str(&c->fkeys, id - 1);
		n = strtab_len(&c->fkeys, id - 1);
		nn = strlen(k);
		sw_function(&c->w, id, text_marked(text_n(k, nn)),
		    text_marked(text_n(k, nn)), text_n(k + nn + 2, n - nn - 2),
		    0);
	}
	c->nfunctions = (uint32_t)c->fkeys.n;
	for (i = 0; i < x->nframes; i++) {
		struct sw_location l = {
			.id = base + (uint32_t)i + 1,
			.function_id = x->frames[i].fn,
			.line = x->frames[i].line,
			.line_na = x->frames[i].line == 0,
			.address_na = 1, .column = x->frames[i].col,
		};
		sw_location(&c->w, &l);
	}
	c->nlocations += (uint32_t)x->nframes;
	return base;
}

static void
attr(struct sx *x, uint32_t source, const char *key, const char *value)
{
	if (value != NULL)
		sw_source_attr(&x->c->w, source, text_of(key), text_of(value));
}

static void
attr_num(struct sx *x, uint32_t source, const char *key, double v)
{
	char buf[40];

	buf[fmt_dbl(buf, v)] = '\0';
	attr(x, source, key, buf);
}

/* A sample of the profile at source: its stack (frame indices, root
 * first), value and time (ns; INT64_MIN: none). */
static int
sample(struct sx *x, uint32_t source, int64_t vt, uint32_t base,
    const uint32_t *stack, size_t n, struct num v, int64_t time,
    struct perr *e)
{
	struct speedscope_reader *c = x->c;
	struct stream_id sid;
	struct sw_stack st;
	size_t i;

	if (sw_failed(&c->w))
		return sw_error(&c->w, e);
	for (i = 0; i < n; i++)
		if (stack[i] >= x->nframes)
			return perr_set(e, "%s: profiles[%zu]: a sample refers "
			    "to frame %u, of %zu", x->in->name, x->at_prof,
			    stack[i], x->nframes);
	stream_id_set(&sid, ++c->nsamples);
	sw_sample(&c->w, &sid, source);
	sw_sample_value(&c->w, &sid, (uint32_t)vt, v);
	sw_stack_begin(&c->w, &st, &sid);
	for (i = n; i > 0; i--)
		sw_stack_frame_n(&c->w, &st, base + stack[i - 1] + 1);
	if (time != INT64_MIN)
		sw_sample_time(&c->w, &sid, time);
	return 0;
}

static int
sampled(struct sx *x, const struct sprof *p, uint32_t source, int64_t vt,
    uint32_t base, struct perr *e)
{
	uint64_t k, n, f, bits, i;
	double w;

	if (p->nweights != p->nsamples)
		return perr_set(e, "%s: profiles[%zu] has %llu samples but "
		    "%llu weights", x->in->name, x->at_prof, (unsigned long long)
		    p->nsamples, (unsigned long long)p->nweights);
	for (k = 0; k < p->nsamples; k++) {
		if (spool_get(&x->stacks, &n, e) <= 0 || spool_get(&x->weights,
		    &bits, e) <= 0)
			return -1;
		x->nstack = 0;
		for (i = 0; i < n; i++) {
			if (spool_get(&x->stacks, &f, e) <= 0)
				return -1;
			if (ARRAY_ROOM(x->stack_buf, x->nstack, x->capstack) <
			    0)
				return nomem(e);
			x->stack_buf[x->nstack++] = (uint32_t)f;
		}
		memcpy(&w, &bits, 8);
		if (sample(x, source, vt, base, x->stack_buf, x->nstack,
		    num_of_dbl(w), INT64_MIN, e) < 0)
			return -1;
	}
	return 0;
}

/* An evented profile's frames open between events: a sample per span,
 * its value the time between them. */
static int
evented(struct sx *x, const struct sprof *p, uint32_t source, int64_t vt,
    uint32_t base, double ns, struct perr *e)
{
	uint64_t k, tf, bits;
	uint32_t frame;
	double at, prev = 0;
	int64_t when, prev_ns = 0;
	int close;

	x->nstack = 0;
	for (k = 0; k < p->nevents; k++) {
		if (spool_get(&x->events, &tf, e) <= 0 || spool_get(&x->events,
		    &bits, e) <= 0)
			return -1;
		close = (int)(tf >> 32);
		frame = (uint32_t)tf;
		memcpy(&at, &bits, 8);
		if (k > 0 && at < prev)
			return perr_set(e, "%s: profiles[%zu].events[%llu] at "
			    "%g comes after one at %g (events in time order)",
			    x->in->name, x->at_prof, (unsigned long long)k, at,
			    prev);
		/* a span's time: in ns, or in the profile's unit when that
		 * is none of time (as "at" has it) */
		if (hold_i64(num_of_dbl(at * (ns > 0 ? ns : 1)), &when) < 0)
			return perr_set(e, "%s: profiles[%zu].events[%llu] at "
			    "%g: past the stream's nanoseconds (2^63)",
			    x->in->name, x->at_prof, (unsigned long long)k, at);
		if (x->nstack > 0 && at > prev && sample(x, source, vt, base,
		    x->stack_buf, x->nstack, num_of_dbl(at - prev), prev_ns,
		    e) < 0)
			return -1;
		prev_ns = when;
		prev = at;
		if (!close) {
			if (ARRAY_ROOM(x->stack_buf, x->nstack, x->capstack) <
			    0)
				return nomem(e);
			x->stack_buf[x->nstack++] = frame;
		} else if (x->nstack == 0 || x->stack_buf[x->nstack - 1] !=
		    frame)
			return perr_set(e, "%s: profiles[%zu].events[%llu] "
			    "closes frame %u, which is not the one open last",
			    x->in->name, x->at_prof, (unsigned long long)k,
			    frame);
		else
			x->nstack--;
	}
	if (x->nstack > 0)
		return perr_set(e, "%s: profiles[%zu] ends with %zu frame%s "
		    "open", x->in->name, x->at_prof, x->nstack, x->nstack == 1 ?
		    "" : "s");
	return 0;
}

/* Everything read: the stream. */
static int
write_all(struct sx *x, struct perr *e)
{
	struct speedscope_reader *c = x->c;
	const struct sprof *p;
	struct text type, unit;
	uint32_t base, source;
	double ns;
	size_t i;
	int64_t vt;

	if (spool_rewind(&x->stacks, e) < 0 || spool_rewind(&x->weights, e) <
	    0 || spool_rewind(&x->events, e) < 0)
		return -1;
	base = definitions(x);
	for (i = 0; i < x->nprofs; i++) {
		p = &x->profs[i];
		if (speedscope_unit_type(p->unit != NULL ? p->unit : "none",
		    &type, &unit, &ns) < 0)
			return perr_set(e, "%s: profiles[%zu]: unit '%s' is none "
			    "of speedscope's (none, nanoseconds, microseconds, "
			    "milliseconds, seconds, bytes)", x->in->name, i,
			    p->unit);
		source = ++c->nsources;
		sw_source(&c->w, source, text_of(SOURCE_SPEEDSCOPE),
		    text_of(x->in->uri), NAN);
		attr(x, source, "speedscope.name", x->file_name);
		attr(x, source, "speedscope.exporter", x->exporter);
		attr(x, source, "speedscope.profile", p->name);
		attr(x, source, "speedscope.type", p->evented ? "evented" :
		    "sampled");
		attr(x, source, "speedscope.unit", p->unit != NULL ? p->unit :
		    "none");
		if (p->has_start)
			attr_num(x, source, "speedscope.start_value", p->start);
		if (p->has_end)
			attr_num(x, source, "speedscope.end_value", p->end);
		if ((int64_t)i == x->active)
			attr(x, source, "speedscope.active", SCHEMA_TRUE);
		if ((vt = sw_value_type(&c->w, type, unit)) < 0)
			return nomem(e);
		x->at_prof = i;
		if ((p->evented ? evented(x, p, source, vt, base, ns, e) :
		    sampled(x, p, source, vt, base, e)) < 0)
			return -1;
	}
	return 0;
}

static void
sx_free(struct sx *x)
{
	size_t i;

	for (i = 0; i < x->nprofs; i++) {
		free(x->profs[i].name);
		free(x->profs[i].unit);
	}
	free(x->profs);
	free(x->frames);
	free(x->fname);
	free(x->ffile);
	free(x->stack_buf);
	free(x->file_name);
	free(x->exporter);
	free(x->fkey);
	spool_close(&x->stacks);
	spool_close(&x->weights);
	spool_close(&x->events);
}

static int
speedscope_begin(void *reader, struct output *o, const void *options,
    struct perr *e)
{
	struct speedscope_reader *c = reader;

	(void)options;
	(void)e;
	memset(c, 0, sizeof(*c));
	sw_begin(&c->w, o, V20, 1u << T_SOURCE_ATTRIBUTES, 0);
	return 0;
}

static void
speedscope_free(void *reader)
{
	struct speedscope_reader *c = reader;

	sw_free(&c->w);
	strtab_free(&c->fkeys);
}

static int
speedscope_read(void *reader, struct input *in, struct perr *e)
{
	struct speedscope_reader *c = reader;
	struct sx x;
	int rc;

	sw_set_input(&c->w, in);
	/* another format: named, with what reads it */
	if (sniff_expect(in, SNIFF_BIT(SNIFF_SPEEDSCOPE) |
	    SNIFF_BIT(SNIFF_JSON) | SNIFF_BIT(SNIFF_BINARY), "a speedscope file", e) < 0)
		return -1;
	memset(&x, 0, sizeof(x));
	json_place_init(&x.pl, sx_keys, sizeof(sx_keys) / sizeof(sx_keys[0]),
	    K_OTHER, C_SKIP);
	x.c = c;
	x.in = in;
	x.active = -1;
	x.ev.start_map = on_start_map;
	x.ev.end_map = on_end_map;
	x.ev.start_array = on_start_array;
	x.ev.end_array = on_end_array;
	x.ev.key = on_key;
	x.ev.number = on_number;
	x.ev.string = on_string;
	x.ev.null = on_literal;
	x.ev.boolean = on_boolean;
	x.ev.ctx = &x;
	rc = spool_open(&x.stacks, e) < 0 || spool_open(&x.weights, e) < 0 ||
	    spool_open(&x.events, e) < 0 ? -1 : json_read_input(in, &x.ev, e);
	if (rc == 0 && x.nprofs == 0)
		rc = perr_set(e, "%s: no profiles: not a speedscope file",
		    in->name);
	if (rc == 0)
		rc = write_all(&x, e);
	sx_free(&x);
	return rc < 0 ? perr_at(e, in->name) : 0;
}

const struct codec speedscope_codec = {
	"speedscope", "speedscope2tsv", SNIFF_BIT(SNIFF_SPEEDSCOPE),
	sizeof(struct speedscope_reader), speedscope_begin, speedscope_read,
	NULL, speedscope_free
};
