/*
 * pprof's tag filters (tagfilter.h). A range's bounds and a label's value
 * are compared as pprof's measurement.Scale leaves them: both scaled to
 * the range's unit, which must then be the label's kind, else no match;
 * a unit pprof does not know is compared as a bare number.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sample/tagfilter.h"
#include "sample/units.h"

enum { R_EQ, R_GE, R_LE, R_IN };

struct tag_filter {
	char *key;		/* NULL: any key */
	int range;		/* numeric: how it compares, else -1 */
	double lo, hi;		/* in unit */
	char unit[16];		/* the bounds' unit as pprof names it */
	struct re **rx;		/* otherwise: the regexps */
	size_t nrx;
};

/* pprof's Scale(v, from, to), its unit into name (of n bytes). */
static double
scale(double v, const char *from, const char *to, char *name, size_t n)
{
	struct unit f, t;
	const char *u;
	double x;

	if (unit_lookup(from, &f) == 0) {
		if (strcmp(to, "minimum") == 0 || strcmp(to, "auto") == 0 ||
		    (unit_lookup(to, &t) == 0 && t.kind == f.kind))
			unit_scale(v, from, to, &x, &u);
		else	/* the kind's default: bytes, seconds */
			unit_scale(v, from, f.kind == UNIT_MEMORY ? "B" : "s",
			    &x, &u);
		snprintf(name, n, "%s", u);
		return x;
	}
	if (strcmp(to, "count") == 0 || strcmp(to, "sample") == 0 ||
	    strcmp(to, "unit") == 0 || strcmp(to, "minimum") == 0 ||
	    strcmp(to, "auto") == 0)
		to = "";
	snprintf(name, n, "%s", to);
	return v;
}

/* One bound "[+-]digits[letters]" at *s: its number and unit (ASCII
 * letters, as Go's [[:alpha:]]). 0, or -1 when there is none. */
static int
bound(const char **s, long long *v, char *unit, size_t n)
{
	const char *p = *s, *d;
	size_t k;
	char *end;

	if (*p == '+' || *p == '-')
		p++;
	for (d = p; *p >= '0' && *p <= '9'; p++)
		;
	if (p == d)
		return -1;
	*v = strtoll(*s, &end, 10);
	for (k = 0; ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'));
	    p++)
		if (k + 1 < n)
			unit[k++] = *p;
	unit[k] = '\0';
	*s = p;
	return 0;
}

/* pprof's parseTagFilterRange: "V", "V:", ":V" or "V:W" exactly. */
static int
parse_range(struct tag_filter *t, const char *s)
{
	char u1[16], u2[16], name[16];
	long long a, b;
	const char *p = s;

	if (*p == ':') {
		p++;
		if (bound(&p, &a, u1, sizeof(u1)) < 0 || *p != '\0')
			return -1;
		t->range = R_LE;
	} else {
		if (bound(&p, &a, u1, sizeof(u1)) < 0)
			return -1;
		if (*p == '\0')
			t->range = R_EQ;
		else if (*p++ != ':')
			return -1;
		else if (*p == '\0')
			t->range = R_GE;
		else {
			if (bound(&p, &b, u2, sizeof(u2)) < 0 || *p != '\0')
				return -1;
			t->range = R_IN;
		}
	}
	t->lo = scale((double)a, u1, u1, t->unit, sizeof(t->unit));
	if (t->range == R_IN) {
		t->hi = scale((double)b, u2, t->unit, name, sizeof(name));
		if (strcmp(name, t->unit) != 0)
			return -1;	/* pprof: not a range, a regexp */
	}
	return 0;
}

