/*
 * The stream as SQL. The tables: the stream's (names without the leading
 * dot; locations always with their extension columns, neutral where a
 * stream lacks them; hex numbers as text, as 64 unsigned bits fit no SQL
 * integer), but each distinct stack is one row of stacks (its frames as
 * text) and a sample is a row of sample_stacks that names it; the views
 * samples and sample_locations give 2.0's tables back. Each table's rows
 * are staged, as they come, in a temporary file of their own, then
 * written as SQLite INSERTs or a PostgreSQL COPY block into a temporary
 * table with the stream's ids. SQL then adds them to what the database
 * holds: sources and samples after the ids present; functions, mappings,
 * locations and stacks equal to ones present (tsvcombine's equality)
 * reused, the others after the ids present; every reference remapped.
 * One transaction: a script cut short changes nothing.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/utf8.h"
#include "formats/sql/sql.h"

#define ROWS_PER_INSERT 500

struct stage {
	struct output o;
	int fd;
	uint64_t rows;
};

struct sql_writer {
	struct output *o;
	enum sql_dialect d;
	struct stage st[SQ_COUNT];
	int open[SQ_COUNT];
};

#define NCOLS(t) (schema_tables[t].ncols + schema_tables[t].next)

static const char *
ident(const char *name)
{
	return name[0] == '.' ? name + 1 : name;
}

static void
sql(struct sql_writer *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
sql(struct sql_writer *w, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	out_write(w->o, buf, n < 0 ? 0 : (size_t)n < sizeof(buf) ? (size_t)n :
	    sizeof(buf) - 1);
}

static const char *
sqltype(const struct sql_writer *w, enum coltype t)
{
	switch (t) {
	case CT_INT: return "INTEGER";
	case CT_I64: return w->d == SQL_SQLITE ? "INTEGER" : "BIGINT";
	/* SQLite: NUMERIC keeps an integral value an INTEGER, exact to 64
	 * bits (a count of 2139 comes back 2139, not 2139.0) */
	case CT_DBL: return w->d == SQL_SQLITE ? "NUMERIC" :
	    "DOUBLE PRECISION";
	case CT_LGL: return "BOOLEAN";
	default: return "TEXT";
	}
}

/* The table the stream's table t is stored in, and its key. */
static const char *
stored_name(enum table_id t)
{
	return t == T_SAMPLES ? sql_table_of(SQ_SAMPLE_STACKS).name :
	    ident(schema_name(t));
}

/* The columns of t, quoted, with a prefix before each ("s." ...). */
static void
columns(struct sql_writer *w, enum table_id t, const char *prefix)
{
	const struct table *tb = &schema_tables[t];
	int c;

	for (c = 0; c < tb->ncols + tb->next; c++)
		sql(w, "%s%s\"%s\"", c ? ", " : "", prefix,
		    ident(tb->cols[c].name));
}

static void
create(struct sql_writer *w, enum sql_table t, int temp)
{
	struct sql_table_def d = sql_table_of(t);
	const char *ref;
	int c;

	sql(w, "CREATE %sTABLE %s\"%s%s\" (", temp ? "TEMP " : "",
	    temp ? "" : "IF NOT EXISTS ", temp ? "stage_" : "", d.name);
	for (c = 0; c < d.ncols; c++) {
		const struct column *col = &d.cols[c];
		sql(w, "%s\"%s\" %s", c ? ", " : "", ident(col->name),
		    sqltype(w, col->type));
		if (temp)
			continue;
		if (c == d.pk)
			sql(w, " PRIMARY KEY");
		else if (!(col->flags & CF_NA))
			sql(w, " NOT NULL");
		ref = col->ref != T_NONE ? stored_name(col->ref) :
		    t == SQ_SAMPLE_STACKS && c == SST_STACK ?
		    sql_table_of(SQ_STACKS).name : NULL;
		if (ref != NULL)
			sql(w, " REFERENCES \"%s\" (\"%s\")", ref,
			    col->ref != T_NONE ? schema_colname(col->ref,
			    schema_tables[col->ref].pk) : "stack_id");
	}
	sql(w, ");\n");
}

