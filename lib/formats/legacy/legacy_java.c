/*
 * Java's legacy profiles: heapz and contentionz texts ("--- heapz 1 ---",
 * attributes, samples "value count @ addresses"), and the symbol lines
 * ("0xaddr function (file:line)") that follow them and a Java CPU
 * profile's samples. Addresses are symbols' ids here, not code: they are
 * resolved to functions and then dropped, as google/pprof does.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/legacy/legacy.h"

#define ATTRIBUTE "([\\w ]+)=([\\w ]+)"
#define SAMPLE " *(\\d+) +(\\d+) +@ +([ x0-9a-f]*)"
#define LOCATION "^\\s*0x([[:xdigit:]]+)\\s+(.*)\\s*$"
#define FILE_LINE "^(.*)\\s+\\((.+):(-?[[:digit:]]+)\\)$"
#define FILE_PATH "^(.*)\\s+\\((.*)\\)$"

#define HEAP_RATE 524288	/* google/pprof's javaHeapzSamplingRate */
#define MAX_LINE (1u << 20)	/* the patterns' memory is per byte */

static int
line_ok(struct lprof *p, const struct lscan *s)
{
	if (s->len > MAX_LINE)
		return lprof_fail(p, "line %zu is longer than %u bytes",
		    s->lineno, MAX_LINE);
	return 0;
}

#define IS(m, i, lit) ((m).cap[i].n == sizeof(lit) - 1 && \
	memcmp((m).cap[i].p, lit, sizeof(lit) - 1) == 0)

/* The attributes: LEG_OK with s at the first line that is not one. */
static int
header(struct lprof *p, struct lscan *s, int heap)
{
	struct re *re = re_compile(ATTRIBUTE, NULL, 0);
	struct re_match m;
	const char *line, *k, *v;
	size_t len, nk, nv;
	int64_t x;
	int rc = LEG_ERR;

	if (re == NULL)
		return perr_nomem(p->e);
	while (lscan_next_raw(s, 0)) {
		line = s->line;
		len = s->len;
		go_trim(&line, &len);
		if (len == 0)
			continue;
		if (line_ok(p, s) < 0 || (rc = lprof_find(p, re, line, len,
		    &m)) < 0)
			goto done;
		if (rc == 0) {	/* the samples begin here */
			s->p = s->line;
			s->lineno--;
			break;
		}
		k = m.cap[1].p;
		nk = m.cap[1].n;
		v = m.cap[2].p;
		nv = m.cap[2].n;
		go_trim(&k, &nk);
		go_trim(&v, &nv);
		m.cap[1].p = k;
		m.cap[1].n = nk;
		if (IS(m, 1, "format")) {
			if (nv != 4 || memcmp(v, "java", 4) != 0) {
				rc = lprof_not(p, "line %zu: format %.*s",
				    s->lineno, (int)nv, v);
				goto done;
			}
		} else if (IS(m, 1, "resolution")) {
			p->types[0][0] = lprof_str(p, heap ? "inuse_objects" :
			    "contentions", heap ? 13 : 11);
			p->types[0][1] = lprof_str(p, "count", 5);
			p->types[1][0] = lprof_str(p, heap ? "inuse_space" :
			    "delay", heap ? 11 : 5);
			p->types[1][1] = lprof_str(p, v, nv);
			p->ntypes = 2;
		} else if (!heap && IS(m, 1, "sampling period")) {
			p->period_type[0] = lprof_str(p, "contentions", 11);
			p->period_type[1] = lprof_str(p, "count", 5);
			if (go_parse_int(v, nv, 0, &p->period) < 0) {
				rc = lprof_fail(p, "line %zu: sampling period "
				    "%.*s is not a 64-bit integer", s->lineno,
				    (int)nv, v);
				goto done;
			}
		} else if (!heap && IS(m, 1, "ms since reset")) {
			if (go_parse_int(v, nv, 0, &x) < 0 ||
			    x > INT64_MAX / 1000000 || x < INT64_MIN / 1000000) {
				rc = lprof_fail(p, "line %zu: ms since reset "
				    "%.*s is not a 64-bit number of "
				    "nanoseconds", s->lineno, (int)nv, v);
				goto done;
			}
			p->duration_nanos = x * 1000000;
		} else {
			rc = lprof_not(p, "line %zu: %.*s: not an attribute of "
			    "a Java profile", s->lineno, (int)nk, k);
			goto done;
		}
	}
	rc = LEG_OK;
done:
	re_free(re);
	return rc;
}

