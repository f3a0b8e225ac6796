/* ch.h: profiles in ClickHouse (tsv2sql -D clickhouse, sql2tsv
 * clickhouse://): the layout, the script that loads a stream, the layout
 * across a cluster's servers, and the reading back over HTTP.
 *
 * The layout (doc/databases.md says why): no transaction and no sequence
 * to take ids from, so every id is a content hash (SipHash-2-4, key 0,
 * over the row's columns: loads that never meet agree on it), and the
 * definitions are ReplacingMergeTree tables keyed by it, each row with the
 * load that first brought it (ver: UINT64_MAX - the load's time, so that
 * merges keep the earliest). A load is (made, load): the time its script
 * was made and a random number. Its samples are rows of sample_blocks,
 * CH_BLOCK consecutive samples a row, each column an array (a sample's
 * values, labels and time in it): a row a sample would spend 4 bytes on
 * its number alone, which ClickHouse 18.16 has no codec to shrink. Its
 * sources are written last: a load cut short leaves no source, and its
 * samples are never read.
 */
#ifndef CH_H
#define CH_H

#include <stdint.h>

#include "formats/sql/sql.h"
#include "formats/sql/sql_read.h"
#include "io/output.h"

/* Samples a row of sample_blocks holds, at most. */
#define CH_BLOCK 1024

/* The tables, in the order a load writes them. */
enum ch_table {
	CH_FUNCTIONS, CH_MAPPINGS, CH_LOCATIONS, CH_STACKS, CH_VALUE_KINDS,
	CH_SAMPLE_BLOCKS, CH_SOURCES, CH_TABLES
};
const char *ch_table_name(enum ch_table t);

/* The columns of sample_blocks, in order. */
enum {
	CHB_MADE, CHB_LOAD, CHB_FIRST, CHB_TIME_MIN, CHB_TIME_MAX,
	CHB_SOURCE, CHB_STACK, CHB_KIND, CHB_VALUE, CHB_VALUE_TEXT, CHB_TIME,
	CHB_TIMED, CHB_LABEL_KEY, CHB_LABEL_STR, CHB_LABEL_NUM,
	CHB_LABEL_UNIT, CHB_LABEL_NA, CHB_COLS
};
/* label_na's bits: which of a label's parts are NA */
enum { CH_NA_STR = 1, CH_NA_NUM = 2, CH_NA_UNIT = 4 };

/* A column: its name and ClickHouse type. */
struct ch_col {
	const char *name;
	const char *type;
};
/* Table t's columns (*n of them), in order. */
const struct ch_col *ch_columns(enum ch_table t, int *n);

/* The tables and views when missing, on one server; with cluster set, a
 * server's part of the layout across that cluster (its remote_servers):
 * tables NAME_local, and under each name a Distributed table over them. */
void ch_schema(struct output *o, const char *cluster);

/* The load script of a stream: its rows staged (a sql_sink), then
 * written as INSERTs, one line each. Staging files go to dir. epoch
 * (seconds since 1970) makes the script reproducible: the load made
 * then, its number from that time (NULL: now, and a random number). */
struct ch_writer;
struct ch_writer *ch_new(struct output *o, const char *dir,
    const int64_t *epoch, struct perr *e);
struct sql_sink ch_writer_sink(struct ch_writer *w);
int ch_end(struct ch_writer *w, struct perr *e);
void ch_free(struct ch_writer *w);

/* Whether a database argument names ClickHouse: clickhouse://. */
int ch_is_url(const char *arg);

/* The database at url (clickhouse://[user[:password]@]host:port/db, the
 * server's HTTP port) read back as sql_read reads SQLite's: the same
 * stream, byte for byte, for the same loads; each query bounded by
 * timeout seconds (0: the server's). -1 with e set. */
int ch_read(const char *url, unsigned timeout, const struct sql_select *s,
    struct output *o, struct perr *e);

#endif
