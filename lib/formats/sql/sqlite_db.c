/*
 * A stream added to a SQLite database through libsqlite3: tsv2sql's
 * script (sql.c) run in place, its rows bound to prepared statements
 * rather than printed and parsed again.
 *
 * Two transactions. The first stages the rows in TEMP tables, which only
 * this connection sees: the database file is not locked while the
 * stream is read. The second, BEGIN IMMEDIATE, takes the write lock
 * first (a load running beside it makes it wait: the busy timeout, not
 * an error, and no deadlock since it read nothing before), creates the
 * tables when missing and adds the staged rows with the script's SQL. A
 * failure, a signal or a full disk before its COMMIT leaves the database
 * as it was: SQLite rolls the journal back.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "base/fmt.h"
#include "formats/sql/sql.h"
#include "formats/sql/sqlite_db_impl.h"

/* Runs one part of the script. */
static int
run_part(struct sqlite_load *l, enum sql_part part, struct perr *e)
{
	char *text, *msg = NULL;
	int rc = 0;

	if ((text = sl_part_text(part, e)) == NULL)
		return -1;
	if (sqlite3_exec(l->db, text, NULL, NULL, &msg) != SQLITE_OK) {
		sqlite3_free(msg);
		rc = sl_error(l, e, "adding the profile");
	}
	free(text);
	return rc;
}

struct sqlite_load *
sqlite_load_open(const char *path, struct perr *e)
{
	struct sqlite_load *l = calloc(1, sizeof(*l));
	char sql[256];
	size_t n;
	int t, c, ncols;

	if (l == NULL) {
		perr_nomem(e);
		return NULL;
	}
	l->path = path;
	/* the name is a file's, nothing else: SQLite takes ":memory:" and
	 * "file:..." URIs for databases that are no file, and "" for a
	 * temporary one, each of which would store nothing */
	if (path[0] == '\0') {
		free(l);
		perr_set(e, "an empty database name: give a file's");
		return NULL;
	}
	if (path[0] == ':' || strncmp(path, "file:", 5) == 0) {
		if ((l->file = malloc(strlen(path) + 3)) == NULL) {
			free(l);
			perr_nomem(e);
			return NULL;
		}
		sprintf(l->file, "./%s", path);
	}
	/* one thread: no locking of SQLite's own */
	if (sqlite3_open_v2(l->file != NULL ? l->file : path, &l->db,
	    SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
		sl_error(l, e, "cannot open the database");
		sqlite_load_close(l);
		return NULL;
	}
	sqlite3_busy_timeout(l->db, BUSY_TIMEOUT_MS);
	sqlite3_extended_result_codes(l->db, 1);
	/* the staging tables: in a file (memory would grow with the
	 * samples), written in one transaction */
	if (sl_exec(l, "PRAGMA temp_store = FILE; PRAGMA cache_size = -65536; "
	    "BEGIN", e) < 0 || run_part(l, SQL_STAGE_TABLES, e) < 0) {
		sqlite_load_close(l);
		return NULL;
	}
	l->in_tx = 1;
	for (t = 0; t < SQ_COUNT; t++) {
		n = (size_t)snprintf(sql, sizeof(sql),
		    "INSERT INTO temp.\"stage_%s\" VALUES (",
		    sql_table_of(t).name);
		ncols = sql_table_of(t).ncols;
		for (c = 0; c < ncols && n < sizeof(sql) - 4; c++)
			n += (size_t)snprintf(sql + n, sizeof(sql) - n, "%s?",
			    c ? "," : "");
		snprintf(sql + n, sizeof(sql) - n, ")");
		if (sqlite3_prepare_v2(l->db, sql, -1, &l->ins[t], NULL) !=
		    SQLITE_OK) {
			sl_error(l, e, "preparing the staging");
			sqlite_load_close(l);
			return NULL;
		}
	}
	return l;
}

static int
bind(sqlite3_stmt *st, int i, const struct column *col, const union cell *v,
    int state)
{
	char buf[FMT_NUM_MAX];

	if (state == CELL_NA)
		return sqlite3_bind_null(st, i);
	switch (col->type) {
	case CT_INT: case CT_I64: case CT_LGL:
		return sqlite3_bind_int64(st, i, v->i);
	case CT_DBL:
		/* an integer exactly, to 64 bits */
		return num_is_int(v->n) ? sqlite3_bind_int64(st, i, v->n.i) :
		    sqlite3_bind_double(st, i, v->n.d);
	case CT_HEX:
		return sqlite3_bind_text(st, i, buf, (int)fmt_hex(buf, v->u),
		    SQLITE_TRANSIENT);
	default:
		if (v->s.n > (size_t)INT32_MAX)
			return SQLITE_TOOBIG;
		return sqlite3_bind_text(st, i, v->s.p, (int)v->s.n,
		    SQLITE_STATIC);
	}
}

static int
stage_row(void *ctx, enum sql_table t, const union cell *v,
    const unsigned char *state, struct perr *e)
{
	struct sqlite_load *l = ctx;
	struct sql_table_def d = sql_table_of(t);
	sqlite3_stmt *st = l->ins[t];
	int rc, c;

	for (c = 0; c < d.ncols; c++)
		if (bind(st, c + 1, &d.cols[c], &v[c], state[c]) != SQLITE_OK)
			return sl_error(l, e, "staging a row");
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : sl_error(l, e, "staging a row");
}

/* The samples come again: the rows staged go. */
static int
stage_restart(void *ctx, struct perr *e)
{
	struct sqlite_load *l = ctx;
	char sql[128];
	int t;

	for (t = 0; t < SQ_COUNT; t++) {
		snprintf(sql, sizeof(sql), "DELETE FROM temp.\"stage_%s\"",
		    sql_table_of(t).name);
		if (sl_exec(l, sql, e) < 0)
			return -1;
	}
	return 0;
}

struct sql_sink
sqlite_load_sink(struct sqlite_load *l)
{
	struct sql_sink k = { stage_row, stage_restart, l, SQL_SQLITE };

	return k;
}

int
sqlite_load_commit(struct sqlite_load *l, struct perr *e)
{
	int t;

	for (t = 0; t < SQ_COUNT; t++) {
		sqlite3_finalize(l->ins[t]);
		l->ins[t] = NULL;
	}
	/* the staging is this connection's own: nothing shared changes */
	if (sl_exec(l, "COMMIT", e) < 0)
		return -1;
	l->in_tx = 0;
	if (sl_exec(l, "BEGIN IMMEDIATE", e) < 0)
		return -1;
	l->in_tx = 1;
	if (run_part(l, SQL_SCHEMA, e) < 0 || run_part(l, SQL_SOURCES, e) < 0 ||
	    sl_add_definitions(l, e) < 0 || run_part(l, SQL_SAMPLES, e) < 0 ||
	    sl_exec(l, "COMMIT", e) < 0)
		return -1;
	l->in_tx = 0;
	return 0;
}

void
sqlite_load_close(struct sqlite_load *l)
{
	int t;

	if (l == NULL)
		return;
	for (t = 0; t < SQ_COUNT; t++)
		sqlite3_finalize(l->ins[t]);
	if (l->in_tx)
		sqlite3_exec(l->db, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close(l->db);
	free(l->file);
	free(l);
}
