/*
 * V8's profile, gathered by a reader of the file it came in, to the
 * stream. Its nodes are a call tree (each node a frame, its stack the
 * path from the root; "children" or "parent" say the edges), its samples
 * the node each sample hit, timeDeltas the microseconds from one sample
 * to the next (startTime before the first). The nodes are kept (what the
 * profile has distinct); the samples and their deltas go to temporary
 * files and are paired when written, so memory does not grow with
 * samples. A frame is a function (its name, or "(anonymous)", and its
 * script's URL) at its line and column, which V8 counts from 0: here
 * from 1. The tree's "(root)" frame is no frame of any stack, as DevTools
 * shows them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/array.h"
#include "formats/cpuprofile/cpuprofile_impl.h"
#include "model/hold.h"

#define ROOT_NAME "(root)"
#define ANONYMOUS "(anonymous)"

int
cpx_nomem(struct perr *e)
{
	return perr_set(e, "out of memory");
}

/* The number at s (n bytes) as an integer: 0, or -1 with e set. */
int
cpx_integer(const char *s, size_t n, int64_t *v, struct perr *e)
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

/* A node begins: its fields to come. */
void
cpx_node_begin(struct cpx *x)
{
	memset(&x->cur, 0, sizeof(x->cur));
	x->cur.parent = UINT32_MAX;
	x->in_node = 1;
	x->nname = x->nurl = 0;
	x->line = x->column = -1;
	x->has_line = 0;
}

int
cpx_node_int(struct cpx *x, enum cpx_field f, int64_t v, struct perr *e)
{
	if ((f == CPX_ID || f == CPX_PARENT) && v <= 0)
		return perr_set(e, "node id %lld (ids are 1 and up)",
		    (long long)v);
	/* made 1-based, a line or column the stream holds (32 bits) */
	if ((f == CPX_LINE || f == CPX_COLUMN) && (v < INT32_MIN ||
	    v > INT32_MAX - 1))
		return perr_set(e, "%s %lld past the 32 bits of a line or "
		    "column", f == CPX_LINE ? "lineNumber" : "columnNumber",
		    (long long)v);
	if (f == CPX_ID)
		x->cur.id = v;
	else if (f == CPX_PARENT)
		x->cur.parent_id = v;
	else if (f == CPX_LINE) {
		x->line = v;
		x->has_line = 1;
	} else
		x->column = v;
	return 0;
}

int
cpx_node_str(struct cpx *x, enum cpx_field f, const char *s, size_t n,
    struct perr *e)
{
	if (memchr(s, '\0', n) != NULL)
		return perr_set(e, "a name holds a NUL byte (the stream "
		    "cannot)");
	if (f == CPX_NAME) {
		if (array_grow((void **)&x->name, &x->capname, n + 1, 1) < 0)
			return cpx_nomem(e);
		memcpy(x->name, s, n);
		x->nname = n;
	} else {
		if (array_grow((void **)&x->url, &x->capurl, n + 1, 1) < 0)
			return cpx_nomem(e);
		memcpy(x->url, s, n);
		x->nurl = n;
	}
	return 0;
}

int
cpx_kid(struct cpx *x, int64_t id, struct perr *e)
{
	if (ARRAY_ROOM(x->kids, x->nkids, x->capkids) < 0)
		return cpx_nomem(e);
	/* the node's index to be: its id may come after */
	x->kids[x->nkids][0] = id;
	x->kids[x->nkids++][1] = (int64_t)x->nnodes;
	return 0;
}

/* A run of n numbers at off, after the runs before: one run where it
 * follows on from the last. */
static int
run_add(struct cpx_run **runs, size_t *nruns, size_t *cap, uint64_t off,
    uint64_t n, struct perr *e)
{
	if (n == 0)
		return 0;
	if (ARRAY_ROOM(*runs, *nruns, *cap) < 0)
		return cpx_nomem(e);
	(*runs)[(*nruns)++] = (struct cpx_run){ off, n };
	return 0;
}

