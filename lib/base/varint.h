/* varint.h: integers in as few bytes as their size needs, as protobuf
 * writes them (seven bits a byte, the low ones first, the high bit set on
 * all bytes but the last), and zigzag for signed ones. */
#ifndef VARINT_H
#define VARINT_H

#include <stddef.h>
#include <stdint.h>

#define VARINT_MAX 10		/* bytes of a 64-bit varint, at most */

/* Writes v at b, which has room for VARINT_MAX bytes; returns its
 * length. */
static inline size_t
varint_put(uint8_t *b, uint64_t v)
{
	size_t n = 0;

	do {
		b[n++] = (uint8_t)(v & 0x7f) | (v > 0x7f ? 0x80 : 0);
		v >>= 7;
	} while (v != 0);
	return n;
}

/* The length of v as a varint. */
static inline size_t
varint_len(uint64_t v)
{
	size_t n = 1;

	while (v > 0x7f) {
		v >>= 7;
		n++;
	}
	return n;
}

/* The varint at *p, moving *p past it; a varint cut short by end, or
 * longer than 64 bits, reads as what it has (records are the program's
 * own: their reader checks what matters). */
static inline uint64_t
varint_next(const uint8_t **p, const uint8_t *end)
{
	const uint8_t *q = *p;
	uint64_t v = 0;
	int shift;

	for (shift = 0; q < end && shift < 64; shift += 7) {
		v |= (uint64_t)(*q & 0x7f) << shift;
		if (!(*q++ & 0x80))
			break;
	}
	*p = q;
	return v;
}

/* A signed value as a varint that is short when it is near 0. */
static inline uint64_t
zigzag(int64_t v)
{
	return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static inline int64_t
unzigzag(uint64_t v)
{
	return (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
}

#endif
