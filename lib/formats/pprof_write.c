/*
 * The stream to one pprof profile. Samples arrive one by one; each stack is
 * cut into pprof Locations (frames up to and including the first that is
 * not inlined), interned, and the sample added to the aggregate with the
 * same Locations and labels, so memory grows with distinct stacks. At the
 * end the Profile is written message by message (write_profile).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/pprof.h"
#include "profile.pb-c.h"

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__Sample Sample;
typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Line Line;
typedef Perftools__Profiles__Function Function;
typedef Perftools__Profiles__Mapping Mapping;
typedef Perftools__Profiles__Label Label;
typedef Perftools__Profiles__ValueType ValueType;

struct agg {
	uint32_t key;		/* index in stacks */
	size_t nvals;		/* values[i] for type i < nvals */
	int64_t *values;
};

struct srcstate {
	int seen;
	double prev[3];		/* vsize.small, vsize.large, nodes */
};

struct pprof_writer {
	int aggregate;
	struct u64map type_ix;	/* type << 32 | unit (prof strings) */
	uint32_t *types;	/* per type: the two prof strings */
	size_t ntypes, captypes;
	/* pprof Locations: runs of stream locations (indices into pool);
	 * a one-frame run is found by its stream location in single, a longer
	 * (inlined) one by its bytes in multi */
	uint32_t *pool;
	size_t npool, cappool;
	struct run {
		uint32_t off, len;
	} *runs;
	size_t nruns, capruns;
	uint32_t *single;	/* stream location -> run + 1 */
	size_t capsingle;
	struct strtab multi;
	uint32_t *multi_run;
	size_t capmulti;
	struct strtab stacks;	/* pprof location ids + labels */
	struct agg *aggs;
	size_t naggs, capaggs;
	struct srcstate *src;
	size_t nsrc;
	uint32_t *buf;
	size_t capbuf;
	int64_t *vals;		/* the current sample's, by type */
	size_t capvals;
};


struct pprof_writer *
pprof_write_new(int aggregate, struct perr *e)
{
	struct pprof_writer *w = calloc(1, sizeof(*w));

	if (w == NULL) {
		perr_nomem(e);
		return NULL;
	}
	w->aggregate = aggregate;
	return w;
}

static void
clear(struct pprof_writer *w)
{
	size_t i;

	for (i = 0; i < w->naggs; i++)
		free(w->aggs[i].values);
	free(w->aggs);
	free(w->types);
	free(w->src);
	free(w->buf);
	free(w->vals);
	u64map_free(&w->type_ix);
	free(w->pool);
	free(w->runs);
	free(w->single);
	free(w->multi_run);
	strtab_free(&w->multi);
	strtab_free(&w->stacks);
}

void
pprof_write_free(struct pprof_writer *w)
{
	if (w == NULL)
		return;
	clear(w);
	free(w);
}

int
pprof_write_restart(void *ctx, struct perr *e)
{
	struct pprof_writer *w = ctx;
	int aggregate = w->aggregate;

	(void)e;
	clear(w);
	memset(w, 0, sizeof(*w));
	w->aggregate = aggregate;
	return 0;
}


static int64_t type_index(struct pprof_writer *w, uint32_t type,
    uint32_t unit);

/* The sample types a source declares without samples (pprof.sample_type
 * and pprof.sample_unit pairs), after those of the samples. */
static int
declared_types(struct pprof_writer *w, struct prof *p)
{
	size_t i, j;
	uint32_t type = PROF_NONE;

	for (i = 0; i < p->nsources; i++) {
		const struct source *s = &p->sources[i];
		for (j = 0; j < s->nattrs; j++) {
			const char *k = prof_str(p, s->attrs[j].key);
			if (strcmp(k, ATTR_PPROF_SAMPLE_TYPE) == 0)
				type = s->attrs[j].value;
			else if (strcmp(k, ATTR_PPROF_SAMPLE_UNIT) == 0 &&
			    type != PROF_NONE) {
				if (type_index(w, type, s->attrs[j].value) < 0)
					return -1;
				type = PROF_NONE;
			}
		}
	}
	return 0;
}

