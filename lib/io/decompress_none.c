/*
 * No decoder (decompress.h): a build without zlib and libzstd (the page's
 * engine, which is given plain streams) refuses compressed input by
 * name.
 */
#include <errno.h>

#include "io/decompress.h"

int
decompress_begin(struct input *in, struct perr *e)
{
	const unsigned char *p = in->raw + in->raw_at;
	size_t n = input_raw_left(in);

	if ((n >= 2 && input_gzip_magic(p, 2)) || input_is_zstd(p, n))
		return perr_set(e, "%s: %s-compressed: this build reads no "
		    "compressed input", in->name, input_gzip_magic(p, 2) ?
		    "gzip" : "zstd");
	return 0;
}

long
decompress_some(struct input *in, char *p, size_t want, struct perr *e)
{
	(void)p;
	(void)want;
	return perr_set(e, "%s: compressed input in a build without its "
	    "decoder", in->name);
}

void
decompress_end(struct input *in)
{
	(void)in;
}

uint64_t
decompress_frame_size(const unsigned char *p, size_t n)
{
	(void)p;
	(void)n;
	return 0;
}

int
input_unzstd(const unsigned char *p, size_t n, const char *name,
    unsigned char **out, size_t *outlen, struct perr *e)
{
	(void)p;
	(void)n;
	*out = NULL;
	*outlen = 0;
	return perr_set(e, "%s: zstd-compressed: this build reads no "
	    "compressed input", name);
}
