/*
 * A chunk's events to samples (jfr_read.c reads the chunks): each event
 * of a kind below a sample, its stack (the stack trace's frames, leaf
 * first: a function per method, a location per method, line and frame
 * type), its thread, state and class labels, its time, and its values,
 * named as Pyroscope and async-profiler's converters name them.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/jfr/jfr.h"
#include "formats/jfr/jfr_impl.h"

enum jkind { JK_EXEC, JK_NATIVE, JK_TLAB_NEW, JK_TLAB_OUT, JK_ALLOC,
	JK_MONITOR, JK_PARK, JK_CPUTIME, JK_WALL, JK_MALLOC, JK_LIVE,
	JK_COUNT };

/* How an event's amount is its value: the field as it is, a duration in
 * ticks, or a count of wall-clock intervals. */
enum jamount { JA_AS_IS, JA_TICKS, JA_WALL };

static const struct {
	const char *event;
	const char *count;		/* its count's type */
	const char *amount, *unit;	/* its amount's type and unit */
	const char *field;		/* the event's field of it */
	enum jamount how;		/* JA_WALL: the field its count too */
} jfr_kinds[JK_COUNT] = {
	[JK_EXEC] = { "jdk.ExecutionSample", "cpu", NULL, NULL, NULL,
	    JA_AS_IS },
	[JK_NATIVE] = { "jdk.NativeMethodSample", "native", NULL, NULL,
	    NULL, JA_AS_IS },
	[JK_TLAB_NEW] = { "jdk.ObjectAllocationInNewTLAB",
	    "alloc_in_new_tlab_objects", "alloc_in_new_tlab_bytes",
	    UNIT_BYTES, "tlabSize", JA_AS_IS },
	[JK_TLAB_OUT] = { "jdk.ObjectAllocationOutsideTLAB",
	    "alloc_outside_tlab_objects", "alloc_outside_tlab_bytes",
	    UNIT_BYTES, "allocationSize", JA_AS_IS },
	[JK_ALLOC] = { "jdk.ObjectAllocationSample", "alloc_sample_objects",
	    "alloc_sample_bytes", UNIT_BYTES, "weight", JA_AS_IS },
	[JK_MONITOR] = { "jdk.JavaMonitorEnter", "lock_count",
	    "lock_duration", UNIT_NANOSECONDS, "duration", JA_TICKS },
	[JK_PARK] = { "jdk.ThreadPark", "park_count", "park_duration",
	    UNIT_NANOSECONDS, "duration", JA_TICKS },
	/* JDK 25's CPU-time sampler: each sample stands for its period */
	[JK_CPUTIME] = { "jdk.CPUTimeSample", "cpu_time_samples", "cpu_time",
	    UNIT_NANOSECONDS, "samplingPeriod", JA_TICKS },
	/* async-profiler's own: a wall-clock sample stands for `samples`
	 * intervals of the recording's wall setting */
	[JK_WALL] = { "profiler.WallClockSample", "wall_samples", "wall",
	    UNIT_NANOSECONDS, "samples", JA_WALL },
	[JK_MALLOC] = { "profiler.Malloc", "malloc_objects", "malloc_bytes",
	    UNIT_BYTES, "size", JA_AS_IS },
	[JK_LIVE] = { "profiler.LiveObject", "live", "live_bytes",
	    UNIT_BYTES, "allocationSize", JA_AS_IS },
};

/* A value of a pool entry's field: its number (a reference's id, an
 * integer), 0 with *found 0 when the entry or field is not there. */
static uint64_t
pool_number(struct jx *x, int32_t cls, uint64_t id, const char *field,
    int32_t *type, int *found, struct perr *e)
{
	struct jcur k;
	const struct jfield *f;
	int bad = 0, rc;
	uint64_t v;

	*found = 0;
	if (jfr_pool(&x->c, cls, id, &k) < 0)
		return 0;
	if ((rc = jfr_field(&x->c, &k, cls, field, &f, e)) != 0)
		return 0;
	if (type != NULL)
		*type = f->cls;
	if (!f->cp && f->cls >= 0 && (x->c.cls[f->cls].prim == JP_BOOLEAN ||
	    x->c.cls[f->cls].prim == JP_BYTE)) {
		*found = k.p < k.end;
		return *found ? *k.p : 0;
	}
	v = jfr_varint(&k, &bad);
	*found = !bad;
	return v;
}