/* The index of sample type (type, unit), added when new. */
static int64_t
type_index(struct pprof_writer *w, uint32_t type, uint32_t unit)
{
	int added;
	uint32_t *slot = u64map_put(&w->type_ix, (uint64_t)type << 32 | unit,
	    (uint32_t)w->ntypes, &added);

	if (slot == NULL)
		return -1;
	if (added) {
		if (array_grow((void **)&w->types, &w->captypes, 2 * w->ntypes + 2,
		    sizeof(*w->types)) < 0)
			return -1;
		w->types[2 * w->ntypes] = type;
		w->types[2 * w->ntypes + 1] = unit;
		w->ntypes++;
	}
	return *slot;
}

static int
set_value(struct pprof_writer *w, struct prof *p, const char *type,
    const char *unit, int64_t v)
{
	int64_t t = prof_intern(p, type, strlen(type));
	int64_t u = prof_intern(p, unit, strlen(unit));

	if (t < 0 || u < 0 || (t = type_index(w, (uint32_t)t, (uint32_t)u)) < 0
	    || array_grow((void **)&w->vals, &w->capvals, w->ntypes,
	    sizeof(*w->vals)) < 0)
		return -1;
	w->vals[t] = v;
	return 0;
}

/* v as pprof's int64; -1 when it has no such value (not finite, or
 * beyond 2^63): never saturated, which would write a wrong profile. */
static int
to_i64(double v, int64_t *out)
{
	if (!(v >= -0x1p63 && v < 0x1p63))
		return -1;
	*out = llround(v);
	return 0;
}

static int
too_big(struct prof *p, const struct sample *s, uint32_t type, double v,
    struct perr *e)
{
	return perr_set(e, "sample %u: its %s value %g has no pprof value (a "
	    "64-bit integer)", s->id, prof_str(p, type), v);
}

/* The sample's values by type, with what Rprof sources imply: time from the
 * interval, alloc_space from the memory figures, as summaryRprof does. */
static int
values(struct pprof_writer *w, struct prof *p, const struct sample *s,
    struct perr *e)
{
	int64_t iv;
	const struct source *src = &p->sources[s->source];
	const char *interval, *type;
	double count = 1, mem[3] = { 0, 0, 0 }, inc = 0;
	int rprof, has_mem = 0, m;
	size_t i;
	struct srcstate *st;

