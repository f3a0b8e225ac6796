/* sql.h: a stream in a SQL database, SQLite or PostgreSQL: the tables
 * (the stream's, but that each distinct stack is stored once, and a
 * sample is one row naming its stack and holding its values;
 * views present 2.0's samples, sample_values and sample_locations), the
 * rows of a stream staged in the stream's ids, and
 * the SQL that adds them to what the database holds, as tsvcombine would
 * have combined them. */
#ifndef SQL_H
#define SQL_H

#include "model/assemble.h"
#include "model/prof.h"
#include "stream/stream_read.h"
#include "stream/stream_write.h"

enum sql_dialect { SQL_SQLITE, SQL_POSTGRESQL, SQL_CLICKHOUSE };

/* The tables of the database, defining ones first. */
enum sql_table {
	SQ_SOURCES, SQ_SOURCE_ATTRIBUTES, SQ_MAPPINGS, SQ_FUNCTIONS,
	SQ_LOCATIONS, SQ_LOCATION_ATTRIBUTES, SQ_STACKS, SQ_VALUE_KINDS,
	SQ_VALUE_TYPES, SQ_SAMPLE_STACKS, SQ_SAMPLE_LABELS, SQ_SAMPLE_TIMES,
	SQ_COUNT
};
/*
 * The database's own tables. stacks: a distinct stack, its location ids
 * leaf first, separated by commas. value_kinds: a distinct list of value
 * types a sample has (types: each "type TAB unit" escaped as the stream
 * escapes, joined by LF, the key a load finds it by), value_types: its
 * types, position 1 first. sample_stacks: a sample, its stack, its kind
 * and its values in its kind's order: the first SQL_VALUE_COLUMNS in
 * columns value_1 ..., NULL past its last, the others in more_values as
 * text, separated by commas (NULL when none).
 */
#define SQL_VALUE_COLUMNS 8
enum { STK_ID, STK_FRAME_COUNT, STK_FRAMES };
enum { VK_ID, VK_TYPES };
enum { VT_KIND, VT_POSITION, VT_TYPE, VT_UNIT };
enum {
	SST_SAMPLE, SST_SOURCE, SST_STACK, SST_KIND, SST_VALUE_1,
	SST_MORE_VALUES = SST_VALUE_1 + SQL_VALUE_COLUMNS
};

struct sql_table_def {
	const char *name;		/* in the database */
	const struct column *cols;	/* the schema's, for the stream's */
	int ncols, pk;
	enum table_id stream;		/* the stream's table, or T_NONE */
};
struct sql_table_def sql_table_of(enum sql_table t);
/* The database's own table column c of t refers to, or -1. */
int sql_own_ref(enum sql_table t, int c);

/* Number v as SQL text of dialect d reads it (infinity: SQLite's
 * 9e999, which its JSON reads too; PostgreSQL's Infinity), into buf of
 * FMT_NUM_MAX bytes: its length. */
size_t sql_fmt_num(enum sql_dialect d, char *buf, struct num v);

/* Where staged rows go: a row of table t, its cells by column. */
struct sql_sink {
	int (*row)(void *ctx, enum sql_table t, const union cell *v,
	    const unsigned char *st, struct perr *e);
	/* forgets the rows staged: the samples come again */
	int (*restart)(void *ctx, struct perr *e);
	void *ctx;
	enum sql_dialect d;	/* whose numbers more_values writes */
};

/* How a file becomes samples: assemble_file's shape (model/assemble.h),
 * door_assemble's too, which reads every format (door/). */
typedef int (*sql_assemble_fn)(struct stream_reader *r, const char *path,
    const char *shown, const char *spool, struct prof *p, sample_fn emit,
    int (*restart)(void *ctx, struct perr *e), void *ctx, unsigned flags,
    struct perr *e);

/*
 * Stages the profile at path, as assemble reads it (NULL: a stream, by
 * assemble_file), into k (shown: its name in messages; spool: as
 * assemble_file's): each sample as a row of sample_stacks (its values in
 * it) and rows of sample_labels and sample_times, each distinct stack and
 * value kind of the stream once, then the profile's definitions. Values
 * are kept as the stream has them. Memory grows with the distinct stacks,
 * kinds, functions and locations, not with the samples.
 */
int sql_stage_stream(sql_assemble_fn assemble, const char *path,
    const char *shown, const char *spool,
    const struct sql_sink *k, struct perr *e);

/* The script: one transaction that creates the tables when missing and
 * adds the rows its sink was given. Its staging files go to dir. */
struct sql_writer;
struct sql_writer *sql_new(struct output *o, enum sql_dialect d,
    const char *dir, struct perr *e);
struct sql_sink sql_writer_sink(struct sql_writer *w);
int sql_end(struct sql_writer *w, struct perr *e);
void sql_free(struct sql_writer *w);

/* The layout across PostgreSQL servers (sql_cluster.c says how): the
 * script that makes it on the coordinator it runs on, and on each of the
 * n shards (libpq conninfo strings); loads through the coordinator then
 * go as into one server. -1 with e set for a conninfo it cannot read. */
int sql_cluster(struct output *o, char *const *shards, size_t n,
    struct perr *e);

/* PostgreSQL's text is UTF-8: reads r's rows, -1 at the first text that
 * is not, the row named (a script would roll back there). */
int sql_check_utf8(struct stream_reader *r, struct perr *e);

/*
 * The script's parts, for a loader that runs them itself (sqlite_db.h),
 * in this order: the tables, views and indexes when missing; the staging
 * tables (TEMP, named stage_ and the table's name); the SQL that adds
 * the staged sources (map_sources: the stream's ids to the database's);
 * functions, mappings and locations (map_functions, map_mappings,
 * map_locations; new_locations(new): those added); that makes
 * key_stacks(old, frames): each staged stack's frames in the database's
 * location ids; that adds the stacks (map_stacks); the samples and the
 * locations' attributes, and drops the temporary tables. A loader may
 * make the tables of the middle three parts itself, looking rows up as
 * the LOOKUP statements do (parameters: the columns after the id; a
 * stack's, its frames).
 */
enum sql_part {
	SQL_SCHEMA, SQL_STAGE_TABLES, SQL_SOURCES, SQL_DEFINITIONS,
	SQL_KEY_STACKS, SQL_STACKS, SQL_SAMPLES,
	SQL_LOOKUP_FUNCTION, SQL_LOOKUP_MAPPING, SQL_LOOKUP_LOCATION,
	SQL_LOOKUP_STACK
};
void sql_part(enum sql_dialect d, struct output *o, enum sql_part part);

#endif
