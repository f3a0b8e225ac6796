/* sqlite_db.h: a stream added to a SQLite database file through
 * libsqlite3, as tsv2sql's script would add it (sql.h), without the text
 * in between. */
#ifndef SQLITE_DB_H
#define SQLITE_DB_H

#include "formats/sql/sql.h"

struct sqlite_load;

/* Opens (or creates) the database at path. NULL, with the reason. */
struct sqlite_load *sqlite_load_open(const char *path, struct perr *e);
/* Where the stager puts its rows: temporary tables, which only this
 * connection sees (the database itself is not touched yet). */
struct sql_sink sqlite_load_sink(struct sqlite_load *l);
/* Adds what was staged in one transaction, waiting its turn while
 * another connection writes. On failure nothing was added. */
int sqlite_load_commit(struct sqlite_load *l, struct perr *e);
/* Closes; what was not committed is rolled back. */
void sqlite_load_close(struct sqlite_load *l);

#endif