	for (i = 0; i < w->ntypes; i++)
		w->vals[i] = 0;
	interval = prof_attr(p, src, ATTR_RPROF_INTERVAL);
	rprof = strcmp(prof_str(p, src->type), SOURCE_RPROF) == 0 && interval;
	for (i = 0; i < s->nvals; i++) {
		type = prof_str(p, s->vals[i].type);
		if (strcmp(type, VALUE_SAMPLES) == 0)
			count = s->vals[i].value.d;
		/* summaryRprof's memory: the vsize figures and nodes */
		for (m = 0; m < 3; m++)
			if (strcmp(type, schema_rprof_memory[m].type) == 0) {
				mem[m] = s->vals[i].value.d;
				has_mem = 1;
			}
	}
	if (rprof) {
		double t = count * strtod(interval, NULL) * 1000;
		if (to_i64(count, &iv) < 0 || to_i64(t, &iv) < 0)
			return perr_set(e, "sample %u: its time in nanoseconds "
			    "(%g samples of %s microseconds) has no pprof value "
			    "(a 64-bit integer)", s->id, count, interval);
		if (set_value(w, p, VALUE_SAMPLES, UNIT_COUNT, llround(count))
		    < 0 || set_value(w, p, "time", UNIT_NANOSECONDS, iv) < 0)
			return perr_nomem(e);
	}
	for (i = 0; i < s->nvals; i++) {
		int64_t t = type_index(w, s->vals[i].type, s->vals[i].unit);
		if (t < 0 || array_grow((void **)&w->vals, &w->capvals, w->ntypes,
		    sizeof(*w->vals)) < 0)
			return perr_nomem(e);
		if (num_is_int(s->vals[i].value))
			w->vals[t] = s->vals[i].value.i;
		else if (to_i64(s->vals[i].value.d, &w->vals[t]) < 0)
			return too_big(p, s, s->vals[i].type,
			    s->vals[i].value.d, e);
	}
	if (rprof && has_mem) {
		size_t old = w->nsrc;
		if (array_grow((void **)&w->src, &w->nsrc, s->source + 1,
		    sizeof(*w->src)) < 0)
			return perr_nomem(e);
		memset(w->src + old, 0, (w->nsrc - old) * sizeof(*w->src));
		st = &w->src[s->source];
		for (m = 0; m < 3; m++) {
			if (st->seen && mem[m] > st->prev[m])
				inc += mem[m] - st->prev[m];
			st->prev[m] = mem[m];
		}
		st->seen = 1;
		if (to_i64(inc, &iv) < 0)
			return perr_set(e, "sample %u: its alloc_space (%g bytes) "
			    "has no pprof value (a 64-bit integer)", s->id, inc);
		if (set_value(w, p, "alloc_space", UNIT_BYTES, iv) < 0)
			return perr_nomem(e);
	}
	return 0;
}

static int64_t
new_run(struct pprof_writer *w, const uint32_t *locs, size_t n)
{
	if (array_grow((void **)&w->runs, &w->capruns, w->nruns + 1,
	    sizeof(*w->runs)) < 0 || array_grow((void **)&w->pool, &w->cappool,
	    w->npool + n, sizeof(*w->pool)) < 0)
		return -1;
	memcpy(w->pool + w->npool, locs, n * sizeof(*locs));
	w->runs[w->nruns].off = (uint32_t)w->npool;
	w->runs[w->nruns].len = (uint32_t)n;
	w->npool += n;
	return (int64_t)w->nruns++;
}

/* The index of the pprof Location made of stream locations locs[0..n). */
static int64_t
run_id(struct pprof_writer *w, const uint32_t *locs, size_t n)
{
	size_t old;
	int64_t k, r;

	if (n == 1) {
		if (locs[0] >= w->capsingle) {
			old = w->capsingle;
			if (array_grow((void **)&w->single, &w->capsingle,
			    (size_t)locs[0] + 1, sizeof(*w->single)) < 0)
				return -1;
			memset(w->single + old, 0, (w->capsingle - old) *
			    sizeof(*w->single));
		}
		if (w->single[locs[0]] != 0)
			return w->single[locs[0]] - 1;
		if ((r = new_run(w, locs, 1)) < 0)
			return -1;
		w->single[locs[0]] = (uint32_t)r + 1;
		return r;
	}
	old = w->multi.n;
	if ((k = strtab_intern(&w->multi, (const char *)locs,
	    n * sizeof(*locs))) < 0)
		return -1;
	if (w->multi.n == old)		/* seen before */
		return w->multi_run[k];
	if (array_grow((void **)&w->multi_run, &w->capmulti, (size_t)k + 1,
	    sizeof(*w->multi_run)) < 0 || (r = new_run(w, locs, n)) < 0)
		return -1;
	w->multi_run[k] = (uint32_t)r;
	return r;
}

/* Adds s to the aggregate; -1 when out of memory. */
static int
add_sample(struct pprof_writer *w, struct prof *p, const struct sample *s,
    struct perr *e)
{
	size_t d, start, n, i;
	int64_t k;
	struct agg *a;
	uint32_t *b;

