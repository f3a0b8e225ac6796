/*
 * The stream to the Firefox Profiler's processed format, version 70 (the
 * newest processed.h reads; the profiler's site upgrades none of it): a
 * thread per source (its firefox.* attributes where it has them, else
 * its URI's base name, pid and tid its id), every sample with its time
 * (milliseconds since meta.startTime, the first sample's, written
 * exactly; a source without times: its samples an interval apart) and
 * its weight: the value a report shows (measure.h), as "tracing-ms"
 * where that is a time, "bytes" where it is a size, else "samples".
 * The tables are shared: a frame per location and inline depth (a
 * location inlined into its caller one deeper), a function per function
 * (a location of none: its address, "0x...", in its library, as the
 * profiler shows an address it has no symbol for), a source per file, a
 * library per mapping (addresses relative to it, as the profiler keeps
 * them), a stack per distinct path, in the order first met, each after
 * its prefix. Samples go to a temporary file as they come and are read
 * back: once for the tables, then per thread for its columns.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/hash.h"
#include "formats/firefox/processed.h"
#include "formats/firefox/processed_write.h"
#include "formats/firefox/processed_write_impl.h"
#include "io/markup.h"
#include "io/spool.h"
#include "sample/measure.h"

struct firefox_writer *
firefox_writer_new(const char *type, struct perr *e)
{
	struct firefox_writer *w = calloc(1, sizeof(*w));

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
firefox_writer_free(struct firefox_writer *w)
{
	if (w == NULL)
		return;
	measure_free(&w->m);
	spool_close(&w->sp);
	free(w->src);
	free(w->locs);
	pw_tables_free(w);
	free(w);
}

int
firefox_restart(void *ctx, struct perr *e)
{
	struct firefox_writer *w = ctx;
	const char *want = w->want;

	measure_free(&w->m);
	spool_close(&w->sp);
	free(w->src);
	free(w->locs);
	pw_tables_free(w);
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
firefox_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct firefox_writer *w = ctx;
	struct fsrc *fs;
	size_t nv, i;

	if (measure_sample(&w->m, p, s, &nv) < 0 ||
	    array_grow_zeroed((void **)&w->src, &w->capsrc, (size_t)s->source +
	    1, sizeof(*w->src)) < 0)
		return perr_nomem(e);
	fs = &w->src[s->source];
	if (w->cur != s->source + 1) {
		if (fs->seen)
			w->interleaved = 1;	/* read back by a pass each */
		w->cur = s->source + 1;
	}
	if (!fs->seen) {
		fs->seen = 1;
		fs->off = spool_tell(&w->sp);
		fs->timed = 1;
	}
	fs->timed &= s->has_time;
	if (s->has_time && (!w->any_time || s->time < w->start_ns)) {
		w->start_ns = s->time;
		w->any_time = 1;
	}
	fs->n++;
	/* source, time (zigzag + 1, 0: none), its locations (leaf first),
	 * its values (type, bits) */
	spool_put(&w->sp, s->source);
	spool_put(&w->sp, s->has_time ? ((uint64_t)s->time << 1 ^
	    (uint64_t)(s->time >> 63)) + 1 : 0);
	spool_put(&w->sp, s->nlocs);
	for (i = 0; i < s->nlocs; i++)
		spool_put(&w->sp, s->locs[i]);
	spool_put(&w->sp, nv);
	for (i = 0; i < nv; i++) {
		spool_put(&w->sp, w->m.vals[i].type);
		spool_put(&w->sp, bits_of(w->m.vals[i].v.d));
	}
	return 0;
}

/* The next sample of the spool: its source, time (INT64_MIN: none),
 * locations (w->locs, *n) and shown value. 1, 0 at the end, -1. */
