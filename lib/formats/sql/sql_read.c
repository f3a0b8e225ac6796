/*
 * A profile database back out as a stream (sql_read.h), in three steps:
 *
 * 1. The sources selected, by id and attribute, with their time spans.
 * 2. A pass over the samples selected that gathers their sources and
 *    their distinct stacks (the frames of each, kept: memory grows with
 *    the stacks), and so the locations, functions and mappings used,
 *    which are written, renumbered, before any sample.
 * 3. The samples in id order, each with its values, labels and time from
 *    cursors over those tables in the same order, merged as they come:
 *    nothing grows with the samples.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/hash.h"
#include "formats/sql/sql_impl.h"
#include "formats/sql/sql_read.h"
#include "io/input.h"
#include "stream/stream_write.h"

struct src {
	uint32_t id, out;	/* the database's id; the stream's, 0: none */
	int keep;		/* selected by id and attributes */
	int matched;		/* keys of where it matches */
	int has_samples;	/* some sample selected */
	double timestamp;	/* NaN: NA */
	int64_t time_nanos, duration;	/* pprof's, when has_ */
	int has_time_nanos, has_duration;
};

struct stack {
	size_t off;		/* in frames */
	uint32_t n;
};

struct rd {
	struct sql_conn *c;
	const struct sql_select *sel;
	struct perr *e;
	struct src *src;
	size_t nsrc, capsrc;
	struct u64map src_ix;		/* database id -> index in src */
	int whole;			/* nothing selected */
	int sample_filter;		/* by time or label */
	char *from;			/* FROM ... WHERE ...: the samples */
	uint64_t lo, hi;		/* their least and greatest ids */
	uint64_t nsamples;
	struct u64map stack_ix;		/* stack id -> index in stacks */
	struct stack *stacks;
	size_t nstacks, capstacks;
	uint32_t *frames;		/* database location ids */
	size_t nframes, capframes;
	/* database id -> the stream's (0 while used but not numbered) */
	struct u64map loc, fn, map;
	uint32_t nloc, nfn, nmap;
	struct sw_location *locs;	/* the locations used, database ids */
	size_t nlocs, caplocs;
	int loc_ext;
	int row_order;			/* PostgreSQL's tables number rows */
	struct stream_writer w;
};

/* The SQL of fmt as a malloc'ed string; NULL: out of memory. */
static char *
sqlprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *
sqlprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || (s = malloc((size_t)n + 1)) == NULL)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

/* SQL being made: its text, or oom once memory ran out. */
struct sb {
	char *p;
	size_t n, cap;
	int oom;
};

static void
sbf(struct sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void
sbf(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->oom)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || array_grow((void **)&b->p, &b->cap, b->n + (size_t)n + 1,
	    1) < 0) {
		b->oom = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)n;
}

/* The SQL made, NULL when memory ran out (run() then says so). */
static char *
sb_take(struct sb *b)
{
	if (b->oom || b->p == NULL) {
		free(b->p);
		return NULL;
	}
	return b->p;
}

/* s as a SQL string literal ('' for each '): both databases read it so
 * (PostgreSQL with its standard_conforming_strings). */
static void
quote(struct sb *b, const char *s, size_t n)
{
	size_t i;

	sbf(b, "'");
	for (i = 0; i < n; i++)
		sbf(b, "%s%c", s[i] == '\'' ? "'" : "", s[i]);
	sbf(b, "'");
}

/* The table's columns, quoted, each after prefix: from the schema. */
static void
columns(struct sb *f, enum table_id t, const char *prefix)
{
	const struct table *tb = &schema_tables[t];
	int c;

	for (c = 0; c < tb->ncols + tb->next; c++)
		sbf(f, "%s%s\"%s\"", c ? ", " : "", prefix,
		    sql_ident(tb->cols[c].name));
}

/* The order rows of a table were added in: what keeps repeated keys,
 * labels and values in the stream's order (a PostgreSQL database of
 * before the column: the order its rows lie in, the best there is). */
static const char *
added(const struct rd *r)
{
	return r->c->d == SQL_SQLITE ? "rowid" : r->row_order ?
	    SQL_ORDER_COLUMN : "ctid";
}

/* Runs sql (freed) for its rows; NULL with e set. */
static struct sql_rows *
run(struct rd *r, char *sql)
{
	struct sql_rows *q;

	if (sql == NULL) {
		perr_nomem(r->e);
		return NULL;
	}
	q = r->c->query(r->c, sql, r->e);
	free(sql);
	return q;
}

