#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/pipe.h"
#include "io/gzout.h"
#include "io/output.h"

#define OUTPUT_BUF (256u << 10)

int
output_open(struct output *o, const char *path, struct perr *e)
{
	mode_t mask;
	struct stat st;

	memset(o, 0, sizeof(*o));
	o->fd = STDOUT_FILENO;
	o->name = "<stdout>";
	if (path != NULL && strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
	    !S_ISREG(st.st_mode)) {
		/* a device or FIFO (-o /dev/null): written to, never replaced */
		o->name = path;
		if ((o->fd = open(path, O_WRONLY)) < 0)
			return perr_set(e, "%s: %s", path, strerror(errno));
		o->close_fd = 1;
	} else if (path != NULL && strcmp(path, "-") != 0) {
		o->name = path;
		o->path = strdup(path);
		o->tmp = malloc(strlen(path) + 8);
		if (o->path == NULL || o->tmp == NULL) {
			output_discard(o);
			return perr_set(e, "%s: out of memory", o->name);
		}
		sprintf(o->tmp, "%s.XXXXXX", path);
		if ((o->fd = mkstemp(o->tmp)) < 0) {
			perr_set(e, "%s: %s", path, strerror(errno));
			free(o->tmp);
			o->tmp = NULL;
			output_discard(o);
			return -1;
		}
		mask = umask(0);
		umask(mask);
		fchmod(o->fd, 0666 & ~mask);
	}
	pipe_widen(o->fd);
	o->start = lseek(o->fd, 0, SEEK_CUR);
	o->cap = OUTPUT_BUF;
	if ((o->buf = malloc(o->cap)) == NULL) {
		output_discard(o);
		return perr_set(e, "%s: out of memory", o->name);
	}
	return 0;
}

int
output_fd(struct output *o, int fd, const char *name, struct perr *e)
{
	memset(o, 0, sizeof(*o));
	o->fd = fd;
	o->name = name;
	o->start = lseek(fd, 0, SEEK_CUR);
	o->cap = OUTPUT_BUF;
	if ((o->buf = malloc(o->cap)) == NULL)
		return perr_set(e, "%s: out of memory", o->name);
	return 0;
}

static void
write_all(struct output *o, const char *p, size_t n)
{
	ssize_t w;

	while (n > 0 && o->err == 0) {
		w = write(o->fd, p, n);
		if (w < 0) {
			if (errno != EINTR)
				o->err = errno;
			continue;
		}
		p += w;
		n -= (size_t)w;
		o->flushed += (uint64_t)w;
	}
}

void
out_flush(struct output *o)
{
	if (o->gz != NULL)
		o->buf = gzout_put(o->gz, o->buf, o->len);
	else
		write_all(o, o->buf, o->len);
	o->len = 0;
}

void
out_write_big(struct output *o, const void *p, size_t n)
{
	const char *s = p;
	size_t k;

	while (n > 0) {
		if (o->len == o->cap)
			out_flush(o);
		k = o->cap - o->len < n ? o->cap - o->len : n;
		memcpy(o->buf + o->len, s, k);
		o->len += k;
		s += k;
		n -= k;
	}
}

/* gzout's writer: what it deflated, in order, from the caller's thread */
static void
gz_write(void *o, const char *p, size_t n)
{
	write_all(o, p, n);
}

int
output_gzip(struct output *o, int level, struct perr *e)
{
	out_flush(o);
	if ((o->gz = gzout_start(level, o->cap, gz_write, o)) == NULL)
		return perr_set(e, "%s: out of memory", o->name);
	return 0;
}

/* Whether what went to fd is lost anyway, so taking it back is nothing. */
static int
is_dev_null(int fd)
{
	struct stat st, null;

	return fstat(fd, &st) == 0 && S_ISCHR(st.st_mode) &&
	    stat("/dev/null", &null) == 0 && st.st_rdev == null.st_rdev;
}

