/*
 * The database's tables, views and indexes as SQL (sql_impl.h): the
 * stream's tables (names without the leading dot; locations always with
 * their extension columns, neutral where a stream lacks them; hex numbers
 * as text, as 64 unsigned bits fit no SQL integer), but each distinct
 * stack is one row of stacks (its frames as text), each distinct list of
 * value types one row of value_kinds, and a sample one row of
 * sample_stacks that names them and holds its values; the views
 * samples, sample_values and sample_locations give 2.0's tables back.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/sql/sql_impl.h"

#define NCOLS(t) (schema_tables[t].ncols + schema_tables[t].next)

const char *
sql_ident(const char *name)
{
	return name[0] == '.' ? name + 1 : name;
}

void
sqlf(struct sql_writer *w, const char *fmt, ...)
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
const char *
sql_stored_name(enum table_id t)
{
	return t == T_SAMPLES ? sql_table_of(SQ_SAMPLE_STACKS).name :
	    sql_ident(schema_name(t));
}

/* The columns of t, quoted, with a prefix before each ("s." ...). */
void
sql_columns(struct sql_writer *w, enum table_id t, const char *prefix)
{
	const struct table *tb = &schema_tables[t];
	int c;

	for (c = 0; c < tb->ncols + tb->next; c++)
		sqlf(w, "%s%s\"%s\"", c ? ", " : "", prefix,
		    sql_ident(tb->cols[c].name));
}

/* The tables whose rows' order the stream keeps: a source's attributes,
 * a location's, a sample's labels (its values keep theirs by column).
 * SQLite's rowid numbers rows as added; PostgreSQL keeps no order (a
 * short row may land in an earlier page's free space), so its tables
 * have a column that does. */
int
sql_ordered(enum sql_dialect d, enum sql_table t)
{
	return d == SQL_POSTGRESQL && (t == SQ_SOURCE_ATTRIBUTES ||
	    t == SQ_LOCATION_ATTRIBUTES || t == SQ_SAMPLE_LABELS);
}

/* The order column's definition: numbered from the sequence where rows
 * are added (staged, in the stream's order; stored, in that order
 * again), given by the coordinator on a shard. */
static void
order_column(struct sql_writer *w, enum sql_table_kind k, const char *sep)
{
	sqlf(w, "%s\"%s\" BIGINT NOT NULL%s", sep, SQL_ORDER_COLUMN,
	    k == SQL_TABLE_SHARD ? "" : k == SQL_TABLE_STAGE ?
	    " DEFAULT nextval('stage_" SQL_ORDER_COLUMN "')" :
	    " DEFAULT nextval('" SQL_ORDER_COLUMN "')");
}

void
sql_create(struct sql_writer *w, enum sql_table t, enum sql_table_kind k)
{
	struct sql_table_def d = sql_table_of(t);
	const char *ref;
	int c, own;

	sqlf(w, "CREATE %sTABLE %s\"%s%s\" (", k == SQL_TABLE_STAGE ? "TEMP " :
	    "", k == SQL_TABLE_STORED || k == SQL_TABLE_SHARD ?
	    "IF NOT EXISTS " : "", k == SQL_TABLE_STAGE ? "stage_" : "",
	    d.name);
	for (c = 0; c < d.ncols; c++) {
		const struct column *col = &d.cols[c];
		sqlf(w, "%s\"%s\" %s", c ? ", " : "", sql_ident(col->name),
		    sqltype(w, col->type));
		if (k == SQL_TABLE_STAGE)
			continue;
		if (c == d.pk && k != SQL_TABLE_PARTITIONED)
			sqlf(w, " PRIMARY KEY");
		else if (!(col->flags & CF_NA))
			sqlf(w, " NOT NULL");
		if (k != SQL_TABLE_STORED)
			continue;
		own = sql_own_ref(t, c);
		ref = col->ref != T_NONE ? sql_stored_name(col->ref) :
		    own >= 0 ? sql_table_of(own).name : NULL;
		if (ref != NULL)
			sqlf(w, " REFERENCES \"%s\" (\"%s\")", ref,
			    col->ref != T_NONE ? schema_colname(col->ref,
			    schema_tables[col->ref].pk) : sql_ident(
			    sql_table_of(own).cols[0].name));
	}
	if (sql_ordered(w->d, t))
		order_column(w, k, ", ");
	sqlf(w, ")%s;\n", k == SQL_TABLE_PARTITIONED ?
	    " PARTITION BY HASH (sample_id)" : "");
}

/* A location's key, NULL-safe: a value no column holds stands for NULL,
 * so that an index (of expressions) serves the comparison in both
 * databases. Per column after the id: what stands for NULL, or none. */
static const char *const loc_null[] = {
	"0", "-9999999999", "''", "0", NULL, NULL, NULL,
};

/* Key column c of locations as the index has it, of the table aliased
 * prefix, or of parameter ?c when prefix is NULL. */