	if (values(w, p, s, e) < 0)
		return -2;	/* its message set */
	/* the key: pprof location ids, then the labels */
	if (array_grow((void **)&w->buf, &w->capbuf, s->nlocs + 3 + 5 * s->nlabels,
	    sizeof(*w->buf)) < 0)
		return -1;
	b = w->buf;
	n = 1;			/* b[0]: the number of Locations */
	for (start = 0; start < s->nlocs; start = d + 1) {
		for (d = start; d + 1 < s->nlocs &&
		    p->locations[s->locs[d]].inlined; d++)
			;
		if ((k = run_id(w, &s->locs[start], d - start + 1)) < 0)
			return -1;
		b[n++] = (uint32_t)k + 1;
	}
	b[0] = (uint32_t)(n - 1);
	b[n++] = (uint32_t)s->nlabels;
	for (i = 0; i < s->nlabels; i++) {
		const struct slabel *l = &s->labels[i];
		b[n++] = l->key;
		b[n++] = l->str;
		b[n++] = l->num_unit;
		b[n++] = (uint32_t)l->num;
		b[n++] = (uint32_t)((uint64_t)l->num >> 32);
	}
	if (w->aggregate)
		k = strtab_intern(&w->stacks, (const char *)b, n * sizeof(*b));
	else {
		/* one pprof Sample per stream sample: a new key each time */
		b[n++] = (uint32_t)w->naggs;
		k = strtab_intern(&w->stacks, (const char *)b, n * sizeof(*b));
	}
	if (k < 0)
		return -1;
	if ((size_t)k == w->naggs) {
		if (array_grow((void **)&w->aggs, &w->capaggs, w->naggs + 1,
		    sizeof(*w->aggs)) < 0)
			return -1;
		a = &w->aggs[w->naggs++];
		a->key = (uint32_t)k;
		a->nvals = 0;
		a->values = NULL;
	}
	a = &w->aggs[k];
	if (a->nvals < w->ntypes) {
		int64_t *nv = realloc(a->values, w->ntypes * sizeof(*nv));
		if (nv == NULL)
			return -1;
		for (i = a->nvals; i < w->ntypes; i++)
			nv[i] = 0;
		a->values = nv;
		a->nvals = w->ntypes;
	}
	for (i = 0; i < w->ntypes; i++)
		if (__builtin_add_overflow(a->values[i], w->vals[i],
		    &a->values[i])) {
			perr_set(e, "sample %u: its %s value, added to those of "
			    "the same stack, passes pprof's 64-bit integers (-n "
			    "writes a pprof sample per stream sample)", s->id,
			    prof_str(p, w->types[2 * i]));
			return -2;
		}
	return 0;
}

int
pprof_write_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	int rc = add_sample(ctx, p, s, e);

	return rc == -1 ? perr_nomem(e) : rc < 0 ? -1 : 0;
}

/* Output strings: the string table, "" first, indexed by prof string.
 * An entry holds its prof string's index, not a pointer: interning more
 * (ostr_c) may move prof's strings, so ostr_table points at them last. */
struct outstr {
	struct prof *p;
	struct u64map ix;	/* prof string + 1 -> output index */
	ProtobufCBinaryData *tab;
	size_t n, cap;
	uint32_t *pix;		/* per output index: the prof string */
	size_t cappix;
	int failed;
};

/* The output index of prof string i ("<?>" is a name pprof left empty). */
static int64_t
ostr(struct outstr *o, uint32_t i)
{
	int added;
	uint32_t *slot;
	size_t n;

	if (i == PROF_NONE)
		return 0;
	n = prof_strlen(o->p, i);
	if (n == 0 || strcmp(prof_str(o->p, i), PPROF_NONAME) == 0)
		return 0;
	if ((slot = u64map_put(&o->ix, (uint64_t)i + 1, (uint32_t)o->n,
	    &added)) == NULL)
		goto fail;
	if (added) {
		if (array_grow((void **)&o->tab, &o->cap, o->n + 1,
		    sizeof(*o->tab)) < 0 || array_grow((void **)&o->pix,
		    &o->cappix, o->n + 1, sizeof(*o->pix)) < 0)
			goto fail;
		o->tab[o->n].len = n;
		o->pix[o->n++] = i;
	}
	return *slot;
fail:
	o->failed = 1;
	return 0;
}

