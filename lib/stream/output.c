#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/pipe.h"
#include "stream/fields.h"
#include "stream/gzout.h"
#include "stream/output.h"

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
		rc = perr_set(e, "%s: write error: %s", o->name,
		    strerror(o->err));
	output_discard(o);
	return rc;
}

const char fmt_digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930"
    "31323334353637383940414243444546474849505152535455565758596061"
    "62636465666768697071727374757677787980818283848586878889909192"
    "93949596979899";

/* two digits per division: ids and counts fill most of a stream */
/* Decimal digits of v: from its bit length (1233 / 4096 is just over
 * log10 2), one more where it reaches the next power of 10. */
static size_t
digits(uint64_t v)
{
	static const uint64_t pow10[20] = {
		1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
		10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
		100000000000ULL, 1000000000000ULL, 10000000000000ULL,
		100000000000000ULL, 1000000000000000ULL,
		10000000000000000ULL, 100000000000000000ULL,
		1000000000000000000ULL, 10000000000000000000ULL,
	};
	size_t n = (size_t)(64 - __builtin_clzll(v | 1)) * 1233 >> 12;

	n += n < 20 && v >= pow10[n];
	return n > 0 ? n : 1;	/* 0 is a digit too */
}

/* Written in place from its last digit, two at a time: no copy of a
 * length known only at the end. */
size_t
fmt_u64_long(char *buf, uint64_t v)
{
	size_t n = digits(v);
	char *p = buf + n;

	while (v >= 100) {
		p -= 2;
		memcpy(p, fmt_digit_pairs + 2 * (v % 100), 2);
		v /= 100;
	}
	if (v >= 10) {
		p -= 2;
		memcpy(p, fmt_digit_pairs + 2 * v, 2);
	} else
		*--p = (char)('0' + v);
	return n;
}

size_t
fmt_i64(char *buf, int64_t v)
{
	if (v < 0) {
		buf[0] = '-';
		return 1 + fmt_u64(buf + 1, -(uint64_t)v);
	}
	return fmt_u64(buf, (uint64_t)v);
}

size_t
fmt_hex(char *buf, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";
	char tmp[16];
	size_t n = 0, i;

	do {
		tmp[n++] = digits[v & 15];
		v >>= 4;
	} while (v != 0);
	buf[0] = '0';
	buf[1] = 'x';
	for (i = 0; i < n; i++)
		buf[2 + i] = tmp[n - 1 - i];
	return n + 2;
}

size_t
fmt_dbl(char *buf, double v)
{
	int prec, n = 0;

	if (isnan(v))
		return (size_t)sprintf(buf, "NaN");
	if (isinf(v))
		return (size_t)sprintf(buf, v < 0 ? "-Inf" : "Inf");
	if (fabs(v) < 9007199254740992.0 && v == (double)(int64_t)v) {
		if (v == 0 && signbit(v))
			return (size_t)sprintf(buf, "-0");
		return fmt_i64(buf, (int64_t)v);
	}
	/* the shortest of %.1g .. %.17g that strtod reads back exactly */
	for (prec = 1; prec <= 17; prec++) {
		n = snprintf(buf, FMT_NUM_MAX, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return (size_t)n;
}

/* Percentages (tsvtop's rows) as printf's %.2f, which takes 100 ns. The
 * exact v * 100 and its double y differ by half an ulp of y, 6e-8 at most
 * below 1e9: unless y is that close to a half, both round to the same
 * integer, whose digits are printf's. Near a half, or from 1e9 on, printf
 * decides; from 1e20 on, %.2f would pass FMT_NUM_MAX: %.17g. */
size_t
fmt_fixed2(char *buf, double v)
{
	double y = v * 100, r = nearbyint(y);
	uint64_t u;
	size_t n = 0;

	if (!(fabs(v) < 1e20))		/* NaN too */
		return (size_t)snprintf(buf, FMT_NUM_MAX, "%.17g", v);
	if (!(fabs(y) < 1e9) || fabs(fabs(y - r) - 0.5) < 1e-6)
		return (size_t)snprintf(buf, FMT_NUM_MAX, "%.2f", v);
	if (signbit(v))
		buf[n++] = '-';		/* printf's -0.00 too */
	u = (uint64_t)fabs(r);
	n += fmt_u64(buf + n, u / 100);
	buf[n++] = '.';
	memcpy(buf + n, fmt_digit_pairs + 2 * (u % 100), 2);
	return n + 2;
}

void
out_escaped(struct output *o, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, run = 0;
	char esc;

	if (n == 0)		/* s may be NULL (an empty protobuf string) */
		return;
	if (field_is_na(s, n)) {
		out_write(o, "\\NA", 3);
		return;
	}
	/* eight bytes at a time to the next that may need an escape */
	while ((i = field_skip_plain(u, i, n)) < n) {
		switch (s[i]) {
		case '\\': esc = '\\'; break;
		case '\t': esc = 't'; break;
		case '\n': esc = 'n'; break;
		case '\r': esc = 'r'; break;
		default: i++; continue;		/* a NUL: as it is */
		}
		out_write(o, s + run, i - run);
		out_char(o, '\\');
		out_char(o, esc);
		run = ++i;
	}
	out_write(o, s + run, n - run);
}
