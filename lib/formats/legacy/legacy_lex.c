/*
 * The lexical rules of the legacy text formats are Go's: lines as
 * bufio.Scanner splits them, white space as strings.TrimSpace knows it,
 * numbers as strconv parses them (base 0 takes 0x, 0o, 0b, a leading 0
 * for octal, and underscores between digits). Matching them keeps the
 * edge cases (a count of "010" is 8) what google/pprof makes of them.
 */
#include <string.h>

#include "base/array.h"
#include "formats/legacy/legacy.h"

#define GO_MAX_TOKEN 65536	/* bufio.MaxScanTokenSize */

void
lscan_init(struct lscan *s, const char *p, size_t n)
{
	memset(s, 0, sizeof(*s));
	s->p = p;
	s->end = p + n;
	s->line = "";
}

static void
at_end(struct lscan *s)
{
	s->line = "";
	s->len = 0;
}

int
lscan_next(struct lscan *s)
{
	const char *nl;
	size_t n;

	if (s->too_long || s->p >= s->end) {
		at_end(s);
		return 0;
	}
	nl = memchr(s->p, '\n', (size_t)(s->end - s->p));
	n = nl != NULL ? (size_t)(nl - s->p) : (size_t)(s->end - s->p);
	if (n >= GO_MAX_TOKEN) {
		s->too_long = 1;
		s->lineno++;
		at_end(s);
		return 0;
	}
	s->line = s->p;
	s->len = n > 0 && s->p[n - 1] == '\r' ? n - 1 : n;
	s->p += nl != NULL ? n + 1 : n;
	s->lineno++;
	return 1;
}

int
lscan_next_raw(struct lscan *s, int with_last)
{
	const char *nl;

	if (s->p >= s->end) {
		at_end(s);
		return 0;
	}
	nl = memchr(s->p, '\n', (size_t)(s->end - s->p));
	if (nl == NULL && !with_last) {
		at_end(s);
		return 0;
	}
	s->line = s->p;
	s->len = nl != NULL ? (size_t)(nl - s->p) : (size_t)(s->end - s->p);
	s->p += nl != NULL ? s->len + 1 : s->len;
	s->lineno++;
	return 1;
}

int
lscan_too_long(struct lprof *p, const struct lscan *s)
{
	return lprof_fail(p, "line %zu is longer than %d bytes, the longest "
	    "line google/pprof reads in a text profile", s->lineno,
	    GO_MAX_TOKEN - 1);
}

/* The length of the white space rune at s (or ending at s + n when back),
 * 0 when there is none: ASCII's, U+0085, U+00A0, U+1680, U+2000-U+200A,
 * U+2028, U+2029, U+202F, U+205F, U+3000 (Go's unicode.IsSpace). */
static size_t
space_len(const unsigned char *s, size_t n, int back)
{
	static const unsigned char three[][3] = {
		{ 0xe1, 0x9a, 0x80 }, { 0xe2, 0x80, 0xa8 }, { 0xe2, 0x80, 0xa9 },
		{ 0xe2, 0x80, 0xaf }, { 0xe2, 0x81, 0x9f }, { 0xe3, 0x80, 0x80 },
	};
	const unsigned char *q;
	size_t i;

	if (n == 0)
		return 0;
	q = back ? s + n - 1 : s;
	if (*q == ' ' || (*q >= '\t' && *q <= '\r'))
		return 1;
	if (n >= 2) {
		q = back ? s + n - 2 : s;
		if (q[0] == 0xc2 && (q[1] == 0x85 || q[1] == 0xa0))
			return 2;
	}
	if (n >= 3) {
		q = back ? s + n - 3 : s;
		if (q[0] == 0xe2 && q[1] == 0x80 && q[2] >= 0x80 && q[2] <= 0x8a)
			return 3;
		for (i = 0; i < sizeof(three) / sizeof(three[0]); i++)
			if (memcmp(q, three[i], 3) == 0)
				return 3;
	}
	return 0;
}

void
go_trim(const char **s, size_t *n)
{
	size_t k;

	while ((k = space_len((const unsigned char *)*s, *n, 0)) > 0) {
		*s += k;
		*n -= k;
	}
	while ((k = space_len((const unsigned char *)*s, *n, 1)) > 0)
		*n -= k;
}

