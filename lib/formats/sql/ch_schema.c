/*
 * The ClickHouse layout (ch.h): its tables, made from the stream's schema
 * where they hold a stream's table, and the views that give 2.0's tables
 * back. Only what ClickHouse 18.16 (Debian's) and current ClickHouse both
 * accept: no column codecs, no window functions, no JOIN ... ON, no
 * Nullable inside arrays, one ARRAY JOIN a SELECT.
 */
#include <stdio.h>
#include <string.h>

#include "formats/sql/ch.h"

/* What a stream's column is in ClickHouse: ids and references are
 * hashes. */
static const char *
ch_type(const struct column *c, int pk)
{
	int na = (c->flags & CF_NA) != 0;

	if (pk || c->ref != T_NONE)
		return na ? "Nullable(UInt64)" : "UInt64";
	switch (c->type) {
	case CT_INT: case CT_I64:
		return na ? "Nullable(Int64)" : "Int64";
	case CT_DBL:
		return na ? "Nullable(Float64)" : "Float64";
	case CT_LGL:
		return "UInt8";
	case CT_HEX:
		return na ? "Nullable(UInt64)" : "UInt64";
	case CT_CHR:
		break;
	}
	return na ? "Nullable(String)" : "String";
}

static const enum table_id stream_of[CH_TABLES] = {
	[CH_FUNCTIONS] = T_FUNCTIONS, [CH_MAPPINGS] = T_MAPPINGS,
	[CH_LOCATIONS] = T_LOCATIONS, [CH_STACKS] = T_NONE,
	[CH_VALUE_KINDS] = T_NONE, [CH_SAMPLE_BLOCKS] = T_NONE,
	[CH_SOURCES] = T_SOURCES,
};

static const struct ch_col stacks_cols[] = {
	{ "stack_id", "UInt64" },
	{ "frames", "Array(UInt64)" },	/* location ids, leaf first */
};
static const struct ch_col kinds_cols[] = {
	{ "kind_id", "UInt64" },
	{ "ver", "UInt64" }, { "load", "UInt64" }, { "position", "UInt32" },
	{ "types", "Array(String)" },
	{ "units", "Array(String)" },
};
static const struct ch_col blocks_cols[CHB_COLS] = {
	[CHB_MADE] = { "made", "UInt64" },
	[CHB_LOAD] = { "load", "UInt64" },
	[CHB_FIRST] = { "first", "UInt32" },
	[CHB_TIME_MIN] = { "time_min", "Int64" },
	[CHB_TIME_MAX] = { "time_max", "Int64" },
	[CHB_SOURCE] = { "source_id", "Array(UInt64)" },
	[CHB_STACK] = { "stack_id", "Array(UInt64)" },
	[CHB_KIND] = { "kind_id", "Array(UInt64)" },
	[CHB_VALUE] = { "value", "Array(Array(Int64))" },
	[CHB_VALUE_TEXT] = { "value_text", "Array(String)" },
	[CHB_TIME] = { "time", "Array(Int64)" },
	[CHB_TIMED] = { "timed", "Array(UInt8)" },
	[CHB_LABEL_KEY] = { "label_key", "Array(Array(String))" },
	[CHB_LABEL_STR] = { "label_str", "Array(Array(String))" },
	[CHB_LABEL_NUM] = { "label_num", "Array(Array(Int64))" },
	[CHB_LABEL_UNIT] = { "label_num_unit", "Array(Array(String))" },
	[CHB_LABEL_NA] = { "label_na", "Array(Array(UInt8))" },
};

#define MAX_COLS (SCHEMA_MAX_COLS + 6)
static struct ch_col made_cols[CH_TABLES][MAX_COLS];
static int made_n[CH_TABLES];

/* A stream's table: its id; the load that brought it (sources: made,
 * load, position first, their order); its columns; attributes. */
