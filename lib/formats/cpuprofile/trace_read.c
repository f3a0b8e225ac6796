/*
 * Chrome's trace events (the Performance panel's "Save profile",
 * chrome://tracing, Tracing.start over the DevTools protocol): the CPU
 * profiles among them, read into V8's profile as a .cpuprofile is
 * (cpuprofile_impl.h). A profile is a "Profile" event (its startTime,
 * the thread it samples) and the "ProfileChunk" events of the same pid
 * and id after it, each with more nodes (their "parent" named), samples
 * and timeDeltas; an older trace's "CpuProfile" event holds a whole
 * .cpuprofile. Every other event is passed over.
 *
 * Chrome writes an event's keys in order, "args" first, so a chunk's
 * numbers come before the pid and id that say whose they are: its nodes
 * are gathered apart, its samples and deltas put in the spools every
 * profile shares, and the event, once ended, hands them to its profile
 * as runs of the spools.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/when.h"
#include "formats/cpuprofile/cpuprofile_impl.h"

/* What a container is to this reader. */
enum tctx {
	TC_TOP, TC_EVENTS, TC_EVENT, TC_ARGS, TC_DATA, TC_PROFILE, TC_NODES, TC_NODE,
	TC_FRAME, TC_CHILD_IDS, TC_SAMPLES, TC_DELTAS, TC_META, TC_SKIP
};
enum tkey {
	K_OTHER, K_EVENTS, K_NAME, K_ID, K_PID, K_TID, K_ARGS, K_DATA,
	K_CPUPROFILE, K_NODES, K_SAMPLES, K_DELTAS, K_START, K_END, K_SOURCE,
	K_NODE_ID, K_PARENT, K_CALLFRAME, K_CHILDREN, K_FN, K_URL, K_LINE,
	K_COLUMN, K_PH, K_TS, K_META, K_META_START
};

/* What an event says of itself, its keys in any order. */
enum tkind { E_OTHER, E_PROFILE, E_CHUNK, E_WHOLE };

struct tprof {
	char id[64];		/* the event's id, as written */
	int64_t pid, tid;
	int has_tid;
	char source[32];	/* V8's: "Inspector", "Internal", ... */
	double dsum;		/* its deltas' sum: its last sample */
	struct cpx x;
};

struct tx {
	struct cpuprofile_reader *c;
	struct input *in;
	struct spool samples, deltas;
	struct tprof **profs;
	size_t nprofs, capprofs;
	struct json_place pl;	/* the reader's place in the JSON */
	/* the event being read */
	enum tkind kind;
	char id[64];
	int64_t pid, tid;
	int has_id, has_pid, has_tid, nevents;
	char source[32];
	double start, end;
	int has_start, has_end;
	uint64_t soff, doff, ns, nd;	/* its samples and deltas */
	double dsum;
	int negative;		/* a delta < 0 past its first */
	int first_negative;	/* its first delta < 0 */
	struct cpx pend;	/* its nodes */
	char ph;		/* its phase; 'M' a metadata event */
	double ts;
	int has_ts;
	/* DevTools' file: when recording began (Unix ns), and the trace's
	 * first event (us, the trace's clock) */
	int64_t began;
	double first_ts;
	int has_began, has_first_ts;
};

/* The keys the reader knows, where. */
static const struct json_key tx_keys[] = {
	{ TC_TOP, "traceEvents", K_EVENTS },
	{ TC_TOP, "metadata", K_META },
	{ TC_META, "startTime", K_META_START },
	{ TC_EVENT, "ph", K_PH }, { TC_EVENT, "ts", K_TS },
	{ TC_EVENT, "name", K_NAME }, { TC_EVENT, "id", K_ID },
	{ TC_EVENT, "pid", K_PID }, { TC_EVENT, "tid", K_TID },
	{ TC_EVENT, "args", K_ARGS }, { TC_ARGS, "data", K_DATA },
	{ TC_DATA, "cpuProfile", K_CPUPROFILE },
	{ TC_DATA, "timeDeltas", K_DELTAS },
	{ TC_DATA, "startTime", K_START }, { TC_DATA, "endTime", K_END },
	{ TC_DATA, "source", K_SOURCE },
	{ TC_PROFILE, "nodes", K_NODES },
	{ TC_PROFILE, "samples", K_SAMPLES },
	{ TC_PROFILE, "timeDeltas", K_DELTAS },
	{ TC_PROFILE, "startTime", K_START },
	{ TC_PROFILE, "endTime", K_END },
	{ TC_NODE, "id", K_NODE_ID }, { TC_NODE, "parent", K_PARENT },
	{ TC_NODE, "callFrame", K_CALLFRAME },
	{ TC_NODE, "children", K_CHILDREN },
	{ TC_FRAME, "functionName", K_FN }, { TC_FRAME, "url", K_URL },
	{ TC_FRAME, "lineNumber", K_LINE },
	{ TC_FRAME, "columnNumber", K_COLUMN },
};

