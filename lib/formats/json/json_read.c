/*
 * JSON to events through YAJL, a chunk at a time. YAJL is iterative (a
 * byte of stack per level), so nesting costs no C stack; the reader still
 * bounds it, and bounds what YAJL gathers of a token (a string or number
 * over many chunks) by the bytes fed without an event, so a hostile file
 * costs at most JSON_MAX_STRING bytes of text at once. YAJL checks that
 * strings are UTF-8 (a 10% of its time worth keeping: OTLP/JSON keeps
 * names as they are).
 */
#include <stdio.h>
#include <string.h>

#include <yajl/yajl_parse.h>

#include "formats/json/json.h"

struct json_reader {
	yajl_handle h;
	struct json_events *ev;
	struct perr *e;
	const char *name;
	int depth;
	int failed;		/* an event said why (in e) */
	/* where the chunk being parsed began: its bytes and line */
	const unsigned char *chunk;
	long line;
	int evented;		/* an event came in the chunk */
	size_t quiet;		/* bytes fed without one, at least */
};

/* The line ends of the n bytes at p. */
static long
lines(const unsigned char *p, size_t n)
{
	const unsigned char *q, *end = p + n;
	long k = 0;

	while ((q = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		k++;
		p = q + 1;
	}
	return k;
}

long
json_line(const struct json_reader *r)
{
	return r->line + lines(r->chunk, yajl_get_bytes_consumed(r->h));
}

/* An event's result for YAJL: 1 to go on, 0 to stop (e set). */
static int
went(struct json_reader *r, int rc)
{
	if (rc < 0) {
		r->failed = 1;
		return 0;
	}
	return 1;
}

/* A value ended: at the outermost level, the codec hears of it. */
static int
ended(struct json_reader *r)
{
	if (r->depth == 0 && r->ev->value_end != NULL)
		return went(r, r->ev->value_end(r->ev->ctx, r->e));
	return 1;
}

static int
on_null(void *ctx)
{
	struct json_reader *r = ctx;

	r->evented = 1;
	if (r->ev->null != NULL && !went(r, r->ev->null(r->ev->ctx, r->e)))
		return 0;
	return ended(r);
}

static int
on_boolean(void *ctx, int b)
{
	struct json_reader *r = ctx;

	r->evented = 1;
	if (r->ev->boolean != NULL && !went(r, r->ev->boolean(r->ev->ctx, b,
	    r->e)))
		return 0;
	return ended(r);
}

/* A token YAJL has whole (a chunk may hold it all): bounded as one that
 * spans chunks is (feed). 1, or 0 with e set. */
static int
short_enough(struct json_reader *r, size_t n)
{
	r->evented = 1;
	if (n <= JSON_MAX_STRING)
		return 1;
	perr_set(r->e, "a string, number or space longer than %u bytes",
	    JSON_MAX_STRING);
	r->failed = 1;
	return 0;
}

static int
on_number(void *ctx, const char *s, size_t n)
{
	struct json_reader *r = ctx;

	if (!short_enough(r, n))
		return 0;
	if (r->ev->number != NULL && !went(r, r->ev->number(r->ev->ctx, s, n,
	    r->e)))
		return 0;
	return ended(r);
}

static int
on_string(void *ctx, const unsigned char *s, size_t n)
{
	struct json_reader *r = ctx;

	if (!short_enough(r, n))
		return 0;
	if (r->ev->string != NULL && !went(r, r->ev->string(r->ev->ctx,
	    (const char *)s, n, r->e)))
		return 0;
	return ended(r);
}

static int
deeper(struct json_reader *r)
{
	if (++r->depth <= JSON_MAX_DEPTH)
		return 1;
	perr_set(r->e, "nested deeper than %d levels", JSON_MAX_DEPTH);
	r->failed = 1;
	return 0;
}

static int
on_start_map(void *ctx)
{
	struct json_reader *r = ctx;

	r->evented = 1;
	if (!deeper(r))
		return 0;
	return r->ev->start_map == NULL || went(r, r->ev->start_map(
	    r->ev->ctx, r->e));
}

static int
on_key(void *ctx, const unsigned char *s, size_t n)
{
	struct json_reader *r = ctx;

	if (!short_enough(r, n))
		return 0;
	return r->ev->key == NULL || went(r, r->ev->key(r->ev->ctx,
	    (const char *)s, n, r->e));
}

static int
on_end_map(void *ctx)
{
	struct json_reader *r = ctx;

	r->evented = 1;
	r->depth--;
	if (r->ev->end_map != NULL && !went(r, r->ev->end_map(r->ev->ctx,
	    r->e)))
		return 0;
	return ended(r);
}

static int
on_start_array(void *ctx)
{
	struct json_reader *r = ctx;

	r->evented = 1;
	if (!deeper(r))
		return 0;
	return r->ev->start_array == NULL || went(r, r->ev->start_array(
	    r->ev->ctx, r->e));
}

static int
on_end_array(void *ctx)
{
	struct json_reader *r = ctx;

	r->evented = 1;
	r->depth--;
	if (r->ev->end_array != NULL && !went(r, r->ev->end_array(r->ev->ctx,
	    r->e)))
		return 0;
	return ended(r);
}

static const yajl_callbacks callbacks = {
	on_null, on_boolean, NULL, NULL, on_number, on_string,
	on_start_map, on_key, on_end_map, on_start_array, on_end_array,
};

/* YAJL's message without its kind and its newline: "premature EOF". */
static void
yajl_says(struct json_reader *r, const unsigned char *p, size_t n, char *buf,
    size_t size)
{
	unsigned char *m = yajl_get_error(r->h, 0, p, n);
	const char *s = (const char *)m;
	size_t k;

	if (s == NULL) {
		snprintf(buf, size, "not JSON");
		return;
	}
	if (strncmp(s, "parse error: ", 13) == 0)
		s += 13;
	else if (strncmp(s, "lexical error: ", 15) == 0)
		s += 15;
	snprintf(buf, size, "not JSON: %s", s);
	for (k = strlen(buf); k > 0 && (buf[k - 1] == '\n' ||
	    buf[k - 1] == ' ' || buf[k - 1] == '.'); k--)
		buf[k - 1] = '\0';
	yajl_free_error(r->h, m);
}

/* The error, at the line it is on: -1. */
static int
fail(struct json_reader *r, long line, const char *what)
{
	char msg[sizeof(r->e->msg)];

	snprintf(msg, sizeof(msg), "%s", what);
	return perr_set(r->e, "%s:%ld: %s", r->name, line, msg);
}

/* The n bytes at p, the next of the text: 0, or -1 with e set. */
static int
feed(struct json_reader *r, const unsigned char *p, size_t n)
{
	yajl_status st;
	char why[512];

	r->chunk = p;
	r->evented = 0;
	st = yajl_parse(r->h, p, n);
	/* a token YAJL is gathering across chunks: bounded */
	r->quiet = r->evented ? 0 : r->quiet + n;
	if (st == yajl_status_ok && r->quiet > JSON_MAX_STRING) {
		snprintf(why, sizeof(why), "a string, number or space longer "
		    "than %u bytes", JSON_MAX_STRING);
		return fail(r, r->line, why);
	}
	if (st != yajl_status_ok) {
		if (r->failed)
			return fail(r, json_line(r), r->e->msg);
		yajl_says(r, p, n, why, sizeof(why));
		return fail(r, json_line(r), why);
	}
	r->line += lines(p, n);
	return 0;
}

static int
begin(struct json_reader *r, struct json_events *ev, const char *name,
    long line, struct perr *e)
{
	memset(r, 0, sizeof(*r));
	r->ev = ev;
	r->e = e;
	r->name = name;
	r->line = line;
	ev->reader = r;
	if ((r->h = yajl_alloc(&callbacks, NULL, r)) == NULL)
		return perr_set(e, "%s: out of memory", name);
	yajl_config(r->h, yajl_allow_multiple_values, 1);
	return 0;
}

static int
end(struct json_reader *r, int rc)
{
	char why[512];

	if (rc == 0 && yajl_complete_parse(r->h) != yajl_status_ok) {
		if (r->failed)
			rc = fail(r, r->line, r->e->msg);
		else {
			yajl_says(r, (const unsigned char *)"", 0, why,
			    sizeof(why));
			rc = fail(r, r->line, why);
		}
	}
	yajl_free(r->h);
	r->ev->reader = NULL;
	return rc;
}

int
json_read_input(struct input *in, struct json_events *ev, struct perr *e)
{
	struct json_reader r;
	const unsigned char *p;
	size_t n;
	int rc;

	if (begin(&r, ev, in->name, 1, e) < 0)
		return -1;
	while ((rc = input_chunk(in, &p, &n, e)) > 0 && (rc = feed(&r, p,
	    n)) == 0)
		;
	return end(&r, rc);
}

int
json_read_bytes(const void *p, size_t n, const char *name, long line,
    struct json_events *ev, struct perr *e)
{
	struct json_reader r;

	if (begin(&r, ev, name, line, e) < 0)
		return -1;
	return end(&r, feed(&r, p, n));
}