static void
make_columns(enum ch_table t)
{
	const struct table *tb = &schema_tables[stream_of[t]];
	struct ch_col *c = made_cols[t];
	int i, n = 0, ncols = tb->ncols + tb->next;

	if (t == CH_SOURCES) {
		c[n++] = (struct ch_col){ "made", "UInt64" };
		c[n++] = (struct ch_col){ "load", "UInt64" };
		c[n++] = (struct ch_col){ "position", "UInt32" };
	}
	for (i = 0; i < ncols; i++) {
		c[n].name = tb->cols[i].name + (tb->cols[i].name[0] == '.');
		c[n++].type = ch_type(&tb->cols[i], i == tb->pk);
		if (i == tb->pk && t != CH_SOURCES) {
			c[n++] = (struct ch_col){ "ver", "UInt64" };
			c[n++] = (struct ch_col){ "load", "UInt64" };
			c[n++] = (struct ch_col){ "position", "UInt32" };
		}
	}
	if (t == CH_SOURCES || t == CH_LOCATIONS) {
		c[n++] = (struct ch_col){ "attribute_keys", "Array(String)" };
		c[n++] = (struct ch_col){ "attribute_values", "Array(String)" };
	}
	made_n[t] = n;
}

const struct ch_col *
ch_columns(enum ch_table t, int *n)
{
	switch (t) {
	case CH_STACKS:
		*n = 2;
		return stacks_cols;
	case CH_VALUE_KINDS:
		*n = 6;
		return kinds_cols;
	case CH_SAMPLE_BLOCKS:
		*n = CHB_COLS;
		return blocks_cols;
	default:
		break;
	}
	if (made_n[t] == 0)
		make_columns(t);
	*n = made_n[t];
	return made_cols[t];
}

const char *
ch_table_name(enum ch_table t)
{
	static const char *const names[CH_TABLES] = {
		"functions", "mappings", "locations", "stacks", "value_kinds",
		"sample_blocks", "sources"
	};

	return names[t];
}

/* Its engine, on one server (or a shard); and how a cluster spreads its
 * rows: a definition by its id, so that equal rows meet on one shard and
 * merge there. */
static const char *
engine(enum ch_table t)
{
	switch (t) {
	case CH_SOURCES:
		return "ReplacingMergeTree ORDER BY (made, load, position)";
	case CH_SAMPLE_BLOCKS:
		return "ReplacingMergeTree ORDER BY (made, load, first)";
	case CH_STACKS:
		return "ReplacingMergeTree ORDER BY stack_id";
	case CH_VALUE_KINDS:
		return "ReplacingMergeTree(ver) ORDER BY kind_id";
	case CH_FUNCTIONS:
		return "ReplacingMergeTree(ver) ORDER BY function_id";
	case CH_MAPPINGS:
		return "ReplacingMergeTree(ver) ORDER BY mapping_id";
	default:
		return "ReplacingMergeTree(ver) ORDER BY location_id";
	}
}

static const char *
shard_key(enum ch_table t)
{
	switch (t) {
	case CH_SOURCES:
		return "load";
	case CH_SAMPLE_BLOCKS:
		return "cityHash64(load, first)";
	default:
		return ch_columns(t, &(int){ 0 })[0].name;
	}
}

static void
create(struct output *o, enum ch_table t, const char *suffix)
{
	const struct ch_col *c;
	int i, n;

	c = ch_columns(t, &n);
	out_str(o, "CREATE TABLE IF NOT EXISTS `");
	out_str(o, ch_table_name(t));
	out_str(o, suffix);
	out_str(o, "` (");
	for (i = 0; i < n; i++) {
		out_str(o, i ? ", `" : "`");
		out_str(o, c[i].name);
		out_str(o, "` ");
		out_str(o, c[i].type);
	}
	out_str(o, ") ENGINE = ");
	out_str(o, engine(t));
	out_str(o, ";\n");
}

/*
 * 2.0's tables, as views: a sample is (load, sample_no), its number in
 * its load from 1; each block, source and definition once (a script run
 * twice, or merges that have not met a row's copies yet); a value past
 * int64 (value_text) as Float64. function_totals and source_totals: the
 * figures of tsv2sql(1)'s queries, each block's values summed by stack
 * (or source) where the block lies, on each shard, before the names are
 * joined.
 */
