/*
 * The SQL that adds staged rows (in the stream's ids, in the tables
 * stage_NAME) to what the database holds (sql_impl.h): sources and
 * samples after the ids present; functions, mappings, locations and
 * stacks equal to ones present (tsvcombine's equality) reused, the others
 * after the ids present; every reference remapped.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/sql/sql_impl.h"

/* The order rows were staged in, the stream's: inserted in it, the rows
 * whose order the stream keeps (a source's attributes, a sample's
 * labels) keep it in the tables (sql2tsv reads them back so). */
static const char *
staged(const struct sql_writer *w)
{
	return w->d == SQL_SQLITE ? "rowid" : SQL_ORDER_COLUMN;
}

/* Functions, mappings and locations: those equal to one present get its
 * id, the others (one per distinct key) new ids after those present;
 * map_T holds old -> new. src: the staged rows with their references
 * remapped already. */
static void
dedupe(struct sql_writer *w, enum table_id t, const char *src)
{
	const char *name = sql_ident(schema_name(t));
	const char *id = schema_colname(t, 0);
	const char *col;
	int c, n = schema_tables[t].ncols + schema_tables[t].next;

	sqlf(w, "CREATE TEMP TABLE \"key_%s\" AS SELECT s.\"%s\" AS old, "
	    "MIN(e.\"%s\") AS found", name, id, id);
	for (c = 1; c < n; c++)
		sqlf(w, ", s.\"%s\"", sql_ident(schema_colname(t, c)));
	sqlf(w, " FROM \"%s\" s LEFT JOIN \"%s\" e ON ", src, name);
	for (c = 1; c < n; c++) {
		col = sql_ident(schema_colname(t, c));
		sqlf(w, "%s", c > 1 ? " AND " : "");
		if (t == T_LOCATIONS) {
			sql_loc_key(w, c, "e.");
			sqlf(w, " = ");
			sql_loc_key(w, c, "s.");
		} else if (schema_tables[t].cols[c].type == CT_CHR)
			sql_same_text(w, "e.", "s.", col);
		else
			sqlf(w, "e.\"%s\" = s.\"%s\"", col, col);
	}
	sqlf(w, " GROUP BY s.\"%s\"", id);
	for (c = 1; c < n; c++)
		sqlf(w, ", s.\"%s\"", sql_ident(schema_colname(t, c)));
	sqlf(w, ";\nCREATE TEMP TABLE \"group_%s\" AS SELECT k.*, MIN(old) "
	    "OVER (PARTITION BY ", name);
	for (c = 1; c < n; c++)
		sqlf(w, "%s\"%s\"", c > 1 ? ", " : "", sql_ident(schema_colname(t,
		    c)));
	sqlf(w, ") AS first FROM \"key_%s\" k;\n", name);
	sqlf(w, "CREATE TEMP TABLE \"new_%s\" AS SELECT first, (SELECT "
	    "COALESCE(MAX(\"%s\"), 0) FROM \"%s\") + ROW_NUMBER() OVER "
	    "(ORDER BY first) AS new FROM (SELECT DISTINCT first FROM "
	    "\"group_%s\" WHERE found IS NULL) d;\n", name, id, name, name);
	sqlf(w, "CREATE TEMP TABLE \"map_%s\" (old INTEGER PRIMARY KEY, new "
	    "INTEGER);\n", name);
	sqlf(w, "INSERT INTO \"map_%s\" SELECT g.old, COALESCE(g.found, n.new) "
	    "FROM \"group_%s\" g LEFT JOIN \"new_%s\" n ON n.first = g.first;\n",
	    name, name, name);
	sqlf(w, "INSERT INTO \"%s\" (", name);
	sql_columns(w, t, "");
	sqlf(w, ") SELECT n.new");
	for (c = 1; c < n; c++)
		sqlf(w, ", g.\"%s\"", sql_ident(schema_colname(t, c)));
	sqlf(w, " FROM \"new_%s\" n JOIN \"group_%s\" g ON g.old = n.first;\n",
	    name, name);
}

/* Stacks: the staged frames in the locations' new ids; those equal to a
 * stack present get its id, the others (one per distinct frames) new
 * ids after those present, in the order of their first sample. */