int
output_rewind_to(struct output *o, uint64_t mark, struct perr *e)
{
	struct stat st;

	if (o->gz != NULL)	/* never asked for: one gzip member */
		return perr_set(e, "%s: cannot take back what was written to "
		    "it", o->name);
	if (mark >= o->flushed) {
		o->len = (size_t)(mark - o->flushed);	/* still buffered */
		return 0;
	}
	if (!is_dev_null(o->fd) && (o->start < 0 || fstat(o->fd, &st) < 0 ||
	    !S_ISREG(st.st_mode) ||
	    lseek(o->fd, (off_t)(o->start + (long long)mark), SEEK_SET) < 0 ||
	    ftruncate(o->fd, (off_t)(o->start + (long long)mark)) < 0))
		return perr_set(e, "%s: cannot take back what was written to "
		    "it", o->name);
	o->len = 0;
	o->flushed = mark;
	return 0;
}

int
output_hold(struct output *o, int spool_fd)
{
	struct stat st;

	if (o->start >= 0 && fstat(o->fd, &st) == 0 && S_ISREG(st.st_mode))
		return 0;
	if (is_dev_null(o->fd))
		return 0;
	o->real_fd = o->fd;
	o->fd = spool_fd;
	o->start = 0;
	o->held = 1;
	return 1;
}

/* Sends the spool to the output itself (at output_close). */
static void
release(struct output *o)
{
	char buf[1 << 16];
	ssize_t n;
	int spool = o->fd;

	o->held = 0;
	o->fd = o->real_fd;
	if (o->err == 0 && lseek(spool, 0, SEEK_SET) < 0)
		o->err = errno;
	o->flushed = 0;
	while (o->err == 0 && (n = read(spool, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno != EINTR)
				o->err = errno;
			continue;
		}
		write_all(o, buf, (size_t)n);
	}
	close(spool);
}

int
out_copy_file(struct output *o, int fd, const char *what, struct perr *e)
{
	char buf[1 << 16];
	ssize_t n;

	if (lseek(fd, 0, SEEK_SET) < 0)
		return perr_set(e, "%s: %s", what, strerror(errno));
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return perr_set(e, "%s: %s", what, strerror(errno));
		}
		out_write(o, buf, (size_t)n);
	}
	return 0;
}

int
output_rewind(struct output *o, struct perr *e)
{
	return output_rewind_to(o, 0, e);
}

void
output_discard(struct output *o)
{
	if (o->held) {
		close(o->fd);
		o->fd = o->real_fd;
		o->held = 0;
	}
	gzout_free(o->gz);
	o->gz = NULL;
	if (o->tmp != NULL) {
		close(o->fd);
		unlink(o->tmp);
	}
	free(o->tmp);
	free(o->path);
	free(o->buf);
	o->tmp = o->path = o->buf = NULL;
}

int
output_close(struct output *o, struct perr *e)
{
	int rc = 0;

	if (o->gz != NULL) {
		if (gzout_finish(o->gz, &o->buf, o->len) < 0 && o->err == 0)
			o->err = ENOMEM;
		o->len = 0;
		gzout_free(o->gz);
		o->gz = NULL;
	} else
		out_flush(o);
	if (o->held)
		release(o);
	if (o->err == 0 && o->tmp != NULL) {
		if (close(o->fd) != 0 && o->err == 0)
			o->err = errno;
		o->fd = -1;
		if (o->err == 0 && rename(o->tmp, o->path) != 0)
			o->err = errno;
		if (o->err == 0) {
			free(o->tmp);
			o->tmp = NULL;
		} else
			unlink(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
	} else if (o->err == 0 && o->tmp == NULL) {
		/* stdout: the error may only show on close */
		if (close(o->fd) != 0 && errno != EINTR)
			o->err = errno;
	}
	if (o->err != 0)
		rc = output_error(o, e);
	output_discard(o);
	return rc;
}

void
output_refuse(struct output *o, int err, const char *why)
{
	if (o->err != 0)
		return;
	o->err = err;
	snprintf(o->why_text, sizeof(o->why_text), "%s", why);
	o->why = o->why_text;
}

int
output_error(const struct output *o, struct perr *e)
{
	if (o->why != NULL)
		return perr_set(e, "%s", o->why);
	return perr_set(e, "%s: write error: %s", o->name, strerror(o->err));
}
