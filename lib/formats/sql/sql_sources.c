/*
 * A database's sources and the selection's rules for them
 * (sql_sources.h), for every engine's reader.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/fmt.h"
#include "base/when.h"
#include "formats/sql/sql_sources.h"

int
sql_sources_add(struct sql_sources *l, uint64_t key, uint32_t id,
    const char *type, const char *uri, double timestamp, struct perr *e)
{
	struct sql_source *s;

	if (ARRAY_ROOM(l->v, l->n, l->cap) < 0 ||
	    u64map_put(&l->ix, key, (uint32_t)l->n, NULL) == NULL)
		return perr_nomem(e);
	s = &l->v[l->n];
	memset(s, 0, sizeof(*s));
	s->key = key;
	s->id = id;
	s->timestamp = timestamp;
	s->attr0 = l->nattrs;
	s->type = strdup(type != NULL ? type : "");
	s->uri = uri != NULL ? strdup(uri) : NULL;
	l->n++;
	if (s->type == NULL || (uri != NULL && s->uri == NULL))
		return perr_nomem(e);
	return 0;
}

int
sql_sources_attr(struct sql_sources *l, const char *key, const char *value,
    struct perr *e)
{
	if (l->n == 0 || ARRAY_ROOM(l->attrs, l->nattrs, l->capattrs) < 0)
		return perr_nomem(e);
	l->attrs[l->nattrs].key = strdup(key != NULL ? key : "");
	l->attrs[l->nattrs].value = strdup(value != NULL ? value : "");
	l->nattrs++;
	l->v[l->n - 1].nattrs++;
	if (l->attrs[l->nattrs - 1].key == NULL ||
	    l->attrs[l->nattrs - 1].value == NULL)
		return perr_nomem(e);
	return 0;
}

struct sql_source *
sql_sources_of(const struct sql_sources *l, uint64_t key)
{
	uint32_t *ix = u64map_get(&l->ix, key);

	return ix != NULL ? &l->v[*ix] : NULL;
}

void
sql_sources_free(struct sql_sources *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->v[i].type);
		free(l->v[i].uri);
	}
	for (i = 0; i < l->nattrs; i++) {
		free(l->attrs[i].key);
		free(l->attrs[i].value);
	}
	free(l->v);
	free(l->attrs);
	u64map_free(&l->ix);
	memset(l, 0, sizeof(*l));
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* No source has an attribute key (n bytes): the message, with the keys
 * there are, in byte order. */
static int
no_such_key(const struct sql_sources *l, const char *key, size_t n,
    struct perr *e)
{
	char keys[600] = "";
	char **all;
	size_t len = 0, i, na = 0;

	if ((all = calloc(l->nattrs + 1, sizeof(*all))) == NULL)
		return perr_nomem(e);
	for (i = 0; i < l->nattrs; i++)
		all[na++] = l->attrs[i].key;
	qsort(all, na, sizeof(*all), cmp_str);
	for (i = 0; i < na && len < sizeof(keys) - 8; i++)
		if (i == 0 || strcmp(all[i], all[i - 1]) != 0)
			len += (size_t)snprintf(keys + len, sizeof(keys) - len,
			    "%s%s", len ? ", " : "", all[i]);
	free(all);
	if (len >= sizeof(keys) - 8)
		snprintf(keys + sizeof(keys) - 8, 8, ", ...");
	return perr_set(e, "%s: no source has an attribute %.*s (the keys "
	    "there are: %s)", l->name, (int)n, key, len ? keys : "none");
}

/* Whether value is one of the values of the terms (key=value) whose key
 * is term i's (n bytes). */
static int
term_value(char *const *terms, size_t nterms, size_t i, size_t n,
    const char *value, size_t vlen)
{
	size_t j;

	for (j = i; j < nterms; j++)
		if (strncmp(terms[j], terms[i], n + 1) == 0 &&
		    strlen(terms[j] + n + 1) == vlen &&
		    memcmp(terms[j] + n + 1, value, vlen) == 0)
			return 1;
	return 0;
}

/* Marks the sources with an attribute of term i's key and one of its
 * values (each source once a key, in turn). */
static int
match_key(struct sql_sources *l, const struct sql_select *s, size_t i,
    struct perr *e)
{
	const char *key = s->where[i], *eq = strchr(key, '=');
	size_t n = (size_t)(eq - key), j, a;
	struct sql_source *sr;
	int found = 0, hit;