void
sql_key_stacks(struct sql_writer *w)
{
	/* the frames in order: SQLite's group_concat follows a window's
	 * ORDER BY (not an aggregate's before 3.44) */
	if (w->d == SQL_SQLITE)
		sqlf(w, "CREATE TEMP TABLE key_stacks AS SELECT old, frames FROM "
		    "(SELECT s.stack_id AS old, s.frame_count AS n, j.key AS i, "
		    "group_concat(l.new, ',') OVER (PARTITION BY s.stack_id "
		    "ORDER BY j.key ROWS UNBOUNDED PRECEDING) AS frames FROM "
		    "stage_stacks s, json_each('[' || s.frames || ']') j JOIN "
		    "map_locations l ON l.old = j.value) WHERE i = n - 1 UNION "
		    "ALL SELECT stack_id, '' FROM stage_stacks WHERE "
		    "frame_count = 0;\n");
	else
		sqlf(w, "CREATE TEMP TABLE key_stacks AS SELECT s.stack_id AS "
		    "old, COALESCE((SELECT string_agg(l.new::text, ',' ORDER BY "
		    "f.depth) FROM unnest(string_to_array(s.frames, ',')::integer"
		    "[]) WITH ORDINALITY AS f(location_id, depth) JOIN "
		    "map_locations l ON l.old = f.location_id), '') AS frames "
		    "FROM stage_stacks s;\n");
}

