/*
 * gzip and zstd decoded as read (decompress.h): a gzip file's members
 * one after another, trailing zeros passed over and other garbage
 * warned of, as gzip(1) does; zstd's frames, skippable ones included,
 * as zstd(1) does, with its messages.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include "io/decompress.h"

int
decompress_begin(struct input *in, struct perr *e)
{
	const unsigned char *p = in->raw + in->raw_at;
	z_stream *z;

	if (input_raw_left(in) >= 2 && input_gzip_magic(p, 2)) {
		if ((z = calloc(1, sizeof(*z))) == NULL)
			return perr_set(e, "%s: out of memory", in->name);
		in->z = z;
		/* 16 + 15: one gzip member, the largest window */
		if (inflateInit2(z, 16 + MAX_WBITS) != Z_OK)
			return perr_set(e, "%s: out of memory", in->name);
		in->kind = KIND_GZIP;
		in->compressed = INPUT_GZIP;
		return 1;
	}
	if (input_is_zstd(p, input_raw_left(in))) {
		if ((in->zs = ZSTD_createDStream()) == NULL)
			return perr_set(e, "%s: out of memory", in->name);
		in->kind = KIND_ZSTD;
		in->compressed = INPUT_ZSTD;
		return 1;
	}
	return 0;
}

void
decompress_end(struct input *in)
{
	if (in->z != NULL) {
		inflateEnd(in->z);
		free(in->z);
	}
	if (in->zs != NULL)
		ZSTD_freeDStream(in->zs);
	in->z = NULL;
	in->zs = NULL;
}

/* After a gzip member: another one, zeros (padding, which gzip(1) ignores
 * too), or garbage, which is ignored with a warning as gzip(1) does.
 * Returns 1 when a member follows, 0 at the end, -1. */
static int
after_member(struct input *in, struct perr *e)
{
	z_stream *z = in->z;
	char msg[sizeof(e->msg)];
	size_t i;

	while (input_raw_left(in) < 2 && !in->raw_eof)
		if (input_read_raw(in, e) < 0)
			return -1;
	if (input_raw_left(in) == 0)
		return 0;
	/* a lone 0x1f at the end is a member cut short, as gzip(1) says */
	if (input_gzip_magic(in->raw + in->raw_at, input_raw_left(in))) {
		in->member_end = 0;
		return inflateReset(z) == Z_OK ? 1 :
		    perr_set(e, "%s: gzip: %s", in->name, "cannot restart");
	}
	for (;;) {
		for (i = in->raw_at; i < in->raw_len; i++)
			if (in->raw[i] != 0) {
				snprintf(msg, sizeof(msg), "%s: "
				    "decompression OK, trailing garbage "
				    "ignored", in->name);
				input_warning(msg);
				in->raw_at = in->raw_len;
				return 0;
			}
		in->raw_at = in->raw_len;
		if (in->raw_eof)
			return 0;
		if (input_read_raw(in, e) < 0)
			return -1;
	}
}

/* Up to want inflated bytes at p: bytes, 0 at the end, -1. */
static long
inflate_some(struct input *in, char *p, size_t want, struct perr *e)
{
	z_stream *z = in->z;
	int rc;

	for (;;) {
		if (in->member_end) {
			if ((rc = after_member(in, e)) <= 0)
				return rc;
			continue;
		}
		if (input_raw_left(in) == 0 && !in->raw_eof && input_read_raw(in, e) < 0)
			return -1;
		z->next_in = in->raw + in->raw_at;
		z->avail_in = (unsigned)input_raw_left(in);
		z->next_out = (unsigned char *)p;
		z->avail_out = (unsigned)want;
		rc = inflate(z, Z_NO_FLUSH);
		in->raw_at = (size_t)(z->next_in - in->raw);
		if (rc == Z_STREAM_END)
			in->member_end = 1;
		else if (rc == Z_MEM_ERROR)
			return perr_set(e, "%s: out of memory", in->name);
		else if (rc == Z_BUF_ERROR || (rc == Z_OK &&
		    z->avail_out == want)) {
			if (input_raw_left(in) == 0 && in->raw_eof)
				return perr_set(e, "%s: gzip: unexpected end "
				    "of file (the compressed data is cut short)",
				    in->name);
		} else if (rc != Z_OK)
			return perr_set(e, "%s: gzip: %s", in->name,
			    z->msg != NULL ? z->msg : "invalid compressed data");
		if (z->avail_out < want)
			return (long)(want - z->avail_out);
	}
}

