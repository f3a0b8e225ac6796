/* sql_query.h: reading a profile database, SQLite (sqlite_query.c) or
 * PostgreSQL (pg_query.c): a query's rows one at a time, each cell as
 * text, so that the reader (sql_read.c) is written once for both. */
#ifndef SQL_QUERY_H
#define SQL_QUERY_H

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

#include "base/num.h"
#include "base/perr.h"
#include "formats/sql/sql.h"

struct sql_rows;

/* The values a query's text names as $1, $2 ...: bound, never part of
 * the SQL, so that no value of the command line or a file becomes
 * SQL. */
struct sql_params {
	char **v;		/* NUL-terminated copies */
	size_t n, cap;
};

void sql_params_free(struct sql_params *p);

struct sql_conn {
	enum sql_dialect d;
	const char *name;	/* in messages: the file, or the conninfo */
	/* runs sql, one statement, its $k bound to p's values (p may be
	 * NULL); its rows come one at a time (several queries may be open
	 * at once); NULL with e set */
	struct sql_rows *(*query)(struct sql_conn *c, const char *sql,
	    const struct sql_params *p, struct perr *e);
	/* 1: a row; 0: no more; -1: e set */
	int (*next)(struct sql_rows *r, struct perr *e);
	/* column i of the row as text, NULL for SQL's NULL; a number of
	 * floating point exactly (the shortest text that reads back) */
	const char *(*text)(struct sql_rows *r, int i);
	/* column i as a value: integers exact to 64 bits */
	struct num (*num)(struct sql_rows *r, int i);
	void (*done)(struct sql_rows *r);
	void (*close)(struct sql_conn *c);
};

/* The database at path, read only: a SQLite file (nothing else: not
 * ":memory:" nor a "file:" URI), or NULL with e set. No value it gives
 * is longer than a stream's line; no step of a query takes more than
 * timeout seconds (0: no bound). */
struct sql_conn *sqlite_query_open(const char *path, unsigned timeout,
    struct perr *e);
/* A PostgreSQL database by libpq's conninfo ("dbname=profiles host=...",
 * "postgresql://..."), in a read-only transaction, its statements each
 * bounded by timeout seconds (0: the server's); NULL with e set
 * (PostgreSQL's own message). */
struct sql_conn *pg_query_open(const char *conninfo, unsigned timeout,
    struct perr *e);

/* What a read waits at most for a step of a query, by default. */
#define SQL_READ_TIMEOUT 600

/* The number written at *p, as PostgreSQL prints a cell and tsv2sql
 * its more_values (an integer exactly; else a double: 9e999, Infinity
 * infinite), ending at a comma or the text's end; *p moves past it. */
static inline struct num
sql_num_text(const char **p)
{
	const char *t = *p;
	char *end;
	long long v;
	double d;

	errno = 0;
	v = strtoll(t, &end, 10);
	if ((*end == ',' || *end == '\0') && end != t && errno == 0) {
		*p = end;
		return num_of_i64(v);
	}
	d = strtod(t, &end);
	*p = end;
	return num_of_dbl(d);
}

/* Whether a database argument names PostgreSQL rather than a file:
 * a URI of its scheme, or key=value pairs. */
int sql_is_conninfo(const char *arg);

#endif