/* The next row, its bytes counted as input (the bound on expansion). */
static int
next(struct rd *r, struct sql_rows *q, int ncols)
{
	const char *t;
	int rc = r->c->next(q, r->e), i;

	if (rc == 1)
		for (i = 0; i < ncols; i++)
			if ((t = r->c->text(q, i)) != NULL)
				input_credit(strlen(t) + 1);
	return rc;
}

static int64_t
i64(struct rd *r, struct sql_rows *q, int i)
{
	const char *t = r->c->text(q, i);

	return t != NULL ? strtoll(t, NULL, 10) : 0;
}

static int
lgl(struct rd *r, struct sql_rows *q, int i)
{
	const char *t = r->c->text(q, i);

	/* SQLite's 1 and 0, PostgreSQL's t and f */
	return t != NULL && (t[0] == '1' || t[0] == 't');
}

static struct text
chr(struct rd *r, struct sql_rows *q, int i)
{
	return text_of(r->c->text(q, i));
}

/* The database holds tsv2sql's tables, of this layout. */
static int
check_layout(struct rd *r)
{
	struct sql_rows *q;
	int stacks = 0, sources = 0, old = 0, rc;
	const char *name;

	q = run(r, sqlprintf(r->c->d == SQL_SQLITE ?
	    "SELECT name, type = 'table' FROM sqlite_master WHERE type IN "
	    "('table', 'view')" :
	    "SELECT table_name, table_type = 'BASE TABLE' FROM "
	    "information_schema.tables WHERE table_schema = "
	    "current_schema()"));
	if (q == NULL)
		return -1;
	while ((rc = r->c->next(q, r->e)) == 1) {
		name = r->c->text(q, 0);
		if (name == NULL)
			continue;
		if (strcmp(name, "sources") == 0)
			sources = 1;
		else if (strcmp(name, sql_table_of(SQ_SAMPLE_STACKS).name) == 0)
			stacks = 1;
		else if (strcmp(name, "sample_locations") == 0 && lgl(r, q, 1))
			old = 1;
	}
	r->c->done(q);
	if (rc < 0)
		return -1;
	if (old)
		return perr_set(r->e, "%s: a database of tsv2sql 0.9's layout "
		    "(samples and sample_locations as tables), which sql2tsv "
		    "does not read: load its profiles again into a new one",
		    r->c->name);
	if (!sources || !stacks)
		return perr_set(r->e, "%s: not a profile database of tsv2sql "
		    "(it has no %s table)", r->c->name, !sources ? "sources" :
		    sql_table_of(SQ_SAMPLE_STACKS).name);
	if (r->c->d != SQL_POSTGRESQL)
		return 0;
	if ((q = run(r, sqlprintf("SELECT 1 FROM information_schema.columns "
	    "WHERE table_schema = current_schema() AND table_name = '%s' AND "
	    "column_name = '%s'", sql_table_of(SQ_SAMPLE_VALUES).name,
	    SQL_ORDER_COLUMN))) == NULL)
		return -1;
	rc = r->c->next(q, r->e);
	r->c->done(q);
	r->row_order = rc == 1;
	return rc < 0 ? -1 : 0;
}

static struct src *
src_of(struct rd *r, int64_t id)
{
	uint32_t *ix = id > 0 && id <= UINT32_MAX ?
	    u64map_get(&r->src_ix, (uint64_t)id) : NULL;

	return ix != NULL ? &r->src[*ix] : NULL;
}

/* The keys of source attributes (or of labels) there are, for a
 * message. */
static int
no_such_key(struct rd *r, const char *key, size_t n, int label)
{
	struct sql_rows *q;
	char keys[600] = "";
	size_t len = 0;
	const char *k;
	int rc;

	if ((q = run(r, sqlprintf("SELECT DISTINCT key FROM %s ORDER BY key",
	    label ? sql_table_of(SQ_SAMPLE_LABELS).name :
	    "source_attributes"))) == NULL)
		return -1;
	while ((rc = r->c->next(q, r->e)) == 1 && len < sizeof(keys) - 8) {
		k = r->c->text(q, 0);
		len += (size_t)snprintf(keys + len, sizeof(keys) - len, "%s%s",
		    len ? ", " : "", k != NULL ? k : "");
	}
	r->c->done(q);
	if (rc < 0)
		return -1;
	if (len >= sizeof(keys) - 8)
		snprintf(keys + sizeof(keys) - 8, 8, ", ...");
	return perr_set(r->e, "%s: no %s has %s %.*s (the keys there are: %s)",
	    r->c->name, label ? "sample" : "source", label ? "a label" :
	    "an attribute", (int)n, key, len ? keys : "none");
}

