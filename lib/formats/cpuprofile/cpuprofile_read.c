/*
 * A .cpuprofile (the DevTools protocol's Profiler.Profile, and the older
 * tree of "head") read as JSON events into V8's profile as the tree
 * gathers it (cpuprofile_impl.h): the nodes, and the samples and their
 * deltas, which come as two arrays, each a run of its spool.
 */
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/cpuprofile/cpuprofile_impl.h"
#include "stream/sniff.h"

/* What a container of the JSON is to this reader. */
enum ctx {
	C_TOP, C_NODES, C_NODE, C_FRAME, C_CHILD_IDS, C_SAMPLES, C_DELTAS,
	C_STAMPS, C_HEAD_NODE, C_HEAD_KIDS, C_SKIP
};
/* The key a value comes under. */
enum key {
	K_OTHER, K_NODES, K_SAMPLES, K_DELTAS, K_STAMPS, K_START, K_END,
	K_HEAD, K_ID, K_PARENT, K_CALLFRAME, K_CHILDREN, K_NAME, K_URL,
	K_LINE, K_COLUMN
};

/* The keys the reader knows, where. */
static const struct json_key cpx_keys[] = {
	{ C_TOP, "nodes", K_NODES }, { C_TOP, "samples", K_SAMPLES },
	{ C_TOP, "timeDeltas", K_DELTAS }, { C_TOP, "timestamps", K_STAMPS },
	{ C_TOP, "startTime", K_START }, { C_TOP, "endTime", K_END },
	{ C_TOP, "head", K_HEAD },
	{ C_NODE, "id", K_ID }, { C_NODE, "parent", K_PARENT },
	{ C_NODE, "callFrame", K_CALLFRAME },
	{ C_NODE, "children", K_CHILDREN },
	{ C_FRAME, "functionName", K_NAME }, { C_FRAME, "url", K_URL },
	{ C_FRAME, "lineNumber", K_LINE },
	{ C_FRAME, "columnNumber", K_COLUMN },
	{ C_HEAD_NODE, "id", K_ID }, { C_HEAD_NODE, "children", K_CHILDREN },
	{ C_HEAD_NODE, "functionName", K_NAME },
	{ C_HEAD_NODE, "url", K_URL },
	{ C_HEAD_NODE, "lineNumber", K_LINE },
	{ C_HEAD_NODE, "columnNumber", K_COLUMN },
};

static int
on_start_map(void *ctx, struct perr *e)
{
	struct cpx *x = ctx;
	enum ctx w = json_here(&x->pl);

	if (x->pl.depth == 0)
		return json_push(&x->pl, C_TOP);
	if (w == C_NODES) {
		cpx_node_begin(x);
		return json_push(&x->pl, C_NODE);
	}
	if (w == C_NODE && x->pl.key == K_CALLFRAME)
		return json_push(&x->pl, C_FRAME);
	if ((w == C_TOP && x->pl.key == K_HEAD) || w == C_HEAD_KIDS) {
		/* the old format: this node's children are nested in it */
		if (x->in_node && cpx_node_end(x, e) < 0)
			return -1;
		if (ARRAY_ROOM(x->head_stack, x->nhead, x->caphead) < 0)
			return cpx_nomem(e);
		x->head_stack[x->nhead++] = (uint32_t)x->nnodes;
		cpx_node_begin(x);
		if (x->nhead > 1)
			x->cur.parent = x->head_stack[x->nhead - 2];
		return json_push(&x->pl, C_HEAD_NODE);
	}
	return json_push(&x->pl, C_SKIP);
}

static int
on_end_map(void *ctx, struct perr *e)
{
	struct cpx *x = ctx;
	enum ctx w = json_here(&x->pl);

	json_pop(&x->pl);
	if (w == C_NODE)
		return cpx_node_end(x, e);
	if (w == C_HEAD_NODE) {
		if (x->in_node && cpx_node_end(x, e) < 0)
			return -1;
		x->nhead--;
	}
	return 0;
}

