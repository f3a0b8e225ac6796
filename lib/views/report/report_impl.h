/* report_impl.h: the report's state, shared by what makes its parts
 * (report.c), the parts themselves (part.c) and the page (page.c). */
#ifndef REPORT_IMPL_H
#define REPORT_IMPL_H

#include "views/graph/callgraph.h"
#include "views/report/report.h"
#include "views/stacks/chart.h"
#include "views/stacks/flame.h"
#include "views/top/top.h"

struct part {
	int fd;			/* -1: not written */
	char why[sizeof(((struct perr *)0)->msg)];	/* then why not */
};

/* The views of one sample type. */
struct views {
	struct part top, peek, list, graph;
	struct part topall;	/* the table with no node fraction */
	struct part dot, callgraph;	/* tsvgraph's DOT; its picture */
};
#define VIEW_PARTS 7

/* Another sample type's views, for the page's switch, gzip'd JSON (the
 * browser's DecompressionStream opens it) in two parts: what the switch
 * shows (ALT_VIEWS: the table, the pictures' markup), and the tables the
 * page reads when asked (ALT_DATA: every row, callers and callees,
 * source), most of the bytes, opened after. */
enum { ALT_VIEWS, ALT_DATA, ALT_PARTS };
struct alt {
	char *type;
	unsigned char *gz[ALT_PARTS];
	size_t ngz[ALT_PARTS];
};

struct report {
	struct report_opts o;
	struct top *top, *lines;
	struct callgraph cg;
	struct chart_scan sc;
	struct chart *chart;
	struct flame_opts graph, chartopts;
	struct views v;		/* the type shown first */
	struct part pchart;
	char *type;		/* its name */
	struct alt *alts;
	size_t nalts, capalts;
	char alts_why[160];	/* types left out of the switch, and why */
	int stream_gz;		/* the stream the page refines, gzip'd; -1:
				 * none */
	char refine_why[160];	/* why the page cannot refine */
};

/* A part: none yet (fd -1); one opened for a writer; ended with the
 * writer's rc, kept as why not when it failed; its bytes whole
 * (NUL-terminated, malloc'ed) or NULL. */
void part_init(struct part *p);
int part_open(struct part *pt, struct output *po, struct perr *e);
int part_close(struct part *pt, struct output *po, int rc, struct perr *e);
char *part_text(const struct part *pt, size_t *n);
/* A part's text as a JSON string ("" when there is none); a picture
 * inline (no XML prolog), or a note of why there is none. -1: out of
 * memory. */
int json_text(struct output *o, const struct part *pt);
int svg_inner(struct output *o, const char *name, const struct part *pt);

#endif
