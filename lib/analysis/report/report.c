/*
 * The report page. The first pass feeds the top table (by function, and
 * by line for the source pane), the call graph and the stacks at once;
 * each part is then written by its own writer into a temporary file, and
 * the page made of them: tables as JSON strings its script reads, the
 * two SVGs inline (their ids prefixed apart).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/markup.h"
#include "io/tmpfile.h"
#include "analysis/graph/callgraph.h"
#include "analysis/graph/dot.h"
#include "analysis/top/list.h"
#include "analysis/graph/peek.h"
#include "analysis/report/report.h"
#include "analysis/top/top.h"
/* report.css and report.js, beside this file: plain ES5 that reads the
 * tables tsvtop, tsvpeek and tsvlist write, each a JSON string in a
 * <script type="application/json">, and shows their figures, not figures
 * of its own. */
#include "analysis/report/report.css.h"
#include "analysis/report/report.js.h"

struct part {
	int fd;			/* -1: not written */
	char why[sizeof(((struct perr *)0)->msg)];	/* then why not */
};

struct report {
	struct report_opts o;
	struct top *top, *lines;
	struct callgraph cg;
	struct chart_scan sc;
	struct chart *chart;
	struct flame_opts graph, chartopts;
	struct part ptop, ppeek, plist, pgraph, pchart;
	struct part ptopall;	/* the table with no node fraction */
	struct part pdot, pcallgraph;	/* tsvgraph's DOT; its picture */
};

static void
parts_init(struct report *r)
{
	struct part *p[] = { &r->ptop, &r->ppeek, &r->plist, &r->pgraph,
	    &r->pchart, &r->ptopall, &r->pdot, &r->pcallgraph };
	size_t i;

	for (i = 0; i < sizeof(p) / sizeof(p[0]); i++) {
		p[i]->fd = -1;
		p[i]->why[0] = '\0';
	}
}

struct report *
report_new(const struct report_opts *o, struct perr *e)
{
	struct report *r = calloc(1, sizeof(*r));
	struct top_opts to = { .sources = o->sources, .unit = o->unit,
	    .memory = o->memory, .nodefraction = -1, .base = o->base,
	    .diff = o->diff == CG_BASE ? TOP_BASE : o->diff == CG_DIFF_BASE ?
	    TOP_DIFF_BASE : TOP_PLAIN };

	if (r == NULL) {
		perr_nomem(e);
		return NULL;
	}
	r->o = *o;
	parts_init(r);
	r->cg.sources = o->sources;
	r->cg.keep_stacks = 1;		/* pruned as pprof prunes */
	r->cg.base = o->base;
	r->cg.diff = o->diff;
	r->sc.sr.opts.sources = o->sources;
	if (o->diff != CG_PLAIN)	/* the flame graph by change */
		r->sc.sr.opts.bases = o->base;
	if ((r->top = top_new(&to, e)) == NULL)
		goto fail;
	to.by_line = 1;
	if (o->search != NULL && (r->lines = top_new(&to, e)) == NULL)
		goto fail;
	r->graph = (struct flame_opts){ .type = o->type, .width = o->width,
	    .minwidth = 0.1, .title = "Flame graph", .id = "g-",
	    .trim = o->trim };
	r->graph.diff = o->diff != CG_PLAIN;
	r->chartopts = r->graph;
	r->chartopts.diff = 0;
	r->chartopts.title = "Flame chart";
	r->chartopts.id = "c-";
	return r;
fail:
	report_free(r);
	return NULL;
}

void
report_title(struct report *r, const char *title)
{
	r->o.title = title;
}

void
report_free(struct report *r)
{
	struct part *p[8];
	size_t i;

	if (r == NULL)
		return;
	p[0] = &r->ptop;
	p[1] = &r->ppeek;
	p[2] = &r->plist;
	p[3] = &r->pgraph;
	p[4] = &r->pchart;
	p[5] = &r->ptopall;
	p[6] = &r->pdot;
	p[7] = &r->pcallgraph;
	for (i = 0; i < 8; i++)
		if (p[i]->fd >= 0)
			close(p[i]->fd);
	top_free(r->top);
	top_free(r->lines);
	cg_free(&r->cg);
	chart_free(r->chart);
	stack_reader_free(&r->sc.sr);
	free(r);
}

int
report_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct report *r = ctx;

	if (top_sample(r->top, p, s, e) < 0 || (r->lines != NULL &&
	    top_sample(r->lines, p, s, e) < 0) || cg_sample(&r->cg, p, s,
	    e) < 0 || chart_scan_sample(&r->sc, p, s, e) < 0)
		return -1;
	return 0;
}

