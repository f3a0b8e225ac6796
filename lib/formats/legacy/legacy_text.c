/*
 * The text formats of gperftools and of Go's debug=1 profiles: heapz
 * (and heap v2, Go's heap, growthz, fragmentationz), Go's count profiles
 * (goroutine, threadcreate), threadz, and contentionz (and Go's block and
 * mutex). Each line is read as google/pprof reads it, with its patterns;
 * a stack's return addresses are made the calls' (less one).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formats/legacy/legacy.h"

#define HEAP_HEADER "heap profile: *(\\d+): *(\\d+) *\\[ *(\\d+): *(\\d+) " \
	"*\\] *@ *(heap[_a-z0-9]*)/?(\\d*)"
#define HEAP_SAMPLE "(-?\\d+): *(-?\\d+) *\\[ *(\\d+): *(\\d+) *] " \
	"@([ x0-9a-f]*)"
#define GROWTH_HEADER "heap profile: *(\\d+): *(\\d+) *\\[ *(\\d+): " \
	"*(\\d+) *\\] @ growthz?"
#define FRAGMENTATION_HEADER "heap profile: *(\\d+): *(\\d+) *\\[ " \
	"*(\\d+): *(\\d+) *\\] @ fragmentationz?"
#define COUNT_START "\\A(\\S+) profile: total \\d+\\z"
#define COUNT_SAMPLE "\\A(\\d+) @(( 0x[0-9a-f]+)+)\\z"
#define THREADZ_START "--- threadz \\d+ ---"
#define THREAD_START "--- Thread ([[:xdigit:]]+) \\(name: (.*)/(\\d+)\\) " \
	"stack: ---"
#define CONTENTION_SAMPLE "(\\d+) *(\\d+) @([ x0-9a-f]*)"

#define STARTS(s, n, lit) ((n) >= sizeof(lit) - 1 && \
	memcmp((s), (lit), sizeof(lit) - 1) == 0)

static int
same(const struct re_match *m, int a, int b)
{
	return m->cap[a].n == m->cap[b].n &&
	    memcmp(m->cap[a].p, m->cap[b].p, m->cap[a].n) == 0;
}

static int
is_zero(const struct re_match *m, int a)
{
	return m->cap[a].n == 1 && m->cap[a].p[0] == '0';
}

/* google/pprof's parseAdditionalSections: on to a memory map, if any. */
static int
sections(struct lprof *p, struct lscan *s)
{
	while (!legacy_maps_sentinel(s->line, s->len) && lscan_next(s))
		;
	if (s->too_long)
		return lscan_too_long(p, s);
	return legacy_maps(p, s);
}

/* google/pprof's parseHexAddresses, with its message. */
static int
hex(struct lprof *p, const struct lscan *s, const char *at, size_t n)
{
	const char *bad;
	size_t nbad;
	int rc = lprof_hex(p, at, n, &bad, &nbad);

	if (rc == -2)
		return lprof_fail(p, "line %zu: %.*s is more than 64 bits",
		    s->lineno, (int)nbad, bad);
	return rc;
}

static int
bad_number(struct lprof *p, const struct lscan *s, const char *what,
    const char *num, size_t n)
{
	return lprof_fail(p, "line %zu: %s %.*s is not a 64-bit integer",
	    s->lineno, what, (int)n, num);
}

/* google/pprof's scaleHeapSample: a sample of average size S stood for
 * 1 / (1 - exp(-S / rate)) of its kind. */
static int
scale_heap(struct lprof *p, const struct lscan *s, int64_t *count,
    int64_t *size, int64_t rate)
{
	double scale, c, z;

	if (*count == 0 || *size == 0) {
		*count = *size = 0;
		return 0;
	}
	if (rate <= 1)
		return 0;
	scale = 1 / (1 - exp(-((double)*size / (double)*count) /
	    (double)rate));
	c = (double)*count * scale;
	z = (double)*size * scale;
	if (!(fabs(c) < 0x1p63) || !(fabs(z) < 0x1p63))
		return lprof_fail(p, "line %zu: the sample scaled up to its "
		    "sampling rate overflows", s->lineno);
	*count = (int64_t)c;
	*size = (int64_t)z;
	return 0;
}

