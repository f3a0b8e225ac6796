/* deflate.h: a fast DEFLATE encoder (RFC 1951), for gzip's fastest level.
 * zlib's level 1 runs at about 100 MB/s on a pprof profile; this one,
 * greedy matching through a single-entry hash table of 4-byte strings and
 * a dynamic Huffman block per 64 KB, runs several times faster for a
 * file of about the same size, as Go's own fastest level does. */
#ifndef DEFLATE_H
#define DEFLATE_H

#include <stddef.h>
#include <stdint.h>

#define DEFLATE_WINDOW 32768	/* how far back a match may reach */

struct deflate;

struct deflate *deflate_new(void);	/* NULL: out of memory */
void deflate_free(struct deflate *d);

/* Most bytes that deflate_piece can write for n bytes of input. */
size_t deflate_bound(size_t n);

/* Compresses in[start..n), whose matches may reach back into in[0..start)
 * (what came before it, DEFLATE_WINDOW bytes at most), as raw DEFLATE
 * blocks into out, which has deflate_bound(n - start) bytes. last: its
 * last block is the stream's final one; else the piece ends with an empty
 * stored block, byte-aligned, so that the next piece follows it as in one
 * stream (zlib's Z_SYNC_FLUSH). Returns the bytes written. */
size_t deflate_piece(struct deflate *d, const uint8_t *in, size_t start,
    size_t n, int last, uint8_t *out);

/* Code lengths of at most limit bits for the symbols of freq[0..n) (n at
 * most 286), a complete prefix code as DEFLATE wants it; two symbols at
 * least get a length. Exported for its test. */
void deflate_code_lengths(const uint32_t *freq, unsigned n, unsigned limit,
    uint8_t *len);

#endif
