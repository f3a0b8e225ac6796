/*
 * write.c: R's tables as the stream's text. Each column is written by its
 * R type (integer, double, logical, character, factor), so that what R
 * made is what the validator judges; the plan (from R) says in which
 * order headers and runs of rows come.
 */
#include <math.h>
#include <string.h>

#include "base/fmt.h"
#include "io/output.h"
#include "stream/stream_write.h"
#include "ps.h"

/* Whether a column is one R type this writes; NULL, or why not. */
static const char *
unwritable(SEXP v)
{
	switch (TYPEOF(v)) {
	case INTSXP:
	case REALSXP:
	case LGLSXP:
	case STRSXP:
		return NULL;
	case VECSXP:
		return "a list";
	default:
		return Rf_type2char(TYPEOF(v));
	}
}

static void
put_text(struct output *o, SEXP s)
{
	const char *p;

	if (s == NA_STRING) {
		out_write(o, "NA", 2);
		return;
	}
	p = Rf_getCharCE(s) == CE_LATIN1 ? Rf_translateCharUTF8(s) : CHAR(s);
	out_escaped(o, p, strlen(p));
}

static void
put_cell(struct output *o, SEXP v, R_xlen_t i)
{
	char buf[FMT_NUM_MAX];
	double d;
	int x;

	switch (TYPEOF(v)) {
	case INTSXP:
		x = INTEGER(v)[i];
		if (x == NA_INTEGER)
			out_write(o, "NA", 2);
		else if (Rf_isFactor(v))
			put_text(o, STRING_ELT(Rf_getAttrib(v,
			    R_LevelsSymbol), x - 1));
		else
			out_i64(o, x);
		break;
	case REALSXP:
		d = REAL(v)[i];
		if (isnan(d))		/* the stream has no NaN */
			out_write(o, "NA", 2);
		else
			out_write(o, buf, fmt_dbl(buf, d));
		break;
	case LGLSXP:
		x = LOGICAL(v)[i];
		out_str(o, x == NA_LOGICAL ? "NA" : x ? SCHEMA_TRUE :
		    SCHEMA_FALSE);
		break;
	case STRSXP:
		put_text(o, STRING_ELT(v, i));
		break;
	}
}

static R_xlen_t
nrow(SEXP df)
{
	return Rf_length(df) > 0 ? Rf_xlength(VECTOR_ELT(df, 0)) : 0;
}

SEXP
ps_write_stream(SEXP tables, SEXP plan_tables, SEXP plan_rows, SEXP spath)
{
	const char *path = ps_path(spath, "path"), *why;
	SEXP names = Rf_getAttrib(tables, R_NamesSymbol);
	R_xlen_t ntab = Rf_xlength(tables), nplan = Rf_xlength(plan_tables);
	R_xlen_t i, j, r, *next;
	struct output o;
	struct perr e = { "" };
	int c;

	if (TYPEOF(tables) != VECSXP || names == R_NilValue ||
	    TYPEOF(plan_tables) != STRSXP || TYPEOF(plan_rows) != INTSXP ||
	    Rf_xlength(plan_rows) != nplan)
		Rf_error("a profile is a named list of data frames");
	for (i = 0; i < ntab; i++) {
		SEXP df = VECTOR_ELT(tables, i), cn;

		if (TYPEOF(df) != VECSXP)
			Rf_error("table %s is not a data frame",
			    CHAR(STRING_ELT(names, i)));
		cn = Rf_getAttrib(df, R_NamesSymbol);
		for (c = 0; c < Rf_length(df); c++) {
			if ((why = unwritable(VECTOR_ELT(df, c))) != NULL)
				Rf_error("table %s, column %s: %s, which the "
				    "stream cannot hold",
				    CHAR(STRING_ELT(names, i)), cn == R_NilValue
				    ? "?" : CHAR(STRING_ELT(cn, c)), why);
			if (Rf_xlength(VECTOR_ELT(df, c)) != nrow(df))
				Rf_error("table %s: columns of unequal length",
				    CHAR(STRING_ELT(names, i)));
		}
	}
	next = (R_xlen_t *)R_alloc((size_t)ntab + 1, sizeof(*next));
	memset(next, 0, ((size_t)ntab + 1) * sizeof(*next));

	if (output_open(&o, path, &e) < 0)
		ps_fail(&e);
	for (j = 0; j < nplan; j++) {
		const char *want = CHAR(STRING_ELT(plan_tables, j));
		int header = want[0] == '#';
		SEXP df, cn;

		for (i = 0; i < ntab; i++)
			if (strcmp(CHAR(STRING_ELT(names, i)), want + header)
			    == 0)
				break;
		if (i == ntab) {
			perr_set(&e, "the plan names a table there is not: %s",
			    want);
			output_discard(&o);
			ps_fail(&e);
		}
		df = VECTOR_ELT(tables, i);
		cn = Rf_getAttrib(df, R_NamesSymbol);
		if (header) {
			out_str(&o, want);
			for (c = 0; c < Rf_length(df); c++) {
				out_char(&o, '\t');
				put_text(&o, STRING_ELT(cn, c));
			}
			out_char(&o, '\n');
			continue;
		}
		for (r = 0; r < INTEGER(plan_rows)[j] && next[i] < nrow(df);
		    r++, next[i]++) {
			out_str(&o, want);
			for (c = 0; c < Rf_length(df); c++) {
				out_char(&o, '\t');
				put_cell(&o, VECTOR_ELT(df, c), next[i]);
			}
			out_char(&o, '\n');
		}
	}
	if (output_close(&o, &e) < 0)
		ps_fail(&e);
	return R_NilValue;
}
