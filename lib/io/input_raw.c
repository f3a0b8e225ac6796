/*
 * An input's raw bytes and the bounds on what they may give (input_raw.h):
 * what input.c and the decoders (decompress.c) both use, below them.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "io/input_raw.h"

int
input_is_zstd(const unsigned char *p, size_t n)
{
	/* a frame (28 b5 2f fd), or a skippable one (5? 2a 4d 18), which
	 * zstd -d passes over */
	return n >= 4 && ((p[0] == 0x28 && p[1] == 0xb5 && p[2] == 0x2f &&
	    p[3] == 0xfd) || ((p[0] & 0xf0) == 0x50 && p[1] == 0x2a &&
	    p[2] == 0x4d && p[3] == 0x18));
}

static uint64_t default_limit = INPUT_DEFAULT_LIMIT;
static int limit_given;		/* -Z: the bound is the user's alone */
static void (*warn)(const char *msg);

void
input_set_warn(void (*fn)(const char *msg))
{
	warn = fn;
}

void
input_warning(const char *msg)
{
	if (warn != NULL)
		warn(msg);
}

void
input_set_limit(uint64_t limit)
{
	default_limit = limit;
	limit_given = 1;
}

uint64_t
input_bound(uint64_t compressed)
{
	uint64_t b;

	if (limit_given)
		return default_limit;
	b = compressed > UINT64_MAX / INPUT_RATIO ? UINT64_MAX : compressed *
	    INPUT_RATIO;
	if (b < INPUT_RATIO_FLOOR)
		b = INPUT_RATIO_FLOOR;
	return b < default_limit ? b : default_limit;
}

uint64_t
input_bound_of(const struct input *in)
{
	return input_bound(in->size > 0 ? in->size : in->raw_total);
}

int
input_past_limit(const struct input *in, uint64_t bound, struct perr *e)
{
	const char *kind = in->compressed == INPUT_GZIP ? "gzip" : "zstd";

	if (limit_given || bound == default_limit)
		return perr_set(e, "%s: decompressed input larger than %llu "
		    "bytes (a %s bomb?); raise the limit with -Z to read it",
		    in->name, (unsigned long long)bound, kind);
	return perr_set(e, "%s: %s: more than %llu bytes decompressed from "
	    "%llu (the bound: %d times as many, at least %llu MB; a %s "
	    "bomb?); set the bound with -Z (such as -Z 8G) to read it",
	    in->name, kind, (unsigned long long)bound, (unsigned long long)
	    (in->size > 0 ? in->size : in->raw_total), INPUT_RATIO,
	    INPUT_RATIO_FLOOR >> 20, kind);
}

long
input_read_some(struct input *in, void *p, size_t n, struct perr *e)
{
	ssize_t r;

	while ((r = read(in->fd, p, n)) < 0)
		if (errno != EINTR)
			return perr_set(e, "%s: %s", in->name, strerror(errno));
	return (long)r;
}

int
input_read_raw(struct input *in, struct perr *e)
{
	size_t left = in->raw_len - in->raw_at;
	long n;

	if (left > 0 && in->raw_at > 0)
		memmove(in->raw, in->raw + in->raw_at, left);
	in->raw_at = 0;
	in->raw_len = left;
	if ((n = input_read_some(in, in->raw + left, INPUT_CHUNK - left, e)) < 0)
		return -1;
	if (n == 0)
		in->raw_eof = 1;
	in->raw_len += (size_t)n;
	in->raw_total += (uint64_t)n;
	return 0;
}

size_t
input_raw_left(const struct input *in)
{
	return in->raw_len - in->raw_at;
}

int
input_past_bound(const char *name, uint64_t limit, size_t n, struct perr *e)
{
	if (limit_given || limit == default_limit)
		return perr_set(e, "%s: a message decompressed is larger than "
		    "%llu bytes (a zstd bomb?); raise the limit with -Z to "
		    "read it", name, (unsigned long long)limit);
	return perr_set(e, "%s: zstd: more than %llu bytes decompressed from "
	    "a message of %zu (the bound: %d times as many, at least %llu "
	    "MB; a zstd bomb?); set the bound with -Z (such as -Z 8G) to read "
	    "it", name, (unsigned long long)limit, n, INPUT_RATIO,
	    INPUT_RATIO_FLOOR >> 20);
}

