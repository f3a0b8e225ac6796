/*
 * The stream to speedscope's file format: a frame per function the
 * samples use (its name and file, its start line; a location of no
 * function a frame of its own), as speedscope makes them importing a
 * pprof profile, which keeps of a pprof Location its last line (the
 * frames inlined into it are left out here too), so that its views of
 * the file are those of the original; a
 * profile per source: evented where every sample has a time, in time
 * order, and the spans do not overlap (a sample is the span from its
 * time, as long as its value when that is a time, else to the next
 * sample's time), else sampled, each sample's stack with its weight. The
 * value is the one a report shows (measure.h: the default type, a count
 * of samples of known length as time). Samples go to a temporary file
 * as they come, a source's after one another, and are read back per
 * profile.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sample/measure.h"
#include "sample/select.h"
#include "base/array.h"
#include "base/hash.h"
#include "formats/speedscope/speedscope_write.h"
#include "io/markup.h"
#include "io/spool.h"

struct wsrc {
	uint64_t off;		/* its first sample in the spool */
	uint64_t n;		/* its samples */
	int all_timed;		/* every one has a time, in order */
	int64_t last_time;
	int seen;
};

struct speedscope_writer {
	const char *want;	/* -t: the type, or NULL */
	struct measure m;
	struct spool sp;
	struct wsrc *src;	/* by prof source index */
	size_t capsrc;
	uint32_t cur;		/* the source of the last sample + 1 */
	int interleaved;	/* a source's samples came apart */
	uint32_t *frame_of;	/* prof location -> frame + 1 */
	size_t capframe;
	uint32_t *frames;	/* frame -> prof location */
	size_t nframes, capframes;
	uint32_t *stack;	/* a sample's frames, read back */
	size_t capstack;
	double *vals;		/* its values, by measure type */
	size_t capvals;
};

struct speedscope_writer *
speedscope_writer_new(const char *type, struct perr *e)
{
	struct speedscope_writer *w = calloc(1, sizeof(*w));

	if (w == NULL) {
		perr_nomem(e);
		return NULL;
	}
	w->want = type;
	if (spool_open(&w->sp, e) < 0) {
		free(w);
		return NULL;
	}
	return w;
}

void
speedscope_writer_free(struct speedscope_writer *w)
{
	if (w == NULL)
		return;
	measure_free(&w->m);
	spool_close(&w->sp);
	free(w->src);
	free(w->frame_of);
	free(w->frames);
	free(w->stack);
	free(w->vals);
	free(w);
}

int
speedscope_restart(void *ctx, struct perr *e)
{
	struct speedscope_writer *w = ctx;
	const char *want = w->want;

	measure_free(&w->m);
	spool_close(&w->sp);
	free(w->src);
	free(w->frame_of);
	free(w->frames);
	free(w->stack);
	free(w->vals);
	memset(w, 0, sizeof(*w));
	w->want = want;
	return spool_open(&w->sp, e);
}

static uint64_t
bits_of(double d)
{
	uint64_t b;

	memcpy(&b, &d, 8);
	return b;
}

static double
double_of(uint64_t b)
{
	double d;

	memcpy(&d, &b, 8);
	return d;
}

int
speedscope_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct speedscope_writer *w = ctx;
	struct wsrc *ws;
	size_t nv, i, n;
	uint32_t loc;

	if (measure_sample(&w->m, p, s, &nv) < 0 ||
	    array_grow_zeroed((void **)&w->src, &w->capsrc, (size_t)s->source +
	    1, sizeof(*w->src)) < 0)
		return perr_nomem(e);
	ws = &w->src[s->source];
	if (w->cur != s->source + 1) {
		if (ws->seen)
			w->interleaved = 1;	/* read back by a pass each */
		w->cur = s->source + 1;
	}
	if (!ws->seen) {
		ws->seen = 1;
		ws->off = spool_tell(&w->sp);
		ws->all_timed = 1;
		ws->last_time = INT64_MIN;
	}
	if (!s->has_time || s->time < ws->last_time)
		ws->all_timed = 0;
	ws->last_time = s->has_time ? s->time : ws->last_time;
	ws->n++;
	/* source, time (zigzag, 0: none), stack (frames, root last),
	 * values (type, bits) */
	spool_put(&w->sp, s->source);
	spool_put(&w->sp, s->has_time ? ((uint64_t)s->time << 1 ^
	    (uint64_t)(s->time >> 63)) + 1 : 0);
	for (i = 0, n = 0; i < s->nlocs; i++)
		n += !p->locations[s->locs[i]].inlined;
	spool_put(&w->sp, n);
	for (i = 0; i < s->nlocs; i++) {
		loc = s->locs[i];
		if (p->locations[loc].inlined)
			continue;
		if (array_grow_zeroed((void **)&w->frame_of, &w->capframe,
		    (size_t)loc + 1, sizeof(*w->frame_of)) < 0)
			return perr_nomem(e);
		w->frame_of[loc] = 1;	/* used; numbered at the end */
		spool_put(&w->sp, loc);
	}
	spool_put(&w->sp, nv);
	for (i = 0; i < nv; i++) {
		spool_put(&w->sp, w->m.vals[i].type);
		spool_put(&w->sp, bits_of(w->m.vals[i].v.d));
	}
	return 0;
}