/* The string table's entries pointed at their strings, once no more are
 * interned. */
static void
ostr_table(struct outstr *o)
{
	size_t i;

	for (i = 1; i < o->n; i++)
		o->tab[i].data = (uint8_t *)(uintptr_t)prof_str(o->p,
		    o->pix[i]);
}

/* The index of a string that may not be in prof (0 for NULL). */
static int64_t
ostr_c(struct outstr *o, const char *s)
{
	int64_t i;

	if (s == NULL || *s == '\0')
		return 0;
	if ((i = prof_intern(o->p, s, strlen(s))) < 0) {
		o->failed = 1;
		return 0;
	}
	return ostr(o, (uint32_t)i);
}

static int64_t
attr_i64(const struct prof *p, const struct source *s, const char *key,
    int *found)
{
	const char *v = prof_attr(p, s, key);

	*found = v != NULL;
	return v != NULL ? strtoll(v, NULL, 10) : 0;
}

/* Header fields: each from the first source that has it; time_nanos the
 * earliest, duration_nanos the sum. */
static int
header(Profile *pb, struct prof *p, struct outstr *o, ValueType *period_type,
    int64_t **comments, struct perr *e)
{
	const struct source *s;
	const char *v;
	size_t i, j;
	int found, have_period = 0, have_time = 0;
	int64_t t;

	pb->period_type = period_type;
	for (i = 0; i < p->nsources; i++) {
		s = &p->sources[i];
		t = attr_i64(p, s, ATTR_PPROF_TIME, &found);
		if (found && (!have_time || t < pb->time_nanos)) {
			pb->time_nanos = t;
			have_time = 1;
		}
		if (__builtin_add_overflow(pb->duration_nanos, attr_i64(p, s,
		    ATTR_PPROF_DURATION, &found), &pb->duration_nanos))
			return perr_set(e, "the sources' %s sum past pprof's "
			    "64-bit integers", ATTR_PPROF_DURATION);
		if (!have_period && (prof_attr(p, s, ATTR_PPROF_PERIOD_TYPE) ||
		    prof_attr(p, s, ATTR_PPROF_PERIOD_UNIT) ||
		    prof_attr(p, s, ATTR_PPROF_PERIOD))) {
			have_period = 1;
			period_type->type = ostr_c(o, prof_attr(p, s,
			    ATTR_PPROF_PERIOD_TYPE));
			period_type->unit = ostr_c(o, prof_attr(p, s,
			    ATTR_PPROF_PERIOD_UNIT));
			pb->period = attr_i64(p, s, ATTR_PPROF_PERIOD, &found);
		}
#define FIRST(field, key) \
		if (pb->field == 0 && (v = prof_attr(p, s, key)) != NULL) \
			pb->field = ostr_c(o, v)
		FIRST(drop_frames, ATTR_PPROF_DROP_FRAMES);
		FIRST(keep_frames, ATTR_PPROF_KEEP_FRAMES);
		FIRST(doc_url, ATTR_PPROF_DOC_URL);
		FIRST(default_sample_type, ATTR_PPROF_DEFAULT_TYPE);
#undef FIRST
		if (pb->n_comment == 0) {
			for (j = 0; j < s->nattrs; j++)
				if (strcmp(prof_str(p, s->attrs[j].key),
				    ATTR_PPROF_COMMENT) == 0)
					pb->n_comment++;
			if (pb->n_comment > 0 && (*comments = calloc(
			    pb->n_comment, sizeof(**comments))) == NULL) {
				o->failed = 1;
				pb->n_comment = 0;
			}
			pb->comment = *comments;
			pb->n_comment = 0;
			for (j = 0; *comments != NULL && j < s->nattrs; j++)
				if (strcmp(prof_str(p, s->attrs[j].key),
				    ATTR_PPROF_COMMENT) == 0)
					(*comments)[pb->n_comment++] = ostr(o,
					    s->attrs[j].value);
		}
	}
	/* R's profiles are of time: pprof opens them on samples, not on
	 * the last type (alloc_space for a memory profile) */
	for (i = 0; i < p->nsources && pb->default_sample_type == 0; i++)
		if (strcmp(prof_str(p, p->sources[i].type), SOURCE_RPROF) == 0)
			pb->default_sample_type = ostr_c(o, VALUE_SAMPLES);
	for (i = 0; i < p->nsources && !have_period; i++)
		if (strcmp(prof_str(p, p->sources[i].type), SOURCE_PPROF) == 0) {
			/* a pprof profile without a period type */
			pb->period_type = NULL;
			return 0;
		}
	if (!have_period) {
		/* Rprof: time in nanoseconds, the interval of the first */
		for (i = 0; i < p->nsources; i++)
			if ((v = prof_attr(p, &p->sources[i],
			    ATTR_RPROF_INTERVAL)) != NULL) {
				if (to_i64(strtod(v, NULL) * 1000,
				    &pb->period) < 0)
					return perr_set(e, "source %u: a sample "
					    "interval of %s microseconds has no "
					    "pprof period (nanoseconds, a 64-bit "
					    "integer)", p->sources[i].id, v);
				break;
			}
		period_type->type = ostr_c(o, "time");
		period_type->unit = ostr_c(o, UNIT_NANOSECONDS);
	}
	return 0;
}

