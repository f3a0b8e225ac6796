/*
 * A .cpuprofile to the stream. Its nodes are a call tree (each node a
 * frame, its stack the path from the root; "children" or "parent" say the
 * edges), its samples the node each sample hit, timeDeltas the
 * microseconds from one sample to the next (startTime before the first).
 * The nodes are kept (what the profile has distinct); the samples and
 * their deltas, which come as two arrays, go to temporary files and are
 * paired when the file is read, so memory does not grow with samples.
 * A frame is a function (its name, or "(anonymous)", and its script's URL)
 * at its line and column, which V8 counts from 0: here from 1. The
 * tree's "(root)" frame is no frame of any stack, as DevTools shows them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/array.h"
#include "stream/sniff.h"
#include "formats/cpuprofile/cpuprofile.h"
#include "formats/json/json.h"
#include "io/spool.h"
#include "model/hold.h"

#define ROOT_NAME "(root)"
#define ANONYMOUS "(anonymous)"

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

struct node {
	int64_t id, parent_id;	/* parent_id 0: none said */
	uint32_t parent;	/* index, UINT32_MAX: none */
	uint32_t fn;		/* function id */
	int root;		/* the tree's "(root)" */
	int state;		/* resolving: 0 new, 1 on the path, 2 done */
};

struct cpx {
	struct cpuprofile_reader *c;
	struct input *in;
	struct json_events ev;
	enum ctx stack[JSON_MAX_DEPTH + 2];
	unsigned seen[JSON_MAX_DEPTH + 2];	/* each object's keys */
	int depth;
	enum key key;
	struct node *nodes;
	size_t nnodes, capnodes;
	int in_node;		/* a node's fields are being read */
	struct node cur;
	char *name, *url;	/* the current node's (copied) */
	size_t nname, nurl, capname, capurl;
	int has_name;
	int64_t line, column;
	int64_t (*kids)[2];	/* child id, parent index */
	size_t nkids, capkids;
	uint32_t *head_stack;	/* the old format: the nodes open */
	size_t nhead, caphead;
	struct spool samples, deltas;
	int stamps;		/* "timestamps" (absolute), not deltas */
	double start, end;
	int has_start, has_end;
	int64_t last_stamp, first_stamp, prev_stamp;
	int disordered;		/* a time before the one before it */
	struct u64map ix;	/* node id -> index */
	char *fkey;
	size_t capfkey;
};

/* The number at s (n bytes) as an integer: 0, or -1 with e set. */
static int
integer(const char *s, size_t n, int64_t *v, struct perr *e)
{
	char buf[32], *end;

	if (n == 0 || n >= sizeof(buf))
		return perr_set(e, "'%.*s' is not an integer", (int)(n < 40 ? n :
		    40), s);
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	*v = strtoll(buf, &end, 10);
	if (*end != '\0' || errno != 0)
		return perr_set(e, "'%s' is not an integer of 64 bits", buf);
	return 0;
}

static int
nomem(struct perr *e)
{
	return perr_set(e, "out of memory");
}

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
	return x->depth > 0 ? x->stack[x->depth - 1] : C_SKIP;
}

static int
cpx_push(struct cpx *x, enum ctx c)
{
	x->seen[x->depth] = 0;
	x->stack[x->depth++] = c;
	return 0;
}

/* A node begins: its fields to come. */
static void
node_begin(struct cpx *x)
{
	memset(&x->cur, 0, sizeof(x->cur));
	x->cur.parent = UINT32_MAX;
	x->in_node = 1;
	x->nname = x->nurl = 0;
	x->has_name = 0;
	x->line = x->column = -1;
}