int
report_restart(void *ctx, struct perr *e)
{
	struct report *r = ctx;

	if (top_restart(r->top, e) < 0 || (r->lines != NULL &&
	    top_restart(r->lines, e) < 0) || cg_restart(&r->cg, e) < 0 ||
	    chart_scan_restart(&r->sc, e) < 0)
		return -1;
	return 0;
}

/* A part in a temporary file, for a writer. */
static int
part_open(struct part *pt, struct output *po, struct perr *e)
{
	if ((pt->fd = tmp_fd(e)) < 0 ||
	    output_fd(po, pt->fd, "a part of the report", e) < 0)
		return -1;
	return 0;
}

/* Ends a part: rc, the writer's (< 0: e says why), kept as why not. */
static int
part_close(struct part *pt, struct output *po, int rc, struct perr *e)
{
	out_flush(po);
	output_discard(po);
	if (po->err != 0)
		return perr_set(e, "a temporary file: %s", strerror(po->err));
	if (rc < 0) {
		snprintf(pt->why, sizeof(pt->why), "%s", e->msg);
		close(pt->fd);
		pt->fd = -1;
	}
	return 0;
}

/* The call graph: tsvgraph's DOT (pprof's defaults), laid out as SVG
 * by the program's layout (Graphviz), or the tab says why not. */
static int
call_graph(struct report *r, struct prof *p, struct perr *e)
{
	struct dot_opts dopts = { r->o.type, r->o.unit, 0.005, 0.001, 80,
	    "Call graph" };
	struct output o;
	struct perr le;

	if (part_open(&r->pdot, &o, e) < 0 || part_close(&r->pdot, &o,
	    dot_write(&r->cg, p, &dopts, &o, e), e) < 0)
		return -1;
	if (r->pdot.fd < 0) {
		snprintf(r->pcallgraph.why, sizeof(r->pcallgraph.why), "%s",
		    r->pdot.why);
		return 0;
	}
	if (r->o.layout == NULL) {
		snprintf(r->pcallgraph.why, sizeof(r->pcallgraph.why),
		    "Graphviz's dot is not installed (tsvgraph writes the "
		    "graph as DOT)");
		return 0;
	}
	if ((r->pcallgraph.fd = tmp_fd(e)) < 0)
		return -1;
	if (lseek(r->pdot.fd, 0, SEEK_SET) < 0 ||
	    r->o.layout(r->o.ctx, r->pdot.fd, r->pcallgraph.fd, &le) < 0) {
		snprintf(r->pcallgraph.why, sizeof(r->pcallgraph.why), "%s",
		    le.msg);
		close(r->pcallgraph.fd);
		r->pcallgraph.fd = -1;
	}
	return 0;
}

int
report_parts(struct report *r, struct prof *p, struct chart **chart,
    struct perr *e)
{
	struct peek_opts po = { NULL, r->o.type, r->o.unit, 0, 1 };
	struct list_opts lo = { .type = r->o.type, .search = r->o.search,
	    .trim = r->o.trim, .anywhere = r->o.anywhere, .missing =
	    r->o.missing, .ctx = r->o.ctx };
	struct output o;
	char err[128];
	double frac;
	int rc;

	*chart = NULL;
	/* the tables: the page is made of them */
	if (part_open(&r->ptop, &o, e) < 0)
		return -1;
	rc = top_write(r->top, p, &o, r->o.type, 0, 0, e);
	if (part_close(&r->ptop, &o, rc, e) < 0 || rc < 0 ||
	    part_open(&r->ptopall, &o, e) < 0)
		return -1;
	/* the rows under pprof's node fraction too, for the page's button
	 * that shows them */
	frac = top_set_nodefraction(r->top, 0);
	rc = top_write(r->top, p, &o, r->o.type, 0, 0, e);
	top_set_nodefraction(r->top, frac);
	if (part_close(&r->ptopall, &o, rc, e) < 0 || rc < 0 ||
	    part_open(&r->ppeek, &o, e) < 0)
		return -1;
	rc = peek_write(&r->cg, p, &po, &o, e);
	if (part_close(&r->ppeek, &o, rc, e) < 0 || rc < 0)
		return -1;
	if (r->lines != NULL) {
		if ((lo.match = re_compile(".", err, sizeof(err))) == NULL)
			return perr_set(e, "%s", err);
		if (part_open(&r->plist, &o, e) < 0) {
			re_free(lo.match);
			return -1;
		}
		rc = top_list(r->lines, p, &lo, &o, e);
		re_free(lo.match);
		if (part_close(&r->plist, &o, rc, e) < 0 || rc < 0)
			return -1;
	}
	/* the pictures: where one cannot be drawn, the page says why */
	if (part_open(&r->pgraph, &o, e) < 0 || part_close(&r->pgraph, &o,
	    flame_write(&r->sc.sr.st, p, &r->graph, &o, e), e) < 0)
		return -1;
	if (r->o.diff != CG_PLAIN)
		snprintf(r->pchart.why, sizeof(r->pchart.why), "a diff has no "
		    "order in time (the flame graph shows the change)");
	else if ((r->chart = chart_new(&r->sc, p, &r->chartopts, e)) == NULL)
		snprintf(r->pchart.why, sizeof(r->pchart.why), "%s", e->msg);
	*chart = r->chart;
	return call_graph(r, p, e);
}

