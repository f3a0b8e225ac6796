/*
 * read.c: any profile the suite reads, as R data frames: one per table of
 * the stream, typed by the schema (int: integer, dbl: double, lgl:
 * logical, chr: character; i64 and hex: character, which a double would
 * round). Any other format is read through its converter's stream (the
 * library's door), so R sees what `X2tsv file` writes.
 *
 * Two passes over the stream: the first counts each table's rows, so the
 * second fills vectors of their final length and no more memory is held
 * than the data frames returned.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "base/utf8.h"
#include "door/door.h"
#include "model/combine.h"
#include "stream/schema.h"
#include "stream/stream_read.h"
#include "stream/sniff.h"
#include "ps.h"

SEXP
ps_schema(void)
{
	static const char *types[] = { "int", "i64", "dbl", "chr", "lgl",
	    "hex" };
	SEXP out, names, cols, ctypes, tab;
	int t, c, n;

	out = PROTECT(Rf_allocVector(VECSXP, T_COUNT));
	names = PROTECT(Rf_allocVector(STRSXP, T_COUNT));
	for (t = 0; t < T_COUNT; t++) {
		const struct table *tb = &schema_tables[t];

		n = tb->ncols + tb->next;
		tab = PROTECT(Rf_allocVector(VECSXP, 3));
		cols = PROTECT(Rf_allocVector(STRSXP, n));
		ctypes = PROTECT(Rf_allocVector(STRSXP, n));
		for (c = 0; c < n; c++) {
			SET_STRING_ELT(cols, c, Rf_mkChar(tb->cols[c].name));
			SET_STRING_ELT(ctypes, c,
			    Rf_mkChar(types[tb->cols[c].type]));
		}
		SET_VECTOR_ELT(tab, 0, cols);
		SET_VECTOR_ELT(tab, 1, ctypes);
		SET_VECTOR_ELT(tab, 2, Rf_ScalarInteger(tb->ncols));
		SET_VECTOR_ELT(out, t, tab);
		SET_STRING_ELT(names, t, Rf_mkChar(tb->name));
		UNPROTECT(3);
	}
	Rf_setAttrib(out, R_NamesSymbol, names);
	UNPROTECT(2);
	return out;
}

/* The names R's readers use for the kinds. */
SEXP
ps_sniff(SEXP path)
{
	static const struct {
		enum sniff_kind k;
		const char *name;
	} names[] = {
		{ SNIFF_STREAM, "stream" }, { SNIFF_RPROF, "rprof" },
		{ SNIFF_PPROF, "pprof" }, { SNIFF_PPROF_TEXT, "pprof" },
		{ SNIFF_BINARY, "pprof" }, { SNIFF_OTLP, "otlp" },
		{ SNIFF_OTLP_FRAMED, "otlp" }, { SNIFF_OTLP_JSON, "otlp" },
		{ SNIFF_FOLDED, "folded" }, { SNIFF_SPEEDSCOPE, "speedscope" },
		{ SNIFF_CPUPROFILE, "cpuprofile" },
		{ SNIFF_PERF_SCRIPT, "perf" }, { SNIFF_EMPTY, "empty" },
	};
	const char *p = ps_path(path, "path"), *name = "unknown", *advice;
	struct input in;
	struct perr e = { "" };
	enum sniff_kind k;
	SEXP out;
	size_t i;

	if (input_open(&in, p, NULL, &e) < 0)
		ps_fail(&e);
	if (sniff_input(&in, &k, &e) < 0) {
		input_close(&in);
		ps_fail(&e);
	}
	input_close(&in);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].k == k)
			name = names[i].name;
	advice = sniff_advice(k);
	out = PROTECT(Rf_allocVector(STRSXP, 2));
	SET_STRING_ELT(out, 0, Rf_mkChar(name));
	SET_STRING_ELT(out, 1, advice != NULL ? Rf_mkChar(advice) :
	    NA_STRING);
	UNPROTECT(1);
	return out;
}