/* A location's key, NULL-safe: a value no column holds stands for NULL,
 * so that an index (of expressions) serves the comparison in both
 * databases. Per column after the id: what stands for NULL, or none. */
static const char *const loc_null[] = {
	"0", "-9999999999", "''", "0", NULL, NULL, NULL,
};

/* Key column c of locations as the index has it, of the table aliased
 * prefix, or of parameter ?c when prefix is NULL. */
static void
loc_key(struct sql_writer *w, int c, const char *prefix)
{
	const char *null = loc_null[c - 1];
	char what[64];

	if (prefix == NULL)
		snprintf(what, sizeof(what), "?%d", c);
	else
		snprintf(what, sizeof(what), "%s\"%s\"", prefix,
		    ident(schema_colname(T_LOCATIONS, c)));
	if (null != NULL)
		sql(w, "COALESCE(%s, %s)", what, null);
	else
		sql(w, "%s", what);
}

/* Text column name as a key of the look-up index (after sep, of the
 * table aliased prefix): PostgreSQL indexes a text column's md5, as a
 * btree row holds at most 2704 bytes (a C++ or Rust template's name, a
 * deep stack, can be longer); equal md5s then compare the texts, so the
 * look-up stays exact. */
static void
key_text(struct sql_writer *w, const char *name, const char *sep,
    const char *prefix)
{
	if (w->d == SQL_POSTGRESQL)
		sql(w, "%smd5(%s\"%s\")", sep, prefix, name);
	else
		sql(w, "%s%s\"%s\"", sep, prefix, name);
}

/* Column c of the stream's table t as a key of the look-up index. */
static void
key_column(struct sql_writer *w, enum table_id t, int c, const char *sep,
    const char *prefix)
{
	const char *name = ident(schema_colname(t, c));

	if (schema_tables[t].cols[c].type == CT_CHR)
		key_text(w, name, sep, prefix);
	else
		sql(w, "%s%s\"%s\"", sep, prefix, name);
}

/* Text equal in both databases, through the md5 index in PostgreSQL. */
static void
same_text(struct sql_writer *w, const char *a, const char *b,
    const char *col)
{
	key_text(w, col, "", a);
	key_text(w, col, " = ", b);
	if (w->d == SQL_POSTGRESQL)
		sql(w, " AND %s\"%s\" = %s\"%s\"", a, col, b, col);
}

#define OLD_LAYOUT "this database holds the tables of tsv2sql 0.9 (samples and " \
    "sample_locations as tables): add the profiles to a new database"

/* The views that give 2.0's tables back. */
static void
views(struct sql_writer *w)
{
	const char *create = w->d == SQL_SQLITE ? "CREATE VIEW IF NOT EXISTS" :
	    "CREATE OR REPLACE VIEW";

	sql(w, "%s samples AS SELECT sample_id, source_id FROM sample_stacks;\n",
	    create);
	if (w->d == SQL_SQLITE)
		sql(w, "%s sample_locations AS SELECT s.sample_id, j.key + 1 AS "
		    "depth, j.value AS location_id FROM sample_stacks s JOIN "
		    "stacks k ON k.stack_id = s.stack_id, json_each('[' || "
		    "k.frames || ']') j;\n", create);
	else
		sql(w, "%s sample_locations AS SELECT s.sample_id, "
		    "f.depth::integer AS depth, f.location_id::integer AS "
		    "location_id FROM sample_stacks s JOIN stacks k ON k.stack_id "
		    "= s.stack_id, unnest(string_to_array(k.frames, ',')) WITH "
		    "ORDINALITY AS f(location_id, depth);\n", create);
}