/* The text of a pool entry's string field (its bytes in c.sbuf), or -1
 * (*e unset) when it is none. */
static int64_t
pool_string(struct jx *x, int32_t cls, uint64_t id, const char *field,
    struct perr *e)
{
	struct jcur k;
	const struct jfield *f;
	int null;
	int64_t n;

	if (jfr_pool(&x->c, cls, id, &k) < 0 ||
	    jfr_field(&x->c, &k, cls, field, &f, e) != 0 || f->cp ||
	    f->cls < 0 || x->c.cls[f->cls].prim != JP_STRING)
		return -1;
	if ((n = jfr_string(&x->c, &k, &null, e)) < 0 || null)
		return -1;
	return n;
}

/* A symbol's text (a Symbol pool entry: its string) into to. */
static size_t
symbol(struct jx *x, int32_t cls, uint64_t id, char *to, size_t size,
    struct perr *e)
{
	int64_t n = pool_string(x, cls, id, "string", e);

	if (n < 0)
		n = 0;
	if ((size_t)n >= size)
		n = (int64_t)size - 1;
	memcpy(to, x->c.sbuf, (size_t)n);
	to[n] = '\0';
	return (size_t)n;
}

/* The function of method id (a Method pool entry of class mcls), made
 * when new: its id, 0 with e set. */
static uint32_t
method_function(struct jx *x, int32_t mcls, uint64_t mid, struct perr *e)
{
	struct jfr_reader *r = x->r;
	char cname[512], mname[512], desc[512];
	int32_t tcls = -1, scls = -1, ccls = -1;
	uint64_t tid, nid, did, cnid;
	size_t nc = 0, nm, nd, i, n;
	uint32_t *slot;
	int found, added;
	int64_t k;

	if ((slot = u64map_get(&x->fn_of, mid)) != NULL)
		return *slot;
	tid = pool_number(x, mcls, mid, "type", &ccls, &found, e);
	cname[0] = '\0';
	if (found && (cnid = pool_number(x, ccls, tid, "name", &scls, &found,
	    e), found))
		nc = symbol(x, scls, cnid, cname, sizeof(cname), e);
	nid = pool_number(x, mcls, mid, "name", &tcls, &found, e);
	nm = found ? symbol(x, tcls, nid, mname, sizeof(mname), e) : 0;
	if (!found)
		mname[0] = '\0';
	did = pool_number(x, mcls, mid, "descriptor", &tcls, &found, e);
	nd = found ? symbol(x, tcls, did, desc, sizeof(desc), e) : 0;
	if (!found)
		desc[0] = '\0';
	if (e->msg[0] != '\0')
		return 0;
	for (i = 0; i < nc; i++)	/* java/lang/Thread: java.lang.Thread */
		if (cname[i] == '/')
			cname[i] = '.';
	/* "package.Class.method", and with its descriptor */
	n = nc + 1 + nm;
	if (array_grow((void **)&x->kbuf, &x->capkbuf, 2 * n + nd + 2, 1) < 0)
		return perr_nomem(e), 0;
	memcpy(x->kbuf, cname, nc);
	x->kbuf[nc] = '.';
	memcpy(x->kbuf + nc + 1, mname, nm);
	memcpy(x->kbuf + n, desc, nd);
	if ((k = strtab_intern(&r->fkeys, x->kbuf, n + nd)) < 0)
		return perr_nomem(e), 0;
	if ((uint64_t)k + 1 > r->nfunctions) {
		r->nfunctions = (uint32_t)k + 1;
		sw_function(&r->w, (uint32_t)k + 1, text_n(x->kbuf, n),
		    text_n(x->kbuf, n + nd), text_of(""), 0);
	}
	if ((slot = u64map_put(&x->fn_of, mid, (uint32_t)k + 1, &added)) ==
	    NULL)
		return perr_nomem(e), 0;
	return (uint32_t)k + 1;
}