static int
scale_heap(struct lprof *p, const struct lscan *s, int64_t *v)
{
	double scale, c, z;

	if (v[0] == 0 || v[1] == 0) {
		v[0] = v[1] = 0;
		return 0;
	}
	scale = 1 / (1 - exp(-((double)v[1] / (double)v[0]) / HEAP_RATE));
	c = (double)v[0] * scale;
	z = (double)v[1] * scale;
	if (!(c < 0x1p63) || !(z < 0x1p63))
		return lprof_fail(p, "line %zu: the sample scaled up to its "
		    "sampling rate overflows", s->lineno);
	v[0] = (int64_t)c;
	v[1] = (int64_t)z;
	return 0;
}

static int
java_sample(struct lprof *p, struct re *re, const struct lscan *s,
    const char *line, size_t len, int heap, int *done)
{
	struct re_match m;
	int64_t v[2], bytes;
	size_t first = p->nstack, nbad;
	const char *bad;
	int rc;

	if ((rc = lprof_find(p, re, line, len, &m)) <= 0) {
		*done = 1;
		return rc;
	}
	if ((rc = lprof_hex(p, m.cap[3].p, m.cap[3].n, &bad, &nbad)) < 0)
		return rc == -2 ? lprof_fail(p, "line %zu: %.*s is more than "
		    "64 bits", s->lineno, (int)nbad, bad) : -1;
	if (lprof_frames(p, SIZE_MAX) < 0)
		return -1;
	/* the count is the second number */
	if (go_parse_int(m.cap[2].p, m.cap[2].n, 0, &v[0]) < 0 ||
	    go_parse_int(m.cap[1].p, m.cap[1].n, 0, &v[1]) < 0)
		return lprof_fail(p, "line %zu: a value is not a 64-bit integer",
		    s->lineno);
	if (heap) {
		if (v[0] == 0)
			return lprof_fail(p, "line %zu: the count (the second "
			    "number) must not be 0", s->lineno);
		bytes = v[1] / v[0];
		if (scale_heap(p, s, v) < 0 || lprof_sample(p, first, v) < 0)
			return -1;
		p->samples[p->nsamples - 1].bytes = bytes;
		p->samples[p->nsamples - 1].has_bytes = 1;
		return 0;
	}
	if (p->period != 0 && (__builtin_mul_overflow(v[0], p->period, &v[0]) ||
	    __builtin_mul_overflow(v[1], p->period, &v[1])))
		return lprof_fail(p, "line %zu: a value times the period "
		    "overflows", s->lineno);
	return lprof_sample(p, first, v);
}

static int
samples(struct lprof *p, struct lscan *s, int heap)
{
	struct re *re = re_compile(SAMPLE, NULL, 0);
	const char *line;
	size_t len;
	int rc = -1, done = 0;

	if (re == NULL)
		return perr_nomem(p->e);
	while (lscan_next_raw(s, 0)) {
		line = s->line;
		len = s->len;
		go_trim(&line, &len);
		if (len == 0)
			continue;
		if (line_ok(p, s) < 0 ||
		    java_sample(p, re, s, line, len, heap, &done) < 0)
			goto out;
		if (done) {	/* the symbols begin here */
			s->p = s->line;
			s->lineno--;
			break;
		}
	}
	rc = 0;
out:
	re_free(re);
	return rc;
}

/* Go's filepath.Base. */
static void
base_name(const char **s, size_t *n)
{
	const char *slash;

	if (*n == 0) {
		*s = ".";
		*n = 1;
		return;
	}
	while (*n > 0 && (*s)[*n - 1] == '/')
		(*n)--;
	if (*n == 0) {
		*s = "/";
		*n = 1;
		return;
	}
	for (slash = *s + *n; slash > *s && slash[-1] != '/'; slash--)
		;
	*n -= (size_t)(slash - *s);
	*s = slash;
}

struct symbols {
	struct re *loc, *file_line, *file_path;
	struct u64map fns;	/* name's string -> function */
};

