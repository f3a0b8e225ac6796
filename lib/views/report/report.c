/*
 * The report page's parts. The first pass feeds the top table (by
 * function, and by line for the source pane), the call graph and the
 * stacks at once; each part is then written by its own writer into a
 * temporary file (part.c), the other types' views gzip'd, and the
 * stream the page refines gzip'd; page.c makes the page of them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/array.h"
#include "io/gzout.h"
#include "io/markup.h"
#include "io/tmpfile.h"
#include "views/graph/callgraph.h"
#include "views/graph/dot.h"
#include "views/top/list.h"
#include "views/graph/peek.h"
#include "views/report/report_impl.h"

static struct part *
view_part(struct views *v, int i)
{
	struct part *p[VIEW_PARTS] = { &v->top, &v->peek, &v->list, &v->graph,
	    &v->topall, &v->dot, &v->callgraph };

	return p[i];
}

static void
views_init(struct views *v)
{
	int i;

	for (i = 0; i < VIEW_PARTS; i++)
		part_init(view_part(v, i));
}

static void
views_close(struct views *v)
{
	int i;

	for (i = 0; i < VIEW_PARTS; i++)
		if (view_part(v, i)->fd >= 0) {
			close(view_part(v, i)->fd);
			view_part(v, i)->fd = -1;
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
	views_init(&r->v);
	part_init(&r->pchart);
	r->stream_gz = -1;
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
	size_t i;

	if (r == NULL)
		return;
	views_close(&r->v);
	if (r->pchart.fd >= 0)
		close(r->pchart.fd);
	for (i = 0; i < r->nalts; i++) {
		free(r->alts[i].type);
		free(r->alts[i].gz[ALT_VIEWS]);
		free(r->alts[i].gz[ALT_DATA]);
	}
	free(r->alts);
	free(r->type);
	if (r->stream_gz >= 0)
		close(r->stream_gz);
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

int
report_chart_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct report *r = ctx;

	return chart_sample(r->chart, p, s, e);
}

int
report_chart_restart(void *ctx, struct perr *e)
{
	struct report *r = ctx;

	return chart_restart(r->chart, e);
}

/* The call graph: tsvgraph's DOT (pprof's defaults), laid out as SVG
 * by the program's layout (Graphviz), or the tab says why not. */
static int
call_graph(struct report *r, struct prof *p, const char *type,
    struct views *v, struct perr *e)
{
	struct dot_opts dopts = { type, r->o.unit, 0.005, 0.001, 80,
	    "Call graph" };
	struct output o;
	struct perr le = { "" };

	if (part_open(&v->dot, &o, e) < 0 || part_close(&v->dot, &o,
	    dot_write(&r->cg, p, &dopts, &o, e), e) < 0)
		return -1;
	if (v->dot.fd < 0) {
		snprintf(v->callgraph.why, sizeof(v->callgraph.why), "%s",
		    v->dot.why);
		return 0;
	}
	if (r->o.layout == NULL) {
		snprintf(v->callgraph.why, sizeof(v->callgraph.why),
		    "Graphviz's dot is not installed (tsvgraph writes the "
		    "graph as DOT)");
		return 0;
	}
	if ((v->callgraph.fd = tmp_fd(e)) < 0)
		return -1;
	if (lseek(v->dot.fd, 0, SEEK_SET) < 0 ||
	    r->o.layout(r->o.ctx, v->dot.fd, v->callgraph.fd, &le) < 0) {
		snprintf(v->callgraph.why, sizeof(v->callgraph.why), "%s",
		    le.msg);
		close(v->callgraph.fd);
		v->callgraph.fd = -1;
	}
	return 0;
}

/* The views of type (NULL: the default) into v: the tables (a table
 * that cannot be written fails them all) and the pictures (where one
 * cannot be drawn, the page says why). 0, or -1 with e set. */
