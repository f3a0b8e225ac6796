/* sqlite_db_impl.h: what the loader (sqlite_db.c) and its adding of
 * functions, mappings, locations and stacks (sqlite_defs.c) share, and
 * the connection's steps both use (sqlite_conn.c): the loader calls the
 * definitions, both call the connection, never the other way. */
#ifndef SQLITE_DB_IMPL_H
#define SQLITE_DB_IMPL_H

#include <sqlite3.h>

#include "formats/sql/sqlite_db.h"

/* how long a load waits for another to finish, in ms */
#define BUSY_TIMEOUT_MS (10 * 60 * 1000)

struct sqlite_load {
	sqlite3 *db;
	sqlite3_stmt *ins[SQ_COUNT];	/* into each staging table */
	const char *path;
	char *file;		/* the name given SQLite, when not path */
	int in_tx;
};

/* sqlite_conn.c: e set to the database's error, with what it was doing;
 * a part of the script as text (malloc'ed), prepared, run */
int sl_error(struct sqlite_load *l, struct perr *e, const char *what);
char *sl_part_text(enum sql_part part, struct perr *e);
int sl_prepare(struct sqlite_load *l, const char *sql, sqlite3_stmt **st,
    struct perr *e);
int sl_exec(struct sqlite_load *l, const char *sql, struct perr *e);

/* sqlite_defs.c: the staged functions, mappings, locations and stacks
 * added as the script's SQL adds them (map_T, new_locations made). */
int sl_add_definitions(struct sqlite_load *l, struct perr *e);

#endif
