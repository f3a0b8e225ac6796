/*
 * The report page itself (report_write): the tables as JSON strings its
 * script reads, the pictures inline, the other types' views gzip'd, the
 * refine controls' stream and engine gzip'd and the arguments they run
 * the programs with, then the style and the scripts, each a file of
 * this folder made a C string at build time (tools/embed.awk).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/markup.h"
#include "views/report/report_impl.h"
/* report.css and report.js, beside this file: plain ES5 that reads the
 * tables tsvtop, tsvpeek and tsvlist write, each a JSON string in a
 * <script type="application/json">, and shows their figures, not figures
 * of its own. */
#include "views/report/report.css.h"
#include "views/report/report.js.h"
#include "views/report/wasi.js.h"
#include "views/report/refineruns.js.h"
#include "views/report/graphlayout.js.h"
#include "views/report/refine.js.h"

/* The refine controls' scripts, in the order they build on each other:
 * the engine's runner (WASI over files in memory), the programs' argv,
 * the layout of tsvgraph's DOT, then the controls. */
static const char *const refine_js_all[] = {
	wasi_js, refineruns_js, graphlayout_js, refine_js
};

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

static int
svg_part(struct output *o, const char *view, const char *name,
    const struct part *pt)
{
	out_str(o, "<section class=\"view\" id=\"v-");
	out_str(o, view);
	out_str(o, "\" hidden>\n");
	if (svg_inner(o, name, pt) < 0)
		return -1;
	out_str(o, "</section>\n");
	return 0;
}

/* pprof -http's REFINE menu, as tsvfocus's options: run by refine.js on
 * the stream the page holds; or why it is not offered. */
static void
refine_form(const struct report *r, struct output *o)
{
	static const char *const fields[][2] = {
		{ "focus", "only the samples through a function matching" },
		{ "ignore", "not the samples through a function matching" },
		{ "hide", "the functions matching taken out of the stacks" },
		{ "show", "only the functions matching kept in the stacks" },
		{ "showfrom", "the frames above the outermost matching taken "
		    "out (show_from)" },
		{ "tagfocus", "only the samples with a label matching: "
		    "[key=]regexps or range (32kb:, :64kb, 1:5)" },
		{ "tagignore", "not the samples with a label matching" },
	};
	size_t i;

	if (r->stream_gz < 0) {
		if (r->refine_why[0] != '\0') {
			out_str(o, "<p id=\"refine\" class=\"note\">No refine "
			    "controls: ");
			out_xml_str(o, r->refine_why);
			out_str(o, ".</p>\n");
		}
		return;
	}
	out_str(o, "<form id=\"refine\" autocomplete=\"off\">Refine:");
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		out_str(o, " <input type=\"text\" name=\"");
		out_str(o, fields[i][0]);
		out_str(o, "\" placeholder=\"");
		out_str(o, fields[i][0]);
		out_str(o, "\" title=\"");
		out_str(o, fields[i][0]);
		out_str(o, ": ");
		out_xml_str(o, fields[i][1]);
		out_str(o, " (Go's regular expressions, as tsvfocus)\">");
	}
	out_str(o, " <button type=\"submit\">Apply</button> <button "
	    "type=\"button\" id=\"unrefine\">Reset</button> <span "
	    "id=\"refined\"></span></form>\n");
}

/* A program's arguments as a JSON array: its name, then the rest
 * (NULL-ended). */
static void
json_argv(struct output *o, const char *key, const char *const *argv)
{
	size_t i;

	out_str(o, "\"");
	out_str(o, key);
	out_str(o, "\":[");
	for (i = 0; argv[i] != NULL; i++) {
		if (i > 0)
			out_str(o, ",");
		out_json_string(o, argv[i], strlen(argv[i]));
	}
	out_str(o, "]");
}

/* The programs the refine controls run, with the options this page was
 * made with (refineruns.js adds the filters to tsvfocus's, and the type
 * shown, -t, to the views'), as JSON; then the stream and the engine
 * (engine.wasm), gzip'd. */