	for (j = 0; j < l->n; j++) {
		sr = &l->v[j];
		for (a = sr->attr0, hit = 0; a < sr->attr0 + sr->nattrs; a++) {
			if (strlen(l->attrs[a].key) != n ||
			    memcmp(l->attrs[a].key, key, n) != 0)
				continue;
			found = 1;
			hit |= term_value(s->where, s->nwhere, i, n,
			    l->attrs[a].value, strlen(l->attrs[a].value));
		}
		if (hit && sr->matched == (int)i)
			sr->matched = (int)i + 1;
	}
	return found ? 0 : no_such_key(l, key, n, e);
}

int
sql_sources_select(struct sql_sources *l, const struct sql_select *s,
    struct perr *e)
{
	struct sql_source *sr;
	size_t i, j, a, kept = 0;
	int64_t v;
	int dup, step;

	for (j = 0; j < l->n; j++)
		l->v[j].keep = s->nids == 0;
	for (i = 0; i < s->nids; i++) {
		for (j = 0; j < l->n && l->v[j].id != s->ids[i]; j++)
			;
		if (j == l->n)
			return perr_set(e, "%s: no source %" PRIu32 " (%zu "
			    "source%s, ids %" PRIu32 " to %" PRIu32 ")",
			    l->name, s->ids[i], l->n, l->n == 1 ? "" : "s",
			    l->n ? l->v[0].id : 0, l->n ? l->v[l->n - 1].id : 0);
		l->v[j].keep = 1;
	}
	/* where: each key once; a source keeps the count of keys it
	 * matched in turn */
	for (i = 0, step = 0; i < s->nwhere; i++) {
		for (j = 0, dup = 0; j < i && !dup; j++)
			dup = strncmp(s->where[j], s->where[i],
			    (size_t)(strchr(s->where[i], '=') - s->where[i]) +
			    1) == 0;
		if (dup)
			continue;
		for (j = 0; j < l->n; j++)
			if (l->v[j].matched == step)
				l->v[j].matched = (int)i;
		if (match_key(l, s, i, e) < 0)
			return -1;
		for (j = 0; j < l->n; j++)
			l->v[j].matched = l->v[j].matched == (int)i + 1 ?
			    step + 1 : -1;
		step++;
	}
	for (j = 0; j < l->n; j++)
		if (s->nwhere > 0 && l->v[j].matched != step)
			l->v[j].keep = 0;
	/* spans: pprof's nanoseconds where they are, for the duration;
	 * times on the producer's clock: no Unix time */
	if (when_window_set(&s->window))
		for (j = 0; j < l->n; j++) {
			sr = &l->v[j];
			for (a = sr->attr0; a < sr->attr0 + sr->nattrs; a++) {
				const char *k = l->attrs[a].key;

				if (strcmp(k, ATTR_CLOCK) == 0) {
					if (sr->keep && s->left_out != NULL)
						s->left_out(s->ctx, sr->id,
						    sr->uri, l->attrs[a].value);
					sr->keep = 0;
					break;
				}
				if ((strcmp(k, ATTR_PPROF_TIME) != 0 &&
				    strcmp(k, ATTR_PPROF_DURATION) != 0) ||
				    when_i64(l->attrs[a].value, &v) < 0)
					continue;
				if (strcmp(k, ATTR_PPROF_TIME) == 0) {
					sr->time_nanos = v;
					sr->has_time_nanos = 1;
				} else {
					sr->duration = v;
					sr->has_duration = 1;
				}
			}
		}
	for (j = 0; j < l->n; j++)
		kept += l->v[j].keep;
	if (kept == 0)
		return perr_set(e, "%s: no source matches the selection "
		    "(%zu source%s)", l->name, l->n, l->n == 1 ? "" : "s");
	l->whole = kept == l->n && !when_window_set(&s->window) &&
	    s->nlabels == 0;
	return 0;
}

int
sql_sample_in_window(const struct sql_select *s, const struct sql_source *sr,
    int has_time, int64_t time)
{
	int64_t start, end;

	if (!when_window_set(&s->window))
		return 1;
	if (has_time)
		return (!s->window.has_from || time >= s->window.from) &&
		    (!s->window.has_to || time < s->window.to);
	return when_source_span(sr->timestamp, sr->has_time_nanos ?
	    &sr->time_nanos : NULL, sr->has_duration ? &sr->duration : NULL,
	    &start, &end) && when_span_meets(&s->window, start, end);
}

int
sql_label_matches(const char *term, const char *key, size_t keylen,
    const char *str, size_t slen, int num_na, int64_t num)
{
	const char *eq = strchr(term, '='), *value;
	char buf[FMT_NUM_MAX];
	size_t n = (size_t)(eq - term), vlen;

	if (n != keylen || memcmp(term, key, n) != 0)
		return 0;
	value = eq + 1;
	vlen = strlen(value);
	if (str != NULL && slen == vlen && memcmp(str, value, vlen) == 0)
		return 1;
	return !num_na && fmt_i64(buf, num) == vlen &&
	    memcmp(buf, value, vlen) == 0;
}