/* A header or a run of rows, in the order the stream had them. */
struct run {
	int table;		/* enum table_id; header: ~table */
	long rows;
};

struct reading {
	struct stream_reader r;
	int open;
	long nrows[T_COUNT];
	struct run *runs;
	size_t nruns, capruns;
	long cut;		/* strings cut at a NUL byte */
	long wide;		/* ints past R's integer */
};

static void
reading_free(struct reading *rd)
{
	if (rd->open)
		stream_close(&rd->r);
	rd->open = 0;
	free(rd->runs);
	rd->runs = NULL;
}

static int
add_run(struct reading *rd, int table, struct perr *e)
{
	struct run *r;

	if (rd->nruns > 0 && rd->runs[rd->nruns - 1].table == table &&
	    table >= 0) {
		rd->runs[rd->nruns - 1].rows++;
		return 0;
	}
	if (rd->nruns == rd->capruns) {
		size_t cap = rd->capruns ? 2 * rd->capruns : 64;

		if ((r = realloc(rd->runs, cap * sizeof(*r))) == NULL)
			return perr_nomem(e);
		rd->runs = r;
		rd->capruns = cap;
	}
	rd->runs[rd->nruns++] = (struct run){ table, 1 };
	return 0;
}

/* The stream at path, counted: rows per table. */
static int
count(struct reading *rd, const char *path, const char *shown,
    struct perr *e)
{
	int rc;

	if (stream_open(&rd->r, path, shown, e) < 0)
		return -1;
	rd->open = 1;
	memset(rd->nrows, 0, sizeof(rd->nrows));
	while ((rc = stream_next(&rd->r, e)) > 0)
		rd->nrows[rd->r.row.table]++;
	return rc;
}

/* The columns of table t the stream's header has, in schema order. */
static int
ncols_of(const struct stream_reader *r, enum table_id t)
{
	const struct table *tb = &schema_tables[t];

	return tb->ncols + (r->tab[t].has_ext ? tb->next : 0);
}

static SEXPTYPE
sexptype(enum coltype ct)
{
	switch (ct) {
	case CT_INT:
		return INTSXP;
	case CT_DBL:
		return REALSXP;
	case CT_LGL:
		return LGLSXP;
	default:
		return STRSXP;
	}
}

static SEXP
text_sexp(struct reading *rd, SEXP prev, const char *p, size_t n)
{
	const char *nul = memchr(p, '\0', n);
	size_t bad;
	cetype_t enc = CE_NATIVE;

	if (nul != NULL) {	/* an R string holds no NUL */
		n = (size_t)(nul - p);
		rd->cut++;
	}
	if (prev != NULL && prev != NA_STRING && (size_t)LENGTH(prev) == n &&
	    memcmp(CHAR(prev), p, n) == 0)
		return prev;
	/* UTF-8 said so; other bytes left as they are */
	if (utf8_valid(p, n, &bad)) {
		size_t i;

		for (i = 0; i < n && (unsigned char)p[i] < 0x80; i++)
			;
		if (i < n)
			enc = CE_UTF8;
	}
	return Rf_mkCharLenCE(p, (int)n, enc);
}

/* Table t's columns the header has, each a vector of n, named. */
static SEXP
new_table(const struct stream_reader *r, enum table_id t, R_xlen_t n)
{
	int k, nc = ncols_of(r, t);
	SEXP tab, names;

	tab = PROTECT(Rf_allocVector(VECSXP, nc));
	names = Rf_allocVector(STRSXP, nc);
	Rf_setAttrib(tab, R_NamesSymbol, names);
	for (k = 0; k < nc; k++) {
		const struct column *c = &schema_tables[t].cols[k];

		SET_VECTOR_ELT(tab, k, Rf_allocVector(sexptype(c->type), n));
		SET_STRING_ELT(names, k, Rf_mkChar(c->name));
	}
	UNPROTECT(1);
	return tab;
}