void
sql_loc_key(struct sql_writer *w, int c, const char *prefix)
{
	const char *null = loc_null[c - 1];
	char what[64];

	if (prefix == NULL)
		snprintf(what, sizeof(what), "?%d", c);
	else
		snprintf(what, sizeof(what), "%s\"%s\"", prefix,
		    sql_ident(schema_colname(T_LOCATIONS, c)));
	if (null != NULL)
		sqlf(w, "COALESCE(%s, %s)", what, null);
	else
		sqlf(w, "%s", what);
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
		sqlf(w, "%smd5(%s\"%s\")", sep, prefix, name);
	else
		sqlf(w, "%s%s\"%s\"", sep, prefix, name);
}

/* Column c of the stream's table t as a key of the look-up index. */
void
sql_key_column(struct sql_writer *w, enum table_id t, int c, const char *sep,
    const char *prefix)
{
	const char *name = sql_ident(schema_colname(t, c));

	if (schema_tables[t].cols[c].type == CT_CHR)
		key_text(w, name, sep, prefix);
	else
		sqlf(w, "%s%s\"%s\"", sep, prefix, name);
}

/* Text equal in both databases, through the md5 index in PostgreSQL. */
void
sql_same_text(struct sql_writer *w, const char *a, const char *b,
    const char *col)
{
	key_text(w, col, "", a);
	key_text(w, col, " = ", b);
	if (w->d == SQL_POSTGRESQL)
		sqlf(w, " AND %s\"%s\" = %s\"%s\"", a, col, b, col);
}

/* The layouts before this one, refused rather than mixed with it: a
 * table that only they have, and what to do. */
static const struct {
	const char *tables, *why;
} old_layouts[] = {
	{ "'samples', 'sample_locations'", "this database holds the tables "
	    "of tsv2sql 0.9 (samples and sample_locations as tables): add the "
	    "profiles to a new database" },
	{ "'sample_values'", "this database keeps a row per sample value "
	    "(sample_values as a table), the layout before packed samples: "
	    "copy it into a new database with sql2tsv (sql2tsv old.db | "
	    "tsv2sql -b new.db), which reads both" },
};

/* The value at position pos (an SQL expression, 1 the first) of the
 * sample_stacks row aliased s. */
void
sql_value_at(struct sql_writer *w, const char *s, const char *pos)
{
	int i;

	sqlf(w, "CASE %s", pos);
	for (i = 0; i < SQL_VALUE_COLUMNS; i++)
		sqlf(w, " WHEN %d THEN %svalue_%d", i + 1, s, i + 1);
	if (w->d == SQL_SQLITE)
		sqlf(w, " ELSE json_extract('[' || %smore_values || ']', '$[' || "
		    "(%s - %d) || ']') END", s, pos, SQL_VALUE_COLUMNS + 1);
	else
		sqlf(w, " ELSE split_part(%smore_values, ',', %s - %d)::float8 "
		    "END", s, pos, SQL_VALUE_COLUMNS);
}

/* The views that give 2.0's tables back. */
static void
views(struct sql_writer *w)
{
	const char *create = w->d == SQL_SQLITE ? "CREATE VIEW IF NOT EXISTS" :
	    "CREATE OR REPLACE VIEW";

	sqlf(w, "%s samples AS SELECT sample_id, source_id FROM sample_stacks;\n",
	    create);
	/* a sample's values, a row each */
	sqlf(w, "%s sample_values AS SELECT s.sample_id, t.type, t.unit, ",
	    create);
	sql_value_at(w, "s.", "t.position");
	sqlf(w, " AS value FROM sample_stacks s JOIN value_types t ON "
	    "t.kind_id = s.kind_id;\n");
	if (w->d == SQL_SQLITE)
		sqlf(w, "%s sample_locations AS SELECT s.sample_id, j.key + 1 AS "
		    "depth, j.value AS location_id FROM sample_stacks s JOIN "
		    "stacks k ON k.stack_id = s.stack_id, json_each('[' || "
		    "k.frames || ']') j;\n", create);
	else
		sqlf(w, "%s sample_locations AS SELECT s.sample_id, "
		    "f.depth::integer AS depth, f.location_id::integer AS "
		    "location_id FROM sample_stacks s JOIN stacks k ON k.stack_id "
		    "= s.stack_id, unnest(string_to_array(k.frames, ',')) WITH "
		    "ORDINALITY AS f(location_id, depth);\n", create);
}

