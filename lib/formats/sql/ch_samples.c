/*
 * The samples of a ClickHouse load script (ch_write_impl.h): each a
 * record in a staging file as it comes (its values, labels and time; the
 * stager's stack and kind), read back into rows of sample_blocks once
 * the stacks' hashes are known, CH_BLOCK samples a row.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "base/fmt.h"
#include "base/records.h"
#include "base/varint.h"
#include "formats/sql/ch_write_impl.h"

/* Sample records: varints (zigzag for signed) and texts with lengths. */
static void
rec_u(struct cbuf *b, uint64_t v)
{
	uint8_t buf[10];

	cb_put(b, buf, varint_put(buf, v));
}

static void
rec_text(struct cbuf *b, const union cell *v, int na)
{
	rec_u(b, na ? 0 : v->s.n + 1);
	if (!na)
		cb_put(b, v->s.p, v->s.n);
}

/* A sample, its values: source, stack, kind, the values (0 and the
 * integer, or 1 and a double's bits), then its labels and time. */
static void
rec_num(struct cbuf *b, struct num n)
{
	uint64_t bits;

	if (num_is_int(n)) {
		rec_u(b, 0);
		rec_u(b, zigzag(n.i));
		return;
	}
	memcpy(&bits, &n.d, 8);
	rec_u(b, 1);
	rec_u(b, bits);
}

void
ch_sample(struct ch_writer *w, const union cell *v, const unsigned char *st)
{
	const char *more, *end;
	struct cbuf vals = { 0 };
	uint64_t nv = 0;
	int i;

	w->rec.n = 0;
	rec_u(&w->rec, (uint64_t)v[SST_SOURCE].i);
	rec_u(&w->rec, (uint64_t)v[SST_STACK].i);
	rec_u(&w->rec, (uint64_t)v[SST_KIND].i);
	for (i = 0; i < SQL_VALUE_COLUMNS && st[SST_VALUE_1 + i] != CELL_NA;
	    i++, nv++)
		rec_num(&vals, v[SST_VALUE_1 + i].n);
	/* values past the columns come as text, sql_fmt_num's, by commas */
	if (st[SST_MORE_VALUES] != CELL_NA) {
		more = v[SST_MORE_VALUES].s.p;
		end = more + v[SST_MORE_VALUES].s.n;
		for (; more < end; nv++) {
			rec_num(&vals, sql_num_text(&more));
			if (more < end && *more == ',')
				more++;
		}
	}
	rec_u(&w->rec, nv);
	cb_put(&w->rec, vals.p, vals.n);
	if (vals.oom)
		w->rec.oom = 1;
	free(vals.p);
	w->rec_nlabels_at = w->rec.n;
	w->rec_labels = 0;
	w->rec_timed = 0;
}

void
ch_sample_label(struct ch_writer *w, const union cell *v, const unsigned char *st)
{
	rec_text(&w->rec, &v[LB_KEY], 0);
	rec_text(&w->rec, &v[LB_STR], st[LB_STR] == CELL_NA);
	rec_u(&w->rec, st[LB_NUM] == CELL_NA ? 0 : 1);
	rec_u(&w->rec, zigzag(v[LB_NUM].i));
	rec_text(&w->rec, &v[LB_NUM_UNIT], st[LB_NUM_UNIT] == CELL_NA);
	w->rec_labels++;
}

/* The sample record ends: its labels' count before them, its time. */
void
ch_sample_end(struct ch_writer *w)
{
	struct cbuf tail = { 0 };
	uint8_t len[10];

	rec_u(&tail, w->rec_labels);
	cb_put(&tail, w->rec.p + w->rec_nlabels_at, w->rec.n -
	    w->rec_nlabels_at);
	rec_u(&tail, (uint64_t)w->rec_timed);
	rec_u(&tail, zigzag(w->rec_time));
	w->rec.n = w->rec_nlabels_at;
	cb_put(&w->rec, tail.p, tail.n);
	free(tail.p);
	if (tail.oom)
		w->rec.oom = 1;
	out_write(&w->so, len, varint_put(len, w->rec.n));
	out_write(&w->so, w->rec.p, w->rec.n);
	w->nsamples++;
}

