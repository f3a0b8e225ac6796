/* ps.h: what the package's C files share. The library never prints or
 * exits; here its errors become R errors, said only once every resource
 * of the call is freed, and what a converter would have said on stderr
 * becomes R warnings, said after the call. */
#ifndef PS_H
#define PS_H

#define R_NO_REMAP
#include <Rinternals.h>

#include "base/perr.h"
#include "model/assemble.h"

/* A file name as the library takes it (~ expanded), held to the call's
 * end. */
const char *ps_expand(SEXP s);
/* The path in a character vector of length one, or an R error. */
const char *ps_path(SEXP s, const char *what);
/* Gives e's message as an R error, after the warnings gathered. */
void ps_fail(const struct perr *e) __attribute__((noreturn));
/* Gathers a warning (door/input callbacks); said by ps_warnings. */
void ps_warn(const char *msg);
void ps_warnings(void);

/* The temporary files R named (a character vector), handed out in turn
 * as door_stream_file asks for one. */
void ps_set_tmps(SEXP names);
const char *ps_next_tmp(void);

/* The samples of the file at path (any format) handed to emit, as the
 * suite's programs read them (door_assemble, with sums): 0, or -1. */
int ps_assemble(const char *path, struct prof *p, sample_fn emit,
    int (*restart)(void *, struct perr *), void *ctx, struct perr *e);

/* The element name of the named list opts (R_NilValue: none); as one
 * string (UTF-8; NULL: none or NA); as a flag (TRUE: 1). */
SEXP ps_opt(SEXP opts, const char *name);
const char *ps_opt_str(SEXP opts, const char *name);
int ps_opt_flag(SEXP opts, const char *name);

/* A data frame of the n-row columns in cols (a list, names set). */
SEXP ps_data_frame(SEXP cols, R_xlen_t n);

/* The calls (read.c, write.c, convert.c, views.c, fifo.c) */
SEXP ps_schema(void);
SEXP ps_sniff(SEXP path);
SEXP ps_read(SEXP path, SEXP tmp, SEXP tmp2, SEXP keep_v1);
SEXP ps_write_stream(SEXP tables, SEXP plan_tables, SEXP plan_rows,
    SEXP path);
SEXP ps_convert(SEXP path, SEXP out, SEXP format, SEXP opts);
SEXP ps_validate(SEXP path, SEXP tmp, SEXP max);
SEXP ps_combine(SEXP paths, SEXP out, SEXP tmps);
SEXP ps_top(SEXP path, SEXP out, SEXP opts);
SEXP ps_report(SEXP path, SEXP out, SEXP opts);
SEXP ps_version(void);
SEXP ps_fifo_open(SEXP path);
SEXP ps_fifo_pump(SEXP fd, SEXP out);
SEXP ps_fifo_close(SEXP fd);

#endif
