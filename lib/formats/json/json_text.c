/*
 * JSON's text: what is wrong with it, said at its line; its strings,
 * UTF-8 checked as RFC 3629 has it (no overlong form, no surrogate,
 * nothing past U+10FFFF), escapes decoded (a pair of \u surrogates as
 * one character, a lone one as U+FFFD), control characters refused; its
 * numbers as doubles.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "formats/json/json_impl.h"

/* The error, at the line it is on: -1. */
int
json_fail(struct json_reader *r, const char *what)
{
	char msg[sizeof(r->e->msg)];

	snprintf(msg, sizeof(msg), "%s", what);
	return perr_set(r->e, "%s:%ld: %s", r->name, r->line, msg);
}

int
json_too_long(struct json_reader *r)
{
	char why[80];

	snprintf(why, sizeof(why), "a string, number or space longer than "
	    "%u bytes", JSON_MAX_STRING);
	return json_fail(r, why);
}

static int
hex4(const unsigned char *p, uint32_t *v)
{
	int i;

	*v = 0;
	for (i = 0; i < 4; i++) {
		unsigned c = p[i], d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (c | 0x20) - 'a' + 10;
		else
			return -1;
		*v = *v << 4 | d;
	}
	return 0;
}

/* The string between the quotes at p (n bytes, its escapes checked by
 * scan_string), unescaped into r->text: its length, or -1. */
long
json_unescape(struct json_reader *r, const unsigned char *p, size_t n)
{
	size_t i = 0, k = 0;
	uint32_t cp, lo;
	char *t;

	if (n > r->captext) {
		if ((t = realloc(r->text, n)) == NULL)
			return perr_nomem(r->e);
		r->text = t;
		r->captext = n;
	}
	t = r->text;
	while (i < n) {
		if (p[i] != '\\') {
			t[k++] = (char)p[i++];
			continue;
		}
		switch (p[i + 1]) {
		case 'b': t[k++] = '\b'; break;
		case 'f': t[k++] = '\f'; break;
		case 'n': t[k++] = '\n'; break;
		case 'r': t[k++] = '\r'; break;
		case 't': t[k++] = '\t'; break;
		case 'u':
			(void)hex4(p + i + 2, &cp);
			i += 6;
			if (cp >= 0xd800 && cp <= 0xdbff && i + 6 <= n &&
			    p[i] == '\\' && p[i + 1] == 'u' &&
			    hex4(p + i + 2, &lo) == 0 && lo >= 0xdc00 &&
			    lo <= 0xdfff) {
				cp = 0x10000 + ((cp - 0xd800) << 10) +
				    (lo - 0xdc00);
				i += 6;
			} else if (cp >= 0xd800 && cp <= 0xdfff)
				cp = 0xfffd;	/* a lone surrogate */
			k += utf8_encode((unsigned char *)t + k, cp);
			continue;
		default: t[k++] = (char)p[i + 1]; break;	/* " \ / */
		}
		i += 2;
	}
	return (long)k;
}

/* Bytes that stand for themselves in a string: printable ASCII but the
 * quote and the backslash (a table: one test a byte). */
static const unsigned char plain[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/* Scans the string whose opening quote is at p[-1], up to end: the
 * offset of its closing quote, or -1 with e set (bad text), or -2 when
 * the string goes on past end (more is needed). *escaped: it has any. */
long
json_scan_string(struct json_reader *r, const unsigned char *p,
    const unsigned char *end, int last, int *escaped)
{
	const unsigned char *q = p;
	uint32_t v, cp;
	size_t k;

	*escaped = 0;
	for (;;) {
		/* the bytes most strings are made of, at once */
		while (q < end && plain[*q])
			q++;
		if (q == end)
			return last ? json_fail(r, "not JSON: the text ends in a "
			    "string") : -2;
		if (*q == '"')
			return (long)(q - p);
		if (*q < 0x20)
			return json_fail(r, "not JSON: a control character in a "
			    "string (a line cut short?)");
		if (*q == '\\') {
			*escaped = 1;
			if (end - q < 2)
				return last ? json_fail(r, "not JSON: the text ends "
				    "in a string") : -2;
			if (q[1] == 'u') {
				if (end - q < 6)
					return last ? json_fail(r, "not JSON: the "
					    "text ends in a string") : -2;
				if (hex4(q + 2, &v) < 0)
					return json_fail(r, "not JSON: \\u without "
					    "four hex digits");
				q += 6;
			} else if (strchr("\"\\/bfnrt", q[1]) != NULL &&
			    q[1] != '\0')
				q += 2;
			else
				return json_fail(r, "not JSON: an unknown escape "
				    "in a string");
			continue;
		}
		if ((k = utf8_decode(q, (size_t)(end - q), &cp)) == 1 &&
		    cp == UTF8_BAD) {
			/* a sequence cut by the chunk's end may go on */
			if (!last && end - q < 4 && *q >= 0xc2 && *q <= 0xf4) {
				size_t i;
				for (i = 1; q + i < end; i++)
					if ((q[i] & 0xc0) != 0x80)
						break;
				if (q + i == end)
					return -2;
			}
			return json_fail(r, "not JSON: a string that is not UTF-8");
		}
		q += k;
	}
}


/* 10^0 .. 10^22: each exact in a double */
static const double json_pow10[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* A number's text as strtod rounds it. Most are a few digits: those whose
 * digits make an integer of at most 2^53 and whose power of ten is at
 * most 22 either way are one exact product or quotient of two exact
 * doubles, rounded once, as strtod's (Clinger's fast path); the rest go
 * to strtod. */
int
json_double(const char *s, size_t n, double *v)
{
	const char *p = s, *end = s + n;
	uint64_t m = 0;
	int neg = 0, digits = 0, scale = 0, ex = 0, exneg = 0, exdigits = 0;
	char buf[64], *stop;

	if (n == 0 || n >= sizeof(buf))
		return -1;
	if (p < end && *p == '-') {
		neg = 1;
		p++;
	}
	for (; p < end && *p >= '0' && *p <= '9'; p++, digits++)
		m = m * 10 + (uint64_t)(*p - '0');
	if (p < end && *p == '.')
		for (p++; p < end && *p >= '0' && *p <= '9'; p++, digits++) {
			m = m * 10 + (uint64_t)(*p - '0');
			scale--;
		}
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			exneg = *p++ == '-';
		for (; p < end && *p >= '0' && *p <= '9' && ex < 1000; p++)
			ex = ex * 10 + (*p - '0'), exdigits++;
		if (exdigits == 0)
			p = s;		/* not a number: strtod says so */
	}
	scale += exneg ? -ex : ex;
	if (p == end && digits > 0 && digits <= 19 &&
	    m <= (uint64_t)1 << 53 && scale >= -22 && scale <= 22) {
		double d = (double)m;
		d = scale < 0 ? d / json_pow10[-scale] : d * json_pow10[scale];
		*v = neg ? -d : d;
		return 0;
	}
	memcpy(buf, s, n);
	buf[n] = '\0';
	*v = strtod(buf, &stop);
	return *stop == '\0' && isfinite(*v) ? 0 : -1;
}
