/*
 * JSON to events, a chunk at a time, by a reader of its own (doc/
 * hacking.md says why: YAJL's parse alone took 1.7 times what reading
 * the same profile as protobuf takes). RFC 8259's grammar, strictly:
 * strings of UTF-8 with no control character, numbers as the grammar
 * spells them, values one after another (a document, or one a line).
 * Iterative: a byte of stack per level, bounded by JSON_MAX_DEPTH. A
 * token is handed over where it lies when it ends in the chunk; one cut
 * by the chunk's end is gathered, at most JSON_MAX_STRING bytes, so a
 * hostile file costs that much memory at once and no more.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/json/json_impl.h"

long
json_line(const struct json_reader *r)
{
	return r->line;
}

/* A codec's event said why (in e): -1 with the file and line before,
 * unless its message names the file already (one prefix, not two) or
 * is whole (JSON_STOP). */
static int
said(struct json_reader *r, int rc)
{
	size_t n = strlen(r->name);

	if (rc >= 0)
		return 0;
	if (rc == JSON_STOP)
		return -1;
	if (strncmp(r->e->msg, r->name, n) == 0 && r->e->msg[n] == ':')
		return -1;
	return json_fail(r, r->e->msg);
}

/* A value is complete: what may come next, and the codec told when it
 * was one at the top. */
static int
valued(struct json_reader *r)
{
	if (r->depth > 0) {
		r->want = W_NEXT;
		return 0;
	}
	r->want = W_VALUE;
	return r->ev->value_end != NULL ? said(r, r->ev->value_end(
	    r->ev->ctx, r->e)) : 0;
}

static int
open_level(struct json_reader *r, unsigned char c)
{
	int rc;

	if (r->depth == JSON_MAX_DEPTH) {
		char why[64];
		snprintf(why, sizeof(why), "nested deeper than %d levels",
		    JSON_MAX_DEPTH);
		return json_fail(r, why);
	}
	r->kind[++r->depth] = c;
	if (c == '{') {
		r->want = W_KEY_OR_CLOSE;
		rc = r->ev->start_map != NULL ? r->ev->start_map(r->ev->ctx,
		    r->e) : 0;
	} else {
		r->want = W_VALUE_OR_CLOSE;
		rc = r->ev->start_array != NULL ? r->ev->start_array(
		    r->ev->ctx, r->e) : 0;
	}
	return said(r, rc);
}

static int
close_level(struct json_reader *r, unsigned char c)
{
	int rc;

	r->depth--;
	if (c == '}')
		rc = r->ev->end_map != NULL ? r->ev->end_map(r->ev->ctx,
		    r->e) : 0;
	else
		rc = r->ev->end_array != NULL ? r->ev->end_array(r->ev->ctx,
		    r->e) : 0;
	return said(r, rc) < 0 ? -1 : valued(r);
}

#define DIGIT(c) ((c) >= '0' && (c) <= '9')

/* The number at p: its length up to end, or -1 with e set, or -2 when
 * it may go on past end. What follows it is the next token's to judge. */
static long
scan_number(struct json_reader *r, const unsigned char *p,
    const unsigned char *end, int last)
{
	const unsigned char *q = p;

	if (*q == '-' && ++q == end)
		goto cut;
	if (*q == '0')
		q++;
	else if (DIGIT(*q))
		while (++q < end && DIGIT(*q))
			;
	else
		return json_fail(r, "not JSON: a number without digits");
	if (q < end && *q == '.') {
		if (++q == end)
			goto cut;
		if (!DIGIT(*q))
			return json_fail(r, "not JSON: a number with no digit "
			    "after its point");
		while (++q < end && DIGIT(*q))
			;
	}
	if (q < end && (*q == 'e' || *q == 'E')) {
		if (++q == end)
			goto cut;
		if ((*q == '+' || *q == '-') && ++q == end)
			goto cut;
		if (!DIGIT(*q))
			return json_fail(r, "not JSON: a number with no digit in "
			    "its exponent");
		while (++q < end && DIGIT(*q))
			;
	}
	if (q == end && !last)
		return -2;	/* more digits may follow */
	return (long)(q - p);
cut:
	return last ? json_fail(r, "not JSON: the text ends in a number") : -2;
}

/* A byte that begins no token that may come here: -1, saying what was
 * wanted. */
