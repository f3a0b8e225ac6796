/* sql.h: a stream as one SQL script for SQLite or PostgreSQL that creates
 * the tables from the schema when they are missing and adds the stream
 * to what the database holds, as tsvcombine would have combined them. */
#ifndef SQL_H
#define SQL_H

#include "stream/stream_read.h"
#include "stream/stream_write.h"

enum sql_dialect { SQL_SQLITE, SQL_POSTGRESQL };

struct sql_writer;

/* A writer to o; its staging files go to dir (TMPDIR). */
struct sql_writer *sql_new(struct output *o, enum sql_dialect d,
    const char *dir, struct perr *e);
/* Stages every row r reads: a valid 2.0 stream, in any order. */
int sql_stage(struct sql_writer *w, struct stream_reader *r, struct perr *e);
/* Writes the script: one transaction. */
int sql_end(struct sql_writer *w, struct perr *e);
void sql_free(struct sql_writer *w);

/* The script's parts, for a loader that runs them itself (sqlite_db.h):
 * the tables and indexes when missing; the staging tables (TEMP); the
 * SQL that adds the staged rows to the tables and drops the rest. */
enum sql_part { SQL_SCHEMA, SQL_STAGE_TABLES, SQL_REMAP };
void sql_part(enum sql_dialect d, struct output *o, enum sql_part part);
/* The tables a database holds (2.0's and the known extensions), a
 * schema name as SQL's (no leading dot), a table's column count. */
int sql_stored(enum table_id t);
const char *sql_ident(const char *name);
int sql_ncols(enum table_id t);

#endif