/* Marks the sources whose attribute key is one of the values of the
 * where terms i.. with that key. */
static int
match_key(struct rd *r, size_t i)
{
	const struct sql_select *s = r->sel;
	const char *key = s->where[i], *eq = strchr(key, '=');
	size_t n = (size_t)(eq - key), j;
	struct sql_rows *q;
	struct src *sr;
	struct sb b = { 0 }, *f = &b;
	int rc, found = 0;

	sbf(f, "SELECT DISTINCT source_id, value IN (");
	for (j = i; j < s->nwhere; j++)
		if (strncmp(s->where[j], key, n + 1) == 0) {
			sbf(f, "%s", j > i ? ", " : "");
			quote(f, s->where[j] + n + 1, strlen(s->where[j] + n +
			    1));
		}
	sbf(f, ") FROM source_attributes WHERE key = ");
	quote(f, key, n);
	if ((q = run(r, sb_take(f))) == NULL)
		return -1;
	while ((rc = r->c->next(q, r->e)) == 1) {
		found = 1;
		if (lgl(r, q, 1) && (sr = src_of(r, i64(r, q, 0))) != NULL &&
		    sr->matched == (int)i)
			sr->matched = (int)i + 1;
	}
	r->c->done(q);
	if (rc < 0)
		return -1;
	return found ? 0 : no_such_key(r, key, n, 0);
}

/* Step 1: the sources, which are kept, and their spans. */
static int
select_sources(struct rd *r)
{
	const struct sql_select *s = r->sel;
	struct sql_rows *q;
	struct src *sr;
	size_t i, j, kept = 0;
	int64_t id, v;
	const char *t;
	int rc, dup, step;

	if ((q = run(r, sqlprintf("SELECT source_id, source_timestamp FROM "
	    "sources ORDER BY source_id"))) == NULL)
		return -1;
	while ((rc = next(r, q, 2)) == 1) {
		id = i64(r, q, 0);
		if (id <= 0 || id > INT32_MAX || ARRAY_ROOM(r->src, r->nsrc,
		    r->capsrc) < 0 || u64map_put(&r->src_ix, (uint64_t)id,
		    (uint32_t)r->nsrc, NULL) == NULL) {
			rc = id <= 0 || id > INT32_MAX ? perr_set(r->e,
			    "%s: a source id %" PRId64 " out of range",
			    r->c->name, id) : perr_nomem(r->e);
			break;
		}
		sr = &r->src[r->nsrc++];
		memset(sr, 0, sizeof(*sr));
		sr->id = (uint32_t)id;
		sr->keep = s->nids == 0;
		t = r->c->text(q, 1);
		sr->timestamp = t != NULL ? strtod(t, NULL) : NAN;
	}
	r->c->done(q);
	if (rc < 0)
		return -1;
	for (i = 0; i < s->nids; i++) {
		if ((sr = src_of(r, s->ids[i])) == NULL)
			return perr_set(r->e, "%s: no source %" PRIu32 " (%zu "
			    "source%s, ids %" PRIu32 " to %" PRIu32 ")",
			    r->c->name, s->ids[i], r->nsrc, r->nsrc == 1 ? "" :
			    "s", r->nsrc ?
			    r->src[0].id : 0, r->nsrc ? r->src[r->nsrc - 1].id :
			    0);
		sr->keep = 1;
	}
	/* where: each key once, matched by one query; a source keeps the
	 * count of keys it matched in turn */
	for (i = 0, step = 0; i < s->nwhere; i++) {
		for (j = 0, dup = 0; j < i && !dup; j++)
			dup = strncmp(s->where[j], s->where[i],
			    (size_t)(strchr(s->where[i], '=') - s->where[i]) +
			    1) == 0;
		if (dup)
			continue;
		for (j = 0; j < r->nsrc; j++)
			if (r->src[j].matched == step)
				r->src[j].matched = (int)i;
		if (match_key(r, i) < 0)
			return -1;
		for (j = 0; j < r->nsrc; j++)
			r->src[j].matched = r->src[j].matched == (int)i + 1 ?
			    step + 1 : -1;
		step++;
	}
	for (j = 0; j < r->nsrc; j++)
		if (s->nwhere > 0 && r->src[j].matched != step)
			r->src[j].keep = 0;
	/* spans: pprof's nanoseconds where they are, for the duration */
	if (when_window_set(&s->window)) {
		if ((q = run(r, sqlprintf("SELECT source_id, key, value FROM "
		    "source_attributes WHERE key IN ('%s', '%s')",
		    ATTR_PPROF_TIME, ATTR_PPROF_DURATION))) == NULL)
			return -1;
		while ((rc = next(r, q, 3)) == 1) {
			if ((sr = src_of(r, i64(r, q, 0))) == NULL ||
			    when_i64(r->c->text(q, 2), &v) < 0)
				continue;
			if (strcmp(r->c->text(q, 1), ATTR_PPROF_TIME) == 0) {
				sr->time_nanos = v;
				sr->has_time_nanos = 1;
			} else {
				sr->duration = v;
				sr->has_duration = 1;
			}
		}
		r->c->done(q);
		if (rc < 0)
			return -1;
	}
	for (j = 0; j < r->nsrc; j++)
		kept += r->src[j].keep;
	if (kept == 0)
		return perr_set(r->e, "%s: no source matches the selection "
		    "(%zu source%s)", r->c->name, r->nsrc, r->nsrc == 1 ? "" :
		    "s");
	r->whole = kept == r->nsrc && !r->sample_filter;
	return 0;
}

