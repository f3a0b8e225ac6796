#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/varint.h"
#include "io/spool.h"
#include "io/tmpfile.h"

#define SPOOL_BUF (64u << 10)

int
spool_open(struct spool *s, struct perr *e)
{
	memset(s, 0, sizeof(*s));
	if ((s->fd = tmp_fd(e)) < 0)
		return -1;
	if (output_fd(&s->o, s->fd, "a temporary file", e) < 0) {
		close(s->fd);
		s->fd = -1;
		return -1;
	}
	return 0;
}

void
spool_put(struct spool *s, uint64_t v)
{
	char *q = out_reserve(&s->o, VARINT_MAX);

	s->o.len += varint_put((uint8_t *)q, v);
	s->n++;
}

int
spool_rewind(struct spool *s, struct perr *e)
{
	out_flush(&s->o);
	if (s->o.err != 0)
		return perr_set(e, "a temporary file: %s", strerror(s->o.err));
	output_discard(&s->o);
	if (lseek(s->fd, 0, SEEK_SET) < 0)
		return perr_set(e, "a temporary file: %s", strerror(errno));
	if ((s->buf = malloc(SPOOL_BUF)) == NULL)
		return perr_nomem(e);
	s->reading = 1;
	s->pos = s->len = 0;
	s->end_off = 0;
	return 0;
}

uint64_t
spool_tell(const struct spool *s)
{
	return s->o.flushed + s->o.len;
}

int
spool_seek(struct spool *s, uint64_t off, struct perr *e)
{
	if (off >= s->end_off - s->len && off <= s->end_off) {
		s->pos = (size_t)(off - (s->end_off - s->len));
		return 0;
	}
	if (lseek(s->fd, (off_t)off, SEEK_SET) < 0)
		return perr_set(e, "a temporary file: %s", strerror(errno));
	s->pos = s->len = 0;
	s->end_off = off;
	s->eof = 0;
	return 0;
}

int
spool_get(struct spool *s, uint64_t *v, struct perr *e)
{
	ssize_t got;
	uint64_t r = 0;
	int shift;

	if (s->len - s->pos < VARINT_MAX && !s->eof) {
		memmove(s->buf, s->buf + s->pos, s->len - s->pos);
		s->len -= s->pos;
		s->pos = 0;
		while (s->len < SPOOL_BUF && !s->eof) {
			got = read(s->fd, s->buf + s->len, SPOOL_BUF - s->len);
			if (got < 0 && errno == EINTR)
				continue;
			if (got < 0)
				return perr_set(e, "a temporary file: %s",
				    strerror(errno));
			if (got == 0)
				s->eof = 1;
			s->len += (size_t)got;
			s->end_off += (uint64_t)got;
		}
	}
	if (s->pos == s->len)
		return 0;
	for (shift = 0; shift < 64 && s->pos < s->len; shift += 7) {
		uint8_t c = s->buf[s->pos++];
		r |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80)) {
			*v = r;
			return 1;
		}
	}
	return perr_set(e, "a temporary file: %s", strerror(EIO));
}

void
spool_close(struct spool *s)
{
	/* a spool never opened is zeros: fd 0, which a temporary file never
	 * is (the programs hold 0 to 2 open) */
	if (s->fd <= 0)
		return;
	if (!s->reading)
		output_discard(&s->o);
	close(s->fd);
	free(s->buf);
	memset(s, 0, sizeof(*s));
	s->fd = -1;
}
