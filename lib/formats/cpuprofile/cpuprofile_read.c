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

/* The key's meaning where it is. */
static enum key
key_of(enum ctx where, const char *s, size_t n)
{
	static const struct { enum ctx where; const char *name; enum key k; }
	    keys[] = {
		{ C_TOP, "nodes", K_NODES }, { C_TOP, "samples", K_SAMPLES },
		{ C_TOP, "timeDeltas", K_DELTAS },
		{ C_TOP, "timestamps", K_STAMPS },
		{ C_TOP, "startTime", K_START }, { C_TOP, "endTime", K_END },
		{ C_TOP, "head", K_HEAD },
		{ C_NODE, "id", K_ID }, { C_NODE, "parent", K_PARENT },
		{ C_NODE, "callFrame", K_CALLFRAME },
		{ C_NODE, "children", K_CHILDREN },
		{ C_FRAME, "functionName", K_NAME }, { C_FRAME, "url", K_URL },
		{ C_FRAME, "lineNumber", K_LINE },
		{ C_FRAME, "columnNumber", K_COLUMN },
		{ C_HEAD_NODE, "id", K_ID },
		{ C_HEAD_NODE, "children", K_CHILDREN },
		{ C_HEAD_NODE, "functionName", K_NAME },
		{ C_HEAD_NODE, "url", K_URL },
		{ C_HEAD_NODE, "lineNumber", K_LINE },
		{ C_HEAD_NODE, "columnNumber", K_COLUMN },
	};
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (keys[i].where == where && strlen(keys[i].name) == n &&
		    memcmp(keys[i].name, s, n) == 0)
			return keys[i].k;
	return K_OTHER;
}

static enum ctx
here(const struct cpx *x)
{
	return x->depth > 0 ? (enum ctx)x->stack[x->depth - 1] : C_SKIP;
}

static int
cpx_push(struct cpx *x, enum ctx c)
{
	x->seen[x->depth] = 0;
	x->stack[x->depth++] = c;
	return 0;
}

static int
on_start_map(void *ctx, struct perr *e)
{
	struct cpx *x = ctx;
	enum ctx w = here(x);

	if (x->depth == 0)
		return cpx_push(x, C_TOP);
	if (w == C_NODES) {
		cpx_node_begin(x);
		return cpx_push(x, C_NODE);
	}
	if (w == C_NODE && x->key == K_CALLFRAME)
		return cpx_push(x, C_FRAME);
	if ((w == C_TOP && x->key == K_HEAD) || w == C_HEAD_KIDS) {
		/* the old format: this node's children are nested in it */
		if (x->in_node && cpx_node_end(x, e) < 0)
			return -1;
		if (ARRAY_ROOM(x->head_stack, x->nhead, x->caphead) < 0)
			return cpx_nomem(e);
		x->head_stack[x->nhead++] = (uint32_t)x->nnodes;
		cpx_node_begin(x);
		if (x->nhead > 1)
			x->cur.parent = x->head_stack[x->nhead - 2];
		return cpx_push(x, C_HEAD_NODE);
	}
	return cpx_push(x, C_SKIP);
}

static int
on_end_map(void *ctx, struct perr *e)
{
	struct cpx *x = ctx;
	enum ctx w = here(x);

	x->depth--;
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
	enum ctx w = here(x);

	(void)e;
	if (w == C_TOP)
		switch (x->key) {
		case K_NODES: return cpx_push(x, C_NODES);
		case K_SAMPLES: return cpx_push(x, C_SAMPLES);
		case K_DELTAS: return cpx_push(x, C_DELTAS);
		case K_STAMPS:
			x->stamps = 1;
			return cpx_push(x, C_DELTAS);
		default: break;
		}
	if (w == C_NODE && x->key == K_CHILDREN)
		return cpx_push(x, C_CHILD_IDS);
	if (w == C_HEAD_NODE && x->key == K_CHILDREN) {
		/* the fields of the node come before its children */
		if (x->in_node && cpx_node_end(x, e) < 0)
			return -1;
		return cpx_push(x, C_HEAD_KIDS);
	}
	return cpx_push(x, C_SKIP);
}

static int
on_end_array(void *ctx, struct perr *e)
{
	struct cpx *x = ctx;

	(void)e;
	x->depth--;
	return 0;
}

static int
on_key(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct cpx *x = ctx;
	unsigned *seen = &x->seen[x->depth - 1];

	x->key = key_of(here(x), s, n);
	/* a key twice: JSON leaves it to the reader, so none is guessed */
	if (x->key != K_OTHER && (*seen & 1u << x->key))
		return perr_set(e, "the key \"%.*s\" twice in one object",
		    (int)n, s);
	*seen |= 1u << x->key;
	return 0;
}

static int
on_number(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct cpx *x = ctx;
	enum ctx w = here(x);
	int64_t v;
	char buf[40];

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
		if (x->key == K_START || x->key == K_END) {
			if (n >= sizeof(buf))
				return perr_set(e, "'%.*s' is not a time",
				    (int)(n < 40 ? n : 40), s);
			memcpy(buf, s, n);
			buf[n] = '\0';
			if (x->key == K_START) {
				x->start = strtod(buf, NULL);
				x->has_start = 1;
			} else {
				x->end = strtod(buf, NULL);
				x->has_end = 1;
			}
		}
		return 0;
	case C_NODE: case C_FRAME: case C_HEAD_NODE:
		if (x->key == K_ID || x->key == K_PARENT || x->key == K_LINE ||
		    x->key == K_COLUMN) {
			if (cpx_integer(s, n, &v, e) < 0)
				return -1;
			return cpx_node_int(x, x->key == K_ID ? CPX_ID :
			    x->key == K_PARENT ? CPX_PARENT : x->key == K_LINE ?
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
	enum ctx w = here(x);

	if ((w != C_FRAME && w != C_HEAD_NODE) || (x->key != K_NAME &&
	    x->key != K_URL))
		return 0;
	return cpx_node_str(x, x->key == K_NAME ? CPX_NAME : CPX_URL, s, n,
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
