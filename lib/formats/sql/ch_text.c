/*
 * What ClickHouse's load script is made of (ch_write_impl.h): texts that
 * grow, ClickHouse's Values literals, the content hashes that are its
 * ids, and the rows of a table as they are put (the writer's and its
 * samples').
 */
#include <string.h>

#include "base/array.h"
#include "base/fmt.h"
#include "base/hash.h"
#include "base/siphash.h"
#include "formats/sql/ch_write_impl.h"

void
cb_put(struct cbuf *b, const void *p, size_t n)
{
	if (b->oom || array_grow((void **)&b->p, &b->cap, b->n + n + 1, 1) < 0) {
		b->oom = 1;
		return;
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

void
cb_str(struct cbuf *b, const char *s)
{
	cb_put(b, s, strlen(s));
}

void
cb_char(struct cbuf *b, char c)
{
	cb_put(b, &c, 1);
}

void
cb_i64(struct cbuf *b, int64_t v)
{
	char buf[FMT_NUM_MAX];

	cb_put(b, buf, fmt_i64(buf, v));
}

void
cb_u64(struct cbuf *b, uint64_t v)
{
	char buf[FMT_NUM_MAX];

	cb_put(b, buf, fmt_u64(buf, v));
}

/* A string literal as ClickHouse's Values format reads it, on one line. */
void
cb_quoted(struct cbuf *b, const char *s, size_t n)
{
	const char *end = s + n, *run = s;
	char esc[2] = { '\\', 0 };

	cb_char(b, '\'');
	for (; s < end; s++) {
		esc[1] = *s == '\\' ? '\\' : *s == '\'' ? '\'' : *s == '\n' ?
		    'n' : *s == '\r' ? 'r' : *s == '\t' ? 't' : *s == '\0' ?
		    '0' : 0;
		if (esc[1] == 0)
			continue;
		cb_put(b, run, (size_t)(s - run));
		cb_put(b, esc, 2);
		run = s + 1;
	}
	cb_put(b, run, (size_t)(end - run));
	cb_char(b, '\'');
}

/* The content hash of a row: its columns put in order, each text with its
 * length, each NA marked, under a tag per table. */
void
hb_u64(struct cbuf *b, uint64_t v)
{
	unsigned char le[8];
	int i;

	for (i = 0; i < 8; i++)
		le[i] = (unsigned char)(v >> (8 * i));
	cb_put(b, le, 8);
}

void
hb_text(struct cbuf *b, const char *s, size_t n)
{
	hb_u64(b, n);
	cb_put(b, s, n);
}

void
hb_opt(struct cbuf *b, int na, uint64_t v)
{
	cb_char(b, na ? 0 : 1);
	if (!na)
		hb_u64(b, v);
}

uint64_t
hb_hash(const struct cbuf *b)
{
	static const unsigned char key[16];
	uint64_t h = siphash24(key, b->p, b->n);

	/* the one value a u64map cannot hold */
	return h == U64MAP_EMPTY ? h - 1 : h;
}

/* The row in w->row is a tuple of table t. */
void
ch_put_tuple(struct ch_writer *w, enum ch_table t)
{
	struct tuples *tp = &w->tb[t];

	if (tp->n++ > 0)
		out_char(&tp->o, ',');
	out_write(&tp->o, w->row.p, w->row.n);
}

void
ch_row_of_load(struct ch_writer *w)
{
	w->row.n = 0;
	cb_char(&w->row, '(');
	cb_u64(&w->row, w->made);
	cb_char(&w->row, ',');
	cb_u64(&w->row, w->load);
	cb_char(&w->row, ',');
}

uint64_t
ch_source_hash(struct ch_writer *w, int64_t id)
{
	w->hb.n = 0;
	cb_char(&w->hb, 'R');
	hb_u64(&w->hb, w->load);
	hb_u64(&w->hb, (uint64_t)id);
	return hb_hash(&w->hb);
}