/* An event begins: nothing of it known. */
static void
event_begin(struct tx *t)
{
	t->kind = E_OTHER;
	t->ph = '\0';
	t->has_ts = 0;
	t->has_id = t->has_pid = t->has_tid = 0;
	t->has_start = t->has_end = 0;
	t->source[0] = '\0';
	t->soff = spool_tell(&t->samples);
	t->doff = spool_tell(&t->deltas);
	t->ns = t->nd = 0;
	t->dsum = 0;
	t->negative = t->first_negative = 0;
	t->pend.nnodes = t->pend.nkids = t->pend.nkeys = 0;
	t->pend.in_node = 0;
}

/* The profile of pid and id, made when new; NULL: out of memory. */
static struct tprof *
profile_of(struct tx *t, int64_t pid, const char *id)
{
	struct tprof *p;
	size_t i;

	for (i = t->nprofs; i > 0; i--) {
		p = t->profs[i - 1];
		if (p->pid == pid && strcmp(p->id, id) == 0)
			return p;
	}
	if (ARRAY_ROOM(t->profs, t->nprofs, t->capprofs) < 0 ||
	    (p = calloc(1, sizeof(*p))) == NULL)
		return NULL;
	snprintf(p->id, sizeof(p->id), "%s", id);
	p->pid = pid;
	p->x.c = t->c;
	p->x.in = t->in;
	p->x.samples = &t->samples;
	p->x.deltas = &t->deltas;
	p->x.defer = 1;
	t->profs[t->nprofs++] = p;
	return p;
}

/* The event's nodes, samples and deltas, its profile's now. */
static int
event_hand(struct tx *t, struct cpx *x, struct perr *e)
{
	size_t base = x->nnodes, i;

	if (t->pend.nnodes > 0) {
		if (array_grow((void **)&x->nodes, &x->capnodes, x->nnodes +
		    t->pend.nnodes, sizeof(*x->nodes)) < 0)
			return cpx_nomem(e);
		memcpy(x->nodes + x->nnodes, t->pend.nodes, t->pend.nnodes *
		    sizeof(*x->nodes));
		/* their keys, the profile's now */
		for (i = 0; i < t->pend.nnodes; i++) {
			struct cpx_node *nd = &x->nodes[x->nnodes + i];
			if (cpx_keep_key(x, t->pend.keys + nd->koff, nd->klen,
			    &nd->koff, e) < 0)
				return -1;
		}
		x->nnodes += t->pend.nnodes;
	}
	for (i = 0; i < t->pend.nkids; i++) {
		if (ARRAY_ROOM(x->kids, x->nkids, x->capkids) < 0)
			return cpx_nomem(e);
		x->kids[x->nkids][0] = t->pend.kids[i][0];
		x->kids[x->nkids++][1] = t->pend.kids[i][1] + (int64_t)base;
	}
	/* a negative delta: V8's sample stamped before the one before it
	 * (the profile's first delta is from its start) */
	if (t->negative || (t->first_negative && x->ndeltas > 0))
		x->disordered = 1;
	if (cpx_samples_run(x, t->soff, t->ns, e) < 0 ||
	    cpx_deltas_run(x, t->doff, t->nd, e) < 0)
		return -1;
	if (t->has_start && !x->has_start) {
		x->start = t->start;
		x->has_start = 1;
	}
	if (t->has_end) {
		x->end = t->end;
		x->has_end = 1;
	}
	return 0;
}