static int
views_write(struct report *r, struct prof *p, const char *type,
    struct views *v, struct perr *e)
{
	struct peek_opts po = { NULL, type, r->o.unit, 0, 1 };
	struct list_opts lo = { .type = type, .search = r->o.search,
	    .trim = r->o.trim, .anywhere = r->o.anywhere, .missing =
	    r->o.missing, .ctx = r->o.ctx };
	struct flame_opts fo = r->graph;
	struct output o;
	char err[128];
	double frac;
	int rc;

	fo.type = type;
	if (part_open(&v->top, &o, e) < 0)
		return -1;
	rc = top_write(r->top, p, &o, type, 0, 0, e);
	/* one unit on the page: the pictures' values in the table's */
	if (rc == 0)
		fo.shown = top_shown_unit(r->top);
	if (part_close(&v->top, &o, rc, e) < 0 || rc < 0 ||
	    part_open(&v->topall, &o, e) < 0)
		return -1;
	/* the rows under pprof's node fraction too, for the page's button
	 * that shows them */
	frac = top_set_nodefraction(r->top, 0);
	rc = top_write(r->top, p, &o, type, 0, 0, e);
	top_set_nodefraction(r->top, frac);
	if (part_close(&v->topall, &o, rc, e) < 0 || rc < 0 ||
	    part_open(&v->peek, &o, e) < 0)
		return -1;
	rc = peek_write(&r->cg, p, &po, &o, e);
	if (part_close(&v->peek, &o, rc, e) < 0 || rc < 0)
		return -1;
	if (r->lines != NULL) {
		if ((lo.match = re_compile(".", err, sizeof(err))) == NULL)
			return perr_set(e, "%s", err);
		if (part_open(&v->list, &o, e) < 0) {
			re_free(lo.match);
			return -1;
		}
		rc = top_list(r->lines, p, &lo, &o, e);
		re_free(lo.match);
		if (part_close(&v->list, &o, rc, e) < 0 || rc < 0)
			return -1;
	}
	if (part_open(&v->graph, &o, e) < 0 || part_close(&v->graph, &o,
	    flame_write(&r->sc.sr.st, p, &fo, &o, e), e) < 0)
		return -1;
	return call_graph(r, p, type, v, e);
}

static int alt_types(struct report *r, struct prof *p, struct perr *e);

int
report_parts(struct report *r, struct prof *p, struct chart **chart,
    struct perr *e)
{
	struct measure_choice c;

	*chart = NULL;
	if (views_write(r, p, r->o.type, &r->v, e) < 0)
		return -1;
	if (r->o.diff != CG_PLAIN)
		snprintf(r->pchart.why, sizeof(r->pchart.why), "a diff has no "
		    "order in time (the flame graph shows the change)");
	else if ((r->chart = chart_new(&r->sc, p, &r->chartopts, e)) == NULL)
		snprintf(r->pchart.why, sizeof(r->pchart.why), "%s", e->msg);
	*chart = r->chart;
	/* the type shown, and the others behind the switch */
	if (measure_choose(&r->cg.m, p, r->o.type, "raw", &c, e) < 0 ||
	    c.type < 0)
		return 0;
	if ((r->type = strdup(c.name)) == NULL)
		return perr_nomem(e);
	if (alt_types(r, p, e) < 0)
		return -1;
	if (r->o.diff != CG_PLAIN)
		snprintf(r->refine_why, sizeof(r->refine_why), "a diff is "
		    "refined before it is made: tsvfocus, then tsvreport");
	else if (r->o.engine == NULL)
		snprintf(r->refine_why, sizeof(r->refine_why), "this tsvreport "
		    "was built without its engine (make wasm)");
	return 0;
}

/* The views of v as one JSON object, its pictures as their sections
 * hold them; -1 when out of memory. */
