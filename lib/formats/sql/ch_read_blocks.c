/*
 * The sample blocks of a ClickHouse read (ch_read_impl.h): the query of
 * those a selection may need (the server's coarse part: by source and
 * time span), each row decoded, and the samples the selection keeps
 * picked by the rules SQLite's reader applies (sql_sources.c).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/fmt.h"
#include "formats/sql/ch_read_impl.h"

/* The blocks that may hold samples selected: of the sources kept, not
 * wholly outside the window. */
int
chr_blocks_sql(struct chr *r)
{
	const struct sql_select *s = r->sel;
	struct cbuf { char *p; size_t n, cap; } b = { 0 };
	char num[FMT_NUM_MAX + 4];
	size_t i, kept = 0;
	int any = 0;
	const char *cols = "SELECT first, source_id, stack_id, kind_id, value, "
	    "value_text, time, timed, label_key, label_str, label_num, "
	    "label_num_unit, label_na FROM sample_blocks";
#define PUT(s) do { size_t n_ = strlen(s); if (array_grow((void **)&b.p, \
	    &b.cap, b.n + n_ + 1, 1) < 0) { free(b.p); return chr_nomem(r); } \
	    memcpy(b.p + b.n, s, n_ + 1); b.n += n_; } while (0)

	PUT(cols);
	PUT(" WHERE 1 = 1");
	for (i = 0; i < r->src.n; i++)
		kept += r->src.v[i].keep;
	if (kept < r->src.n) {
		PUT(" AND hasAny(source_id, [");
		for (i = 0; i < r->src.n; i++)
			if (r->src.v[i].keep) {
				num[fmt_u64(num, r->src.v[i].key)] = '\0';
				if (any++)
					PUT(",");
				PUT(num);
			}
		PUT("])");
	}
	/* a block whose samples all have times, all outside the window */
	if (s->window.has_from || s->window.has_to) {
		PUT(" AND NOT (arrayAll(x -> x = 1, timed) AND (0");
		if (s->window.has_from) {
			PUT(" OR time_max < ");
			num[fmt_i64(num, s->window.from)] = '\0';
			PUT(num);
		}
		if (s->window.has_to) {
			PUT(" OR time_min >= ");
			num[fmt_i64(num, s->window.to)] = '\0';
			PUT(num);
		}
		PUT("))");
	}
	/* a script run twice: its blocks once */
	PUT(" ORDER BY made, load, first LIMIT 1 BY made, load, first");
#undef PUT
	r->blocks_sql = b.p;
	return 0;
}

/* Reads an Array(T) of fixed-size numbers into *v (grown). */
static int
arr_u64(struct chr *r, uint64_t **v, size_t cap, uint64_t want)
{
	uint64_t n, i;

	(void)cap;
	if (ch_len(r->h, &n, r->e) < 0)
		return -1;
	if (n != want)
		return perr_set(r->e, "%s: a sample block whose arrays differ "
		    "in length", r->src.name);
	for (i = 0; i < n; i++)
		if (ch_u64(r->h, &(*v)[i], r->e) < 0)
			return -1;
	return 0;
}

static int
arena_put(struct chr *r, const char *p, size_t n, size_t *off)
{
	struct blk *b = &r->b;

	if (array_grow((void **)&b->arena, &b->caparena, b->narena + n + 1,
	    1) < 0)
		return chr_nomem(r);
	memcpy(b->arena + b->narena, p, n);
	b->arena[b->narena + n] = '\0';
	*off = b->narena;
	b->narena += n + 1;
	return 0;
}

static int
arena_text(struct chr *r, size_t *off)
{
	const char *p;
	size_t n;

	if (ch_text(r->h, &p, &n, r->e) < 0)
		return -1;
	return arena_put(r, p, n, off);
}