/* A zstd error as zstd(1) would name it. */
static int
zstd_error(const char *name, size_t rc, int between, struct perr *e)
{
	switch (ZSTD_getErrorCode(rc)) {
	case ZSTD_error_memory_allocation:
		return perr_set(e, "%s: out of memory", name);
	case ZSTD_error_frameParameter_windowTooLarge:
		return perr_set(e, "%s: zstd: a frame needs a window larger "
		    "than 128 MB (written with zstd --long?); not read",
		    name);
	case ZSTD_error_prefix_unknown:
		if (between)	/* zstd -d refuses them too */
			return perr_set(e, "%s: zstd: bytes after the last "
			    "frame are not a zstd frame", name);
		/* fall through */
	default:
		return perr_set(e, "%s: zstd: %s", name,
		    ZSTD_getErrorName(rc));
	}
}

/* Up to want bytes of zstd frames at p: bytes, 0 at the end, -1. */
static long
unzstd_some(struct input *in, char *p, size_t want, struct perr *e)
{
	ZSTD_inBuffer ib;
	ZSTD_outBuffer ob = { p, want, 0 };
	size_t rc;

	for (;;) {
		if (input_raw_left(in) == 0 && !in->raw_eof && input_read_raw(in, e) < 0)
			return -1;
		if (input_raw_left(in) == 0 && in->raw_eof) {
			if (ob.pos > 0 || in->member_end)
				return (long)ob.pos;
			return perr_set(e, "%s: zstd: unexpected end of file "
			    "(the compressed data is cut short)", in->name);
		}
		ib.src = in->raw + in->raw_at;
		ib.size = input_raw_left(in);
		ib.pos = 0;
		rc = ZSTD_decompressStream(in->zs, &ob, &ib);
		in->raw_at += ib.pos;
		if (ZSTD_isError(rc))
			return zstd_error(in->name, rc, in->member_end, e);
		if (ib.pos > 0 || ob.pos > 0)
			in->member_end = rc == 0;
		if (ob.pos == want || (ob.pos > 0 && input_raw_left(in) == 0))
			return (long)ob.pos;
	}
}

long
decompress_some(struct input *in, char *p, size_t want, struct perr *e)
{
	return in->kind == KIND_GZIP ? inflate_some(in, p, want, e) :
	    unzstd_some(in, p, want, e);
}

uint64_t
decompress_frame_size(const unsigned char *p, size_t n)
{
	unsigned long long k = ZSTD_getFrameContentSize(p, n);

	return k == ZSTD_CONTENTSIZE_UNKNOWN || k == ZSTD_CONTENTSIZE_ERROR ?
	    0 : k;
}

int
input_unzstd(const unsigned char *p, size_t n, const char *name,
    unsigned char **out, size_t *outlen, struct perr *e)
{
	uint64_t limit = input_bound(n);
	ZSTD_DStream *zs = ZSTD_createDStream();
	ZSTD_inBuffer ib = { p, n, 0 };
	ZSTD_outBuffer ob = { NULL, 0, 0 };
	unsigned long long hint = ZSTD_getFrameContentSize(p, n);
	size_t rc = 1, cap;
	void *nb;

	*out = NULL;
	if (zs == NULL)
		return perr_set(e, "%s: out of memory", name);
	cap = hint != ZSTD_CONTENTSIZE_UNKNOWN && hint != ZSTD_CONTENTSIZE_ERROR
	    && hint < limit ? (size_t)hint + 1 : 1u << 16;
	while (ib.pos < ib.size || rc != 0) {
		if (ob.pos == ob.size) {
			if (ob.size >= limit) {
				ZSTD_freeDStream(zs);
				free(ob.dst);
				return input_past_bound(name, limit, n, e);
			}
			cap = ob.size == 0 ? cap : ob.size * 2;
			if (cap > limit + 1)
				cap = (size_t)limit + 1;
			if ((nb = realloc(ob.dst, cap)) == NULL) {
				ZSTD_freeDStream(zs);
				free(ob.dst);
				return perr_set(e, "%s: out of memory", name);
			}
			ob.dst = nb;
			ob.size = cap;
		}
		rc = ZSTD_decompressStream(zs, &ob, &ib);
		if (ZSTD_isError(rc) || (rc != 0 && ib.pos == ib.size &&
		    ob.pos < ob.size)) {
			ZSTD_freeDStream(zs);
			free(ob.dst);
			if (ZSTD_isError(rc))
				return zstd_error(name, rc, 0, e);
			return perr_set(e, "%s: zstd: the message's compressed "
			    "data is cut short", name);
		}
	}
	ZSTD_freeDStream(zs);
	if (ob.pos > limit) {
		free(ob.dst);
		return input_past_bound(name, limit, n, e);
	}
	*out = ob.dst;
	*outlen = ob.pos;
	return 0;
}