/* speedscope's unit for a sum's unit, and how many of it make one of that
 * (ms: 1e-3 s as seconds... kept as ms) */
static const char *
unit_of(const char *u)
{
	static const struct { const char *in, *out; } map[] = {
		{ "nanoseconds", "nanoseconds" }, { "ns", "nanoseconds" },
		{ "microseconds", "microseconds" }, { "us", "microseconds" },
		{ "milliseconds", "milliseconds" }, { "ms", "milliseconds" },
		{ "seconds", "seconds" }, { "s", "seconds" },
		{ "bytes", "bytes" }, { "B", "bytes" },
	};
	size_t i;

	for (i = 0; u != NULL && i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(u, map[i].in) == 0)
			return map[i].out;
	return "none";
}

static double
ns_of(const char *unit)
{
	return strcmp(unit, "nanoseconds") == 0 ? 1 : strcmp(unit,
	    "microseconds") == 0 ? 1e3 : strcmp(unit, "milliseconds") == 0 ?
	    1e6 : strcmp(unit, "seconds") == 0 ? 1e9 : 0;
}

/* The next sample of the spool: its time (INT64_MIN: none), stack (frames
 * root last, in w->stack), and shown value. 1, 0 at the end, -1. */
static int
spooled_next(struct speedscope_writer *w, const struct measure_choice *c,
    uint32_t *source, int64_t *time, size_t *n, double *v, struct perr *e)
{
	uint64_t u, t, k, i, ty, b;
	double x = 0;
	int rc;

	if ((rc = spool_get(&w->sp, &u, e)) <= 0)
		return rc;
	*source = (uint32_t)u;
	if (spool_get(&w->sp, &t, e) <= 0 || spool_get(&w->sp, &k, e) <= 0)
		return -1;
	*time = t == 0 ? INT64_MIN : (int64_t)((t - 1) >> 1 ^ -((t - 1) & 1));
	if (array_grow((void **)&w->stack, &w->capstack, k + 1,
	    sizeof(*w->stack)) < 0)
		return perr_nomem(e);
	for (i = 0; i < k; i++) {
		if (spool_get(&w->sp, &u, e) <= 0)
			return -1;
		w->stack[i] = w->frame_of[u] - 1;	/* the frame's number */
	}
	*n = k;
	*v = 0;
	if (spool_get(&w->sp, &k, e) <= 0)
		return -1;
	for (i = 0; i < k; i++) {
		if (spool_get(&w->sp, &ty, e) <= 0 || spool_get(&w->sp, &b, e) <=
		    0)
			return -1;
		if ((int64_t)ty == c->type)
			*v = double_of(b);
		else if ((int64_t)ty == c->extra)
			x = double_of(b);
	}
	*v = measure_figure(c, num_of_dbl(*v), num_of_dbl(x)).d;
	return 1;
}

static void
num(struct output *o, double v)
{
	out_dbl(o, v);
}

/* The frames of stack (root last) from the root, as a JSON array. */
static void
stack_json(struct output *o, const uint32_t *stack, size_t n)
{
	size_t i;

	out_char(o, '[');
	for (i = n; i > 0; i--) {
		if (i < n)
			out_char(o, ',');
		out_u64(o, stack[i - 1]);
	}
	out_char(o, ']');
}