static int
on_start_array(void *ctx, struct perr *e)
{
	struct cpx *x = ctx;
	enum ctx w = json_here(&x->pl);

	(void)e;
	if (w == C_TOP)
		switch (x->pl.key) {
		case K_NODES: return json_push(&x->pl, C_NODES);
		case K_SAMPLES: return json_push(&x->pl, C_SAMPLES);
		case K_DELTAS: return json_push(&x->pl, C_DELTAS);
		case K_STAMPS:
			x->stamps = 1;
			return json_push(&x->pl, C_DELTAS);
		default: break;
		}
	if (w == C_NODE && x->pl.key == K_CHILDREN)
		return json_push(&x->pl, C_CHILD_IDS);
	if (w == C_HEAD_NODE && x->pl.key == K_CHILDREN) {
		/* the fields of the node come before its children */
		if (x->in_node && cpx_node_end(x, e) < 0)
			return -1;
		return json_push(&x->pl, C_HEAD_KIDS);
	}
	return json_push(&x->pl, C_SKIP);
}

static int
on_end_array(void *ctx, struct perr *e)
{
	struct cpx *x = ctx;

	(void)e;
	json_pop(&x->pl);
	return 0;
}

static int
on_key(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct cpx *x = ctx;

	return json_place_key(&x->pl, s, n, e);
}

static int
on_number(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct cpx *x = ctx;
	enum ctx w = json_here(&x->pl);
	int64_t v;
	int k;

	switch (w) {
	case C_SAMPLES:
		if (cpx_integer(s, n, &v, e) < 0)
			return -1;
		spool_put(x->samples, (uint64_t)v);
		return 0;
	case C_DELTAS:
		if (cpx_integer(s, n, &v, e) < 0)
			return -1;
		if (x->stamps) {	/* absolute: a delta from the last */
			int64_t d = v - x->prev_stamp;
			if (x->deltas->n > 0 && d < 0)
				x->disordered = 1;
			if (x->deltas->n == 0 || v < x->first_stamp)
				x->first_stamp = v;
			if (x->deltas->n == 0 || v > x->last_stamp)
				x->last_stamp = v;
			spool_put(x->deltas, x->deltas->n == 0 ? (uint64_t)v :
			    (uint64_t)d);
			x->prev_stamp = v;
			return 0;
		}
		/* V8 stamps a sample before the one before it now and then:
		 * the samples are put in time order, as DevTools puts them */
		if (v < 0 && x->deltas->n > 0)
			x->disordered = 1;
		spool_put(x->deltas, (uint64_t)v);
		return 0;
	case C_CHILD_IDS:
		if (cpx_integer(s, n, &v, e) < 0)
			return -1;
		return cpx_kid(x, v, e);
	case C_TOP:
		if (x->pl.key == K_START || x->pl.key == K_END) {
			double t;
			if (json_double(s, n, &t) < 0)
				return perr_set(e, "'%.*s' is not a time",
				    (int)(n < 40 ? n : 40), s);
			if (x->pl.key == K_START) {
				x->start = t;
				x->has_start = 1;
			} else {
				x->end = t;
				x->has_end = 1;
			}
		}
		return 0;
	case C_NODE: case C_FRAME: case C_HEAD_NODE:
		k = x->pl.key;
		if (k == K_ID || k == K_PARENT || k == K_LINE ||
		    k == K_COLUMN) {
			if (cpx_integer(s, n, &v, e) < 0)
				return -1;
			return cpx_node_int(x, k == K_ID ? CPX_ID :
			    k == K_PARENT ? CPX_PARENT : k == K_LINE ?
			    CPX_LINE : CPX_COLUMN, v, e);
		}
		return 0;
	default:
		return 0;
	}
}

