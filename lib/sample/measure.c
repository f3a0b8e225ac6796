#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "sample/measure.h"
#include "sample/units.h"

/* A count's time is a type of its own, named after it with this (no
 * stream's type holds a byte 1 where a reader would see it) */
#define TIME_SUFFIX "\001time"

static int
is_sample_count(const char *type, const char *unit)
{
	return strcmp(type, VALUE_SAMPLES) == 0 && strcmp(unit, UNIT_COUNT)
	    == 0;
}

/* ns a sample of source s: Rprof's interval, or pprof's period in a unit
 * of time; 0 when it does not say. */
static double
interval_of(const struct prof *p, const struct source *s)
{
	const char *v, *u;
	struct unit un;

	if ((v = prof_attr(p, s, ATTR_RPROF_INTERVAL)) != NULL)
		return strtod(v, NULL) * 1e3;
	if ((v = prof_attr(p, s, ATTR_PPROF_PERIOD)) != NULL &&
	    (u = prof_attr(p, s, ATTR_PPROF_PERIOD_UNIT)) != NULL &&
	    unit_lookup(u, &un) == 0 && un.kind == UNIT_TIME)
		return strtod(v, NULL) * un.factor;
	return 0;
}

/* The type of name and unit (the first unit seen for the name is the
 * type's): its index, or -1. */
static int64_t
type_of(struct measure *m, const char *name, size_t nn, const char *unit,
    size_t nu, uint32_t src)
{
	size_t old = m->types.names.n;
	int64_t k = value_types_add(&m->types, name, nn, unit, nu);

	if (k < 0)
		return -1;
	if (m->types.names.n != old) {
		if (array_grow_zeroed((void **)&m->t, &m->capt, (size_t)k + 1,
		    sizeof(*m->t)) < 0)
			return -1;
		m->t[k].time_of = -1;
		m->t[k].src = src;
	}
	return k;
}

/* The conversion of values of (type, unit) prof strings. */
static struct conv *
conv_of(struct measure *m, const struct prof *p, uint32_t type, uint32_t unit,
    uint32_t src)
{
	struct unit uf, ut;
	uint32_t *slot;
	const char *tu;
	int64_t k;
	int added;

	if ((slot = u64map_put(&m->ix, (uint64_t)type << 32 | unit,
	    (uint32_t)m->nconv, &added)) == NULL)
		return NULL;
	if (!added)
		return &m->conv[*slot];
	if (ARRAY_ROOM(m->conv, m->nconv, m->capconv) < 0 ||
	    (k = type_of(m, prof_str(p, type), prof_strlen(p, type),
	    prof_str(p, unit), prof_strlen(p, unit), src)) < 0)
		return NULL;
	m->conv[m->nconv].type = (uint32_t)k;
	m->conv[m->nconv].factor = 1;
	m->conv[m->nconv].count = is_sample_count(prof_str(p, type),
	    prof_str(p, unit));
	tu = value_types_unit(&m->types, (size_t)k);
	if (strcmp(tu, prof_str(p, unit)) != 0) {
		/* another unit for the name: the same kind converts */
		if (unit_lookup(tu, &ut) == 0 && unit_lookup(prof_str(p, unit),
		    &uf) == 0 && uf.kind == ut.kind)
			m->conv[m->nconv].factor = uf.factor / ut.factor;
		else if (!m->t[k].mixed_unit) {
			m->t[k].mixed_unit = 1;
			m->t[k].src2 = src;
		}
	}
	return &m->conv[m->nconv++];
}