/* Whether a source's span meets the window. */
static int
span_meets(const struct sql_select *s, const struct src *sr)
{
	int64_t start, end;

	return when_source_span(sr->timestamp, sr->has_time_nanos ?
	    &sr->time_nanos : NULL, sr->has_duration ? &sr->duration : NULL,
	    &start, &end) && when_span_meets(&s->window, start, end);
}

/* Whether some sample has a label of the key, or the message. */
static int
label_key(struct rd *r, const char *key, size_t n)
{
	struct sql_rows *q;
	struct sb b = { 0 }, *f = &b;
	int rc;

	sbf(f, "SELECT 1 FROM %s WHERE key = ",
	    sql_table_of(SQ_SAMPLE_LABELS).name);
	quote(f, key, n);
	sbf(f, " LIMIT 1");
	if ((q = run(r, sb_take(f))) == NULL)
		return -1;
	rc = r->c->next(q, r->e);
	r->c->done(q);
	if (rc < 0)
		return -1;
	return rc == 1 ? 0 : no_such_key(r, key, n, 1);
}

/* The samples selected: FROM ... WHERE ... over sample_stacks s (and
 * sample_times t, for a window), into r->from. */
static int
samples_from(struct rd *r)
{
	const struct sql_select *s = r->sel;
	size_t i, j, n, kept = 0;
	struct sb b = { 0 }, *f = &b;
	int any = 0;

	sbf(f, "FROM %s s", sql_table_of(SQ_SAMPLE_STACKS).name);
	if (when_window_set(&s->window))
		sbf(f, " LEFT JOIN %s t ON t.sample_id = s.sample_id",
		    sql_table_of(SQ_SAMPLE_TIMES).name);
	sbf(f, " WHERE 1 = 1");
	for (i = 0; i < r->nsrc; i++)
		kept += r->src[i].keep;
	if (kept < r->nsrc) {
		sbf(f, " AND s.source_id IN (");
		for (i = 0; i < r->nsrc; i++)
			if (r->src[i].keep)
				sbf(f, "%s%" PRIu32, any++ ? ", " : "",
				    r->src[i].id);
		sbf(f, ")");
	}
	if (when_window_set(&s->window)) {
		sbf(f, " AND (t.sample_id IS NOT NULL");
		if (s->window.has_from)
			sbf(f, " AND t.time_unix_nano >= %" PRId64,
			    s->window.from);
		if (s->window.has_to)
			sbf(f, " AND t.time_unix_nano < %" PRId64,
			    s->window.to);
		sbf(f, " OR t.sample_id IS NULL AND s.source_id IN (0");
		for (i = 0; i < r->nsrc; i++)
			if (r->src[i].keep && span_meets(s, &r->src[i]))
				sbf(f, ", %" PRIu32, r->src[i].id);
		sbf(f, "))");
	}
	/* labels: each key once, any of its values, as a string or a
	 * number */
	for (i = 0; i < s->nlabels; i++) {
		n = (size_t)(strchr(s->labels[i], '=') - s->labels[i]);
		for (j = 0; j < i; j++)
			if (strncmp(s->labels[j], s->labels[i], n + 1) == 0)
				break;
		if (j < i)
			continue;
		if (label_key(r, s->labels[i], n) < 0) {
			free(b.p);
			return -1;
		}
		sbf(f, " AND EXISTS (SELECT 1 FROM %s l WHERE l.sample_id "
		    "= s.sample_id AND l.key = ", sql_table_of(SQ_SAMPLE_LABELS)
		    .name);
		quote(f, s->labels[i], n);
		sbf(f, " AND (l.str IN (");
		for (j = i; j < s->nlabels; j++)
			if (strncmp(s->labels[j], s->labels[i], n + 1) == 0) {
				sbf(f, "%s", j > i ? ", " : "");
				quote(f, s->labels[j] + n + 1,
				    strlen(s->labels[j] + n + 1));
			}
		sbf(f, ") OR CAST(l.num AS TEXT) IN (");
		for (j = i; j < s->nlabels; j++)
			if (strncmp(s->labels[j], s->labels[i], n + 1) == 0) {
				sbf(f, "%s", j > i ? ", " : "");
				quote(f, s->labels[j] + n + 1,
				    strlen(s->labels[j] + n + 1));
			}
		sbf(f, ")))");
	}
	return (r->from = sb_take(f)) != NULL ? 0 : perr_nomem(r->e);
}

