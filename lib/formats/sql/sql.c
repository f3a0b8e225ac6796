/*
 * The stream as SQL. The tables come from the schema (names without the
 * leading dot; locations always with their extension columns, neutral
 * where a stream lacks them; hex numbers as text, as 64 unsigned bits
 * fit no SQL integer). Each table's rows are staged, as they come, in a
 * temporary file of their own, then written as SQLite INSERTs or a
 * PostgreSQL COPY block into a temporary table with the stream's ids.
 * SQL then adds them to what the database holds: sources and samples
 * after the ids present; functions, mappings and locations equal to ones
 * present (tsvcombine's equality) reused, the others after the ids
 * present; every reference remapped. One transaction: a script cut short
 * changes nothing.
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
	struct stage st[T_COUNT];
	int open[T_COUNT];
};

int
sql_stored(enum table_id t)
{
	return schema_in_version(V20, t) && t != T_META;
}

const char *
sql_ident(const char *name)
{
	return name[0] == '.' ? name + 1 : name;
}

int
sql_ncols(enum table_id t)
{
	return schema_tables[t].ncols + schema_tables[t].next;
}

#define stored sql_stored
#define ident sql_ident
#define ncols sql_ncols

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

/* The columns of t, quoted, with a prefix before each ("s." ...). */
static void
columns(struct sql_writer *w, enum table_id t, const char *prefix)
{
	int c;

	for (c = 0; c < ncols(t); c++)
		sql(w, "%s%s\"%s\"", c ? ", " : "", prefix,
		    ident(schema_colname(t, c)));
}

static void
create(struct sql_writer *w, enum table_id t, const char *name, int temp)
{
	const struct table *tb = &schema_tables[t];
	int c;

	sql(w, "CREATE %sTABLE %s\"%s\" (", temp ? "TEMP " : "",
	    temp ? "" : "IF NOT EXISTS ", name);
	for (c = 0; c < ncols(t); c++) {
		const struct column *col = &tb->cols[c];
		sql(w, "%s\"%s\" %s", c ? ", " : "", ident(col->name),
		    sqltype(w, col->type));
		if (temp)
			continue;
		if (c == tb->pk)
			sql(w, " PRIMARY KEY");
		else if (!(col->flags & CF_NA))
			sql(w, " NOT NULL");
		if (col->ref != T_NONE)
			sql(w, " REFERENCES \"%s\" (\"%s\")",
			    ident(schema_name(col->ref)), ident(
			    schema_colname(col->ref, schema_tables[col->ref].pk)));
	}
	sql(w, ");\n");
}

/* NULL-safe keys: a value no column holds stands for NULL, so that an
 * index (of expressions) serves the comparison in both databases */
static const char *const loc_keys[] = {
	"COALESCE(%sfunction_id, 0)", "COALESCE(%sline, -9999999999)",
	"COALESCE(%saddress, '')", "COALESCE(%smapping_id, 0)",
	"%sis_folded", "%sinlined", "%s\"column\"",
};

/* Column c of t as a key of the look-up index (after sep, of the table
 * aliased prefix): PostgreSQL indexes a text column's md5, as a btree row
 * holds at most 2704 bytes (a C++ or Rust template's name can be longer);
 * equal md5s then compare the texts, so the look-up stays exact. */
static void
key_column(struct sql_writer *w, enum table_id t, int c, const char *sep,
    const char *prefix)
{
	const char *name = ident(schema_colname(t, c));

	if (w->d == SQL_POSTGRESQL && schema_tables[t].cols[c].type == CT_CHR)
		sql(w, "%smd5(%s\"%s\")", sep, prefix, name);
	else
		sql(w, "%s%s\"%s\"", sep, prefix, name);
}