static int
sampled(struct speedscope_writer *w, const struct measure_choice *c,
    const struct wsrc *ws, uint32_t si, struct output *o, struct perr *e)
{
	uint64_t k, pass;
	uint32_t source;
	int64_t t;
	size_t n;
	double v;
	int rc, first;

	for (pass = 0; pass < 2; pass++) {
		out_str(o, pass == 0 ? ",\"samples\":[" : ",\"weights\":[");
		if (spool_seek(&w->sp, ws->off, e) < 0)
			return -1;
		first = 1;
		for (k = 0; k < ws->n; ) {
			if ((rc = spooled_next(w, c, &source, &t, &n, &v, e)) < 0)
				return -1;
			if (rc == 0)
				return perr_set(e, "a temporary file cut short");
			if (source != si)
				continue;	/* another's, interleaved */
			k++;
			if (!first)
				out_char(o, ',');
			first = 0;
			if (pass == 0)
				stack_json(o, w->stack, n);
			else
				num(o, v);
		}
		out_char(o, ']');
	}
	return 0;
}

/* Events of a span of frames from open to now: the frames of the open
 * stack above those it shares with stack closed, stack's opened. */
static void
event(struct output *o, int *first, char type, uint32_t frame, double at)
{
	if (!*first)
		out_char(o, ',');
	*first = 0;
	out_str(o, type == 'O' ? "{\"type\":\"O\",\"frame\":" :
	    "{\"type\":\"C\",\"frame\":");
	out_u64(o, frame);
	out_str(o, ",\"at\":");
	num(o, at);
	out_char(o, '}');
}

/* A sample read back: its time, stack (root last) and value. */
struct held {
	int64_t t;
	double v;
	uint32_t *stack;
	size_t n, cap;
};

static int
hold(struct speedscope_writer *w, struct held *h, int64_t t, size_t n,
    double v, struct perr *e)
{
	if (array_grow((void **)&h->stack, &h->cap, n + 1, sizeof(*h->stack)) <
	    0)
		return perr_nomem(e);
	memcpy(h->stack, w->stack, n * sizeof(*h->stack));
	h->t = t;
	h->n = n;
	h->v = v;
	return 0;
}

/* V8's special frames (speedscope_write's v8): */
enum { V8_ON_TOP = 1, V8_NONE = 2 };

/* Sample h, a special frame alone, as speedscope's import shows it: on
 * top of the frames open (root first), or, where it is open already,
 * those above it closed; or no frame. 0, or -1 when out of memory. */
static int
v8_stack(struct held *h, const unsigned char *v8, const uint32_t *open,
    size_t nopen)
{
	uint32_t f = h->stack[0];
	size_t i;

	if (v8[f] == V8_NONE) {
		h->n = 0;
		return 0;
	}
	if (array_grow((void **)&h->stack, &h->cap, nopen + 2,
	    sizeof(*h->stack)) < 0)
		return -1;
	/* leaf first: the frame (unless it is open already: a run of
	 * them, or (program) under the (garbage collector) of a moment),
	 * then the open ones below it from the innermost */
	for (i = nopen; i > 0 && open[i - 1] != f; i--)
		;
	if (i > 0)
		nopen = i - 1;
	h->stack[0] = f;
	for (i = 0; i < nopen; i++)
		h->stack[1 + i] = open[nopen - 1 - i];
	h->n = nopen + 1;
	return 0;
}

/* A source's samples in time order as spans of open frames: a sample's
 * span from its time, as long as its value when that is a time, else to
 * the next sample's time (the last: the mean span). From one span to the
 * next, the frames not shared are closed and the new ones opened; the
 * same stack again has its leaf closed and opened, so that the spans
 * stay apart; before a gap, all are closed. Of V8's profiles (v8: each
 * frame's kind), a sample of (garbage collector) or (program) alone is on
 * top of the frames open, one of (idle) alone none, as DevTools and
 * speedscope's import show them. */
static int
evented(struct speedscope_writer *w, const struct measure_choice *c,
    const struct wsrc *ws, uint32_t si, double ns, int value_is_time,
    const unsigned char *v8, struct output *o, double *start, double *end,
    struct perr *e)
{
	struct held cur = { 0 }, nxt = { 0 }, tmp;
	uint32_t *open = NULL, source;
	size_t nopen = 0, capopen = 0, same, i, n;
	uint64_t k = 0, taken = 0;
	int64_t t, t0 = 0;
	double v, at, stop = 0, mean = 0;
	int rc = -1, first = 1, more;