/* Row i of the current table into its columns. */
static void
fill(struct reading *rd, SEXP cols, int nc, R_xlen_t i)
{
	const struct stream_row *row = &rd->r.row;
	const struct column *sc = schema_tables[row->table].cols;
	char buf[32];
	int c;

	for (c = 0; c < nc; c++) {
		SEXP v = VECTOR_ELT(cols, c);
		int na = row->st[c] != CELL_OK;

		switch (sc[c].type) {
		case CT_INT:
			if (!na && (row->v[c].i > INT_MAX ||
			    row->v[c].i <= INT_MIN)) {
				rd->wide++;
				na = 1;
			}
			INTEGER(v)[i] = na ? NA_INTEGER : (int)row->v[c].i;
			break;
		case CT_DBL:
			REAL(v)[i] = na ? NA_REAL : row->v[c].n.d;
			break;
		case CT_LGL:
			LOGICAL(v)[i] = na ? NA_LOGICAL : row->v[c].i != 0;
			break;
		case CT_I64:
			SET_STRING_ELT(v, i, na ? NA_STRING : Rf_mkCharLen(buf,
			    (int)fmt_i64(buf, row->v[c].i)));
			break;
		case CT_HEX:
			SET_STRING_ELT(v, i, na ? NA_STRING : Rf_mkCharLen(buf,
			    (int)fmt_hex(buf, row->v[c].u)));
			break;
		case CT_CHR:
			SET_STRING_ELT(v, i, na ? NA_STRING : text_sexp(rd,
			    i > 0 ? STRING_ELT(v, i - 1) : NULL,
			    row->v[c].s.p, row->v[c].s.n));
			break;
		}
	}
}

/* The headers read before line: their runs. */
static int
headers_before(struct reading *rd, long line, long *done, struct perr *e)
{
	for (;;) {
		long best = 0;
		int t, bt = -1;

		for (t = 0; t < T_COUNT; t++) {
			long h = rd->r.tab[t].header_line;

			if (h > *done && h < line && (bt < 0 || h < best)) {
				best = h;
				bt = t;
			}
		}
		if (bt < 0)
			return 0;
		if (add_run(rd, ~bt, e) < 0)
			return -1;
		*done = best;
	}
}

/* The row order: a data frame of table names ("#name" a header) and the
 * rows of each run. */
static SEXP
row_order(const struct reading *rd)
{
	SEXP cols, tables, rows, names;
	size_t i;
	char name[64];

	cols = PROTECT(Rf_allocVector(VECSXP, 2));
	tables = Rf_allocVector(STRSXP, (R_xlen_t)rd->nruns);
	SET_VECTOR_ELT(cols, 0, tables);
	rows = Rf_allocVector(INTSXP, (R_xlen_t)rd->nruns);
	SET_VECTOR_ELT(cols, 1, rows);
	for (i = 0; i < rd->nruns; i++) {
		int t = rd->runs[i].table;

		snprintf(name, sizeof(name), "%s%s", t < 0 ? "#" : "",
		    schema_name(t < 0 ? ~t : t));
		SET_STRING_ELT(tables, (R_xlen_t)i, Rf_mkChar(name));
		INTEGER(rows)[i] = (int)rd->runs[i].rows;
	}
	names = PROTECT(Rf_allocVector(STRSXP, 2));
	SET_STRING_ELT(names, 0, Rf_mkChar("table"));
	SET_STRING_ELT(names, 1, Rf_mkChar("rows"));
	Rf_setAttrib(cols, R_NamesSymbol, names);
	UNPROTECT(2);
	return ps_data_frame(cols, (R_xlen_t)rd->nruns);
}

/* A 1.0 stream as 2.0, into tmp, as tsvcombine converts it. */
static int
to_v2(const char *path, const char *shown, const char *tmp, struct perr *e)
{
	struct input_ref in = { path, shown, NULL };
	struct output o;

	if (output_open(&o, tmp, e) < 0)
		return -1;
	if (combine_inputs(&o, 1, &in, e) < 0) {
		output_discard(&o);
		return -1;
	}
	return output_close(&o, e);
}

