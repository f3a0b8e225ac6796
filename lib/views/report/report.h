/* report.h: one self-contained HTML page of a profile: the top table
 * (sortable), callers and callees of a function clicked and their
 * sandwich (made by the script from the flame graph), its source (when
 * a source path is given), the flame graph and the flame chart, the call
 * graph (as tsvgraph draws it, laid out by Graphviz); no server,
 * no network, no other file. Each part is what tsvtop, tsvpeek --tree,
 * tsvlist ., tsvflame and tsvflame --chart write, kept in a temporary
 * file after the first pass, so the page's figures are theirs. Its size
 * grows with the distinct functions, calls and (with sources) lines; the
 * two pictures are bounded by their pixels.
 *
 * Its refine controls (pprof -http's REFINE menu) run the programs
 * themselves: the page holds the stream, gzip'd, and the engine (the
 * analysis programs built for WebAssembly, make wasm), and runs
 * tsvfocus on the stream, then tsvtop, tsvpeek, tsvflame or tsvgraph
 * on what it keeps, with the arguments this page names (refine-args). */
#ifndef REPORT_H
#define REPORT_H

#include "views/graph/callgraph.h"
#include "views/stacks/chart.h"
#include "sample/select.h"

struct report_opts {
	const struct source_set *sources;
	/* a diff: these sources are the base subtracted, as pprof's
	 * -diff_base (CG_DIFF_BASE) or -base (CG_BASE); CG_PLAIN: none */
	const struct source_set *base;
	int diff;
	const char *type, *unit;	/* as tsvtop's -t and --unit */
	int memory;			/* summaryRprof's memory (-m) */
	const char *search, *trim;	/* the sources: tsvlist's; NULL
					 * search: no source pane */
	int anywhere;			/* as tsvlist's */
	/* told of each source file left out (list.h) */
	void (*missing)(void *ctx, const char *why);
	void *ctx;
	const char *title;
	double width;			/* of the pictures, px */
	/* what the other sample types and the refine data may make the
	 * page (base64 bytes) at least: REPORT_EXTRA by default, SIZE_MAX
	 * no bound; past it and past the first type's views, they are left
	 * out, which the page says */
	size_t extra;
	/* lays out the call graph: the DOT at dot_fd (from its start) as
	 * SVG into svg_fd (Graphviz's dot, run by the program); NULL: none,
	 * the tab says so. 0, or -1 with e saying why. */
	int (*layout)(void *ctx, int dot_fd, int svg_fd, struct perr *e);
	/* the refine controls' engine (engine.wasm, gzip'd); NULL: the page
	 * has none, and says so */
	const unsigned char *engine;
	size_t nengine;
	const char *sources_arg;	/* -s as given, for tsvfocus; or NULL */
};

#define REPORT_EXTRA ((size_t)32 << 20)

struct report;

struct report *report_new(const struct report_opts *o, struct perr *e);
void report_free(struct report *r);
/* The page's title, when known only after the first pass (kept, not
 * copied). */
void report_title(struct report *r, const char *title);
/* The first pass's callback and restart. */
int report_sample(void *r, struct prof *p, const struct sample *s,
    struct perr *e);
int report_restart(void *r, struct perr *e);
/* After the first pass: the parts written; the chart, whose second pass
 * comes next (chart_sample), returned in *chart (NULL when there is none
 * to draw). 0, or -1. */
int report_parts(struct report *r, struct prof *p, struct chart **chart,
    struct perr *e);
/* The second pass's callback and restart (ctx: the report): the chart,
 * and its samples for refining it. */
int report_chart_sample(void *r, struct prof *p, const struct sample *s,
    struct perr *e);
int report_chart_restart(void *r, struct perr *e);
/* Whether the page can refine, and so holds the stream: after
 * report_parts, 1 when report_stream should be given it. */
int report_wants_stream(const struct report *r);
/* The stream the page refines (the input, combined and as sent:
 * combine_inputs_sent) from fd, read from its start; gzip'd into the
 * page, or left out when past the bound of o.extra, the page saying so.
 * 0, or -1 with e set. */
int report_stream(struct report *r, int fd, struct perr *e);
/* The page, after the second pass. */
int report_write(struct report *r, struct output *o, struct perr *e);

#endif
