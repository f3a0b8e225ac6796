/* fuzz_gzip: gzip output (io/gzout.c). The input, written in buffers
 * whose size the first byte chooses, is compressed a member per buffer
 * and must come back whole from zlib's inflate, member after member. The
 * first byte chooses the buffer size (1-16 KB) and the level. */
#include <string.h>
#include <zlib.h>

#include "fuzz.h"
#include "io/gzout.h"

struct sink {
	uint8_t *p;
	size_t n, cap;
};

static void
collect(void *ctx, const char *p, size_t n)
{
	struct sink *s = ctx;

	if (s->n + n > s->cap) {
		s->cap = (s->n + n) * 2;
		if ((s->p = realloc(s->p, s->cap)) == NULL)
			abort();
	}
	memcpy(s->p + s->n, p, n);
	s->n += n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sink s = { 0 };
	struct gzout *g;
	size_t piece, at, k;
	uint8_t *back;
	char *buf;
	z_stream z;
	int level, rc = Z_OK;

	if (size == 0)
		return 0;
	/* the first byte: the buffer size, and the level */
	piece = (size_t)(data[0] % 16 + 1) * 1024;
	level = data[0] & 16 ? 6 : 1;
	data++;
	size--;
	if ((g = gzout_start(level, piece, collect, &s)) ==
	    NULL || (buf = malloc(piece)) == NULL || (back = malloc(size + 1))
	    == NULL)
		abort();
	for (at = 0; at < size; at += k) {
		k = size - at < piece ? size - at : piece;
		memcpy(buf, data + at, k);
		if (k == piece)
			buf = gzout_put(g, buf, k);
		else
			break;
	}
	if (gzout_finish(g, &buf, at < size ? size - at : 0) < 0)
		abort();
	gzout_free(g);
	free(buf);
	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, 15 + 16) != Z_OK)
		abort();
	z.next_in = s.p;
	z.avail_in = (uInt)s.n;
	z.next_out = back;
	z.avail_out = (uInt)size + 1;
	while (z.avail_in > 0 && (rc = inflate(&z, Z_FINISH)) == Z_STREAM_END)
		inflateReset(&z);
	if (rc != Z_STREAM_END || (size_t)(z.next_out - back) != size ||
	    memcmp(back, data, size) != 0) {
		fprintf(stderr, "fuzz_gzip: %zu bytes in buffers of %zu did "
		    "not inflate back (%s)\n", size, piece,
		    z.msg ? z.msg : "different bytes");
		abort();
	}
	inflateEnd(&z);
	free(s.p);
	free(back);
	return 0;
}
