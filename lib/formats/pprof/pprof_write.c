/*
 * The stream to one pprof profile, sample by sample. Each stack is cut into
 * pprof Locations (frames up to and including the first that is not
 * inlined), interned, and the sample kept as a record (pprof_writer.h):
 * aggregated with those of the same Locations and labels, so memory grows
 * with distinct stacks; or with -n spooled to a temporary file, so memory
 * does not grow with samples at all. pprof_emit.c writes the Profile.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/array.h"
#include "formats/pprof/pprof_writer.h"
#include "model/hold.h"

struct pprof_writer *
pprof_write_new(int aggregate, int spool_fd, struct perr *e)
{
	struct pprof_writer *w = calloc(1, sizeof(*w));

	if (w == NULL) {
		perr_nomem(e);
		return NULL;
	}
	w->aggregate = aggregate;
	w->spool_fd = spool_fd;
	if (!aggregate && output_fd(&w->spool, spool_fd, "a temporary file",
	    e) < 0) {
		free(w);
		return NULL;
	}
	return w;
}

static void
clear(struct pprof_writer *w)
{
	free(w->sums);
	free(w->types);
	free(w->scale);
	free(w->src);
	free(w->rec.bytes);
	free(w->vals);
	u64map_free(&w->type_ix);
	loc_runs_free(&w->runs);
	strtab_free(&w->stacks);
}

void
pprof_write_free(struct pprof_writer *w)
{
	if (w == NULL)
		return;
	clear(w);
	if (!w->aggregate)
		output_discard(&w->spool);
	free(w);
}

int
pprof_write_restart(void *ctx, struct perr *e)
{
	struct pprof_writer *w = ctx;
	struct output spool = w->spool;
	int aggregate = w->aggregate, fd = w->spool_fd;

	clear(w);
	memset(w, 0, sizeof(*w));
	w->aggregate = aggregate;
	w->spool_fd = fd;
	w->spool = spool;
	if (!aggregate) {
		/* the spool starts over, empty */
		w->spool.len = 0;
		w->spool.err = 0;
		if (ftruncate(fd, 0) < 0 || lseek(fd, 0, SEEK_SET) < 0)
			return perr_set(e, "a temporary file: %s",
			    strerror(errno));
	}
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
		if (array_grow((void **)&w->scale, &w->capscale, w->ntypes + 1,
		    sizeof(*w->scale)) < 0)
			return -1;
		w->types[2 * w->ntypes] = type;
		w->types[2 * w->ntypes + 1] = unit;
		w->scale[w->ntypes] = (struct scale){ 1, unit, 0 };
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

/* Type t's values from now on in the finer unit of its kind, those
 * aggregated so far scaled, those spooled said (pprof_emit scales them):
 * a fraction is never rounded away. */
static int
finer(struct pprof_writer *w, struct prof *p, const struct sample *s,
    size_t i, size_t t, struct perr *e)
{
	const char *unit;
	int64_t factor, u;
	size_t k;

	if (!hold_finer(prof_str(p, w->types[2 * t + 1]), &unit, &factor))
		return hold_fraction_refused(p, s, i, "pprof", e);
	if ((u = prof_intern(p, unit, strlen(unit))) < 0)
		return perr_nomem(e);
	for (k = 0; k < w->stacks.n && t < w->stride; k++)
		if (__builtin_mul_overflow(w->sums[k * w->stride + t], factor,
		    &w->sums[k * w->stride + t]))
			return perr_set(e, "sample %u: its %s values in %s pass "
			    "pprof's 64-bit integers", s->id, prof_str(p,
			    s->vals[i].type), unit);
	w->scale[t] = (struct scale){ factor, (uint32_t)u, w->nspooled };
	return 0;
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
		if (hold_i64(num_of_dbl(count), &iv) < 0 ||
		    hold_i64(num_of_dbl(t), &iv) < 0)
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
		if (w->scale[t].factor == 1 &&
		    hold_has_fraction(s->vals[i].value) &&
		    finer(w, p, s, i, (size_t)t, e) < 0)
			return -1;
		if (hold_scaled(s->vals[i].value, w->scale[t].factor,
		    &w->vals[t]) < 0)
			return hold_value(p, s, i, "pprof", &w->vals[t], e);
	}
	if (rprof && has_mem) {
		if (array_grow_zeroed((void **)&w->src, &w->nsrc,
		    (size_t)s->source + 1, sizeof(*w->src)) < 0)
			return perr_nomem(e);
		st = &w->src[s->source];
		for (m = 0; m < 3; m++) {
			if (st->seen && mem[m] > st->prev[m])
				inc += mem[m] - st->prev[m];
			st->prev[m] = mem[m];
		}
		st->seen = 1;
		if (hold_i64(num_of_dbl(inc), &iv) < 0)
			return perr_set(e, "sample %u: its alloc_space (%g bytes) "
			    "has no pprof value (a 64-bit integer)", s->id, inc);
		if (set_value(w, p, "alloc_space", UNIT_BYTES, iv) < 0)
			return perr_nomem(e);
	}
	return 0;
}

static int
rec_room(struct record *r, size_t n)
{
	return array_grow((void **)&r->bytes, &r->cap, r->len + n, 1);
}

