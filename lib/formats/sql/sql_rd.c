/* The plain steps of reading a profile database (sql_read_impl.h). */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/sql/sql_read_impl.h"
#include "io/input.h"

/* The SQL of fmt as a malloc'ed string; NULL: out of memory. */
char *
rd_sqlprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || (s = malloc((size_t)n + 1)) == NULL)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}


void
rd_sbf(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->oom)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || array_grow((void **)&b->p, &b->cap, b->n + (size_t)n + 1,
	    1) < 0) {
		b->oom = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)n;
}

/* The SQL made, NULL when memory ran out (rd_run() then says so). */
char *
rd_sb_take(struct sb *b)
{
	if (b->oom || b->p == NULL) {
		free(b->p);
		sql_params_free(&b->pa);
		return NULL;
	}
	return b->p;
}

/* s (n bytes) as the query's next value: $k in its text, the value
 * bound when it runs. */
void
rd_param(struct sb *b, const char *s, size_t n)
{
	char *v;

	if (b->oom)
		return;
	if (ARRAY_ROOM(b->pa.v, b->pa.n, b->pa.cap) < 0 ||
	    (v = malloc(n + 1)) == NULL) {
		b->oom = 1;
		return;
	}
	memcpy(v, s, n);
	v[n] = '\0';
	b->pa.v[b->pa.n++] = v;
	rd_sbf(b, "$%zu", b->pa.n);
}

void
sql_params_free(struct sql_params *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		free(p->v[i]);
	free(p->v);
	memset(p, 0, sizeof(*p));
}

/* The table's columns, quoted, each after prefix: from the schema. */
void
rd_columns(struct sb *f, enum table_id t, const char *prefix)
{
	const struct table *tb = &schema_tables[t];
	int c;

	for (c = 0; c < tb->ncols + tb->next; c++)
		rd_sbf(f, "%s%s\"%s\"", c ? ", " : "", prefix,
		    sql_ident(tb->cols[c].name));
}

/* The order rows of a table were added in: what keeps repeated keys,
 * labels and values in the stream's order (a PostgreSQL database of
 * before the column: the order its rows lie in, the best there is). */
const char *
rd_added(const struct rd *r)
{
	return r->c->d == SQL_SQLITE ? "rowid" : r->row_order ?
	    SQL_ORDER_COLUMN : "ctid";
}

/* Runs sql (freed), its $k bound to pa's values, for its rows; NULL
 * with e set. */
struct sql_rows *
rd_run_p(struct rd *r, char *sql, const struct sql_params *pa)
{
	struct sql_rows *q;

	if (sql == NULL) {
		perr_nomem(r->e);
		return NULL;
	}
	q = r->c->query(r->c, sql, pa, r->e);
	free(sql);
	return q;
}

struct sql_rows *
rd_run(struct rd *r, char *sql)
{
	return rd_run_p(r, sql, NULL);
}

/* The next row, its bytes counted as input (the bound on expansion). */
int
rd_next(struct rd *r, struct sql_rows *q, int ncols)
{
	const char *t;
	int rc = r->c->next(q, r->e), i;

	if (rc == 1)
		for (i = 0; i < ncols; i++)
			if ((t = r->c->text(q, i)) != NULL)
				input_credit(strlen(t) + 1);
	return rc;
}

int64_t
rd_i64(struct rd *r, struct sql_rows *q, int i)
{
	const char *t = r->c->text(q, i);

	return t != NULL ? strtoll(t, NULL, 10) : 0;
}

int
rd_lgl(struct rd *r, struct sql_rows *q, int i)
{
	const char *t = r->c->text(q, i);

	/* SQLite's 1 and 0, PostgreSQL's t and f */
	return t != NULL && (t[0] == '1' || t[0] == 't');
}

struct text
rd_chr(struct rd *r, struct sql_rows *q, int i)
{
	return text_of(r->c->text(q, i));
}


struct sql_source *
rd_src_of(struct rd *r, int64_t id)
{
	return id > 0 && id <= UINT32_MAX ? sql_sources_of(&r->src,
	    (uint64_t)id) : NULL;
}

/* Marks location id used (numbered later); -1: out of memory. */
int
rd_use(struct u64map *m, int64_t id)
{
	return id > 0 && u64map_put(m, (uint64_t)id, 0, NULL) == NULL ? -1 : 0;
}
