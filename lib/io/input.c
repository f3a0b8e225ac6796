#include <errno.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/pipe.h"
#include "base/utf8.h"
#include "io/decompress.h"

#ifndef MAP_POPULATE
#define MAP_POPULATE 0		/* Linux's; elsewhere faulted as read */
#endif

static uint64_t expansion = INPUT_DEFAULT_EXPANSION;
static uint64_t delivered;	/* by every input, for the bound above */

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
	decompress_end(in);
	free(in->u16);
	in->u16 = NULL;
	if (in->fd >= 0)
		close(in->fd);
	if (in->map != NULL)
		munmap(in->map, in->maplen);
	in->map = NULL;
	free(in->buf);
	free(in->raw);
	in->fd = -1;
	in->buf = NULL;
	in->raw = NULL;
}

/* Plain, gzip or zstd, by the first bytes (read into raw). */
static int
start(struct input *in, struct perr *e)
{
	int rc;

	while (input_raw_left(in) < 4 && !in->raw_eof)
		if (input_read_raw(in, e) < 0)
			return -1;
	if ((rc = decompress_begin(in, e)) != 0)
		return rc < 0 ? -1 : 0;
	in->kind = KIND_PLAIN;	/* raw holds the bytes read so far */
	return 0;
}

/* Up to want plain bytes at p: first those read to tell the kind. */
static long
plain_some(struct input *in, char *p, size_t want, struct perr *e)
{
	size_t n = input_raw_left(in);

	if (n == 0)
		return in->raw_eof ? 0 : input_read_some(in, p, want, e);
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
	return in->kind == KIND_PLAIN ? plain_some(in, p, want, e) :
	    decompress_some(in, p, want, e);
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
	if (in->compressed && want > 4 && input_bound_of(in) - in->total < want - 1)
		want = input_bound_of(in) > in->total ? (size_t)(input_bound_of(in) - in->total) +
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
	if (in->compressed && in->total > input_bound_of(in))
		return input_past_limit(in, input_bound_of(in), e);
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
	off_t at = (off_t)in->start;

	if (at < 0 || st->st_size - at < 18 || pread(in->fd, b, 18, at) != 18)
		return 0;
	if (input_is_zstd(b, 18))
		return decompress_frame_size(b, 18);
	if (!input_gzip_magic(b, 2) || pread(in->fd, b, 4, st->st_size - 4) !=
	    4)
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
	if (k >= 2 && input_gzip_magic(magic, 2))
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
		if (hint > 0 && hint <= input_bound_of(in) && hint + 2 <= SIZE_MAX &&
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

