/*
 * views.c: tsvtop's table (its # lines, which R keeps as the unit and a
 * header, then the table, a data frame) and tsvreport's page, for R, by
 * the programs' defaults.
 */
#include <string.h>

#include "views/report/report.h"
#include "views/stacks/chart.h"
#include "views/top/top.h"
#include "door/door.h"
#include "io/graphviz.h"
#include "ps.h"

SEXP
ps_top(SEXP spath, SEXP sout, SEXP opts)
{
	const char *path = ps_path(spath, "path"), *out = ps_path(sout, "file");
	struct source_set sources = { 0 };
	struct top_opts to = { .nodefraction = -1 };
	struct prof p = { 0 };
	struct output o;
	struct perr e = { "" };
	struct top *t;
	SEXP nf = ps_opt(opts, "nodefraction");
	int rc;

	to.by_line = ps_opt_flag(opts, "lines");
	to.memory = ps_opt_flag(opts, "memory");
	to.all = ps_opt_flag(opts, "all");
	to.unit = ps_opt_str(opts, "unit");
	if (nf != R_NilValue)
		to.nodefraction = Rf_asReal(nf);
	to.sources = &sources;
	if ((t = top_new(&to, &e)) == NULL)
		ps_fail(&e);
	rc = ps_assemble(path, &p, top_sample, top_restart, t, &e);
	if (rc == 0 && (rc = output_open(&o, out, &e)) == 0) {
		rc = top_write(t, &p, &o, ps_opt_str(opts, "type"),
		    ps_opt_flag(opts, "cum"), 0, &e);
		if (rc == 0)
			rc = output_close(&o, &e);
		else
			output_discard(&o);
	}
	top_free(t);
	prof_free(&p);
	if (rc < 0)
		ps_fail(&e);
	ps_warnings();
	return R_NilValue;
}

SEXP
ps_report(SEXP spath, SEXP sout, SEXP opts)
{
	const char *path = ps_path(spath, "path"), *out = ps_path(sout, "file");
	struct source_set sources = { 0 };
	struct report_opts ro = { .width = 1200 };
	struct prof p = { 0 };
	struct report *rep;
	struct chart *ch = NULL;
	struct output o;
	struct perr e = { "" };
	int rc;

	ro.sources = &sources;
	ro.title = ps_opt_str(opts, "title");
	ro.type = ps_opt_str(opts, "type");
	ro.unit = ps_opt_str(opts, "unit");
	ro.memory = ps_opt_flag(opts, "memory");
	if (graphviz_found())	/* the call-graph tab, as tsvreport's */
		ro.layout = graphviz_layout;
	if ((rep = report_new(&ro, &e)) == NULL)
		ps_fail(&e);
	/* two passes: everything but the chart, then the chart */
	rc = ps_assemble(path, &p, report_sample, report_restart, rep, &e);
	if (rc == 0)
		rc = report_parts(rep, &p, &ch, &e);
	prof_free(&p);
	memset(&p, 0, sizeof(p));
	if (rc == 0 && ch != NULL) {
		rc = ps_assemble(path, &p, chart_sample, chart_restart, ch, &e);
	}
	if (rc == 0 && (rc = output_open(&o, out, &e)) == 0) {
		if ((rc = report_write(rep, &o, &e)) == 0)
			rc = output_close(&o, &e);
		else
			output_discard(&o);
	}
	report_free(rep);
	prof_free(&p);
	if (rc < 0)
		ps_fail(&e);
	ps_warnings();
	return R_NilValue;
}