static int
unwanted(struct json_reader *r, unsigned char c)
{
	static const char *const wanted[] = {
		[W_VALUE] = "a value", [W_VALUE_OR_CLOSE] = "a value or ']'",
		[W_KEY_OR_CLOSE] = "a key (a string) or '}'",
		[W_KEY] = "a key (a string)", [W_COLON] = "':'",
	};
	char what[16], why[128];

	if (c >= 0x20 && c < 0x7f)
		snprintf(what, sizeof(what), "'%c'", c);
	else
		snprintf(what, sizeof(what), "byte 0x%02x", c);
	snprintf(why, sizeof(why), "not JSON: %s where %s is wanted", what,
	    r->want != W_NEXT ? wanted[r->want] : r->kind[r->depth] == '{' ?
	    "',' or '}'" : "',' or ']'");
	return json_fail(r, why);
}

/* The token at p (what it is: its first byte), ending before end: the
 * bytes it took, or -1 with e set, or -2 when it goes on past end. */
static inline __attribute__((always_inline)) long
token(struct json_reader *r, const unsigned char *p, const unsigned char *end,
    int last)
{
	static const char *const lit[3] = { "true", "false", "null" };
	long n, t;
	int escaped, rc, i;
	size_t len;

	switch (*p) {
	case '{': case '[':
		if (r->want != W_VALUE && r->want != W_VALUE_OR_CLOSE)
			break;
		return open_level(r, *p) < 0 ? -1 : 1;
	case '}': case ']':
		if ((r->want != W_NEXT && r->want != (*p == '}' ?
		    W_KEY_OR_CLOSE : W_VALUE_OR_CLOSE)) || r->depth == 0 ||
		    r->kind[r->depth] != (*p == '}' ? '{' : '['))
			break;
		return close_level(r, *p) < 0 ? -1 : 1;
	case ',':
		if (r->want != W_NEXT)
			break;
		r->want = r->kind[r->depth] == '{' ? W_KEY : W_VALUE;
		return 1;
	case ':':
		if (r->want != W_COLON)
			break;
		r->want = W_VALUE;
		return 1;
	case '"':
		if (r->want == W_COLON || r->want == W_NEXT)
			break;
		if ((n = json_scan_string(r, p + 1, end, last, &escaped)) < 0)
			return n;
		len = (size_t)n;
		if (len > JSON_MAX_STRING)
			return json_too_long(r);
		if (escaped) {
			if ((t = json_unescape(r, p + 1, len)) < 0)
				return -1;
			len = (size_t)t;
		}
		if (r->want == W_KEY || r->want == W_KEY_OR_CLOSE) {
			r->want = W_COLON;
			rc = r->ev->key != NULL ? r->ev->key(r->ev->ctx,
			    escaped ? r->text : (const char *)p + 1, len,
			    r->e) : 0;
			return said(r, rc) < 0 ? -1 : n + 2;
		}
		rc = r->ev->string != NULL ? r->ev->string(r->ev->ctx,
		    escaped ? r->text : (const char *)p + 1, len, r->e) : 0;
		return said(r, rc) < 0 || valued(r) < 0 ? -1 : n + 2;
	case '-': case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		if (r->want != W_VALUE && r->want != W_VALUE_OR_CLOSE)
			break;
		if ((n = scan_number(r, p, end, last)) < 0)
			return n;
		if ((size_t)n > JSON_MAX_STRING)
			return json_too_long(r);
		rc = r->ev->number != NULL ? r->ev->number(r->ev->ctx,
		    (const char *)p, (size_t)n, r->e) : 0;
		return said(r, rc) < 0 || valued(r) < 0 ? -1 : n;
	case 't': case 'f': case 'n':
		if (r->want != W_VALUE && r->want != W_VALUE_OR_CLOSE)
			break;
		i = *p == 't' ? 0 : *p == 'f' ? 1 : 2;
		len = strlen(lit[i]);
		if ((size_t)(end - p) < len) {
			if (memcmp(p, lit[i], (size_t)(end - p)) != 0 || last)
				break;
			return -2;
		}
		if (memcmp(p, lit[i], len) != 0)
			break;
		if (i == 2)
			rc = r->ev->null != NULL ? r->ev->null(r->ev->ctx,
			    r->e) : 0;
		else
			rc = r->ev->boolean != NULL ? r->ev->boolean(
			    r->ev->ctx, i == 0, r->e) : 0;
		return said(r, rc) < 0 || valued(r) < 0 ? -1 : (long)len;
	}
	return unwanted(r, *p);
}

/* The tokens of p..end (last: nothing comes after): the bytes used, all
 * but a token cut by end, or -1. */