static uint32_t
word(const char *key, size_t i)
{
	uint32_t v;

	memcpy(&v, key + 4 * i, 4);	/* keys are not aligned */
	return v;
}

/* Where each message is packed before it is written. */
struct packer {
	struct output *out;
	uint8_t *buf;
	size_t cap;
	int failed;
};

static void
put_varint(struct output *out, uint64_t v)
{
	uint8_t b[10];
	size_t n = 0;

	do {
		b[n++] = (uint8_t)(v & 0x7f) | (v > 0x7f ? 0x80 : 0);
		v >>= 7;
	} while (v != 0);
	out_write(out, b, n);
}

/* Packs m into k->buf: its size, or 0 when out of memory. */
static size_t
pack(struct packer *k, const ProtobufCMessage *m)
{
	size_t n = protobuf_c_message_get_packed_size(m);

	if (k->failed)
		return 0;
	if (n > k->cap) {
		uint8_t *b = realloc(k->buf, n);
		if (b == NULL) {
			k->failed = 1;
			return 0;
		}
		k->buf = b;
		k->cap = n;
	}
	return protobuf_c_message_pack(m, k->buf);
}

/* Writes m as field number field of the Profile. Protobuf reads repeated
 * fields in the order they come and the fields of messages written one
 * after another as those of one, so the Profile goes out message by
 * message, never whole. */
static void
put_message(struct packer *k, unsigned field, const ProtobufCMessage *m)
{
	size_t n = pack(k, m);

	if (k->failed)
		return;
	put_varint(k->out, (uint64_t)field << 3 | 2);
	put_varint(k->out, n);
	out_write(k->out, k->buf, n);
}

/* Writes m's fields (what is left of the Profile) as they are. */
static void
put_message_fields(struct packer *k, const ProtobufCMessage *m)
{
	size_t n = pack(k, m);

	if (!k->failed)
		out_write(k->out, k->buf, n);
}

/* Fields of perftools.profiles.Profile */
enum { F_SAMPLE = 2, F_MAPPING = 3, F_LOCATION = 4, F_FUNCTION = 5 };