static void
schema(struct sql_writer *w)
{
	struct sql_table_def d;
	int t, c;

	/* a database of the layout before stacks is not added to */
	if (w->d == SQL_SQLITE)
		sql(w, "CREATE TEMP TABLE layout_check (ok INTEGER CONSTRAINT "
		    "\"%s\" CHECK (ok));\nINSERT INTO layout_check SELECT NOT "
		    "EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' "
		    "AND name IN ('samples', 'sample_locations'));\n"
		    "DROP TABLE layout_check;\n", OLD_LAYOUT);
	else
		sql(w, "DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_tables WHERE "
		    "schemaname = current_schema() AND tablename IN ('samples', "
		    "'sample_locations')) THEN RAISE EXCEPTION '%s'; END IF; "
		    "END $$;\n", OLD_LAYOUT);
	for (t = 0; t < SQ_COUNT; t++)
		create(w, t, 0);
	for (t = 0; t < SQ_COUNT; t++) {
		d = sql_table_of(t);
		for (c = 0; c < d.ncols; c++)
			if (d.cols[c].ref != T_NONE || (t == SQ_SAMPLE_STACKS &&
			    c == SST_STACK))
				sql(w, "CREATE INDEX IF NOT EXISTS \"%s_%s\" ON "
				    "\"%s\" (\"%s\");\n", d.name,
				    ident(d.cols[c].name), d.name,
				    ident(d.cols[c].name));
	}
	/* what loading looks up: equal functions, mappings, locations,
	 * stacks */
	sql(w, "CREATE INDEX IF NOT EXISTS functions_key ON functions (");
	for (c = 1; c < schema_tables[T_FUNCTIONS].ncols; c++)
		key_column(w, T_FUNCTIONS, c, c > 1 ? ", " : "", "");
	sql(w, ");\nCREATE INDEX IF NOT EXISTS mappings_key ON mappings (");
	for (c = 1; c < schema_tables[T_MAPPINGS].ncols; c++)
		key_column(w, T_MAPPINGS, c, c > 1 ? ", " : "", "");
	sql(w, ");\nCREATE INDEX IF NOT EXISTS locations_key ON locations (");
	for (c = 1; c < NCOLS(T_LOCATIONS); c++) {
		sql(w, "%s(", c > 1 ? ", " : "");
		loc_key(w, c, "");
		sql(w, ")");
	}
	sql(w, ");\nCREATE %sINDEX IF NOT EXISTS stacks_key ON stacks (",
	    w->d == SQL_SQLITE ? "UNIQUE " : "");
	key_text(w, "frames", "", "");
	sql(w, ");\n");
	views(w);
}

struct sql_writer *
sql_new(struct output *o, enum sql_dialect d, const char *dir, struct perr *e)
{
	struct sql_writer *w = calloc(1, sizeof(*w));
	char path[4096];
	int t;

	if (w == NULL) {
		perr_nomem(e);
		return NULL;
	}
	w->o = o;
	w->d = d;
	for (t = 0; t < SQ_COUNT; t++)
		w->st[t].fd = -1;
	for (t = 0; t < SQ_COUNT; t++) {
		snprintf(path, sizeof(path), "%s/profstream-sql.XXXXXX", dir);
		if ((w->st[t].fd = mkstemp(path)) < 0) {
			perr_set(e, "%s: %s", path, strerror(errno));
			sql_free(w);
			return NULL;
		}
		unlink(path);	/* gone when closed, whatever happens */
		if (output_fd(&w->st[t].o, w->st[t].fd, "a staging file", e)
		    < 0) {
			sql_free(w);
			return NULL;
		}
		w->open[t] = 1;
	}
	return w;
}

void
sql_free(struct sql_writer *w)
{
	int t;

	if (w == NULL)
		return;
	for (t = 0; t < SQ_COUNT; t++) {
		if (w->open[t])
			output_discard(&w->st[t].o);
		if (w->st[t].fd >= 0)
			close(w->st[t].fd);
	}
	free(w);
}