/* A block of samples being made: a text per column of sample_blocks
 * from CHB_SOURCE on. */
struct block {
	struct cbuf col[CHB_COLS];
	uint32_t n, first;
	int64_t tmin, tmax, last;
	int timed;
};

static void
block_open(struct cbuf *b, uint32_t n)
{
	cb_char(b, n > 0 ? ',' : '[');
}

static void
block_text(struct cbuf *b, const uint8_t **p, const uint8_t *end)
{
	uint64_t n = varint_next(p, end);

	if (n > 0 && (uint64_t)(end - *p) >= n - 1) {
		cb_quoted(b, (const char *)*p, n - 1);
		*p += n - 1;
	} else
		cb_str(b, "''");
}

/* One sample's record into the block: 0, or -1 for a record that is not
 * one of ours. */
static int
block_add(struct ch_writer *w, struct block *k, size_t stack0,
    const uint8_t *p, size_t len)
{
	const uint8_t *end = p + len;
	struct cbuf *c = k->col;
	uint64_t src, stk, knd, nv, i, tag, x, nl;
	char num[FMT_NUM_MAX];
	int ints = 1, timed;
	int64_t t;
	double d;
	const uint8_t *vals;

	src = varint_next(&p, end);
	stk = varint_next(&p, end);
	knd = varint_next(&p, end);
	if (stk == 0 || stk > w->nstacks || knd == 0 || knd > w->nkinds)
		return -1;
	block_open(&c[CHB_SOURCE], k->n);
	cb_u64(&c[CHB_SOURCE], ch_source_hash(w, (int64_t)src));
	block_open(&c[CHB_STACK], k->n);
	cb_u64(&c[CHB_STACK], w->hashes[stack0 + stk - 1]);
	block_open(&c[CHB_KIND], k->n);
	cb_u64(&c[CHB_KIND], w->kinds[knd - 1]);
	/* the values as integers, or all as text when one is not */
	nv = varint_next(&p, end);
	vals = p;
	for (i = 0; i < nv; i++) {
		if (varint_next(&p, end) != 0)
			ints = 0;
		(void)varint_next(&p, end);
	}
	block_open(&c[CHB_VALUE], k->n);
	block_open(&c[CHB_VALUE_TEXT], k->n);
	cb_char(&c[CHB_VALUE], '[');
	cb_char(&c[CHB_VALUE_TEXT], '\'');
	for (p = vals, i = 0; i < nv; i++) {
		tag = varint_next(&p, end);
		x = varint_next(&p, end);
		if (ints) {
			if (i > 0)
				cb_char(&c[CHB_VALUE], ',');
			cb_i64(&c[CHB_VALUE], unzigzag(x));
			continue;
		}
		if (i > 0)
			cb_char(&c[CHB_VALUE_TEXT], ',');
		if (tag == 0)
			cb_i64(&c[CHB_VALUE_TEXT], unzigzag(x));
		else {
			memcpy(&d, &x, 8);
			cb_put(&c[CHB_VALUE_TEXT], num,
			    sql_fmt_num(SQL_CLICKHOUSE, num, num_of_dbl(d)));
		}
	}
	cb_char(&c[CHB_VALUE], ']');
	cb_char(&c[CHB_VALUE_TEXT], '\'');
	/* labels */
	nl = varint_next(&p, end);
	for (i = CHB_LABEL_KEY; i <= CHB_LABEL_NA; i++) {
		block_open(&c[i], k->n);
		cb_char(&c[i], '[');
	}
	for (i = 0; i < nl; i++) {
		unsigned na = 0;

		if (i > 0)
			for (x = CHB_LABEL_KEY; x <= CHB_LABEL_NA; x++)
				cb_char(&c[x], ',');
		block_text(&c[CHB_LABEL_KEY], &p, end);
		if (*p == 0)
			na |= CH_NA_STR;
		block_text(&c[CHB_LABEL_STR], &p, end);
		if (varint_next(&p, end) == 0)
			na |= CH_NA_NUM;
		cb_i64(&c[CHB_LABEL_NUM], unzigzag(varint_next(&p, end)));
		if (*p == 0)
			na |= CH_NA_UNIT;
		block_text(&c[CHB_LABEL_UNIT], &p, end);
		cb_u64(&c[CHB_LABEL_NA], na);
	}
	for (i = CHB_LABEL_KEY; i <= CHB_LABEL_NA; i++)
		cb_char(&c[i], ']');
	/* its time: from the block's timed sample before it (wrapping, as
	 * arrayCumSum and the reader add them up) */
	timed = varint_next(&p, end) != 0;
	t = unzigzag(varint_next(&p, end));
	block_open(&c[CHB_TIME], k->n);
	block_open(&c[CHB_TIMED], k->n);
	cb_i64(&c[CHB_TIME], timed ? (int64_t)((uint64_t)t -
	    (uint64_t)k->last) : 0);
	cb_char(&c[CHB_TIMED], timed ? '1' : '0');
	if (timed) {
		k->last = t;
		if (!k->timed || t < k->tmin)
			k->tmin = t;
		if (!k->timed || t > k->tmax)
			k->tmax = t;
		k->timed = 1;
	}
	k->n++;
	return p == end ? 0 : -1;
}

