/*
 * pprof's -tags (tags.h). Each (key, value text) pair sums every value
 * type at once, as top.c does, so the type is chosen at the end.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "sample/figure.h"
#include "sample/tagfilter.h"
#include "views/top/tags.h"
#include "sample/units.h"

struct tags {
	struct tags_opts opts;
	struct measure m;
	struct strtab pairs;		/* "key\0value" -> pair */
	uint32_t *key_len;		/* per pair: its key's length */
	size_t capkl;
	struct numcol *sums;		/* per type, per pair */
	size_t nsums, capsums;
	char *buf;
	size_t capbuf;
};

struct tags *
tags_new(const struct tags_opts *opts, struct perr *e)
{
	struct tags *t = calloc(1, sizeof(*t));

	if (t == NULL) {
		perr_nomem(e);
		return NULL;
	}
	t->opts = *opts;
	return t;
}

static void
clear(struct tags *t)
{
	size_t i;

	for (i = 0; i < t->nsums; i++)
		numcol_free(&t->sums[i]);
	free(t->sums);
	free(t->key_len);
	free(t->buf);
	strtab_free(&t->pairs);
	measure_free(&t->m);
}

void
tags_free(struct tags *t)
{
	if (t == NULL)
		return;
	clear(t);
	free(t);
}

int
tags_restart(void *ctx, struct perr *e)
{
	struct tags *t = ctx;
	struct tags_opts opts = t->opts;

	(void)e;
	clear(t);
	memset(t, 0, sizeof(*t));
	t->opts = opts;
	return 0;
}

/* The pair of label l: its index, or -1. */
static int64_t
pair_of(struct tags *t, const struct prof *p, const struct slabel *l)
{
	const char *k = prof_str(p, l->key), *v;
	char num[64];
	size_t kn = strlen(k), vn;
	int64_t i;

	if (l->num_na)
		v = prof_str(p, l->str);
	else {	/* pprof's ScaledLabel in its default unit */
		unit_label(num, sizeof(num), (double)l->num,
		    tag_num_unit(p, l), "minimum");
		v = num;
	}
	vn = strlen(v);
	if (array_grow((void **)&t->buf, &t->capbuf, kn + vn + 1, 1) < 0)
		return -1;
	memcpy(t->buf, k, kn);
	t->buf[kn] = '\0';
	memcpy(t->buf + kn + 1, v, vn);
	if ((i = strtab_intern(&t->pairs, t->buf, kn + vn + 1)) < 0 ||
	    array_grow((void **)&t->key_len, &t->capkl, (size_t)i + 1,
	    sizeof(*t->key_len)) < 0)
		return -1;
	t->key_len[i] = (uint32_t)kn;
	return i;
}

static int
tags_add(struct tags *t, struct prof *p, const struct sample *s)
{
	size_t i, j, nv, n;
	int64_t k;

	if (measure_sample(&t->m, p, s, &nv) < 0)
		return -1;
	if ((n = t->m.types.names.n) > t->nsums) {
		if (array_grow((void **)&t->sums, &t->capsums, n,
		    sizeof(*t->sums)) < 0)
			return -1;
		memset(t->sums + t->nsums, 0, (n - t->nsums) *
		    sizeof(*t->sums));
		t->nsums = n;
	}
	for (i = 0; i < s->nlabels; i++) {
		if ((k = pair_of(t, p, &s->labels[i])) < 0)
			return -1;
		for (j = 0; j < nv; j++) {
			struct numcol *c = &t->sums[t->m.vals[j].type];
			if ((size_t)k >= c->cap && numcol_grow(c,
			    (size_t)k * 2 + 64) < 0)
				return -1;
			numcol_add(c, (size_t)k, t->m.vals[j].v);
		}
	}
	return 0;
}

int
tags_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct tags *t = ctx;

	if (!source_set_has(t->opts.sources, p, s))
		return 0;
	return tags_add(t, p, s) < 0 ? perr_nomem(e) : 0;
}

struct row {
	const char *key, *value;
	size_t klen, vlen;
	struct num v;
};

static int
cmp_key(const struct row *a, const struct row *b)
{
	return bytes_cmp(a->key, a->klen, b->key, b->klen);
}

/* Keys by name; a key's values by size, then by name (pprof's). */
static int
cmp_rows(const void *x, const void *y)
{
	const struct row *a = x, *b = y;
	int c = cmp_key(a, b);

	if (c != 0)
		return c;
	if (fabs(a->v.d) != fabs(b->v.d))
		return fabs(a->v.d) > fabs(b->v.d) ? -1 : 1;
	return bytes_cmp(a->value, a->vlen, b->value, b->vlen);
}

int
tags_write(struct tags *t, const struct prof *p, struct output *o,
    const char *want, struct perr *e)
{
	struct measure_choice c;
	struct row *rows;
	size_t i, j, n = t->pairs.n;
	double lo = 0, key_total, all = 0;

	if (measure_choose(&t->m, p, want, t->opts.unit, &c, e) < 0)
		return perr_at(e, o->name);
	if ((rows = calloc(n + 1, sizeof(*rows))) == NULL)
		return perr_nomem(e);
	for (i = 0; i < n; i++) {
		rows[i].key = strtab_str(&t->pairs, i);
		rows[i].klen = t->key_len[i];
		rows[i].value = rows[i].key + rows[i].klen + 1;
		rows[i].vlen = strtab_len(&t->pairs, i) - rows[i].klen - 1;
		rows[i].v = (size_t)c.type < t->nsums ? measure_figure(&c,
		    numcol_get(&t->sums[c.type], i), c.extra >= 0 &&
		    (size_t)c.extra < t->nsums ? numcol_get(&t->sums[c.extra],
		    i) : num_of_i64(0)) : num_of_i64(0);
		if (rows[i].v.d != 0 && (lo == 0 || fabs(rows[i].v.d) < lo))
			lo = fabs(rows[i].v.d);
		all = fmax(all, fabs(rows[i].v.d));
	}
	if (n > 0)
		qsort(rows, n, sizeof(*rows), cmp_rows);
	if (c.how == SHOW_MIN)
		c.show = figure_min_unit(&c, lo, all);
	if (!t->opts.quiet && c.type < 0)
		out_str(o, "# no samples\n");
	else if (!t->opts.quiet) {
		out_str(o, "# type: ");
		out_str(o, c.name);
		out_str(o, " (");
		out_str(o, c.unit);
		out_str(o, ")");
		if (c.how == SHOW_UNIT || c.how == SHOW_MIN) {
			out_str(o, "; values in ");
			out_str(o, c.show);
		}
		out_str(o, "; share: of the key's total\n");
	}
	out_str(o, "key\tvalue\ttotal\tshare\n");
	for (i = 0; i < n; i = j) {
		key_total = 0;
		for (j = i; j < n && cmp_key(&rows[i], &rows[j]) == 0; j++)
			key_total += rows[j].v.d;
		for (j = i; j < n && cmp_key(&rows[i], &rows[j]) == 0; j++) {
			out_escaped(o, rows[j].key, rows[j].klen);
			out_char(o, '\t');
			out_escaped(o, rows[j].value, rows[j].vlen);
			out_char(o, '\t');
			figure_write(o, &c, rows[j].v);
			out_char(o, '\t');
			share_write(o, rows[j].v.d, key_total);
			out_char(o, '\n');
		}
	}
	free(rows);
	return 0;
}
