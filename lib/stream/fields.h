/* fields.h: the bytes of a stream line: splitting it at its tabs, undoing
 * escapes, reading a field as a number. What the fields mean (tables,
 * columns, their types) is stream_read.c's. */
#ifndef FIELDS_H
#define FIELDS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/num.h"
#include "base/perr.h"

struct stream_field {
	char *s;
	size_t len;
	int na;
};

/* What one scan of a line looks for. */
enum { FB_PLAIN, FB_TAB, FB_BACKSLASH, FB_CR, FB_NUL, FB_LF };
extern const unsigned char field_byte_class[256];

/* The high bit of each byte of w that is 0, exactly. */
static inline uint64_t
field_zero_bytes(uint64_t w)
{
	const uint64_t low7 = 0x7f7f7f7f7f7f7f7fULL;

	return ~(((w & low7) + low7) | w | low7);
}

/* The index of the first byte at or after i that is not FB_PLAIN, or len:
 * eight bytes at a time where the byte order lets the first be found. */
static inline size_t
field_skip_plain(const unsigned char *u, size_t i, size_t len)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t ones = 0x0101010101010101ULL;
	uint64_t w, m;

	for (; i + 8 <= len; i += 8) {
		memcpy(&w, u + i, 8);
		m = field_zero_bytes(w) |
		    field_zero_bytes(w ^ ones * '\t') |
		    field_zero_bytes(w ^ ones * '\\') |
		    field_zero_bytes(w ^ ones * '\r') |
		    field_zero_bytes(w ^ ones * '\n');
		if (m != 0)
			return i + (size_t)(__builtin_ctzll(m) >> 3);
	}
#endif
	while (i < len && field_byte_class[u[i]] == FB_PLAIN)
		i++;
	return i;
}

enum { SPLIT_NOMEM = -1, SPLIT_CR = -2, SPLIT_NUL = -3, SPLIT_BACKSLASH = -4 };

/* Splits line into tab-separated fields (*fields, capacity *cap) in one
 * scan, unescaping each in place and NUL-terminating it. Returns the
 * count, or SPLIT_* (a CR before a NUL before a lone backslash, whose
 * field index is in *bad; SPLIT_NOMEM with e set). */
int field_split(struct stream_field **fields, size_t *cap, char *line,
    size_t len, int *bad, struct perr *e);

/* Whether a field's text (before unescaping) is NA. */
static inline int
field_is_na(const char *s, size_t n)
{
	return n == 2 && s[0] == 'N' && s[1] == 'A';
}

/* A field's text as a value: 0, or -1 when it is not one. field_i64
 * takes an optional '-' and decimal digits within 64 bits; field_dbl
 * also decimals, exponents and Inf (integers kept exact: num.h);
 * field_hex 0x and 1 to 16 lowercase hex digits; field_lgl TRUE (1) or
 * FALSE (0). */
int field_i64(const char *s, size_t n, int64_t *out);
int field_dbl(const char *s, size_t n, struct num *out);
int field_hex(const char *s, size_t n, uint64_t *out);
int field_lgl(const char *s, size_t n, int64_t *out);

#endif