/* The location of a frame: its function, line and type, made when new. */
static uint32_t
frame_location(struct jx *x, uint32_t fid, int64_t line, const char *type,
    size_t ntype, struct perr *e)
{
	struct jfr_reader *r = x->r;
	char key[300];
	int nk;
	int64_t k;

	nk = snprintf(key, sizeof(key), "%u%c%lld%c%.*s", fid, 0,
	    (long long)line, 0, (int)(ntype < 200 ? ntype : 200), type);
	if ((k = strtab_intern(&r->lkeys, key, (size_t)nk)) < 0)
		return perr_nomem(e), 0;
	if ((uint64_t)k + 1 > r->nlocations) {
		struct sw_location l = {
			.id = (uint32_t)k + 1, .function_id = fid,
			.line = line > 0 ? line : 0, .line_na = line <= 0,
			.address_na = 1,
			.inlined = ntype == 7 && memcmp(type, "Inlined", 7) == 0,
		};
		r->nlocations = (uint32_t)k + 1;
		sw_location(&r->w, &l);
		if (ntype > 0)
			sw_location_attr(&r->w, l.id, text_of("jfr.frame_type"),
			    text_n(type, ntype));
	}
	return (uint32_t)k + 1;
}

/* The locations of stack trace sid (a pool entry of class scls), leaf
 * first, made once a chunk: where its run begins in x->runs + 1, 0 with
 * e set. */
static size_t
stack_run(struct jx *x, int32_t scls, uint64_t sid, struct perr *e)
{
	struct jcur k, fk;
	const struct jfield *f, *ff;
	uint32_t *slot, fid;
	uint64_t n, i, mid = 0, tyid = 0, trunc;
	int64_t line = -1, nt = 0;
	size_t at, j, g;
	int bad = 0, added, found;
	const struct jclass *fc;
	char type[64];

	if ((slot = u64map_get(&x->stack_of, sid)) != NULL)
		return *slot;
	trunc = pool_number(x, scls, sid, "truncated", NULL, &found, e);
	x->truncated += found && trunc;
	if (jfr_pool(&x->c, scls, sid, &k) < 0 ||
	    jfr_field(&x->c, &k, scls, "frames", &f, e) != 0 || !f->array ||
	    f->cp || f->cls < 0)
		return e->msg[0] ? 0 : (perr_set(e, "stack trace %llu not in "
		    "the chunk's pools", (unsigned long long)sid), 0);
	n = jfr_varint(&k, &bad);
	if (bad || n > (uint64_t)(k.end - k.p))
		return perr_set(e, "stack trace %llu of %llu frames past the "
		    "chunk", (unsigned long long)sid, (unsigned long long)n), 0;
	at = x->nruns;
	if (array_grow((void **)&x->runs, &x->capruns, at + n + 1,
	    sizeof(*x->runs)) < 0)
		return perr_nomem(e), 0;
	x->runs[at] = (uint32_t)n;
	fc = &x->c.cls[f->cls];
	for (i = 0; i < n; i++) {
		/* a StackFrame: its method, line and type; the rest passed */
		fid = 0;
		line = -1;
		nt = 0;
		for (j = fc->field0; j < fc->field0 + fc->nfields; j++) {
			const char *name = jfr_str(&x->c, x->c.flds[j].name);
			ff = &x->c.flds[j];
			if (strcmp(name, "method") == 0 && ff->cp) {
				mid = jfr_varint(&k, &bad);
				if (bad || (fid = method_function(x, ff->cls,
				    mid, e)) == 0)
					return e->msg[0] ? 0 : (perr_set(e,
					    "a frame cut short"), 0);
			} else if (strcmp(name, "lineNumber") == 0 &&
			    !ff->cp && !ff->array) {
				line = (int32_t)(uint32_t)jfr_varint(&k, &bad);
			} else if (strcmp(name, "type") == 0 && ff->cp) {
				tyid = jfr_varint(&k, &bad);
				fk = k;
				nt = pool_string(x, ff->cls, tyid, "description",
				    e);
				k = fk;
				if (nt < 0)
					nt = 0;
				if ((size_t)nt >= sizeof(type))
					nt = sizeof(type) - 1;
				memcpy(type, x->c.sbuf, (size_t)nt);
			} else if (jfr_skip(&x->c, &k, ff->cls, ff->array,
			    ff->cp, e) < 0)
				return 0;
		}
		if (bad)
			return perr_set(e, "a frame cut short"), 0;
		if (fid == 0)
			return perr_set(e, "a frame of no method"), 0;
		if ((g = frame_location(x, fid, line, type, (size_t)nt,
		    e)) == 0)
			return 0;
		x->runs[at + 1 + i] = (uint32_t)g;
	}
	x->nruns = at + 1 + n;
	if (u64map_put(&x->stack_of, sid, (uint32_t)at + 1, &added) == NULL)
		return perr_nomem(e), 0;
	return at + 1;
}