static void
schema(struct sql_writer *w)
{
	size_t i, k;
	enum table_id t;
	int c;

	for (i = 0; i < SCHEMA_ORDER_N; i++)
		if (stored(t = schema_order[i]))
			create(w, t, ident(schema_name(t)), 0);
	for (i = 0; i < SCHEMA_ORDER_N; i++) {
		if (!stored(t = schema_order[i]))
			continue;
		for (c = 0; c < ncols(t); c++)
			if (schema_tables[t].cols[c].ref != T_NONE)
				sql(w, "CREATE INDEX IF NOT EXISTS \"%s_%s\" ON "
				    "\"%s\" (\"%s\");\n", ident(schema_name(t)),
				    ident(schema_colname(t, c)),
				    ident(schema_name(t)),
				    ident(schema_colname(t, c)));
	}
	/* what loading looks up: equal functions, mappings, locations */
	sql(w, "CREATE INDEX IF NOT EXISTS functions_key ON functions (");
	for (c = 1; c < ncols(T_FUNCTIONS); c++)
		key_column(w, T_FUNCTIONS, c, c > 1 ? ", " : "", "");
	sql(w, ");\nCREATE INDEX IF NOT EXISTS mappings_key ON mappings (");
	for (c = 1; c < ncols(T_MAPPINGS); c++)
		key_column(w, T_MAPPINGS, c, c > 1 ? ", " : "", "");
	sql(w, ");\nCREATE INDEX IF NOT EXISTS locations_key ON locations (");
	for (k = 0; k < sizeof(loc_keys) / sizeof(loc_keys[0]); k++) {
		sql(w, "%s(", k ? ", " : "");
		sql(w, loc_keys[k], "");
		sql(w, ")");
	}
	sql(w, ");\n");
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
	for (t = 0; t < T_COUNT; t++) {
		w->st[t].fd = -1;
		if (!stored(t))
			continue;
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
	for (t = 0; t < T_COUNT; t++) {
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

/* PostgreSQL's text is UTF-8: a row with other bytes is refused before
 * anything is written (the script would roll back at it), naming it. */
static int
utf8_row(struct stream_reader *r, struct perr *e)
{
	const struct stream_row *row = &r->row;
	const struct table *tb = &schema_tables[row->table];
	size_t bad;
	int c;

	for (c = 0; c < ncols(row->table); c++)
		if (tb->cols[c].type == CT_CHR && row->st[c] == CELL_OK &&
		    !utf8_valid(row->v[c].s.p, row->v[c].s.n, &bad))
			return stream_problem(r, e, row->line, row->table, c,
			    "byte 0x%02x at %zu is not UTF-8, which PostgreSQL's "
			    "text holds (convert the names, or load into SQLite, "
			    "which keeps any bytes)",
			    (unsigned char)row->v[c].s.p[bad], bad + 1);
	return 0;
}

int
sql_stage(struct sql_writer *w, struct stream_reader *r, struct perr *e)
{
	struct stream_row *row = &r->row;
	const struct table *tb;
	struct stage *st;
	int rc, c;

	while ((rc = stream_next(r, e)) > 0) {
		if (!stored(row->table))
			continue;
		tb = &schema_tables[row->table];
		st = &w->st[row->table];
		if (w->d == SQL_SQLITE) {
			if (st->rows % ROWS_PER_INSERT == 0) {
				if (st->rows > 0)
					out_str(&st->o, ";\n");
				out_str(&st->o, "INSERT INTO \"stage_");
				out_str(&st->o, ident(tb->name));
				out_str(&st->o, "\" VALUES\n(");
			} else
				out_str(&st->o, ",\n(");
		}
		if (w->d == SQL_POSTGRESQL && utf8_row(r, e) < 0)
			return -1;
		for (c = 0; c < ncols(row->table); c++) {
			if (c > 0)
				out_char(&st->o, w->d == SQL_SQLITE ? ',' :
				    '\t');
			value(w, &st->o, &tb->cols[c], &row->v[c], row->st[c]);
		}
		out_str(&st->o, w->d == SQL_SQLITE ? ")" : "\n");
		st->rows++;
	}
	return rc;
}

/* Copies a table's staged rows into the script. */
static int
unstage(struct sql_writer *w, enum table_id t, struct perr *e)
{
	struct stage *st = &w->st[t];
	char buf[1 << 16];
	ssize_t n;

	if (w->d == SQL_SQLITE && st->rows > 0)
		out_str(&st->o, ";\n");
	out_flush(&st->o);
	if (st->o.err != 0)
		return perr_set(e, "a staging file in TMPDIR: %s",
		    strerror(st->o.err));
	if (w->d == SQL_POSTGRESQL) {
		sql(w, "COPY \"stage_%s\" (", ident(schema_name(t)));
		columns(w, t, "");
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
	int c, n = ncols(t), loc = t == T_LOCATIONS;

	sql(w, "CREATE TEMP TABLE \"key_%s\" AS SELECT s.\"%s\" AS old, "
	    "MIN(e.\"%s\") AS found", name, id, id);
	for (c = 1; c < n; c++)
		sql(w, ", s.\"%s\"", ident(schema_colname(t, c)));
	sql(w, " FROM \"%s\" s LEFT JOIN \"%s\" e ON ", src, name);
	for (c = 1; c < n; c++) {
		sql(w, "%s", c > 1 ? " AND " : "");
		if (loc) {
			sql(w, loc_keys[c - 1], "e.");
			sql(w, " = ");
			sql(w, loc_keys[c - 1], "s.");
		} else {
			key_column(w, t, c, "", "e.");
			key_column(w, t, c, " = ", "s.");
			if (w->d == SQL_POSTGRESQL &&
			    schema_tables[t].cols[c].type == CT_CHR)
				sql(w, " AND e.\"%s\" = s.\"%s\"",
				    schema_colname(t, c), schema_colname(t, c));
		}
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

/* Sources and samples: all new, after the ids present. */
static void
renumber(struct sql_writer *w, enum table_id t)
{
	const char *name = ident(schema_name(t));
	const char *id = schema_colname(t, 0);

	sql(w, "CREATE TEMP TABLE \"map_%s\" (old INTEGER PRIMARY KEY, new "
	    "INTEGER);\nINSERT INTO \"map_%s\" SELECT \"%s\", (SELECT "
	    "COALESCE(MAX(\"%s\"), 0) FROM \"%s\") + ROW_NUMBER() OVER (ORDER "
	    "BY \"%s\") FROM \"stage_%s\";\n", name, name, id, id, name, id,
	    name);
}

static void
remap(struct sql_writer *w)
{
	static const char *const temps[] = {
		"key_", "group_", "new_", "map_",
	};
	size_t i, k;
	int t;

	renumber(w, T_SOURCES);
	sql(w, "INSERT INTO sources SELECT m.new, s.source_type, s.source_uri, "
	    "s.source_timestamp FROM stage_sources s JOIN map_sources m ON "
	    "m.old = s.source_id;\n"
	    "INSERT INTO source_attributes SELECT m.new, s.\"key\", s.value "
	    "FROM stage_source_attributes s JOIN map_sources m ON m.old = "
	    "s.source_id;\n");
	dedupe(w, T_FUNCTIONS, "stage_functions");
	dedupe(w, T_MAPPINGS, "stage_mappings");
	sql(w, "CREATE TEMP TABLE remapped_locations AS SELECT s.location_id, "
	    "f.new AS function_id, s.line, s.address, m.new AS mapping_id, "
	    "s.is_folded, s.inlined, s.\"column\" FROM stage_locations s LEFT "
	    "JOIN map_functions f ON f.old = s.function_id LEFT JOIN "
	    "map_mappings m ON m.old = s.mapping_id;\n");
	dedupe(w, T_LOCATIONS, "remapped_locations");
	/* a location merged with one present has that one's attributes */
	sql(w, "INSERT INTO location_attributes SELECT l.new, s.\"key\", "
	    "s.value FROM stage_location_attributes s JOIN map_locations l ON "
	    "l.old = s.location_id WHERE l.new IN (SELECT new FROM "
	    "new_locations);\n");
	renumber(w, T_SAMPLES);
	sql(w, "INSERT INTO samples SELECT m.new, src.new FROM stage_samples s "
	    "JOIN map_samples m ON m.old = s.sample_id JOIN map_sources src ON "
	    "src.old = s.source_id;\n"
	    "INSERT INTO sample_values SELECT m.new, s.type, s.unit, s.value "
	    "FROM stage_sample_values s JOIN map_samples m ON m.old = "
	    "s.sample_id;\n"
	    "INSERT INTO sample_locations SELECT m.new, s.depth, l.new FROM "
	    "stage_sample_locations s JOIN map_samples m ON m.old = s.sample_id "
	    "JOIN map_locations l ON l.old = s.location_id;\n"
	    "INSERT INTO sample_labels SELECT m.new, s.\"key\", s.str, s.num, "
	    "s.num_unit FROM stage_sample_labels s JOIN map_samples m ON m.old "
	    "= s.sample_id;\n"
	    "INSERT INTO sample_times SELECT m.new, s.time_unix_nano FROM "
	    "stage_sample_times s JOIN map_samples m ON m.old = s.sample_id;\n");
	for (t = 0; t < T_COUNT; t++)
		if (stored(t))
			sql(w, "DROP TABLE \"stage_%s\";\n",
			    ident(schema_name(t)));
	sql(w, "DROP TABLE remapped_locations;\nDROP TABLE map_sources;\n"
	    "DROP TABLE map_samples;\n");
	for (i = 0; i < 3; i++)
		for (k = 0; k < sizeof(temps) / sizeof(temps[0]); k++)
			sql(w, "DROP TABLE \"%s%s\";\n", temps[k], i == 0 ?
			    "functions" : i == 1 ? "mappings" : "locations");
}

/* The temporary tables the rows are staged in, with the stream's ids. */
static void
stage_tables(struct sql_writer *w)
{
	size_t i;
	enum table_id t;
	char name[64];

	for (i = 0; i < SCHEMA_ORDER_N; i++)
		if (stored(t = schema_order[i])) {
			snprintf(name, sizeof(name), "stage_%s",
			    ident(schema_name(t)));
			sql(w, "DROP TABLE IF EXISTS \"%s\";\n", name);
			create(w, t, name, 1);
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
	case SQL_REMAP:
		remap(&w);
		break;
	}
}

int
sql_end(struct sql_writer *w, struct perr *e)
{
	size_t i;
	enum table_id t;

	/* PostgreSQL: the script's bytes are UTF-8, whatever the client's
	 * locale says (a LATIN1 client stored café as cafÃ©) */
	sql(w, "-- a profile stream, added to the profiles this database "
	    "holds (tsv2sql)\n%sBEGIN;\n", w->d == SQL_POSTGRESQL ?
	    "SET client_encoding = 'UTF8';\n"
	    "SET client_min_messages = warning;\n" : "");
	schema(w);
	stage_tables(w);
	for (i = 0; i < SCHEMA_ORDER_N; i++)
		if (stored(t = schema_order[i]) && unstage(w, t, e) < 0)
			return -1;
	remap(w);
	sql(w, "COMMIT;\n");
	return 0;
}