int
measure_sample(struct measure *m, const struct prof *p,
    const struct sample *s, size_t *n)
{
	const struct source *src = &p->sources[s->source];
	struct measure_source *ms;
	struct measure_type *t;
	struct conv *c;
	const char *d;
	size_t i, k;
	int64_t tt;

	/* (the checks inline: this runs once a sample) */
	if (((size_t)s->source >= m->capsrc && array_grow_zeroed((void **)
	    &m->src, &m->capsrc, (size_t)s->source + 1, sizeof(*m->src)) < 0) ||
	    (2 * s->nvals + 1 > m->capvals && array_grow((void **)&m->vals,
	    &m->capvals, 2 * s->nvals + 1, sizeof(*m->vals)) < 0))
		return -1;
	ms = &m->src[s->source];
	for (i = k = 0; i < s->nvals; i++) {
		uint64_t key = (uint64_t)s->vals[i].type << 32 |
		    s->vals[i].unit;
		if (i < 8 && m->nconv > 0 && m->last_key[i] == key + 1)
			c = &m->conv[m->last_conv[i]];
		else if ((c = conv_of(m, p, s->vals[i].type, s->vals[i].unit,
		    src->id)) == NULL)
			return -1;
		if (i < 8) {
			m->last_key[i] = key + 1;
			m->last_conv[i] = (uint32_t)(c - m->conv);
		}
		m->vals[k].type = c->type;
		m->vals[k++].v = c->factor == 1 ? s->vals[i].value :
		    num_of_dbl(s->vals[i].value.d * c->factor);
	}
	if (!ms->seen) {
		ms->seen = 1;
		ms->interval = interval_of(p, src);
		/* the default: R's samples; pprof's default_sample_type, else
		 * its last type */
		ms->dflt = k > 0 ? (int64_t)m->vals[k - 1].type : -1;
		d = strcmp(prof_str(p, src->type), SOURCE_RPROF) == 0 ?
		    VALUE_SAMPLES : prof_attr(p, src, ATTR_PPROF_DEFAULT_TYPE);
		for (i = 0; d != NULL && *d != '\0' && i < k; i++)
			if (strcmp(measure_name(m, m->vals[i].type), d) == 0)
				ms->dflt = m->vals[i].type;
	}
	/* counts of samples: also the time they stand for */
	for (i = 0; i < s->nvals; i++) {
		uint32_t ty = m->vals[i].type;
		if (i < 8 ? !m->conv[m->last_conv[i]].count :
		    !is_sample_count(prof_str(p, s->vals[i].type),
		    prof_str(p, s->vals[i].unit)))
			continue;
		if (m->t[ty].time_of < 0) {
			char name[sizeof(VALUE_SAMPLES) + sizeof(TIME_SUFFIX)];
			snprintf(name, sizeof(name), "%s%s", VALUE_SAMPLES,
			    TIME_SUFFIX);
			if ((tt = type_of(m, name, strlen(name),
			    UNIT_NANOSECONDS, strlen(UNIT_NANOSECONDS),
			    src->id)) < 0)
				return -1;
			m->t[tt].is_time = 1;
			m->t[ty].time_of = tt;
			m->t[ty].interval = ms->interval;
		}
		t = &m->t[ty];
		if (ms->interval == 0 || (t->interval > 0 &&
		    ms->interval != t->interval)) {
			if (!t->mixed_interval && !t->untimed)
				t->src2 = src->id;
			if (ms->interval == 0)
				t->untimed = 1;
			else
				t->mixed_interval = 1;
		} else if (t->interval == 0)	/* the first that says */
			t->interval = ms->interval;
		/* the time is the counts times the first interval, plus what
		 * the samples of other lengths add: only those are summed */
		if (ms->interval > 0 && ms->interval != t->interval) {
			m->vals[k].type = (uint32_t)t->time_of;
			m->vals[k++].v = num_of_dbl(m->vals[i].v.d *
			    (ms->interval - t->interval));
		}
	}
	*n = k;
	return 0;
}

