/*
 * The stream as one SQL script. Each table's rows are staged, as they
 * come, in a temporary file of their own, then written as SQLite INSERTs
 * or a PostgreSQL COPY block into a temporary table with the stream's
 * ids, which the SQL of sql_remap.c adds to what the database holds. One
 * transaction: a script cut short changes nothing.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/utf8.h"
#include "formats/sql/sql_impl.h"

#define ROWS_PER_INSERT 500

struct sql_writer *
sql_new(struct output *o, enum sql_dialect d, const char *dir, struct perr *e)
{
	struct sql_writer *w = calloc(1, sizeof(*w));
	char path[4096];
	int t;

	if (w == NULL) {
		perr_nomem(e);
		return NULL;
	}
	w->o = o;
	w->d = d;
	for (t = 0; t < SQ_COUNT; t++)
		w->st[t].fd = -1;
	for (t = 0; t < SQ_COUNT; t++) {
		snprintf(path, sizeof(path), "%s/profstream-sql.XXXXXX", dir);
		if ((w->st[t].fd = mkstemp(path)) < 0) {
			perr_set(e, "%s: %s", path, strerror(errno));
			sql_free(w);
			return NULL;
		}
		unlink(path);	/* gone when closed, whatever happens */
		if (output_fd(&w->st[t].o, w->st[t].fd, "a staging file", e)
		    < 0) {
			sql_free(w);
			return NULL;
		}
		w->open[t] = 1;
	}
	return w;
}

void
sql_free(struct sql_writer *w)
{
	int t;

	if (w == NULL)
		return;
	for (t = 0; t < SQ_COUNT; t++) {
		if (w->open[t])
			output_discard(&w->st[t].o);
		if (w->st[t].fd >= 0)
			close(w->st[t].fd);
	}
	free(w);
}

/* A text value as SQLite reads a literal, or as COPY's text format. */
static void
text_value(struct sql_writer *w, struct output *o, const char *s, size_t n)
{
	const char *end = s + n, *run = s;

	if (w->d == SQL_SQLITE) {
		out_char(o, '\'');
		for (; s < end; s++)
			if (*s == '\'') {
				out_write(o, run, (size_t)(s - run + 1));
				out_char(o, '\'');
				run = s + 1;
			}
		out_write(o, run, (size_t)(end - run));
		out_char(o, '\'');
		return;
	}
	/* COPY: only the escapes that mean the same to it */
	for (; s < end; s++) {
		char esc = *s == '\\' ? '\\' : *s == '\t' ? 't' : *s == '\n' ?
		    'n' : *s == '\r' ? 'r' : 0;
		if (esc == 0)
			continue;
		out_write(o, run, (size_t)(s - run));
		out_char(o, '\\');
		out_char(o, esc);
		run = s + 1;
	}
	out_write(o, run, (size_t)(end - run));
}

static void
value(struct sql_writer *w, struct output *o, const struct column *col,
    const union cell *v, int st)
{
	char buf[FMT_NUM_MAX];

	if (st == CELL_NA) {
		out_str(o, w->d == SQL_SQLITE ? "NULL" : "\\N");
		return;
	}
	switch (col->type) {
	case CT_INT: case CT_I64:
		out_i64(o, v->i);
		return;
	case CT_LGL:
		out_str(o, w->d == SQL_SQLITE ? (v->i ? "1" : "0") :
		    (v->i ? "t" : "f"));
		return;
	case CT_DBL:
		out_write(o, buf, sql_fmt_num(w->d, buf, v->n));
		return;
	case CT_HEX:
		text_value(w, o, buf, fmt_hex(buf, v->u));
		return;
	case CT_CHR:
		text_value(w, o, v->s.p, v->s.n);
		return;
	}
}

int
sql_check_utf8(struct stream_reader *r, struct perr *e)
{
	const struct stream_row *row = &r->row;
	const struct table *tb;
	size_t bad;
	int rc, c;

	while ((rc = stream_next(r, e)) > 0) {
		tb = &schema_tables[row->table];
		for (c = 0; c < tb->ncols + tb->next; c++)
			if (tb->cols[c].type == CT_CHR &&
			    row->st[c] == CELL_OK &&
			    !utf8_valid(row->v[c].s.p, row->v[c].s.n, &bad))
				return stream_problem(r, e, row->line,
				    row->table, c, "byte 0x%02x at %zu is not "
				    "UTF-8, which PostgreSQL's text holds "
				    "(convert the names, or load into SQLite, "
				    "which keeps any bytes)",
				    (unsigned char)row->v[c].s.p[bad], bad + 1);
	}
	return rc;
}

