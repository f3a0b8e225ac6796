/* gzout.h: gzip output compressed by libdeflate while the program goes on
 * writing. The output comes in buffers; each becomes a gzip member of its
 * own (gzip, zlib, google/pprof's and R's readers read the members on as
 * one file), compressed by whichever of two threads is free, the members
 * written in order. A member per buffer loses little (on large.cpu's
 * profile, 256 KB buffers: doc/hacking.md, doc/benchmarks.md) and lets the threads work
 * apart; libdeflate compresses a whole buffer in one call, about twice as
 * fast as zlib at its fastest level. */
#ifndef GZOUT_H
#define GZOUT_H

#include <stddef.h>
#include <stdint.h>

/* Where the compressed bytes go, in order (the caller's write). */
typedef void gzout_write_fn(void *ctx, const char *p, size_t n);

struct gzout;

/* Buffers given later must have cap bytes; level is libdeflate's (1
 * fastest .. 9; 12 smallest). NULL when out of memory (threads that
 * cannot be had are not an error: the caller's thread then compresses each
 * buffer itself). */
struct gzout *gzout_start(int level, size_t cap, gzout_write_fn *write,
    void *ctx);
/* Hands buf[0..len) over; returns the buffer to fill next (of cap bytes).
 * Writes the members of earlier buffers, as they are done. */
char *gzout_put(struct gzout *g, char *buf, size_t len);
/* The last buffer, then every member still pending (an empty member when
 * nothing was written at all); 0, or -1 when memory ran out (nothing more
 * is written then). The buffer returned replaces buf, as with
 * gzout_put. */
int gzout_finish(struct gzout *g, char **buf, size_t len);
/* Waits for the threads and frees everything, finished or not. */
void gzout_free(struct gzout *g);

/* in[0..n) as one gzip member at level (libdeflate's), in *out (nout
 * bytes, the caller's to free): 0, or -1 when out of memory. */
int gzip_bytes(int level, const void *in, size_t n, unsigned char **out,
    size_t *nout);
/* The file at in_fd, from its start, as one gzip member at level (1 .. 9)
 * appended to out_fd, compressed as it is read (zlib: memory does not
 * grow with the file): 0; 1 once it passed max bytes (the rest neither
 * read nor written); or -1 with errno set (ENOMEM: zlib's). */
int gzip_fd(int level, int in_fd, int out_fd, uint64_t max);

#endif
