/* The bytes of a stream line (fields.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "stream/fields.h"

const unsigned char field_byte_class[256] = {
	['\t'] = FB_TAB, ['\\'] = FB_BACKSLASH, ['\r'] = FB_CR, ['\0'] = FB_NUL,
	['\n'] = FB_LF,	/* the one-pass reader's line end; split lines have none */
};

/* Removes the escapes of field f in place. */
static void
unescape(struct stream_field *f)
{
	char *q = f->s, *end = f->s + f->len, *w = f->s;

	for (; q < end; q++) {
		if (*q != '\\') {
			*w++ = *q;
			continue;
		}
		switch (*++q) {
		case 't': *w++ = '\t'; break;
		case 'n': *w++ = '\n'; break;
		case 'r': *w++ = '\r'; break;
		default: *w++ = *q; break;
		}
	}
	*w = '\0';
	f->len = (size_t)(w - f->s);
}

int
field_split(struct stream_field **fields, size_t *cap, char *line,
    size_t len, int *bad, struct perr *e)
{
	const unsigned char *u = (const unsigned char *)line;
	size_t i, start = 0;
	int n = 0, escaped = 0, cr = 0, nul = 0, lone = -1;
	struct stream_field *f;

	for (i = 0;; i++) {
		unsigned c;
		i = field_skip_plain(u, i, len);
		c = i < len ? field_byte_class[u[i]] : FB_TAB;
		if (c == FB_BACKSLASH) {
			escaped = 1;
			if (i + 1 == len || line[i + 1] == '\t')
				lone = lone < 0 ? n : lone;
			else if (field_byte_class[u[i + 1]] == FB_CR)
				cr = 1;
			else if (field_byte_class[u[i + 1]] == FB_NUL)
				nul = 1;
			i++;
			continue;
		}
		if (c == FB_CR) {
			cr = 1;
			continue;
		}
		if (c == FB_NUL) {
			nul = 1;
			continue;
		}
		/* a tab, or the end of the line */
		if (ARRAY_ROOM(*fields, (size_t)n, *cap) < 0)
			return perr_nomem(e), SPLIT_NOMEM;
		f = &(*fields)[n++];
		f->s = line + start;
		f->len = (i < len ? i : len) - start;
		line[start + f->len] = '\0';
		f->na = field_is_na(f->s, f->len);
		if (escaped && lone < 0)
			unescape(f);
		escaped = 0;
		if (i >= len)
			break;
		start = i + 1;
	}
	if (cr)
		return SPLIT_CR;
	if (nul)
		return SPLIT_NUL;
	if (lone >= 0) {
		*bad = lone;
		return SPLIT_BACKSLASH;
	}
	return n;
}

int
field_i64(const char *s, size_t n, int64_t *out)
{
	uint64_t v = 0, lim;
	int neg = 0;
	size_t i = 0;

	if (n > 0 && s[0] == '-')
		neg = i = 1;
	if (i == n)
		return -1;
	lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (; i < n; i++) {
		unsigned d = (unsigned)s[i] - '0';
		/* 18 digits cannot overflow: the division only past them */
		if (d > 9 || (i >= 18 && v > (lim - d) / 10))
			return -1;
		v = v * 10 + d;
	}
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return 0;
}

/* A dbl; integer digits within 64 bits are kept exactly (num.h). */
int
field_dbl(const char *s, size_t n, struct num *out)
{
	size_t i = 0, digits = 0;
	int64_t iv;
	char *end;

	/* "-0" is the double -0, not the integer 0 */
	if (!(n == 2 && s[0] == '-' && s[1] == '0') &&
	    field_i64(s, n, &iv) == 0) {
		*out = num_of_i64(iv);
		return 0;
	}
	if ((n == 3 && memcmp(s, "Inf", 3) == 0) ||
	    (n == 4 && memcmp(s, "-Inf", 4) == 0)) {
		*out = num_of_dbl(s[0] == '-' ? -HUGE_VAL : HUGE_VAL);
		return 0;
	}
	/* [+-]digits[.digits][(e|E)[+-]digits], as strtod reads decimals */
	if (i < n && (s[i] == '-' || s[i] == '+'))
		i++;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		digits++;
	if (i < n && s[i] == '.')
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			digits++;
	if (digits == 0)
		return -1;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '-' || s[i] == '+'))
			i++;
		if (i == n)
			return -1;
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			;
	}
	if (i != n)
		return -1;
	errno = 0;
	*out = num_of_dbl(strtod(s, &end));
	return 0;
}

int
field_hex(const char *s, size_t n, uint64_t *out)
{
	uint64_t v = 0;
	size_t i;

	if (n < 3 || n > 18 || s[0] != '0' || s[1] != 'x')
		return -1;
	for (i = 2; i < n; i++) {
		unsigned c = (unsigned char)s[i];
		if (c >= '0' && c <= '9')
			v = v << 4 | (c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v << 4 | (c - 'a' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

int
field_lgl(const char *s, size_t n, int64_t *out)
{
	if (n == 4 && memcmp(s, "TRUE", 4) == 0)
		*out = 1;
	else if (n == 5 && memcmp(s, "FALSE", 5) == 0)
		*out = 0;
	else
		return -1;
	return 0;
}
