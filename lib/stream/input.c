#include <errno.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "stream/input.h"

#define INPUT_CHUNK (256u << 10)

static uint64_t default_limit = INPUT_DEFAULT_LIMIT;

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
	in->gz = gzdopen(fd, "rb");
	if (in->gz == NULL) {
		close(fd);
		return perr_set(e, "%s: out of memory", in->name);
	}
	gzbuffer(in->gz, INPUT_CHUNK);
	in->cap = INPUT_CHUNK;
	in->buf = malloc(in->cap);
	if (in->buf == NULL) {
		input_close(in);
		return perr_set(e, "%s: out of memory", in->name);
	}
	return 0;
}

void
input_close(struct input *in)
{
	if (in->gz != NULL)
		gzclose(in->gz);
	if (in->map != NULL)
		munmap(in->map, in->maplen);
	in->map = NULL;
	free(in->buf);
	in->gz = NULL;
	in->buf = NULL;
}

void
input_tee(struct input *in, int fd)
{
	in->tee_fd = fd;
	in->teeing = 1;
}

static int
copy_to_spool(struct input *in, const char *p, size_t n, struct perr *e)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(in->tee_fd, p, n)) < 0) {
			if (errno == EINTR)
				continue;
			return perr_set(e, "%s: copying it to a temporary file: "
			    "%s", in->name, strerror(errno));
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Appends up to want bytes at buf+end; returns bytes read, 0 at EOF, -1. */
static long
fill(struct input *in, size_t want, struct perr *e)
{
	int n, zerr;
	const char *msg;

	if (want > (1u << 30))
		want = 1u << 30;
	n = gzread(in->gz, in->buf + in->end, (unsigned)want);
	if (in->total == 0 && n > 0)
		in->compressed = !gzdirect(in->gz);
	if (n < 0) {
		msg = gzerror(in->gz, &zerr);
		if (zerr == Z_ERRNO)
			msg = strerror(errno);
		/* zlib names the descriptor ("<fd:3>: "): the name is ours */
		else if (strncmp(msg, "<fd:", 4) == 0 && strstr(msg, ": "))
			msg = strstr(msg, ": ") + 2;
		return perr_set(e, "%s: %s%s", in->name,
		    in->compressed || zerr != Z_ERRNO ? "gzip: " : "", msg);
	}
	if (in->teeing && copy_to_spool(in, in->buf + in->end, (size_t)n, e) < 0)
		return -1;
	in->end += (size_t)n;
	in->total += (uint64_t)n;
	if (in->compressed && in->total > in->limit)
		return perr_set(e, "%s: decompressed input larger than %llu "
		    "bytes (a gzip bomb?); raise the limit with -Z to read it",
		    in->name, (unsigned long long)in->limit);
	if (n == 0) {
		/* zlib reports a cut gzip stream as an end of file, with
		 * Z_BUF_ERROR left in gzerror */
		gzerror(in->gz, &zerr);
		if (zerr == Z_BUF_ERROR)
			return perr_set(e, "%s: gzip: unexpected end of file "
			    "(the compressed data is cut short)", in->name);
		in->eof = 1;
	}
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
			if ((nb = realloc(in->buf, newcap)) == NULL)
				return perr_set(e, "%s: out of memory", in->name);
			in->buf = nb;
			in->cap = newcap;
		}
		if (fill(in, in->cap - in->end - 1, e) < 0)
			return -1;
	}
}

int
input_drain(struct input *in, struct perr *e)
{
	while (!in->eof) {
		in->pos = in->end = 0;
		if (fill(in, in->cap - 1, e) < 0)
			return -1;
	}
	return 0;
}

int
input_slurp(struct input *in, unsigned char **data, size_t *len,
    struct perr *e)
{
	char *nb;
	struct stat st;
	size_t room = INPUT_CHUNK;

	/* a plain file not gzip-compressed, from where it is read: mapped,
	 * neither copied nor faulted into fresh memory */
	if (in->total == 0 && fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode)) {
		off_t at = lseek(in->fd, 0, SEEK_CUR);
		unsigned char magic[2];
		void *m;
		if (at >= 0 && at < st.st_size && (uint64_t)st.st_size <= SIZE_MAX &&
		    (pread(in->fd, magic, 2, at) < 2 || magic[0] != 0x1f ||
		    magic[1] != 0x8b) && (m = mmap(NULL, (size_t)st.st_size,
		    PROT_READ, MAP_PRIVATE, in->fd, 0)) != MAP_FAILED) {
			in->map = m;
			in->maplen = (size_t)st.st_size;
			in->eof = 1;
			*data = (unsigned char *)m + at;
			*len = (size_t)(st.st_size - at);
			in->total = *len;
			return 0;
		}
	}
	/* other plain files: room for all at once, and one byte more; then
	 * no growing before the read that finds its end */
	if (in->total == 0 && fstat(in->fd, &st) == 0 &&
	    S_ISREG(st.st_mode) && (size_t)st.st_size + 2 > in->cap &&
	    (nb = realloc(in->buf, (size_t)st.st_size + 2)) != NULL) {
		in->buf = nb;
		in->cap = (size_t)st.st_size + 2;
		room = 2;
	}
	while (!in->eof) {
		if (in->cap - in->end < room) {
			if ((nb = realloc(in->buf, in->cap * 2)) == NULL)
				return perr_set(e, "%s: out of memory", in->name);
			in->buf = nb;
			in->cap *= 2;
		}
		if (fill(in, in->cap - in->end - 1, e) < 0)
			return -1;
	}
	*data = (unsigned char *)in->buf + in->pos;
	*len = in->end - in->pos;
	return 0;
}
