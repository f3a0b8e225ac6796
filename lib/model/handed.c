/*
 * A sample as a record: id, source, line, the values (type, unit, then
 * the integer zigzagged, or a mark and the double's 8 bytes), the
 * location indices, the labels (strings as index + 1, so NA is 0), and
 * whether it has a time, then the time zigzagged.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/records.h"
#include "model/handed.h"

enum { V_INT, V_DBL };

int
handed_open(struct handed *h, int fd, struct perr *e)
{
	memset(h, 0, sizeof(*h));
	return output_fd(&h->out, fd, "a temporary file", e);
}

void
handed_close(struct handed *h)
{
	output_discard(&h->out);
	free(h->rec);
	h->rec = NULL;
}

int
handed_put(struct handed *h, const struct sample *s, long line)
{
	size_t n = 0, i, need = VARINT_MAX * (7 + 4 * s->nvals + s->nlocs +
	    5 * s->nlabels) + 8 * s->nvals + 1;
	uint8_t *b, len[VARINT_MAX];

	if (array_grow((void **)&h->rec, &h->caprec, need, 1) < 0)
		return -1;
	b = h->rec;
	n += varint_put(b + n, s->id);
	n += varint_put(b + n, s->source);
	n += varint_put(b + n, (uint64_t)line);
	n += varint_put(b + n, s->nvals);
	for (i = 0; i < s->nvals; i++) {
		const struct svalue *v = &s->vals[i];
		n += varint_put(b + n, v->type);
		n += varint_put(b + n, v->unit);
		if (num_is_int(v->value)) {
			b[n++] = V_INT;
			n += varint_put(b + n, zigzag(v->value.i));
		} else {
			b[n++] = V_DBL;
			memcpy(b + n, &v->value.d, 8);
			n += 8;
		}
	}
	n += varint_put(b + n, s->nlocs);
	for (i = 0; i < s->nlocs; i++)
		n += varint_put(b + n, s->locs[i]);
	n += varint_put(b + n, s->nlabels);
	for (i = 0; i < s->nlabels; i++) {
		const struct slabel *l = &s->labels[i];
		n += varint_put(b + n, l->key);
		n += varint_put(b + n, (uint64_t)l->str + 1);
		n += varint_put(b + n, (uint64_t)l->num_unit + 1);
		b[n++] = (uint8_t)l->num_na;
		n += varint_put(b + n, zigzag(l->num));
	}
	b[n++] = (uint8_t)(s->has_time != 0);
	if (s->has_time)
		n += varint_put(b + n, zigzag(s->time));
	out_write(&h->out, len, varint_put(len, n));
	out_write(&h->out, b, n);
	h->n++;
	return 0;
}

/* Record [q, end) as s (its arrays allocated here); 0, -1 when out of
 * memory (errno ENOMEM) or not a record of handed_put's (EIO). */
static int
decode(const uint8_t *q, const uint8_t *end, struct sample *s, long *line)
{
	uint64_t n, i;

	memset(s, 0, sizeof(*s));
	s->id = (uint32_t)varint_next(&q, end);
	s->source = (uint32_t)varint_next(&q, end);
	*line = (long)varint_next(&q, end);
	s->defined = 1;
	/* each element takes a byte at least: a count past the bytes left
	 * is not one of ours */
	if ((n = varint_next(&q, end)) > (uint64_t)(end - q))
		goto bad;
	if (n > 0 && (s->vals = malloc(n * sizeof(*s->vals))) == NULL)
		goto nomem;
	s->nvals = s->capvals = n;
	for (i = 0; i < n; i++) {
		struct svalue *v = &s->vals[i];
		v->type = (uint32_t)varint_next(&q, end);
		v->unit = (uint32_t)varint_next(&q, end);
		if (q < end && *q == V_INT) {
			q++;
			v->value = num_of_i64(unzigzag(varint_next(&q, end)));
		} else if (q < end && *q == V_DBL && end - q > 8) {
			memcpy(&v->value.d, q + 1, 8);
			v->value = num_of_dbl(v->value.d);
			q += 9;
		} else
			goto bad;
	}
	if ((n = varint_next(&q, end)) > (uint64_t)(end - q))
		goto bad;
	if (n > 0 && ((s->locs = malloc(n * sizeof(*s->locs))) == NULL ||
	    (s->depths = malloc(n * sizeof(*s->depths))) == NULL))
		goto nomem;
	s->nlocs = s->caplocs = s->capdepths = n;
	for (i = 0; i < n; i++) {
		s->locs[i] = (uint32_t)varint_next(&q, end);
		s->depths[i] = (uint32_t)i + 1;
	}
	if ((n = varint_next(&q, end)) > (uint64_t)(end - q))
		goto bad;
	if (n > 0 && (s->labels = malloc(n * sizeof(*s->labels))) == NULL)
		goto nomem;
	s->nlabels = s->caplabels = n;
	for (i = 0; i < n; i++) {
		struct slabel *l = &s->labels[i];
		l->key = (uint32_t)varint_next(&q, end);
		l->str = (uint32_t)(varint_next(&q, end) - 1);
		l->num_unit = (uint32_t)(varint_next(&q, end) - 1);
		l->num_na = q < end && *q++ != 0;
		l->num = unzigzag(varint_next(&q, end));
	}
	if (q < end && (s->has_time = *q++ != 0))
		s->time = unzigzag(varint_next(&q, end));
	if (q == end)
		return 0;
bad:
	errno = EIO;
	return -1;
nomem:
	errno = ENOMEM;
	return -1;
}

int
handed_replay(struct handed *h, const char *name,
    int (*add)(void *ctx, struct sample *s, long line), void *ctx,
    struct perr *e)
{
	struct rec_reader r;
	struct sample s;
	const uint8_t *q;
	size_t n;
	uint64_t i;
	long line;
	int rc = 0;

	out_flush(&h->out);
	if (h->out.err != 0)
		return perr_set(e, "%s: keeping the samples handed over in a "
		    "temporary file: %s", name, strerror(h->out.err));
	rec_reader_start(&r, h->out.fd);
	for (i = 0; i < h->n && rc == 0; i++) {
		if (rec_next(&r, &q, &n) <= 0) {
			rc = perr_set(e, "%s: reading a temporary file: %s",
			    name, strerror(r.err != 0 ? r.err : EIO));
			break;
		}
		if (decode(q, q + n, &s, &line) < 0) {
			rc = errno == ENOMEM ? perr_nomem(e) : perr_set(e,
			    "%s: reading a temporary file: %s", name,
			    strerror(EIO));
			free(s.vals);
			free(s.locs);
			free(s.depths);
			free(s.labels);
			break;
		}
		rc = add(ctx, &s, line);
	}
	rec_reader_free(&r);
	return rc;
}