/* A node ends: its function found or made, the node kept. */
static int
node_end(struct cpx *x, struct perr *e)
{
	struct cpuprofile_reader *c = x->c;
	const char *name = x->nname > 0 ? x->name : ANONYMOUS, *base;
	size_t nn = x->nname > 0 ? x->nname : strlen(ANONYMOUS), need;
	char anon[160];
	int64_t k;
	char *p;

	x->in_node = 0;
	/* an anonymous function named by its file's base name and line, as
	 * speedscope names it: "(anonymous app.js:12)", not one row for all
	 * of them */
	if (x->nname == 0 && x->nurl > 0) {
		for (base = x->url + x->nurl; base > x->url && base[-1] != '/';
		    base--)
			;
		if (x->line >= 0)
			snprintf(anon, sizeof(anon), "(anonymous %.*s:%lld)",
			    (int)(x->url + x->nurl - base < 100 ? x->url +
			    x->nurl - base : 100), base, (long long)x->line + 1);
		else
			snprintf(anon, sizeof(anon), "(anonymous %.*s)",
			    (int)(x->url + x->nurl - base < 100 ? x->url +
			    x->nurl - base : 100), base);
		name = anon;
		nn = strlen(anon);
	}
	if (x->cur.id == 0)
		return perr_set(e, "a node without its id");
	x->cur.root = x->nname == strlen(ROOT_NAME) && memcmp(x->name,
	    ROOT_NAME, x->nname) == 0;
	need = nn + x->nurl + 48;
	if (array_grow((void **)&x->fkey, &x->capfkey, need, 1) < 0)
		return nomem(e);
	p = x->fkey;
	memcpy(p, name, nn);
	p += nn;
	*p++ = '\0';
	if (x->nurl > 0)
		memcpy(p, x->url, x->nurl);
	p += x->nurl;
	p += snprintf(p, 48, "%c%lld%c%lld", '\0', (long long)x->line, '\0',
	    (long long)x->column);
	if ((k = strtab_intern(&c->fkeys, x->fkey, (size_t)(p - x->fkey))) <
	    0)
		return nomem(e);
	if ((uint64_t)k + 1 > INT32_MAX)
		return perr_set(e, "more than 2^31 - 1 functions");
	x->cur.fn = (uint32_t)k + 1;
	if (ARRAY_ROOM(x->nodes, x->nnodes, x->capnodes) < 0)
		return nomem(e);
	x->nodes[x->nnodes++] = x->cur;
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
		node_begin(x);
		return cpx_push(x, C_NODE);
	}
	if (w == C_NODE && x->key == K_CALLFRAME)
		return cpx_push(x, C_FRAME);
	if ((w == C_TOP && x->key == K_HEAD) || w == C_HEAD_KIDS) {
		/* the old format: this node's children are nested in it */
		if (x->in_node && node_end(x, e) < 0)
			return -1;
		if (ARRAY_ROOM(x->head_stack, x->nhead, x->caphead) < 0)
			return nomem(e);
		x->head_stack[x->nhead++] = (uint32_t)x->nnodes;
		node_begin(x);
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
		return node_end(x, e);
	if (w == C_HEAD_NODE) {
		if (x->in_node && node_end(x, e) < 0)
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
		if (x->in_node && node_end(x, e) < 0)
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
		if (integer(s, n, &v, e) < 0)
			return -1;
		spool_put(&x->samples, (uint64_t)v);
		return 0;
	case C_DELTAS:
		if (integer(s, n, &v, e) < 0)
			return -1;
		if (x->stamps) {	/* absolute: a delta from the last */
			int64_t d = v - x->prev_stamp;
			if (x->deltas.n > 0 && d < 0)
				x->disordered = 1;
			if (x->deltas.n == 0 || v < x->first_stamp)
				x->first_stamp = v;
			if (x->deltas.n == 0 || v > x->last_stamp)
				x->last_stamp = v;
			spool_put(&x->deltas, x->deltas.n == 0 ? (uint64_t)v :
			    (uint64_t)d);
			x->prev_stamp = v;
			return 0;
		}
		/* V8 stamps a sample before the one before it now and then:
		 * the samples are put in time order, as DevTools puts them */
		if (v < 0 && x->deltas.n > 0)
			x->disordered = 1;
		spool_put(&x->deltas, (uint64_t)v);
		return 0;
	case C_CHILD_IDS:
		if (integer(s, n, &v, e) < 0)
			return -1;
		if (ARRAY_ROOM(x->kids, x->nkids, x->capkids) < 0)
			return nomem(e);
		/* the node's index to be: its id may come after */
		x->kids[x->nkids][0] = v;
		x->kids[x->nkids++][1] = (int64_t)x->nnodes;
		return 0;
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
			if (integer(s, n, &v, e) < 0)
				return -1;
			if ((x->key == K_ID || x->key == K_PARENT) && v <= 0)
				return perr_set(e, "node id %lld (ids are 1 "
				    "and up)", (long long)v);
			/* made 1-based, a line or column the stream holds
			 * (32 bits) */
			if ((x->key == K_LINE || x->key == K_COLUMN) &&
			    (v < INT32_MIN || v > INT32_MAX - 1))
				return perr_set(e, "%s %lld past the 32 bits of a "
				    "line or column", x->key == K_LINE ?
				    "lineNumber" : "columnNumber", (long long)v);
			if (x->key == K_ID)
				x->cur.id = v;
			else if (x->key == K_PARENT)
				x->cur.parent_id = v;
			else if (x->key == K_LINE)
				x->line = v;
			else
				x->column = v;
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
	if (memchr(s, '\0', n) != NULL)
		return perr_set(e, "a name holds a NUL byte (the stream "
		    "cannot)");
	if (x->key == K_NAME) {
		if (array_grow((void **)&x->name, &x->capname, n + 1, 1) < 0)
			return nomem(e);
		memcpy(x->name, s, n);
		x->nname = n;
		x->has_name = 1;
	} else {
		if (array_grow((void **)&x->url, &x->capurl, n + 1, 1) < 0)
			return nomem(e);
		memcpy(x->url, s, n);
		x->nurl = n;
	}
	return 0;
}

/* The tree's edges: each node's parent, by index; a node with two
 * parents, an id twice, a parent not there, and a cycle refused. */
static int
resolve(struct cpx *x, struct perr *e)
{
	uint32_t *ix, *path = NULL, p;
	size_t i, n, npath = 0, cappath = 0;
	int added;

	for (i = 0; i < x->nnodes; i++) {
		if ((ix = u64map_put(&x->ix, (uint64_t)x->nodes[i].id,
		    (uint32_t)i, &added)) == NULL)
			return nomem(e);
		if (!added)
			return perr_set(e, "%s: node id %lld twice", x->in->name,
			    (long long)x->nodes[i].id);
	}
	for (i = 0; i < x->nkids; i++) {
		uint32_t *ci = u64map_get(&x->ix, (uint64_t)x->kids[i][0]);
		uint32_t pi = (uint32_t)x->kids[i][1];
		if (ci == NULL)
			return perr_set(e, "%s: node %lld has a child %lld that "
			    "is no node", x->in->name,
			    (long long)x->nodes[pi].id,
			    (long long)x->kids[i][0]);
		if (x->nodes[*ci].parent != UINT32_MAX &&
		    x->nodes[*ci].parent != pi)
			return perr_set(e, "%s: node %lld has two parents",
			    x->in->name, (long long)x->kids[i][0]);
		x->nodes[*ci].parent = pi;
	}
	for (i = 0; i < x->nnodes; i++) {
		struct node *nd = &x->nodes[i];
		if (nd->parent_id == 0)
			continue;
		if ((ix = u64map_get(&x->ix, (uint64_t)nd->parent_id)) == NULL)
			return perr_set(e, "%s: node %lld has a parent %lld that "
			    "is no node", x->in->name, (long long)nd->id,
			    (long long)nd->parent_id);
		if (nd->parent != UINT32_MAX && nd->parent != *ix)
			return perr_set(e, "%s: node %lld has two parents",
			    x->in->name, (long long)nd->id);
		nd->parent = *ix;
	}
	/* no cycle: each node's way to the root, walked once */
	for (i = 0; i < x->nnodes; i++) {
		for (n = 0, p = (uint32_t)i; p != UINT32_MAX &&
		    x->nodes[p].state == 0; p = x->nodes[p].parent) {
			x->nodes[p].state = 1;
			if (ARRAY_ROOM(path, npath, cappath) < 0) {
				free(path);
				return nomem(e);
			}
			path[npath++] = p;
			n++;
		}
		if (p != UINT32_MAX && x->nodes[p].state == 1) {
			free(path);
			return perr_set(e, "%s: node %lld is its own ancestor "
			    "(a cycle in parent or children)", x->in->name,
			    (long long)x->nodes[p].id);
		}
		while (npath > 0)
			x->nodes[path[--npath]].state = 2;
	}
	free(path);
	return 0;
}

/* The functions not yet written, each with its one location. */
static void
definitions(struct cpx *x)
{
	struct cpuprofile_reader *c = x->c;
	const char *k, *url, *ln, *col;
	int64_t line, column;
	uint32_t id;

	for (id = c->written + 1; id <= c->fkeys.n; id++) {
		k = strtab_str(&c->fkeys, id - 1);
		url = k + strlen(k) + 1;
		ln = url + strlen(url) + 1;
		col = ln + strlen(ln) + 1;
		line = strtoll(ln, NULL, 10);
		column = strtoll(col, NULL, 10);
		/* V8 counts lines and columns from 0, -1 for none */
		sw_function(&c->w, id, text_of(k), text_of(k), text_of(url),
		    line >= 0 ? line + 1 : 0);
		struct sw_location l = {
			.id = id, .function_id = id, .line = line + 1,
			.line_na = line < 0, .address_na = 1,
			.column = column >= 0 ? column + 1 : 0,
		};
		sw_location(&c->w, &l);
	}
	c->written = (uint32_t)c->fkeys.n;
}

/* The time in the name node --cpu-prof gives its file (its default,
 * CPU.YYYYMMDD.HHMMSS.PID.TID.SEQ.cpuprofile: the local time it wrote
 * the profile, at its end), as seconds since 1970: 1, or 0 when the
 * name is not such. */
static int
node_file_time(const char *path, double *secs)
{
	const char *b = strrchr(path, '/');
	struct tm tm;
	unsigned long d, t;
	char *end;
	time_t when;

	b = b != NULL ? b + 1 : path;
	if (strncmp(b, "CPU.", 4) != 0 || strspn(b + 4, "0123456789") != 8 ||
	    b[12] != '.' || strspn(b + 13, "0123456789") != 6 || b[19] != '.')
		return 0;
	d = strtoul(b + 4, &end, 10);
	t = strtoul(b + 13, &end, 10);
	if (strspn(b + 20, "0123456789.") == 0 || strstr(b + 20,
	    ".cpuprofile") == NULL)
		return 0;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = (int)(d / 10000) - 1900;
	tm.tm_mon = (int)(d / 100 % 100) - 1;
	tm.tm_mday = (int)(d % 100);
	tm.tm_hour = (int)(t / 10000);
	tm.tm_min = (int)(t / 100 % 100);
	tm.tm_sec = (int)(t % 100);
	tm.tm_isdst = -1;
	if (tm.tm_mon > 11 || tm.tm_mday < 1 || tm.tm_mday > 31 ||
	    tm.tm_hour > 23 || tm.tm_min > 59 || tm.tm_sec > 60 ||
	    (when = mktime(&tm)) == (time_t)-1)
		return 0;
	*secs = (double)when;
	return 1;
}

/* A sample as read: its node, its time (microseconds of V8's clock) and
 * its index in the file. */
struct tsample {
	double t;
	uint64_t id, i;
};

/* The samples in time order: as read, or, when some were not, sorted. */
struct titer {
	double t;		/* the last time read */
	uint64_t n;		/* read so far */
	struct tsample *sorted;
	size_t nsorted, cap, at;
};

/* The next sample read from the spools: 1, 0 at the end, -1. */
static int
read_sample(struct cpx *x, struct titer *it, struct tsample *s,
    struct perr *e)
{
	uint64_t id, delta = 0;
	int rc;

	if ((rc = spool_get(&x->samples, &id, e)) <= 0)
		return rc;
	if (x->deltas.n > 0 && spool_get(&x->deltas, &delta, e) <= 0)
		return -1;
	it->t += (double)(int64_t)delta;
	s->t = it->t;
	s->id = id;
	s->i = it->n++;
	return 1;
}

static int
by_time(const void *a, const void *b)
{
	const struct tsample *p = a, *q = b;

	return p->t < q->t ? -1 : p->t > q->t ? 1 : p->i < q->i ? -1 :
	    p->i > q->i;
}

/* V8 stamps a sample before the one before it now and then (a negative
 * delta): DevTools sorts the samples by time, and so they are sorted
 * here, in memory (only such profiles keep their samples so). */
static int
sort_samples(struct cpx *x, struct titer *it, struct perr *e)
{
	struct tsample s;
	int rc;

	while ((rc = read_sample(x, it, &s, e)) > 0) {
		if (ARRAY_ROOM(it->sorted, it->nsorted, it->cap) < 0)
			return nomem(e);
		it->sorted[it->nsorted++] = s;
	}
	if (rc < 0)
		return -1;
	qsort(it->sorted, it->nsorted, sizeof(*it->sorted), by_time);
	return 0;
}

static int
next_sample(struct cpx *x, struct titer *it, struct tsample *s,
    struct perr *e)
{
	if (!x->disordered)
		return read_sample(x, it, s, e);
	if (it->at == it->nsorted)
		return 0;
	*s = it->sorted[it->at++];
	return 1;
}

/* The source and its samples, from the spools: 0, or -1. */
static int
samples(struct cpx *x, struct perr *e)
{
	struct cpuprofile_reader *c = x->c;
	uint32_t source = ++c->nsources, *ix, p;
	uint64_t delta;
	int64_t vt, wt = 0, wall = 0;
	double mean;
	int64_t ns = 0;
	struct titer it = { 0 };
	struct tsample cur, nxt;
	int have;
	double named;
	int64_t offset = 0;
	char buf[64];
	struct stream_id sid;
	struct sw_stack st;
	int skip;

	/* the old format's timestamps begin with the profile's start */
	skip = x->stamps && x->deltas.n == x->samples.n + 1;
	if (x->samples.n != x->deltas.n - (uint64_t)skip && x->deltas.n > 0)
		return perr_set(e, "%s: %llu samples but %llu %s", x->in->name,
		    (unsigned long long)x->samples.n,
		    (unsigned long long)x->deltas.n, x->stamps ? "timestamps" :
		    "timeDeltas");
	sw_source(&c->w, source, text_of(SOURCE_CPUPROFILE),
	    text_of(x->in->uri), NAN);
	/* V8's clock, placed on Unix time by the name node gave the file;
	 * else said to be V8's */
	if (x->deltas.n > 0 && x->has_end && node_file_time(x->in->name,
	    &named)) {
		offset = (int64_t)named * 1000000000 - llround(x->end *
		    1e3);
		sw_source_attr(&c->w, source, text_of("cpuprofile.clock_from"),
		    text_of("the file's name: node --cpu-prof's local time "
		    "at the profile's end, to the second"));
	} else if (x->deltas.n > 0)
		sw_source_attr(&c->w, source, text_of(ATTR_CLOCK),
		    text_of("v8"));
	if (x->has_start) {
		snprintf(buf, sizeof(buf), "%.17g", x->start);
		sw_source_attr(&c->w, source, text_of("cpuprofile.start_time"),
		    text_of(buf));
	}
	if (x->has_end) {
		snprintf(buf, sizeof(buf), "%.17g", x->end);
		sw_source_attr(&c->w, source, text_of("cpuprofile.end_time"),
		    text_of(buf));
	}
	/* V8's sampling interval, as its profile has it: the duration over
	 * the samples (what DevTools multiplies a node's hits by); the old
	 * format's times in seconds: its timestamps' */
	if (x->stamps && x->deltas.n > 1) {
		x->start = (double)x->first_stamp;
		x->end = (double)x->last_stamp;
		x->has_start = x->has_end = 1;
	}
	if (x->has_start && x->has_end && x->end > x->start &&
	    x->samples.n > 0) {
		mean = (x->end - x->start) * 1e3 / (double)x->samples.n;
		sw_source_attr(&c->w, source, text_of(ATTR_PPROF_PERIOD_TYPE),
		    text_of("wall"));
		sw_source_attr(&c->w, source, text_of(ATTR_PPROF_PERIOD_UNIT),
		    text_of(UNIT_NANOSECONDS));
		snprintf(buf, sizeof(buf), "%.0f", mean);
		sw_source_attr(&c->w, source, text_of(ATTR_PPROF_PERIOD),
		    text_of(buf));
		snprintf(buf, sizeof(buf), "%.0f", (x->end - x->start) * 1e3);
		sw_source_attr(&c->w, source, text_of(ATTR_PPROF_DURATION),
		    text_of(buf));
	}
	definitions(x);
	if ((vt = sw_value_type(&c->w, text_of(VALUE_SAMPLES),
	    text_of(UNIT_COUNT))) < 0 || (x->deltas.n > 0 &&
	    (wt = sw_value_type(&c->w, text_of(VALUE_WALL),
	    text_of(UNIT_NANOSECONDS))) < 0))
		return nomem(e);
	if (spool_rewind(&x->samples, e) < 0 || spool_rewind(&x->deltas, e) <
	    0)
		return -1;
	it.t = x->stamps ? 0 : x->start;
	if (skip && spool_get(&x->deltas, &delta, e) > 0)
		it.t = (double)(int64_t)delta;
	if (x->disordered && sort_samples(x, &it, e) < 0)
		return -1;
	/* each sample weighs the time to the next, as speedscope weighs
	 * it (the last: nothing) */
	if ((have = next_sample(x, &it, &cur, e)) < 0)
		goto done;
	for (; have > 0; cur = nxt) {
		if ((have = next_sample(x, &it, &nxt, e)) < 0)
			break;
		if ((ix = u64map_get(&x->ix, cur.id)) == NULL) {
			have = perr_set(e, "%s: samples[%llu] is node %llu, "
			    "which is not there", x->in->name,
			    (unsigned long long)cur.i, (unsigned long long)
			    cur.id);
			break;
		}
		/* microseconds of V8's clock, in ns (on Unix time by the
		 * offset the file's name gives) */
		if (x->deltas.n > 0 && (hold_i64(num_of_dbl(cur.t * 1e3), &ns) <
		    0 || __builtin_add_overflow(ns, offset, &ns) ||
		    hold_i64(num_of_dbl(have > 0 ? (nxt.t - cur.t) * 1e3 : 0),
		    &wall) < 0)) {
			have = perr_set(e, "%s: samples[%llu] is at %g "
			    "microseconds: past the stream's nanoseconds "
			    "(2^63)", x->in->name, (unsigned long long)cur.i,
			    cur.t);
			break;
		}
		if (sw_failed(&c->w)) {
			have = sw_error(&c->w, e);
			break;
		}
		stream_id_set(&sid, ++c->nsamples);
		sw_sample(&c->w, &sid, source);
		sw_sample_value(&c->w, &sid, (uint32_t)vt, num_of_i64(1));
		if (x->deltas.n > 0)
			sw_sample_value(&c->w, &sid, (uint32_t)wt,
			    num_of_i64(wall));
		sw_stack_begin(&c->w, &st, &sid);
		for (p = *ix; p != UINT32_MAX; p = x->nodes[p].parent) {
			if (x->nodes[p].root && x->nodes[p].parent ==
			    UINT32_MAX)
				break;
			sw_stack_frame_n(&c->w, &st, x->nodes[p].fn);
		}
		if (x->deltas.n > 0)
			sw_sample_time(&c->w, &sid, ns);
	}
done:
	free(it.sorted);
	return have < 0 ? -1 : 0;
}

static void
cpx_free(struct cpx *x)
{
	free(x->nodes);
	free(x->name);
	free(x->url);
	free(x->kids);
	free(x->head_stack);
	free(x->fkey);
	u64map_free(&x->ix);
	spool_close(&x->samples);
	spool_close(&x->deltas);
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

static int
cpuprofile_read(void *reader, struct input *in, struct perr *e)
{
	struct cpuprofile_reader *c = reader;
	struct cpx x;
	int rc;

	sw_set_input(&c->w, in);
	/* another format: named, with what reads it */
	if (sniff_expect(in, SNIFF_BIT(SNIFF_CPUPROFILE) |
	    SNIFF_BIT(SNIFF_JSON) | SNIFF_BIT(SNIFF_BINARY), "a .cpuprofile", e) < 0)
		return -1;
	memset(&x, 0, sizeof(x));
	x.c = c;
	x.in = in;
	x.ev.start_map = on_start_map;
	x.ev.end_map = on_end_map;
	x.ev.start_array = on_start_array;
	x.ev.end_array = on_end_array;
	x.ev.key = on_key;
	x.ev.number = on_number;
	x.ev.string = on_string;
	x.ev.ctx = &x;
	rc = spool_open(&x.samples, e) < 0 || spool_open(&x.deltas, e) < 0 ?
	    -1 : json_read_input(in, &x.ev, e);
	if (rc == 0 && x.nnodes == 0)
		rc = perr_set(e, "%s: no nodes: not a .cpuprofile", in->name);
	if (rc == 0)
		rc = resolve(&x, e);
	if (rc == 0)
		rc = samples(&x, e);
	cpx_free(&x);
	return rc < 0 ? perr_at(e, in->name) : 0;
}

const struct codec cpuprofile_codec = {
	"Chrome/V8 CPU profile", "cpuprofile2tsv", SNIFF_BIT(SNIFF_CPUPROFILE),
	sizeof(struct cpuprofile_reader), cpuprofile_begin, cpuprofile_read,
	NULL, cpuprofile_free
};