static int
symbol(struct lprof *p, struct symbols *y, const struct lscan *s,
    const char *line, size_t len)
{
	struct re_match m, f;
	const char *fn, *file = "";
	size_t nfn, nfile = 0;
	uint64_t addr;
	int64_t lineno = 0;
	uint32_t *loc, *fx, name, li;
	int rc, added;

	if ((rc = lprof_find(p, y->loc, line, len, &m)) <= 0)
		return rc;
	if (go_parse_uint(m.cap[1].p, m.cap[1].n, 16, &addr) < 0)
		return lprof_fail(p, "line %zu: address 0x%.*s is more than 64 "
		    "bits", s->lineno, (int)m.cap[1].n, m.cap[1].p);
	if (addr == U64MAP_EMPTY) {
		if (p->max_address_loc == 0)
			return 0;	/* no sample has it */
		li = p->max_address_loc - 1;
	} else if ((loc = u64map_get(&p->by_address, addr)) == NULL)
		return 0;
	else
		li = *loc;
	fn = m.cap[2].p;
	nfn = m.cap[2].n;
	if ((rc = lprof_find(p, y->file_line, fn, nfn, &f)) < 0)
		return -1;
	if (rc > 0) {
		int64_t x;
		if (go_parse_int(f.cap[3].p, f.cap[3].n, 10, &x) == 0 && x > 0)
			lineno = x;
		file = f.cap[2].p;
		nfile = f.cap[2].n;
		nfn = f.cap[1].n;
	} else if ((rc = lprof_find(p, y->file_path, fn, nfn, &f)) != 0) {
		if (rc < 0)
			return -1;
		file = f.cap[2].p;
		nfile = f.cap[2].n;
		base_name(&file, &nfile);
		nfn = f.cap[1].n;
	} else if (go_find(fn, nfn, "generated stub/JIT") != NULL) {
		fn = "STUB";
		nfn = 4;
	}
	if ((name = lprof_str(p, fn, nfn)) == 0 && nfn > 0)
		return -1;
	if ((fx = u64map_put(&y->fns, name, (uint32_t)p->nfunctions,
	    &added)) == NULL)
		return perr_nomem(p->e);
	if (added) {
		if (ARRAY_ROOM(p->functions, p->nfunctions,
		    p->capfunctions) < 0)
			return perr_nomem(p->e);
		p->functions[p->nfunctions].name = name;
		if ((p->functions[p->nfunctions].filename = lprof_str(p, file,
		    nfile)) == 0 && nfile > 0)
			return -1;
		p->nfunctions++;
	}
	p->locations[li].function = *fx;
	p->locations[li].line = lineno;
	p->locations[li].address = 0;
	return 0;
}

int
legacy_java_locations(struct lprof *p, const char *d, size_t n)
{
	struct symbols y = { re_compile(LOCATION, NULL, 0), re_compile(FILE_LINE, NULL, 0),
		re_compile(FILE_PATH, NULL, 0), { 0 } };
	struct lscan s;
	const char *line;
	size_t len, i;
	int rc = -1;

	if (y.loc == NULL || y.file_line == NULL || y.file_path == NULL) {
		perr_nomem(p->e);
		goto done;
	}
	lscan_init(&s, d, n);
	while (lscan_next_raw(&s, 1)) {
		line = s.line;
		len = s.len;
		go_trim(&line, &len);
		if (len == 0)
			continue;
		if (line_ok(p, &s) < 0 || symbol(p, &y, &s, line, len) < 0)
			goto done;
	}
	if (lprof_remap(p) < 0 || lprof_remap_mappings(p) < 0)
		goto done;
	for (i = 0; i < p->nlocations; i++)	/* ids, not code */
		p->locations[i].address = 0;
	rc = 0;
done:
	re_free(y.loc);
	re_free(y.file_line);
	re_free(y.file_path);
	u64map_free(&y.fns);
	return rc;
}

int
legacy_java(struct lprof *p, const char *d, size_t n)
{
	const char *nl = memchr(d, '\n', n), *h = d;
	size_t nh;
	struct lscan s;
	int heap, rc;

	if (nl == NULL)
		return LEG_NOT;
	nh = (size_t)(nl - d);
	go_trim(&h, &nh);
	if (nh == 15 && memcmp(h, "--- heapz 1 ---", 15) == 0)
		heap = 1;
	else if (nh == 21 && memcmp(h, "--- contentionz 1 ---", 21) == 0)
		heap = 0;
	else
		return LEG_NOT;
	p->format = heap ? "java-heap" : "java-contention";
	p->has_period_type = 1;	/* present, empty unless set */
	lscan_init(&s, nl + 1, n - (size_t)(nl + 1 - d));
	s.lineno = 1;
	if ((rc = header(p, &s, heap)) != LEG_OK)
		return rc;
	if (samples(p, &s, heap) < 0 ||
	    legacy_java_locations(p, s.p, (size_t)(s.end - s.p)) < 0)
		return LEG_ERR;
	return LEG_OK;
}