/* Marks location id used (numbered later); -1: out of memory. */
static int
use(struct u64map *m, int64_t id)
{
	return id > 0 && u64map_put(m, (uint64_t)id, 0, NULL) == NULL ? -1 : 0;
}

/* Step 2: the selected samples' sources, id range and stacks. */
static int
gather(struct rd *r)
{
	struct sql_rows *q;
	struct src *sr;
	struct stack *st;
	const char *t;
	char *end;
	int64_t id, lo, hi;
	unsigned long v;
	int rc;

	if ((q = run(r, sqlprintf("SELECT s.source_id, COUNT(*), "
	    "MIN(s.sample_id), MAX(s.sample_id) %s GROUP BY s.source_id",
	    r->from))) == NULL)
		return -1;
	r->lo = UINT64_MAX;
	while ((rc = next(r, q, 4)) == 1) {
		if ((sr = src_of(r, i64(r, q, 0))) == NULL)
			continue;
		sr->has_samples = 1;
		r->nsamples += (uint64_t)i64(r, q, 1);
		lo = i64(r, q, 2);
		hi = i64(r, q, 3);
		if (lo > 0 && (uint64_t)lo < r->lo)
			r->lo = (uint64_t)lo;
		if (hi > 0 && (uint64_t)hi > r->hi)
			r->hi = (uint64_t)hi;
	}
	r->c->done(q);
	if (rc < 0)
		return -1;
	if (r->nsamples == 0 && r->sample_filter)
		return perr_set(r->e, "%s: no sample matches the selection",
		    r->c->name);
	if ((q = run(r, sqlprintf("SELECT stack_id, frames FROM %s WHERE "
	    "stack_id IN (SELECT s.stack_id %s)", sql_table_of(SQ_STACKS).name,
	    r->from))) == NULL)
		return -1;
	while ((rc = next(r, q, 2)) == 1) {
		id = i64(r, q, 0);
		t = r->c->text(q, 1);
		if (id <= 0 || t == NULL ||
		    ARRAY_ROOM(r->stacks, r->nstacks, r->capstacks) < 0 ||
		    u64map_put(&r->stack_ix, (uint64_t)id,
		    (uint32_t)r->nstacks, NULL) == NULL) {
			rc = id <= 0 || t == NULL ? perr_set(r->e, "%s: a stack "
			    "without an id or frames", r->c->name) :
			    perr_nomem(r->e);
			break;
		}
		st = &r->stacks[r->nstacks++];
		st->off = r->nframes;
		st->n = 0;
		/* "12,5,3": location ids, leaf first */
		while (*t != '\0') {
			errno = 0;
			v = strtoul(t, &end, 10);
			if (end == t || errno != 0 || v == 0 || v > INT32_MAX ||
			    (*end != ',' && *end != '\0')) {
				rc = perr_set(r->e, "%s: stack %" PRId64 " has "
				    "frames that are not location ids",
				    r->c->name, id);
				break;
			}
			if (ARRAY_ROOM(r->frames, r->nframes, r->capframes) <
			    0 || use(&r->loc, (int64_t)v) < 0) {
				rc = perr_nomem(r->e);
				break;
			}
			r->frames[r->nframes++] = (uint32_t)v;
			st->n++;
			t = *end == ',' ? end + 1 : end;
		}
		if (rc < 0)
			break;
	}
	r->c->done(q);
	return rc < 0 ? -1 : 0;
}

/* The stream's id of a used row, numbered in order; 0: not used. */
static uint32_t
number(struct u64map *m, int64_t id, uint32_t *n)
{
	uint32_t *v = id > 0 ? u64map_get(m, (uint64_t)id) : NULL;

	if (v == NULL)
		return 0;
	if (*v == 0)
		*v = ++*n;
	return *v;
}

