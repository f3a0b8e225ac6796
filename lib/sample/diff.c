/*
 * pprof's -base total (diff.h). A sample's key is its locations (the
 * combined stream's: equal ones are one) and its labels, as 32-bit words.
 * The labels are sorted by kind and key as pprof's sampleKey sorts them:
 * Go writes a sample's labels in its map's random order, so two runs
 * name one label set in different orders. Values under one key keep
 * their order, which pprof's key keeps too.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "sample/diff.h"

static int
diff_put(struct diff_merge *d, size_t *n, uint32_t w)
{
	if (ARRAY_ROOM(d->buf, *n, d->capbuf) < 0)
		return -1;
	d->buf[(*n)++] = w;
	return 0;
}

static int
by_kind_key(const void *a, const void *b)
{
	const uint32_t *x = a, *y = b;	/* kind, key, index */
	int i;

	for (i = 0; i < 3; i++)
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	return 0;
}

/* d->order: sample s's labels as (kind, key, index), sorted. */
static int
sort_labels(struct diff_merge *d, const struct sample *s)
{
	size_t i;

	if (s->nlabels == 0)
		return 0;	/* qsort's array may not be NULL */
	if (array_grow((void **)&d->order, &d->caporder, s->nlabels,
	    sizeof(*d->order)) < 0)
		return -1;
	for (i = 0; i < s->nlabels; i++) {
		d->order[i][0] = s->labels[i].num_na ? 0 : 1;
		d->order[i][1] = s->labels[i].key;
		d->order[i][2] = (uint32_t)i;
	}
	qsort(d->order, s->nlabels, sizeof(*d->order), by_kind_key);
	return 0;
}

int
diff_merge_add(struct diff_merge *d, const struct sample *s,
    struct measure_value *v, size_t n, int base, const double *ratio,
    size_t nratio)
{
	size_t i, len = 0;
	int64_t k;
	uint32_t *slot;
	int added;

	for (i = 0; i < s->nlocs; i++)
		if (diff_put(d, &len, s->locs[i]) < 0)
			return -1;
	if (diff_put(d, &len, UINT32_MAX) < 0)	/* the stack ends */
		return -1;
	if (sort_labels(d, s) < 0)
		return -1;
	for (i = 0; i < s->nlabels; i++) {
		const struct slabel *l = &s->labels[d->order[i][2]];
		uint64_t num = (uint64_t)l->num;
		if (diff_put(d, &len, l->key) < 0 || diff_put(d, &len, l->str) < 0 ||
		    diff_put(d, &len, l->num_unit) < 0 ||
		    diff_put(d, &len, l->num_na ? UINT32_MAX : (uint32_t)num) < 0 ||
		    diff_put(d, &len, l->num_na ? UINT32_MAX : (uint32_t)(num >>
		    32)) < 0)
			return -1;
	}
	if ((k = strtab_intern(&d->keys, (const char *)d->buf,
	    len * sizeof(*d->buf))) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		uint64_t key = (uint64_t)k << 32 | v[i].type;
		if ((slot = u64map_put(&d->slots, key, (uint32_t)d->npb,
		    &added)) == NULL)
			return -1;
		if (added) {
			if (ARRAY_ROOM(d->pb, d->npb, d->cappb) < 0)
				return -1;
			d->pb[d->npb][0] = d->pb[d->npb][1] = 0;
			d->npb++;
		}
		if (!base && ratio != NULL && v[i].type < nratio) {
			double r = ratio[v[i].type], was = d->pb[*slot][0];
			d->pb[*slot][0] += v[i].v.d;
			v[i].v = num_of_dbl(round(r * d->pb[*slot][0]) -
			    round(r * was));
		} else
			d->pb[*slot][base != 0] += v[i].v.d;
	}
	return 0;
}

/* A merged sample's figure of c on one side. */
static double
side(const struct diff_merge *d, uint64_t sample, const struct measure_choice
    *c, int base)
{
	uint32_t *v = u64map_get(&d->slots, sample << 32 | (uint32_t)c->type);
	uint32_t *x = c->extra >= 0 ? u64map_get(&d->slots, sample << 32 |
	    (uint32_t)c->extra) : NULL;

	return (v ? d->pb[*v][base] : 0) * c->scale + (x ? d->pb[*x][base] :
	    0);
}

double
diff_merge_total(const struct diff_merge *d, const struct measure_choice *c,
    double ratio)
{
	double total = 0, x;
	size_t i;

	for (i = 0; i < d->keys.n; i++) {
		x = side(d, i, c, 0);
		if (ratio != 1)
			x = round(ratio * x);
		x -= side(d, i, c, 1);
		total += x < 0 ? -x : x;
	}
	return total;
}

void
diff_merge_free(struct diff_merge *d)
{
	strtab_free(&d->keys);
	u64map_free(&d->slots);
	free(d->pb);
	free(d->buf);
	free(d->order);
	memset(d, 0, sizeof(*d));
}