int
cpx_samples_run(struct cpx *x, uint64_t off, uint64_t n, struct perr *e)
{
	x->nsamples += n;
	return run_add(&x->sruns, &x->nsruns, &x->capsruns, off, n, e);
}

int
cpx_deltas_run(struct cpx *x, uint64_t off, uint64_t n, struct perr *e)
{
	x->ndeltas += n;
	return run_add(&x->druns, &x->ndruns, &x->capdruns, off, n, e);
}

/* A node ends: its function found or made, the node kept. */
int
cpx_node_end(struct cpx *x, struct perr *e)
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
	 * of them; V8's -1 (no line) is its ":0" */
	if (x->nname == 0 && x->nurl > 0) {
		for (base = x->url + x->nurl; base > x->url && base[-1] != '/';
		    base--)
			;
		if (x->has_line)
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
		return cpx_nomem(e);
	p = x->fkey;
	memcpy(p, name, nn);
	p += nn;
	*p++ = '\0';
	if (x->nurl > 0)
		memcpy(p, x->url, x->nurl);
	p += x->nurl;
	p += snprintf(p, 48, "%c%lld%c%lld", '\0', (long long)x->line, '\0',
	    (long long)x->column);
	if (x->defer) {
		x->cur.fn = 0;
		x->cur.klen = (uint32_t)(p - x->fkey);
		if (cpx_keep_key(x, x->fkey, x->cur.klen, &x->cur.koff, e) < 0)
			return -1;
	} else {
		if ((k = strtab_intern(&c->fkeys, x->fkey, (size_t)(p -
		    x->fkey))) < 0)
			return cpx_nomem(e);
		if ((uint64_t)k + 1 > INT32_MAX)
			return perr_set(e, "more than 2^31 - 1 functions");
		x->cur.fn = (uint32_t)k + 1;
	}
	if (ARRAY_ROOM(x->nodes, x->nnodes, x->capnodes) < 0)
		return cpx_nomem(e);
	x->nodes[x->nnodes++] = x->cur;
	return 0;
}

int
cpx_keep_key(struct cpx *x, const char *key, size_t n, uint64_t *off,
    struct perr *e)
{
	if (array_grow((void **)&x->keys, &x->capkeys, x->nkeys + n, 1) < 0)
		return cpx_nomem(e);
	memcpy(x->keys + x->nkeys, key, n);
	*off = x->nkeys;
	x->nkeys += n;
	return 0;
}

/* Node indices by (parent, id): a node's children together, in id order;
 * roots (no parent) first. */
static const struct cpx *by_parent_x;

static int
by_parent(const void *a, const void *b)
{
	const struct cpx_node *p = &by_parent_x->nodes[*(const uint32_t *)a];
	const struct cpx_node *q = &by_parent_x->nodes[*(const uint32_t *)b];
	uint64_t pp = p->parent == UINT32_MAX ? 0 : (uint64_t)p->parent + 1;
	uint64_t qp = q->parent == UINT32_MAX ? 0 : (uint64_t)q->parent + 1;

	if (pp != qp)
		return pp < qp ? -1 : 1;
	return p->id < q->id ? -1 : p->id > q->id;
}