/* The sources written, each with its attributes. */
static int
write_sources(struct rd *r)
{
	struct sql_rows *q;
	struct src *sr;
	uint32_t n = 0;
	int rc;
	char *sql;

	sql = sqlprintf("SELECT source_id, source_type, source_uri, "
	    "source_timestamp FROM sources ORDER BY source_id");
	if ((q = run(r, sql)) == NULL)
		return -1;
	while ((rc = next(r, q, 4)) == 1) {
		if ((sr = src_of(r, i64(r, q, 0))) == NULL || !sr->keep ||
		    (r->sample_filter && !sr->has_samples))
			continue;
		sr->out = ++n;
		sw_source(&r->w, sr->out, chr(r, q, 1), chr(r, q, 2),
		    sr->timestamp);
	}
	r->c->done(q);
	if (rc < 0)
		return -1;
	if ((q = run(r, sqlprintf("SELECT source_id, key, value FROM "
	    "source_attributes ORDER BY source_id, %s", added(r)))) == NULL)
		return -1;
	while ((rc = next(r, q, 3)) == 1)
		if ((sr = src_of(r, i64(r, q, 0))) != NULL && sr->out != 0)
			sw_source_attr(&r->w, sr->out, chr(r, q, 1),
			    chr(r, q, 2));
	r->c->done(q);
	return rc < 0 ? -1 : 0;
}

/* The locations used (all, read whole), marking their functions and
 * mappings used. */
static int
read_locations(struct rd *r)
{
	struct sql_rows *q;
	struct sw_location *l;
	struct sb b = { 0 }, *f = &b;
	char *end;
	const char *t;
	int rc;

	sbf(f, "SELECT ");
	columns(f, T_LOCATIONS, "");
	sbf(f, " FROM locations ORDER BY location_id");
	if ((q = run(r, sb_take(f))) == NULL)
		return -1;
	while ((rc = next(r, q, LOC_COLUMN + 1)) == 1) {
		if (!r->whole && u64map_get(&r->loc,
		    (uint64_t)i64(r, q, LOC_ID)) == NULL)
			continue;
		if (ARRAY_ROOM(r->locs, r->nlocs, r->caplocs) < 0 ||
		    (r->whole && use(&r->loc, i64(r, q, LOC_ID)) < 0)) {
			rc = perr_nomem(r->e);
			break;
		}
		l = &r->locs[r->nlocs++];
		memset(l, 0, sizeof(*l));
		l->id = (uint32_t)i64(r, q, LOC_ID);
		l->function_id = (uint32_t)i64(r, q, LOC_FUNCTION);
		l->line = i64(r, q, LOC_LINE);
		l->line_na = r->c->text(q, LOC_LINE) == NULL;
		t = r->c->text(q, LOC_ADDRESS);
		l->address_na = t == NULL;
		l->address = t != NULL ? strtoull(t, &end, 16) : 0;
		l->mapping_id = (uint32_t)i64(r, q, LOC_MAPPING);
		l->is_folded = lgl(r, q, LOC_IS_FOLDED);
		l->inlined = lgl(r, q, LOC_INLINED);
		l->column = i64(r, q, LOC_COLUMN);
		if (!l->address_na || l->mapping_id || l->is_folded ||
		    l->inlined || l->column)
			r->loc_ext = 1;
		if (use(&r->fn, l->function_id) < 0 ||
		    use(&r->map, l->mapping_id) < 0) {
			rc = perr_nomem(r->e);
			break;
		}
	}
	r->c->done(q);
	return rc < 0 ? -1 : 0;
}

