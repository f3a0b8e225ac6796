/*
 * Which sources and samples a selection holds (sql_read_impl.h): the
 * sources by id, attribute and span; the samples as FROM ... WHERE ...
 * by source, time and label; then one pass over them for their sources,
 * ids and distinct stacks.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/sql/sql_read_impl.h"
#include "io/input.h"

/* Whether table t (of the previous layout: its first columns only) has
 * every column tsv2sql gives it; -1 with r->e set. */
static int
has_columns(struct rd *r, enum sql_table t, int previous)
{
	struct sql_table_def d = sql_table_of(t);
	struct sb b = { 0 }, *f = &b;
	struct sql_rows *q;
	unsigned char seen[64] = { 0 };
	const char *name;
	int c, n = previous && t == SQ_SAMPLE_STACKS ? SST_KIND : d.ncols;
	int rc;

	if (r->c->d == SQL_SQLITE)
		rd_sbf(f, "SELECT name FROM pragma_table_info(");
	else
		rd_sbf(f, "SELECT column_name FROM information_schema.columns "
		    "WHERE table_schema = current_schema() AND table_name = (");
	rd_param(f, d.name, strlen(d.name));
	rd_sbf(f, ")");
	q = rd_run_p(r, rd_sb_take(f), &b.pa);
	sql_params_free(&b.pa);
	if (q == NULL)
		return -1;
	while ((rc = r->c->next(q, r->e)) == 1)
		if ((name = r->c->text(q, 0)) != NULL)
			for (c = 0; c < n && c < (int)sizeof(seen); c++)
				if (strcmp(name, sql_ident(d.cols[c].name)) == 0)
					seen[c] = 1;
	r->c->done(q);
	if (rc < 0)
		return -1;
	for (c = 0; c < n && c < (int)sizeof(seen); c++)
		if (!seen[c])
			return perr_set(r->e, "%s: not a profile database of "
			    "tsv2sql: its table %s has no column %s",
			    r->c->name, d.name, sql_ident(d.cols[c].name));
	return 0;
}

/* The database holds tsv2sql's tables, of this layout: each a table
 * (not a view: a file from elsewhere could make one that never ends)
 * with tsv2sql's columns, before any is read. */
int
rd_check_layout(struct rd *r)
{
	struct sql_rows *q;
	int stacks = 0, sources = 0, old = 0, kinds = 0, values = 0, rc;
	int present[SQ_COUNT] = { 0 };
	enum sql_table t;
	const char *name;

	q = rd_run(r, rd_sqlprintf(r->c->d == SQL_SQLITE ?
	    "SELECT name, type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%%' "
	    "FROM sqlite_master WHERE type IN ('table', 'view')" :
	    "SELECT table_name, table_type IN ('BASE TABLE', 'FOREIGN') FROM "
	    "information_schema.tables WHERE table_schema = "
	    "current_schema()"));
	if (q == NULL)
		return -1;
	while ((rc = r->c->next(q, r->e)) == 1) {
		name = r->c->text(q, 0);
		if (name == NULL)
			continue;
		for (t = 0; t < SQ_COUNT; t++)
			if (strcmp(name, sql_table_of(t).name) == 0)
				present[t] = rd_lgl(r, q, 1) ? 1 : -1;
		if (strcmp(name, "sources") == 0)
			sources = 1;
		else if (strcmp(name, sql_table_of(SQ_SAMPLE_STACKS).name) == 0)
			stacks = 1;
		else if (strcmp(name, "sample_locations") == 0 && rd_lgl(r, q, 1))
			old = 1;
		else if (strcmp(name, sql_table_of(SQ_VALUE_KINDS).name) == 0)
			kinds = 1;
		else if (strcmp(name, "sample_values") == 0 && rd_lgl(r, q, 1))
			values = 1;
	}
	r->c->done(q);
	if (rc < 0)
		return -1;
	if (old)
		return perr_set(r->e, "%s: a database of tsv2sql 0.9's layout "
		    "(samples and sample_locations as tables), which sql2tsv "
		    "does not read: load its profiles again into a new one",
		    r->c->name);
	if (!sources || !stacks || (!kinds && !values))
		return perr_set(r->e, "%s: not a profile database of tsv2sql "
		    "(it has no %s table)", r->c->name, !sources ? "sources" :
		    !stacks ? sql_table_of(SQ_SAMPLE_STACKS).name :
		    sql_table_of(SQ_VALUE_KINDS).name);
	for (t = 0; t < SQ_COUNT; t++) {
		if (present[t] < 0)
			return perr_set(r->e, "%s: not a profile database of "
			    "tsv2sql: %s is not a table (a view?)", r->c->name,
			    sql_table_of(t).name);
		if (present[t] > 0 && has_columns(r, t, !kinds) < 0)
			return -1;
	}
	/* the layout before packed samples: a row per value */
	r->packed = r->row_order = kinds;
	if (r->packed || r->c->d != SQL_POSTGRESQL)
		return 0;
	if ((q = rd_run(r, rd_sqlprintf("SELECT 1 FROM information_schema.columns "
	    "WHERE table_schema = current_schema() AND table_name = "
	    "'sample_values' AND column_name = '%s'", SQL_ORDER_COLUMN))) ==
	    NULL)
		return -1;
	rc = r->c->next(q, r->e);
	r->c->done(q);
	r->row_order = rc == 1;
	return rc < 0 ? -1 : 0;
}


