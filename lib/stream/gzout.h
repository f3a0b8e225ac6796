/* gzout.h: one gzip member deflated by two threads. The output comes in
 * buffers; each is deflated on its own (raw deflate, ended by a sync flush
 * at a byte boundary, the last by the final block), primed with the 32 KB
 * before it so that it compresses about as one stream would, by whichever
 * of two threads is free; the pieces are written in order, then the CRC
 * of the whole, combined from theirs. Level 1 is base/deflate.c's encoder
 * (zlib's level 1 runs at about 100 MB/s on a pprof profile, and was half
 * of tsv2pprof's time on a 2.4 MB one); other levels are zlib's. */
#ifndef GZOUT_H
#define GZOUT_H

#include <stddef.h>

/* Where the compressed bytes go, in order (the caller's write). */
typedef void gzout_write_fn(void *ctx, const char *p, size_t n);

struct gzout;

/* Writes the gzip header at once. Buffers given later must have cap
 * bytes. NULL when out of memory (threads that cannot be had are not an
 * error: the caller's thread then deflates each buffer itself). */
struct gzout *gzout_start(int level, size_t cap, gzout_write_fn *write,
    void *ctx);
/* Hands buf[0..len) over; returns the buffer to fill next (of cap bytes).
 * Writes what earlier buffers came to, as they are done. */
char *gzout_put(struct gzout *g, char *buf, size_t len);
/* The last buffer, then everything still pending and the trailer; 0, or
 * -1 when a thread ran out of memory (nothing more is written then). The
 * buffer returned replaces buf, as with gzout_put. */
int gzout_finish(struct gzout *g, char **buf, size_t len);
/* Waits for the threads and frees everything, finished or not. */
void gzout_free(struct gzout *g);

#endif
