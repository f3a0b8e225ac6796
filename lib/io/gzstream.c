/*
 * gzip_fd (gzout.h): a file gzip'd as it is read, by zlib's deflate in
 * pieces, for parts of a page that grow with the samples (libdeflate
 * wants the whole input at once).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "io/gzout.h"

/* write(2) whole, or -1 */
static int
write_all(int fd, const unsigned char *p, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, p, n)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int
gzip_fd(int level, int in_fd, int out_fd, uint64_t max)
{
	unsigned char in[65536], out[65536];
	z_stream z;
	off_t at = 0;
	uint64_t put = 0;
	ssize_t n;
	int flush, rc = -1, zrc;

	memset(&z, 0, sizeof(z));
	/* 15 + 16: a gzip header and trailer around raw deflate */
	if (deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8,
	    Z_DEFAULT_STRATEGY) != Z_OK) {
		errno = ENOMEM;
		return -1;
	}
	do {
		if ((n = pread(in_fd, in, sizeof(in), at)) < 0) {
			if (errno == EINTR)
				continue;
			goto done;
		}
		at += n;
		flush = n == 0 ? Z_FINISH : Z_NO_FLUSH;
		z.next_in = in;
		z.avail_in = (uInt)n;
		do {
			z.next_out = out;
			z.avail_out = sizeof(out);
			if ((zrc = deflate(&z, flush)) == Z_STREAM_ERROR) {
				errno = EIO;
				goto done;
			}
			if (write_all(out_fd, out, sizeof(out) - z.avail_out) <
			    0)
				goto done;
			/* past what it may be: no need to read on */
			if ((put += sizeof(out) - z.avail_out) > max) {
				rc = 1;
				goto done;
			}
		} while (z.avail_out == 0);
	} while (flush != Z_FINISH);
	rc = zrc == Z_STREAM_END ? 0 : -1;
	if (rc < 0)
		errno = EIO;
done:
	deflateEnd(&z);
	return rc;
}