	out_str(o, ",\"events\":[");
	if (spool_seek(&w->sp, ws->off, e) < 0)
		return -1;
	/* the samples of source si, one ahead */
	for (more = 1; more; ) {
		more = 0;
		while (taken < ws->n) {
			int r = spooled_next(w, c, &source, &t, &n, &v, e);
			if (r < 0)
				goto done;
			if (r == 0) {
				perr_set(e, "a temporary file cut short");
				goto done;
			}
			if (source != si)
				continue;
			taken++;
			if (hold(w, &nxt, t, n, v, e) < 0)
				goto done;
			more = 1;
			break;
		}
		if (k++ == 0) {		/* the first: held, nothing to write */
			tmp = cur;
			cur = nxt;
			nxt = tmp;
			/* times from the first sample's: a difference
			 * of integers is exact where times since 1970
			 * in a double are 256 ns apart */
			t0 = cur.t;
			*start = 0;
			continue;
		}
		at = (double)(cur.t - t0) / ns;
		if (value_is_time)
			stop = at + cur.v;
		else if (more)
			stop = (double)(nxt.t - t0) / ns;
		else
			stop = at + mean;
		if (!value_is_time && more)
			mean = (stop - *start) / (double)(k - 1);
		if (v8 != NULL && cur.n == 1 && v8[cur.stack[0]] != 0 &&
		    v8_stack(&cur, v8, open, nopen) < 0) {
			perr_nomem(e);
			goto done;
		}
		for (same = 0; same < nopen && same < cur.n && open[same] ==
		    cur.stack[cur.n - 1 - same]; same++)
			;
		if (same == nopen && same == cur.n && same > 0)
			same--;
		while (nopen > same)
			event(o, &first, 'C', open[--nopen], at);
		for (i = same; i < cur.n; i++) {
			if (ARRAY_ROOM(open, nopen, capopen) < 0) {
				perr_nomem(e);
				goto done;
			}
			open[nopen++] = cur.stack[cur.n - 1 - i];
			event(o, &first, 'O', open[nopen - 1], at);
		}
		/* a gap before the next: by the times' difference, as
		 * all_evented */
		if (!more || (value_is_time && (double)(nxt.t - cur.t) >
		    cur.v * ns + 0.5))
			while (nopen > 0)
				event(o, &first, 'C', open[--nopen], stop);
		*end = stop;
		tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	out_char(o, ']');
	rc = 0;
done:
	free(open);
	free(cur.stack);
	free(nxt.stack);
	return rc;
}

/* Whether source i's spans are in the unit of its times: an evented
 * speedscope file's, read back, in a unit of no time. */
static int
spans_in_time_unit(const struct prof *p, size_t i, const char *unit)
{
	const char *v = prof_attr(p, &p->sources[i], "speedscope.type");

	return v != NULL && strcmp(v, "evented") == 0 && (v = prof_attr(p,
	    &p->sources[i], "speedscope.unit")) != NULL && strcmp(v, unit) ==
	    0;
}

/* Whether every source can be evented without a loss: each sample has a
 * time, in order, and when its value is a time, its span (from its time,
 * as long as its value) ends by the next sample's time; spans of threads
 * run at once would overlap. One answer for the file, so that its
 * profiles read back as one type. 1, 0, or -1 with e set. */
static int
all_evented(struct speedscope_writer *w, const struct measure_choice *c,
    const struct prof *p, const char *unit, struct perr *e)
{
	const struct wsrc *ws;
	uint32_t source;
	uint64_t k;
	int64_t t;
	size_t i, n;
	double ns = ns_of(unit), v, last_v = 0;
	int64_t last_t = 0;
	int rc;

	for (i = 0; i < p->nsources; i++) {
		ws = i < w->capsrc ? &w->src[i] : NULL;
		if (ws == NULL || !ws->seen)
			continue;
		if (!ws->all_timed)
			return 0;
		if (ns == 0 && !spans_in_time_unit(p, i, unit))
			continue;	/* spans to the next sample's time */
		if (spool_seek(&w->sp, ws->off, e) < 0)
			return -1;
		for (k = 0; k < ws->n; ) {
			if ((rc = spooled_next(w, c, &source, &t, &n, &v, e)) < 0)
				return -1;
			if (rc == 0)
				return perr_set(e, "a temporary file cut short");
			if (source != i)
				continue;
			/* a span past the next sample's time: by their
			 * difference (times since 1970 in a double are
			 * 256 ns apart), half a unit's tick allowed */
			if (k++ > 0 && (double)(t - last_t) + 0.5 <
			    last_v * (ns > 0 ? ns : 1))
				return 0;
			last_t = t;
			last_v = v;
		}
	}
	return 1;
}

/* Whether the stream has a source of perf's: its functions have no file,
 * their binary (the mapping) stands for it. */
static int
ss_perf_stream(const struct prof *p)
{
	size_t i;

	for (i = 0; i < p->nsources; i++)
		if (strcmp(prof_str(p, p->sources[i].type), "perf") == 0)
			return 1;
	return 0;
}

/* The binary that stands for l's file (its mapping's index + 1), or 0:
 * of perf's stream, a location whose function has no file. */
static uint32_t
ss_binary(const struct prof *p, const struct location *l, int perf)
{
	if (!perf || l->mapping == PROF_NONE || (l->function != PROF_NONE &&
	    prof_strlen(p, p->functions[l->function].filename) > 0) ||
	    prof_strlen(p, p->mappings[l->mapping].filename) == 0)
		return 0;
	return l->mapping + 1;
}

int
speedscope_write(struct speedscope_writer *w, const struct prof *p,
    struct output *o, const char *name, struct perr *e)
{
	struct measure_choice c;
	const struct location *l;
	const struct function *f;
	const char *unit, *v;
	size_t i;
	struct u64map fn_frame;
	uint32_t *slot, b;
	unsigned char *v8;
	int first = 1, evt, active = -1, k = 0, same_unit, perf, added;
	double ns, start = 0, end = 0;