/* The mappings and functions used (all, read whole), numbered. */
static int
write_definitions(struct rd *r)
{
	struct sql_rows *q;
	struct sw_mapping m;
	int rc;

	if ((q = run(r, sqlprintf("SELECT mapping_id, memory_start, "
	    "memory_limit, file_offset, filename, build_id, has_functions, "
	    "has_filenames, has_line_numbers, has_inline_frames FROM mappings "
	    "ORDER BY mapping_id"))) == NULL)
		return -1;
	while ((rc = next(r, q, MAP_HAS_INLINE_FRAMES + 1)) == 1) {
		if (r->whole && use(&r->map, i64(r, q, MAP_ID)) < 0) {
			rc = perr_nomem(r->e);
			break;
		}
		if ((m.id = number(&r->map, i64(r, q, MAP_ID), &r->nmap)) == 0)
			continue;
		m.start = strtoull(r->c->text(q, MAP_START), NULL, 16);
		m.limit = strtoull(r->c->text(q, MAP_LIMIT), NULL, 16);
		m.offset = strtoull(r->c->text(q, MAP_OFFSET), NULL, 16);
		m.filename = chr(r, q, MAP_FILENAME);
		m.build_id = chr(r, q, MAP_BUILD_ID);
		m.has_functions = lgl(r, q, MAP_HAS_FUNCTIONS);
		m.has_filenames = lgl(r, q, MAP_HAS_FILENAMES);
		m.has_line_numbers = lgl(r, q, MAP_HAS_LINE_NUMBERS);
		m.has_inline_frames = lgl(r, q, MAP_HAS_INLINE_FRAMES);
		sw_mapping(&r->w, &m);
	}
	r->c->done(q);
	if (rc < 0)
		return -1;
	if ((q = run(r, sqlprintf("SELECT function_id, name, system_name, "
	    "filename, start_line FROM functions ORDER BY function_id"))) ==
	    NULL)
		return -1;
	while ((rc = next(r, q, FN_START_LINE + 1)) == 1) {
		uint32_t id;

		if (r->whole && use(&r->fn, i64(r, q, FN_ID)) < 0) {
			rc = perr_nomem(r->e);
			break;
		}
		if ((id = number(&r->fn, i64(r, q, FN_ID), &r->nfn)) == 0)
			continue;
		sw_function(&r->w, id, chr(r, q, FN_NAME),
		    chr(r, q, FN_SYSNAME), chr(r, q, FN_FILENAME),
		    i64(r, q, FN_START_LINE));
	}
	r->c->done(q);
	return rc < 0 ? -1 : 0;
}

/* The locations, in the stream's ids, and their attributes. */
static int
write_locations(struct rd *r)
{
	struct sql_rows *q;
	struct sw_location l;
	size_t i;
	uint32_t id;
	int rc;

	for (i = 0; i < r->nlocs; i++) {
		l = r->locs[i];
		l.id = number(&r->loc, l.id, &r->nloc);
		l.function_id = l.function_id ? *u64map_get(&r->fn,
		    l.function_id) : 0;
		l.mapping_id = l.mapping_id ? *u64map_get(&r->map,
		    l.mapping_id) : 0;
		sw_location(&r->w, &l);
	}
	if ((q = run(r, sqlprintf("SELECT location_id, key, value FROM %s "
	    "ORDER BY location_id, %s", sql_table_of(SQ_LOCATION_ATTRIBUTES)
	    .name, added(r)))) == NULL)
		return -1;
	while ((rc = next(r, q, 3)) == 1) {
		uint32_t *v = u64map_get(&r->loc, (uint64_t)i64(r, q, 0));

		if (v != NULL && (id = *v) != 0)
			sw_location_attr(&r->w, id, chr(r, q, 1),
			    chr(r, q, 2));
	}
	r->c->done(q);
	return rc < 0 ? -1 : 0;
}

/* A cursor over a per-sample table in sample order, merged with the
 * samples: its row at hand, or none left. */
struct side {
	struct sql_rows *q;
	int ncols, has;
	int64_t id;
};

static int
side_open(struct rd *r, struct side *sd, enum sql_table t, const char *cols,
    int ncols)
{
	/* a sample's rows in the order added; its time is one row */
	int ordered = t != SQ_SAMPLE_TIMES;

	sd->ncols = ncols;
	sd->q = run(r, sqlprintf("SELECT sample_id, %s FROM %s WHERE "
	    "sample_id BETWEEN %" PRIu64 " AND %" PRIu64 " ORDER BY sample_id"
	    "%s%s", cols, sql_table_of(t).name, r->lo, r->hi, ordered ? ", " :
	    "", ordered ? added(r) : ""));
	if (sd->q == NULL)
		return -1;
	return 0;
}

/* Moves sd to its first row of sample id or past it: 1 at a row of it. */
static int
side_at(struct rd *r, struct side *sd, int64_t id)
{
	int rc;

	for (;;) {
		if (sd->has && sd->id >= id)
			return sd->id == id;
		if (sd->has < 0)
			return 0;
		if ((rc = next(r, sd->q, sd->ncols)) < 0)
			return -1;
		if (rc == 0) {
			sd->has = -1;
			return 0;
		}
		sd->has = 1;
		sd->id = i64(r, sd->q, 0);
	}
}

/* The row is taken: the next one is read when asked for. */
static void
side_take(struct side *sd)
{
	sd->has = 0;
}

