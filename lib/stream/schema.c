#include <string.h>

#include "stream/schema.h"

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const struct column meta_cols[] = {
	{ "key", CT_CHR, 0, T_NONE },
	{ "value", CT_CHR, 0, T_NONE },
};
static const struct column sources_cols[] = {
	{ "source_id", CT_INT, CF_ID, T_NONE },
	{ "source_type", CT_CHR, CF_NONEMPTY, T_NONE },
	{ "source_uri", CT_CHR, CF_NA, T_NONE },
	{ "source_timestamp", CT_DBL, CF_NA, T_NONE },
};
static const struct column samples_cols[] = {
	{ "sample_id", CT_INT, CF_ID, T_NONE },
	{ "source_id", CT_INT, CF_ID, T_SOURCES },
};
static const struct column sample_values_cols[] = {
	{ "sample_id", CT_INT, CF_ID, T_SAMPLES },
	{ "type", CT_CHR, CF_NONEMPTY, T_NONE },
	{ "unit", CT_CHR, CF_NONEMPTY, T_NONE },
	{ "value", CT_DBL, 0, T_NONE },
};
static const struct column sample_locations_cols[] = {
	{ "sample_id", CT_INT, CF_ID, T_SAMPLES },
	{ "depth", CT_INT, CF_ID, T_NONE },
	{ "location_id", CT_INT, CF_ID, T_LOCATIONS },
};
static const struct column locations_cols[] = {
	{ "location_id", CT_INT, CF_ID, T_NONE },
	{ "function_id", CT_INT, CF_ID | CF_NA, T_FUNCTIONS },
	{ "line", CT_INT, CF_NA, T_NONE },	/* negative: as written */
	{ ".address", CT_HEX, CF_NA, T_NONE },
	{ ".mapping_id", CT_INT, CF_ID | CF_NA, T_MAPPINGS },
	{ ".is_folded", CT_LGL, 0, T_NONE },
	{ ".inlined", CT_LGL, 0, T_NONE },
	{ ".column", CT_INT, CF_NONNEG, T_NONE },
};
static const struct column functions_cols[] = {
	{ "function_id", CT_INT, CF_ID, T_NONE },
	{ "name", CT_CHR, CF_NONEMPTY, T_NONE },
	{ "system_name", CT_CHR, CF_NONEMPTY, T_NONE },
	{ "filename", CT_CHR, 0, T_NONE },
	{ "start_line", CT_INT, 0, T_NONE },
};
static const struct column source_attributes_cols[] = {
	{ "source_id", CT_INT, CF_ID, T_SOURCES },
	{ "key", CT_CHR, CF_NONEMPTY, T_NONE },
	{ "value", CT_CHR, 0, T_NONE },
};
static const struct column sample_labels_cols[] = {
	{ "sample_id", CT_INT, CF_ID, T_SAMPLES },
	{ "key", CT_CHR, CF_NONEMPTY, T_NONE },
	{ "str", CT_CHR, CF_NA, T_NONE },
	{ "num", CT_I64, CF_NA, T_NONE },
	{ "num_unit", CT_CHR, CF_NA, T_NONE },
};
static const struct column mappings_cols[] = {
	{ "mapping_id", CT_INT, CF_ID, T_NONE },
	{ "memory_start", CT_HEX, 0, T_NONE },
	{ "memory_limit", CT_HEX, 0, T_NONE },
	{ "file_offset", CT_HEX, 0, T_NONE },
	{ "filename", CT_CHR, 0, T_NONE },
	{ "build_id", CT_CHR, 0, T_NONE },
	{ "has_functions", CT_LGL, 0, T_NONE },
	{ "has_filenames", CT_LGL, 0, T_NONE },
	{ "has_line_numbers", CT_LGL, 0, T_NONE },
	{ "has_inline_frames", CT_LGL, 0, T_NONE },
};
static const struct column sample_times_cols[] = {
	{ "sample_id", CT_INT, CF_ID, T_SAMPLES },
	{ "time_unix_nano", CT_I64, 0, T_NONE },
};
static const struct column location_attributes_cols[] = {
	{ "location_id", CT_INT, CF_ID, T_LOCATIONS },
	{ "key", CT_CHR, CF_NONEMPTY, T_NONE },
	{ "value", CT_CHR, 0, T_NONE },
};
static const struct column v1_sample_types_cols[] = {
	{ "type", CT_CHR, CF_NONEMPTY, T_NONE },
	{ "unit", CT_CHR, CF_NONEMPTY, T_NONE },
};
static const struct column v1_samples_cols[] = {
	{ "value", CT_INT, CF_ID, T_NONE },
	{ "locations", CT_CHR, 0, T_NONE },
};