/* A row of sample_blocks into r->b. */
static int
read_block(struct chr *r)
{
	struct blk *b = &r->b;
	uint64_t n, i, j, m;
	int k;

	b->narena = b->nints = b->nl = 0;
	if (ch_u32(r->h, &b->first, r->e) < 0 || ch_len(r->h, &n, r->e) < 0)
		return -1;
	if (n > CH_BLOCK * 64)
		return perr_set(r->e, "%s: a sample block of %" PRIu64
		    " samples", r->src.name, n);
	if (n > b->cap) {
#define GROW(f) if ((b->f = realloc(b->f, n * sizeof(*b->f))) == NULL) \
	return chr_nomem(r)
		GROW(src); GROW(stk); GROW(knd); GROW(time); GROW(timed);
		GROW(vals); GROW(labels); GROW(vtext);
#undef GROW
		b->cap = n;
	}
	b->n = (uint32_t)n;
	for (i = 0; i < n; i++)
		if (ch_u64(r->h, &b->src[i], r->e) < 0)
			return -1;
	if (arr_u64(r, &b->stk, 0, n) < 0 || arr_u64(r, &b->knd, 0, n) < 0)
		return -1;
	/* value: Array(Array(Int64)) */
	if (ch_len(r->h, &m, r->e) < 0 || m != n)
		return m != n ? perr_set(r->e, "%s: a sample block whose "
		    "arrays differ in length", r->src.name) : -1;
	for (i = 0; i < n; i++) {
		if (ch_len(r->h, &m, r->e) < 0)
			return -1;
		b->vals[i].off = b->nints;
		b->vals[i].n = (uint32_t)m;
		if (array_grow((void **)&b->ints, &b->capints, b->nints + m,
		    sizeof(*b->ints)) < 0)
			return chr_nomem(r);
		for (j = 0; j < m; j++)
			if (ch_i64(r->h, &b->ints[b->nints++], r->e) < 0)
				return -1;
	}
	if (ch_len(r->h, &m, r->e) < 0 || m != n)
		return -1;
	for (i = 0; i < n; i++) {
		if (arena_text(r, &b->vtext[i]) < 0)
			return -1;
		if (b->arena[b->vtext[i]] == '\0')
			b->vtext[i] = SIZE_MAX;
	}
	if (ch_len(r->h, &m, r->e) < 0 || m != n)
		return -1;
	for (i = 0; i < n; i++)
		if (ch_i64(r->h, &b->time[i], r->e) < 0)
			return -1;
	if (ch_len(r->h, &m, r->e) < 0 || m != n)
		return -1;
	for (i = 0; i < n; i++)
		if (ch_u8(r->h, &b->timed[i], r->e) < 0)
			return -1;
	/* labels: key, str, num, num_unit, na; each Array(Array(...)):
	 * the keys first, which tell how many the others hold */
	if (ch_len(r->h, &m, r->e) < 0 || m != n)
		return -1;
	for (i = 0; i < n; i++) {
		if (ch_len(r->h, &m, r->e) < 0)
			return -1;
		b->labels[i].off = b->nl;
		b->labels[i].n = (uint32_t)m;
		if (array_grow((void **)&b->lkey, &b->caplkey, b->nl + m + 1,
		    sizeof(*b->lkey)) < 0)
			return chr_nomem(r);
		for (j = 0; j < m; j++)
			if (arena_text(r, &b->lkey[b->nl++]) < 0)
				return -1;
	}
	if (b->nl + 1 > b->capl) {
		b->capl = b->nl + 1;
		if ((b->lstr = realloc(b->lstr, b->capl * sizeof(size_t))) ==
		    NULL || (b->lunit = realloc(b->lunit, b->capl *
		    sizeof(size_t))) == NULL || (b->lnum = realloc(b->lnum,
		    b->capl * sizeof(int64_t))) == NULL || (b->lna =
		    realloc(b->lna, b->capl)) == NULL) {
			b->capl = 0;
			return chr_nomem(r);
		}
	}
	for (k = 1; k < 5; k++) {
		if (ch_len(r->h, &m, r->e) < 0 || m != n)
			return -1;
		for (i = 0; i < n; i++) {
			if (ch_len(r->h, &m, r->e) < 0)
				return -1;
			if (m != b->labels[i].n)
				return perr_set(r->e, "%s: a sample's labels "
				    "differ in length", r->src.name);
			for (j = 0; j < m; j++) {
				size_t at = b->labels[i].off + j;

				if (k == 1 && arena_text(r, &b->lstr[at]) < 0)
					return -1;
				if (k == 2 && ch_i64(r->h, &b->lnum[at], r->e) <
				    0)
					return -1;
				if (k == 3 && arena_text(r, &b->lunit[at]) < 0)
					return -1;
				if (k == 4 && ch_u8(r->h, &b->lna[at], r->e) <
				    0)
					return -1;
			}
		}
	}
	return 0;
}

/* Whether sample i of the block (its time at *t, summed from the block's
 * deltas) is selected; its source at *sr. */
static int
selected(struct chr *r, uint32_t i, int64_t t, struct sql_source **sr)
{
	const struct sql_select *s = r->sel;
	const struct blk *b = &r->b;
	size_t k, j, l, n;
	int hit;

	if ((*sr = sql_sources_of(&r->src, b->src[i])) == NULL ||
	    !(*sr)->keep)
		return 0;
	if (!sql_sample_in_window(s, *sr, b->timed[i], t))
		return 0;
	/* labels: each key once, any of its values, as a string or a
	 * number */
	for (k = 0; k < s->nlabels; k++) {
		n = (size_t)(strchr(s->labels[k], '=') - s->labels[k]);
		for (j = 0; j < k; j++)
			if (strncmp(s->labels[j], s->labels[k], n + 1) == 0)
				break;
		if (j < k)
			continue;
		for (l = b->labels[i].off, hit = 0; !hit &&
		    l < b->labels[i].off + b->labels[i].n; l++)
			for (j = k; !hit && j < s->nlabels; j++)
				hit = sql_label_matches(s->labels[j],
				    b->arena + b->lkey[l],
				    strlen(b->arena + b->lkey[l]),
				    b->lna[l] & CH_NA_STR ? NULL :
				    b->arena + b->lstr[l],
				    strlen(b->arena + b->lstr[l]),
				    (b->lna[l] & CH_NA_NUM) != 0, b->lnum[l]);
		if (!hit)
			return 0;
	}
	return 1;
}

/* Each sample of the blocks selected that the selection keeps, to fn. */
int
chr_each_sample(struct chr *r, sample_fn_ fn)
{
	struct sql_source *sr;
	int64_t t;
	uint32_t i;
	int rc;

	if (ch_http_query(r->h, r->blocks_sql, r->e) < 0)
		return -1;
	while ((rc = ch_more(r->h, r->e)) == 1) {
		if (read_block(r) < 0) {
			rc = -1;
			break;
		}
		for (i = 0, t = 0; i < r->b.n && rc >= 0; i++) {
			if (r->b.timed[i])
				t = (int64_t)((uint64_t)t +
				    (uint64_t)r->b.time[i]);
			if (selected(r, i, t, &sr) && fn(r, i, t, sr) < 0)
				rc = -1;
		}
		if (rc < 0)
			break;
	}
	ch_http_done(r->h);
	return rc < 0 ? -1 : 0;
}

void
chr_blk_free(struct blk *b)
{
	free(b->src);
	free(b->stk);
	free(b->knd);
	free(b->time);
	free(b->timed);
	free(b->vals);
	free(b->labels);
	free(b->vtext);
	free(b->ints);
	free(b->lkey);
	free(b->lstr);
	free(b->lunit);
	free(b->lnum);
	free(b->lna);
	free(b->arena);
}