static int
views_json(struct output *o, const struct views *v, int which)
{
	struct part pg, pc;
	struct output so;
	struct perr e = { "" };
	int rc = -1;
	const struct {
		const char *key;
		const struct part *pt;
		int which;
	} fields[] = {
		{ "top", &v->top, ALT_VIEWS }, { "graph", &pg, ALT_VIEWS },
		{ "callgraph", &pc, ALT_VIEWS }, { "all", &v->topall, ALT_DATA },
		{ "peek", &v->peek, ALT_DATA }, { "list", &v->list, ALT_DATA },
	};
	size_t i, k = 0;

	part_init(&pg);
	part_init(&pc);
	/* the sections' markup, made in parts of their own */
	if (which == ALT_VIEWS && (part_open(&pg, &so, &e) < 0 ||
	    svg_inner(&so, "flame graph", &v->graph) < 0 ||
	    part_close(&pg, &so, 0, &e) < 0 ||
	    part_open(&pc, &so, &e) < 0 || svg_inner(&so, "call graph",
	    &v->callgraph) < 0 || part_close(&pc, &so, 0, &e) < 0))
		goto done;
	/* a field a line, for readers of lines */
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		if (fields[i].which != which)
			continue;
		out_str(o, k++ == 0 ? "{\"" : ",\n\"");
		out_str(o, fields[i].key);
		out_str(o, "\":");
		if (json_text(o, fields[i].pt) < 0)
			goto done;
	}
	out_str(o, "}\n");
	rc = 0;
done:
	if (pg.fd >= 0)
		close(pg.fd);
	if (pc.fd >= 0)
		close(pc.fd);
	return rc;
}

/* Whether the profile is R's, whose other value types are memory
 * snapshots, not sums (tsvtop -m shows them). */
static int
is_rprof(const struct prof *p)
{
	size_t i;

	for (i = 0; i < p->nsources; i++)
		if (strcmp(prof_str(p, p->sources[i].type), "rprof") == 0)
			return 1;
	return 0;
}

/* A page larger than this many times the first type's alone, and
 * larger than the options' extra, is too heavy to send: the types past
 * it are left out of the switch. */
#define ALT_BOUND 1.0

/* A bound said in the page: "%.0f MB" or, under 1 MB, "kB" */
static void
bound_said(char *buf, size_t n, double bytes)
{
	if (bytes >= 1 << 20)
		snprintf(buf, n, "%.0f MB", bytes / (1 << 20));
	else
		snprintf(buf, n, "%.0f kB", ceil(bytes / 1024));
}

/* What the other types, or the stream, may add to the page. */
static double
extra_bound(const struct report *r, size_t first)
{
	size_t x = r->o.extra ? r->o.extra : REPORT_EXTRA;

	return fmax(ALT_BOUND * (double)first, (double)x);
}

/* The bytes of v's parts. */
static size_t
views_size(struct views *v)
{
	size_t i, n = 0;

	for (i = 0; i < VIEW_PARTS; i++) {
		int fd = view_part(v, (int)i)->fd;
		off_t len = fd >= 0 ? lseek(fd, 0, SEEK_END) : 0;
		n += len > 0 ? (size_t)len : 0;
	}
	return n;
}

/* What write puts out, through a temporary part, gzip'd at level into
 * *gz (the caller's to free): the parts the browser inflates. 0, or -1
 * with e set. */
static int
gz_part(int (*write)(void *ctx, struct output *o, struct perr *e),
    void *ctx, int level, unsigned char **gz, size_t *ngz, struct perr *e)
{
	struct part pj;
	struct output o;
	size_t n;
	char *t;
	int rc;

	part_init(&pj);
	if (part_open(&pj, &o, e) < 0 || part_close(&pj, &o, write(ctx, &o,
	    e), e) < 0 || pj.fd < 0) {
		if (pj.fd >= 0)
			close(pj.fd);
		return -1;
	}
	t = part_text(&pj, &n);
	close(pj.fd);
	if (t == NULL)
		return perr_nomem(e);
	rc = gzip_bytes(level, t, n, gz, ngz);
	free(t);
	return rc < 0 ? perr_nomem(e) : 0;
}

/* Part which of views v, as JSON (gz_part's writer). */
struct views_part {
	const struct views *v;
	int which;
};