int
cpx_number(struct cpx *x, struct perr *e)
{
	struct cpuprofile_reader *c = x->c;
	uint32_t *order = NULL, *first = NULL, *stack = NULL, i, n, k;
	size_t nstack = 0, capstack = 0, j;
	int64_t fn;
	int rc = -1;

	if (!x->defer || x->nnodes == 0)
		return 0;
	n = (uint32_t)x->nnodes;
	if ((order = malloc(n * sizeof(*order))) == NULL ||
	    (first = malloc(((size_t)n + 2) * sizeof(*first))) == NULL)
		goto nomem;
	for (i = 0; i < n; i++)
		order[i] = i;
	by_parent_x = x;
	qsort(order, n, sizeof(*order), by_parent);
	/* first[p + 1]: where the children of node p begin in order[];
	 * first[0]: the roots' */
	for (i = 0; i <= n + 1; i++)
		first[i] = n;
	for (j = n; j > 0; j--) {
		const struct cpx_node *nd = &x->nodes[order[j - 1]];
		first[nd->parent == UINT32_MAX ? 0 : nd->parent + 1] =
		    (uint32_t)(j - 1);
	}
	/* preorder, with a stack of the next child to visit of each level:
	 * (slot in order[], the end of its siblings) */
	for (k = first[0]; k < n && x->nodes[order[k]].parent == UINT32_MAX;
	    k++)
		;
	if (ARRAY_ROOM(stack, nstack, capstack) < 0 ||
	    ARRAY_ROOM(stack, nstack + 1, capstack) < 0)
		goto nomem;
	stack[nstack++] = first[0];
	stack[nstack++] = k;
	while (nstack > 0) {
		uint32_t at = stack[nstack - 2], end = stack[nstack - 1];
		struct cpx_node *nd;
		if (at == end) {
			nstack -= 2;
			continue;
		}
		stack[nstack - 2] = at + 1;
		nd = &x->nodes[order[at]];
		if ((fn = strtab_intern(&c->fkeys, x->keys + nd->koff,
		    nd->klen)) < 0)
			goto nomem;
		if ((uint64_t)fn + 1 > INT32_MAX) {
			perr_set(e, "more than 2^31 - 1 functions");
			goto done;
		}
		nd->fn = (uint32_t)fn + 1;
		/* its children, next */
		i = first[order[at] + 1];
		for (k = i; k < n && x->nodes[order[k]].parent == order[at];
		    k++)
			;
		if (i < k) {
			if (ARRAY_ROOM(stack, nstack, capstack) < 0 ||
			    ARRAY_ROOM(stack, nstack + 1, capstack) < 0)
				goto nomem;
			stack[nstack++] = i;
			stack[nstack++] = k;
		}
	}
	rc = 0;
	goto done;
nomem:
	cpx_nomem(e);
done:
	free(order);
	free(first);
	free(stack);
	return rc;
}

/* The tree's edges: each node's parent, by index; a node with two
 * parents, an id twice, a parent not there, and a cycle refused. */