const struct table schema_tables[T_COUNT] = {
	[T_META] = { "meta", 4, meta_cols, 2, 0, -1 },
	[T_SOURCES] = { "sources", 7, sources_cols, 4, 0, SRC_ID },
	[T_SAMPLES] = { "samples", 7, samples_cols, 2, 0, SMP_ID },
	[T_SAMPLE_VALUES] = { "sample_values", 13, sample_values_cols, 4, 0,
	    -1 },
	[T_SAMPLE_LOCATIONS] = { "sample_locations", 16, sample_locations_cols,
	    3, 0, -1 },
	[T_LOCATIONS] = { "locations", 9, locations_cols, 3, 5, LOC_ID },
	[T_FUNCTIONS] = { "functions", 9, functions_cols, 5, 0, FN_ID },
	[T_SOURCE_ATTRIBUTES] = { ".source_attributes", 18,
	    source_attributes_cols, 3, 0, -1 },
	[T_SAMPLE_LABELS] = { ".sample_labels", 14, sample_labels_cols, 5, 0,
	    -1 },
	[T_MAPPINGS] = { ".mappings", 9, mappings_cols, N(mappings_cols), 0,
	    MAP_ID },
	[T_SAMPLE_TIMES] = { ".sample_times", 13, sample_times_cols, 2, 0,
	    -1 },
	[T_LOCATION_ATTRIBUTES] = { ".location_attributes", 20,
	    location_attributes_cols, 3, 0, -1 },
	[T_V1_SAMPLE_TYPES] = { "sample_types", 12, v1_sample_types_cols, 2, 0,
	    -1 },
	[T_V1_SAMPLES] = { "samples", 7, v1_samples_cols, 2, 0, -1 },
};

const enum table_id schema_order[SCHEMA_ORDER_N] = {
	T_SOURCES, T_SOURCE_ATTRIBUTES, T_MAPPINGS, T_FUNCTIONS, T_LOCATIONS,
	T_LOCATION_ATTRIBUTES, T_V1_SAMPLE_TYPES, T_SAMPLES, T_V1_SAMPLES,
	T_SAMPLE_VALUES, T_SAMPLE_LOCATIONS, T_SAMPLE_LABELS, T_SAMPLE_TIMES,
};

const struct value_type schema_rprof_memory[RMEM_COUNT] = {
	[RMEM_SMALL] = { "vsize.small", UNIT_BYTES },
	[RMEM_LARGE] = { "vsize.large", UNIT_BYTES },
	[RMEM_NODES] = { "nodes", UNIT_BYTES },
	[RMEM_DUPS] = { "duplications", UNIT_COUNT },
};

int
schema_in_version(int version, enum table_id t)
{
	switch (t) {
	case T_META: case T_LOCATIONS: case T_FUNCTIONS:
		return 1;
	case T_V1_SAMPLE_TYPES: case T_V1_SAMPLES:
		return version == V10;
	default:
		return version == V20;
	}
}

int
schema_required(int version, enum table_id t)
{
	return schema_in_version(version, t) && t != T_SOURCE_ATTRIBUTES &&
	    t != T_SAMPLE_LABELS && t != T_MAPPINGS && t != T_SAMPLE_TIMES &&
	    t != T_LOCATION_ATTRIBUTES;
}

enum table_id
schema_find(int version, const char *name, size_t len)
{
	int t;

	for (t = 0; t < T_COUNT; t++)
		if (schema_in_version(version, t) &&
		    schema_tables[t].namelen == len &&
		    memcmp(schema_tables[t].name, name, len) == 0)
			return t;
	return T_NONE;
}
