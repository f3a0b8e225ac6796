/*
 * A PostgreSQL database read (sql_query.h) through libpq: one
 * transaction, read only and of one snapshot (REPEATABLE READ), so that
 * loads landing meanwhile change nothing of what is read; each query a
 * cursor fetched in batches, so that several are open at once and memory
 * holds a batch, not a table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "formats/sql/sql_query.h"

#define BATCH 10000

struct pconn {
	struct sql_conn c;	/* first: the sql_conn is the pconn */
	PGconn *pg;
	unsigned cursors;	/* cursors named so far */
};

struct sql_rows {
	struct pconn *p;
	PGresult *res;
	int row, nrows, end;
	char name[24];
};

/* PostgreSQL's message, its last newline dropped */
static int
pg_query_fail(struct pconn *p, struct perr *e, const char *what)
{
	const char *m = PQerrorMessage(p->pg);
	size_t n = strlen(m);

	while (n > 0 && (m[n - 1] == '\n' || m[n - 1] == ' '))
		n--;
	return perr_set(e, "%s: %s: %.*s", p->c.name, what, (int)n, m);
}

/* One statement (the extended protocol takes no more), its $k bound
 * to p's values as text. */
static PGresult *
exec(struct pconn *c, const char *sql, const struct sql_params *p)
{
	return PQexecParams(c->pg, sql, p != NULL ? (int)p->n : 0, NULL,
	    p != NULL ? (const char *const *)p->v : NULL, NULL, NULL, 0);
}

static int
command(struct pconn *c, const char *sql, const struct sql_params *p,
    struct perr *e)
{
	PGresult *res = exec(c, sql, p);
	int ok = PQresultStatus(res) == PGRES_COMMAND_OK;

	PQclear(res);
	return ok ? 0 : pg_query_fail(c, e, "reading the profiles");
}

static struct sql_rows *
p_query(struct sql_conn *c, const char *sql, const struct sql_params *pa,
    struct perr *e)
{
	struct pconn *p = (struct pconn *)c;
	struct sql_rows *r = calloc(1, sizeof(*r));
	char *decl;

	if (r == NULL || (decl = malloc(strlen(sql) + 64)) == NULL) {
		free(r);
		perr_nomem(e);
		return NULL;
	}
	r->p = p;
	snprintf(r->name, sizeof(r->name), "sql2tsv_%u", ++p->cursors);
	sprintf(decl, "DECLARE %s NO SCROLL CURSOR FOR %s", r->name, sql);
	if (command(p, decl, pa, e) < 0) {
		free(decl);
		free(r);
		return NULL;
	}
	free(decl);
	return r;
}

static int
p_next(struct sql_rows *r, struct perr *e)
{
	char fetch[64];

	if (r->res != NULL && ++r->row < r->nrows)
		return 1;
	if (r->end)
		return 0;
	PQclear(r->res);
	snprintf(fetch, sizeof(fetch), "FETCH %d FROM %s", BATCH, r->name);
	r->res = exec(r->p, fetch, NULL);
	if (PQresultStatus(r->res) != PGRES_TUPLES_OK)
		return pg_query_fail(r->p, e, "reading the profiles");
	r->nrows = PQntuples(r->res);
	r->end = r->nrows < BATCH;
	r->row = 0;
	return r->nrows > 0;
}

static const char *
p_text(struct sql_rows *r, int i)
{
	if (PQgetisnull(r->res, r->row, i))
		return NULL;
	return PQgetvalue(r->res, r->row, i);
}

static struct num
p_num(struct sql_rows *r, int i)
{
	const char *t = PQgetvalue(r->res, r->row, i);

	return sql_num_text(&t);
}

static void
p_done(struct sql_rows *r)
{
	char close[64];

	if (r == NULL)
		return;
	PQclear(r->res);
	snprintf(close, sizeof(close), "CLOSE %s", r->name);
	PQclear(exec(r->p, close, NULL));
	free(r);
}

static void
p_close(struct sql_conn *c)
{
	struct pconn *p = (struct pconn *)c;

	PQfinish(p->pg);
	free(p);
}

struct sql_conn *
pg_query_open(const char *conninfo, unsigned timeout, struct perr *e)
{
	struct pconn *p = calloc(1, sizeof(*p));
	char limit[64];

	if (p == NULL) {
		perr_nomem(e);
		return NULL;
	}
	p->c = (struct sql_conn){ SQL_POSTGRESQL, conninfo, p_query, p_next,
	    p_text, p_num, p_done, p_close };
	p->pg = PQconnectdb(conninfo);
	if (p->pg == NULL) {
		free(p);
		perr_nomem(e);
		return NULL;
	}
	if (PQstatus(p->pg) != CONNECTION_OK) {
		pg_query_fail(p, e, "cannot connect");
		p_close(&p->c);
		return NULL;
	}
	/* text as the stream holds it; doubles shortest and exact (the
	 * default since PostgreSQL 12, asked for older servers); the
	 * literals of our own text read as the standard says, whatever the
	 * database's or role's setting (values are bound, never quoted);
	 * each statement bounded in time */
	snprintf(limit, sizeof(limit), "SET statement_timeout = %u",
	    timeout * 1000);
	if (PQsetClientEncoding(p->pg, "UTF8") != 0 ||
	    command(p, "SET extra_float_digits = 3", NULL, e) < 0 ||
	    command(p, "SET standard_conforming_strings = on", NULL, e) < 0 ||
	    (timeout > 0 && command(p, limit, NULL, e) < 0) ||
	    command(p, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", NULL,
	    e) < 0) {
		if (e->msg[0] == '\0')
			pg_query_fail(p, e, "cannot connect");
		p_close(&p->c);
		return NULL;
	}
	return &p->c;
}
