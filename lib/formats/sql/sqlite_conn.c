/*
 * The connection's plain steps, under the loader (sqlite_db.c) and its
 * adding of definitions (sqlite_defs.c): the database's errors with what
 * was being done, a part of tsv2sql's script as text, a statement
 * prepared, SQL run.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "io/tmpfile.h"
#include "formats/sql/sql.h"
#include "formats/sql/sqlite_db_impl.h"

int
sl_error(struct sqlite_load *l, struct perr *e, const char *what)
{
	int sys = l->db != NULL ? sqlite3_system_errno(l->db) : 0;

	return perr_set(e, "%s: %s: %s%s%s%s", l->path, what, l->db != NULL ?
	    sqlite3_errmsg(l->db) : "out of memory", sys ? " (" : "",
	    sys ? strerror(sys) : "", sys ? ")" : "");
}

/* One part of the script as text, made by sql.c; NULL with e set. */
char *
sl_part_text(enum sql_part part, struct perr *e)
{
	struct output o;
	char *text = NULL;
	off_t size;
	int fd;

	if ((fd = tmp_fd(e)) < 0)
		return NULL;
	if (output_fd(&o, fd, "the SQL", e) < 0)
		goto done;
	sql_part(SQL_SQLITE, &o, part);
	out_flush(&o);
	if (o.err != 0) {
		perr_set(e, "a temporary file: %s", strerror(o.err));
		output_discard(&o);
		goto done;
	}
	output_discard(&o);
	if ((size = lseek(fd, 0, SEEK_END)) < 0 ||
	    (text = malloc((size_t)size + 1)) == NULL) {
		perr_nomem(e);
		goto done;
	}
	if (pread(fd, text, (size_t)size, 0) != size) {
		perr_set(e, "a temporary file: %s", strerror(errno));
		free(text);
		text = NULL;
		goto done;
	}
	text[size] = '\0';
done:
	close(fd);
	return text;
}

int
sl_prepare(struct sqlite_load *l, const char *sql, sqlite3_stmt **st,
    struct perr *e)
{
	return sqlite3_prepare_v2(l->db, sql, -1, st, NULL) == SQLITE_OK ? 0 :
	    sl_error(l, e, sql);
}

int
sl_exec(struct sqlite_load *l, const char *sql, struct perr *e)
{
	return sqlite3_exec(l->db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 :
	    sl_error(l, e, sql);
}
