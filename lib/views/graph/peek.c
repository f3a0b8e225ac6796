/*
 * pprof's -peek (peek.h), as its printTree orders it: the functions by
 * flat, then name; a function's callers, then its flat and cum, then its
 * callees, each list by weight (in size), then caller's and callee's
 * names. As pprof's blocks (printTree's columns), or as rows: function,
 * relation (caller, flat, cum, callee), the other function, value, share
 * (a call's of the function's cum, as pprof's calls%; flat and cum of
 * the total), and whether the call is inline.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sample/figure.h"
#include "sample/units.h"
#include "base/fmt.h"
#include "views/graph/peek.h"

#define SEPARATOR "----------------------------------------------------------" \
    "+-------------\n"

/* pprof's formatValue: the figure with its unit ("1.79s", "0") */
static void
label(struct output *o, const struct measure_choice *c, struct num v,
    int width)
{
	char buf[512];
	int n;

	switch (c->how) {
	case SHOW_MIN:
	case SHOW_UNIT:
		unit_label(buf, sizeof(buf), v.d, c->unit, c->show);
		break;
	case SHOW_AUTO:
		unit_label(buf, sizeof(buf), v.d, c->unit, "auto");
		break;
	default:
		buf[fmt_num(buf, v)] = '\0';
	}
	n = (int)strlen(buf);
	while (n++ < width)
		out_char(o, ' ');
	out_str(o, buf);
}

static void
percentage(struct output *o, double v, double total)
{
	figure_percentage(o, v, total, 0);
}

/* a call, as a block's line: its value, its share of the function's cum,
 * the other function */
static void
block_call(struct output *o, const struct measure_choice *c,
    const struct cg_edge_fig *e, const char *name, size_t len, double cum,
    int inl)
{
	label(o, c, e->w, 50);
	out_char(o, ' ');
	percentage(o, e->w.d, cum);
	out_str(o, " |   ");
	out_write(o, name, len);
	out_str(o, inl ? " (inline)\n" : "\n");
}

static void
peek_row(struct output *o, const struct cg_node_fig *n, const char *rel,
    const char *other, size_t olen, const struct measure_choice *c,
    struct num v, double of, int inl)
{
	out_escaped(o, n->name, n->len);
	out_char(o, '\t');
	out_str(o, rel);
	out_char(o, '\t');
	out_escaped(o, other, olen);
	out_char(o, '\t');
	figure_write(o, c, v);
	out_char(o, '\t');
	share_write(o, v.d, of);
	out_char(o, '\t');
	out_str(o, inl < 0 ? "" : inl ? "TRUE" : "FALSE");
	out_char(o, '\n');
}

