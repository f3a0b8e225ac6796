#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/array.h"
#include "base/records.h"

void
rec_reader_start(struct rec_reader *r, int fd)
{
	memset(r, 0, sizeof(*r));
	r->fd = fd;
	if (lseek(fd, 0, SEEK_SET) < 0)
		r->err = errno;
}

void
rec_reader_free(struct rec_reader *r)
{
	free(r->buf);
	r->buf = NULL;
	r->cap = 0;
}

/* Makes n bytes available at r->buf + r->pos: 1, 0 at the end of the file
 * before any of them, -1 on error. */
static int
need(struct rec_reader *r, size_t n)
{
	ssize_t got;
	size_t had;

	if (r->len - r->pos >= n)
		return 1;
	if (r->pos > 0) {
		memmove(r->buf, r->buf + r->pos, r->len - r->pos);
		r->len -= r->pos;
		r->pos = 0;
	}
	if (array_grow((void **)&r->buf, &r->cap, n > 65536 ? n : 65536,
	    1) < 0) {
		r->err = ENOMEM;
		return -1;
	}
	had = r->len;
	while (r->len < n) {
		got = read(r->fd, r->buf + r->len, r->cap - r->len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			r->err = errno;
			return -1;
		}
		if (got == 0) {
			if (r->len == 0 && had == 0)
				return 0;
			r->err = EIO;
			return -1;
		}
		r->len += (size_t)got;
	}
	return 1;
}

int
rec_next(struct rec_reader *r, const uint8_t **p, size_t *n)
{
	const uint8_t *q;
	size_t k;
	int rc;

	if (r->err != 0)
		return -1;
	/* the length: its last byte has the high bit clear */
	for (k = 1; k <= VARINT_MAX; k++) {
		if ((rc = need(r, k)) <= 0)
			return k == 1 ? rc : -1;
		if (!(r->buf[r->pos + k - 1] & 0x80))
			break;
	}
	q = r->buf + r->pos;
	*n = (size_t)varint_next(&q, q + k);
	r->pos += k;
	if (*n > SIZE_MAX / 2 || need(r, *n) <= 0) {
		if (r->err == 0)
			r->err = EIO;
		return -1;
	}
	*p = r->buf + r->pos;
	r->pos += *n;
	return 1;
}