/* A value type of the reader's, written once. */
static int64_t
vtype(struct jx *x, int slot, const char *type, const char *unit)
{
	struct jfr_reader *r = x->r;

	if (r->vtypes[slot] < 0)
		r->vtypes[slot] = sw_value_type(&r->w, text_of(type),
		    text_of(unit));
	return r->vtypes[slot];
}

static void
label_str(struct jfr_reader *r, const struct stream_id *sid, const char *k,
    const char *v, size_t n)
{
	struct sw_label l = { text_of(k), text_n(v, n), 0, TEXT_NA };

	sw_sample_label(&r->w, sid, &l);
}

/* An event of kind kd at k (its fields, as its class cls has them) to a
 * sample. */
static int
event(struct jx *x, enum jkind kd, int32_t cls, struct jcur *k,
    struct perr *e)
{
	struct jfr_reader *r = x->r;
	const struct jclass *t = &x->c.cls[cls];
	const struct jfield *f;
	uint64_t ticks = 0, amount = 0, count = 1, thread = 0, stack = 0;
	int64_t value = 0, when;
	uint64_t state = 0, oclass = 0;
	int32_t tcls = -1, scls = -1, stcls = -1, ocls = -1;
	int bad = 0, have_thread = 0, has_amount = 0;
	size_t j, run = 0, i;
	struct stream_id sid;
	struct sw_stack sk;
	char name[256];
	int64_t n, vt;
	uint64_t tid;
	int found;