void
sql_schema(struct sql_writer *w)
{
	struct sql_table_def d;
	size_t i;
	int t, c;

	/* a database of a layout before this one is not added to */
	for (i = 0; i < sizeof(old_layouts) / sizeof(old_layouts[0]); i++)
		if (w->d == SQL_SQLITE)
			sqlf(w, "CREATE TEMP TABLE layout_check (ok INTEGER "
			    "CONSTRAINT \"%s\" CHECK (ok));\nINSERT INTO "
			    "layout_check SELECT NOT EXISTS (SELECT 1 FROM "
			    "sqlite_master WHERE type = 'table' AND name IN "
			    "(%s));\nDROP TABLE layout_check;\n",
			    old_layouts[i].why, old_layouts[i].tables);
		else
			sqlf(w, "DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_tables "
			    "WHERE schemaname = current_schema() AND tablename "
			    "IN (%s)) THEN RAISE EXCEPTION '%s'; END IF; END "
			    "$$;\n", old_layouts[i].tables, old_layouts[i].why);
	if (w->d == SQL_POSTGRESQL)
		sqlf(w, "CREATE SEQUENCE IF NOT EXISTS \"%s\";\n",
		    SQL_ORDER_COLUMN);
	for (t = 0; t < SQ_COUNT; t++)
		sql_create(w, t, SQL_TABLE_STORED);
	/* an index for each reference to a stream's table (a sample's
	 * stack and kind have none: a query goes from the samples to them,
	 * and each would cost a sample some 10 bytes) */
	for (t = 0; t < SQ_COUNT; t++) {
		d = sql_table_of(t);
		for (c = 0; c < d.ncols; c++) {
			if (d.cols[c].ref == T_NONE)
				continue;
			/* PostgreSQL: not on a table partitioned across
			 * servers (tsv2sql --shard), whose partitions have
			 * theirs */
			if (w->d == SQL_POSTGRESQL)
				sqlf(w, "DO $$ BEGIN IF (SELECT relkind FROM "
				    "pg_class WHERE oid = '%s'::regclass) = 'r' "
				    "THEN ", d.name);
			sqlf(w, "CREATE INDEX IF NOT EXISTS \"%s_%s\" ON "
			    "\"%s\" (\"%s\");", d.name, sql_ident(d.cols[c].name),
			    d.name, sql_ident(d.cols[c].name));
			sqlf(w, "%s\n", w->d == SQL_POSTGRESQL ?
			    " END IF; END $$;" : "");
		}
	}
	/* what loading looks up: equal functions, mappings, locations,
	 * stacks */
	sqlf(w, "CREATE INDEX IF NOT EXISTS functions_key ON functions (");
	for (c = 1; c < schema_tables[T_FUNCTIONS].ncols; c++)
		sql_key_column(w, T_FUNCTIONS, c, c > 1 ? ", " : "", "");
	sqlf(w, ");\nCREATE INDEX IF NOT EXISTS mappings_key ON mappings (");
	for (c = 1; c < schema_tables[T_MAPPINGS].ncols; c++)
		sql_key_column(w, T_MAPPINGS, c, c > 1 ? ", " : "", "");
	sqlf(w, ");\nCREATE INDEX IF NOT EXISTS locations_key ON locations (");
	for (c = 1; c < NCOLS(T_LOCATIONS); c++) {
		sqlf(w, "%s(", c > 1 ? ", " : "");
		sql_loc_key(w, c, "");
		sqlf(w, ")");
	}
	sqlf(w, ");\nCREATE %sINDEX IF NOT EXISTS stacks_key ON stacks (",
	    w->d == SQL_SQLITE ? "UNIQUE " : "");
	key_text(w, "frames", "", "");
	sqlf(w, ");\nCREATE %sINDEX IF NOT EXISTS value_kinds_key ON "
	    "value_kinds (", w->d == SQL_SQLITE ? "UNIQUE " : "");
	key_text(w, "types", "", "");
	/* SQLite: a view's rows of one type found in the index alone
	 * (PostgreSQL hashes the few kinds; a long type would not fit its
	 * btree) */
	sqlf(w, ");\nCREATE UNIQUE INDEX IF NOT EXISTS value_types_key ON "
	    "value_types (kind_id, position);\n");
	if (w->d == SQL_SQLITE)
		sqlf(w, "CREATE INDEX IF NOT EXISTS value_types_type ON "
		    "value_types (kind_id, type, position);\n");
	views(w);
}

/* The row of the stream's table t (functions, mappings, locations)
 * equal to the one in parameters ?1.. (its columns after the id), as
 * loading finds it (SQLite). */
void
sql_lookup(struct sql_writer *w, enum table_id t)
{
	const char *col;
	int c;

	sqlf(w, "SELECT MIN(\"%s\") FROM \"%s\" WHERE ", schema_colname(t, 0),
	    sql_ident(schema_name(t)));
	for (c = 1; c < NCOLS(t); c++) {
		col = sql_ident(schema_colname(t, c));
		sqlf(w, "%s", c > 1 ? " AND " : "");
		if (t == T_LOCATIONS) {
			sql_loc_key(w, c, "");
			sqlf(w, " = ");
			sql_loc_key(w, c, NULL);
		} else
			sqlf(w, "\"%s\" = ?%d", col, c);
	}
}

/* The stack whose frames are parameter ?1, as stacks_key finds it
 * (SQLite). */
void
sql_lookup_stack(struct sql_writer *w)
{
	sqlf(w, "SELECT MIN(stack_id) FROM stacks WHERE frames = ?1");
}
