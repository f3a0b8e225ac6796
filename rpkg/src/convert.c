/*
 * convert.c: a stream (any format) written as Rprof, pprof, OTLP,
 * speedscope or the legacy 1.0 stream, as the suite's writers write it
 * with their defaults; the validator's problems; several profiles
 * combined. The glue of tsv2rprof, tsv2pprof, tsv2otlp, tsv2speedscope,
 * tsvvalidate and tsvcombine, for R.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formats/speedscope/speedscope_write.h"
#include "door/door.h"
#include "formats/otlp/otlp_writer.h"
#include "formats/pprof/pprof.h"
#include "formats/rprof/rprof.h"
#include "formats/v1/v1.h"
#include "io/tmpfile.h"
#include "model/combine.h"
#include "stream/validate.h"
#include "ps.h"

/* What tsv2rprof tells the user, as warnings. */
static void
rprof_report(const struct rprof_writer *w)
{
	char msg[200];

	if (w->skipped > 0) {
		snprintf(msg, sizeof(msg), "%ld samples with no frames and no "
		    "memory left out (Rprof cannot hold them)", w->skipped);
		ps_warn(msg);
	}
	if (w->left_out > 0) {
		snprintf(msg, sizeof(msg), "%ld samples with a repeat count "
		    "below 0.5 left out", w->left_out);
		ps_warn(msg);
	}
	if (fabs(w->rounding) > 1e-9 * fmax(1, w->counted)) {
		snprintf(msg, sizeof(msg), "repeat counts rounded to whole "
		    "lines: %+g lines in all (of %g)", w->rounding,
		    w->counted);
		ps_warn(msg);
	}
	if (w->differ)
		ps_warn("the sessions' headers differ: R's summaryRprof reads "
		    "every session by the first header");
}

static int
to_rprof(const char *path, struct output *o, SEXP opts, struct perr *e)
{
	struct prof p = { 0 };
	struct rprof_writer w;
	SEXP iv = ps_opt(opts, "interval");
	int rc;

	rprof_write_begin(&w, o, iv != R_NilValue ? (long)Rf_asInteger(iv) :
	    20000);
	w.count_type = ps_opt_str(opts, "type");
	rc = ps_assemble(path, &p, rprof_write_sample, rprof_write_restart, &w,
	    e);
	if (rc == 0)
		rc = rprof_write_end(&w, &p, e);
	else
		rprof_write_free(&w);
	if (rc == 0)
		rprof_report(&w);
	prof_free(&p);
	return rc;
}

static int
to_pprof(const char *path, struct output *o, SEXP opts, struct perr *e)
{
	struct prof p = { 0 };
	struct pprof_writer *w;
	int rc;

	if ((w = pprof_write_new(1, -1, e)) == NULL)
		return -1;
	rc = ps_assemble(path, &p, pprof_write_sample, pprof_write_restart, w,
	    e);
	if (rc == 0 && !ps_opt_flag(opts, "raw"))
		rc = output_gzip(o, 1, e);
	if (rc == 0)
		rc = pprof_write_end(w, &p, o, e);
	pprof_write_free(w);
	prof_free(&p);
	return rc;
}

static int
to_otlp(const char *path, struct output *o, SEXP opts, struct perr *e)
{
	struct prof p = { 0 };
	struct otlp_writer *w;
	int rc, json = ps_opt_flag(opts, "json"), fd = -1;

	if ((w = otlp_writer_new(e)) == NULL)
		return -1;
	rc = ps_assemble(path, &p, otlp_sample, otlp_restart, w, e);
	if (rc == 0 && ps_opt_flag(opts, "gzip"))
		rc = output_gzip(o, 6, e);
	if (rc == 0 && json && (fd = tmp_fd(e)) < 0)
		rc = -1;
	if (rc == 0)
		rc = otlp_write_form(w, &p, o, json ? OTLP_JSON :
		    OTLP_PROTOBUF, fd, e);
	if (fd >= 0)
		close(fd);
	otlp_writer_free(w);
	prof_free(&p);
	return rc;
}

static int
to_speedscope(const char *path, struct output *o, SEXP opts, struct perr *e)
{
	struct prof p = { 0 };
	struct speedscope_writer *w;
	int rc;

	if ((w = speedscope_writer_new(ps_opt_str(opts, "type"), e)) == NULL)
		return -1;
	rc = ps_assemble(path, &p, speedscope_sample, speedscope_restart, w, e);
	if (rc == 0)
		rc = speedscope_write(w, &p, o, ps_opt_str(opts, "name"), e);
	speedscope_writer_free(w);
	prof_free(&p);
	return rc;
}