	for (j = t->field0; j < t->field0 + t->nfields; j++) {
		const char *fn = jfr_str(&x->c, x->c.flds[j].name);
		f = &x->c.flds[j];
		if (f->array) {
			if (jfr_skip(&x->c, k, f->cls, 1, f->cp, e) < 0)
				return -1;
			continue;
		}
		if (strcmp(fn, "startTime") == 0)
			ticks = jfr_varint(k, &bad);
		else if ((strcmp(fn, "sampledThread") == 0 ||
		    (strcmp(fn, "eventThread") == 0 && !have_thread)) && f->cp) {
			thread = jfr_varint(k, &bad);
			tcls = f->cls;
			have_thread = strcmp(fn, "sampledThread") == 0 ||
			    thread != 0;
		} else if (strcmp(fn, "stackTrace") == 0 && f->cp) {
			stack = jfr_varint(k, &bad);
			scls = f->cls;
		} else if (strcmp(fn, "state") == 0 && f->cp) {
			state = jfr_varint(k, &bad);
			stcls = f->cls;
		} else if (strcmp(fn, "objectClass") == 0 && f->cp) {
			oclass = jfr_varint(k, &bad);
			ocls = f->cls;
		} else if (jfr_kinds[kd].field != NULL && !f->cp &&
		    strcmp(fn, jfr_kinds[kd].field) == 0) {
			amount = jfr_varint(k, &bad);
			has_amount = 1;
		} else if (jfr_skip(&x->c, k, f->cls, 0, f->cp, e) < 0)
			return -1;
		if (bad)
			return perr_set(e, "a %s event cut short",
			    jfr_kinds[kd].event);
	}
	/* the values and the time first: one a stream cannot hold is an
	 * error, before any row of the sample (a field as it is, or its
	 * count, an int64; a duration a Java long) */
	if (has_amount && jfr_kinds[kd].how != JA_TICKS &&
	    amount > (uint64_t)INT64_MAX)
		return perr_set(e, "a %s event's %s of %llu: past the stream's "
		    "integers", jfr_kinds[kd].event, jfr_kinds[kd].field,
		    (unsigned long long)amount);
	switch (jfr_kinds[kd].how) {
	case JA_TICKS:	/* a Java long */
		if (jfr_duration(&x->c, (int64_t)amount, &value) < 0)
			return perr_set(e, "a %s event's %s of %lld ticks: past "
			    "the stream's nanoseconds", jfr_kinds[kd].event,
			    jfr_kinds[kd].field, (long long)amount);
		break;
	case JA_WALL:	/* its count too; without the interval, alone */
		count = has_amount ? amount : 0;
		if (has_amount && (x->wall_ns <= 0 || amount >
		    (uint64_t)INT64_MAX / (uint64_t)x->wall_ns)) {
			x->wall_untimed += amount;
			has_amount = 0;
		}
		value = has_amount ? (int64_t)(amount *
		    (uint64_t)x->wall_ns) : 0;
		break;
	case JA_AS_IS:
		value = (int64_t)amount;
		break;
	}
	if (jfr_time(&x->c, (int64_t)ticks, &when) < 0)
		return perr_set(e, "a %s event at %lld ticks: past the "
		    "stream's nanoseconds", jfr_kinds[kd].event,
		    (long long)ticks);
	if (stack != 0 && (run = stack_run(x, scls, stack, e)) == 0)
		return -1;
	if (stack == 0)
		x->nostack++;
	if (sw_failed(&r->w))
		return sw_error(&r->w, e);
	stream_id_set(&sid, ++r->nsamples);
	sw_sample(&r->w, &sid, x->source);
	if ((vt = vtype(x, 2 * kd, jfr_kinds[kd].count, UNIT_COUNT)) < 0)
		return perr_nomem(e);
	sw_sample_value(&r->w, &sid, (uint32_t)vt, num_of_i64((int64_t)count));
	if (jfr_kinds[kd].amount != NULL && has_amount) {
		if ((vt = vtype(x, 2 * kd + 1, jfr_kinds[kd].amount,
		    jfr_kinds[kd].unit)) < 0)
			return perr_nomem(e);
		sw_sample_value(&r->w, &sid, (uint32_t)vt, num_of_i64(value));
	}
	sw_stack_begin(&r->w, &sk, &sid);
	for (i = 0; run > 0 && i < x->runs[run - 1]; i++)
		sw_stack_frame_n(&r->w, &sk, x->runs[run + i]);
	if (thread != 0) {
		if ((n = pool_string(x, tcls, thread, "javaName", e)) < 0 &&
		    e->msg[0] == '\0')
			n = pool_string(x, tcls, thread, "osName", e);
		if (n > 0) {
			if ((size_t)n >= sizeof(name))
				n = sizeof(name) - 1;
			memcpy(name, x->c.sbuf, (size_t)n);
			label_str(r, &sid, "thread", name, (size_t)n);
		}
		tid = pool_number(x, tcls, thread, "javaThreadId", NULL, &found,
		    e);
		if (!found || tid == 0)
			tid = pool_number(x, tcls, thread, "osThreadId", NULL,
			    &found, e);
		if (found) {
			struct sw_label l = { text_of("thread_id"), TEXT_NA,
			    (int64_t)tid, TEXT_NA };
			sw_sample_label(&r->w, &sid, &l);
		}
	}
	if (state != 0 && (n = pool_string(x, stcls, state, "name", e)) > 0) {
		if ((size_t)n >= sizeof(name))
			n = sizeof(name) - 1;
		memcpy(name, x->c.sbuf, (size_t)n);
		label_str(r, &sid, "state", name, (size_t)n);
	}
	if (oclass != 0) {
		int32_t ncls = -1;
		uint64_t nid = pool_number(x, ocls, oclass, "name", &ncls,
		    &found, e);
		if (found && (n = (int64_t)symbol(x, ncls, nid, name,
		    sizeof(name), e)) > 0) {
			for (i = 0; i < (size_t)n; i++)
				if (name[i] == '/')
					name[i] = '.';
			label_str(r, &sid, "class", name, (size_t)n);
		}
	}
	if (e->msg[0] != '\0')
		return -1;
	sw_sample_time(&r->w, &sid, when);
	return 0;
}

/* The event at k into *ev and its class's index into *cls (-1: none
 * known), k past it: 1, 0 at the chunk's end, -1 with e set. */
static int
next_event(struct jx *x, struct jcur *k, struct jcur *ev, int32_t *cls,
    struct perr *e)
{
	uint64_t size, type;
	uint32_t *ci;
	int bad = 0;

	if (k->p >= k->end)
		return 0;
	*ev = *k;
	size = jfr_varint(ev, &bad);
	if (bad || size < 2 || size > (uint64_t)(k->end - k->p))
		return perr_set(e, "an event of %llu bytes at offset %zu, "
		    "past its chunk", (unsigned long long)size,
		    (size_t)(k->p - x->c.buf));
	type = jfr_varint(ev, &bad);
	ev->end = k->p + size;
	k->p += size;
	ci = bad ? NULL : u64map_get(&x->c.cls_by_id, type);
	*cls = ci != NULL ? (int32_t)*ci : -1;
	return 1;
}