int
peek_write(const struct callgraph *g, const struct prof *p,
    const struct peek_opts *po, struct output *o, struct perr *e)
{
	struct measure_choice c;
	struct cg_node_fig *nodes = NULL;
	struct cg_edge_fig *in = NULL, *outs = NULL;
	uint32_t *start = NULL, *adj = NULL;	/* each node's edges */
	size_t i, j, k, n = 0, ni, no, matched = 0;
	struct num total;
	double lo = 0, v, flatsum = 0;
	int rc = -1;

	if (measure_choose(&g->m, p, po->type, po->unit, &c, e) < 0)
		return -1;
	total = cg_percent_total(g, p, &c, po->relative);
	if ((nodes = calloc(g->names.n + 1, sizeof(*nodes))) == NULL ||
	    (in = calloc(g->nedges + 1, sizeof(*in))) == NULL ||
	    (outs = calloc(g->nedges + 1, sizeof(*outs))) == NULL ||
	    cg_adjacency(g, &start, &adj) < 0) {
		perr_nomem(e);
		goto done;
	}
	for (i = 0; i < g->names.n; i++) {
		struct cg_node_fig *x = &nodes[n];
		cg_node_fig(g, &c, (uint32_t)i, x);
		if (x->flat.d == 0 && x->cum.d == 0)
			continue;	/* as pprof's graph: not a node */
		n++;
		v = fabs(x->flat.d) > 0 ? fabs(x->flat.d) : fabs(x->cum.d);
		if (v > 0 && (lo == 0 || v < lo))
			lo = v;
	}
	if (n > 0)
		qsort(nodes, n, sizeof(*nodes), cg_cmp_flat);
	if (c.how == SHOW_MIN)
		c.show = figure_min_unit(&c, lo, total.d);
	/* pprof prints no block, nor anything, when nothing matches */
	for (i = 0; i < n && po->match != NULL; i++)
		matched += re_match(po->match, nodes[i].name, nodes[i].len) ==
		    1;
	if (!po->table && po->match != NULL && matched == 0) {
		rc = 1;
		goto done;
	}
	matched = 0;
	if (!po->table) {
		if (!po->quiet) {
			out_str(o, "Type: ");
			out_str(o, c.type < 0 ? "(no samples)" : c.name);
			out_str(o, "\nShowing nodes accounting for ");
			for (i = 0, v = 0; i < n; i++)
				v += nodes[i].flat.d;
			label(o, &c, num_of_dbl(v), 0);
			out_str(o, ", ");
			figure_percentage(o, v, total.d, 1);
			out_str(o, " of ");
			label(o, &c, total, 0);
			out_str(o, " total\n");
		}
		out_str(o, SEPARATOR "      flat  flat%   sum%        cum   cum%"
		    "   calls calls% + context \t \t \n");
	} else if (!po->quiet) {
		out_str(o, "# type: ");
		out_str(o, c.type < 0 ? "(no samples)" : c.name);
		if (c.type >= 0) {
			out_str(o, " (");
			out_str(o, c.interval > 0 ? "count, as time" : c.unit);
			out_str(o, ")");
		}
		if (c.how == SHOW_UNIT || c.how == SHOW_MIN) {
			out_str(o, "; values in ");
			out_str(o, c.show);
		}
		out_str(o, "\n# total: ");
		figure_write(o, &c, total);
		out_str(o, "; a call's share: of the function's cum, flat's "
		    "and cum's: of the total\n");
	}
	if (po->table)
		out_str(o, "function\trelation\tname\tvalue\tshare\t"
		    "inline\n");
	for (i = 0; i < n; i++) {
		const struct cg_node_fig *x = &nodes[i];
		if (po->match != NULL && re_match(po->match, x->name, x->len) !=
		    1)
			continue;
		matched++;
		for (k = start[x->node], ni = no = 0; k < start[x->node + 1];
		    k++) {
			const struct cg_edge *ed = &g->edges[j = adj[k]];
			struct cg_edge_fig pe;
			if (!cg_edge_counts(g, &c, (uint32_t)j))
				continue;
			cg_edge_fig(g, &c, (uint32_t)j, &pe);
			if (ed->to == x->node)
				in[ni++] = pe;
			if (ed->from == x->node)
				outs[no++] = pe;
		}
		if (ni > 0)
			qsort(in, ni, sizeof(*in), cg_cmp_edges);
		if (no > 0)
			qsort(outs, no, sizeof(*outs), cg_cmp_edges);
		if (!po->table) {
			out_str(o, SEPARATOR);
			for (j = 0; j < ni; j++)
				block_call(o, &c, &in[j], in[j].from,
				    in[j].flen, x->cum.d,
				    g->edges[in[j].edge].inline_call);
			/* printTree: sum% of the functions shown */
			flatsum += x->flat.d;
			label(o, &c, x->flat, 10);
			out_char(o, ' ');
			percentage(o, x->flat.d, total.d);
			out_char(o, ' ');
			percentage(o, flatsum, total.d);
			out_char(o, ' ');
			label(o, &c, x->cum, 10);
			out_char(o, ' ');
			percentage(o, x->cum.d, total.d);
			out_str(o, "                | ");
			out_write(o, x->name, x->len);
			out_char(o, '\n');
			for (j = 0; j < no; j++)
				block_call(o, &c, &outs[j], outs[j].to,
				    outs[j].tlen, x->cum.d,
				    g->edges[outs[j].edge].inline_call);
			continue;
		}
		for (j = 0; j < ni; j++)
			peek_row(o, x, "caller", in[j].from, in[j].flen, &c, in[j].w,
			    x->cum.d, g->edges[in[j].edge].inline_call);
		peek_row(o, x, "flat", "", 0, &c, x->flat, total.d, -1);
		peek_row(o, x, "cum", "", 0, &c, x->cum, total.d, -1);
		for (j = 0; j < no; j++)
			peek_row(o, x, "callee", outs[j].to, outs[j].tlen, &c,
			    outs[j].w, x->cum.d,
			    g->edges[outs[j].edge].inline_call);
	}
	if (!po->table && n > 0)
		out_str(o, SEPARATOR);
	rc = po->match != NULL && matched == 0 ? 1 : 0;
done:
	free(nodes);
	free(in);
	free(outs);
	free(start);
	free(adj);
	return rc;
}
