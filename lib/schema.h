/* schema.h: every table and column of the stream (2.0, the legacy 1.0 and
 * the known extensions), defined once as data. Code names columns by the
 * enums below; only schema.c spells out their names. */
#ifndef SCHEMA_H
#define SCHEMA_H

#include <stddef.h>

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
	const struct column *cols;
	int ncols;		/* required columns */
	int next;		/* known extension columns after them */
	int pk;			/* primary key column, or -1 */
};

enum { V10 = 10, V20 = 20 };

extern const struct table schema_tables[T_COUNT];

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

static inline const char *
schema_colname(enum table_id t, int c)
{
	return schema_tables[t].cols[c].name;
}

#endif