/* No sample has a label of the key (n bytes): the message, with the
 * keys there are. */
static int
no_such_key(struct rd *r, const char *key, size_t n)
{
	struct sql_rows *q;
	char keys[600] = "";
	size_t len = 0;
	const char *k;
	int rc;

	if ((q = rd_run(r, rd_sqlprintf("SELECT DISTINCT key FROM %s ORDER BY key",
	    sql_table_of(SQ_SAMPLE_LABELS).name))) == NULL)
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
	return perr_set(r->e, "%s: no sample has a label %.*s (the keys "
	    "there are: %s)", r->c->name, (int)n, key, len ? keys : "none");
}

/* The values of the terms i.. (key=value) whose key is term i's (n
 * bytes), as parameters separated by commas: an SQL list. */
static void
values_of(struct sb *f, char *const *terms, size_t nterms, size_t i,
    size_t n)
{
	size_t j;

	for (j = i; j < nterms; j++)
		if (strncmp(terms[j], terms[i], n + 1) == 0) {
			rd_sbf(f, "%s", j > i ? ", " : "");
			rd_param(f, terms[j] + n + 1, strlen(terms[j] + n + 1));
		}
}

/* Step 1: the sources and their attributes, held whole (two cursors in
 * source order), and which the selection keeps (sql_sources.c). */
int
rd_select_sources(struct rd *r)
{
	struct sql_rows *q, *qa;
	int64_t id, aid = 0;
	const char *t;
	int rc, ra = 1;

	r->src.name = r->c->name;
	if ((q = rd_run(r, rd_sqlprintf("SELECT source_id, source_type, "
	    "source_uri, source_timestamp FROM sources ORDER BY source_id"))) ==
	    NULL)
		return -1;
	if ((qa = rd_run(r, rd_sqlprintf("SELECT source_id, key, value FROM "
	    "source_attributes ORDER BY source_id, %s", rd_added(r)))) ==
	    NULL) {
		r->c->done(q);
		return -1;
	}
	while ((rc = rd_next(r, q, 4)) == 1) {
		id = rd_i64(r, q, 0);
		if (id <= 0 || id > INT32_MAX) {
			rc = perr_set(r->e, "%s: a source id %" PRId64 " out of "
			    "range", r->c->name, id);
			break;
		}
		t = r->c->text(q, 3);
		if (sql_sources_add(&r->src, (uint64_t)id, (uint32_t)id,
		    r->c->text(q, 1), r->c->text(q, 2), t != NULL ?
		    strtod(t, NULL) : NAN, r->e) < 0) {
			rc = -1;
			break;
		}
		/* its attributes; those of no source before it pass */
		while (ra == 1 && (aid <= id)) {
			if (aid == id && sql_sources_attr(&r->src,
			    r->c->text(qa, 1), r->c->text(qa, 2), r->e) < 0) {
				ra = -1;
				break;
			}
			if ((ra = rd_next(r, qa, 3)) == 1)
				aid = rd_i64(r, qa, 0);
		}
		if (ra < 0) {
			rc = -1;
			break;
		}
	}
	r->c->done(q);
	r->c->done(qa);
	if (rc < 0 || sql_sources_select(&r->src, r->sel, r->e) < 0)
		return -1;
	r->whole = r->src.whole;
	return 0;
}

/* Whether some sample has a label of the key, or the message. */
static int
label_key(struct rd *r, const char *key, size_t n)
{
	struct sql_rows *q;
	struct sb b = { 0 }, *f = &b;
	int rc;

	rd_sbf(f, "SELECT 1 FROM %s WHERE key = ",
	    sql_table_of(SQ_SAMPLE_LABELS).name);
	rd_param(f, key, n);
	rd_sbf(f, " LIMIT 1");
	q = rd_run_p(r, rd_sb_take(f), &b.pa);
	sql_params_free(&b.pa);
	if (q == NULL)
		return -1;
	rc = r->c->next(q, r->e);
	r->c->done(q);
	if (rc < 0)
		return -1;
	return rc == 1 ? 0 : no_such_key(r, key, n);
}