static int
heap_sample(struct lprof *p, struct re *re, const struct lscan *s,
    const char *line, size_t n, int v2, int alloc)
{
	struct re_match m;
	int64_t v[4], count, size, bytes = 0;
	size_t first = p->nstack, k = 0;
	int pair, rc;

	if ((rc = lprof_find(p, re, line, n, &m)) <= 0)
		return rc < 0 ? -1 : lprof_fail(p, "line %zu: not a heap "
		    "sample (count: bytes [count: bytes] @ addresses)",
		    s->lineno);
	for (pair = alloc ? 3 : 1; pair >= 1; pair -= 2) {
		if (go_parse_int(m.cap[pair].p, m.cap[pair].n, 10, &count) < 0)
			return bad_number(p, s, "count", m.cap[pair].p,
			    m.cap[pair].n);
		if (go_parse_int(m.cap[pair + 1].p, m.cap[pair + 1].n, 10,
		    &size) < 0)
			return bad_number(p, s, "size", m.cap[pair + 1].p,
			    m.cap[pair + 1].n);
		if (count == 0 && size != 0)
			return lprof_fail(p, "line %zu: %s count was 0 but "
			    "%s bytes was %lld", s->lineno, pair == 3 ?
			    "allocation" : "inuse", pair == 3 ? "allocation" :
			    "inuse", (long long)size);
		if (count != 0) {
			bytes = count == -1 ? (int64_t)(0 - (uint64_t)size) :
			    size / count;
			if (v2 && scale_heap(p, s, &count, &size, p->period) < 0)
				return -1;
		}
		v[k++] = count;
		v[k++] = size;
	}
	if (hex(p, s, m.cap[5].p, m.cap[5].n) < 0 || lprof_frames(p, 0) < 0 ||
	    lprof_sample(p, first, v) < 0)
		return -1;
	p->samples[p->nsamples - 1].bytes = bytes;
	p->samples[p->nsamples - 1].has_bytes = 1;
	return 0;
}

static int
heap(struct lprof *p, struct re **re, const char *d, size_t n)
{
	static const char *const alloc_types[] = { "alloc_objects", "count",
		"alloc_space", "bytes", "inuse_objects", "count", "inuse_space",
		"bytes" };
	static const char *const types[] = { "objects", "count", "space",
		"bytes" };
	struct re_match m;
	struct lscan s;
	const char *line;
	size_t len;
	int v2 = 0, alloc = 0, rc;

	lscan_init(&s, d, n);
	if (!lscan_next(&s))
		return LEG_NOT;
	p->format = "heap";
	p->has_period_type = 1;
	p->period_type[0] = lprof_str(p, "space", 5);
	p->period_type[1] = lprof_str(p, "bytes", 5);
	if ((rc = lprof_find(p, re[0], s.line, s.len, &m)) < 0)
		return LEG_ERR;
	if (rc > 0) {
		const char *kind = m.cap[5].p;
		size_t nk = m.cap[5].n;
		if (m.cap[6].n > 0 && go_parse_int(m.cap[6].p, m.cap[6].n, 10,
		    &p->period) < 0)
			return lprof_not(p, "line 1: sampling period %.*s is "
			    "not a 64-bit integer", (int)m.cap[6].n,
			    m.cap[6].p);
		alloc = (!same(&m, 3, 1) && !is_zero(&m, 3)) ||
		    (!same(&m, 4, 2) && !is_zero(&m, 4));
		if ((nk == 8 && memcmp(kind, "heapz_v2", 8) == 0) ||
		    (nk == 7 && memcmp(kind, "heap_v2", 7) == 0))
			v2 = 1;
		else if (nk == 11 && memcmp(kind, "heapprofile", 11) == 0)
			p->period = 1;
		else if (nk == 4 && memcmp(kind, "heap", 4) == 0) {
			v2 = 1;
			p->period /= 2;
		} else
			return lprof_not(p, "line 1: unknown heap profile kind "
			    "%.*s", (int)nk, kind);
	} else {
		if ((rc = lprof_find(p, re[1], s.line, s.len, &m)) == 0 &&
		    (rc = lprof_find(p, re[2], s.line, s.len, &m)) == 0)
			return LEG_NOT;
		if (rc < 0)
			return LEG_ERR;
		p->period = 1;
	}
	lprof_types(p, alloc ? alloc_types : types, alloc ? 4 : 2);
	while (lscan_next(&s)) {
		line = s.line;
		len = s.len;
		go_trim(&line, &len);
		if (len == 0 || line[0] == '#')
			continue;
		if (legacy_maps_sentinel(line, len))
			break;
		if (heap_sample(p, re[3], &s, line, len, v2, alloc) < 0)
			return LEG_ERR;
	}
	if (s.too_long)
		return lscan_too_long(p, &s);
	return sections(p, &s) < 0 ? LEG_ERR : LEG_OK;
}