static int
spooled_next(struct firefox_writer *w, const struct measure_choice *c,
    uint32_t *source, int64_t *time, size_t *n, double *v, struct perr *e)
{
	uint64_t u, t, k, i, ty, b;
	double x = 0;
	int rc;

	if ((rc = spool_get(&w->sp, &u, e)) <= 0)
		return rc;
	*source = (uint32_t)u;
	if (spool_get(&w->sp, &t, e) <= 0 || spool_get(&w->sp, &k, e) <= 0)
		return perr_set(e, "a temporary file cut short");
	*time = t == 0 ? INT64_MIN : (int64_t)((t - 1) >> 1 ^ -((t - 1) & 1));
	if (array_grow((void **)&w->locs, &w->caplocs, k + 1,
	    sizeof(*w->locs)) < 0)
		return perr_nomem(e);
	for (i = 0; i < k; i++) {
		if (spool_get(&w->sp, &u, e) <= 0)
			return perr_set(e, "a temporary file cut short");
		w->locs[i] = (uint32_t)u;
	}
	*n = k;
	*v = 0;
	if (spool_get(&w->sp, &k, e) <= 0)
		return perr_set(e, "a temporary file cut short");
	for (i = 0; i < k; i++) {
		if (spool_get(&w->sp, &ty, e) <= 0 ||
		    spool_get(&w->sp, &b, e) <= 0)
			return perr_set(e, "a temporary file cut short");
		if ((int64_t)ty == c->type)
			*v = double_of(b);
		else if ((int64_t)ty == c->extra)
			x = double_of(b);
	}
	*v = measure_figure(c, num_of_dbl(*v), num_of_dbl(x)).d;
	return 1;
}

/* ---- JSON ---- */

/* Source i's attribute k, or NULL. */
static const char *
src_attr(const struct prof *p, size_t i, const char *k)
{
	const struct source *s = &p->sources[i];
	size_t j;

	for (j = 0; j < s->nattrs; j++)
		if (strcmp(prof_str(p, s->attrs[j].key), k) == 0)
			return prof_str(p, s->attrs[j].value);
	return NULL;
}

enum fcol { FC_STACK, FC_TIME, FC_WEIGHT };

/* Column col of source i's samples. */
static int
thread_column(struct firefox_writer *w, const struct prof *p, size_t i,
    const struct measure_choice *c, enum fcol col, double to_weight,
    double interval, struct output *o, struct perr *e)
{
	struct fsrc *fs = &w->src[i];
	uint32_t source;
	int64_t t, st;
	size_t n;
	uint64_t k;
	double v;
	int rc;

	if (spool_seek(&w->sp, fs->off, e) < 0)
		return -1;
	out_char(o, '[');
	for (k = 0; k < fs->n;) {
		if ((rc = spooled_next(w, c, &source, &t, &n, &v, e)) <= 0)
			return rc < 0 ? -1 : perr_set(e, "a temporary file cut "
			    "short");
		if (source != i)
			continue;	/* another's, interleaved */
		if (k > 0)
			out_char(o, ',');
		switch (col) {
		case FC_STACK:
			if ((st = pw_stack(w, p, n, 0)) < 0)
				return perr_set(e, "a stack not made");
			if (st == 0)
				out_str(o, "null");
			else
				out_u64(o, (uint64_t)st - 1);
			break;
		case FC_TIME:
			/* milliseconds since meta.startTime; without times,
			 * an interval apart */
			out_dbl(o, fs->timed ? (double)(t - w->start_ns) / 1e6 :
			    (double)k * interval);
			break;
		default:
			out_dbl(o, isfinite(v * to_weight) ? v * to_weight : 0);
			break;
		}
		k++;
	}
	out_char(o, ']');
	return 0;
}

static void
thread_text(struct output *o, const char *k, const char *v)
{
	out_str(o, ",\"");
	out_str(o, k);
	out_str(o, "\":");
	pw_json_str(o, v);
}

