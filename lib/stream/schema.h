/* schema.h: every table and column of the stream (2.0, the legacy 1.0 and
 * the known extensions), defined once as data. Code names columns by the
 * enums below; only schema.c spells out their names. */
#ifndef SCHEMA_H
#define SCHEMA_H

#include <stddef.h>
#include <string.h>

enum coltype { CT_INT, CT_I64, CT_DBL, CT_CHR, CT_LGL, CT_HEX };

enum {
	CF_NA = 1,		/* may be NA */
	CF_NONEMPTY = 2,	/* chr: not the empty string */
	CF_ID = 4,		/* int: 1 .. 2^31-1 */
	CF_NONNEG = 8,		/* int: >= 0 */
};

enum table_id {
	T_META, T_SOURCES, T_SAMPLES, T_SAMPLE_VALUES, T_SAMPLE_LOCATIONS,
	T_LOCATIONS, T_FUNCTIONS,
	T_SOURCE_ATTRIBUTES, T_SAMPLE_LABELS, T_MAPPINGS,	/* extensions */
	T_SAMPLE_TIMES, T_LOCATION_ATTRIBUTES,
	T_V1_SAMPLE_TYPES, T_V1_SAMPLES,			/* 1.0 only */
	T_COUNT,
	T_NONE = -1
};

enum { META_KEY, META_VALUE };
enum { SRC_ID, SRC_TYPE, SRC_URI, SRC_TIMESTAMP };
enum { SMP_ID, SMP_SOURCE };
enum { SV_SAMPLE, SV_TYPE, SV_UNIT, SV_VALUE };
enum { SL_SAMPLE, SL_DEPTH, SL_LOCATION };
enum { LOC_ID, LOC_FUNCTION, LOC_LINE,
	/* the pprof extension columns, present together */
	LOC_ADDRESS, LOC_MAPPING, LOC_IS_FOLDED, LOC_INLINED, LOC_COLUMN };
enum { FN_ID, FN_NAME, FN_SYSNAME, FN_FILENAME, FN_START_LINE };
enum { SA_SOURCE, SA_KEY, SA_VALUE };
enum { LB_SAMPLE, LB_KEY, LB_STR, LB_NUM, LB_NUM_UNIT };
enum { MAP_ID, MAP_START, MAP_LIMIT, MAP_OFFSET, MAP_FILENAME, MAP_BUILD_ID,
	MAP_HAS_FUNCTIONS, MAP_HAS_FILENAMES, MAP_HAS_LINE_NUMBERS,
	MAP_HAS_INLINE_FRAMES };
enum { STM_SAMPLE, STM_TIME };
enum { LA_LOCATION, LA_KEY, LA_VALUE };
enum { ST_TYPE, ST_UNIT };
enum { V1S_VALUE, V1S_LOCATIONS };

#define SCHEMA_MAX_COLS 10

struct column {
	const char *name;
	enum coltype type;
	unsigned flags;
	enum table_id ref;	/* the table this column refers to, or T_NONE */
};

struct table {
	const char *name;
	size_t namelen;
	const struct column *cols;
	int ncols;		/* required columns */
	int next;		/* known extension columns after them */
	int pk;			/* primary key column, or -1 */
};

enum { V10 = 10, V20 = 20 };
#define SCHEMA_VERSION_KEY "version"	/* the one meta row's key */
#define SCHEMA_V20 "2.0"
#define SCHEMA_V10 "1.0"

/* Extension tables, as a mask of bits (1u << table_id): those whose
 * headers writers put at the top (the others' come before their first
 * row, which the format allows). */
#define SCHEMA_EXTENSIONS ((1u << T_SOURCE_ATTRIBUTES) | \
    (1u << T_SAMPLE_LABELS) | (1u << T_MAPPINGS))

/*
 * The vocabulary the format names (profile-tsv(5), section 5): source
 * types, value types and units, source attribute keys. Programs spell
 * them through these names only.
 */
#define SOURCE_RPROF "rprof"
#define SOURCE_PPROF "pprof"
#define SOURCE_MANUAL "manual"		/* a 1.0 stream's one source */
#define SOURCE_OTLP "otlp"
#define SOURCE_CPUPROFILE "cpuprofile"	/* V8's .cpuprofile */