SEXP
ps_read(SEXP spath, SEXP stmp, SEXP stmp2, SEXP skeep_v1)
{
	const char *path = ps_path(spath, "path"),
	    *tmp2 = ps_path(stmp2, "tmp"), *at;
	int keep_v1 = Rf_asLogical(skeep_v1) == TRUE;
	struct reading rd = { 0 };
	struct perr e = { "" };
	char shown[600];
	SEXP out, names, tabs[T_COUNT] = { 0 };
	R_xlen_t next[T_COUNT] = { 0 };
	int t, ntab = 0, nprot = 0, rc;
	long done = 0;

	/* another format: its converter's stream, in the file R named */
	ps_set_tmps(stmp);
	if (door_stream_file(path, NULL, ps_next_tmp, &at, &e) < 0)
		goto fail;
	if (at != NULL)
		snprintf(shown, sizeof(shown), "%s (its stream)", path);
	else {
		at = path;
		snprintf(shown, sizeof(shown), "%s", path);
	}
	if (count(&rd, at, shown, &e) < 0)
		goto fail;
	if (rd.r.version == V10 && !keep_v1) {
		stream_close(&rd.r);
		rd.open = 0;
		if (to_v2(at, shown, tmp2, &e) < 0 ||
		    count(&rd, tmp2, shown, &e) < 0)
			goto fail;
		at = tmp2;
	}
	stream_close(&rd.r);
	rd.open = 0;

	/* each table's columns allocated at its first row */
	if (stream_open(&rd.r, at, shown, &e) < 0)
		goto fail;
	rd.open = 1;
	while ((rc = stream_next(&rd.r, &e)) > 0) {
		const struct stream_row *row = &rd.r.row;

		t = row->table;
		if (tabs[t] == NULL) {
			tabs[t] = PROTECT(new_table(&rd.r, t, rd.nrows[t]));
			nprot++;
		}
		if (headers_before(&rd, row->line, &done, &e) < 0 ||
		    add_run(&rd, t, &e) < 0)
			goto fail;
		if (next[t] >= rd.nrows[t]) {
			perr_set(&e, "%s: the stream changed as it was read",
			    shown);
			goto fail;
		}
		fill(&rd, tabs[t], ncols_of(&rd.r, t), next[t]++);
	}
	if (rc < 0 || headers_before(&rd, LONG_MAX, &done, &e) < 0)
		goto fail;

	/* a table with a header and no rows: its columns, empty */
	for (t = 0; t < T_COUNT; t++)
		if (tabs[t] != NULL || rd.r.tab[t].header_line > 0)
			ntab++;
	out = PROTECT(Rf_allocVector(VECSXP, ntab));
	names = PROTECT(Rf_allocVector(STRSXP, ntab));
	nprot += 2;
	ntab = 0;
	for (t = 0; t < T_COUNT; t++) {
		if (tabs[t] == NULL && rd.r.tab[t].header_line == 0)
			continue;
		if (tabs[t] == NULL) {	/* a header and no rows */
			tabs[t] = PROTECT(new_table(&rd.r, t, 0));
			nprot++;
		}
		SET_VECTOR_ELT(out, ntab, ps_data_frame(tabs[t], next[t]));
		SET_STRING_ELT(names, ntab++, Rf_mkChar(schema_name(t)));
	}
	Rf_setAttrib(out, R_NamesSymbol, names);
	Rf_setAttrib(out, Rf_install("row_order"), row_order(&rd));
	if (rd.cut > 0)
		ps_warn("strings cut at a NUL byte, which R's strings cannot "
		    "hold");
	if (rd.wide > 0)
		ps_warn("integers past R's integer range read as NA");
	reading_free(&rd);
	UNPROTECT(nprot);
	ps_warnings();
	return out;
fail:
	reading_free(&rd);
	UNPROTECT(nprot);
	ps_fail(&e);
}