struct tag_filter *
tag_filter_new(const char *spec, char *err, size_t errlen)
{
	struct tag_filter *t = calloc(1, sizeof(*t));
	const char *eq = strchr(spec, '='), *v = spec, *c;
	char *one;
	size_t n;

	if (t == NULL)
		goto nomem;
	if (eq != NULL) {
		if ((t->key = malloc((size_t)(eq - spec) + 1)) == NULL)
			goto nomem;
		memcpy(t->key, spec, (size_t)(eq - spec));
		t->key[eq - spec] = '\0';
		v = eq + 1;
	}
	if (parse_range(t, v) == 0)
		return t;
	t->range = -1;
	for (;;) {
		c = strchr(v, ',');
		n = c != NULL ? (size_t)(c - v) : strlen(v);
		if ((one = malloc(n + 1)) == NULL)
			goto nomem;
		memcpy(one, v, n);
		one[n] = '\0';
		if ((t->rx = realloc(t->rx, (t->nrx + 1) * sizeof(*t->rx))) ==
		    NULL) {
			free(one);
			goto nomem;
		}
		t->rx[t->nrx] = re_compile(one, err, errlen);
		free(one);
		if (t->rx[t->nrx] == NULL) {
			tag_filter_free(t);
			return NULL;
		}
		t->nrx++;
		if (c == NULL)
			return t;
		v = c + 1;
	}
nomem:
	snprintf(err, errlen, "out of memory");
	tag_filter_free(t);
	return NULL;
}

void
tag_filter_free(struct tag_filter *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->nrx; i++)
		re_free(t->rx[i]);
	free(t->rx);
	free(t->key);
	free(t);
}

int
tag_filter_is_range(const struct tag_filter *t)
{
	return t->range >= 0;
}

const char *
tag_num_unit(const struct prof *p, const struct slabel *l)
{
	const char *k = prof_str(p, l->key);

	if (l->num_unit != PROF_NONE && *prof_str(p, l->num_unit) != '\0')
		return prof_str(p, l->num_unit);
	if (strcmp(k, "alignment") == 0 || strcmp(k, "request") == 0)
		return "bytes";
	return k;
}

static int
in_range(const struct tag_filter *t, const struct prof *p,
    const struct slabel *l)
{
	char name[16];
	double v = scale((double)l->num, tag_num_unit(p, l), t->unit, name,
	    sizeof(name));

	if (strcmp(name, t->unit) != 0)
		return 0;
	switch (t->range) {
	case R_EQ: return v == t->lo;
	case R_GE: return v >= t->lo;
	case R_LE: return v <= t->lo;
	default: return v >= t->lo && v <= t->hi;
	}
}

/* Whether regexp r matches label l as pprof matches it: "key:value"
 * without a key, the value with one. */
static int
rx_hit(struct re *r, const struct prof *p, const struct slabel *l,
    int with_key)
{
	const char *k = prof_str(p, l->key), *v = prof_str(p, l->str);
	size_t kn = strlen(k), vn = strlen(v);
	char small[256], *buf = small;
	int hit;

	if (with_key)
		return re_match(r, v, vn) == 1;
	if (kn + vn + 2 > sizeof(small) && (buf = malloc(kn + vn + 2)) ==
	    NULL)
		return 0;
	memcpy(buf, k, kn);
	buf[kn] = ':';
	memcpy(buf + kn + 1, v, vn);
	hit = re_match(r, buf, kn + 1 + vn) == 1;
	if (buf != small)
		free(buf);
	return hit;
}

int
tag_filter_match(struct tag_filter *t, const struct prof *p,
    const struct sample *s)
{
	size_t i, j;
	int found;

	for (i = 0; t->range >= 0 && i < s->nlabels; i++) {
		const struct slabel *l = &s->labels[i];
		if (l->num_na || (t->key != NULL &&
		    strcmp(prof_str(p, l->key), t->key) != 0))
			continue;
		if (in_range(t, p, l))
			return 1;
	}
	if (t->range >= 0)
		return 0;
	if (t->key != NULL) {	/* any regexp, any of the key's values */
		for (i = 0; i < s->nlabels; i++) {
			const struct slabel *l = &s->labels[i];
			if (l->str == PROF_NONE ||
			    strcmp(prof_str(p, l->key), t->key) != 0)
				continue;
			for (j = 0; j < t->nrx; j++)
				if (rx_hit(t->rx[j], p, l, 1))
					return 1;
		}
		return 0;
	}
	for (j = 0; j < t->nrx; j++) {	/* each regexp, some label */
		for (i = found = 0; i < s->nlabels && !found; i++)
			if (s->labels[i].str != PROF_NONE)
				found = rx_hit(t->rx[j], p, &s->labels[i], 0);
		if (!found)
			return 0;
	}
	return 1;
}