/* Appends v to r, which has room (rec_room). */
static void
rec_put(struct record *r, uint64_t v)
{
	r->len += varint_put(r->bytes + r->len, v);
}

/* s's record in w->rec: its labels (a count, then each; string fields
 * as index + 1, so that NA is 0), then its Locations to the end. */
static int
make_record(struct pprof_writer *w, struct prof *p, const struct sample *s)
{
	struct record *r = &w->rec;
	size_t i;
	int64_t n, k, prev = 0;

	r->len = 0;
	if (rec_room(r, VARINT_MAX * (s->nlocs + 1 + 4 * s->nlabels)) < 0)
		return -1;
	rec_put(r, s->nlabels);
	for (i = 0; i < s->nlabels; i++) {
		const struct slabel *l = &s->labels[i];
		rec_put(r, (uint32_t)(l->key + 1));
		rec_put(r, (uint32_t)(l->str + 1));
		rec_put(r, (uint32_t)(l->num_unit + 1));
		rec_put(r, zigzag(l->num));
	}
	if ((n = loc_runs_stack(&w->runs, p, s->locs, s->nlocs)) < 0)
		return -1;
	for (i = 0; i < (size_t)n; i++) {
		k = w->runs.ids[i];
		rec_put(r, zigzag(k - prev));
		prev = k;
	}
	return 0;
}

/* Makes room for the values of ntypes types per record: the sums
 * re-laid when a type is new (rare: types come with the first samples). */
static int
restride(struct pprof_writer *w)
{
	size_t n = w->stacks.n, i, j, cap = 0;
	int64_t *sums = NULL;

	if (w->ntypes <= w->stride)
		return 0;
	if (n > 0) {
		if (array_grow((void **)&sums, &cap, n * w->ntypes + w->ntypes,
		    sizeof(*sums)) < 0)
			return -1;
		for (i = 0; i < n; i++)
			for (j = 0; j < w->ntypes; j++)
				sums[i * w->ntypes + j] = j < w->stride ?
				    w->sums[i * w->stride + j] : 0;
		free(w->sums);
		w->sums = sums;
		w->capsums = cap;
	}
	w->stride = w->ntypes;
	return 0;
}

static int
aggregate(struct pprof_writer *w, struct prof *p, const struct sample *s,
    struct perr *e)
{
	size_t old = w->stacks.n, i;
	int64_t k, *sum;

	if (restride(w) < 0 || (k = strtab_intern(&w->stacks,
	    (const char *)w->rec.bytes, w->rec.len)) < 0)
		return -1;
	if (w->stacks.n != old) {
		/* one more: never NULL, even with no types */
		if (array_grow((void **)&w->sums, &w->capsums, (size_t)(k + 1) *
		    w->stride + 1, sizeof(*w->sums)) < 0)
			return -1;
		memset(w->sums + k * w->stride, 0, w->stride *
		    sizeof(*w->sums));
	}
	sum = w->sums + k * w->stride;
	for (i = 0; i < w->ntypes; i++)
		if (__builtin_add_overflow(sum[i], w->vals[i], &sum[i])) {
			hold_sum_refused(p, s, w->types[2 * i], "pprof", "-n "
			    "writes a pprof sample per stream sample", e);
			return -2;
		}
	return 0;
}

/* Without aggregation: the sample to the spool as a frame: its length,
 * then the record's length, the record, and the values of the types there
 * are so far (a type found later is 0 in the samples before). */
static int
spool(struct pprof_writer *w)
{
	uint8_t reclen[VARINT_MAX], framelen[VARINT_MAX];
	struct record *r = &w->rec;
	size_t i, nrec = varint_put(reclen, r->len), nframe;

	if (rec_room(r, VARINT_MAX * (w->ntypes + 1)) < 0)
		return -1;
	rec_put(r, w->ntypes);
	for (i = 0; i < w->ntypes; i++)
		rec_put(r, zigzag(w->vals[i]));
	nframe = varint_put(framelen, nrec + r->len);
	out_write(&w->spool, framelen, nframe);
	out_write(&w->spool, reclen, nrec);
	out_write(&w->spool, r->bytes, r->len);
	w->nspooled++;
	return 0;
}

int
pprof_write_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct pprof_writer *w = ctx;
	int rc;

	if (values(w, p, s, e) < 0)
		return -1;	/* its message set */
	if (make_record(w, p, s) < 0)
		return perr_nomem(e);
	rc = w->aggregate ? aggregate(w, p, s, e) : spool(w);
	if (rc == -1)
		return perr_nomem(e);
	if (rc < 0)
		return -1;
	if (!w->aggregate && w->spool.err != 0)
		return perr_set(e, "a temporary file: %s",
		    strerror(w->spool.err));
	return 0;
}

int
pprof_write_end(struct pprof_writer *w, struct prof *p, struct output *out,
    struct perr *e)
{
	if (declared_types(w, p) < 0 || restride(w) < 0) {
		perr_nomem(e);
		return perr_at(e, out->name);
	}
	if (!w->aggregate) {
		out_flush(&w->spool);
		if (w->spool.err != 0)
			return perr_set(e, "a temporary file: %s",
			    strerror(w->spool.err));
	}
	return pprof_emit(w, p, out, e) < 0 ? perr_at(e, out->name) : 0;
}