#define BLOCKS "(SELECT * FROM sample_blocks LIMIT 1 BY made, load, first)"
#define VALUES "if(vt = '', arrayMap(x -> toFloat64(x), vi), " \
    "arrayMap(x -> toFloat64OrZero(x), splitByChar(',', vt)))"
#define KINDS "(SELECT kind_id, any(types) AS ts, any(units) AS us " \
    "FROM value_kinds GROUP BY kind_id)"
static const struct {
	const char *name, *select;
} views[] = {
	{ "samples",
	    "SELECT load, sample_no, src AS source_id FROM (SELECT load, "
	    "first + n - 1 AS sample_no, src FROM " BLOCKS " ARRAY JOIN "
	    "source_id AS src, arrayEnumerate(source_id) AS n)" },
	{ "sample_values",
	    "SELECT load, sample_no, ts[i] AS type, us[i] AS unit, v[i] AS "
	    "value FROM (SELECT load, sample_no, ts, us, v FROM (SELECT "
	    "load, sample_no, kid AS kind_id, v FROM (SELECT load, first + "
	    "n - 1 AS sample_no, kid, " VALUES " AS v FROM " BLOCKS " ARRAY "
	    "JOIN kind_id AS kid, value AS vi, value_text AS vt, "
	    "arrayEnumerate(kind_id) AS n)) ANY INNER JOIN " KINDS " USING "
	    "kind_id) ARRAY JOIN arrayEnumerate(ts) AS i" },
	{ "sample_locations",
	    "SELECT load, sample_no, d AS depth, f AS location_id FROM "
	    "(SELECT load, sample_no, fr FROM (SELECT load, sample_no, sid "
	    "AS stack_id FROM (SELECT load, first + n - 1 AS sample_no, sid "
	    "FROM " BLOCKS " ARRAY JOIN stack_id AS sid, "
	    "arrayEnumerate(stack_id) AS n)) ANY INNER JOIN (SELECT "
	    "stack_id, any(frames) AS fr FROM stacks GROUP BY stack_id) "
	    "USING stack_id) ARRAY JOIN fr AS f, arrayEnumerate(fr) AS d" },
	{ "sample_times",
	    "SELECT load, sample_no, t AS time_unix_nano FROM (SELECT load, "
	    "first + n - 1 AS sample_no, t, tm FROM " BLOCKS " ARRAY JOIN "
	    "arrayCumSum(time) AS t, timed AS tm, arrayEnumerate(timed) AS "
	    "n) WHERE tm = 1" },
	{ "sample_labels",
	    "SELECT load, sample_no, lk AS key, if(bitAnd(na, 1) = 1, NULL, "
	    "ls) AS str, if(bitAnd(na, 2) = 2, NULL, ln) AS num, "
	    "if(bitAnd(na, 4) = 4, NULL, lu) AS num_unit FROM (SELECT load, "
	    "sample_no, lk, ls, ln, lu, na FROM (SELECT load, first + n - 1 "
	    "AS sample_no, k, s, m, u, a FROM " BLOCKS " ARRAY JOIN "
	    "label_key AS k, label_str AS s, label_num AS m, label_num_unit "
	    "AS u, label_na AS a, arrayEnumerate(label_key) AS n) ARRAY "
	    "JOIN k AS lk, s AS ls, m AS ln, u AS lu, a AS na)" },
	{ "source_attributes",
	    "SELECT source_id, k AS key, v AS value FROM (SELECT * FROM "
	    "sources LIMIT 1 BY made, load, position) ARRAY JOIN "
	    "attribute_keys AS k, attribute_values AS v" },
	{ "location_attributes",
	    "SELECT location_id, k AS key, v AS value FROM (SELECT "
	    "location_id, argMax(attribute_keys, ver) AS ks, "
	    "argMax(attribute_values, ver) AS vs FROM locations GROUP BY "
	    "location_id) ARRAY JOIN ks AS k, vs AS v" },
	{ "function_totals",
	    "SELECT ts[i] AS type, us[i] AS unit, nm AS name, sum(sf[i]) AS "
	    "self, sum(st[i]) AS total FROM (SELECT nm, ts, us, sf, st FROM "
	    "(SELECT kid AS kind_id, nm, sf, st FROM (SELECT kid, nm, "
	    "sumForEach(if(leaf = 1, sums, arrayMap(x -> 0., sums))) AS sf, "
	    "sumForEach(sums) AS st FROM (SELECT sk, kid, nm, any(sums) AS "
	    "sums, max(dep = 1) AS leaf FROM (SELECT sk, kid, sums, dep, nm "
	    "FROM (SELECT sk, kid, sums, dep, ifNull(fid, toUInt64(0)) AS "
	    "function_id FROM (SELECT sk, kid, sums, dep, fid FROM (SELECT "
	    "sk, kid, sums, dep, lid AS location_id FROM (SELECT sk, kid, "
	    "sums, lid, dep FROM (SELECT stack_id AS sk, kid, sums, fr FROM "
	    "(SELECT sid AS stack_id, kid, sums FROM (SELECT sid, kid, "
	    "sumForEach(v) AS sums FROM (SELECT sid, kid, " VALUES " AS v "
	    "FROM " BLOCKS " ARRAY JOIN stack_id AS sid, kind_id AS kid, "
	    "value AS vi, value_text AS vt) GROUP BY sid, kid)) ANY INNER "
	    "JOIN (SELECT stack_id, any(frames) AS fr FROM stacks GROUP BY "
	    "stack_id) USING stack_id) ARRAY JOIN fr AS lid, "
	    "arrayEnumerate(fr) AS dep)) ANY INNER JOIN (SELECT "
	    "location_id, any(function_id) AS fid FROM locations GROUP BY "
	    "location_id) USING location_id)) ANY INNER JOIN (SELECT "
	    "function_id, any(name) AS nm FROM functions GROUP BY "
	    "function_id) USING function_id) GROUP BY sk, kid, nm) GROUP BY "
	    "kid, nm)) ANY INNER JOIN " KINDS " USING kind_id) ARRAY JOIN "
	    "arrayEnumerate(ts) AS i GROUP BY type, unit, name" },
	{ "source_totals",
	    "SELECT src AS source_id, ts[i] AS type, us[i] AS unit, "
	    "sum(sums[i]) AS total FROM (SELECT src, ts, us, sums FROM "
	    "(SELECT src, kid AS kind_id, sums FROM (SELECT src, kid, "
	    "sumForEach(v) AS sums FROM (SELECT src, kid, " VALUES " AS v "
	    "FROM " BLOCKS " ARRAY JOIN source_id AS src, kind_id AS kid, "
	    "value AS vi, value_text AS vt) GROUP BY src, kid)) ANY INNER "
	    "JOIN " KINDS " USING kind_id) ARRAY JOIN arrayEnumerate(ts) AS "
	    "i GROUP BY source_id, type, unit" },
};

void
ch_schema(struct output *o, const char *cluster)
{
	int t;

	for (t = 0; t < CH_TABLES; t++) {
		if (cluster == NULL) {
			create(o, t, "");
			continue;
		}
		create(o, t, "_local");
		out_str(o, "CREATE TABLE IF NOT EXISTS `");
		out_str(o, ch_table_name(t));
		out_str(o, "` AS `");
		out_str(o, ch_table_name(t));
		out_str(o, "_local` ENGINE = Distributed(");
		/* the name, as a string literal: only [A-Za-z0-9_.-] pass */
		out_str(o, "'");
		out_str(o, cluster);
		out_str(o, "', currentDatabase(), '");
		out_str(o, ch_table_name(t));
		out_str(o, "_local', ");
		out_str(o, shard_key(t));
		out_str(o, ");\n");
	}
	for (t = 0; t < (int)(sizeof(views) / sizeof(views[0])); t++) {
		out_str(o, "CREATE VIEW IF NOT EXISTS ");
		out_str(o, views[t].name);
		out_str(o, " AS ");
		out_str(o, views[t].select);
		out_str(o, ";\n");
	}
}