int
legacy_heap(struct lprof *p, const char *d, size_t n)
{
	static const char *const patterns[] = { HEAP_HEADER, GROWTH_HEADER,
		FRAGMENTATION_HEADER, HEAP_SAMPLE };
	struct re *re[4];
	size_t i;
	int rc = LEG_ERR;

	for (i = 0; i < 4; i++)
		re[i] = re_compile(patterns[i], NULL, 0);
	if (re[0] && re[1] && re[2] && re[3])
		rc = heap(p, re, d, n);
	else
		perr_nomem(p->e);
	for (i = 0; i < 4; i++)
		re_free(re[i]);
	return rc;
}

static int
count(struct lprof *p, struct re *start, struct re *sample, const char *d,
    size_t n)
{
	struct re_match m;
	struct lscan s;
	int64_t v;
	size_t first;
	int rc;

	lscan_init(&s, d, n);
	while (lscan_next(&s) && go_space_or_comment(s.line, s.len))
		;
	if (s.too_long)
		return lprof_not(p, "line %zu is too long", s.lineno);
	if ((rc = lprof_find(p, start, s.line, s.len, &m)) <= 0)
		return rc < 0 ? LEG_ERR : LEG_NOT;
	p->format = "count";
	p->has_period_type = 1;
	p->period_type[0] = lprof_str(p, m.cap[1].p, m.cap[1].n);
	p->period_type[1] = lprof_str(p, "count", 5);
	p->period = 1;
	p->types[0][0] = p->period_type[0];
	p->types[0][1] = p->period_type[1];
	p->ntypes = 1;
	while (lscan_next(&s)) {
		if (go_space_or_comment(s.line, s.len))
			continue;
		if (STARTS(s.line, s.len, "---"))
			break;
		if ((rc = lprof_find(p, sample, s.line, s.len, &m)) <= 0)
			return rc < 0 ? LEG_ERR : lprof_fail(p, "line %zu: not "
			    "a sample (count @ addresses)", s.lineno);
		if (go_parse_int(m.cap[1].p, m.cap[1].n, 0, &v) < 0)
			return bad_number(p, &s, "count", m.cap[1].p,
			    m.cap[1].n);
		first = p->nstack;
		if (hex(p, &s, m.cap[2].p, m.cap[2].n) < 0 ||
		    lprof_frames(p, 0) < 0 || lprof_sample(p, first, &v) < 0)
			return LEG_ERR;
	}
	if (s.too_long)
		return lscan_too_long(p, &s);
	return sections(p, &s) < 0 ? LEG_ERR : LEG_OK;
}

int
legacy_count(struct lprof *p, const char *d, size_t n)
{
	struct re *start = re_compile(COUNT_START, NULL, 0),
	    *sample = re_compile(COUNT_SAMPLE, NULL, 0);
	int rc = LEG_ERR;

	if (start != NULL && sample != NULL)
		rc = count(p, start, sample, d, n);
	else
		perr_nomem(p->e);
	re_free(start);
	re_free(sample);
	return rc;
}

/* A thread's stack, from the line after its header to the next line that
 * begins with ---: every hex number in it, unless a line says the stack is
 * the previous thread's (then none). */
static int
thread_stack(struct lprof *p, struct lscan *s, const char **next,
    size_t *nnext)
{
	int same_as_previous = 0;
	const char *line = "";
	size_t len = 0;

	while (lscan_next(s)) {
		line = s->line;
		len = s->len;
		go_trim(&line, &len);
		if (len == 0)
			continue;
		if (STARTS(line, len, "---"))
			break;
		if (go_find(line, len, "same as previous thread") != NULL) {
			same_as_previous = 1;
			continue;
		}
		if (hex(p, s, line, len) < 0)
			return -1;
	}
	if (s->too_long)
		return lscan_too_long(p, s);
	if (same_as_previous)
		p->naddrs = 0;
	*next = line;
	*nnext = len;
	return 0;
}