static void
put_samples(struct pprof_writer *w, struct outstr *o, struct packer *k)
{
	Sample sm;
	Label *lb = NULL, **lbp = NULL;
	uint64_t *lid = NULL;
	size_t caplid = 0, caplb = 0, caplbp = 0, i, j, n;
	const char *key;

	for (i = 0; i < w->naggs && !k->failed; i++) {
		key = strtab_str(&w->stacks, w->aggs[i].key);
		perftools__profiles__sample__init(&sm);
		sm.n_location_id = word(key, 0);
		n = 1 + sm.n_location_id;
		sm.n_label = word(key, n++);
		if (array_grow((void **)&lid, &caplid, sm.n_location_id + 1,
		    sizeof(*lid)) < 0 || array_grow((void **)&lb, &caplb,
		    sm.n_label + 1, sizeof(*lb)) < 0 || array_grow((void **)
		    &lbp, &caplbp, sm.n_label + 1, sizeof(*lbp)) < 0) {
			k->failed = 1;
			break;
		}
		sm.location_id = lid;
		for (j = 0; j < sm.n_location_id; j++)
			lid[j] = word(key, 1 + j);
		/* the values, zeros for types the aggregate never had */
		sm.n_value = w->ntypes;
		sm.value = w->vals;
		for (j = 0; j < w->ntypes; j++)
			w->vals[j] = j < w->aggs[i].nvals ?
			    w->aggs[i].values[j] : 0;
		sm.label = lbp;
		for (j = 0; j < sm.n_label; j++, n += 5) {
			perftools__profiles__label__init(&lb[j]);
			lb[j].key = ostr(o, word(key, n));
			lb[j].str = ostr(o, word(key, n + 1));
			lb[j].num_unit = ostr(o, word(key, n + 2));
			lb[j].num = (int64_t)((uint64_t)word(key, n + 4) << 32 |
			    word(key, n + 3));
			lbp[j] = &lb[j];
		}
		put_message(k, F_SAMPLE, &sm.base);
	}
	free(lid);
	free(lb);
	free(lbp);
}

static void
put_mappings(struct prof *p, struct outstr *o, struct packer *k)
{
	Mapping mp;
	size_t i;

	for (i = 0; i < p->nmappings; i++) {
		const struct mapping *m = &p->mappings[i];
		perftools__profiles__mapping__init(&mp);
		mp.id = i + 1;
		mp.memory_start = m->start;
		mp.memory_limit = m->limit;
		mp.file_offset = m->offset;
		mp.filename = ostr(o, m->filename);
		mp.build_id = ostr(o, m->build_id);
		mp.has_functions = m->has_functions;
		mp.has_filenames = m->has_filenames;
		mp.has_line_numbers = m->has_line_numbers;
		mp.has_inline_frames = m->has_inline_frames;
		put_message(k, F_MAPPING, &mp.base);
	}
}

/* A Location per run of stream locations: lines innermost first. */
static void
put_locations(struct pprof_writer *w, struct prof *p, struct packer *k)
{
	Location lc;
	Line *ln = NULL, **lnp = NULL;
	size_t i, j, cap = 0;

	for (i = 0; i < w->nruns && !k->failed; i++) {
		const uint32_t *run = w->pool + w->runs[i].off;
		const struct location *first = &p->locations[run[0]];
		if (w->runs[i].len > cap) {
			cap = w->runs[i].len;
			free(ln);
			free(lnp);
			ln = malloc(cap * sizeof(*ln));
			lnp = malloc(cap * sizeof(*lnp));
			if (ln == NULL || lnp == NULL) {
				k->failed = 1;
				break;
			}
		}
		perftools__profiles__location__init(&lc);
		lc.id = i + 1;
		lc.mapping_id = first->mapping == PROF_NONE ? 0 :
		    first->mapping + 1;
		lc.address = first->address;
		lc.is_folded = first->is_folded;
		lc.line = lnp;
		for (j = 0; j < w->runs[i].len; j++) {
			const struct location *l = &p->locations[run[j]];
			if (l->function == PROF_NONE)
				continue;
			perftools__profiles__line__init(&ln[lc.n_line]);
			ln[lc.n_line].function_id = l->function + 1;
			ln[lc.n_line].line = l->line != PROF_LINE_NA ?
			    l->line : 0;
			ln[lc.n_line].column = l->column;
			lnp[lc.n_line] = &ln[lc.n_line];
			lc.n_line++;
		}
		put_message(k, F_LOCATION, &lc.base);
	}
	free(ln);
	free(lnp);
}