	if (measure_choose(&w->m, p, w->want, NULL, &c, e) < 0)
		return -1;
	/* a frame per function used (a location of none: its own), in the
	 * profile's order of the locations (a speedscope file's frames read
	 * back in theirs); of perf's, a function of no file per binary, as
	 * speedscope's perf import keys a frame by symbol and file */
	perf = ss_perf_stream(p);
	memset(&fn_frame, 0, sizeof(fn_frame));
	for (i = 0; i < w->capframe; i++) {
		if (w->frame_of[i] == 0)
			continue;
		l = &p->locations[i];
		if (l->function != PROF_NONE) {
			slot = u64map_put(&fn_frame, (uint64_t)l->function << 32 |
			    ss_binary(p, l, perf), 0, &added);
			if (slot == NULL) {
				u64map_free(&fn_frame);
				return perr_nomem(e);
			}
			if (!added) {
				w->frame_of[i] = *slot;
				continue;
			}
		} else
			slot = NULL;
		if (ARRAY_ROOM(w->frames, w->nframes, w->capframes) < 0) {
			u64map_free(&fn_frame);
			return perr_nomem(e);
		}
		w->frames[w->nframes++] = (uint32_t)i;
		w->frame_of[i] = (uint32_t)w->nframes;
		if (slot != NULL)
			*slot = (uint32_t)w->nframes;
	}
	u64map_free(&fn_frame);
	/* V8's special frames, by name, for its sources' samples */
	if ((v8 = calloc(w->nframes + 1, 1)) == NULL)
		return perr_nomem(e);
	for (i = 0; i < w->nframes; i++) {
		l = &p->locations[w->frames[i]];
		if (l->function == PROF_NONE)
			continue;
		f = &p->functions[l->function];
		v = prof_str(p, f->name);
		if (strcmp(v, "(garbage collector)") == 0 ||
		    strcmp(v, "(program)") == 0)
			v8[i] = V8_ON_TOP;
		else if (strcmp(v, "(idle)") == 0 || strcmp(v, "(root)") == 0)
			v8[i] = V8_NONE;
	}
	unit = c.type < 0 ? "none" : unit_of(c.show != NULL && c.how ==
	    SHOW_UNIT ? c.show : c.unit);
	if (spool_rewind(&w->sp, e) < 0 || (evt = all_evented(w, &c, p, unit,
	    e)) < 0) {
		free(v8);
		return -1;
	}
	out_str(o, "{\"$schema\":\"" SPEEDSCOPE_SCHEMA "\"");
	/* the exporter and name as read (a file of this suite's own says
	 * neither: read back, the stream is the one written) */
	v = NULL;
	for (i = 0; i < p->nsources && v == NULL; i++)
		v = prof_attr(p, &p->sources[i], "speedscope.exporter");
	if (v != NULL) {
		out_str(o, ",\"exporter\":");
		out_json_string(o, v, strlen(v));
	}
	/* the file's name: as read, else speedscope's (the file's) */
	v = NULL;
	for (i = 0; i < p->nsources && v == NULL; i++)
		v = prof_attr(p, &p->sources[i], "speedscope.name");
	(void)name;
	if (v != NULL) {
		out_str(o, ",\"name\":");
		out_json_string(o, v, strlen(v));
	}
	out_str(o, ",\"shared\":{\"frames\":[");
	for (i = 0; i < w->nframes; i++) {
		l = &p->locations[w->frames[i]];
		f = l->function != PROF_NONE ? &p->functions[l->function] :
		    NULL;
		if (i > 0)
			out_char(o, ',');
		out_str(o, "{\"name\":");
		v = prof_str(p, (uint32_t)frame_name((struct prof *)p, l));
		out_json_string(o, v, strlen(v));
		if (f != NULL && prof_strlen(p, f->filename) > 0) {
			out_str(o, ",\"file\":");
			out_json_string(o, prof_str(p, f->filename),
			    prof_strlen(p, f->filename));
		} else if ((b = ss_binary(p, l, perf)) > 0) {
			out_str(o, ",\"file\":");
			out_json_string(o, prof_str(p,
			    p->mappings[b - 1].filename), prof_strlen(p,
			    p->mappings[b - 1].filename));
		}
		/* the function's line (speedscope's pprof import: its start
		 * line); a function of none, its location's */
		if (f != NULL && f->start_line > 0) {
			out_str(o, ",\"line\":");
			out_i64(o, f->start_line);
		} else if (l->line != PROF_LINE_NA && l->line > 0) {
			out_str(o, ",\"line\":");
			out_i64(o, l->line);
		}
		if (l->column > 0) {
			out_str(o, ",\"col\":");
			out_i64(o, l->column);
		}
		out_char(o, '}');
	}
	out_str(o, "]},\"profiles\":[");
	for (i = 0; i < p->nsources; i++) {
		const struct wsrc *ws = i < w->capsrc ? &w->src[i] : NULL;
		if (ws == NULL || !ws->seen)
			continue;
		if (!first)
			out_char(o, ',');
		first = 0;
		if ((v = prof_attr(p, &p->sources[i], "speedscope.active")) !=
		    NULL && strcmp(v, SCHEMA_TRUE) == 0)
			active = k;
		k++;
		ns = ns_of(unit);
		same_unit = ns == 0 && spans_in_time_unit(p, i, unit);
		out_str(o, evt ? "{\"type\":\"evented\",\"name\":" :
		    "{\"type\":\"sampled\",\"name\":");
		v = prof_attr(p, &p->sources[i], "speedscope.profile");
		if (v == NULL)
			v = p->sources[i].uri != PROF_NONE ? prof_str(p,
			    p->sources[i].uri) : prof_str(p,
			    p->sources[i].type);
		out_json_string(o, v, strlen(v));
		out_str(o, ",\"unit\":\"");
		out_str(o, evt && ns == 0 && !same_unit ? "nanoseconds" : unit);
		out_char(o, '"');
		if (evt) {
			if (evented(w, &c, ws, (uint32_t)i, ns > 0 ? ns : 1,
			    ns > 0 || same_unit, strcmp(prof_str(p,
			    p->sources[i].type), SOURCE_CPUPROFILE) == 0 ? v8 :
			    NULL, o, &start, &end, e) < 0) {
				free(v8);
				return -1;
			}
		} else {
			if (sampled(w, &c, ws, (uint32_t)i, o, e) < 0) {
				free(v8);
				return -1;
			}
			start = 0;
			end = 0;
			/* the weights' sum, as speedscope's own files */
		}
		v = prof_attr(p, &p->sources[i], "speedscope.start_value");
		out_str(o, ",\"startValue\":");
		if (v != NULL && !evt)
			out_str(o, v);
		else
			num(o, start);
		v = prof_attr(p, &p->sources[i], "speedscope.end_value");
		out_str(o, ",\"endValue\":");
		if (v != NULL && !evt)
			out_str(o, v);
		else
			num(o, end);
		out_char(o, '}');
	}
	out_char(o, ']');
	if (active >= 0) {
		out_str(o, ",\"activeProfileIndex\":");
		out_u64(o, (uint64_t)active);
	}
	out_str(o, "}\n");
	free(v8);
	return 0;
}
