/* utf8.h: UTF-8 decoded as Go decodes it: a sequence that is not well
 * formed (a byte that cannot begin one, a continuation missing, an overlong
 * form, a surrogate, past U+10FFFF) is U+FFFD, one byte long. */
#ifndef UTF8_H
#define UTF8_H

#include <stddef.h>
#include <stdint.h>

#define UTF8_BAD 0xfffdu	/* U+FFFD REPLACEMENT CHARACTER */

/* The code point at p (n > 0 bytes left) in *cp; returns its length. */
static inline size_t
utf8_decode(const unsigned char *p, size_t n, uint32_t *cp)
{
	uint32_t c = p[0], lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, c &= 0x1f;
	else if (c >= 0xe0 && c <= 0xef) {
		len = 3, c &= 0x0f;
		if (p[0] == 0xe0)
			lo = 0xa0;	/* overlong */
		else if (p[0] == 0xed)
			hi = 0x9f;	/* surrogates */
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4, c &= 0x07;
		if (p[0] == 0xf0)
			lo = 0x90;	/* overlong */
		else if (p[0] == 0xf4)
			hi = 0x8f;	/* past U+10FFFF */
	} else {
		*cp = UTF8_BAD;
		return 1;
	}
	if (n < len || p[1] < lo || p[1] > hi) {
		*cp = UTF8_BAD;
		return 1;
	}
	for (i = 1; i < len; i++) {
		if (i > 1 && (p[i] & 0xc0) != 0x80) {
			*cp = UTF8_BAD;
			return 1;
		}
		c = c << 6 | (p[i] & 0x3f);
	}
	*cp = c;
	return len;
}

/* Writes cp as UTF-8 at b (4 bytes of room); returns its length. */
static inline size_t
utf8_encode(unsigned char *b, uint32_t cp)
{
	if (cp < 0x80) {
		b[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		b[0] = (unsigned char)(0xc0 | cp >> 6);
		b[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		b[0] = (unsigned char)(0xe0 | cp >> 12);
		b[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		b[2] = (unsigned char)(0x80 | (cp & 0x3f));
		return 3;
	}
	b[0] = (unsigned char)(0xf0 | cp >> 18);
	b[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
	b[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
	b[3] = (unsigned char)(0x80 | (cp & 0x3f));
	return 4;
}

/* Whether s[0..n) is well-formed UTF-8; the offset of the first byte that
 * is not in *bad. */
static inline int
utf8_valid(const char *s, size_t n, size_t *bad)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k;
	uint32_t cp;

	while (i < n) {
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		k = utf8_decode(p + i, n - i, &cp);
		if (cp == UTF8_BAD && k == 1) {	/* U+FFFD itself is 3 */
			*bad = i;
			return 0;
		}
		i += k;
	}
	return 1;
}

#endif