int
cpx_resolve(struct cpx *x, struct perr *e)
{
	uint32_t *ix, *path = NULL, p;
	size_t i, n, npath = 0, cappath = 0;
	int added;

	for (i = 0; i < x->nnodes; i++) {
		if ((ix = u64map_put(&x->ix, (uint64_t)x->nodes[i].id,
		    (uint32_t)i, &added)) == NULL)
			return cpx_nomem(e);
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
		struct cpx_node *nd = &x->nodes[i];
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
				return cpx_nomem(e);
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
	size_t srun, drun;	/* the runs being read ... */
	uint64_t sleft, dleft;	/* ... and what is left of each */
};

/* The next number of a spool's runs (*k: the run being read, *left: what
 * is left of it): 1, 0 at the end, -1 with e set. */
static int
run_get(struct spool *s, const struct cpx_run *runs, size_t nruns,
    size_t *k, uint64_t *left, uint64_t *v, struct perr *e)
{
	while (*left == 0) {
		if (*k == nruns)
			return 0;
		if (spool_seek(s, runs[*k].off, e) < 0)
			return -1;
		*left = runs[(*k)++].n;
	}
	--*left;
	return spool_get(s, v, e) > 0 ? 1 : perr_set(e, "a temporary file "
	    "ended early");
}

/* The next sample read from the spools: 1, 0 at the end, -1. */
static int
read_sample(struct cpx *x, struct titer *it, struct tsample *s,
    struct perr *e)
{
	uint64_t id, delta = 0;
	int rc;

	if ((rc = run_get(x->samples, x->sruns, x->nsruns, &it->srun,
	    &it->sleft, &id, e)) <= 0)
		return rc;
	if (x->ndeltas > 0 && run_get(x->deltas, x->druns, x->ndruns,
	    &it->drun, &it->dleft, &delta, e) <= 0)
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
			return cpx_nomem(e);
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

int
cpx_source(struct cpx *x, uint32_t *id, struct perr *e)
{
	struct cpuprofile_reader *c = x->c;
	uint32_t source = ++c->nsources;
	double mean, named;
	char buf[64];
	int skip;

	/* the old format's timestamps begin with the profile's start */
	skip = x->stamps && x->ndeltas == x->nsamples + 1;
	if (x->nsamples != x->ndeltas - (uint64_t)skip && x->ndeltas > 0)
		return perr_set(e, "%s: %llu samples but %llu %s", x->in->name,
		    (unsigned long long)x->nsamples,
		    (unsigned long long)x->ndeltas, x->stamps ? "timestamps" :
		    "timeDeltas");
	sw_source(&c->w, source, text_of(SOURCE_CPUPROFILE),
	    text_of(x->in->uri), NAN);
	/* V8's clock, placed on Unix time by the name node gave the file;
	 * else said to be V8's; a trace's reader may have placed it */
	if (x->ndeltas > 0 && x->clock_from != NULL)
		sw_source_attr(&c->w, source, text_of("cpuprofile.clock_from"),
		    text_of(x->clock_from));
	else if (x->ndeltas > 0 && x->has_end && node_file_time(x->in->name,
	    &named)) {
		x->offset = (int64_t)named * 1000000000 - llround(x->end *
		    1e3);
		sw_source_attr(&c->w, source, text_of("cpuprofile.clock_from"),
		    text_of("the file's name: node --cpu-prof's local time "
		    "at the profile's end, to the second"));
	} else if (x->ndeltas > 0)
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
	if (x->stamps && x->ndeltas > 1) {
		x->start = (double)x->first_stamp;
		x->end = (double)x->last_stamp;
		x->has_start = x->has_end = 1;
	}
	if (x->has_start && x->has_end && x->end > x->start &&
	    x->nsamples > 0) {
		mean = (x->end - x->start) * 1e3 / (double)x->nsamples;
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
	*id = source;
	return 0;
}

int
cpx_emit(struct cpx *x, uint32_t source, struct perr *e)
{
	struct cpuprofile_reader *c = x->c;
	uint32_t *ix, p;
	uint64_t delta;
	int64_t vt, wt = 0, wall = 0, ns = 0;
	struct titer it = { 0 };
	struct tsample cur, nxt;
	int have, skip;
	struct stream_id sid;
	struct sw_stack st;

	skip = x->stamps && x->ndeltas == x->nsamples + 1;
	definitions(x);
	if ((vt = sw_value_type(&c->w, text_of(VALUE_SAMPLES),
	    text_of(UNIT_COUNT))) < 0 || (x->ndeltas > 0 &&
	    (wt = sw_value_type(&c->w, text_of(VALUE_WALL),
	    text_of(UNIT_NANOSECONDS))) < 0))
		return cpx_nomem(e);
	it.t = x->stamps ? 0 : x->start;
	if (skip && run_get(x->deltas, x->druns, x->ndruns, &it.drun,
	    &it.dleft, &delta, e) > 0)
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
		if (x->ndeltas > 0 && (hold_i64(num_of_dbl(cur.t * 1e3), &ns) <
		    0 || __builtin_add_overflow(ns, x->offset, &ns) ||
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
		if (x->ndeltas > 0)
			sw_sample_value(&c->w, &sid, (uint32_t)wt,
			    num_of_i64(wall));
		sw_stack_begin(&c->w, &st, &sid);
		for (p = *ix; p != UINT32_MAX; p = x->nodes[p].parent) {
			if (x->nodes[p].root && x->nodes[p].parent ==
			    UINT32_MAX)
				break;
			sw_stack_frame_n(&c->w, &st, x->nodes[p].fn);
		}
		if (x->ndeltas > 0)
			sw_sample_time(&c->w, &sid, ns);
	}
done:
	free(it.sorted);
	return have < 0 ? -1 : 0;
}

void
cpx_free(struct cpx *x)
{
	free(x->nodes);
	free(x->name);
	free(x->url);
	free(x->kids);
	free(x->head_stack);
	free(x->fkey);
	u64map_free(&x->ix);
	free(x->sruns);
	free(x->druns);
	free(x->keys);
}
