/*
 * The call graph as DOT (dot.h). pprof's composition: a legend cluster,
 * then the nodes in its order (by flat in size, then name), then the
 * edges by weight. pprof rebuilds its graph from the samples after each
 * pruning step and draws a dotted "residual" edge across the nodes it
 * dropped; here the nodes and edges kept are those of the one graph,
 * without residual edges (what is dropped is counted in the legend).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/graph/dot.h"
#include "analysis/sample/figure.h"
#include "analysis/sample/units.h"
#include "base/utf8.h"
#include "io/output.h"

/* a node as drawn: its figures (first, so cg_cmp_flat sorts it), the
 * score it is kept by, its id */
struct dnode {
	struct cg_node_fig f;
	double score;		/* pprof's entropy score */
	uint32_t id;		/* N<id>, 0: dropped */
};

/* pprof's EntropyOrder: by score, then as cg_cmp_flat */
static int
cmp_score(const void *x, const void *y)
{
	const struct dnode *a = x, *b = y;

	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return cg_cmp_flat(x, y);
}

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

/* pprof's entropy of a node's edges (in, or out with its flat) */
static double
edge_entropy(const struct callgraph *g, const struct measure_choice *c,
    const struct dnode *nodes, const uint32_t *start, const uint32_t *adj,
    uint32_t node, int out, double self)
{
	double total = self, s = 0, f, w;
	uint32_t i, k;

	for (k = start[node]; k < start[node + 1]; k++) {
		const struct cg_edge *e = &g->edges[i = adj[k]];
		if ((out ? e->from : e->to) != node ||
		    nodes[out ? e->to : e->from].id == 0)
			continue;
		if ((w = cg_weight(g, c, i).d) > 0)
			total += fabs(w);
	}
	if (total == 0)
		return 0;
	for (k = start[node]; k < start[node + 1]; k++) {
		const struct cg_edge *e = &g->edges[i = adj[k]];
		if ((out ? e->from : e->to) != node ||
		    nodes[out ? e->to : e->from].id == 0)
			continue;
		if ((f = fabs(cg_weight(g, c, i).d) / total) > 0)
			s += -f * log2(f);
	}
	if (self > 0) {
		f = fabs(self) / total;
		s += -f * log2(f);
	}
	return s;
}

int
dot_write(const struct callgraph *g, const struct prof *p,
    const struct dot_opts *opts, struct output *o, struct perr *e)
{
	struct measure_choice c;
	struct dnode *nodes = NULL, *order = NULL;
	struct cg_edge_fig *edges = NULL;
	uint32_t *start = NULL, *adj = NULL;	/* each node's edges */
	size_t i, n = g->names.n, nkept = 0, norig, ne = 0, dropped_nodes = 0,
	    dropped_edges = 0, shown;
	double flatsum = 0, ncut, ecut, lo = 0, maxflat = 0, v, total;
	char col[16], fill[16], buf[600];
	int rc = -1, fs;

	if (measure_choose(&g->m, p, opts->type, opts->unit, &c, e) < 0)
		return -1;
	total = fabs(cg_total(g, &c).d);
	if ((nodes = calloc(n + 1, sizeof(*nodes))) == NULL ||
	    (order = calloc(n + 1, sizeof(*order))) == NULL ||
	    (edges = calloc(g->nedges + 1, sizeof(*edges))) == NULL ||
	    cg_adjacency(g, &start, &adj) < 0) {
		perr_nomem(e);
		goto done;
	}
	/* the graph's nodes: those with a value */
	for (i = 0; i < n; i++) {
		struct dnode *x = &nodes[i];
		cg_node_fig(g, &c, (uint32_t)i, &x->f);
		if (x->f.flat.d != 0 || x->f.cum.d != 0) {
			x->id = 1;
			flatsum += x->f.flat.d;
		}
	}
	for (i = norig = 0; i < n; i++)
		norig += nodes[i].id != 0;
	/* pprof's prunings: nodes under a share of the flats' sum ... */
	ncut = fabs(trunc(flatsum * opts->nodefraction));
	ecut = fabs(trunc(flatsum * opts->edgefraction));
	for (i = 0; i < n; i++)
		if (nodes[i].id && ncut > 0 && fabs(nodes[i].f.cum.d) < ncut) {
			nodes[i].id = 0;
			dropped_nodes++;
		}
	/* ... then the nodecount with the most telling edges */
	for (i = 0; i < n; i++)
		if (nodes[i].id) {
			struct dnode *x = &nodes[i];
			double in = edge_entropy(g, &c, nodes, start, adj,
			    x->f.node, 0, 0);
			double out = edge_entropy(g, &c, nodes, start, adj,
			    x->f.node, 1, x->f.flat.d);
			int has_in = 0, has_out = 0;
			uint32_t k;
			for (k = start[x->f.node]; k < start[x->f.node + 1]; k++) {
				const struct cg_edge *ed = &g->edges[adj[k]];
				has_in |= ed->to == x->f.node && nodes[ed->from].id;
				has_out |= ed->from == x->f.node && nodes[ed->to].id;
			}
			x->score = trunc(((has_in ? in : 1) + (has_out ? out :
			    1)) * x->f.cum.d) + x->f.flat.d;
			order[nkept++] = *x;
		}
	qsort(order, nkept, sizeof(*order), opts->nodecount > 0 ? cmp_score :
	    cg_cmp_flat);
	shown = opts->nodecount > 0 && (size_t)opts->nodecount < nkept ?
	    (size_t)opts->nodecount : nkept;
	for (i = 0; i < n; i++)
		nodes[i].id = 0;
	for (i = 0; i < shown; i++)
		nodes[order[i].f.node].id = 1;
	/* drawn in pprof's order: flat, then name */
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
	for (i = 0; i < g->nedges; i++) {
		const struct cg_edge *ed = &g->edges[i];
		struct num w = cg_weight(g, &c, (uint32_t)i);
		if (!nodes[ed->from].id || !nodes[ed->to].id || w.d == 0)
			continue;
		if (ecut > 0 && fabs(w.d) < ecut) {
			dropped_edges++;
			continue;
		}
		edges[ne].edge = (uint32_t)i;
		edges[ne].w = w;
		edges[ne].from = nodes[ed->from].f.name;
		edges[ne].flen = nodes[ed->from].f.len;
		edges[ne].to = nodes[ed->to].f.name;
		edges[ne++].tlen = nodes[ed->to].f.len;
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
	if (dropped_nodes > 0) {
		snprintf(buf, sizeof(buf), "\\lDropped %zu nodes (cum < ",
		    dropped_nodes);
		out_str(o, buf);
		value(o, &c, num_of_dbl(ncut));
		out_str(o, ")");
	}
	if (dropped_edges > 0) {
		snprintf(buf, sizeof(buf), "\\lDropped %zu edges (freq < ",
		    dropped_edges);
		out_str(o, buf);
		value(o, &c, num_of_dbl(ecut));
		out_str(o, ")");
	}
	if (shown < nkept) {
		snprintf(buf, sizeof(buf), "\\lShowing top %zu nodes out of "
		    "%zu", shown, norig);
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
		const struct cg_edge *ed = &g->edges[x->edge];
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
		out_str(o, " -> ");
		dot_text(o, x->to, x->tlen);
		out_str(o, " (");
		value(o, &c, x->w);
		out_str(o, ")\" value=\"");
		out_num(o, x->w);
		out_str(o, ed->inline_call ? "\" inline=\"true\"]\n" : "\"]\n");
	}
	out_str(o, "}\n");
	rc = 0;
done:
	free(nodes);
	free(order);
	free(edges);
	free(start);
	free(adj);
	return rc;
}
