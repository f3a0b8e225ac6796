/*
 * Java Flight Recorder recordings to the stream: a recording is one
 * source; its chunks are read one after another, each whole in memory
 * (the JDK rotates them at 12 MB), its metadata and constant pools first
 * (jfr_chunk.c), then its events in order (jfr_events.c: each of an
 * execution, allocation, monitor or park a sample with its thread,
 * state and time).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/jfr/jfr.h"
#include "formats/jfr/jfr_impl.h"
#include "stream/sniff.h"

/* A chunk larger than this is refused (the JDK's are 12 MB). */
#define JFR_CHUNK_MAX ((size_t)1 << 30)

static void
jx_chunk_free(struct jx *x)
{
	jfr_chunk_free(&x->c);
	free(x->kind_of);
	x->kind_of = NULL;
	u64map_free(&x->fn_of);
	u64map_free(&x->stack_of);
	x->nruns = 0;
}

/* The next chunk of in into x->c.buf, read on from the bytes a piece
 * of the input held past the last one: 1, 0 at the input's end, -1. */
static int
chunk_read(struct input *in, struct jx *x, struct perr *e)
{
	static const unsigned char magic[4] = { 'F', 'L', 'R', 0 };
	const unsigned char *p;
	size_t n, want = JFR_HEADER, cap = 0, len = 0, take;
	unsigned char *buf = NULL;
	uint64_t size;
	int rc, b;

	for (;;) {
		if (x->pos == x->npend) {
			x->pos = x->npend = 0;
			if ((rc = input_chunk(in, &p, &n, e)) < 0)
				goto fail;
			if (rc == 0) {
				if (len == 0) {
					free(buf);
					return 0;
				}
				perr_set(e, "a Java Flight Recorder chunk cut "
				    "short: %zu of its %zu bytes", len, want);
				goto fail;
			}
			if (array_grow((void **)&x->pend, &x->cappend, n, 1) <
			    0)
				goto nomem;
			memcpy(x->pend, p, n);
			x->npend = n;
		}
		take = want - len < x->npend - x->pos ? want - len :
		    x->npend - x->pos;
		if (array_grow((void **)&buf, &cap, len + take, 1) < 0)
			goto nomem;
		memcpy(buf + len, x->pend + x->pos, take);
		len += take;
		x->pos += take;
		if (len == JFR_HEADER && want == JFR_HEADER) {
			if (memcmp(buf, magic, 4) != 0) {
				perr_set(e, "not a chunk of a recording where "
				    "one would begin");
				goto fail;
			}
			for (size = 0, b = 8; b < 16; b++)
				size = size << 8 | buf[b];
			if (size < JFR_HEADER || size > JFR_CHUNK_MAX) {
				perr_set(e, "a chunk of %llu bytes",
				    (unsigned long long)size);
				goto fail;
			}
			want = (size_t)size;
		}
		if (len == want)
			break;
	}
	x->c.buf = buf;
	x->c.len = len;
	return 1;
nomem:
	perr_nomem(e);
fail:
	free(buf);
	return -1;
}

/* e's message after what and ": " (it cut where it would not fit). */
static void
prefix(struct perr *e, const char *what, size_t n)
{
	char m[sizeof(e->msg)];
	size_t k = n < 300 ? n : 300, len = strlen(e->msg);

	memcpy(m, what, k);
	memcpy(m + k, ": ", 2);
	if (len > sizeof(m) - k - 3)
		len = sizeof(m) - k - 3;
	memcpy(m + k + 2, e->msg, len);
	m[k + 2 + len] = '\0';
	memcpy(e->msg, m, sizeof(m));
}

static int
jfr_begin(void *reader, struct output *o, const void *options,
    struct perr *e)
{
	struct jfr_reader *r = reader;
	int i;

	(void)options;
	(void)e;
	memset(r, 0, sizeof(*r));
	for (i = 0; i < (int)(sizeof(r->vtypes) / sizeof(r->vtypes[0]));
	    i++)
		r->vtypes[i] = -1;
	sw_begin(&r->w, o, V20, SCHEMA_EXTENSIONS, 1);
	return 0;
}

static void
jfr_free(void *reader)
{
	struct jfr_reader *r = reader;

	sw_free(&r->w);
	strtab_free(&r->fkeys);
	strtab_free(&r->lkeys);
}

static void
count_attr(struct jfr_reader *r, uint32_t source, const char *k,
    uint64_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	sw_source_attr(&r->w, source, text_of(k), text_of(buf));
}

static int
jfr_read(void *reader, struct input *in, struct perr *e)
{
	struct jfr_reader *r = reader;
	struct jx *x;
	uint64_t chunks = 0;
	int rc;

	sw_set_input(&r->w, in);
	if (sniff_expect(in, SNIFF_BIT(SNIFF_JFR),
	    "a Java Flight Recorder recording", e) < 0)
		return -1;
	if ((x = calloc(1, sizeof(*x))) == NULL)
		return perr_nomem(e);
	x->r = r;
	x->source = ++r->nsources;
	sw_source(&r->w, x->source, text_of(SOURCE_JFR), text_of(in->uri),
	    NAN);
	while ((rc = chunk_read(in, x, e)) > 0) {
		chunks++;
		rc = jfr_chunk_open(&x->c, e) < 0 ? -1 : jfr_chunk_events(x, e);
		jx_chunk_free(x);
		if (rc < 0 && sw_failed(&r->w))
			break;		/* the output's error, as it is */
		if (rc < 0) {
			char which[32];
			int k = snprintf(which, sizeof(which), "chunk %" PRIu64,
			    chunks);
			prefix(e, which, (size_t)k);
			break;
		}
	}
	if (rc == 0 && chunks == 0)
		rc = perr_set(e, "an empty recording");
	if (rc == 0) {
		count_attr(r, x->source, "jfr.chunks", chunks);
		if (x->truncated > 0)
			count_attr(r, x->source, "jfr.truncated_stacks",
			    x->truncated);
		if (x->nostack > 0)
			count_attr(r, x->source, "jfr.samples_without_stack",
			    x->nostack);
		if (x->wall_ns > 0)
			count_attr(r, x->source, "jfr.wall_interval",
			    (uint64_t)x->wall_ns);
		if (x->wall_untimed > 0)
			count_attr(r, x->source, "jfr.wall_samples_untimed",
			    x->wall_untimed);
		if (x->cpu_time_lost > 0)
			count_attr(r, x->source, "jfr.cpu_time_samples_lost",
			    x->cpu_time_lost);
	}
	jx_chunk_free(x);
	free(x->runs);
	free(x->kbuf);
	free(x->pend);
	free(x);
	if (rc < 0 && !sw_failed(&r->w))
		prefix(e, in->name, strlen(in->name));
	return rc < 0 ? -1 : 0;
}

const struct codec jfr_codec = {
	"Java Flight Recorder", "jfr2tsv", SNIFF_BIT(SNIFF_JFR),
	sizeof(struct jfr_reader), jfr_begin, jfr_read, NULL, jfr_free
};
