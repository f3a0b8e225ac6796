/*
 * gperftools' binary CPU profile ("profilez"): words of 32 or 64 bits in
 * either byte order. A header of five words (0, 3, 0 for C++ or 1 for
 * Java, the period in microseconds, 0), then samples (count, depth, the
 * addresses, leaf first) up to the marker 0, 1, 0, then text: a memory
 * map for C++, symbols for Java.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/legacy/legacy.h"

struct words {
	const unsigned char *d;
	size_t n, size;		/* size: 4 or 8 */
	int big;
};

static inline uint64_t
word(const struct words *w, size_t at)
{
	uint32_t v32;
	uint64_t v64;

	if (w->size == 4) {
		memcpy(&v32, w->d + at, 4);
		return w->big == (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) ?
		    __builtin_bswap32(v32) : v32;
	}
	memcpy(&v64, w->d + at, 8);
	return w->big == (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) ?
	    __builtin_bswap64(v64) : v64;
}

/* The samples from byte *at; *at is left after the end marker. */
static int
samples(struct lprof *p, const struct words *w, size_t *at, int adjust)
{
	size_t pos = *at, i;
	uint64_t count, depth;
	int64_t v[2];

	while (pos < w->n) {
		size_t start = pos;
		uint32_t loc;
		if (w->n - pos < 2 * w->size)
			return lprof_not(p, "sample at byte %zu: cut short",
			    start);
		count = word(w, pos);
		depth = word(w, pos + w->size);
		pos += 2 * w->size;
		if (depth > (w->n - pos) / w->size)
			return lprof_not(p, "sample at byte %zu: its %llu "
			    "frames run past the end of the data (byte %zu)",
			    start, (unsigned long long)depth, w->n);
		if (count == 0 && depth == 1 && word(w, pos) == 0) {
			pos += w->size;
			break;
		}
		if (array_grow((void **)&p->stack, &p->capstack,
		    p->nstack + (size_t)depth, sizeof(*p->stack)) < 0)
			return perr_nomem(p->e);
		for (i = 0; i < depth; i++, pos += w->size) {
			if (lprof_location(p, word(w, pos) -
			    (adjust && i > 0), &loc) < 0)
				return LEG_ERR;
			p->stack[p->nstack++] = loc;
		}
		if (count > INT64_MAX || (int64_t)count > INT64_MAX / p->period)
			return lprof_fail(p, "sample at byte %zu: count %llu "
			    "times the period (%lld ns) overflows", start,
			    (unsigned long long)count, (long long)p->period);
		v[0] = (int64_t)count;
		v[1] = (int64_t)count * p->period;
		if (lprof_sample(p, p->nstack - (size_t)depth, v) < 0)
			return LEG_ERR;
	}
	*at = pos;
	return LEG_OK;
}

/* google/pprof's rule: when most samples (all but one in 32) have the
 * same second frame, it is the signal handler's, and is dropped; twice. */
static int
strip_handler_frames(struct lprof *p)
{
	size_t *count = calloc(p->nlocations + 1, sizeof(*count));
	size_t iter, i, margin = p->nsamples / 32;
	uint32_t hit;

	if (count == NULL)
		return perr_nomem(p->e);
	for (iter = 0; iter < 2; iter++) {
		memset(count, 0, (p->nlocations + 1) * sizeof(*count));
		hit = LEG_NONE;
		for (i = 0; i < p->nsamples; i++) {
			const struct lsample *s = &p->samples[i];
			uint32_t l;
			if (s->n <= 1)
				continue;
			l = p->stack[s->first + 1];
			if (++count[l] >= p->nsamples - margin)
				hit = l;
		}
		if (hit == LEG_NONE)
			continue;
		for (i = 0; i < p->nsamples; i++) {
			struct lsample *s = &p->samples[i];
			if (s->n > 1 && p->stack[s->first + 1] == hit)
				lprof_drop_frame(p, s, 1);
		}
	}
	free(count);
	return 0;
}

static const struct { size_t size; int big; } forms[] = {
	{ 4, 0 }, { 4, 1 }, { 8, 0 }, { 8, 1 } };

int
legacy_cpu_header(const unsigned char *d, size_t n, int end)
{
	static const int ok_word[5][2] = { { 0, 0 }, { 3, 3 }, { 0, 1 },
	    { 1, -1 }, { 0, 0 } };	/* the range of each header word */
	struct words w = { d, n, 0, 0 };
	uint64_t h;
	size_t f, i;

	for (f = 0; f < 4; f++) {
		w.size = forms[f].size;
		w.big = forms[f].big;
		if (end && n < 5 * w.size)
			continue;
		for (i = 0; i < 5 && (i + 1) * w.size <= n; i++) {
			h = word(&w, i * w.size);
			if (h < (uint64_t)ok_word[i][0] || (ok_word[i][1] >= 0 &&
			    h > (uint64_t)ok_word[i][1]))
				break;
		}
		if (i == 5 || (i + 1) * w.size > n)
			return 1;
	}
	return 0;
}

int
legacy_cpu(struct lprof *p, const unsigned char *d, size_t n)
{
	static const char *const types[] = { "samples", "count", "cpu",
		"nanoseconds" };
	struct words w = { d, n, 0, 0 };
	uint64_t h[5];
	size_t f, i, at;
	struct lscan s;
	int rc;

	for (f = 0; f < 4; f++) {
		w.size = forms[f].size;
		w.big = forms[f].big;
		if (n < 5 * w.size)
			continue;
		for (i = 0; i < 5; i++)
			h[i] = word(&w, i * w.size);
		if (h[0] == 0 && h[1] == 3 && h[2] <= 1 && h[3] > 0 &&
		    h[4] == 0)
			break;
	}
	if (f == 4) {
		/* the first words of a header, and then the end */
		if (n >= 8 && n < 40 && memcmp(d, "\0\0\0\0", 4) == 0 &&
		    (d[4] == 3 || d[7] == 3 || (n >= 16 && (d[8] == 3 ||
		    d[15] == 3))))
			return lprof_not(p, "the header is cut short (%zu "
			    "bytes)", n);
		return LEG_NOT;
	}
	p->format = h[2] == 1 ? "java-cpu" : "cpu";
	if (h[3] > INT64_MAX / 1000)
		return lprof_fail(p, "a period of %llu microseconds overflows",
		    (unsigned long long)h[3]);
	p->period = (int64_t)h[3] * 1000;
	p->has_period_type = 1;
	p->period_type[0] = lprof_str(p, "cpu", 3);
	p->period_type[1] = lprof_str(p, "nanoseconds", 11);
	lprof_types(p, types, 2);
	at = 5 * w.size;
	if ((rc = samples(p, &w, &at, h[2] == 0)) != LEG_OK) {
		if (rc == LEG_NOT)	/* worth saying: it had the header */
			return lprof_fail(p, "%s", p->why);
		return rc;
	}
	if (h[2] == 1)
		return legacy_java_locations(p, (const char *)d + at, n - at) < 0 ?
		    LEG_ERR : LEG_OK;
	if (strip_handler_frames(p) < 0)
		return LEG_ERR;
	lscan_init(&s, (const char *)d + at, n - at);
	if (legacy_maps(p, &s) < 0)
		return LEG_ERR;
	lprof_cleanup_duplicates(p);
	return LEG_OK;
}