/* An event ends: a profile's, handed to it; any other, passed over. */
static int
event_end(struct tx *t, struct perr *e)
{
	struct tprof *p;
	char id[64];

	/* the trace's first moment, as DevTools bounds it: metadata events
	 * (ts 0) say nothing of when */
	if (t->has_ts && t->ph != 'M' && (!t->has_first_ts ||
	    t->ts < t->first_ts)) {
		t->first_ts = t->ts;
		t->has_first_ts = 1;
	}
	if (t->kind == E_OTHER)
		return 0;
	if (t->pend.in_node)
		return perr_set(e, "an event ends in a node");
	if (t->kind == E_WHOLE || !t->has_id)	/* a profile of its own */
		snprintf(id, sizeof(id), "#%d", ++t->nevents);
	else
		snprintf(id, sizeof(id), "%s", t->id);
	if ((p = profile_of(t, t->has_pid ? t->pid : 0, id)) == NULL)
		return cpx_nomem(e);
	/* the Profile event is on the thread sampled; its chunks come from
	 * the profiler's own */
	if (t->kind != E_CHUNK && t->has_tid) {
		p->tid = t->tid;
		p->has_tid = 1;
	}
	if (t->source[0] != '\0')
		snprintf(p->source, sizeof(p->source), "%s", t->source);
	p->dsum += t->dsum;
	return event_hand(t, &p->x, e);
}

static int
tx_start_map(void *ctx, struct perr *e)
{
	struct tx *t = ctx;
	enum tctx w = json_here(&t->pl);

	(void)e;
	if (t->pl.depth == 0)
		return json_push(&t->pl, TC_TOP);
	if (w == TC_TOP && t->pl.key == K_META)
		return json_push(&t->pl, TC_META);
	if (w == TC_EVENTS) {
		event_begin(t);
		return json_push(&t->pl, TC_EVENT);
	}
	if (w == TC_EVENT && t->pl.key == K_ARGS)
		return json_push(&t->pl, TC_ARGS);
	if (w == TC_ARGS && t->pl.key == K_DATA)
		return json_push(&t->pl, TC_DATA);
	if (w == TC_DATA && t->pl.key == K_CPUPROFILE)
		return json_push(&t->pl, TC_PROFILE);
	if (w == TC_NODES) {
		cpx_node_begin(&t->pend);
		return json_push(&t->pl, TC_NODE);
	}
	if (w == TC_NODE && t->pl.key == K_CALLFRAME)
		return json_push(&t->pl, TC_FRAME);
	return json_push(&t->pl, TC_SKIP);
}

static int
tx_end_map(void *ctx, struct perr *e)
{
	struct tx *t = ctx;
	enum tctx w = json_here(&t->pl);

	json_pop(&t->pl);
	if (w == TC_NODE)
		return cpx_node_end(&t->pend, e);
	if (w == TC_EVENT)
		return event_end(t, e);
	return 0;
}

static int
tx_start_array(void *ctx, struct perr *e)
{
	struct tx *t = ctx;
	enum tctx w = json_here(&t->pl);

	(void)e;
	if (t->pl.depth == 0 || (w == TC_TOP && t->pl.key == K_EVENTS))
		return json_push(&t->pl, TC_EVENTS);
	if (w == TC_PROFILE && t->pl.key == K_NODES)
		return json_push(&t->pl, TC_NODES);
	if (w == TC_PROFILE && t->pl.key == K_SAMPLES)
		return json_push(&t->pl, TC_SAMPLES);
	if ((w == TC_PROFILE || w == TC_DATA) && t->pl.key == K_DELTAS)
		return json_push(&t->pl, TC_DELTAS);
	if (w == TC_NODE && t->pl.key == K_CHILDREN)
		return json_push(&t->pl, TC_CHILD_IDS);
	return json_push(&t->pl, TC_SKIP);
}

static int
tx_end_array(void *ctx, struct perr *e)
{
	struct tx *t = ctx;

	(void)e;
	json_pop(&t->pl);
	return 0;
}

static int
tx_key(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct tx *t = ctx;

	return json_place_key(&t->pl, s, n, e);
}

/* A time in microseconds: 0, or -1 with e set. */
static int
tx_time(const char *s, size_t n, double *v, struct perr *e)
{
	if (json_double(s, n, v) < 0)
		return perr_set(e, "'%.*s' is not a time", (int)(n < 39 ? n :
		    39), s);
	return 0;
}

