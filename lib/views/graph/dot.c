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

#include "views/graph/dot.h"
#include "views/graph/prune.h"
#include "sample/figure.h"
#include "sample/shortname.h"
#include "sample/units.h"
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

/* pprof's node label (multilinePrintableName): the name as pprof
 * shortens it (shortname.h), broken at "." and "::". */
static void
dot_label_name(struct output *o, const char *s, size_t n)
{
	char buf[1024];
	const char *run;
	size_t i;

	/* a frame of no function, named by its mapping's file as pprof
	 * names it ("[libc-2.15.so]"): whole */
	if (n > 2 && s[0] == '[' && s[n - 1] == ']') {
		dot_text(o, s, n);
		out_str(o, "\\n");
		return;
	}
	n = short_name(buf, sizeof(buf), s, n);
	s = buf;
	/* each run between breaks whole, so that UTF-8 stays whole */
	for (run = s, i = 0; i < n; i++) {
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
	char buf[512];

	/* pprof's ScaledLabel: a figure of nothing has no unit */
	if (c->how == SHOW_MIN && strcmp(figure_min_text(c, v, buf,
	    sizeof(buf)), "0") == 0) {
		out_str(o, "0");
		return;
	}
	figure_write(o, c, v);
	if ((c->how == SHOW_MIN || c->how == SHOW_UNIT) && *c->show != '\0')
		out_str(o, c->show);
}

/* pprof's share in a picture: its Percentage, trimmed */
static void
pct(struct output *o, double v, double total)
{
	figure_percentage(o, v, total, 1);
}

/* A nodelet as pprof draws one (addNodelets, numericNodelets): a small
 * box under its node (or under a nodelet of labels) with its weight. */
struct nodelet {
	char name[160];		/* a numeric tag's, or a range's */
	const struct ptag *t;	/* a tag whose name is its labels' text */
	double flat, cum;
	int64_t value;		/* a numeric tag's: to group by */
	const char *unit;
};

static int sort_flat;		/* SortTags' flat */
static const struct strtab *sort_names;

/* The text of a nodelet. */
static const char *
nodelet_name(const struct nodelet *x, size_t *n)
{
	const char *s;

	if (x->t == NULL || x->t->numeric) {
		*n = strlen(x->name);
		return x->name;
	}
	s = strtab_str(sort_names, x->t->labels);
	*n = strtab_len(sort_names, x->t->labels);
	return s;
}

/* SortTags: cum in size (unless flat), flat in size, name */
static int
cmp_nodelet(const void *a, const void *b)
{
	const struct nodelet *x = a, *y = b;
	const char *xs, *ys;
	size_t xn, yn;

	if (!sort_flat && x->cum != y->cum)
		return fabs(x->cum) > fabs(y->cum) ? -1 : 1;
	if (x->flat != y->flat)
		return fabs(x->flat) > fabs(y->flat) ? -1 : 1;
	xs = nodelet_name(x, &xn);
	ys = nodelet_name(y, &yn);
	return bytes_cmp(xs, xn, ys, yn);
}

/* Labels' text: "a:b\nc:d", each label escaped, the \n kept. */
static void
labels_text(struct output *o, const char *s, size_t n)
{
	const char *end = s + n, *q;

	while (s < end) {
		for (q = s; q + 1 < end && !(q[0] == '\\' && q[1] == 'n'); q++)
			;
		if (q + 1 >= end)
			q = end;
		dot_text(o, s, (size_t)(q - s));
		if (q < end) {
			out_str(o, "\\n");
			q += 2;
		}
		s = q;
	}
}

static void
nodelet(struct output *o, const struct measure_choice *c, const char *source,
    const char *id, const struct nodelet *x, double w, int dotted)
{
	const char *name;
	size_t n;

	out_str(o, id);
	out_str(o, " [label = \"");
	name = nodelet_name(x, &n);
	if (x->t != NULL && !x->t->numeric)
		labels_text(o, name, n);
	else
		dot_text(o, name, n);
	out_str(o, "\" id=\"");
	out_str(o, id);
	out_str(o, "\" fontsize=8 shape=box3d tooltip=\"");
	value(o, c, num_of_dbl(w));
	out_str(o, "\"]\n");
	out_str(o, source);
	out_str(o, " -> ");
	out_str(o, id);
	out_str(o, " [label=\" ");
	value(o, c, num_of_dbl(w));
	out_str(o, "\" weight=100 tooltip=\"");
	value(o, c, num_of_dbl(w));
	out_str(o, "\" labeltooltip=\"");
	value(o, c, num_of_dbl(w));
	out_str(o, dotted ? "\" style=\"dotted\"]\n" : "\"]\n");
}

/* numericNodelets: a node's numbers of one label set, more than four
 * grouped into four ranges around the four heaviest. */
static int
numeric_nodelets(struct output *o, const struct measure_choice *c,
    struct nodelet *x, size_t n, int flat, const char *source)
{
	size_t i, j, best, ng = n < 4 ? n : 4;
	struct nodelet *g = x;
	double d, bd, w;
	int64_t lo[4], hi[4];
	const char *lu[4], *hu[4];
	char a[64], b[64], id[160];
	int dotted;

	sort_flat = flat;
	qsort(x, n, sizeof(*x), cmp_nodelet);
	if (n > 4) {
		for (i = 0; i < 4; i++) {
			lo[i] = hi[i] = x[i].value;
			lu[i] = hu[i] = x[i].unit;
		}
		for (j = 4; j < n; j++) {
			/* tagDistance: to the group's first */
			for (i = 0, best = 0, bd = 0; i < 4; i++) {
				d = fabs((double)x[i].value - (double)x[j].value);
				if (i == 0 || d < bd) {
					bd = d;
					best = i;
				}
			}
			x[best].flat += x[j].flat;
			x[best].cum += x[j].cum;
			if (x[j].value < lo[best]) {
				lo[best] = x[j].value;
				lu[best] = x[j].unit;
			}
			if (x[j].value > hi[best]) {
				hi[best] = x[j].value;
				hu[best] = x[j].unit;
			}
		}
		/* tagGroupLabel: a range in pprof's auto unit */
		for (i = 0; i < 4; i++) {
			unit_label(a, sizeof(a), (double)lo[i], lu[i], "auto");
			unit_label(b, sizeof(b), (double)hi[i], hu[i], "auto");
			if (lo[i] == hi[i])
				snprintf(x[i].name, sizeof(x[i].name), "%s", a);
			else
				snprintf(x[i].name, sizeof(x[i].name), "%s..%s",
				    a, b);
			x[i].t = NULL;
		}
		qsort(x, 4, sizeof(*x), cmp_nodelet);
	}
	for (j = 0; j < ng; j++) {
		w = g[j].cum;
		dotted = 1;
		if (flat || g[j].flat == g[j].cum) {
			w = g[j].flat;
			dotted = 0;
		}
		if (w == 0)
			continue;
		snprintf(id, sizeof(id), "N%s_%zu", source, j);
		nodelet(o, c, source, id, &g[j], w, dotted);
	}
	return 0;
}

/* addNodelets: node's tags drawn under it, the labels' heaviest four
 * (each with its numbers under it), then its numbers of no labels. For
 * a node that calls others, its flat; for a leaf, its cum. */
static int
nodelets(struct output *o, const struct measure_choice *c,
    const struct pruned *pr, const struct ptag *t, size_t n, uint32_t id,
    int flat)
{
	struct nodelet *ls = NULL, *ns = NULL;
	size_t i, j, nl = 0, nn;
	char src[96], nid[96];
	double w;
	int rc = -1;

	if (n == 0)
		return 0;
	if ((ls = calloc(n, sizeof(*ls))) == NULL ||
	    (ns = calloc(n, sizeof(*ns))) == NULL)
		goto done;
	sort_names = &pr->tagnames;
	for (i = 0; i < n; i++)
		if (!t[i].numeric) {
			ls[nl].t = &t[i];
			ls[nl].flat = t[i].flat;
			ls[nl++].cum = t[i].cum;
		}
	sort_flat = flat;
	qsort(ls, nl, sizeof(*ls), cmp_nodelet);
	/* the numbers under a set of labels, or of none */
	for (i = 0; i <= (nl < 4 ? nl : 4); i++) {
		uint32_t labels;
		if (i < (nl < 4 ? nl : 4)) {
			labels = ls[i].t->labels;
			w = flat ? ls[i].flat : ls[i].cum;
			if (w == 0)
				continue;
			snprintf(src, sizeof(src), "N%u_%zu", id, i);
			snprintf(nid, sizeof(nid), "N%u", id);
			nodelet(o, c, nid, src, &ls[i], w, 0);
		} else {
			labels = UINT32_MAX;
			snprintf(src, sizeof(src), "N%u", id);
		}
		for (j = nn = 0; j < n; j++) {
			if (!t[j].numeric || (labels == UINT32_MAX ?
			    strtab_len(&pr->tagnames, t[j].labels) != 0 :
			    t[j].labels != labels))
				continue;
			ns[nn].t = &t[j];
			ns[nn].flat = t[j].flat;
			ns[nn].cum = t[j].cum;
			ns[nn].value = t[j].value;
			ns[nn].unit = t[j].unit;
			snprintf(ns[nn].name, sizeof(ns[nn].name), "%.*s",
			    (int)(strtab_len(&pr->tagnames, t[j].name >> 1) -
			    4), strtab_str(&pr->tagnames, t[j].name >> 1) + 4);
			nn++;
		}
		if (nn > 0 && numeric_nodelets(o, c, ns, nn, flat, src) < 0)
			goto done;
	}
	rc = 0;
done:
	free(ls);
	free(ns);
	return rc;
}

int
dot_write(const struct callgraph *g, const struct prof *p,
    const struct dot_opts *opts, struct output *o, struct perr *e)
{
	struct measure_choice c;
	struct pruned pr = { 0 };
	struct dnode *nodes = NULL, *order = NULL;
	struct cg_edge_fig *edges = NULL;
	unsigned char *calls = NULL, *has_nodelets = NULL;
	size_t i, n = g->names.n, ne = 0, shown = 0, t0, t1;
	double flatsum = 0, lo = 0, maxflat = 0, v, total;
	char col[16], fill[16], buf[600];
	int rc = -1, fs;

	if (measure_choose(&g->m, p, opts->type, opts->unit, &c, e) < 0)
		return -1;
	total = fabs(cg_percent_total(g, p, &c, opts->relative).d);
	if ((nodes = calloc(n + 1, sizeof(*nodes))) == NULL ||
	    (order = calloc(n + 1, sizeof(*order))) == NULL ||
	    graph_prune(g, &c, opts->nodefraction, opts->edgefraction,
	    opts->nodecount, &pr) < 0 ||
	    (edges = calloc(pr.nedges + 1, sizeof(*edges))) == NULL ||
	    (calls = calloc(n + 1, 1)) == NULL ||
	    (has_nodelets = calloc(n + 1, 1)) == NULL) {
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
		calls[ed->from] = 1;
		/* into a node not drawn (graph_prune) */
		if (!pr.kept[ed->from] || !pr.kept[ed->to])
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
	/* pprof's genLabel: the cuts said of the report's total (which a
	 * diff's differs from the nodes' sum the cuts were made by) */
	if (pr.dropped_nodes > 0) {
		snprintf(buf, sizeof(buf), "\\lDropped %zu node%s (cum <= ",
		    pr.dropped_nodes, pr.dropped_nodes > 1 ? "s" : "");
		out_str(o, buf);
		value(o, &c, num_of_dbl(trunc(total * opts->nodefraction)));
		out_str(o, ")");
	}
	if (pr.dropped_edges > 0) {
		snprintf(buf, sizeof(buf), "\\lDropped %zu edge%s (freq <= ",
		    pr.dropped_edges, pr.dropped_edges > 1 ? "s" : "");
		out_str(o, buf);
		value(o, &c, num_of_dbl(trunc(total * opts->edgefraction)));
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
		/* its tags, as nodelets */
		for (t0 = 0; t0 < pr.ntags && pr.tags[t0].node != x->f.node;
		    t0++)
			;
		for (t1 = t0; t1 < pr.ntags && pr.tags[t1].node == x->f.node;
		    t1++)
			;
		if (t1 > t0) {
			size_t before = o->len;
			if (nodelets(o, &c, &pr, pr.tags + t0, t1 - t0, x->id,
			    calls[x->f.node]) < 0) {
				perr_nomem(e);
				goto done;
			}
			has_nodelets[x->f.node] = o->len != before;
		}
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
		/* pprof: children of a node with nodelets further down */
		if (has_nodelets[ed->from])
			out_str(o, " minlen=2");
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
	free(calls);
	free(has_nodelets);
	pruned_free(&pr);
	return rc;
}