int
firefox_write(struct firefox_writer *w, const struct prof *p,
    struct output *o, struct perr *e)
{
	struct measure_choice c;
	const char *unit, *a, *uri;
	uint32_t source;
	int64_t t;
	size_t i, n, k = 0;
	double v, to_weight = 1, ns, interval;
	int all_one = 1, rc;
	char id[24];
	const char *wtype = "samples";

	if (measure_choose(&w->m, p, w->want, NULL, &c, e) < 0)
		return -1;
	/* the tables: every sample's stack made */
	if (spool_rewind(&w->sp, e) < 0)
		return -1;
	while ((rc = spooled_next(w, &c, &source, &t, &n, &v, e)) > 0) {
		if (pw_stack(w, p, n, 1) < 0)
			return perr_nomem(e);
		all_one &= v == 1;
	}
	if (rc < 0)
		return -1;
	unit = c.unit != NULL ? c.unit : "";
	ns = strcmp(unit, "nanoseconds") == 0 ? 1 : strcmp(unit,
	    "microseconds") == 0 ? 1e3 : strcmp(unit, "milliseconds") == 0 ?
	    1e6 : strcmp(unit, "seconds") == 0 ? 1e9 : 0;
	if (ns > 0) {
		wtype = "tracing-ms";
		to_weight = ns / 1e6;
	} else if (strcmp(unit, "bytes") == 0)
		wtype = "bytes";
	interval = c.interval > 0 ? c.interval / 1e6 : 1;
	pw_write_meta(w, &c, o);
	pw_write_libs(w, p, o);
	pw_write_shared(w, p, o);
	out_str(o, ",\"threads\":[");
	for (i = 0; i < p->nsources && i < w->capsrc; i++) {
		if (!w->src[i].seen)
			continue;
		snprintf(id, sizeof(id), "%u", p->sources[i].id);
		out_str(o, k++ > 0 ? ",{\"processType\":" :
		    "{\"processType\":");
		pw_json_str(o, (a = src_attr(p, i, "firefox.process_type")) != NULL ?
		    a : "default");
		out_str(o, ",\"processStartupTime\":0,\"processShutdownTime\""
		    ":null,\"registerTime\":0,\"unregisterTime\":null,"
		    "\"pausedRanges\":[]");
		uri = p->sources[i].uri != PROF_NONE ? prof_str(p,
		    p->sources[i].uri) : "";
		thread_text(o, "name", (a = src_attr(p, i,
		    "firefox.thread_name")) != NULL ? a : uri[0] != '\0' ?
		    pw_base_name(uri) : id);
		if ((a = src_attr(p, i, "firefox.process_name")) != NULL)
			thread_text(o, "processName", a);
		out_str(o, ",\"isMainThread\":true");
		thread_text(o, "pid", (a = src_attr(p, i, "firefox.pid")) !=
		    NULL ? a : id);
		thread_text(o, "tid", (a = src_attr(p, i, "firefox.tid")) !=
		    NULL ? a : id);
		out_str(o, ",\"samples\":{\"weightType\":\"");
		out_str(o, wtype);
		out_str(o, "\",\"weight\":");
		if (all_one && strcmp(wtype, "samples") == 0)
			out_str(o, "null");
		else if (thread_column(w, p, i, &c, FC_WEIGHT, to_weight,
		    interval, o, e) < 0)
			return -1;
		out_str(o, ",\"stack\":");
		if (thread_column(w, p, i, &c, FC_STACK, to_weight, interval, o,
		    e) < 0)
			return -1;
		out_str(o, ",\"time\":");
		if (thread_column(w, p, i, &c, FC_TIME, to_weight, interval, o,
		    e) < 0)
			return -1;
		out_str(o, ",\"length\":");
		out_u64(o, w->src[i].n);
		out_str(o, "},\"markers\":{\"data\":[],\"name\":[],"
		    "\"startTime\":[],\"endTime\":[],\"phase\":[],"
		    "\"category\":[],\"length\":0}}");
	}
	out_str(o, "]}\n");
	return 0;
}