static int
write_views(void *ctx, struct output *o, struct perr *e)
{
	const struct views_part *vp = ctx;

	return views_json(o, vp->v, vp->which) < 0 ? perr_nomem(e) : 0;
}

/* Part which of v as gzip'd JSON, into *gz (the caller's to free). */
static int
alt_part(const struct views *v, int which, unsigned char **gz, size_t *ngz,
    struct perr *e)
{
	struct views_part vp = { v, which };

	return gz_part(write_views, &vp, 9, gz, ngz, e);
}

/* The views of every other sample type, gzip'd, for the page's switch
 * (pprof -http's sample menu): a diff's, and R's, have none. */
static int
alt_types(struct report *r, struct prof *p, struct perr *e)
{
	const struct strtab *names = &r->cg.m.types.names;
	struct views v;
	size_t i, k, more, total = 0, first = 0, left = 0;
	struct alt *a;
	int rc;

	if (r->o.diff != CG_PLAIN || is_rprof(p))
		return 0;
	first = views_size(&r->v);
	for (i = 0; i < names->n; i++) {
		const char *name = strtab_str(names, i);
		if (strcmp(name, r->type) == 0 || r->cg.m.t[i].is_time)
			continue;
		views_init(&v);
		/* a type whose views cannot be made (sums that do not add
		 * up) is not offered */
		if (views_write(r, p, name, &v, e) < 0) {
			views_close(&v);
			continue;
		}
		if (ARRAY_ROOM(r->alts, r->nalts, r->capalts) < 0) {
			views_close(&v);
			return perr_nomem(e);
		}
		a = &r->alts[r->nalts];
		memset(a, 0, sizeof(*a));
		rc = (a->type = strdup(name)) == NULL ? perr_nomem(e) : 0;
		for (k = 0; rc == 0 && k < ALT_PARTS; k++)
			rc = alt_part(&v, (int)k, &a->gz[k], &a->ngz[k], e);
		views_close(&v);
		/* base64's four bytes for three */
		more = (a->ngz[ALT_VIEWS] + a->ngz[ALT_DATA]) / 3 * 4;
		if (rc < 0 || (double)(total + more) > extra_bound(r, first)) {
			free(a->type);
			free(a->gz[ALT_VIEWS]);
			free(a->gz[ALT_DATA]);
			if (rc < 0)
				return -1;
			left++;
			continue;
		}
		total += more;
		r->nalts++;
	}
	if (left > 0) {
		char b[32];

		bound_said(b, sizeof(b), extra_bound(r, first));
		snprintf(r->alts_why, sizeof(r->alts_why), "%zu type%s left "
		    "out: the page would pass %s (tsvreport --max-extra "
		    "keeps them)", left, left > 1 ? "s" : "", b);
	}
	return 0;
}

int
report_wants_stream(const struct report *r)
{
	return r->type != NULL && r->refine_why[0] == '\0';
}

int
report_stream(struct report *r, int fd, struct perr *e)
{
	double bound = extra_bound(r, views_size(&r->v));
	off_t n;
	char b[32];
	int rc;

	if ((r->stream_gz = tmp_fd(e)) < 0)
		return -1;
	/* compressed until it passes what the page may hold (base64's four
	 * bytes for three), no further */
	if (lseek(fd, 0, SEEK_SET) < 0 || (rc = gzip_fd(6, fd, r->stream_gz,
	    bound / 4 * 3 >= (double)UINT64_MAX ? UINT64_MAX :
	    (uint64_t)(bound / 4 * 3))) < 0)
		return perr_set(e, "the stream, gzip'd: %s", strerror(errno));
	n = lseek(r->stream_gz, 0, SEEK_END);
	if (rc == 0 && n >= 0 && (double)n / 3 * 4 <= bound)
		return 0;
	close(r->stream_gz);
	r->stream_gz = -1;
	bound_said(b, sizeof(b), bound);
	snprintf(r->refine_why, sizeof(r->refine_why), "the stream would "
	    "pass %s: tsvfocus, then tsvreport (or --max-extra)", b);
	return 0;
}