static long
tokens(struct json_reader *r, const unsigned char *p, const unsigned char *end,
    int last)
{
	const unsigned char *q = p;
	long n;

	for (;;) {
		while (q < end && *q <= ' ' && (*q == ' ' || *q == '\n' ||
		    *q == '\t' || *q == '\r')) {
			if (*q == '\n')
				r->line++;
			q++;
		}
		if (q == end)
			return (long)(q - p);
		if ((n = token(r, q, end, last)) == -2)
			return (long)(q - p);
		if (n < 0)
			return -1;
		q += n;
	}
}

static int
gather(struct json_reader *r, const unsigned char *p, size_t n)
{
	char *t;
	size_t cap;

	if (r->npart + n > JSON_MAX_STRING + 16)
		return json_too_long(r);
	if (r->npart + n > r->cappart) {
		cap = r->cappart * 2 > r->npart + n ? r->cappart * 2 :
		    r->npart + n + 64;
		if ((t = realloc(r->part, cap)) == NULL)
			return perr_nomem(r->e);
		r->part = t;
		r->cappart = cap;
	}
	memcpy(r->part + r->npart, p, n);
	r->npart += n;
	return 0;
}

/* The n bytes at p, the next of the text (last: its end): 0, or -1. */
static int
feed(struct json_reader *r, const unsigned char *p, size_t n, int last)
{
	const unsigned char *end = p + n;
	size_t more;
	long used;

	/* a token cut before: the bytes that end it, gathered first, as
	 * many more each time as it holds (each try reads it again) */
	while (r->npart > 0) {
		more = r->npart > 64 ? r->npart : 64;
		if (more > n)
			more = n;
		if (gather(r, p, more) < 0)
			return -1;
		p += more;
		n -= more;
		used = tokens(r, (const unsigned char *)r->part,
		    (const unsigned char *)r->part + r->npart, last && n == 0);
		if (used < 0)
			return -1;
		if (used > 0) {
			/* what followed the token is the chunk's again */
			size_t rest = r->npart - (size_t)used;
			if (rest > more)
				rest = more;	/* cannot be: whole tokens */
			p -= rest;
			n += rest;
			r->npart = 0;
			break;
		}
		if (n == 0)
			return last ? json_fail(r, "not JSON: the text ends in a "
			    "value") : 0;
	}
	used = tokens(r, p, end, last);
	if (used < 0)
		return -1;
	if ((size_t)used < n) {
		if (last)
			return json_fail(r, "not JSON: the text ends in a value");
		return gather(r, p + used, n - (size_t)used);
	}
	return 0;
}

static void
begin(struct json_reader *r, struct json_events *ev, const char *name,
    long line, struct perr *e)
{
	memset(r, 0, sizeof(*r));
	r->ev = ev;
	r->e = e;
	r->name = name;
	r->line = line;
	r->want = W_VALUE;
	ev->reader = r;
}

static int
end(struct json_reader *r, int rc)
{
	if (rc == 0 && r->npart > 0)
		rc = json_fail(r, "not JSON: the text ends in a value");
	if (rc == 0 && r->depth > 0)
		rc = json_fail(r, "not JSON: the text ends inside an object or "
		    "array");
	if (rc == 0 && r->want != W_VALUE)
		rc = json_fail(r, "not JSON: the text ends in a value");
	free(r->part);
	free(r->text);
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

	begin(&r, ev, in->name, 1, e);
	while ((rc = input_chunk(in, &p, &n, e)) > 0 && (rc = feed(&r, p, n,
	    0)) == 0)
		;
	if (rc == 0)
		rc = feed(&r, (const unsigned char *)"", 0, 1);
	return end(&r, rc);
}

int
json_read_bytes(const void *p, size_t n, const char *name, long line,
    struct json_events *ev, struct perr *e)
{
	struct json_reader r;

	begin(&r, ev, name, line, e);
	return end(&r, feed(&r, p, n, 1));
}

int
json_read_split(const void *p, size_t n, size_t piece, const char *name,
    struct json_events *ev, struct perr *e)
{
	struct json_reader r;
	const unsigned char *q = p;
	size_t k;
	int rc = 0;

	begin(&r, ev, name, 1, e);
	while (rc == 0 && n > 0) {
		k = piece > 0 && piece < n ? piece : n;
		rc = feed(&r, q, k, 0);
		q += k;
		n -= k;
	}
	if (rc == 0)
		rc = feed(&r, (const unsigned char *)"", 0, 1);
	return end(&r, rc);
}
