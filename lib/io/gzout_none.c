/*
 * No gzip output (gzout.h): a build without libdeflate and zlib (the
 * page's engine, whose programs hand text back and never ask for gzip):
 * asked, it fails, never writing a file that is not gzip.
 */
#include <errno.h>

#include "io/gzout.h"

struct gzout *
gzout_start(int level, size_t cap, gzout_write_fn *write, void *ctx)
{
	(void)level;
	(void)cap;
	(void)write;
	(void)ctx;
	return NULL;
}

char *
gzout_put(struct gzout *g, char *buf, size_t len)
{
	(void)g;
	(void)len;
	return buf;
}

int
gzout_finish(struct gzout *g, char **buf, size_t len)
{
	(void)g;
	(void)buf;
	(void)len;
	return -1;
}

void
gzout_free(struct gzout *g)
{
	(void)g;
}

int
gzip_bytes(int level, const void *in, size_t n, unsigned char **out,
    size_t *nout)
{
	(void)level;
	(void)in;
	(void)n;
	*out = NULL;
	*nout = 0;
	return -1;
}

int
gzip_fd(int level, int in_fd, int out_fd, uint64_t max)
{
	(void)level;
	(void)in_fd;
	(void)out_fd;
	(void)max;
	errno = ENOSYS;
	return -1;
}