const char *
go_find(const char *s, size_t n, const char *lit)
{
	size_t k = strlen(lit);
	const char *end = s + n, *q;

	for (q = s; k <= (size_t)(end - q); q++) {
		q = memchr(q, lit[0], (size_t)(end - q) - k + 1);
		if (q == NULL)
			return NULL;
		if (memcmp(q, lit, k) == 0)
			return q;
	}
	return NULL;
}

int
go_space_or_comment(const char *s, size_t n)
{
	go_trim(&s, &n);
	return n == 0 || s[0] == '#';
}

static int
lower(int c)
{
	return c | 0x20;
}

/* strconv's underscoreOK: underscores only between digits (or after the
 * base prefix). */
static int
underscores_ok(const char *s, size_t n)
{
	char saw = '^';
	size_t i = 0;
	int hex = 0;

	if (n >= 1 && (s[0] == '-' || s[0] == '+')) {
		s++;
		n--;
	}
	if (n >= 2 && s[0] == '0' && (lower(s[1]) == 'b' ||
	    lower(s[1]) == 'o' || lower(s[1]) == 'x')) {
		i = 2;
		saw = '0';
		hex = lower(s[1]) == 'x';
	}
	for (; i < n; i++) {
		if ((s[i] >= '0' && s[i] <= '9') ||
		    (hex && lower(s[i]) >= 'a' && lower(s[i]) <= 'f')) {
			saw = '0';
			continue;
		}
		if (s[i] == '_') {
			if (saw != '0')
				return 0;
			saw = '_';
			continue;
		}
		if (saw == '_')
			return 0;
		saw = '!';
	}
	return saw != '_';
}

int
go_parse_uint(const char *s, size_t n, int base, uint64_t *v)
{
	const char *s0 = s;
	size_t n0 = n;
	int base0 = base == 0, under = 0;
	uint64_t x = 0;
	unsigned d;

	if (n == 0)
		return -1;
	if (base == 0) {
		base = 10;
		if (s[0] == '0') {
			if (n >= 3 && lower(s[1]) == 'b')
				base = 2, s += 2, n -= 2;
			else if (n >= 3 && lower(s[1]) == 'o')
				base = 8, s += 2, n -= 2;
			else if (n >= 3 && lower(s[1]) == 'x')
				base = 16, s += 2, n -= 2;
			else
				base = 8, s += 1, n -= 1;
		}
	}
	for (; n > 0; s++, n--) {
		int c = (unsigned char)*s;
		if (c == '_' && base0) {
			under = 1;
			continue;
		}
		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (lower(c) >= 'a' && lower(c) <= 'z')
			d = (unsigned)(lower(c) - 'a' + 10);
		else
			return -1;
		if (d >= (unsigned)base)
			return -1;
		if (x > (UINT64_MAX - d) / (unsigned)base)
			return -2;
		x = x * (unsigned)base + d;
	}
	if (under && !underscores_ok(s0, n0))
		return -1;
	*v = x;
	return 0;
}

int
go_parse_int(const char *s, size_t n, int base, int64_t *v)
{
	int neg = 0, rc;
	uint64_t u;

	if (n == 0)
		return -1;
	if (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-';
		s++;
		n--;
	}
	if ((rc = go_parse_uint(s, n, base, &u)) < 0)
		return rc;
	if (neg ? u > (uint64_t)INT64_MAX + 1 : u > (uint64_t)INT64_MAX)
		return -2;
	*v = neg ? (int64_t)(0 - u) : (int64_t)u;
	return 0;
}

static int
hexdigit(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

int
lprof_hex(struct lprof *p, const char *s, size_t n, const char **bad,
    size_t *badlen)
{
	size_t i = 0, j;
	uint64_t a;

	while (i + 2 < n) {
		if (s[i] != '0' || s[i + 1] != 'x' || !hexdigit(s[i + 2])) {
			i++;
			continue;
		}
		for (j = i + 2; j < n && hexdigit(s[j]); j++)
			;
		if (go_parse_uint(s + i, j - i, 0, &a) < 0) {
			*bad = s + i;
			*badlen = j - i;
			return -2;
		}
		if (ARRAY_ROOM(p->addrs, p->naddrs, p->capaddrs) < 0)
			return perr_nomem(p->e);
		p->addrs[p->naddrs++] = a;
		i = j;
	}
	return 0;
}