static int
thread(struct lprof *p, struct re *threadz, struct re *start, const char *d,
    size_t n)
{
	static const int64_t one = 1;
	struct re_match m;
	struct lscan s;
	const char *line;
	size_t len, first;
	int rc;

	lscan_init(&s, d, n);
	while (lscan_next(&s) && go_space_or_comment(s.line, s.len))
		;
	if (s.too_long)
		return LEG_NOT;
	line = s.line;
	len = s.len;
	if ((rc = lprof_find(p, threadz, line, len, &m)) < 0)
		return LEG_ERR;
	if (rc > 0) {
		while (lscan_next(&s)) {
			line = s.line;
			len = s.len;
			if (legacy_maps_sentinel(line, len) ||
			    STARTS(line, len, "-"))
				break;
		}
		if (s.too_long)
			return lprof_not(p, "line %zu is too long", s.lineno);
	} else if ((rc = lprof_find(p, start, line, len, &m)) <= 0)
		return rc < 0 ? LEG_ERR : LEG_NOT;
	p->format = "thread";
	p->has_period_type = 1;
	p->period_type[0] = p->types[0][0] = lprof_str(p, "thread", 6);
	p->period_type[1] = p->types[0][1] = lprof_str(p, "count", 5);
	p->ntypes = 1;
	p->period = 1;
	while (!legacy_maps_sentinel(line, len)) {
		if (STARTS(line, len, "---- no stack trace for"))
			break;
		if ((rc = lprof_find(p, start, line, len, &m)) < 0)
			return LEG_ERR;
		if (rc == 0 && s.p >= s.end)
			return lprof_not(p, "the profile ends (line %zu) "
			    "without a memory map or a '---- no stack trace "
			    "for' line", s.lineno);
		if (rc == 0)
			return lprof_not(p, "line %zu: not a '--- Thread' "
			    "line", s.lineno);
		if (thread_stack(p, &s, &line, &len) < 0)
			return LEG_ERR;
		if (p->naddrs == 0) {	/* as the thread before */
			if (p->nsamples > 0)
				p->values[p->nvalues - 1]++;
			continue;
		}
		first = p->nstack;
		if (lprof_frames(p, 1) < 0 || lprof_sample(p, first, &one) < 0)
			return LEG_ERR;
	}
	if (sections(p, &s) < 0)
		return LEG_ERR;
	lprof_cleanup_duplicates(p);
	return LEG_OK;
}

int
legacy_thread(struct lprof *p, const char *d, size_t n)
{
	struct re *threadz = re_compile(THREADZ_START, NULL, 0),
	    *start = re_compile(THREAD_START, NULL, 0);
	int rc = LEG_ERR;

	if (threadz != NULL && start != NULL)
		rc = thread(p, threadz, start, d, n);
	else
		perr_nomem(p->e);
	re_free(threadz);
	re_free(start);
	return rc;
}

/* key = value lines before a contention profile's samples: 1 one read, 0
 * the line is not one, LEG_NOT a key this format has not. */
static int
contention_attr(struct lprof *p, const struct lscan *s, const char *line,
    size_t len, int64_t *cpu_hz)
{
	const char *eq = memchr(line, '=', len), *k = line, *v;
	size_t nk, nv;
	int64_t x;

	if (eq == NULL)
		return 0;
	nk = (size_t)(eq - line);
	v = eq + 1;
	nv = len - nk - 1;
	go_trim(&k, &nk);
	go_trim(&v, &nv);
#define KEY(lit) (nk == sizeof(lit) - 1 && memcmp(k, lit, nk) == 0)
	if (KEY("discarded samples"))
		return 1;
	if (!KEY("cycles/second") && !KEY("sampling period") &&
	    !KEY("ms since reset"))
		return lprof_not(p, "line %zu: %.*s: not an attribute of a "
		    "contention profile", s->lineno, (int)nk, k);
	if (go_parse_int(v, nv, 0, &x) < 0)
		return lprof_not(p, "line %zu: %.*s: %.*s is not a 64-bit "
		    "integer", s->lineno, (int)nk, k, (int)nv, v);
	if (KEY("cycles/second"))
		*cpu_hz = x;
	else if (KEY("sampling period"))
		p->period = x;
	else if (x > INT64_MAX / 1000000 || x < INT64_MIN / 1000000)
		return lprof_fail(p, "line %zu: %lld ms overflows in "
		    "nanoseconds", s->lineno, (long long)x);
	else
		p->duration_nanos = x * 1000000;
#undef KEY
	return 1;
}