void
sql_add_stacks(struct sql_writer *w)
{
	sqlf(w, "CREATE TEMP TABLE found_stacks AS SELECT k.old, MIN(e.stack_id) "
	    "AS new FROM key_stacks k JOIN stacks e ON ");
	sql_same_text(w, "e.", "k.", "frames");
	sqlf(w, " GROUP BY k.old;\n"
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
	sql_same_text(w, "n.", "k.", "frames");
	sqlf(w, " WHERE k.old NOT IN (SELECT old FROM found_stacks);\n"
	    "INSERT INTO stacks SELECT n.new, s.frame_count, n.frames FROM "
	    "new_stacks n JOIN stage_stacks s ON s.stack_id = n.first;\n");
}

/* Sources and samples: all new, after the ids present. */
static void
renumber(struct sql_writer *w, const char *name, const char *id)
{
	sqlf(w, "CREATE TEMP TABLE \"map_%s\" (old INTEGER PRIMARY KEY, new "
	    "INTEGER);\nINSERT INTO \"map_%s\" SELECT \"%s\", (SELECT "
	    "COALESCE(MAX(\"%s\"), 0) FROM \"%s\") + ROW_NUMBER() OVER (ORDER "
	    "BY \"%s\") FROM \"stage_%s\";\n", name, name, id, id, name, id,
	    name);
}

/* The stream's sources, after those present. */
void
sql_add_sources(struct sql_writer *w)
{
	renumber(w, "sources", "source_id");
	sqlf(w, "INSERT INTO sources SELECT m.new, s.source_type, s.source_uri, "
	    "s.source_timestamp FROM stage_sources s JOIN map_sources m ON "
	    "m.old = s.source_id;\n"
	    "INSERT INTO source_attributes SELECT m.new, s.\"key\", s.value "
	    "FROM stage_source_attributes s JOIN map_sources m ON m.old = "
	    "s.source_id ORDER BY s.%s;\n", staged(w));
}

/* Its functions, mappings and locations, equal ones reused. */
void
sql_add_definitions(struct sql_writer *w)
{
	dedupe(w, T_FUNCTIONS, "stage_functions");
	dedupe(w, T_MAPPINGS, "stage_mappings");
	sqlf(w, "CREATE TEMP TABLE remapped_locations AS SELECT s.location_id, "
	    "f.new AS function_id, s.line, s.address, m.new AS mapping_id, "
	    "s.is_folded, s.inlined, s.\"column\" FROM stage_locations s LEFT "
	    "JOIN map_functions f ON f.old = s.function_id LEFT JOIN "
	    "map_mappings m ON m.old = s.mapping_id;\n");
	dedupe(w, T_LOCATIONS, "remapped_locations");
}

/* Value kinds: those not present (the same types in the same order)
 * added after the ids present, with their types; a kind is staged once,
 * and a sample finds its kind by its types (no table of ids: a small
 * load's time goes mostly to its temporary tables). */
static void
add_kinds(struct sql_writer *w)
{
	sqlf(w, "INSERT INTO value_kinds SELECT (SELECT COALESCE(MAX(kind_id), "
	    "0) FROM value_kinds) + ROW_NUMBER() OVER (ORDER BY k.kind_id), "
	    "k.types FROM stage_value_kinds k WHERE NOT EXISTS (SELECT 1 FROM "
	    "value_kinds e WHERE ");
	sql_same_text(w, "e.", "k.", "types");
	sqlf(w, ") ORDER BY k.kind_id;\n"
	    "INSERT INTO value_types SELECT e.kind_id, t.position, t.type, "
	    "t.unit FROM stage_value_types t JOIN stage_value_kinds k ON "
	    "k.kind_id = t.kind_id JOIN value_kinds e ON ");
	sql_same_text(w, "e.", "k.", "types");
	sqlf(w, " WHERE NOT EXISTS (SELECT 1 FROM value_types x WHERE "
	    "x.kind_id = e.kind_id) ORDER BY e.kind_id, t.position;\n");
}

/* The samples, the locations' attributes; the temporary tables go. */
void
sql_add_samples(struct sql_writer *w)
{
	static const char *const temps[] = {
		"stage_sources", "stage_source_attributes", "stage_mappings",
		"stage_functions", "stage_locations",
		"stage_location_attributes", "stage_stacks",
		"stage_value_kinds", "stage_value_types",
		"stage_sample_stacks", "stage_sample_labels",
		"stage_sample_times",
		"remapped_locations", "map_sources", "map_sample_stacks",
		"key_functions", "group_functions", "new_functions",
		"map_functions", "key_mappings", "group_mappings",
		"new_mappings", "map_mappings", "key_locations",
		"group_locations", "new_locations", "map_locations",
		"key_stacks", "found_stacks", "new_stacks", "map_stacks",
	};
	size_t i;

	/* a location merged with one present has that one's attributes */
	sqlf(w, "INSERT INTO location_attributes SELECT l.new, s.\"key\", "
	    "s.value FROM stage_location_attributes s JOIN map_locations l ON "
	    "l.old = s.location_id WHERE l.new IN (SELECT new FROM "
	    "new_locations) ORDER BY s.%s;\n", staged(w));
	add_kinds(w);
	renumber(w, "sample_stacks", "sample_id");
	sqlf(w, "INSERT INTO sample_stacks SELECT m.new, src.new, k.new, "
	    "vk.kind_id");
	for (i = 0; i < SQL_VALUE_COLUMNS; i++)
		sqlf(w, ", s.value_%zu", i + 1);
	sqlf(w, ", s.more_values FROM stage_sample_stacks s JOIN "
	    "map_sample_stacks m ON m.old = s.sample_id JOIN map_sources src "
	    "ON src.old = s.source_id JOIN map_stacks k ON k.old = s.stack_id "
	    "JOIN stage_value_kinds sk ON sk.kind_id = s.kind_id JOIN "
	    "value_kinds vk ON ");
	sql_same_text(w, "vk.", "sk.", "types");
	sqlf(w, ";\nINSERT INTO sample_labels SELECT m.new, s.\"key\", s.str, "
	    "s.num, s.num_unit FROM stage_sample_labels s JOIN map_sample_stacks m ON "
	    "m.old = s.sample_id ORDER BY s.%s;\n"
	    "INSERT INTO sample_times SELECT m.new, s.time_unix_nano FROM "
	    "stage_sample_times s JOIN map_sample_stacks m ON m.old = "
	    "s.sample_id;\n", staged(w));
	/* (a loader that made some of them itself made no others) */
	for (i = 0; i < sizeof(temps) / sizeof(temps[0]); i++)
		sqlf(w, "DROP TABLE IF EXISTS \"%s\";\n", temps[i]);
	if (w->d == SQL_POSTGRESQL)
		sqlf(w, "DROP SEQUENCE IF EXISTS \"stage_%s\";\n",
		    SQL_ORDER_COLUMN);
}

/* The temporary tables the rows are staged in, with the stream's ids. */
void
sql_stage_tables(struct sql_writer *w)
{
	int t;

	/* (the stored tables' sequence is not made yet: the rows are
	 * staged before the database is touched) */
	if (w->d == SQL_POSTGRESQL)
		sqlf(w, "CREATE TEMP SEQUENCE IF NOT EXISTS \"stage_%s\";\n",
		    SQL_ORDER_COLUMN);
	for (t = 0; t < SQ_COUNT; t++) {
		sqlf(w, "DROP TABLE IF EXISTS \"stage_%s\";\n",
		    sql_table_of(t).name);
		sql_create(w, t, SQL_TABLE_STAGE);
	}
}