/* A text value as SQLite reads a literal, or as COPY's text format. */
static void
text_value(struct sql_writer *w, struct output *o, const char *s, size_t n)
{
	const char *end = s + n, *run = s;

	if (w->d == SQL_SQLITE) {
		out_char(o, '\'');
		for (; s < end; s++)
			if (*s == '\'') {
				out_write(o, run, (size_t)(s - run + 1));
				out_char(o, '\'');
				run = s + 1;
			}
		out_write(o, run, (size_t)(end - run));
		out_char(o, '\'');
		return;
	}
	/* COPY: only the escapes that mean the same to it */
	for (; s < end; s++) {
		char esc = *s == '\\' ? '\\' : *s == '\t' ? 't' : *s == '\n' ?
		    'n' : *s == '\r' ? 'r' : 0;
		if (esc == 0)
			continue;
		out_write(o, run, (size_t)(s - run));
		out_char(o, '\\');
		out_char(o, esc);
		run = s + 1;
	}
	out_write(o, run, (size_t)(end - run));
}

static void
value(struct sql_writer *w, struct output *o, const struct column *col,
    const union cell *v, int st)
{
	char buf[FMT_NUM_MAX];

	if (st == CELL_NA) {
		out_str(o, w->d == SQL_SQLITE ? "NULL" : "\\N");
		return;
	}
	switch (col->type) {
	case CT_INT: case CT_I64:
		out_i64(o, v->i);
		return;
	case CT_LGL:
		out_str(o, w->d == SQL_SQLITE ? (v->i ? "1" : "0") :
		    (v->i ? "t" : "f"));
		return;
	case CT_DBL:
		if (isinf(v->n.d))
			out_str(o, w->d == SQL_SQLITE ? (v->n.d > 0 ? "9e999" :
			    "-9e999") : (v->n.d > 0 ? "Infinity" : "-Infinity"));
		else
			out_num(o, v->n);
		return;
	case CT_HEX:
		text_value(w, o, buf, fmt_hex(buf, v->u));
		return;
	case CT_CHR:
		text_value(w, o, v->s.p, v->s.n);
		return;
	}
}

int
sql_check_utf8(struct stream_reader *r, struct perr *e)
{
	const struct stream_row *row = &r->row;
	const struct table *tb;
	size_t bad;
	int rc, c;

	while ((rc = stream_next(r, e)) > 0) {
		tb = &schema_tables[row->table];
		for (c = 0; c < tb->ncols + tb->next; c++)
			if (tb->cols[c].type == CT_CHR &&
			    row->st[c] == CELL_OK &&
			    !utf8_valid(row->v[c].s.p, row->v[c].s.n, &bad))
				return stream_problem(r, e, row->line,
				    row->table, c, "byte 0x%02x at %zu is not "
				    "UTF-8, which PostgreSQL's text holds "
				    "(convert the names, or load into SQLite, "
				    "which keeps any bytes)",
				    (unsigned char)row->v[c].s.p[bad], bad + 1);
	}
	return rc;
}

static int
stage_row(void *ctx, enum sql_table t, const union cell *v,
    const unsigned char *st, struct perr *e)
{
	struct sql_writer *w = ctx;
	struct sql_table_def d = sql_table_of(t);
	struct stage *s = &w->st[t];
	int c;

	(void)e;
	if (w->d == SQL_SQLITE) {
		if (s->rows % ROWS_PER_INSERT == 0) {
			if (s->rows > 0)
				out_str(&s->o, ";\n");
			out_str(&s->o, "INSERT INTO \"stage_");
			out_str(&s->o, d.name);
			out_str(&s->o, "\" VALUES\n(");
		} else
			out_str(&s->o, ",\n(");
	}
	for (c = 0; c < d.ncols; c++) {
		if (c > 0)
			out_char(&s->o, w->d == SQL_SQLITE ? ',' : '\t');
		value(w, &s->o, &d.cols[c], &v[c], st[c]);
	}
	out_str(&s->o, w->d == SQL_SQLITE ? ")" : "\n");
	s->rows++;
	return 0;
}