#define VALUE_SAMPLES "samples"		/* samples/count: how many */
#define VALUE_WALL "wall"		/* wall/nanoseconds: the time a sample stands for */
#define UNIT_COUNT "count"
#define UNIT_BYTES "bytes"
#define UNIT_NANOSECONDS "nanoseconds"

struct value_type {
	const char *type, *unit;
};
/* R's memory figures in the order of an Rprof line's prefix, with the
 * names summaryRprof gives them. */
enum { RMEM_SMALL, RMEM_LARGE, RMEM_NODES, RMEM_DUPS, RMEM_COUNT };
extern const struct value_type schema_rprof_memory[RMEM_COUNT];

#define ATTR_RPROF_INTERVAL "rprof.sample_interval"
#define ATTR_RPROF_MEMORY "rprof.memory_profiling"
#define ATTR_RPROF_GC "rprof.gc_profiling"
#define ATTR_RPROF_LINES "rprof.line_profiling"
#define ATTR_RPROF_LINE_ENDING "rprof.line_ending"
#define RPROF_CRLF "crlf"	/* its value for R on Windows; absent: LF */
#define ATTR_PPROF_PERIOD_TYPE "pprof.period_type"
#define ATTR_PPROF_PERIOD_UNIT "pprof.period_unit"
#define ATTR_PPROF_PERIOD "pprof.period"
#define ATTR_PPROF_TIME "pprof.time_nanos"
/* a source whose sample times are on its producer's clock, not Unix
 * time: that clock's name (perf, v8); no window takes them for Unix time */
#define ATTR_CLOCK "clock"
/* a source's sum of a value type before tsvfocus's filters (its key this
 * and the type's name; its value the sum, a space and the unit): what
 * pprof's percentages are of */
#define ATTR_FOCUS_TOTAL "focus.total."
#define ATTR_PPROF_DURATION "pprof.duration_nanos"
#define ATTR_PPROF_DROP_FRAMES "pprof.drop_frames"
#define ATTR_PPROF_KEEP_FRAMES "pprof.keep_frames"
#define ATTR_PPROF_DOC_URL "pprof.doc_url"
#define ATTR_PPROF_DEFAULT_TYPE "pprof.default_sample_type"
#define ATTR_PPROF_COMMENT "pprof.profile.comment"
/* a profile with no samples: its sample types, a pair per type in order */
#define ATTR_PPROF_SAMPLE_TYPE "pprof.sample_type"
#define ATTR_PPROF_SAMPLE_UNIT "pprof.sample_unit"
#define ATTR_PPROF_LEGACY "pprof.legacy_format"	/* absent: profile.proto */
/* how many sources one was merged of (sql2tsv --merge) */
#define ATTR_MERGED_SOURCES "merged.sources"

/* what a writer puts where the format needs text a profile left empty
 * (a pprof function without a name), given back empty */
#define SCHEMA_EMPTY "<?>"
/* the length of text s (n bytes) as a writer gives it back: 0 for the
 * mark */
static inline size_t
schema_unmarked(const char *s, size_t n)
{
	return n == sizeof(SCHEMA_EMPTY) - 1 &&
	    memcmp(s, SCHEMA_EMPTY, n) == 0 ? 0 : n;
}

#define SCHEMA_TRUE "TRUE"		/* lgl, and flag attributes */
#define SCHEMA_FALSE "FALSE"

extern const struct table schema_tables[T_COUNT];

/* Every table, defining ones first: the order of a stream's headers, of
 * rows in define-before-use order, and of a database's tables. */
#define SCHEMA_ORDER_N 13
extern const enum table_id schema_order[SCHEMA_ORDER_N];

/* The table named name in format version v, or T_NONE. */
enum table_id schema_find(int version, const char *name, size_t len);
/* Whether t is required in version v, and whether it belongs to it. */
int schema_required(int version, enum table_id t);
int schema_in_version(int version, enum table_id t);

static inline const char *
schema_name(enum table_id t)
{
	return schema_tables[t].name;
}

static inline size_t
schema_namelen(enum table_id t)
{
	return schema_tables[t].namelen;
}

static inline const char *
schema_colname(enum table_id t, int c)
{
	return schema_tables[t].cols[c].name;
}

#endif
