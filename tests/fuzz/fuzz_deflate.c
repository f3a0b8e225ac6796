/* fuzz_deflate: the DEFLATE encoder (base/deflate.c). The input, cut into
 * pieces (each primed with the 32 KB before it, as gzout does), is
 * compressed and must come back whole from zlib's inflate. The first byte
 * chooses the piece size. */
#include <string.h>
#include <zlib.h>

#include "fuzz.h"
#include "base/deflate.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct deflate *d;
	size_t piece, at, k, start, nout = 0;
	uint8_t *out, *back;
	z_stream z;

	if (size == 0)
		return 0;
	piece = (size_t)(data[0] % 16 + 1) * 1024;
	data++;
	size--;
	if (d == NULL && (d = deflate_new()) == NULL)
		abort();
	out = malloc(deflate_bound(size) + 16 * (size / piece + 1) + 16);
	back = malloc(size + 1);
	if (out == NULL || back == NULL)
		abort();
	for (at = 0;; at += k) {
		k = size - at < piece ? size - at : piece;
		start = at < DEFLATE_WINDOW ? at : DEFLATE_WINDOW;
		nout += deflate_piece(d, data + at - start, start, start + k,
		    at + k == size, out + nout);
		if (at + k == size)
			break;
	}
	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, -15) != Z_OK)
		abort();
	z.next_in = out;
	z.avail_in = (uInt)nout;
	z.next_out = back;
	z.avail_out = (uInt)size + 1;
	if (inflate(&z, Z_FINISH) != Z_STREAM_END || z.avail_in != 0 ||
	    z.total_out != size || memcmp(back, data, size) != 0) {
		fprintf(stderr, "fuzz_deflate: %zu bytes in pieces of %zu did "
		    "not inflate back (%s)\n", size, piece,
		    z.msg ? z.msg : "different bytes");
		abort();
	}
	inflateEnd(&z);
	free(out);
	free(back);
	return 0;
}
