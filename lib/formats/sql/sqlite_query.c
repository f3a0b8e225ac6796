/* A SQLite database file read (sql_query.h), opened read only. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "base/fmt.h"
#include "formats/sql/sql_query.h"
#include "io/input.h"

struct sconn {
	struct sql_conn c;	/* first: the sql_conn is the sconn */
	sqlite3 *db;
	char *file;
	unsigned timeout;	/* seconds a step may take; 0: no bound */
	struct timespec began;	/* of the step under way */
	int timed_out;
};

struct sql_rows {
	struct sconn *s;
	sqlite3_stmt *st;
	char dbl[40];
};

static int
sqlite_query_fail(struct sconn *s, struct perr *e, const char *what)
{
	return perr_set(e, "%s: %s: %s", s->c.name, what,
	    sqlite3_errmsg(s->db));
}

static void s_done(struct sql_rows *r);

/* SQLite's progress handler: a step past its time is interrupted. */
static int
s_progress(void *ctx)
{
	struct sconn *s = ctx;
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (now.tv_sec - s->began.tv_sec < (time_t)s->timeout)
		return 0;
	s->timed_out = 1;
	return 1;
}

static struct sql_rows *
s_query(struct sql_conn *c, const char *sql, const struct sql_params *p,
    struct perr *e)
{
	struct sconn *s = (struct sconn *)c;
	struct sql_rows *r = calloc(1, sizeof(*r));
	const char *tail = NULL;
	char name[24];
	size_t k;
	int ix;

	if (r == NULL) {
		perr_nomem(e);
		return NULL;
	}
	r->s = s;
	if (sqlite3_prepare_v2(s->db, sql, -1, &r->st, &tail) != SQLITE_OK) {
		sqlite_query_fail(s, e, "reading the profiles");
		free(r);
		return NULL;
	}
	while (tail != NULL && isspace((unsigned char)*tail))
		tail++;
	if (tail != NULL && *tail != '\0') {
		perr_set(e, "%s: a query of more than one statement (a bug)",
		    s->c.name);
		s_done(r);
		return NULL;
	}
	for (k = 0; p != NULL && k < p->n; k++) {
		snprintf(name, sizeof(name), "$%zu", k + 1);
		if ((ix = sqlite3_bind_parameter_index(r->st, name)) > 0 &&
		    sqlite3_bind_text(r->st, ix, p->v[k], -1,
		    SQLITE_TRANSIENT) != SQLITE_OK) {
			sqlite_query_fail(s, e, "reading the profiles");
			s_done(r);
			return NULL;
		}
	}
	return r;
}

static int
s_next(struct sql_rows *r, struct perr *e)
{
	struct sconn *s = r->s;

	clock_gettime(CLOCK_MONOTONIC, &s->began);
	switch (sqlite3_step(r->st)) {
	case SQLITE_ROW:
		return 1;
	case SQLITE_DONE:
		return 0;
	default:
		if (s->timed_out)
			return perr_set(e, "%s: a step of reading took more "
			    "than %u s (--timeout): not a database as tsv2sql "
			    "makes them?", s->c.name, s->timeout);
		return sqlite_query_fail(r->s, e, "reading the profiles");
	}
}

static const char *
s_text(struct sql_rows *r, int i)
{
	switch (sqlite3_column_type(r->st, i)) {
	case SQLITE_NULL:
		return NULL;
	case SQLITE_FLOAT:
		/* SQLite's own text has 15 digits: not always the double */
		r->dbl[fmt_dbl(r->dbl, sqlite3_column_double(r->st, i))] =
		    '\0';
		return r->dbl;
	default:
		return (const char *)sqlite3_column_text(r->st, i);
	}
}

static struct num
s_num(struct sql_rows *r, int i)
{
	const char *t;

	switch (sqlite3_column_type(r->st, i)) {
	case SQLITE_INTEGER:
		return num_of_i64(sqlite3_column_int64(r->st, i));
	case SQLITE_FLOAT:
		return num_of_dbl(sqlite3_column_double(r->st, i));
	default:
		t = (const char *)sqlite3_column_text(r->st, i);
		return num_of_dbl(t != NULL ? strtod(t, NULL) : 0);
	}
}

static void
s_done(struct sql_rows *r)
{
	if (r != NULL)
		sqlite3_finalize(r->st);
	free(r);
}

static void
s_close(struct sql_conn *c)
{
	struct sconn *s = (struct sconn *)c;

	sqlite3_close(s->db);
	free(s->file);
	free(s);
}

struct sql_conn *
sqlite_query_open(const char *path, unsigned timeout, struct perr *e)
{
	static const char magic[16] = "SQLite format 3";
	struct sconn *s;
	char head[16];
	FILE *fp;
	size_t n;

	/* the name is a file's (SQLite would take ":memory:" and URIs) */
	if (path[0] == '\0') {
		perr_set(e, "an empty database name: give a file's");
		return NULL;
	}
	if ((fp = fopen(path, "rb")) == NULL) {
		perr_set(e, "%s: %s", path, strerror(errno));
		return NULL;
	}
	n = fread(head, 1, sizeof(head), fp);
	fclose(fp);
	if (n < sizeof(head) || memcmp(head, magic, sizeof(head)) != 0) {
		perr_set(e, "%s: not a SQLite database (give tsv2sql's "
		    "database file, or a PostgreSQL conninfo such as "
		    "dbname=profiles)", path);
		return NULL;
	}
	if ((s = calloc(1, sizeof(*s))) == NULL ||
	    (s->file = malloc(strlen(path) + 3)) == NULL) {
		free(s);
		perr_nomem(e);
		return NULL;
	}
	sprintf(s->file, "%s%s", path[0] == ':' || strncmp(path, "file:", 5)
	    == 0 ? "./" : "", path);
	s->c = (struct sql_conn){ SQL_SQLITE, path, s_query, s_next, s_text,
	    s_num, s_done, s_close };
	if (sqlite3_open_v2(s->file, &s->db, SQLITE_OPEN_READONLY |
	    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		sqlite_query_fail(s, e, "cannot open the database");
		s_close(&s->c);
		return NULL;
	}
	/* a load at work: wait for it, as loads wait for each other */
	sqlite3_busy_timeout(s->db, 10 * 60 * 1000);
	/* a file from elsewhere, as SQLite's "defense against the dark
	 * arts" advises: its schema's functions not trusted, no value
	 * longer than a stream's line, no step longer than timeout (a
	 * crafted view could run forever; rd_check_layout refuses views) */
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
	sqlite3_limit(s->db, SQLITE_LIMIT_LENGTH, (int)INPUT_MAX_LINE);
	s->timeout = timeout;
	if (timeout > 0)
		sqlite3_progress_handler(s->db, 10000, s_progress, s);
	return &s->c;
}

int
sql_is_conninfo(const char *arg)
{
	const char *p = arg;

	if (strncmp(arg, "postgresql://", 13) == 0 ||
	    strncmp(arg, "postgres://", 11) == 0)
		return 1;
	/* "dbname=profiles host=/run/postgresql": a keyword, then '=' (a
	 * file of such a name is ./dbname=...) */
	while (isspace((unsigned char)*p))
		p++;
	if (!isalpha((unsigned char)*p))
		return 0;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	while (isspace((unsigned char)*p))
		p++;
	return *p == '=';
}