static int
on_string(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct cpx *x = ctx;
	enum ctx w = json_here(&x->pl);

	if ((w != C_FRAME && w != C_HEAD_NODE) || (x->pl.key != K_NAME &&
	    x->pl.key != K_URL))
		return 0;
	return cpx_node_str(x, x->pl.key == K_NAME ? CPX_NAME : CPX_URL, s, n,
	    e);
}

static int
cpuprofile_begin(void *reader, struct output *o, const void *options,
    struct perr *e)
{
	struct cpuprofile_reader *c = reader;

	(void)options;
	(void)e;
	memset(c, 0, sizeof(*c));
	sw_begin(&c->w, o, V20, 1u << T_SOURCE_ATTRIBUTES, 1);
	return 0;
}

static void
cpuprofile_free(void *reader)
{
	struct cpuprofile_reader *c = reader;

	sw_free(&c->w);
	strtab_free(&c->fkeys);
}

/* A .cpuprofile: its profile a source. */
static int
profile_read(struct cpuprofile_reader *c, struct input *in, struct perr *e)
{
	struct json_events ev = { 0 };
	struct spool samples, deltas;
	struct cpx x;
	uint32_t source;
	int rc;

	memset(&x, 0, sizeof(x));
	json_place_init(&x.pl, cpx_keys, sizeof(cpx_keys) /
	    sizeof(cpx_keys[0]), K_OTHER, C_SKIP);
	x.c = c;
	x.in = in;
	x.samples = &samples;
	x.deltas = &deltas;
	ev.start_map = on_start_map;
	ev.end_map = on_end_map;
	ev.start_array = on_start_array;
	ev.end_array = on_end_array;
	ev.key = on_key;
	ev.number = on_number;
	ev.string = on_string;
	ev.ctx = &x;
	memset(&deltas, 0, sizeof(deltas));
	rc = spool_open(&samples, e) < 0 || spool_open(&deltas, e) < 0 ?
	    -1 : json_read_input(in, &ev, e);
	if (rc == 0 && x.nnodes == 0)
		rc = perr_set(e, "%s: no nodes: not a .cpuprofile", in->name);
	if (rc == 0 && (cpx_samples_run(&x, 0, samples.n, e) < 0 ||
	    cpx_deltas_run(&x, 0, deltas.n, e) < 0 ||
	    spool_rewind(&samples, e) < 0 || spool_rewind(&deltas, e) < 0))
		rc = -1;
	if (rc == 0)
		rc = cpx_resolve(&x, e);
	if (rc == 0)
		rc = cpx_source(&x, &source, e);
	if (rc == 0)
		rc = cpx_emit(&x, source, e);
	cpx_free(&x);
	spool_close(&samples);
	spool_close(&deltas);
	return rc;
}

static int
cpuprofile_read(void *reader, struct input *in, struct perr *e)
{
	struct cpuprofile_reader *c = reader;
	enum sniff_kind k;
	int rc;

	sw_set_input(&c->w, in);
	/* another format: named, with what reads it */
	if (sniff_expect(in, SNIFF_BIT(SNIFF_CPUPROFILE) |
	    SNIFF_BIT(SNIFF_CHROME_TRACE) | SNIFF_BIT(SNIFF_JSON) |
	    SNIFF_BIT(SNIFF_BINARY), "a .cpuprofile", e) < 0 ||
	    sniff_peek(in, &k, e) < 0)
		return -1;
	rc = k == SNIFF_CHROME_TRACE ? cpx_trace_read(c, in, e) :
	    profile_read(c, in, e);
	return rc < 0 ? perr_at(e, in->name) : 0;
}

const struct codec cpuprofile_codec = {
	"Chrome/V8 CPU profile", "cpuprofile2tsv", SNIFF_BIT(SNIFF_CPUPROFILE) |
	SNIFF_BIT(SNIFF_CHROME_TRACE),
	sizeof(struct cpuprofile_reader), cpuprofile_begin, cpuprofile_read,
	NULL, cpuprofile_free
};
