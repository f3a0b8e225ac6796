/* init.c: the calls R makes, registered; errors and warnings said as R
 * says them. */
#include <stdlib.h>
#include <string.h>

#include <R_ext/Rdynload.h>
#include <R_ext/Visibility.h>

#include "door/door.h"
#include "io/input.h"
#include "ps.h"

/* what a converter would have said on stderr, said after the call: a
 * warning turned into an error (options(warn = 2)) must not leave the
 * library's state behind */
#define MAX_WARNINGS 20
static char *warnings[MAX_WARNINGS];
static int nwarnings, dropped;

void
ps_warn(const char *msg)
{
	if (nwarnings < MAX_WARNINGS && (warnings[nwarnings] =
	    strdup(msg)) != NULL)
		nwarnings++;
	else
		dropped++;
}

void
ps_warnings(void)
{
	char buf[MAX_WARNINGS][512];
	int i, n = nwarnings, more = dropped;

	/* copied out first: any warning may jump (options(warn = 2)) */
	for (i = 0; i < n; i++) {
		snprintf(buf[i], sizeof(buf[i]), "%s", warnings[i]);
		free(warnings[i]);
		warnings[i] = NULL;
	}
	nwarnings = dropped = 0;
	for (i = 0; i < n; i++)
		Rf_warningcall(R_NilValue, "%s", buf[i]);
	if (more > 0)
		Rf_warningcall(R_NilValue, "%d more warnings", more);
}

void
ps_fail(const struct perr *e)
{
	char msg[sizeof(e->msg)];

	/* every perr here starts empty: a bug is said, not old bytes */
	snprintf(msg, sizeof(msg), "%s", e->msg[0] != '\0' ? e->msg :
	    "failed (no reason given: a bug)");
	ps_warnings();
	Rf_errorcall(R_NilValue, "%s", msg);
}

const char *
ps_expand(SEXP s)
{
	/* R_ExpandFileName's answer is overwritten by its next call */
	const char *x = R_ExpandFileName(Rf_translateChar(s));
	char *copy = R_alloc(strlen(x) + 1, 1);

	return memcpy(copy, x, strlen(x) + 1);
}

const char *
ps_path(SEXP s, const char *what)
{
	if (!Rf_isString(s) || XLENGTH(s) != 1 || STRING_ELT(s, 0) == NA_STRING)
		Rf_error("%s must be one file name", what);
	return ps_expand(STRING_ELT(s, 0));
}

/* door_stream_file's temporary files: the names R gave, in turn; past
 * the last, "" (which no output opens: an error, not standard output) */
static SEXP tmp_names;
static R_xlen_t tmp_next;

void
ps_set_tmps(SEXP names)
{
	tmp_names = names;
	tmp_next = 0;
}

const char *
ps_next_tmp(void)
{
	if (!Rf_isString(tmp_names) || tmp_next >= Rf_xlength(tmp_names))
		return "";
	return ps_expand(STRING_ELT(tmp_names, tmp_next++));
}

int
ps_assemble(const char *path, struct prof *p, sample_fn emit,
    int (*restart)(void *, struct perr *), void *ctx, struct perr *e)
{
	struct stream_reader r;
	int rc;

	rc = door_assemble(&r, path, NULL, NULL, p, emit, restart, ctx,
	    ASM_SUMS, e);
	stream_close(&r);
	return rc;
}

SEXP
ps_opt(SEXP opts, const char *name)
{
	SEXP names = Rf_getAttrib(opts, R_NamesSymbol);
	R_xlen_t i;

	for (i = 0; names != R_NilValue && i < Rf_xlength(opts); i++)
		if (strcmp(CHAR(STRING_ELT(names, i)), name) == 0)
			return VECTOR_ELT(opts, i);
	return R_NilValue;
}

const char *
ps_opt_str(SEXP opts, const char *name)
{
	SEXP v = ps_opt(opts, name);

	return Rf_isString(v) && Rf_length(v) == 1 && STRING_ELT(v, 0) !=
	    NA_STRING ? Rf_translateCharUTF8(STRING_ELT(v, 0)) : NULL;
}

int
ps_opt_flag(SEXP opts, const char *name)
{
	SEXP v = ps_opt(opts, name);

	return v != R_NilValue && Rf_asLogical(v) == TRUE;
}

SEXP
ps_data_frame(SEXP cols, R_xlen_t n)
{
	SEXP rn;

	PROTECT(cols);
	rn = PROTECT(Rf_allocVector(INTSXP, 2));
	INTEGER(rn)[0] = NA_INTEGER;	/* R's compact 1..n */
	INTEGER(rn)[1] = -(int)n;
	Rf_setAttrib(cols, R_RowNamesSymbol, rn);
	Rf_setAttrib(cols, R_ClassSymbol, Rf_mkString("data.frame"));
	UNPROTECT(2);
	return cols;
}

SEXP
ps_version(void)
{
	return Rf_mkString(PROFSTREAM_VERSION);
}

/* through void (*)(void), the type every function pointer converts to
 * and back, which R's DL_FUNC is not */
#define CALL(f, n) { #f, (DL_FUNC)(void (*)(void))f, n }

static const R_CallMethodDef calls[] = {
	CALL(ps_schema, 0),
	CALL(ps_sniff, 1),
	CALL(ps_read, 4),
	CALL(ps_write_stream, 4),
	CALL(ps_convert, 4),
	CALL(ps_validate, 3),
	CALL(ps_combine, 3),
	CALL(ps_top, 3),
	CALL(ps_report, 3),
	CALL(ps_version, 0),
	CALL(ps_fifo_open, 1),
	CALL(ps_fifo_pump, 2),
	CALL(ps_fifo_close, 1),
	{ NULL, NULL, 0 }
};

void attribute_visible
R_init_profstream(DllInfo *dll)
{
	R_registerRoutines(dll, NULL, calls, NULL, NULL);
	R_useDynamicSymbols(dll, FALSE);
	R_forceSymbols(dll, TRUE);
	input_set_warn(ps_warn);
	door_set_warn(ps_warn);
}
