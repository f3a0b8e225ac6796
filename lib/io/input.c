#include <errno.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "base/pipe.h"
#include "io/input.h"

#ifndef MAP_POPULATE
#define MAP_POPULATE 0		/* Linux's; elsewhere faulted as read */
#endif

#define INPUT_CHUNK (256u << 10)

enum { KIND_UNKNOWN, KIND_PLAIN, KIND_GZIP };

/* Whether the n bytes at p begin a gzip member (a lone first byte of the
 * magic, at the end, counts as one cut short). */
static int
gzip_magic(const unsigned char *p, size_t n)
{
	return n >= 1 && p[0] == 0x1f && (n == 1 || p[1] == 0x8b);
}

static uint64_t default_limit = INPUT_DEFAULT_LIMIT;
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
	int fd;

	memset(in, 0, sizeof(*in));
	in->fd = -1;	/* input_close after a failed open closes nothing */
	in->limit = default_limit;
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
input_close(struct input *in)
{
	if (in->z != NULL) {
		inflateEnd(in->z);
		free(in->z);
	}
	if (in->fd >= 0)
		close(in->fd);
	if (in->map != NULL)
		munmap(in->map, in->maplen);
	in->map = NULL;
	free(in->buf);
	free(in->raw);
	in->z = NULL;
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

/* More raw bytes after those not yet inflated (moved to the front). */
static int
read_raw(struct input *in, struct perr *e)
{
	z_stream *z = in->z;
	long n;

	if (z->avail_in > 0 && z->next_in != in->raw)
		memmove(in->raw, z->next_in, z->avail_in);
	z->next_in = in->raw;
	if ((n = read_some(in, in->raw + z->avail_in, INPUT_CHUNK -
	    z->avail_in, e)) < 0)
		return -1;
	if (n == 0)
		in->raw_eof = 1;
	z->avail_in += (unsigned)n;
	return 0;
}

/* Plain or gzip, by the first two bytes (read into raw). */
static int
start(struct input *in, struct perr *e)
{
	z_stream *z = calloc(1, sizeof(*z));

	if (z == NULL)
		return perr_set(e, "%s: out of memory", in->name);
	in->z = z;
	while (z->avail_in < 2 && !in->raw_eof)
		if (read_raw(in, e) < 0)
			return -1;
	if (z->avail_in >= 2 && gzip_magic(in->raw, 2)) {
		/* 16 + 15: one gzip member, the largest window */
		if (inflateInit2(z, 16 + MAX_WBITS) != Z_OK)
			return perr_set(e, "%s: out of memory", in->name);
		in->kind = KIND_GZIP;
		in->compressed = 1;
		return 0;
	}
	in->kind = KIND_PLAIN;	/* z only holds the bytes read so far */
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

	while (z->avail_in < 2 && !in->raw_eof)
		if (read_raw(in, e) < 0)
			return -1;
	if (z->avail_in == 0)
		return 0;
	/* a lone 0x1f at the end is a member cut short, as gzip(1) says */
	if (gzip_magic(z->next_in, z->avail_in)) {
		in->member_end = 0;
		return inflateReset(z) == Z_OK ? 1 :
		    perr_set(e, "%s: gzip: %s", in->name, "cannot restart");
	}
	for (;;) {
		for (i = 0; i < z->avail_in; i++)
			if (z->next_in[i] != 0) {
				if (warn != NULL) {
					snprintf(msg, sizeof(msg), "%s: "
					    "decompression OK, trailing garbage "
					    "ignored", in->name);
					warn(msg);
				}
				return 0;
			}
		z->avail_in = 0;
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
		if (z->avail_in == 0 && !in->raw_eof && read_raw(in, e) < 0)
			return -1;
		z->next_out = (unsigned char *)p;
		z->avail_out = (unsigned)want;
		rc = inflate(z, Z_NO_FLUSH);
		if (rc == Z_STREAM_END)
			in->member_end = 1;
		else if (rc == Z_MEM_ERROR)
			return perr_set(e, "%s: out of memory", in->name);
		else if (rc == Z_BUF_ERROR || (rc == Z_OK &&
		    z->avail_out == want)) {
			if (z->avail_in == 0 && in->raw_eof)
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

/* Up to want plain bytes at p: first those read to tell the kind. */
static long
plain_some(struct input *in, char *p, size_t want, struct perr *e)
{
	z_stream *z = in->z;
	size_t n = z->avail_in;

	if (n == 0)
		return in->raw_eof ? 0 : read_some(in, p, want, e);
	if (n > want)
		n = want;
	memcpy(p, z->next_in, n);
	z->next_in += n;
	z->avail_in -= (unsigned)n;
	return (long)n;
}

/* Appends up to want bytes at buf+end; returns bytes read, 0 at EOF, -1. */
static long
fill(struct input *in, size_t want, struct perr *e)
{
	long n;

	if (want > (1u << 30))
		want = 1u << 30;
	if (in->kind == KIND_UNKNOWN && start(in, e) < 0)
		return -1;
	n = in->kind == KIND_GZIP ? inflate_some(in, in->buf + in->end, want,
	    e) : plain_some(in, in->buf + in->end, want, e);
	if (n < 0)
		return -1;
	in->end += (size_t)n;
	/* a sentinel: scans stop there */
	memset(in->buf + in->end, 0, INPUT_SLACK);
	in->total += (uint64_t)n;
	if (in->compressed && in->total > in->limit)
		return perr_set(e, "%s: decompressed input larger than %llu "
		    "bytes (a gzip bomb?); raise the limit with -Z to read it",
		    in->name, (unsigned long long)in->limit);
	if (n == 0)
		in->eof = 1;
	return n;
}

int
input_line(struct input *in, char **line, size_t *len, struct perr *e)
{
	char *nl;
	size_t scanned = 0, newcap;
	char *nb;

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
			if ((nb = realloc(in->buf, newcap + INPUT_SLACK)) ==
			    NULL)
				return perr_set(e, "%s: out of memory", in->name);
			in->buf = nb;
			in->cap = newcap;
		}
		if (fill(in, in->cap - in->end - 1, e) < 0)
			return -1;
	}
}

int
grow(struct input *in, size_t cap)
{
	char *nb;

	if (cap <= in->cap)
		return 0;
	if ((nb = malloc(cap + INPUT_SLACK)) == NULL)
		return -1;
	memcpy(nb, in->buf, in->end + INPUT_SLACK);
	free(in->buf);
	in->buf = nb;
	in->cap = cap;
	return 0;
}

/* A gzip file's ISIZE, the size of its last member mod 2^32: the file's
 * size when it has one member below 4 GB (a hint, never trusted); 0 when
 * the file is not gzip or too short to say. */
static uint64_t
gzip_isize(int fd, const struct stat *st)
{
	unsigned char b[4];
	off_t at = lseek(fd, 0, SEEK_CUR);

	if (at < 0 || st->st_size - at < 18 || pread(fd, b, 2, at) != 2 ||
	    !gzip_magic(b, 2) ||
	    pread(fd, b, 4, st->st_size - 4) != 4)
		return 0;
	return (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 |
	    (uint64_t)b[3] << 24;
}

int
input_slurp(struct input *in, unsigned char **data, size_t *len,
    struct perr *e)
{
	struct stat st;
	size_t room = INPUT_CHUNK;

	/* a plain file not gzip-compressed, from where it is read: mapped,
	 * neither copied nor faulted into fresh memory; its pages mapped at
	 * once (MAP_POPULATE), not a fault at a time, as all is read */
	if (in->total == 0 && fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode)) {
		off_t at = lseek(in->fd, 0, SEEK_CUR);
		unsigned char magic[2];
		void *m;
		if (at >= 0 && at < st.st_size && (uint64_t)st.st_size <= SIZE_MAX &&
		    (pread(in->fd, magic, 2, at) < 2 || !gzip_magic(magic, 2))
		    && (m = mmap(NULL, (size_t)st.st_size,
		    PROT_READ, MAP_PRIVATE | MAP_POPULATE, in->fd, 0)) !=
		    MAP_FAILED) {
			in->map = m;
			in->maplen = (size_t)st.st_size;
			in->eof = 1;
			*data = (unsigned char *)m + at;
			*len = (size_t)(st.st_size - at);
			in->total = *len;
			return 0;
		}
	}
	/* other files: room for all at once, and one byte more (a gzip
	 * file's size is in its trailer, if it has one member); then no
	 * growing before the read that finds its end */
	if (in->total == 0 && fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode)) {
		size_t want = (size_t)st.st_size + 2;
		uint64_t isize = gzip_isize(in->fd, &st);
		/* deflate packs at most 1032 bytes into one */
		if (isize > 0 && isize <= in->limit && isize + 2 <= SIZE_MAX &&
		    isize / 1032 <= (uint64_t)st.st_size)
			want = (size_t)isize + 2;
		if (want > in->cap && grow(in, want) == 0)
			room = 2;
	}
	while (!in->eof) {
		if (in->cap - in->end < room && grow(in, in->cap * 2) < 0)
			return perr_set(e, "%s: out of memory", in->name);
		if (fill(in, in->cap - in->end - 1, e) < 0)
			return -1;
	}
	*data = (unsigned char *)in->buf + in->pos;
	*len = in->end - in->pos;
	return 0;
}
