/*
 * The call graph as DOT (dot.h). pprof's composition: a legend cluster,
 * then the nodes in its order (by flat in size, then name), then the
 * edges by weight; trimmed as pprof trims (prune.h), a dotted residual
 * edge across the nodes dropped.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/graph/dot.h"
#include "analysis/graph/prune.h"
#include "analysis/sample/figure.h"
#include "analysis/sample/units.h"
#include "base/utf8.h"
#include "io/output.h"

/* a node as drawn: its figures (first, so cg_cmp_flat sorts it), its
 * id */
struct dnode {
	struct cg_node_fig f;
	uint32_t id;		/* N<id>, 0: dropped */
};

/* pprof's dotColor: grey to red by a share of the total */
static void
color(char *buf, size_t n, double score, int background)
{
	double sat = background ? 0.1 : 1.0, val = background ? 0.93 : 0.7;
	double r, g, b;

	score = fmax(-1.0, fmin(1.0, score));
	if (fabs(score) < 0.2)
		sat *= fabs(score) / 0.2;
	score = score > 0 ? pow(score, 0.3) : score < 0 ? -pow(-score, 0.3) :
	    0;
	if (score < 0) {
		g = val;
		r = val * (1 + sat * score);
	} else {
		r = val;
		g = val * (1 - sat * score);
	}
	b = val * (1 - sat);
	snprintf(buf, n, "#%02x%02x%02x", (unsigned)(uint8_t)(r * 255),
	    (unsigned)(uint8_t)(g * 255), (unsigned)(uint8_t)(b * 255));
}

/* Text for a DOT string: quotes and backslashes escaped, newlines as
 * \n; what is not UTF-8 (a stray byte, an encoded surrogate, an overlong
 * form, past U+10FFFF) as U+FFFD, else dot writes an SVG no XML parser
 * reads. */
static void
dot_text(struct output *o, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned char b[4];
	size_t i = 0, k;
	uint32_t cp;

	while (i < n) {
		if (u[i] >= 0x80) {
			k = utf8_decode(u + i, n - i, &cp);
			if (cp == UTF8_BAD)
				out_write(o, b, utf8_encode(b, cp));
			else
				out_write(o, s + i, k);
			i += k;
			continue;
		}
		if (s[i] == '"' || s[i] == '\\')
			out_char(o, '\\');
		if (s[i] == '\n')
			out_str(o, "\\n");
		else
			out_char(o, s[i] == '\r' || s[i] == '\t' ? ' ' : s[i]);
		i++;
	}
}

/* pprof's node label: the name shortened (its package path left out)
 * and broken at "." and "::". */
static void
dot_label_name(struct output *o, const char *s, size_t n)
{
	const char *p = s, *run;
	size_t i;

	/* pkg/path/name.Func -> name.Func */
	for (i = 0; i < n && s[i] != '(' && s[i] != ' '; i++)
		if (s[i] == '/')
			p = s + i + 1;
	/* each run between breaks whole, so that UTF-8 stays whole */
	for (run = p, i = (size_t)(p - s); i < n; i++) {
		if (s[i] == '.' || (s[i] == ':' && i + 1 < n && s[i + 1] ==
		    ':')) {
			dot_text(o, run, (size_t)(s + i - run));
			out_str(o, "\\n");
			i += s[i] == ':';
			run = s + i + 1;
		}
	}
	dot_text(o, run, (size_t)(s + n - run));
	out_str(o, "\\n");
}

/* A figure with its unit, as pprof labels them ("1.10s") */
static void
value(struct output *o, const struct measure_choice *c, struct num v)
{
	figure_write(o, c, v);
	if ((c->how == SHOW_MIN || c->how == SHOW_UNIT) && *c->show != '\0')
		out_str(o, c->show);
}

static void
pct(struct output *o, double v, double total)
{
	char b[32];
	double r = total != 0 ? fabs(v / total) * 100 : 0;

	if (r >= 99.95 && r <= 100.05)
		snprintf(b, sizeof(b), "100%%");
	else if (r >= 1)
		snprintf(b, sizeof(b), "%.2f%%", r);
	else
		snprintf(b, sizeof(b), "%.2g%%", r);
	out_str(o, b);
}