static int
tx_number(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct tx *t = ctx;
	int64_t v;

	switch (json_here(&t->pl)) {
	case TC_SAMPLES:
		if (cpx_integer(s, n, &v, e) < 0)
			return -1;
		spool_put(&t->samples, (uint64_t)v);
		t->ns++;
		return 0;
	case TC_DELTAS:
		if (cpx_integer(s, n, &v, e) < 0)
			return -1;
		if (v < 0 && t->nd > 0)
			t->negative = 1;
		else if (v < 0)
			t->first_negative = 1;
		spool_put(&t->deltas, (uint64_t)v);
		t->nd++;
		t->dsum += (double)v;
		return 0;
	case TC_CHILD_IDS:
		if (cpx_integer(s, n, &v, e) < 0)
			return -1;
		return cpx_kid(&t->pend, v, e);
	case TC_EVENT:
		if (t->pl.key == K_TS) {
			t->has_ts = 1;
			return tx_time(s, n, &t->ts, e);
		}
		if (t->pl.key == K_PID || t->pl.key == K_TID) {
			if (cpx_integer(s, n, &v, e) < 0)
				return -1;
			if (t->pl.key == K_PID) {
				t->pid = v;
				t->has_pid = 1;
			} else {
				t->tid = v;
				t->has_tid = 1;
			}
		} else if (t->pl.key == K_ID && n < sizeof(t->id)) {
			memcpy(t->id, s, n);	/* an id as a number */
			t->id[n] = '\0';
			t->has_id = 1;
		}
		return 0;
	case TC_DATA: case TC_PROFILE:
		if (t->pl.key == K_START) {
			t->has_start = 1;
			return tx_time(s, n, &t->start, e);
		}
		if (t->pl.key == K_END) {
			t->has_end = 1;
			return tx_time(s, n, &t->end, e);
		}
		return 0;
	case TC_NODE: case TC_FRAME:
		if (t->pl.key == K_NODE_ID || t->pl.key == K_PARENT ||
		    t->pl.key == K_LINE || t->pl.key == K_COLUMN) {
			if (cpx_integer(s, n, &v, e) < 0)
				return -1;
			return cpx_node_int(&t->pend, t->pl.key == K_NODE_ID ?
			    CPX_ID : t->pl.key == K_PARENT ? CPX_PARENT :
			    t->pl.key == K_LINE ? CPX_LINE : CPX_COLUMN, v, e);
		}
		return 0;
	default:
		return 0;
	}
}

/*
 * DevTools' metadata.startTime: the moment recording began, as
 * JavaScript's Date writes it (2026-11-29T12:00:00.123Z). Anything else
 * (a number, a local time) places nothing: the trace keeps V8's clock.
 */
static void
tx_began(struct tx *t, const char *s, size_t n)
{
	char buf[48];

	if (n < 20 || n >= sizeof(buf) || strspn(s, "0123456789") != 4 ||
	    s[4] != '-' || s[10] != 'T' || memchr(s, '\0', n) != NULL)
		return;
	memcpy(buf, s, n);
	buf[n] = '\0';
	t->has_began = when_parse(buf, &t->began, NULL) == 0;
}

static int
tx_string(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct tx *t = ctx;

	switch (json_here(&t->pl)) {
	case TC_META:
		if (t->pl.key == K_META_START)
			tx_began(t, s, n);
		return 0;
	case TC_EVENT:
		if (t->pl.key == K_PH && n == 1)
			t->ph = s[0];
		if (t->pl.key == K_NAME)
			t->kind = n == 7 && memcmp(s, "Profile", 7) == 0 ?
			    E_PROFILE : n == 12 && memcmp(s, "ProfileChunk",
			    12) == 0 ? E_CHUNK : n == 10 && memcmp(s,
			    "CpuProfile", 10) == 0 ? E_WHOLE : E_OTHER;
		else if (t->pl.key == K_ID) {
			if (n >= sizeof(t->id) || memchr(s, '\0', n) != NULL)
				return perr_set(e, "an event's id of %zu bytes "
				    "(the most: %zu)", n, sizeof(t->id) - 1);
			memcpy(t->id, s, n);
			t->id[n] = '\0';
			t->has_id = 1;
		}
		return 0;
	case TC_DATA:
		if (t->pl.key == K_SOURCE && n < sizeof(t->source) &&
		    memchr(s, '\0', n) == NULL) {
			memcpy(t->source, s, n);
			t->source[n] = '\0';
		}
		return 0;
	case TC_FRAME:
		if (t->pl.key == K_FN || t->pl.key == K_URL)
			return cpx_node_str(&t->pend, t->pl.key == K_FN ?
			    CPX_NAME : CPX_URL, s, n, e);
		return 0;
	default:
		return 0;
	}
}