static int
refine_parts(const struct report *r, struct output *o, struct perr *e)
{
	char width[32];
	const char *u = r->o.unit, *m = r->o.memory ? "-m" : NULL;
	const char *focus[] = { "tsvfocus", r->o.sources_arg != NULL ?
	    "-s" : NULL, r->o.sources_arg, NULL };
	const char *top[] = { "tsvtop", u ? "--unit" : m, u ? u : NULL,
	    u ? m : NULL, NULL };
	const char *all[] = { "tsvtop", "--nodefraction=0", u ? "--unit" : m,
	    u ? u : NULL, u ? m : NULL, NULL };
	const char *peek[] = { "tsvpeek", "--table", "--tree", u ? "--unit" :
	    NULL, u, NULL };
	const char *graph[] = { "tsvflame", "-w", width, "-T", "Flame graph",
	    "--id-prefix", "r-", NULL };
	const char *chart[] = { "tsvflame", "-C", "-t", r->type, "-w", width,
	    "-T", "Flame chart", "--id-prefix", "rc-", NULL };
	const char *cg[] = { "tsvgraph", "-T", "Call graph", u ? "--unit" :
	    NULL, u, NULL };

	snprintf(width, sizeof(width), "%.17g", r->o.width);
	out_str(o, "<script type=\"application/json\" id=\"refine-args\">{");
	json_argv(o, "focus", focus);
	out_str(o, ",\n");
	json_argv(o, "top", top);
	out_str(o, ",\n");
	json_argv(o, "all", all);
	out_str(o, ",\n");
	json_argv(o, "peek", peek);
	out_str(o, ",\n");
	json_argv(o, "graph", graph);
	if (r->chart != NULL) {
		out_str(o, ",\n");
		json_argv(o, "chart", chart);
	}
	out_str(o, ",\n");
	json_argv(o, "callgraph", cg);
	out_str(o, "}</script>\n<script type=\"application/octet-stream\" "
	    "id=\"refine-stream\">");
	if (lseek(r->stream_gz, 0, SEEK_SET) < 0 ||
	    out_base64_fd(o, r->stream_gz) < 0)
		return perr_set(e, "the stream, gzip'd: %s", strerror(errno));
	out_str(o, "</script>\n<script type=\"application/octet-stream\" "
	    "id=\"refine-engine\">");
	out_base64(o, r->o.engine, r->o.nengine);
	out_str(o, "</script>\n");
	return 0;
}

int
report_write(struct report *r, struct output *o, struct perr *e)
{
	struct output po;
	const char *title = r->o.title != NULL ? r->o.title : "profile";
	size_t i, k;

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
	    "<button data-v=\"callgraph\">Call graph</button>");
	/* pprof -http's sample menu: the type shown first, then the others
	 * (their views inflated when chosen) */
	if (r->nalts > 0) {
		out_str(o, "<select id=\"type\" title=\"the sample type "
		    "(the flame chart stays ");
		out_xml_str(o, r->type);
		out_str(o, "'s");
		if (r->alts_why[0] != '\0') {
			out_str(o, "; ");
			out_xml_str(o, r->alts_why);
		}
		out_str(o, ")\"><option selected>");
		out_xml_str(o, r->type);
		out_str(o, "</option>");
		for (i = 0; i < r->nalts; i++) {
			out_str(o, "<option>");
			out_xml_str(o, r->alts[i].type);
			out_str(o, "</option>");
		}
		out_str(o, "</select>");
	}
	out_str(o, "<input id=\"q\" type=\"search\" placeholder=\"Search: a "
	    "regular expression (/)\"><span id=\"qn\"></span></nav>\n");
	refine_form(r, o);
	out_str(o, "<p id=\"rnote\" class=\"note\" hidden></p>\n"
	    "<section class=\"view\" id=\"v-top\">\n<div id=\"topwrap\">"
	    "<table id=\"top\"></table></div>\n<aside id=\"detail\">"
	    "<p class=\"note\">Click a function for its callers and callees");
	out_str(o, r->lines != NULL ? " and its source." : ".");
	out_str(o, "</p></aside>\n</section>\n");
	out_str(o, "<section class=\"view\" id=\"v-rgraph\" hidden></section>\n"
	    "<section class=\"view\" id=\"v-rchart\" hidden></section>\n"
	    "<section class=\"view\" id=\"v-rcallgraph\" hidden></section>\n");
	if (svg_part(o, "graph", "flame graph", &r->v.graph) < 0 ||
	    svg_part(o, "chart", "flame chart", &r->pchart) < 0 ||
	    svg_part(o, "callgraph", "call graph", &r->v.callgraph) < 0 ||
	    json_part(o, "top-data", &r->v.top) < 0 ||
	    json_part(o, "top-all-data", &r->v.topall) < 0 ||
	    json_part(o, "peek-data", &r->v.peek) < 0 ||
	    json_part(o, "list-data", &r->v.list) < 0)
		return perr_nomem(e);
	/* the other types' views, for the switch */
	for (i = 0; i < r->nalts; i++) {
		for (k = 0; k < ALT_PARTS; k++) {
			out_str(o, "<script type=\"application/octet-stream\" "
			    "class=\"alt\" data-type=\"");
			out_xml_str(o, r->alts[i].type);
			out_str(o, k == ALT_VIEWS ? "\" data-part=\"views\">" :
			    "\" data-part=\"data\">");
			out_base64(o, r->alts[i].gz[k], r->alts[i].ngz[k]);
			out_str(o, "</script>\n");
		}
	}
	if (r->stream_gz >= 0 && refine_parts(r, o, e) < 0)
		return -1;
	out_str(o, "<script>\n");
	out_str(o, report_js);
	out_str(o, "\n</script>\n");
	/* the refine controls' scripts, each on what comes before it */
	for (i = 0; r->stream_gz >= 0 && i < sizeof(refine_js_all) /
	    sizeof(refine_js_all[0]); i++) {
		out_str(o, "<script>\n");
		out_str(o, refine_js_all[i]);
		out_str(o, "\n</script>\n");
	}
	out_str(o, "</body>\n</html>\n");
	return 0;
}