static int
stage_row(void *ctx, enum sql_table t, const union cell *v,
    const unsigned char *st, struct perr *e)
{
	struct sql_writer *w = ctx;
	struct sql_table_def d = sql_table_of(t);
	struct stage *s = &w->st[t];
	int c;

	(void)e;
	if (w->d == SQL_SQLITE) {
		if (s->rows % ROWS_PER_INSERT == 0) {
			if (s->rows > 0)
				out_str(&s->o, ";\n");
			out_str(&s->o, "INSERT INTO \"stage_");
			out_str(&s->o, d.name);
			out_str(&s->o, "\" VALUES\n(");
		} else
			out_str(&s->o, ",\n(");
	}
	for (c = 0; c < d.ncols; c++) {
		if (c > 0)
			out_char(&s->o, w->d == SQL_SQLITE ? ',' : '\t');
		value(w, &s->o, &d.cols[c], &v[c], st[c]);
	}
	out_str(&s->o, w->d == SQL_SQLITE ? ")" : "\n");
	s->rows++;
	return 0;
}

/* The samples come again: the rows staged go. */
static int
stage_restart(void *ctx, struct perr *e)
{
	struct sql_writer *w = ctx;
	int t;

	for (t = 0; t < SQ_COUNT; t++) {
		output_discard(&w->st[t].o);
		w->open[t] = 0;
		if (ftruncate(w->st[t].fd, 0) < 0 ||
		    lseek(w->st[t].fd, 0, SEEK_SET) < 0)
			return perr_set(e, "a staging file: %s",
			    strerror(errno));
		if (output_fd(&w->st[t].o, w->st[t].fd, "a staging file", e)
		    < 0)
			return -1;
		w->open[t] = 1;
		w->st[t].rows = 0;
	}
	return 0;
}

struct sql_sink
sql_writer_sink(struct sql_writer *w)
{
	struct sql_sink k = { stage_row, stage_restart, w, w->d };

	return k;
}

/* Copies a table's staged rows into the script. */
static int
unstage(struct sql_writer *w, enum sql_table t, struct perr *e)
{
	struct sql_table_def d = sql_table_of(t);
	struct stage *st = &w->st[t];
	int c;

	if (w->d == SQL_SQLITE && st->rows > 0)
		out_str(&st->o, ";\n");
	out_flush(&st->o);
	if (st->o.err != 0)
		return perr_set(e, "a staging file in TMPDIR: %s",
		    strerror(st->o.err));
	if (w->d == SQL_POSTGRESQL) {
		sqlf(w, "COPY \"stage_%s\" (", d.name);
		for (c = 0; c < d.ncols; c++)
			sqlf(w, "%s\"%s\"", c ? ", " : "", sql_ident(d.cols[c].name));
		sqlf(w, ") FROM STDIN;\n");
	}
	if (out_copy_file(w->o, st->fd, "a staging file", e) < 0)
		return -1;
	if (w->d == SQL_POSTGRESQL)
		sqlf(w, "\\.\n");
	return 0;
}

void
sql_part(enum sql_dialect d, struct output *o, enum sql_part part)
{
	struct sql_writer w = { 0 };

	w.o = o;
	w.d = d;
	switch (part) {
	case SQL_SCHEMA:
		sql_schema(&w);
		break;
	case SQL_STAGE_TABLES:
		sql_stage_tables(&w);
		break;
	case SQL_SOURCES:
		sql_add_sources(&w);
		break;
	case SQL_DEFINITIONS:
		sql_add_definitions(&w);
		break;
	case SQL_KEY_STACKS:
		sql_key_stacks(&w);
		break;
	case SQL_STACKS:
		sql_add_stacks(&w);
		break;
	case SQL_SAMPLES:
		sql_add_samples(&w);
		break;
	case SQL_LOOKUP_FUNCTION:
		sql_lookup(&w, T_FUNCTIONS);
		break;
	case SQL_LOOKUP_MAPPING:
		sql_lookup(&w, T_MAPPINGS);
		break;
	case SQL_LOOKUP_LOCATION:
		sql_lookup(&w, T_LOCATIONS);
		break;
	case SQL_LOOKUP_STACK:
		sql_lookup_stack(&w);
		break;
	}
}

int
sql_end(struct sql_writer *w, struct perr *e)
{
	int t;

	/* PostgreSQL: the script's bytes are UTF-8, whatever the client's
	 * locale says (a LATIN1 client stored café as cafÃ©); its literals
	 * as the standard reads them, whatever the database's setting */
	sqlf(w, "-- a profile stream, added to the profiles this database "
	    "holds (tsv2sql)\n%sBEGIN;\n", w->d == SQL_POSTGRESQL ?
	    "SET client_encoding = 'UTF8';\n"
	    "SET standard_conforming_strings = on;\n"
	    "SET client_min_messages = warning;\n" : "");
	sql_stage_tables(w);
	for (t = 0; t < SQ_COUNT; t++)
		if (unstage(w, t, e) < 0)
			return -1;
	/* PostgreSQL: loads at once stage their rows side by side, then
	 * take turns (SQLite: the transaction's write lock) to make the
	 * tables when missing and take the ids after those present */
	if (w->d == SQL_POSTGRESQL)
		sqlf(w, "DO $$ BEGIN PERFORM pg_advisory_xact_lock(hashtext("
		    "'tsv2sql')); END $$;\n");
	sql_schema(w);
	sql_add_sources(w);
	sql_add_definitions(w);
	sql_key_stacks(w);
	sql_add_stacks(w);
	sql_add_samples(w);
	sqlf(w, "COMMIT;\n");
	return 0;
}