static void
put_functions(struct prof *p, struct outstr *o, struct packer *k)
{
	Function fn;
	size_t i;

	for (i = 0; i < p->nfunctions; i++) {
		const struct function *f = &p->functions[i];
		perftools__profiles__function__init(&fn);
		fn.id = i + 1;
		fn.name = ostr(o, f->name);
		fn.system_name = ostr(o, f->system_name);
		fn.filename = ostr(o, f->filename);
		fn.start_line = f->start_line;
		put_message(k, F_FUNCTION, &fn.base);
	}
}

/* The Profile, message by message as each is made, the string table last
 * (as Go's runtime writes it): memory for the aggregates, never a copy of
 * the whole profile. */
static int
write_profile(struct pprof_writer *w, struct prof *p, struct output *out,
    struct perr *e)
{
	Profile pb = PERFTOOLS__PROFILES__PROFILE__INIT;
	ValueType period_type = PERFTOOLS__PROFILES__VALUE_TYPE__INIT;
	struct outstr o = { .p = p };
	struct packer k = { out, NULL, 0, 0 };
	ValueType *vt = NULL, **vtp = NULL;
	int64_t *comments = NULL;
	size_t i;
	int rc = -1;

	if (declared_types(w, p) < 0)
		goto done;
	if ((o.tab = calloc(16, sizeof(*o.tab))) == NULL)
		goto done;
	o.cap = 16;
	o.n = 1;			/* [0] is "" */
	if ((vt = calloc(w->ntypes + 1, sizeof(*vt))) == NULL ||
	    (vtp = calloc(w->ntypes + 1, sizeof(*vtp))) == NULL ||
	    array_grow((void **)&w->vals, &w->capvals, w->ntypes + 1,
	    sizeof(*w->vals)) < 0)
		goto done;
	/* string table order: sample types first, as google/pprof does */
	for (i = 0; i < w->ntypes; i++) {
		perftools__profiles__value_type__init(&vt[i]);
		vt[i].type = ostr(&o, w->types[2 * i]);
		vt[i].unit = ostr(&o, w->types[2 * i + 1]);
		vtp[i] = &vt[i];
	}
	pb.n_sample_type = w->ntypes;
	pb.sample_type = vtp;
	/* the header first: its refusals come before any byte is written */
	if (header(&pb, p, &o, &period_type, &comments, e) < 0) {
		rc = -2;	/* its message set */
		goto done;
	}
	put_samples(w, &o, &k);
	put_mappings(p, &o, &k);
	put_locations(w, p, &k);
	put_functions(p, &o, &k);
	if (o.failed || k.failed)
		goto done;
	ostr_table(&o);
	pb.n_string_table = o.n;
	pb.string_table = o.tab;
	put_message_fields(&k, &pb.base);
	if (k.failed)
		goto done;
	rc = 0;
done:
	if (rc == -1)
		perr_nomem(e);
	free(k.buf);
	free(o.tab);
	free(o.pix);
	u64map_free(&o.ix);
	free(vt);
	free(vtp);
	free(comments);
	return rc < 0 ? -1 : 0;
}

int
pprof_write_end(struct pprof_writer *w, struct prof *p, struct output *out,
    struct perr *e)
{
	return write_profile(w, p, out, e) < 0 ? perr_at(e, out->name) : 0;
}