/* The samples come again: the rows staged go. */
static int
stage_restart(void *ctx, struct perr *e)
{
	struct sql_writer *w = ctx;
	int t;

	for (t = 0; t < SQ_COUNT; t++) {
		output_discard(&w->st[t].o);
		w->open[t] = 0;
		if (ftruncate(w->st[t].fd, 0) < 0 ||
		    lseek(w->st[t].fd, 0, SEEK_SET) < 0)
			return perr_set(e, "a staging file: %s",
			    strerror(errno));
		if (output_fd(&w->st[t].o, w->st[t].fd, "a staging file", e)
		    < 0)
			return -1;
		w->open[t] = 1;
		w->st[t].rows = 0;
	}
	return 0;
}

struct sql_sink
sql_writer_sink(struct sql_writer *w)
{
	struct sql_sink k = { stage_row, stage_restart, w };

	return k;
}

/* Copies a table's staged rows into the script. */
static int
unstage(struct sql_writer *w, enum sql_table t, struct perr *e)
{
	struct sql_table_def d = sql_table_of(t);
	struct stage *st = &w->st[t];
	char buf[1 << 16];
	ssize_t n;
	int c;

	if (w->d == SQL_SQLITE && st->rows > 0)
		out_str(&st->o, ";\n");
	out_flush(&st->o);
	if (st->o.err != 0)
		return perr_set(e, "a staging file in TMPDIR: %s",
		    strerror(st->o.err));
	if (w->d == SQL_POSTGRESQL) {
		sql(w, "COPY \"stage_%s\" (", d.name);
		for (c = 0; c < d.ncols; c++)
			sql(w, "%s\"%s\"", c ? ", " : "", ident(d.cols[c].name));
		sql(w, ") FROM STDIN;\n");
	}
	if (lseek(st->fd, 0, SEEK_SET) < 0)
		return perr_set(e, "a staging file: %s", strerror(errno));
	while ((n = read(st->fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return perr_set(e, "a staging file: %s",
			    strerror(errno));
		}
		out_write(w->o, buf, (size_t)n);
	}
	if (w->d == SQL_POSTGRESQL)
		sql(w, "\\.\n");
	return 0;
}

/* Functions, mappings and locations: those equal to one present get its
 * id, the others (one per distinct key) new ids after those present;
 * map_T holds old -> new. src: the staged rows with their references
 * remapped already. */
static void
dedupe(struct sql_writer *w, enum table_id t, const char *src)
{
	const char *name = ident(schema_name(t));
	const char *id = schema_colname(t, 0);
	const char *col;
	int c, n = schema_tables[t].ncols + schema_tables[t].next;

	sql(w, "CREATE TEMP TABLE \"key_%s\" AS SELECT s.\"%s\" AS old, "
	    "MIN(e.\"%s\") AS found", name, id, id);
	for (c = 1; c < n; c++)
		sql(w, ", s.\"%s\"", ident(schema_colname(t, c)));
	sql(w, " FROM \"%s\" s LEFT JOIN \"%s\" e ON ", src, name);
	for (c = 1; c < n; c++) {
		col = ident(schema_colname(t, c));
		sql(w, "%s", c > 1 ? " AND " : "");
		if (t == T_LOCATIONS) {
			loc_key(w, c, "e.");
			sql(w, " = ");
			loc_key(w, c, "s.");
		} else if (schema_tables[t].cols[c].type == CT_CHR)
			same_text(w, "e.", "s.", col);
		else
			sql(w, "e.\"%s\" = s.\"%s\"", col, col);
	}
	sql(w, " GROUP BY s.\"%s\"", id);
	for (c = 1; c < n; c++)
		sql(w, ", s.\"%s\"", ident(schema_colname(t, c)));
	sql(w, ";\nCREATE TEMP TABLE \"group_%s\" AS SELECT k.*, MIN(old) "
	    "OVER (PARTITION BY ", name);
	for (c = 1; c < n; c++)
		sql(w, "%s\"%s\"", c > 1 ? ", " : "", ident(schema_colname(t,
		    c)));
	sql(w, ") AS first FROM \"key_%s\" k;\n", name);
	sql(w, "CREATE TEMP TABLE \"new_%s\" AS SELECT first, (SELECT "
	    "COALESCE(MAX(\"%s\"), 0) FROM \"%s\") + ROW_NUMBER() OVER "
	    "(ORDER BY first) AS new FROM (SELECT DISTINCT first FROM "
	    "\"group_%s\" WHERE found IS NULL) d;\n", name, id, name, name);
	sql(w, "CREATE TEMP TABLE \"map_%s\" (old INTEGER PRIMARY KEY, new "
	    "INTEGER);\n", name);
	sql(w, "INSERT INTO \"map_%s\" SELECT g.old, COALESCE(g.found, n.new) "
	    "FROM \"group_%s\" g LEFT JOIN \"new_%s\" n ON n.first = g.first;\n",
	    name, name, name);
	sql(w, "INSERT INTO \"%s\" (", name);
	columns(w, t, "");
	sql(w, ") SELECT n.new");
	for (c = 1; c < n; c++)
		sql(w, ", g.\"%s\"", ident(schema_colname(t, c)));
	sql(w, " FROM \"new_%s\" n JOIN \"group_%s\" g ON g.old = n.first;\n",
	    name, name);
}

/* Stacks: the staged frames in the locations' new ids; those equal to a
 * stack present get its id, the others (one per distinct frames) new
 * ids after those present, in the order of their first sample. */
static void
key_stacks(struct sql_writer *w)
{
	/* the frames in order: SQLite's group_concat follows a window's
	 * ORDER BY (not an aggregate's before 3.44) */
	if (w->d == SQL_SQLITE)
		sql(w, "CREATE TEMP TABLE key_stacks AS SELECT old, frames FROM "
		    "(SELECT s.stack_id AS old, s.frame_count AS n, j.key AS i, "
		    "group_concat(l.new, ',') OVER (PARTITION BY s.stack_id "
		    "ORDER BY j.key ROWS UNBOUNDED PRECEDING) AS frames FROM "
		    "stage_stacks s, json_each('[' || s.frames || ']') j JOIN "
		    "map_locations l ON l.old = j.value) WHERE i = n - 1 UNION "
		    "ALL SELECT stack_id, '' FROM stage_stacks WHERE "
		    "frame_count = 0;\n");
	else
		sql(w, "CREATE TEMP TABLE key_stacks AS SELECT s.stack_id AS "
		    "old, COALESCE((SELECT string_agg(l.new::text, ',' ORDER BY "
		    "f.depth) FROM unnest(string_to_array(s.frames, ',')::integer"
		    "[]) WITH ORDINALITY AS f(location_id, depth) JOIN "
		    "map_locations l ON l.old = f.location_id), '') AS frames "
		    "FROM stage_stacks s;\n");
}

static void
dedupe_stacks(struct sql_writer *w)
{
	sql(w, "CREATE TEMP TABLE found_stacks AS SELECT k.old, MIN(e.stack_id) "
	    "AS new FROM key_stacks k JOIN stacks e ON ");
	same_text(w, "e.", "k.", "frames");
	sql(w, " GROUP BY k.old;\n"
	    "CREATE TEMP TABLE new_stacks AS SELECT frames, first, (SELECT "
	    "COALESCE(MAX(stack_id), 0) FROM stacks) + ROW_NUMBER() OVER (ORDER "
	    "BY first) AS new FROM (SELECT frames, MIN(old) AS first FROM "
	    "key_stacks WHERE old NOT IN (SELECT old FROM found_stacks) GROUP "
	    "BY frames) d;\n"
	    "CREATE TEMP TABLE map_stacks (old INTEGER PRIMARY KEY, new "
	    "INTEGER);\n"
	    "INSERT INTO map_stacks SELECT old, new FROM found_stacks;\n"
	    "INSERT INTO map_stacks SELECT k.old, n.new FROM key_stacks k JOIN "
	    "new_stacks n ON ");
	same_text(w, "n.", "k.", "frames");
	sql(w, " WHERE k.old NOT IN (SELECT old FROM found_stacks);\n"
	    "INSERT INTO stacks SELECT n.new, s.frame_count, n.frames FROM "
	    "new_stacks n JOIN stage_stacks s ON s.stack_id = n.first;\n");
}

/* Sources and samples: all new, after the ids present. */
static void
renumber(struct sql_writer *w, const char *name, const char *id)
{
	sql(w, "CREATE TEMP TABLE \"map_%s\" (old INTEGER PRIMARY KEY, new "
	    "INTEGER);\nINSERT INTO \"map_%s\" SELECT \"%s\", (SELECT "
	    "COALESCE(MAX(\"%s\"), 0) FROM \"%s\") + ROW_NUMBER() OVER (ORDER "
	    "BY \"%s\") FROM \"stage_%s\";\n", name, name, id, id, name, id,
	    name);
}

/* The stream's sources, after those present. */
static void
add_sources(struct sql_writer *w)
{
	/* PostgreSQL: a load at a time takes the ids after those present
	 * (SQLite: the transaction's write lock) */
	if (w->d == SQL_POSTGRESQL)
		sql(w, "LOCK TABLE sources IN EXCLUSIVE MODE;\n");
	renumber(w, "sources", "source_id");
	sql(w, "INSERT INTO sources SELECT m.new, s.source_type, s.source_uri, "
	    "s.source_timestamp FROM stage_sources s JOIN map_sources m ON "
	    "m.old = s.source_id;\n"
	    "INSERT INTO source_attributes SELECT m.new, s.\"key\", s.value "
	    "FROM stage_source_attributes s JOIN map_sources m ON m.old = "
	    "s.source_id;\n");
}

/* Its functions, mappings and locations, equal ones reused. */
static void
add_definitions(struct sql_writer *w)
{
	dedupe(w, T_FUNCTIONS, "stage_functions");
	dedupe(w, T_MAPPINGS, "stage_mappings");
	sql(w, "CREATE TEMP TABLE remapped_locations AS SELECT s.location_id, "
	    "f.new AS function_id, s.line, s.address, m.new AS mapping_id, "
	    "s.is_folded, s.inlined, s.\"column\" FROM stage_locations s LEFT "
	    "JOIN map_functions f ON f.old = s.function_id LEFT JOIN "
	    "map_mappings m ON m.old = s.mapping_id;\n");
	dedupe(w, T_LOCATIONS, "remapped_locations");
}

/* The samples, the locations' attributes; the temporary tables go. */
static void
add_samples(struct sql_writer *w)
{
	static const char *const temps[] = {
		"stage_sources", "stage_source_attributes", "stage_mappings",
		"stage_functions", "stage_locations",
		"stage_location_attributes", "stage_stacks",
		"stage_sample_stacks", "stage_sample_values",
		"stage_sample_labels", "stage_sample_times",
		"remapped_locations", "map_sources", "map_sample_stacks",
		"key_functions", "group_functions", "new_functions",
		"map_functions", "key_mappings", "group_mappings",
		"new_mappings", "map_mappings", "key_locations",
		"group_locations", "new_locations", "map_locations",
		"key_stacks", "found_stacks", "new_stacks", "map_stacks",
	};
	size_t i;

	/* a location merged with one present has that one's attributes */
	sql(w, "INSERT INTO location_attributes SELECT l.new, s.\"key\", "
	    "s.value FROM stage_location_attributes s JOIN map_locations l ON "
	    "l.old = s.location_id WHERE l.new IN (SELECT new FROM "
	    "new_locations);\n");
	renumber(w, "sample_stacks", "sample_id");
	sql(w, "INSERT INTO sample_stacks SELECT m.new, src.new, k.new FROM "
	    "stage_sample_stacks s JOIN map_sample_stacks m ON m.old = "
	    "s.sample_id JOIN map_sources src ON src.old = s.source_id JOIN "
	    "map_stacks k ON k.old = s.stack_id;\n"
	    "INSERT INTO sample_values SELECT m.new, s.type, s.unit, s.value "
	    "FROM stage_sample_values s JOIN map_sample_stacks m ON m.old = "
	    "s.sample_id;\n"
	    "INSERT INTO sample_labels SELECT m.new, s.\"key\", s.str, s.num, "
	    "s.num_unit FROM stage_sample_labels s JOIN map_sample_stacks m ON "
	    "m.old = s.sample_id;\n"
	    "INSERT INTO sample_times SELECT m.new, s.time_unix_nano FROM "
	    "stage_sample_times s JOIN map_sample_stacks m ON m.old = "
	    "s.sample_id;\n");
	/* (a loader that made some of them itself made no others) */
	for (i = 0; i < sizeof(temps) / sizeof(temps[0]); i++)
		sql(w, "DROP TABLE IF EXISTS \"%s\";\n", temps[i]);
}

/* The row of the stream's table t (functions, mappings, locations)
 * equal to the one in parameters ?1.. (its columns after the id), as
 * loading finds it (SQLite). */
static void
lookup(struct sql_writer *w, enum table_id t)
{
	const char *col;
	int c;

	sql(w, "SELECT MIN(\"%s\") FROM \"%s\" WHERE ", schema_colname(t, 0),
	    ident(schema_name(t)));
	for (c = 1; c < NCOLS(t); c++) {
		col = ident(schema_colname(t, c));
		sql(w, "%s", c > 1 ? " AND " : "");
		if (t == T_LOCATIONS) {
			loc_key(w, c, "");
			sql(w, " = ");
			loc_key(w, c, NULL);
		} else
			sql(w, "\"%s\" = ?%d", col, c);
	}
}

/* The temporary tables the rows are staged in, with the stream's ids. */
static void
stage_tables(struct sql_writer *w)
{
	int t;

	for (t = 0; t < SQ_COUNT; t++) {
		sql(w, "DROP TABLE IF EXISTS \"stage_%s\";\n",
		    sql_table_of(t).name);
		create(w, t, 1);
	}
}

void
sql_part(enum sql_dialect d, struct output *o, enum sql_part part)
{
	struct sql_writer w = { 0 };

	w.o = o;
	w.d = d;
	switch (part) {
	case SQL_SCHEMA:
		schema(&w);
		break;
	case SQL_STAGE_TABLES:
		stage_tables(&w);
		break;
	case SQL_SOURCES:
		add_sources(&w);
		break;
	case SQL_DEFINITIONS:
		add_definitions(&w);
		break;
	case SQL_KEY_STACKS:
		key_stacks(&w);
		break;
	case SQL_STACKS:
		dedupe_stacks(&w);
		break;
	case SQL_SAMPLES:
		add_samples(&w);
		break;
	case SQL_LOOKUP_FUNCTION:
		lookup(&w, T_FUNCTIONS);
		break;
	case SQL_LOOKUP_MAPPING:
		lookup(&w, T_MAPPINGS);
		break;
	case SQL_LOOKUP_LOCATION:
		lookup(&w, T_LOCATIONS);
		break;
	}
}

int
sql_end(struct sql_writer *w, struct perr *e)
{
	int t;

	/* PostgreSQL: the script's bytes are UTF-8, whatever the client's
	 * locale says (a LATIN1 client stored café as cafÃ©) */
	sql(w, "-- a profile stream, added to the profiles this database "
	    "holds (tsv2sql)\n%sBEGIN;\n", w->d == SQL_POSTGRESQL ?
	    "SET client_encoding = 'UTF8';\n"
	    "SET client_min_messages = warning;\n" : "");
	schema(w);
	stage_tables(w);
	for (t = 0; t < SQ_COUNT; t++)
		if (unstage(w, t, e) < 0)
			return -1;
	add_sources(w);
	add_definitions(w);
	key_stacks(w);
	dedupe_stacks(w);
	add_samples(w);
	sql(w, "COMMIT;\n");
	return 0;
}