int
dot_write(const struct callgraph *g, const struct prof *p,
    const struct dot_opts *opts, struct output *o, struct perr *e)
{
	struct measure_choice c;
	struct pruned pr = { 0 };
	struct dnode *nodes = NULL, *order = NULL;
	struct cg_edge_fig *edges = NULL;
	size_t i, n = g->names.n, ne = 0, shown = 0;
	double flatsum = 0, lo = 0, maxflat = 0, v, total;
	char col[16], fill[16], buf[600];
	int rc = -1, fs;

	if (measure_choose(&g->m, p, opts->type, opts->unit, &c, e) < 0)
		return -1;
	total = fabs(cg_total(g, &c).d);
	if ((nodes = calloc(n + 1, sizeof(*nodes))) == NULL ||
	    (order = calloc(n + 1, sizeof(*order))) == NULL ||
	    graph_prune(g, &c, opts->nodefraction, opts->edgefraction,
	    opts->nodecount, &pr) < 0 ||
	    (edges = calloc(pr.nedges + 1, sizeof(*edges))) == NULL) {
		perr_nomem(e);
		goto done;
	}
	/* drawn in pprof's order: flat, then name */
	for (i = 0; i < n; i++)
		if (pr.kept[i])
			cg_node_fig(g, &c, (uint32_t)i, &order[shown++].f);
	qsort(order, shown, sizeof(*order), cg_cmp_flat);
	for (i = 0; i < shown; i++) {
		nodes[order[i].f.node].id = (uint32_t)i + 1;
		order[i].id = (uint32_t)i + 1;
		maxflat = fmax(maxflat, fabs(order[i].f.flat.d));
		v = fabs(order[i].f.flat.d) > 0 ? fabs(order[i].f.flat.d) :
		    fabs(order[i].f.cum.d);
		if (v > 0 && (lo == 0 || v < lo))
			lo = v;
	}
	for (i = 0; i < pr.nedges; i++) {
		const struct cg_redge *ed = &pr.edges[i];
		if (ed->w.d == 0)
			continue;
		edges[ne].edge = (uint32_t)i;
		edges[ne].w = ed->w;
		edges[ne].from = strtab_str(&g->names, ed->from);
		edges[ne].flen = strtab_len(&g->names, ed->from);
		edges[ne].to = strtab_str(&g->names, ed->to);
		edges[ne++].tlen = strtab_len(&g->names, ed->to);
	}
	if (ne > 0)
		qsort(edges, ne, sizeof(*edges), cg_cmp_edges);
	if (c.how == SHOW_MIN)
		c.show = figure_min_unit(&c, lo, total);
	/* the graph and its legend */
	out_str(o, "digraph \"");
	if (opts->title != NULL)
		dot_text(o, opts->title, strlen(opts->title));
	else
		out_str(o, "unnamed");
	out_str(o, "\" {\nnode [style=filled fillcolor=\"#f8f8f8\"]\n"
	    "subgraph cluster_L { \"Type: ");
	dot_text(o, c.type < 0 ? "" : c.name, c.type < 0 ? 0 :
	    strlen(c.name));
	out_str(o, "\" [shape=box fontsize=16 label=\"Type: ");
	dot_text(o, c.type < 0 ? "" : c.name, c.type < 0 ? 0 :
	    strlen(c.name));
	out_str(o, "\\lShowing nodes accounting for ");
	for (i = 0, flatsum = 0; i < shown; i++)
		flatsum += order[i].f.flat.d;
	value(o, &c, num_of_dbl(flatsum));
	out_str(o, ", ");
	pct(o, flatsum, total);
	out_str(o, " of ");
	value(o, &c, num_of_dbl(total));
	out_str(o, " total");
	/* pprof's genLabel */
	if (pr.dropped_nodes > 0) {
		snprintf(buf, sizeof(buf), "\\lDropped %zu node%s (cum <= ",
		    pr.dropped_nodes, pr.dropped_nodes > 1 ? "s" : "");
		out_str(o, buf);
		value(o, &c, num_of_dbl(pr.ncut));
		out_str(o, ")");
	}
	if (pr.dropped_edges > 0) {
		snprintf(buf, sizeof(buf), "\\lDropped %zu edge%s (freq <= ",
		    pr.dropped_edges, pr.dropped_edges > 1 ? "s" : "");
		out_str(o, buf);
		value(o, &c, num_of_dbl(pr.ecut));
		out_str(o, ")");
	}
	if (opts->nodecount > 0 && shown < pr.orig) {
		snprintf(buf, sizeof(buf), "\\lShowing top %zu nodes out of "
		    "%zu", shown, pr.orig);
		out_str(o, buf);
	}
	out_str(o, "\\l\"] }\n");
	for (i = 0; i < shown; i++) {
		const struct dnode *x = &order[i];
		fs = 8;
		if (maxflat != 0 && x->f.flat.d != 0)
			fs += (int)ceil(16 * sqrt(fabs(x->f.flat.d) / maxflat));
		snprintf(buf, sizeof(buf), "N%u [label=\"", x->id);
		out_str(o, buf);
		dot_label_name(o, x->f.name, x->f.len);
		if (x->f.flat.d != 0) {
			value(o, &c, x->f.flat);
			out_str(o, " (");
			pct(o, x->f.flat.d, total);
			out_str(o, ")");
		} else
			out_str(o, "0");
		if (x->f.cum.d != x->f.flat.d) {
			out_str(o, x->f.flat.d != 0 ? "\\nof " : " of ");
			value(o, &c, x->f.cum);
			out_str(o, " (");
			pct(o, x->f.cum.d, total);
			out_str(o, ")");
		}
		color(col, sizeof(col), total != 0 ? x->f.cum.d / total : 0, 0);
		color(fill, sizeof(fill), total != 0 ? x->f.cum.d / total : 0, 1);
		snprintf(buf, sizeof(buf), "\" id=\"node%u\" fontsize=%d "
		    "shape=box tooltip=\"", x->id, fs);
		out_str(o, buf);
		dot_text(o, x->f.name, x->f.len);
		out_str(o, " (");
		value(o, &c, x->f.cum);
		snprintf(buf, sizeof(buf), ")\" color=\"%s\" fillcolor=\"%s\" "
		    "fn=\"", col, fill);
		out_str(o, buf);
		dot_text(o, x->f.name, x->f.len);
		out_str(o, "\" flat=\"");
		out_num(o, x->f.flat);
		out_str(o, "\" cum=\"");
		out_num(o, x->f.cum);
		out_str(o, "\"]\n");
	}
	for (i = 0; i < ne; i++) {
		const struct cg_edge_fig *x = &edges[i];
		const struct cg_redge *ed = &pr.edges[x->edge];
		double share = total != 0 ? fabs(x->w.d) / total : 0;
		int weight = 1 + (int)fmin(trunc(share * 100), 100);
		int width = 1 + (int)fmin(trunc(share * 5), 5);
		snprintf(buf, sizeof(buf), "N%u -> N%u [label=\" ",
		    nodes[ed->from].id, nodes[ed->to].id);
		out_str(o, buf);
		value(o, &c, x->w);
		out_str(o, ed->inline_call ? "\\n (inline)\"" : "\"");
		if (weight > 1) {
			snprintf(buf, sizeof(buf), " weight=%d", weight);
			out_str(o, buf);
		}
		if (width > 1) {
			snprintf(buf, sizeof(buf), " penwidth=%d", width);
			out_str(o, buf);
		}
		color(col, sizeof(col), total != 0 ? x->w.d / total : 0, 0);
		snprintf(buf, sizeof(buf), " color=\"%s\" tooltip=\"", col);
		out_str(o, buf);
		dot_text(o, x->from, x->flen);
		/* over nodes dropped: pprof's dotted residual edge */
		out_str(o, ed->residual ? " ... " : " -> ");
		dot_text(o, x->to, x->tlen);
		out_str(o, " (");
		value(o, &c, x->w);
		out_str(o, ")\"");
		if (ed->residual)
			out_str(o, " style=\"dotted\"");
		out_str(o, " value=\"");
		out_num(o, x->w);
		out_str(o, ed->inline_call ? "\" inline=\"true\"]\n" : "\"]\n");
	}
	out_str(o, "}\n");
	rc = 0;
done:
	free(nodes);
	free(order);
	free(edges);
	pruned_free(&pr);
	return rc;
}