/* Field name of the event at ev (of class cls), a string, into to
 * (cut to fit): its length, -1 when it has none (e unset). */
static int64_t
event_text(struct jx *x, struct jcur ev, int32_t cls, const char *name,
    char *to, size_t size, struct perr *e)
{
	const struct jfield *f;
	int null;
	int64_t n;

	if (jfr_field(&x->c, &ev, cls, name, &f, e) != 0 || f->array ||
	    f->cls < 0 || x->c.cls[f->cls].prim != JP_STRING ||
	    (n = jfr_string(&x->c, &ev, &null, e)) < 0 || null)
		return -1;
	if ((size_t)n >= size)
		n = (int64_t)size - 1;
	memcpy(to, x->c.sbuf, (size_t)n);
	to[n] = '\0';
	return n;
}

/* async-profiler's wall-clock default: 0 is 5 times its 10 ms (its
 * wallClock.cpp, unchanged since 2019) */
#define AP_WALL_DEFAULT 50000000

/* async-profiler's wall-clock interval, from the chunk's settings: its
 * "wall" setting, or its "interval" when its event is "wall" (ns). */
static int
wall_interval(struct jx *x, struct perr *e)
{
	struct jcur k = { x->c.buf + JFR_HEADER, x->c.buf + x->c.len }, ev;
	int32_t sc = jfr_class_named(&x->c, "jdk.ActiveSetting"), cls;
	long long wall = -1, interval = 0;
	char name[32], value[32];
	int rc, walls = 0;

	if (sc < 0 || jfr_class_named(&x->c, jfr_kinds[JK_WALL].event) < 0)
		return 0;
	while ((rc = next_event(x, &k, &ev, &cls, e)) > 0) {
		if (cls != sc || event_text(x, ev, cls, "name", name,
		    sizeof(name), e) < 0 || event_text(x, ev, cls, "value",
		    value, sizeof(value), e) < 0)
			continue;
		if (strcmp(name, "wall") == 0)
			wall = strtoll(value, NULL, 10);
		else if (strcmp(name, "interval") == 0)
			interval = strtoll(value, NULL, 10);
		else if (strcmp(name, "event") == 0)
			walls = strcmp(value, "wall") == 0;
	}
	if (rc < 0 || e->msg[0] != '\0')
		return -1;
	if (wall < 0 && walls)
		wall = interval;
	if (wall >= 0)
		x->wall_ns = wall > 0 ? wall : AP_WALL_DEFAULT;
	return 0;
}

/* The events of the chunk in x->c, in order. */
int
jfr_chunk_events(struct jx *x, struct perr *e)
{
	struct jcur k = { x->c.buf + JFR_HEADER, x->c.buf + x->c.len }, ev;
	int32_t cls, lost = jfr_class_named(&x->c, "jdk.CPUTimeSamplesLost");
	const struct jfield *f;
	int bad = 0, kd, rc;
	size_t i;

	if ((x->kind_of = malloc(x->c.ncls + 1)) == NULL)
		return perr_nomem(e);
	for (i = 0; i < x->c.ncls; i++)
		x->kind_of[i] = -1;
	for (kd = 0; kd < JK_COUNT; kd++)
		if ((cls = jfr_class_named(&x->c, jfr_kinds[kd].event)) >= 0)
			x->kind_of[cls] = (int8_t)kd;
	if (wall_interval(x, e) < 0)
		return -1;
	while ((rc = next_event(x, &k, &ev, &cls, e)) > 0) {
		if (cls >= 0 && x->kind_of[cls] >= 0 &&
		    event(x, (enum jkind)x->kind_of[cls], cls, &ev, e) < 0)
			return -1;
		/* the samples the JDK's CPU-time sampler lost, said */
		if (cls >= 0 && cls == lost && jfr_field(&x->c, &ev, cls,
		    "lostSamples", &f, e) == 0 && !f->cp && !f->array)
			x->cpu_time_lost += jfr_varint(&ev, &bad);
		if (e->msg[0] != '\0')
			return -1;
	}
	return rc;
}