/* The block as a row of sample_blocks; emptied. */
static void
block_put(struct ch_writer *w, struct block *k)
{
	int i;

	ch_row_of_load(w);
	cb_u64(&w->row, k->first);
	cb_char(&w->row, ',');
	/* no time: an empty span, which no window meets */
	cb_i64(&w->row, k->timed ? k->tmin : INT64_MAX);
	cb_char(&w->row, ',');
	cb_i64(&w->row, k->timed ? k->tmax : INT64_MIN);
	for (i = CHB_SOURCE; i < CHB_COLS; i++) {
		cb_char(&w->row, ',');
		cb_put(&w->row, k->col[i].p, k->col[i].n);
		cb_char(&w->row, ']');
		k->col[i].n = 0;
	}
	cb_char(&w->row, ')');
	ch_put_tuple(w, CH_SAMPLE_BLOCKS);
	k->first += k->n;
	k->n = 0;
	k->timed = 0;
	k->last = 0;
}

int
ch_write_blocks(struct ch_writer *w, size_t stack0, struct perr *e)
{
	struct rec_reader rr;
	struct block k;
	const uint8_t *p;
	size_t n;
	int rc, i, oom = 0;

	memset(&k, 0, sizeof(k));
	k.first = 1;
	out_flush(&w->so);
	if (w->so.err != 0)
		return perr_set(e, "a staging file in TMPDIR: %s",
		    strerror(w->so.err));
	if (lseek(w->sfd, 0, SEEK_SET) < 0)
		return perr_set(e, "a staging file: %s", strerror(errno));
	rec_reader_start(&rr, w->sfd);
	while ((rc = rec_next(&rr, &p, &n)) == 1) {
		if (block_add(w, &k, stack0, p, n) < 0) {
			rc = perr_set(e, "a staging file: a sample record "
			    "not of this writer");
			break;
		}
		if (k.n == CH_BLOCK)
			block_put(w, &k);
	}
	if (rc == 0 && k.n > 0)
		block_put(w, &k);
	if (rc == -1 && rr.err != 0)
		rc = perr_set(e, "a staging file: %s", strerror(rr.err));
	rec_reader_free(&rr);
	for (i = 0; i < CHB_COLS; i++) {
		oom |= k.col[i].oom;
		free(k.col[i].p);
	}
	if (rc == 0 && (oom || w->row.oom))
		rc = perr_nomem(e);
	return rc < 0 ? -1 : 0;
}