/* An attribute of the first source merged, kept while every other has
 * it too. */
struct common {
	const char *key, *value;
	size_t seen;		/* sources merged that have it */
	size_t last;		/* the last of them */
};

/*
 * The sources selected as one (--merge), as pprof merges profiles: the
 * type they share (else "merged"), the database as its uri, the earliest
 * timestamp; the attributes all of them have alike, but pprof.time_nanos
 * the earliest and pprof.duration_nanos the sum (where all have them).
 */
static int
write_merged(struct sql_sources *l, struct stream_writer *w,
    int sample_filter, struct perr *e)
{
	struct common *cm = NULL;
	size_t ncm = 0, capcm = 0, nsrc = 0, i, j, a, first = 0;
	const char *type = NULL, *k, *v;
	double ts = NAN;
	int64_t tn = INT64_MAX, dur = 0, x;
	size_t ntn = 0, ndur = 0;
	char num[32];

	for (j = 0; j < l->n; j++) {
		struct sql_source *sr = &l->v[j];

		if (!sr->keep || (sample_filter && !sr->has_samples))
			continue;
		sr->out = 1;
		if (nsrc++ == 0)
			first = j;
		if (isnan(ts) || sr->timestamp < ts)
			ts = sr->timestamp;
		if (type == NULL)
			type = sr->type;
		else if (strcmp(type, sr->type) != 0)
			type = "";
	}
	/* the first source's attributes, then each other's seen of them */
	for (j = 0; j < l->n; j++) {
		struct sql_source *sr = &l->v[j];

		if (sr->out == 0)
			continue;
		for (a = sr->attr0; a < sr->attr0 + sr->nattrs; a++) {
			k = l->attrs[a].key;
			v = l->attrs[a].value;
			if (strcmp(k, ATTR_PPROF_TIME) == 0 &&
			    when_i64(v, &x) == 0) {
				ntn++;
				tn = x < tn ? x : tn;
				continue;
			}
			if (strcmp(k, ATTR_PPROF_DURATION) == 0 &&
			    when_i64(v, &x) == 0) {
				ndur++;
				if (__builtin_add_overflow(dur, x, &dur))
					dur = INT64_MAX;
				continue;
			}
			if (j == first) {
				if (ARRAY_ROOM(cm, ncm, capcm) < 0) {
					free(cm);
					return perr_nomem(e);
				}
				cm[ncm++] = (struct common){ k, v, 1, first };
				continue;
			}
			/* once a source: a pair repeated counts once */
			for (i = 0; i < ncm; i++)
				if (cm[i].last != j && strcmp(cm[i].key, k) == 0 &&
				    strcmp(cm[i].value, v) == 0) {
					cm[i].seen++;
					cm[i].last = j;
					break;
				}
		}
	}
	sw_source(w, 1, text_of(type != NULL && type[0] != '\0' ? type :
	    "merged"), text_of(l->name), ts);
	for (i = 0; i < ncm; i++)
		if (cm[i].seen >= nsrc)
			sw_source_attr(w, 1, text_of(cm[i].key),
			    text_of(cm[i].value));
	if (ntn == nsrc) {
		num[fmt_i64(num, tn)] = '\0';
		sw_source_attr(w, 1, text_of(ATTR_PPROF_TIME), text_of(num));
	}
	if (ndur == nsrc) {
		num[fmt_i64(num, dur)] = '\0';
		sw_source_attr(w, 1, text_of(ATTR_PPROF_DURATION),
		    text_of(num));
	}
	sw_source_attr(w, 1, text_of(ATTR_MERGED_SOURCES),
	    text_of((snprintf(num, sizeof(num), "%zu", nsrc), num)));
	free(cm);
	return 0;
}

int
sql_sources_write(struct sql_sources *l, struct stream_writer *w, int merge,
    int sample_filter, struct perr *e)
{
	struct sql_source *sr;
	uint32_t n = 0;
	size_t j, a;

	if (merge)
		return write_merged(l, w, sample_filter, e);
	for (j = 0; j < l->n; j++) {
		sr = &l->v[j];
		if (!sr->keep || (sample_filter && !sr->has_samples))
			continue;
		sr->out = ++n;
		sw_source(w, sr->out, text_of(sr->type), text_of(sr->uri),
		    sr->timestamp);
	}
	for (j = 0; j < l->n; j++)
		for (sr = &l->v[j], a = sr->attr0; sr->out != 0 &&
		    a < sr->attr0 + sr->nattrs; a++)
			sw_source_attr(w, sr->out, text_of(l->attrs[a].key),
			    text_of(l->attrs[a].value));
	return 0;
}