/* Step 3: the samples, each with its values, stack, labels, time. */
static int
write_samples(struct rd *r)
{
	struct side sv = { 0 }, sl = { 0 }, stm = { 0 };
	struct sql_rows *q = NULL;
	struct stream_id sid;
	struct sw_stack stk;
	struct sw_label lb;
	struct stack *st;
	struct src *sr;
	uint32_t n = 0, i, *ix;
	int64_t id, vt;
	int rc = 0, at;

	if (r->nsamples == 0)
		return 0;
	if ((q = run(r, sqlprintf("SELECT s.sample_id, s.source_id, "
	    "s.stack_id %s ORDER BY s.sample_id", r->from))) == NULL ||
	    side_open(r, &sv, SQ_SAMPLE_VALUES, "type, unit, value", 4) < 0 ||
	    side_open(r, &sl, SQ_SAMPLE_LABELS, "key, str, num, num_unit", 5)
	    < 0 || side_open(r, &stm, SQ_SAMPLE_TIMES, "time_unix_nano", 2) <
	    0) {
		rc = -1;
		goto done;
	}
	while ((rc = next(r, q, 3)) == 1) {
		id = i64(r, q, 0);
		if ((sr = src_of(r, i64(r, q, 1))) == NULL || sr->out == 0 ||
		    (ix = u64map_get(&r->stack_ix, (uint64_t)i64(r, q, 2))) ==
		    NULL) {
			rc = perr_set(r->e, "%s: sample %" PRId64 " of no source "
			    "or stack", r->c->name, id);
			break;
		}
		stream_id_set(&sid, ++n);
		sw_sample(&r->w, &sid, sr->out);
		while ((at = side_at(r, &sv, id)) == 1) {
			vt = sw_value_type(&r->w, chr(r, sv.q, 1),
			    chr(r, sv.q, 2));
			if (vt < 0) {
				at = perr_nomem(r->e);
				break;
			}
			sw_sample_value(&r->w, &sid, (uint32_t)vt,
			    r->c->num(sv.q, 3));
			side_take(&sv);
		}
		if (at < 0) {
			rc = -1;
			break;
		}
		st = &r->stacks[*ix];
		sw_stack_begin(&r->w, &stk, &sid);
		for (i = 0; i < st->n; i++)
			sw_stack_frame_n(&r->w, &stk, *u64map_get(&r->loc,
			    r->frames[st->off + i]));
		while ((at = side_at(r, &sl, id)) == 1) {
			lb.key = chr(r, sl.q, 1);
			lb.str = chr(r, sl.q, 2);
			lb.num = i64(r, sl.q, 3);
			lb.num_unit = chr(r, sl.q, 4);
			sw_sample_label(&r->w, &sid, &lb);
			side_take(&sl);
		}
		if (at == 0 && (at = side_at(r, &stm, id)) == 1) {
			sw_sample_time(&r->w, &sid, i64(r, stm.q, 1));
			side_take(&stm);
		}
		if (at < 0 || r->w.o->err != 0) {
			rc = -1;
			if (r->w.o->err != 0 && r->w.o->why != NULL)
				perr_set(r->e, "%s", r->w.o->why);
			break;
		}
	}
done:
	if (q != NULL)
		r->c->done(q);
	r->c->done(sv.q);
	r->c->done(sl.q);
	r->c->done(stm.q);
	return rc < 0 ? -1 : 0;
}

int
sql_read(struct sql_conn *c, const struct sql_select *s, struct output *o,
    struct perr *e)
{
	struct rd r = { 0 };
	int rc = -1;

	r.c = c;
	r.sel = s;
	r.e = e;
	r.sample_filter = when_window_set(&s->window) || s->nlabels > 0;
	if (check_layout(&r) < 0 || select_sources(&r) < 0 ||
	    samples_from(&r) < 0 || gather(&r) < 0 || read_locations(&r) < 0)
		goto done;
	/* as tsvcombine's: the headers of the extensions it always has;
	 * pprof's columns of locations where a location uses them */
	sw_begin(&r.w, o, V20, SCHEMA_EXTENSIONS, r.loc_ext);
	rc = write_sources(&r) < 0 || write_definitions(&r) < 0 ||
	    write_locations(&r) < 0 || write_samples(&r) < 0 ? -1 : 0;
	sw_free(&r.w);
done:
	free(r.from);
	free(r.src);
	free(r.stacks);
	free(r.frames);
	free(r.locs);
	u64map_free(&r.src_ix);
	u64map_free(&r.stack_ix);
	u64map_free(&r.loc);
	u64map_free(&r.fn);
	u64map_free(&r.map);
	return rc;
}