static int
to_v1(const char *path, struct output *o, SEXP opts, struct perr *e)
{
	const char *converted;

	/* another format: its converter's stream first */
	ps_set_tmps(ps_opt(opts, "tmp"));
	if (door_stream_file(path, NULL, ps_next_tmp, &converted, e) < 0)
		return -1;
	return v1_write(converted != NULL ? converted : path, o, e);
}

SEXP
ps_convert(SEXP spath, SEXP sout, SEXP sformat, SEXP opts)
{
	const char *path = ps_path(spath, "path"), *out = ps_path(sout, "file"),
	    *format = ps_path(sformat, "format");
	struct output o;
	struct perr e = { "" };
	int rc;

	if (output_open(&o, out, &e) < 0)
		ps_fail(&e);
	if (strcmp(format, "rprof") == 0)
		rc = to_rprof(path, &o, opts, &e);
	else if (strcmp(format, "pprof") == 0)
		rc = to_pprof(path, &o, opts, &e);
	else if (strcmp(format, "otlp") == 0)
		rc = to_otlp(path, &o, opts, &e);
	else if (strcmp(format, "speedscope") == 0)
		rc = to_speedscope(path, &o, opts, &e);
	else if (strcmp(format, "v1") == 0)
		rc = to_v1(path, &o, opts, &e);
	else
		rc = perr_set(&e, "no writer of %s", format);
	if (rc < 0) {
		output_discard(&o);	/* no part of a file is left */
		ps_fail(&e);
	}
	if (output_close(&o, &e) < 0)
		ps_fail(&e);
	ps_warnings();
	return R_NilValue;
}

/* The validator's problems, at most max of them; NA as the last when
 * there were more. */
struct problems {
	char **msg;
	int n, max;
	long more;
};

static void
problem(void *ctx, const char *msg)
{
	struct problems *pr = ctx;

	if (pr->n < pr->max && (pr->msg[pr->n] = strdup(msg)) != NULL)
		pr->n++;
	else
		pr->more++;
}

SEXP
ps_validate(SEXP spath, SEXP stmp, SEXP smax)
{
	const char *path = ps_path(spath, "path"), *tmp = ps_path(stmp, "tmp");
	struct problems pr = { NULL, 0, Rf_asInteger(smax), 0 };
	struct stream_reader r;
	struct perr e = { "" };
	char name[600];
	SEXP out;
	int i;

	if (pr.max < 1)
		pr.max = 1;
	if ((pr.msg = calloc((size_t)pr.max, sizeof(*pr.msg))) == NULL) {
		perr_nomem(&e);
		ps_fail(&e);
	}
	/* another format: its converter's stream, in tmp */
	if (door_stream_open(&r, path, tmp, name, sizeof(name), &e) == 0) {
		r.report = problem;
		r.ctx = &pr;
		if (validate_stream(&r, &e) < 0 && e.msg[0] != '\0')
			problem(&pr, e.msg);
	} else
		problem(&pr, e.msg);
	stream_close(&r);
	out = PROTECT(Rf_allocVector(STRSXP, pr.n + (pr.more > 0)));
	for (i = 0; i < pr.n; i++) {
		SET_STRING_ELT(out, i, Rf_mkCharCE(pr.msg[i], CE_UTF8));
		free(pr.msg[i]);
	}
	free(pr.msg);
	if (pr.more > 0) {
		snprintf(name, sizeof(name), "%ld more problems not shown",
		    pr.more);
		SET_STRING_ELT(out, pr.n, Rf_mkChar(name));
	}
	UNPROTECT(1);
	return out;
}

SEXP
ps_combine(SEXP paths, SEXP sout, SEXP tmps)
{
	const char *out = ps_path(sout, "file");
	R_xlen_t i, n = Rf_xlength(paths);
	struct input_ref *in;
	struct output o;
	struct perr e = { "" };
	const char *converted;

	if (!Rf_isString(paths) || !Rf_isString(tmps) || Rf_xlength(tmps) !=
	    n || n < 1)
		Rf_error("combine: one or more files");
	in = (struct input_ref *)R_alloc((size_t)n, sizeof(*in));
	for (i = 0; i < n; i++) {
		in[i].path = ps_expand(STRING_ELT(paths, i));
		in[i].shown = NULL;
		in[i].record = NULL;
	}
	/* another format: its converter's stream, read twice */
	ps_set_tmps(tmps);
	for (i = 0; i < n; i++) {
		if (door_stream_file(in[i].path, NULL, ps_next_tmp, &converted,
		    &e) < 0)
			ps_fail(&e);
		if (converted != NULL)
			in[i].path = converted;
	}
	if (output_open(&o, out, &e) < 0)
		ps_fail(&e);
	if (combine_inputs(&o, (size_t)n, in, &e) < 0) {
		output_discard(&o);
		ps_fail(&e);
	}
	if (output_close(&o, &e) < 0)
		ps_fail(&e);
	ps_warnings();
	return R_NilValue;
}