/* The part's bytes whole (NUL-terminated), or NULL. */
static char *
part_text(const struct part *pt, size_t *n)
{
	off_t len;
	char *buf;

	*n = 0;
	if (pt->fd < 0 || (len = lseek(pt->fd, 0, SEEK_END)) < 0 ||
	    (buf = malloc((size_t)len + 1)) == NULL)
		return NULL;
	if (pread(pt->fd, buf, (size_t)len, 0) != len) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	*n = (size_t)len;
	return buf;
}

/* A table part as a JSON string, for the script. */
static int
json_part(struct output *o, const char *id, const struct part *pt)
{
	size_t n;
	char *t = NULL;

	if (pt->fd >= 0 && (t = part_text(pt, &n)) == NULL)
		return -1;
	out_str(o, "<script type=\"application/json\" id=\"");
	out_str(o, id);
	out_str(o, "\">");
	out_json_string(o, t != NULL ? t : "", t != NULL ? n : 0);
	out_str(o, "</script>\n");
	free(t);
	return 0;
}

/* A picture inline (its XML declaration left out), or why there is none. */
static int
svg_part(struct output *o, const char *view, const char *name,
    const struct part *pt)
{
	size_t n;
	char *t, *body;

	out_str(o, "<section class=\"view\" id=\"v-");
	out_str(o, view);
	out_str(o, "\" hidden>\n");
	if (pt->fd < 0) {
		out_str(o, "<p class=\"note\">No ");
		out_str(o, name);
		out_str(o, ": ");
		out_xml_str(o, pt->why);
		out_str(o, "</p>\n");
	} else {
		if ((t = part_text(pt, &n)) == NULL)
			return -1;
		/* from the <svg> on: no XML prolog, doctype or comment */
		body = strstr(t, "<svg");
		body = body != NULL ? body : t;
		out_write(o, body, n - (size_t)(body - t));
		free(t);
	}
	out_str(o, "</section>\n");
	return 0;
}

int
report_write(struct report *r, struct output *o, struct perr *e)
{
	struct output po;
	const char *title = r->o.title != NULL ? r->o.title : "profile";

	if (r->chart != NULL && (part_open(&r->pchart, &po, e) < 0 ||
	    part_close(&r->pchart, &po, chart_write(r->chart, &po, e), e) < 0))
		return -1;
	out_str(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"generator\" "
	    "content=\"tsvreport\">\n<title>");
	out_xml_str(o, title);
	out_str(o, "</title>\n<style>\n");
	out_str(o, report_css);
	out_str(o, "\n</style>\n</head>\n<body>\n<header>\n<h1>");
	out_xml_str(o, title);
	out_str(o, "</h1>\n<p id=\"meta\"></p>\n</header>\n<nav>"
	    "<button data-v=\"top\" class=\"on\">Top</button>"
	    "<button data-v=\"graph\">Flame graph</button>"
	    "<button data-v=\"chart\">Flame chart</button>"
	    "<button data-v=\"callgraph\">Call graph</button>"
	    "<input id=\"q\" type=\"search\" placeholder=\"Search: a regular "
	    "expression (/)\"><span id=\"qn\"></span></nav>\n"
	    "<section class=\"view\" id=\"v-top\">\n<div id=\"topwrap\">"
	    "<table id=\"top\"></table></div>\n<aside id=\"detail\">"
	    "<p class=\"note\">Click a function for its callers and callees");
	out_str(o, r->lines != NULL ? " and its source." : ".");
	out_str(o, "</p></aside>\n</section>\n");
	if (svg_part(o, "graph", "flame graph", &r->pgraph) < 0 ||
	    svg_part(o, "chart", "flame chart", &r->pchart) < 0 ||
	    svg_part(o, "callgraph", "call graph", &r->pcallgraph) < 0 ||
	    json_part(o, "top-data", &r->ptop) < 0 ||
	    json_part(o, "top-all-data", &r->ptopall) < 0 ||
	    json_part(o, "peek-data", &r->ppeek) < 0 ||
	    json_part(o, "list-data", &r->plist) < 0)
		return perr_nomem(e);
	out_str(o, "<script>\n");
	out_str(o, report_js);
	out_str(o, "\n</script>\n</body>\n</html>\n");
	return 0;
}