/* A profile's source: V8's, with the trace's pid, tid, id and V8's name
 * for who started it. */
static int
tx_emit(struct tx *t, struct tprof *p, struct perr *e)
{
	struct stream_writer *w = &t->c->w;
	uint32_t source;
	char buf[32];

	/* a recording cut short has no chunk with its endTime: it ends
	 * at its last sample */
	if (!p->x.has_end && p->x.has_start && p->x.ndeltas > 0) {
		p->x.end = p->x.start + p->dsum;
		p->x.has_end = 1;
	}
	/* placed on Unix time by DevTools' moment of its first event */
	if (t->has_began && t->has_first_ts) {
		p->x.offset = t->began - llround(t->first_ts * 1e3);
		p->x.clock_from = "the trace's metadata.startTime: DevTools' "
		    "clock when recording began, to the millisecond, at the "
		    "trace's first event";
	}
	if (cpx_resolve(&p->x, e) < 0 || cpx_number(&p->x, e) < 0 ||
	    cpx_source(&p->x, &source, e) < 0)
		return -1;
	snprintf(buf, sizeof(buf), "%" PRId64, p->pid);
	sw_source_attr(w, source, text_of("trace.pid"), text_of(buf));
	if (p->has_tid) {
		snprintf(buf, sizeof(buf), "%" PRId64, p->tid);
		sw_source_attr(w, source, text_of("trace.tid"), text_of(buf));
	}
	if (p->id[0] != '#')
		sw_source_attr(w, source, text_of("trace.profile_id"),
		    text_of(p->id));
	if (p->source[0] != '\0')
		sw_source_attr(w, source, text_of("trace.profile_source"),
		    text_of(p->source));
	return cpx_emit(&p->x, source, e);
}

int
cpx_trace_read(struct cpuprofile_reader *c, struct input *in,
    struct perr *e)
{
	struct json_events ev = { 0 };
	struct tx t;
	size_t i, emitted = 0;
	int rc;

	memset(&t, 0, sizeof(t));
	json_place_init(&t.pl, tx_keys, sizeof(tx_keys) / sizeof(tx_keys[0]),
	    K_OTHER, TC_SKIP);
	t.c = c;
	t.in = in;
	t.pend.c = c;
	t.pend.in = in;
	t.pend.defer = 1;
	ev.start_map = tx_start_map;
	ev.end_map = tx_end_map;
	ev.start_array = tx_start_array;
	ev.end_array = tx_end_array;
	ev.key = tx_key;
	ev.number = tx_number;
	ev.string = tx_string;
	ev.ctx = &t;
	rc = spool_open(&t.samples, e) < 0 || spool_open(&t.deltas, e) < 0 ?
	    -1 : json_read_input(in, &ev, e);
	if (rc == 0 && (spool_rewind(&t.samples, e) < 0 ||
	    spool_rewind(&t.deltas, e) < 0))
		rc = -1;
	/* each profile a source, in the order the trace began them; one
	 * with no sample (a Profile with no chunk) has nothing to say */
	for (i = 0; rc == 0 && i < t.nprofs; i++)
		if (t.profs[i]->x.nsamples > 0) {
			rc = tx_emit(&t, t.profs[i], e);
			emitted++;
		}
	if (rc == 0 && emitted == 0)
		rc = perr_set(e, "%s: a Chrome trace with no CPU profile (no "
		    "samples in Profile and ProfileChunk events: record with "
		    "the disabled-by-default-v8.cpu_profiler category)",
		    in->name);
	for (i = 0; i < t.nprofs; i++) {
		cpx_free(&t.profs[i]->x);
		free(t.profs[i]);
	}
	free(t.profs);
	cpx_free(&t.pend);
	spool_close(&t.samples);
	spool_close(&t.deltas);
	return rc;
}