/* The samples selected: FROM ... WHERE ... over sample_stacks s (and
 * sample_times t, for a window), into r->from. */
int
rd_samples_from(struct rd *r)
{
	const struct sql_select *s = r->sel;
	size_t i, j, n, kept = 0;
	struct sb b = { 0 }, *f = &b;
	int any = 0;

	rd_sbf(f, "FROM %s s", sql_table_of(SQ_SAMPLE_STACKS).name);
	if (when_window_set(&s->window))
		rd_sbf(f, " LEFT JOIN %s t ON t.sample_id = s.sample_id",
		    sql_table_of(SQ_SAMPLE_TIMES).name);
	rd_sbf(f, " WHERE 1 = 1");
	for (i = 0; i < r->src.n; i++)
		kept += r->src.v[i].keep;
	if (kept < r->src.n) {
		rd_sbf(f, " AND s.source_id IN (");
		for (i = 0; i < r->src.n; i++)
			if (r->src.v[i].keep)
				rd_sbf(f, "%s%" PRIu32, any++ ? ", " : "",
				    r->src.v[i].id);
		rd_sbf(f, ")");
	}
	if (when_window_set(&s->window)) {
		rd_sbf(f, " AND (t.sample_id IS NOT NULL");
		if (s->window.has_from)
			rd_sbf(f, " AND t.time_unix_nano >= %" PRId64,
			    s->window.from);
		if (s->window.has_to)
			rd_sbf(f, " AND t.time_unix_nano < %" PRId64,
			    s->window.to);
		rd_sbf(f, " OR t.sample_id IS NULL AND s.source_id IN (0");
		for (i = 0; i < r->src.n; i++)
			if (r->src.v[i].keep && sql_sample_in_window(s,
			    &r->src.v[i], 0, 0))
				rd_sbf(f, ", %" PRIu32, r->src.v[i].id);
		rd_sbf(f, "))");
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
			sql_params_free(&b.pa);
			return -1;
		}
		rd_sbf(f, " AND EXISTS (SELECT 1 FROM %s l WHERE l.sample_id "
		    "= s.sample_id AND l.key = ", sql_table_of(SQ_SAMPLE_LABELS)
		    .name);
		rd_param(f, s->labels[i], n);
		rd_sbf(f, " AND (l.str IN (");
		values_of(f, s->labels, s->nlabels, i, n);
		rd_sbf(f, ") OR CAST(l.num AS TEXT) IN (");
		values_of(f, s->labels, s->nlabels, i, n);
		rd_sbf(f, ")))");
	}
	if ((r->from = rd_sb_take(f)) == NULL)
		return perr_nomem(r->e);
	r->from_pa = b.pa;
	return 0;
}


/* Step 2: the selected samples' sources, id range and stacks. */
int
rd_gather(struct rd *r)
{
	struct sql_rows *q;
	struct sql_source *sr;
	struct stack *st;
	const char *t;
	char *end;
	int64_t id, lo, hi;
	unsigned long v;
	int rc;

	if ((q = rd_run_p(r, rd_sqlprintf("SELECT s.source_id, COUNT(*), "
	    "MIN(s.sample_id), MAX(s.sample_id) %s GROUP BY s.source_id",
	    r->from), &r->from_pa)) == NULL)
		return -1;
	r->lo = UINT64_MAX;
	while ((rc = rd_next(r, q, 4)) == 1) {
		if ((sr = rd_src_of(r, rd_i64(r, q, 0))) == NULL)
			continue;
		sr->has_samples = 1;
		r->nsamples += (uint64_t)rd_i64(r, q, 1);
		lo = rd_i64(r, q, 2);
		hi = rd_i64(r, q, 3);
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
	if ((q = rd_run_p(r, rd_sqlprintf("SELECT stack_id, frames FROM %s "
	    "WHERE stack_id IN (SELECT s.stack_id %s)",
	    sql_table_of(SQ_STACKS).name, r->from), &r->from_pa)) == NULL)
		return -1;
	while ((rc = rd_next(r, q, 2)) == 1) {
		id = rd_i64(r, q, 0);
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
			    0 || rd_use(&r->loc, (int64_t)v) < 0) {
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
