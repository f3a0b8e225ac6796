/* decompress.h: io's seam of compressed input, between input.c and
 * the decoders: gzip (zlib) and zstd (decompress.c), or none where a
 * build has neither (decompress_none.c: the page's engine). */
#ifndef DECOMPRESS_H
#define DECOMPRESS_H

#include "io/input_raw.h"

/* in->kind: not yet known, then INPUT_* + 1 */
enum { KIND_UNKNOWN, KIND_PLAIN, KIND_GZIP, KIND_ZSTD };

/* Whether the n bytes at p begin a gzip member (a lone first byte of the
 * magic, at the end, counts as one cut short). */
static inline int
input_gzip_magic(const unsigned char *p, size_t n)
{
	return n >= 1 && p[0] == 0x1f && (n == 1 || p[1] == 0x8b);
}

/* The first bytes (in raw) of in: 1 when they begin gzip or zstd, a
 * decoder begun (in->kind, in->compressed set), 0 when not, -1 with e
 * set. */
int decompress_begin(struct input *in, struct perr *e);
/* Up to want decompressed bytes at p: bytes, 0 at the end, -1. */
long decompress_some(struct input *in, char *p, size_t want,
    struct perr *e);
void decompress_end(struct input *in);
/* A zstd frame's content size from its first n bytes, 0 unknown. */
uint64_t decompress_frame_size(const unsigned char *p, size_t n);

#endif