void
measure_free(struct measure *m)
{
	value_types_free(&m->types);
	free(m->t);
	free(m->src);
	u64map_free(&m->ix);
	free(m->conv);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

const char *
measure_name(const struct measure *m, size_t i)
{
	static char buf[64];
	const char *s = strtab_str(&m->types.names, i), *x;

	if ((x = strstr(s, TIME_SUFFIX)) == NULL)
		return s;
	snprintf(buf, sizeof(buf), "%.*s", (int)(x - s), s);
	return buf;
}

int64_t
measure_default(const struct measure *m, const struct prof *p,
    uint32_t source)
{
	(void)p;
	return source < m->capsrc && m->src[source].seen ?
	    m->src[source].dflt : -1;
}

/* The source of id, for messages: "1 (rprof: Rprof.out)". */
static void
source_words(const struct prof *p, uint32_t id, char *buf, size_t n)
{
	uint32_t ix;
	const struct source *s;

	if (prof_source_index(p, id, &ix) < 0) {
		snprintf(buf, n, "%u", id);
		return;
	}
	s = &p->sources[ix];
	snprintf(buf, n, "%u (%s%s%s)", id, prof_str(p, s->type),
	    s->uri != PROF_NONE ? ": " : "", s->uri != PROF_NONE ?
	    prof_str(p, s->uri) : "");
}

static int64_t
measure_find(const struct measure *m, const char *want)
{
	size_t i, n = m->types.names.n, k = 0;
	char *end;
	long v;

	for (i = 0; i < n; i++)
		if (!m->t[i].is_time && strcmp(measure_name(m, i), want) == 0)
			return (int64_t)i;
	/* pprof's: an index, or inuse_ before a type named without it */
	v = strtol(want, &end, 10);
	if (*want != '\0' && *end == '\0' && v >= 0)
		for (i = 0; i < n; i++)
			if (!m->t[i].is_time && k++ == (size_t)v)
				return (int64_t)i;
	if (strncmp(want, "inuse_", 6) == 0)
		return measure_find(m, want + 6);
	return -1;
}

int
measure_choose(const struct measure *m, const struct prof *p,
    const char *want, const char *unit, struct measure_choice *c,
    struct perr *e)
{
	char list[512], a[256], b[256];
	size_t i, n = 0;
	int64_t k = -1;
	const struct measure_type *t;
	const char *name;
	double x;
	int time_unit, all_rprof = 1;
	struct unit u;

	memset(c, 0, sizeof(*c));
	c->rdigits = -1;
	c->scale = 1;
	c->extra = -1;
	for (i = 0; i < m->capsrc && !m->src[i].seen; i++)
		;
	if (i == m->capsrc) {	/* no sample: nothing to measure */
		c->type = -1;
		c->name = c->unit = c->show = "";
		return 0;
	}
	if (want == NULL) {
		for (i = 0; i < m->capsrc && k < 0; i++)
			if (m->src[i].seen)
				k = m->src[i].dflt;
		if (k < 0)
			return perr_set(e, "no samples with values");
	} else if ((k = measure_find(m, want)) < 0) {
		list[0] = '\0';
		for (i = 0; i < m->types.names.n && n < sizeof(list) - 1; i++)
			if (!m->t[i].is_time)
				n += (size_t)snprintf(list + n, sizeof(list) - n,
				    "%s%s", n ? ", " : "", measure_name(m, i));
		return perr_set(e, "no values of type '%s' (the types are: "
		    "%s)", want, n ? list : "none");
	}
	t = &m->t[k];
	c->name = measure_name(m, (size_t)k);
	if (t->mixed_unit) {
		source_words(p, t->src, a, sizeof(a));
		source_words(p, t->src2, b, sizeof(b));
		return perr_set(e, "sources %s and %s measure '%s' in units "
		    "that do not add up (choose one with -s)", a, b, c->name);
	}
	time_unit = unit != NULL && unit_lookup(unit, &u) == 0 &&
	    u.kind == UNIT_TIME;
	for (i = 0; i < p->nsources; i++)
		if (i < m->capsrc && m->src[i].seen &&
		    strcmp(prof_str(p, p->sources[i].type),
		    SOURCE_RPROF) != 0)
			all_rprof = 0;
	/* R's samples are time by default, as summaryRprof shows them;
	 * pprof shows counts as counts */
	if (t->time_of >= 0 && unit == NULL && !t->untimed && all_rprof) {
		unit = "s";
		time_unit = 1;
	}
	if (t->time_of >= 0 && time_unit) {
		if (t->untimed) {
			source_words(p, t->src2, a, sizeof(a));
			return perr_set(e, "source %s does not say how long a "
			    "sample is: its samples are no time (choose with "
			    "-s)", a);
		}
		c->interval = t->interval;
		c->mixed = t->mixed_interval;
		/* summaryRprof's rounding of seconds */
		if (all_rprof && !t->mixed_interval && strcmp(unit, "s") == 0)
			c->rdigits = t->interval < 1e7 ? 3 : 2;
		/* the counts' sums times the interval, plus the extra */
		c->scale = t->interval;
		c->extra = t->time_of;
		c->type = k;
		c->unit = UNIT_NANOSECONDS;
		goto shown;
	} else if (t->mixed_interval) {
		source_words(p, t->src, a, sizeof(a));
		source_words(p, t->src2, b, sizeof(b));
		if (unit == NULL || strcmp(unit, "raw") != 0)
			return perr_set(e, "sources %s and %s count samples "
			    "of different lengths, which do not add up: "
			    "--unit=ms adds them as time, -s keeps some", a, b);
		/* asked for: the counts, said to be of different lengths */
		snprintf(c->note, sizeof(c->note), "sources %s and %s "
		    "count samples of different lengths", a, b);
	} else if (t->untimed && t->interval > 0) {
		source_words(p, t->src2, a, sizeof(a));
		snprintf(c->note, sizeof(c->note), "source %s does not "
		    "say how long a sample is: the counts are added as "
		    "counts", a);
	}
	c->type = k;
	c->unit = value_types_unit(&m->types, (size_t)k);
shown:
	c->how = SHOW_RAW;
	if (unit == NULL)
		c->how = unit_lookup(c->unit, &u) == 0 ? SHOW_MIN : SHOW_RAW;
	else if (strcmp(unit, "auto") == 0)
		c->how = SHOW_AUTO;
	else if (strcmp(unit, "minimum") == 0)
		c->how = SHOW_MIN;
	else if (strcmp(unit, "raw") != 0) {
		if (unit_scale(1, c->unit, unit, &x, &name) < 0 ||
		    unit_lookup(unit, &u) < 0)
			return perr_set(e, "--unit %s: the values of '%s' are "
			    "in %s", unit, c->name, c->unit);
		c->how = SHOW_UNIT;
		c->show = unit;
	}
	return 0;
}

/* The sum over the sources sel keeps of type i's ATTR_FOCUS_TOTAL ("NUM
 * UNIT"), in the type's own unit: 1 with *out; 0 when a source has
 * none; where absent is 0 (an extra type none of whose samples were
 * seen), 1 with 0. */
static int
total_before_of(const struct measure *m, const struct prof *p,
    const struct source_set *sel, size_t i, int absent_is_0,
    struct num *out)
{
	char key[512], *end;
	const char *v, *unit = value_types_unit(&m->types, i), *shown;
	struct num sum = num_of_i64(0), x;
	double d;
	size_t k;
	int any = 0;

	/* the time of counts of other lengths: no stream type of its own
	 * (its samples' counts are in their own type's total) */
	if (strstr(strtab_str(&m->types.names, i), TIME_SUFFIX) != NULL) {
		*out = sum;
		return absent_is_0;
	}
	if ((size_t)snprintf(key, sizeof(key), "%s%s", ATTR_FOCUS_TOTAL,
	    measure_name(m, i)) >= sizeof(key))
		return 0;
	for (k = 0; k < p->nsources; k++) {
		/* every source kept: those the filters left no sample of too */
		if (sel != NULL && !source_set_has_id(sel, p->sources[k].id))
			continue;
		if ((v = prof_attr(p, &p->sources[k], key)) == NULL) {
			if (absent_is_0)
				continue;
			return 0;
		}
		/* an integer exactly, else a double */
		errno = 0;
		x = num_of_i64(strtoll(v, &end, 10));
		if (end == v || *end != ' ' || errno != 0)
			x = num_of_dbl(strtod(v, &end));
		if (end == v || *end != ' ')
			return 0;
		if (strcmp(end + 1, unit) != 0) {
			if (unit_scale(x.d, end + 1, unit, &d, &shown) < 0)
				return 0;
			x = num_of_dbl(d);
		}
		sum = num_add(sum, x);
		any = 1;
	}
	*out = sum;
	return any || absent_is_0;
}

int
measure_total_before(const struct measure *m, const struct prof *p,
    const struct measure_choice *c, const struct source_set *sel,
    struct num *out)
{
	struct num v, x = num_of_i64(0);

	if (c->type < 0 || p->nsources == 0 ||
	    !total_before_of(m, p, sel, (size_t)c->type, 0, &v) ||
	    (c->extra >= 0 && !total_before_of(m, p, sel, (size_t)c->extra, 1,
	    &x)))
		return 0;
	*out = measure_figure(c, v, x);
	return 1;
}
