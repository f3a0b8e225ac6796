#include <errno.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include "base/pipe.h"
#include "base/utf8.h"
#include "io/input.h"

#ifndef MAP_POPULATE
#define MAP_POPULATE 0		/* Linux's; elsewhere faulted as read */
#endif

#define INPUT_CHUNK (256u << 10)

/* in->kind: not yet known, then INPUT_* + 1 */
enum { KIND_UNKNOWN, KIND_PLAIN, KIND_GZIP, KIND_ZSTD };

/* Whether the n bytes at p begin a gzip member (a lone first byte of the
 * magic, at the end, counts as one cut short). */
static int
gzip_magic(const unsigned char *p, size_t n)
{
	return n >= 1 && p[0] == 0x1f && (n == 1 || p[1] == 0x8b);
}

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
static uint64_t expansion = INPUT_DEFAULT_EXPANSION;
static uint64_t delivered;	/* by every input, for the bound above */
static void (*warn)(const char *msg);

void
input_set_warn(void (*fn)(const char *msg))
{
	warn = fn;
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

/* What in's decompressed bytes may come to: of a file, by its size; of
 * a pipe, by what was read of it. */
static uint64_t
bound(const struct input *in)
{
	return input_bound(in->size > 0 ? in->size : in->raw_total);
}

/* The message of decompressed bytes past the bound. */
static int
past_bound(const struct input *in, uint64_t bound, struct perr *e)
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

void
input_set_expansion(uint64_t frames_per_byte)
{
	expansion = frames_per_byte;
}

uint64_t
input_expansion(void)
{
	return expansion;
}

uint64_t
input_delivered(void)
{
	return delivered;
}

void
input_credit(uint64_t n)
{
	delivered += n;
}

int
input_is_stdin(const char *path)
{
	return path == NULL || strcmp(path, "-") == 0;
}

int
input_open(struct input *in, const char *path, const char *shown,
    struct perr *e)
{
	struct stat st;
	off_t at;
	int fd;

	memset(in, 0, sizeof(*in));
	in->fd = -1;	/* input_close after a failed open closes nothing */
	if (input_is_stdin(path)) {
		in->name = shown != NULL ? shown : "<stdin>";
		fd = dup(STDIN_FILENO);
	} else {
		in->name = shown != NULL ? shown : path;
		in->uri = shown != NULL ? NULL : path;
		fd = open(path, O_RDONLY);
	}
	if (fd < 0)
		return perr_set(e, "%s: %s", in->name, strerror(errno));
	in->fd = fd;
	/* where it can be read again from, if it can */
	at = lseek(fd, 0, SEEK_CUR);
	in->start = at >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ?
	    (long long)at : -1;
	in->size = in->start >= 0 && st.st_size > at ? (uint64_t)(st.st_size -
	    at) : 0;
	pipe_widen(fd);
	in->cap = INPUT_CHUNK;
	in->buf = malloc(in->cap + INPUT_SLACK);
	in->raw = malloc(INPUT_CHUNK);
	if (in->buf == NULL || in->raw == NULL) {
		input_close(in);
		return perr_set(e, "%s: out of memory", in->name);
	}
	memset(in->buf, 0, INPUT_SLACK);
	return 0;
}

void
input_release(struct input *in)
{
	input_close(in);
	in->eof = 1;
	in->cap = in->pos = in->end = 0;
}

void
input_close(struct input *in)
{
	if (in->z != NULL) {
		inflateEnd(in->z);
		free(in->z);
	}
	if (in->zs != NULL)
		ZSTD_freeDStream(in->zs);
	free(in->u16);
	in->u16 = NULL;
	if (in->fd >= 0)
		close(in->fd);
	if (in->map != NULL)
		munmap(in->map, in->maplen);
	in->map = NULL;
	free(in->buf);
	free(in->raw);
	in->z = NULL;
	in->zs = NULL;
	in->fd = -1;
	in->buf = NULL;
	in->raw = NULL;
}

/* read(2) of up to n bytes at p: bytes read, 0 at the end, -1. */
static long
read_some(struct input *in, void *p, size_t n, struct perr *e)
{
	ssize_t r;

	while ((r = read(in->fd, p, n)) < 0)
		if (errno != EINTR)
			return perr_set(e, "%s: %s", in->name, strerror(errno));
	return (long)r;
}

/* More raw bytes after those not yet used (moved to the front). */
static int
read_raw(struct input *in, struct perr *e)
{
	size_t left = in->raw_len - in->raw_at;
	long n;

	if (left > 0 && in->raw_at > 0)
		memmove(in->raw, in->raw + in->raw_at, left);
	in->raw_at = 0;
	in->raw_len = left;
	if ((n = read_some(in, in->raw + left, INPUT_CHUNK - left, e)) < 0)
		return -1;
	if (n == 0)
		in->raw_eof = 1;
	in->raw_len += (size_t)n;
	in->raw_total += (uint64_t)n;
	return 0;
}

static size_t
raw_left(const struct input *in)
{
	return in->raw_len - in->raw_at;
}

/* Plain, gzip or zstd, by the first bytes (read into raw). */
static int
start(struct input *in, struct perr *e)
{
	const unsigned char *p;
	z_stream *z;

	while (raw_left(in) < 4 && !in->raw_eof)
		if (read_raw(in, e) < 0)
			return -1;
	p = in->raw + in->raw_at;
	if (raw_left(in) >= 2 && gzip_magic(p, 2)) {
		if ((z = calloc(1, sizeof(*z))) == NULL)
			return perr_set(e, "%s: out of memory", in->name);
		in->z = z;
		/* 16 + 15: one gzip member, the largest window */
		if (inflateInit2(z, 16 + MAX_WBITS) != Z_OK)
			return perr_set(e, "%s: out of memory", in->name);
		in->kind = KIND_GZIP;
		in->compressed = INPUT_GZIP;
		return 0;
	}
	if (input_is_zstd(p, raw_left(in))) {
		if ((in->zs = ZSTD_createDStream()) == NULL)
			return perr_set(e, "%s: out of memory", in->name);
		in->kind = KIND_ZSTD;
		in->compressed = INPUT_ZSTD;
		return 0;
	}
	in->kind = KIND_PLAIN;	/* raw holds the bytes read so far */
	return 0;
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

	while (raw_left(in) < 2 && !in->raw_eof)
		if (read_raw(in, e) < 0)
			return -1;
	if (raw_left(in) == 0)
		return 0;
	/* a lone 0x1f at the end is a member cut short, as gzip(1) says */
	if (gzip_magic(in->raw + in->raw_at, raw_left(in))) {
		in->member_end = 0;
		return inflateReset(z) == Z_OK ? 1 :
		    perr_set(e, "%s: gzip: %s", in->name, "cannot restart");
	}
	for (;;) {
		for (i = in->raw_at; i < in->raw_len; i++)
			if (in->raw[i] != 0) {
				if (warn != NULL) {
					snprintf(msg, sizeof(msg), "%s: "
					    "decompression OK, trailing garbage "
					    "ignored", in->name);
					warn(msg);
				}
				in->raw_at = in->raw_len;
				return 0;
			}
		in->raw_at = in->raw_len;
		if (in->raw_eof)
			return 0;
		if (read_raw(in, e) < 0)
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
		if (raw_left(in) == 0 && !in->raw_eof && read_raw(in, e) < 0)
			return -1;
		z->next_in = in->raw + in->raw_at;
		z->avail_in = (unsigned)raw_left(in);
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
			if (raw_left(in) == 0 && in->raw_eof)
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
		if (raw_left(in) == 0 && !in->raw_eof && read_raw(in, e) < 0)
			return -1;
		if (raw_left(in) == 0 && in->raw_eof) {
			if (ob.pos > 0 || in->member_end)
				return (long)ob.pos;
			return perr_set(e, "%s: zstd: unexpected end of file "
			    "(the compressed data is cut short)", in->name);
		}
		ib.src = in->raw + in->raw_at;
		ib.size = raw_left(in);
		ib.pos = 0;
		rc = ZSTD_decompressStream(in->zs, &ob, &ib);
		in->raw_at += ib.pos;
		if (ZSTD_isError(rc))
			return zstd_error(in->name, rc, in->member_end, e);
		if (ib.pos > 0 || ob.pos > 0)
			in->member_end = rc == 0;
		if (ob.pos == want || (ob.pos > 0 && raw_left(in) == 0))
			return (long)ob.pos;
	}
}

/* Up to want plain bytes at p: first those read to tell the kind. */
static long
plain_some(struct input *in, char *p, size_t want, struct perr *e)
{
	size_t n = raw_left(in);

	if (n == 0)
		return in->raw_eof ? 0 : read_some(in, p, want, e);
	if (n > want)
		n = want;
	memcpy(p, in->raw + in->raw_at, n);
	in->raw_at += n;
	return (long)n;
}

/* Up to want bytes of the file, decompressed. */
static long
decoded_some(struct input *in, char *p, size_t want, struct perr *e)
{
	return in->kind == KIND_GZIP ? inflate_some(in, p, want, e) :
	    in->kind == KIND_ZSTD ? unzstd_some(in, p, want, e) :
	    plain_some(in, p, want, e);
}

/* Up to want bytes (at least 4) of UTF-16 text as UTF-8: a unit not
 * paired as UTF-16 wants (a lone surrogate, an odd last byte) as U+FFFD,
 * as a browser shows it. */
static long
utf16_some(struct input *in, char *p, size_t want, struct perr *e)
{
	unsigned char *u = in->u16;
	size_t have = in->u16n, i, n = 0, room;
	uint32_t c, lo;
	long k;

	/* three bytes out for two in, four for four */
	room = (want / 3) * 2;
	if (room > INPUT_CHUNK - 8)
		room = INPUT_CHUNK - 8;
	if (room < 4)
		room = 4;
	while (have < room && !in->u16eof) {
		if ((k = decoded_some(in, (char *)u + have, room - have, e)) < 0)
			return -1;
		if (k == 0)
			in->u16eof = 1;
		have += (size_t)k;
		if (have >= 4)
			break;
	}
	for (i = 0; i + 1 < have && n + 4 <= want; ) {
		c = in->u16be ? (uint32_t)u[i] << 8 | u[i + 1] :
		    (uint32_t)u[i + 1] << 8 | u[i];
		if (c >= 0xd800 && c <= 0xdbff) {
			if (i + 3 >= have && !in->u16eof)
				break;		/* its other half to come */
			lo = i + 3 < have ? (in->u16be ? (uint32_t)u[i + 2] <<
			    8 | u[i + 3] : (uint32_t)u[i + 3] << 8 | u[i + 2]) :
			    0;
			if (lo >= 0xdc00 && lo <= 0xdfff) {
				c = 0x10000 + ((c - 0xd800) << 10) +
				    (lo - 0xdc00);
				i += 2;
			} else
				c = 0xfffd;
		} else if (c >= 0xdc00 && c <= 0xdfff)
			c = 0xfffd;
		n += utf8_encode((unsigned char *)p + n, c);
		i += 2;
	}
	if (in->u16eof && i + 1 == have && n + 3 <= want) {
		/* an odd last byte */
		n += utf8_encode((unsigned char *)p + n, UTF8_BAD);
		i++;
	}
	memmove(u, u + i, have - i);
	in->u16n = have - i;
	return (long)n;
}

/* At the first bytes: UTF-16 by its byte-order mark (FF FE, FE FF) is
 * read as UTF-8 from here on, the mark left out; UTF-8's own mark (EF BB
 * BF, which RFC 8259 lets a reader ignore and Windows' tools write) is
 * left out. No format the suite reads begins so otherwise. */
static int
utf16_start(struct input *in, struct perr *e)
{
	unsigned char b[3];
	long k;
	size_t have = 0;

	in->u16checked = 1;
	/* two bytes, and a third after EF BB */
	while (have < 2 + (size_t)(have == 2 && b[0] == 0xef &&
	    b[1] == 0xbb)) {
		if ((k = decoded_some(in, (char *)b + have, 1, e)) < 0)
			return -1;
		if (k == 0)
			break;
		have++;
	}
	if (have == 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf) {
		in->bom = 3;
		in->total += 3;
		delivered += 3;
		return 0;
	}
	if (have == 2 && ((b[0] == 0xff && b[1] == 0xfe) || (b[0] == 0xfe &&
	    b[1] == 0xff))) {
		if ((in->u16 = malloc(INPUT_CHUNK)) == NULL)
			return perr_set(e, "%s: out of memory", in->name);
		in->u16be = b[0] == 0xfe;
		in->utf16 = 1;
		return 0;
	}
	/* not UTF-16: the bytes are the text's first */
	memcpy(in->buf + in->end, b, have);
	in->end += have;
	in->total += have;
	delivered += have;
	if (have < 2)
		in->eof = 1;
	return 0;
}

/* Appends up to want bytes at buf+end; returns bytes read, 0 at EOF, -1. */
static long
fill(struct input *in, size_t want, struct perr *e)
{
	size_t before = in->end;
	long n;

	if (want > (1u << 30))
		want = 1u << 30;
	if (in->kind == KIND_UNKNOWN && start(in, e) < 0)
		return -1;
	/* no more decompressed than one byte past the bound */
	if (in->compressed && want > 4 && bound(in) - in->total < want - 1)
		want = bound(in) > in->total ? (size_t)(bound(in) - in->total) +
		    1 : 4;
	if (!in->u16checked) {
		if (utf16_start(in, e) < 0)
			return -1;
		if (in->end > before) {		/* the first bytes, given */
			memset(in->buf + in->end, 0, INPUT_SLACK);
			return (long)(in->end - before);
		}
		if (in->eof)
			return 0;
	}
	n = in->utf16 ? utf16_some(in, in->buf + in->end, want < 4 ? 4 :
	    want, e) : decoded_some(in, in->buf + in->end, want, e);
	if (n < 0)
		return -1;
	in->end += (size_t)n;
	/* a sentinel: scans stop there */
	memset(in->buf + in->end, 0, INPUT_SLACK);
	in->total += (uint64_t)n;
	delivered += (uint64_t)n;
	if (in->compressed && in->total > bound(in))
		return past_bound(in, bound(in), e);
	if (n == 0)
		in->eof = 1;
	return n;
}

/* buf with room for cap bytes (and the slack): 0, or -1 out of memory. */
static int
input_grow(struct input *in, size_t cap)
{
	char *nb;

	if (cap <= in->cap)
		return 0;
	if ((nb = realloc(in->buf, cap + INPUT_SLACK)) == NULL)
		return -1;
	in->buf = nb;
	in->cap = cap;
	return 0;
}

int
input_line(struct input *in, char **line, size_t *len, struct perr *e)
{
	char *nl;
	size_t scanned = 0, newcap;

	for (;;) {
		nl = memchr(in->buf + in->pos + scanned, '\n',
		    in->end - in->pos - scanned);
		if (nl != NULL) {
			*nl = '\0';
			*line = in->buf + in->pos;
			*len = (size_t)(nl - *line);
			in->pos = (size_t)(nl - in->buf) + 1;
			in->lineno++;
			return 1;
		}
		scanned = in->end - in->pos;
		if (scanned > INPUT_MAX_LINE)
			return perr_set(e, "%s:%ld: line longer than %u bytes",
			    in->name, in->lineno + 1, INPUT_MAX_LINE);
		if (in->eof) {
			if (scanned == 0)
				return 0;
			/* a last line without LF; fill() keeps a spare byte */
			in->buf[in->end] = '\0';
			*line = in->buf + in->pos;
			*len = scanned;
			in->pos = in->end;
			in->lineno++;
			in->missing_eol = 1;
			return 1;
		}
		if (in->pos > 0) {
			memmove(in->buf, in->buf + in->pos, scanned);
			in->end = scanned;
			in->pos = 0;
		}
		if (in->end + 1 >= in->cap) {
			/* room for the longest line, its LF and a NUL: a full
			 * buffer of that size has a line too long (above) */
			newcap = in->cap * 2;
			if (newcap > INPUT_MAX_LINE + 2)
				newcap = INPUT_MAX_LINE + 2;
			if (input_grow(in, newcap) < 0)
				return perr_set(e, "%s: out of memory", in->name);
		}
		if (fill(in, in->cap - in->end - 1, e) < 0)
			return -1;
	}
}

int
input_peek(struct input *in, size_t want, const unsigned char **p,
    size_t *n, struct perr *e)
{
	if (want > INPUT_MAX_LINE)
		want = INPUT_MAX_LINE;
	if (in->pos + want + 1 > in->cap && input_grow(in, in->pos + want + 1) < 0)
		return perr_set(e, "%s: out of memory", in->name);
	/* no more than wanted: a file only sniffed is not read further */
	while (in->end - in->pos < want && !in->eof)
		if (fill(in, want - (in->end - in->pos), e) < 0)
			return -1;
	*p = (const unsigned char *)in->buf + in->pos;
	*n = in->end - in->pos;
	return 0;
}

int
input_chunk(struct input *in, const unsigned char **p, size_t *n,
    struct perr *e)
{
	long k;

	if (in->pos == in->end) {
		if (in->eof)
			return 0;
		in->pos = in->end = 0;
		if ((k = fill(in, in->cap - 1, e)) < 0)
			return -1;
		if (k == 0)
			return 0;
	}
	*p = (const unsigned char *)in->buf + in->pos;
	*n = in->end - in->pos;
	in->pos = in->end;
	return 1;
}

/* A gzip file's ISIZE, the size of its last member mod 2^32: the file's
 * size when it has one member below 4 GB (a hint, never trusted); for a
 * zstd file, its first frame's content size when it says; 0 when the
 * file is neither or too short to say. */
static uint64_t
size_hint(const struct input *in, const struct stat *st)
{
	unsigned char b[18];
	unsigned long long n;
	off_t at = (off_t)in->start;

	if (at < 0 || st->st_size - at < 18 || pread(in->fd, b, 18, at) != 18)
		return 0;
	if (input_is_zstd(b, 18)) {
		n = ZSTD_getFrameContentSize(b, 18);
		return n == ZSTD_CONTENTSIZE_UNKNOWN ||
		    n == ZSTD_CONTENTSIZE_ERROR ? 0 : n;
	}
	if (!gzip_magic(b, 2) || pread(in->fd, b, 4, st->st_size - 4) != 4)
		return 0;
	return (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 |
	    (uint64_t)b[3] << 24;
}

/* A plain regular file read from its start: mapped whole, neither copied
 * nor faulted into fresh memory; its pages mapped at once (MAP_POPULATE),
 * not a fault at a time, as all is read. 1 when mapped. */
static int
map_whole(struct input *in, const struct stat *st, unsigned char **data,
    size_t *len)
{
	unsigned char magic[4];
	off_t at = (off_t)in->start;
	ssize_t k;
	void *m;

	if (in->pos != 0 || in->lineno != 0 || in->utf16 || at < 0 ||
	    at >= st->st_size ||
	    (uint64_t)st->st_size > SIZE_MAX ||
	    (in->kind != KIND_UNKNOWN && in->kind != KIND_PLAIN))
		return 0;
	k = pread(in->fd, magic, 4, at);
	if (k >= 2 && gzip_magic(magic, 2))
		return 0;
	if (k == 4 && input_is_zstd(magic, 4))
		return 0;
	if (k >= 3 && magic[0] == 0xef && magic[1] == 0xbb && magic[2] == 0xbf)
		in->bom = 3;		/* UTF-8's mark, as utf16_start */
	at += in->bom;
	if (at >= st->st_size)
		return 0;
	m = mmap(NULL, (size_t)st->st_size, PROT_READ, MAP_PRIVATE |
	    MAP_POPULATE, in->fd, 0);
	if (m == MAP_FAILED)
		return 0;
	in->map = m;
	in->maplen = (size_t)st->st_size;
	in->eof = 1;
	*data = (unsigned char *)m + at;
	*len = (size_t)(st->st_size - at);
	in->total = *len;
	delivered += *len;
	return 1;
}

int
input_slurp(struct input *in, unsigned char **data, size_t *len,
    struct perr *e)
{
	return input_slurp_checked(in, NULL, data, len, e);
}

int
input_slurp_checked(struct input *in, const struct input_check *c,
    unsigned char **data, size_t *len, struct perr *e)
{
	struct stat st;
	size_t room = INPUT_CHUNK, want;
	int regular = fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode);

	if (in->map != NULL) {		/* slurped before: the same */
		*data = (unsigned char *)in->map + in->start + in->bom;
		*len = in->maplen - (size_t)in->start - (size_t)in->bom;
		return 0;
	}
	if (regular && map_whole(in, &st, data, len))
		return 0;
	/* other files: room for all at once, and one byte more (a gzip
	 * file's size is in its trailer, if it has one member; a zstd
	 * frame's in its header); then no growing before the read that
	 * finds its end */
	if (regular && in->start >= 0 && in->pos == 0) {
		size_t want = (size_t)st.st_size + 2;
		uint64_t hint = size_hint(in, &st);
		/* deflate packs at most 1032 bytes into one */
		if (hint > 0 && hint <= bound(in) && hint + 2 <= SIZE_MAX &&
		    (in->compressed == INPUT_ZSTD ||
		    hint / 1032 <= (uint64_t)st.st_size))
			want = (size_t)hint + 2;
		if (want > in->cap && input_grow(in, want) == 0)
			room = 2;
	}
	/* what the check has seen; a plain file is read whole first */
	if (c != NULL && !in->compressed && in->kind != KIND_UNKNOWN)
		c = NULL;
	while (!in->eof) {
		if (in->cap - in->end < room && input_grow(in, in->cap * 2) < 0)
			return perr_set(e, "%s: out of memory", in->name);
		want = in->cap - in->end - 1;
		/* checked: no more at once than was read, so that garbage is
		 * found before twice its offset is decompressed */
		if (c != NULL && want > INPUT_CHUNK && want > in->end - in->pos)
			want = in->end - in->pos > INPUT_CHUNK ? in->end -
			    in->pos : INPUT_CHUNK;
		if (fill(in, want, e) < 0)
			return -1;
		if (c != NULL && in->compressed && c->check(c->ctx,
		    (unsigned char *)in->buf + in->pos, in->end - in->pos,
		    in->eof, e) < 0)
			return -1;
	}
	*data = (unsigned char *)in->buf + in->pos;
	*len = in->end - in->pos;
	return 0;
}

void
input_drop(struct input *in, const void *p, size_t n)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t from = (uintptr_t)p, to = from + n;
	uintptr_t map = (uintptr_t)(in != NULL ? in->map : NULL);

	if (map == 0 || from < map || to > map + in->maplen)
		return;
	from = (from + page - 1) & ~(page - 1);	/* whole pages only */
	to &= ~(page - 1);
	/* a private, read-only mapping of the file: its pages come back
	 * from the file */
	if (to > from)
		(void)madvise((void *)from, to - from, MADV_DONTNEED);
}

void
input_drop_read(struct input *in, const unsigned char **from,
    const unsigned char *upto)
{
	if (upto - *from < (1 << 20))
		return;
	input_drop(in, *from, (size_t)(upto - *from));
	*from = upto;
}

/* The message of a zstd message past its bound. */
static int
message_past(const char *name, uint64_t limit, size_t n, struct perr *e)
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
				return message_past(name, limit, n, e);
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
		return message_past(name, limit, n, e);
	}
	*out = ob.dst;
	*outlen = ob.pos;
	return 0;
}