static int
contention_sample(struct lprof *p, struct re *re, const struct lscan *s,
    const char *line, size_t len, int64_t cpu_hz)
{
	struct re_match m;
	int64_t delay, count, v[2];
	size_t first = p->nstack;
	int rc;

	if ((rc = lprof_find(p, re, line, len, &m)) <= 0)
		return rc < 0 ? LEG_ERR : lprof_not(p, "line %zu: not a "
		    "contention sample (delay count @ addresses)", s->lineno);
	if (go_parse_int(m.cap[1].p, m.cap[1].n, 10, &delay) < 0)
		return bad_number(p, s, "delay", m.cap[1].p, m.cap[1].n);
	if (go_parse_int(m.cap[2].p, m.cap[2].n, 10, &count) < 0)
		return bad_number(p, s, "count", m.cap[2].p, m.cap[2].n);
	if (p->period > 0) {
		if (cpu_hz > 0) {
			double ns = (double)delay * (double)p->period /
			    ((double)cpu_hz / 1e9);
			if (!(ns < 0x1p63))
				return lprof_fail(p, "line %zu: the delay in "
				    "nanoseconds overflows", s->lineno);
			delay = (int64_t)ns;
		}
		if (count > INT64_MAX / p->period)
			return lprof_fail(p, "line %zu: count %lld times the "
			    "period overflows", s->lineno, (long long)count);
		count *= p->period;
	}
	v[0] = count;
	v[1] = delay;
	if (hex(p, s, m.cap[3].p, m.cap[3].n) < 0 || lprof_frames(p, 0) < 0 ||
	    lprof_sample(p, first, v) < 0)
		return LEG_ERR;
	return LEG_OK;
}

static int
contention(struct lprof *p, struct re *re, const char *d, size_t n)
{
	static const char *const types[] = { "contentions", "count", "delay",
		"nanoseconds" };
	struct lscan s;
	const char *line;
	size_t len;
	int64_t cpu_hz = 0;
	int rc;

	lscan_init(&s, d, n);
	if (!lscan_next(&s) || !(STARTS(s.line, s.len, "--- contentionz ") ||
	    STARTS(s.line, s.len, "--- mutex:") ||
	    STARTS(s.line, s.len, "--- contention:")))
		return LEG_NOT;
	p->format = "contention";
	p->has_period_type = 1;
	p->period_type[0] = lprof_str(p, "contentions", 11);
	p->period_type[1] = lprof_str(p, "count", 5);
	p->period = 1;
	lprof_types(p, types, 2);
	while (lscan_next(&s)) {
		line = s.line;
		len = s.len;
		go_trim(&line, &len);
		if (len == 0 || line[0] == '#')
			continue;
		if (STARTS(line, len, "---"))
			break;
		if ((rc = contention_attr(p, &s, line, len, &cpu_hz)) <= 0) {
			if (rc < 0 || p->why[0] != '\0')
				return rc;
			break;
		}
	}
	if (s.too_long)
		return lprof_not(p, "line %zu is too long", s.lineno);
	for (;;) {
		line = s.line;
		len = s.len;
		go_trim(&line, &len);
		if (STARTS(line, len, "---"))
			break;
		if (len > 0 && line[0] != '#' && (rc = contention_sample(p, re,
		    &s, line, len, cpu_hz)) != LEG_OK)
			return rc;
		if (!lscan_next(&s))
			break;
	}
	if (s.too_long)
		return lscan_too_long(p, &s);
	return sections(p, &s) < 0 ? LEG_ERR : LEG_OK;
}

int
legacy_contention(struct lprof *p, const char *d, size_t n)
{
	struct re *re = re_compile(CONTENTION_SAMPLE, NULL, 0);
	int rc = LEG_ERR;

	if (re != NULL)
		rc = contention(p, re, d, n);
	else
		perr_nomem(p->e);
	re_free(re);
	return rc;
}
