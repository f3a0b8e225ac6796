/*
 * Rows to whole samples. Streaming, one sample is held at a time and
 * handed over when the next samples row arrives. The first row out of
 * define-before-use order turns streaming into buffering where it stands:
 * from there every sample is kept (by id), and references stay unresolved
 * until the end. Only a row for a sample already handed over ("late")
 * cannot be taken so: then the samples are handed over again from the
 * start, read again from the file, or, from a pipe, from the record kept of
 * those handed over (handed.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "model/assembler.h"

static int
cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

static void
sample_reset(struct sample *s, uint32_t id)
{
	s->id = id;
	s->source = PROF_NONE;
	s->defined = 0;
	s->nvals = s->nlocs = s->nlabels = 0;
	s->unsorted = 0;
	s->has_time = 0;
}

static void
sample_free(struct sample *s)
{
	free(s->vals);
	free(s->locs);
	free(s->depths);
	free(s->labels);
}

/* A new sample in the buffer, its samples row not yet seen; NULL when
 * out of memory. */
static struct sample *
buffer_add(struct assembler *a, uint32_t id)
{
	uint32_t *slot;
	int added;
	struct sample *s;

	if ((slot = u64map_put(&a->sample_ix, id, (uint32_t)a->nall,
	    &added)) == NULL || ARRAY_ROOM(a->all, a->nall, a->capall) < 0 ||
	    array_grow((void **)&a->all_line, &a->capall_line, a->nall + 1,
	    sizeof(*a->all_line)) < 0) {
		asm_nomem(a);
		return NULL;
	}
	a->all_line[a->nall] = 0;
	s = &a->all[a->nall++];
	memset(s, 0, sizeof(*s));
	sample_reset(s, id);
	return s;
}

/* The sample a row of a sample's table belongs to (NULL: *rc, and a->e
 * when -1). */
static struct sample *
sample_for(struct assembler *a, uint32_t id, int *rc)
{
	uint32_t *slot;
	struct sample *s;

	*rc = 0;
	if (a->mode == ASM_STREAM) {
		if (id != a->cur.id || !a->cur.defined) {
			*rc = UNORDERED;
			return NULL;
		}
		return &a->cur;
	}
	if (a->switched && id <= a->last_emitted) {
		*rc = LATE;
		return NULL;
	}
	if ((slot = u64map_get(&a->sample_ix, id)) != NULL)
		return &a->all[*slot];
	/* a reference to a sample whose samples row is still to come */
	if ((a->r->row.table != T_SAMPLES &&
	    asm_note_ref(a, T_SAMPLES, id, 0) < 0) ||
	    (s = buffer_add(a, id)) == NULL) {
		*rc = -1;
		return NULL;
	}
	return s;
}

static int sort_depths(struct assembler *, struct sample *);

/* ASM_SUMS: s's values are finite, and so are the sums of the magnitudes
 * of each type's values handed over. */
static int
check_sums(struct assembler *a, const struct sample *s, long line)
{
	const struct svalue *v;
	uint32_t *slot;
	size_t i;
	int added;

	for (i = 0; i < s->nvals; i++) {
		v = &s->vals[i];
		if (!isfinite(v->value.d))
			return stream_problem(a->r, a->e, line, T_SAMPLES,
			    SMP_ID, "sample %u: its value of type '%s' is %s: "
			    "the values this program sums must be finite",
			    s->id, prof_str(a->p, v->type), v->value.d < 0 ?
			    "-Inf" : "Inf");
		if ((slot = u64map_put(&a->mag_ix, v->type, (uint32_t)a->nmag,
		    &added)) == NULL || (added && ARRAY_ROOM(a->mag, a->nmag,
		    a->capmag) < 0))
			return asm_nomem(a);
		if (added)
			a->mag[a->nmag++] = 0;
		a->mag[*slot] += fabs(v->value.d);
		if (!isfinite(a->mag[*slot]))
			return stream_problem(a->r, a->e, line, T_SAMPLES,
			    SMP_ID, "sample %u: the values of type '%s' sum "
			    "past the largest double (1.8e308) here: they "
			    "cannot be summed", s->id, prof_str(a->p, v->type));
	}
	return 0;
}

/* Checks a sample (whose samples row is at line) and hands it over;
 * streaming, it is kept first when samples handed over are. */
static int
asm_emit(struct assembler *a, struct sample *s, long line)
{
	size_t d;
	uint32_t ix;
	int rc;

	if (!s->defined)
		return asm_undefined(a, T_SAMPLES, s->id);
	/* a consumer that writes locations takes their columns from the
	 * header: no sample goes before it (one still to come is a stream
	 * out of order) */
	if (a->mode == ASM_STREAM && a->r->tab[T_LOCATIONS].header_line == 0)
		return UNORDERED;
	a->p->loc_ext = a->r->tab[T_LOCATIONS].has_ext;
	/* every sample has a value: none yet means its rows come later */
	if (s->nvals == 0)
		return a->mode == ASM_STREAM ? UNORDERED : stream_problem(a->r,
		    a->e, line, T_SAMPLES, SMP_ID, "sample %u has no %s", s->id,
		    schema_name(T_SAMPLE_VALUES));
	if (s->unsorted && (rc = sort_depths(a, s)) < 0)
		return rc;
	if ((a->io->flags & ASM_SUMS) && check_sums(a, s, line) < 0)
		return -1;
	if (a->mode == ASM_BUFFER)
		for (d = 0; d < s->nlocs; d++) {
			if (prof_location_index(a->p, s->locs[d], &ix) < 0)
				return asm_undefined(a, T_LOCATIONS, s->locs[d]);
			s->locs[d] = ix;
		}
	else if (a->handing && handed_put(&a->handed, s, line) < 0)
		return asm_nomem(a);
	if (a->io->emit(a->io->ctx, a->p, s, a->e) < 0)
		return -1;
	a->last_emitted = s->id;
	return 0;
}

/* Streaming: the current sample handed over. */
static int
emit_cur(struct assembler *a)
{
	int rc = asm_emit(a, &a->cur, a->cur_line);

	if (rc == 0)
		a->cur.defined = 0;
	return rc;
}

static int
add_value(struct assembler *a, struct sample *s, uint32_t type, uint32_t unit,
    struct num v)
{
	size_t i;

	/* one value per type, as the validator says */
	for (i = 0; i < s->nvals; i++)
		if (s->vals[i].type == type)
			return stream_problem(a->r, a->e, a->r->row.line,
			    T_SAMPLE_VALUES, SV_TYPE, "sample %u has type '%s' "
			    "twice", s->id, prof_str(a->p, type));
	if (ARRAY_ROOM(s->vals, s->nvals, s->capvals) < 0)
		return asm_nomem(a);
	s->vals[s->nvals].type = type;
	s->vals[s->nvals].unit = unit;
	s->vals[s->nvals++].value = v;
	return 0;
}

/* A frame of the sample. Rows are kept as they come, so memory follows
 * the rows, never the largest depth a row claims; order is checked when
 * the sample is complete. */
static int
set_depth(struct assembler *a, struct sample *s, size_t depth, uint32_t loc)
{
	if (ARRAY_ROOM(s->locs, s->nlocs, s->caplocs) < 0 ||
	    ARRAY_ROOM(s->depths, s->nlocs, s->capdepths) < 0)
		return asm_nomem(a);
	if (depth != s->nlocs + 1)
		s->unsorted = 1;
	s->depths[s->nlocs] = (uint32_t)depth;
	s->locs[s->nlocs++] = loc;
	return 0;
}

/* Puts rows that came out of order by depth, which must be 1..n. A depth
 * twice is an error; a missing one, streaming, is a row still to come
 * (UNORDERED, the sample as it was). */
static int
sort_depths(struct assembler *a, struct sample *s)
{
	uint64_t *pairs = malloc(s->nlocs * sizeof(*pairs));
	size_t i;
	uint32_t d;

	if (pairs == NULL)
		return asm_nomem(a);
	for (i = 0; i < s->nlocs; i++)
		pairs[i] = (uint64_t)s->depths[i] << 32 | s->locs[i];
	qsort(pairs, s->nlocs, sizeof(*pairs), cmp_u64);
	for (i = 0; i < s->nlocs; i++) {
		d = (uint32_t)(pairs[i] >> 32);
		if (d != i + 1) {
			free(pairs);
			if (d < i + 1)
				return perr_set(a->e, "%s: sample %u has depth "
				    "%u twice", a->r->in.name, s->id, d);
			if (a->mode == ASM_STREAM)
				return UNORDERED;
			return perr_set(a->e, "%s: sample %u has no depth %zu",
			    a->r->in.name, s->id, i + 1);
		}
	}
	for (i = 0; i < s->nlocs; i++) {
		s->locs[i] = (uint32_t)pairs[i];
		s->depths[i] = (uint32_t)(pairs[i] >> 32);
	}
	s->unsorted = 0;
	free(pairs);
	return 0;
}

/* A samples row. Streaming, it hands the current sample over, unless
 * it is out of order: then nothing has changed yet. */
static int
samples_row(struct assembler *a)
{
	struct stream_row *row = &a->r->row;
	uint32_t id = (uint32_t)row->v[SMP_ID].i, si;
	uint32_t src = (uint32_t)row->v[SMP_SOURCE].i;
	struct sample *s;
	uint32_t *slot;
	int rc;

	if (a->mode == ASM_STREAM) {
		if ((a->cur.defined && id <= a->cur.id) ||
		    prof_source_index(a->p, src, &si) < 0)
			return UNORDERED;
		if (a->cur.defined && (rc = emit_cur(a)) < 0)
			return rc;
		if (id <= a->last_emitted)
			return UNORDERED;
		sample_reset(&a->cur, id);
		a->cur.defined = 1;
		a->cur.source = si;
		a->cur_line = row->line;
		return 0;
	}
	if (a->switched && id <= a->last_emitted)
		return LATE;
	if ((slot = u64map_get(&a->sample_ix, id)) != NULL)
		s = &a->all[*slot];
	else if ((s = buffer_add(a, id)) == NULL)
		return -1;
	if (s->defined)
		return asm_bad(a, T_SAMPLES, SMP_ID, "duplicate id %u", id);
	s->defined = 1;
	a->all_line[s - a->all] = row->line;
	if (prof_source_index(a->p, src, &s->source) == 0)
		return 0;
	s->source = src | 0x80000000u;	/* an id, for later */
	return asm_note_ref(a, T_SOURCES, src, SMP_SOURCE);
}

static int
sample_row(struct assembler *a)
{
	struct stream_row *row = &a->r->row;
	struct sample *s;
	struct slabel *lb;
	uint32_t id, ix;
	int64_t t, u;
	int rc;

	if (row->table == T_SAMPLES)
		return samples_row(a);
	id = (uint32_t)row->v[0].i;	/* sample_id is first in each */
	if ((s = sample_for(a, id, &rc)) == NULL)
		return rc;
	switch (row->table) {
	case T_SAMPLE_VALUES:
		if ((t = asm_cell_str_cached(a, SV_TYPE)) < 0 ||
		    (u = asm_cell_str_cached(a, SV_UNIT)) < 0)
			return asm_nomem(a);
		return add_value(a, s, (uint32_t)t, (uint32_t)u,
		    row->v[SV_VALUE].n);
	case T_SAMPLE_LOCATIONS:
		id = ix = (uint32_t)row->v[SL_LOCATION].i;
		if (prof_location_index(a->p, id, &ix) < 0) {
			if (a->mode == ASM_STREAM)
				return UNORDERED;
			if (asm_note_ref(a, T_LOCATIONS, id, SL_LOCATION) < 0)
				return -1;
		}
		/* buffering keeps the id, resolved when handed over */
		return set_depth(a, s, (size_t)row->v[SL_DEPTH].i,
		    a->mode == ASM_STREAM ? ix : id);
	case T_SAMPLE_LABELS:
		if (stream_label_rule(row) != NULL)
			return stream_problem(a->r, a->e, row->line,
			    T_SAMPLE_LABELS, -1, "%s", stream_label_rule(row));
		if (ARRAY_ROOM(s->labels, s->nlabels, s->caplabels) < 0)
			return asm_nomem(a);
		lb = &s->labels[s->nlabels];
		if ((t = asm_cell_str(a, LB_KEY)) < 0)
			return asm_nomem(a);
		lb->key = (uint32_t)t;
		if ((t = asm_cell_str(a, LB_STR)) < 0 ||
		    (u = asm_cell_str(a, LB_NUM_UNIT)) < 0)
			return asm_nomem(a);
		lb->str = (uint32_t)t;
		lb->num_unit = (uint32_t)u;
		lb->num_na = row->st[LB_NUM] == CELL_NA;
		lb->num = lb->num_na ? 0 : row->v[LB_NUM].i;
		s->nlabels++;
		return 0;
	case T_SAMPLE_TIMES:
		if (s->has_time)
			return asm_bad(a, T_SAMPLE_TIMES, STM_SAMPLE,
			    "sample %u has a second time", s->id);
		s->time = row->v[STM_TIME].i;
		s->has_time = 1;
		return 0;
	default:
		return 0;
	}
}

/* A 1.0 samples row's locations: -1 when the list is not one (said),
 * UNORDERED when streaming finds one not yet defined (nothing changed);
 * buffering notes those. */
static int
v1_locations(struct assembler *a)
{
	const struct stream_row *row = &a->r->row;
	const char *q = row->v[V1S_LOCATIONS].s.p, *why;
	const char *end = q + row->v[V1S_LOCATIONS].s.n;
	uint32_t id, ix;
	int rc;

	while ((rc = stream_v1_next_location(&q, end, &id, &why)) > 0)
		if (prof_location_index(a->p, id, &ix) < 0) {
			if (a->mode == ASM_STREAM)
				return UNORDERED;
			if (asm_note_ref(a, T_LOCATIONS, id, V1S_LOCATIONS) < 0)
				return -1;
		}
	if (rc < 0)
		return stream_problem(a->r, a->e, row->line, T_V1_SAMPLES,
		    V1S_LOCATIONS, "%s", why);
	return 0;
}

/* 1.0: one source; each samples row is value samples of count 1. */
static int
v1_row(struct assembler *a)
{
	struct stream_row *row = &a->r->row;
	struct prof *p = a->p;
	struct source *src;
	struct sample *s;
	const char *q, *end, *why;
	uint32_t ix;
	int64_t k, u, n;
	int rc;

	if (row->table != T_V1_SAMPLES)
		return 0;
	if ((rc = v1_locations(a)) != 0)
		return rc;
	if (p->nsources == 0) {
		if (ARRAY_ROOM(p->sources, p->nsources, p->capsources) < 0 ||
		    (k = prof_intern(p, SOURCE_MANUAL,
		    strlen(SOURCE_MANUAL))) < 0)
			return asm_nomem(a);
		/* source 1 as row 0: dense, so not in source_ix */
		src = &p->sources[p->nsources++];
		memset(src, 0, sizeof(*src));
		src->id = 1;
		src->type = (uint32_t)k;
		src->uri = PROF_NONE;
		src->timestamp_na = 1;
	}
	if ((k = prof_intern(p, VALUE_SAMPLES, strlen(VALUE_SAMPLES))) < 0 ||
	    (u = prof_intern(p, UNIT_COUNT, strlen(UNIT_COUNT))) < 0)
		return asm_nomem(a);
	for (n = row->v[V1S_VALUE].i; n > 0; n--) {
		if (a->mode == ASM_STREAM) {
			s = &a->cur;
			sample_reset(s, ++a->v1_next_id);
			a->cur_line = row->line;
		} else if ((s = buffer_add(a, ++a->v1_next_id)) == NULL)
			return -1;
		else {
			a->all_line[a->nall - 1] = row->line;
			if (n > 1) {
				/* this one, then n - 1 more with the ids
				 * after */
				if (array_grow_zeroed((void **)&a->more,
				    &a->capmore, a->nall, sizeof(*a->more)) < 0)
					return asm_nomem(a);
				a->more[a->nall - 1] = (uint32_t)(n - 1);
				a->v1_next_id += (uint32_t)(n - 1);
				n = 1;
			}
		}
		s->defined = 1;
		s->source = 0;
		if (add_value(a, s, (uint32_t)k, (uint32_t)u, num_of_i64(1)) < 0)
			return -1;
		q = row->v[V1S_LOCATIONS].s.p;
		end = q + row->v[V1S_LOCATIONS].s.n;
		while (stream_v1_next_location(&q, end, &ix, &why) > 0) {
			/* streaming: all defined (v1_locations) */
			if (a->mode == ASM_STREAM)
				(void)prof_location_index(p, ix, &ix);
			if (set_depth(a, s, s->nlocs + 1, ix) < 0)
				return -1;
		}
		if (a->mode == ASM_STREAM && (rc = emit_cur(a)) < 0)
			return rc;
	}
	return 0;
}

static int
finish_buffered(struct assembler *a)
{
	struct prof *p = a->p;
	size_t i;
	uint32_t si;
	uint64_t *order;
	int rc = 0;

	for (i = 0; i < a->nattrs; i++) {
		if (prof_source_index(p, a->attrs[i].source_id, &si) < 0)
			return asm_undefined(a, T_SOURCES, a->attrs[i].source_id);
		if (asm_add_attr(a, &p->sources[si], a->attrs[i].a) < 0)
			return -1;
	}
	for (i = a->nresolved; i < p->nlocations; i++)
		if (asm_resolve_location(a, &p->locations[i]) < 0)
			return -1;
	a->nresolved = p->nlocations;
	for (i = 0; i < a->nlattrs; i++) {
		if (prof_location_index(p, a->lattrs[i].source_id, &si) < 0)
			return asm_undefined(a, T_LOCATIONS,
			    a->lattrs[i].source_id);
		if (prof_add_location_attr(p, si, a->lattrs[i].a) < 0)
			return asm_nomem(a);
	}
	/* samples in ascending id */
	if ((order = malloc((a->nall + 1) * sizeof(*order))) == NULL)
		return asm_nomem(a);
	for (i = 0; i < a->nall; i++)
		order[i] = (uint64_t)a->all[i].id << 32 | i;
	qsort(order, a->nall, sizeof(*order), cmp_u64);
	for (i = 0; i < a->nall && rc == 0; i++) {
		uint32_t k = (uint32_t)order[i], more = k < a->capmore ?
		    a->more[k] : 0;
		struct sample *s = &a->all[k];
		if (s->defined && (s->source & 0x80000000u)) {
			if (prof_source_index(p, s->source & 0x7fffffffu, &si)
			    < 0) {
				rc = asm_undefined(a, T_SOURCES,
				    s->source & 0x7fffffffu);
				break;
			}
			s->source = si;
		}
		rc = asm_emit(a, s, a->all_line[k]);
		/* its locations are indices now: the copies go as they are */
		for (; rc == 0 && more > 0; more--) {
			s->id++;
			rc = a->io->emit(a->io->ctx, a->p, s, a->e);
		}
	}
	free(order);
	return rc;
}

/* Streaming turns to buffering where it stands: the sample being read
 * joins the buffer (its locations as ids again, as buffering keeps
 * them); those handed over stay so. */
static int
to_buffering(struct assembler *a)
{
	struct sample *s;
	size_t d;

	a->mode = ASM_BUFFER;
	a->switched = 1;
	a->handing = 0;
	if (!a->cur.defined)
		return 0;
	if ((s = buffer_add(a, a->cur.id)) == NULL)
		return -1;
	*s = a->cur;
	for (d = 0; d < s->nlocs; d++)
		s->locs[d] = a->p->locations[s->locs[d]].id;
	a->all_line[a->nall - 1] = a->cur_line;
	memset(&a->cur, 0, sizeof(a->cur));
	sample_reset(&a->cur, 0);
	return 0;
}

/* A sample handed over before, into the buffer (handed_replay's add). */
static int
replay_add(void *ctx, struct sample *from, long line)
{
	struct assembler *a = ctx;
	struct sample *s;
	size_t d;

	for (d = 0; d < from->nlocs; d++) {
		if (from->locs[d] >= a->p->nlocations) {
			sample_free(from);
			return perr_set(a->e, "%s: reading a temporary file: "
			    "%s", a->r->in.name, strerror(EIO));
		}
		from->locs[d] = a->p->locations[from->locs[d]].id;
	}
	if ((s = buffer_add(a, from->id)) == NULL) {
		sample_free(from);
		return -1;
	}
	*s = *from;
	a->all_line[a->nall - 1] = line;
	return 0;
}

/* A row came for a sample handed over already: every sample is handed
 * over again, so the consumer starts over; from the record of those
 * handed over, or (none kept) by the caller reading the input again
 * (ASM_UNORDERED). */
static int
late(struct assembler *a)
{
	int rc;

	if (a->io->log_fd < 0)
		return ASM_UNORDERED;
	if (a->io->restart(a->io->ctx, a->e) < 0)
		return -1;
	u64map_free(&a->mag_ix);	/* every sample is handed over again */
	a->nmag = 0;
	rc = handed_replay(&a->handed, a->r->in.name, replay_add, a, a->e);
	a->switched = 0;
	a->last_emitted = 0;
	return rc;
}

static int
take_row(struct assembler *a)
{
	switch (a->r->row.table) {
	case T_SAMPLES: case T_SAMPLE_VALUES: case T_SAMPLE_LOCATIONS:
	case T_SAMPLE_LABELS: case T_SAMPLE_TIMES:
		return sample_row(a);
	case T_V1_SAMPLES:
		return v1_row(a);
	default:
		/* a definition after a sample's rows: that sample is complete
		 * (if not, its next row is a late one) */
		if (a->mode == ASM_STREAM && a->cur.defined &&
		    a->cur.nvals > 0) {
			int rc = emit_cur(a);
			if (rc < 0)
				return rc;
		}
		return asm_definition(a);
	}
}

struct assembler *
asm_open(struct stream_reader *r, struct prof *p, int mode,
    struct asm_io *io, struct perr *e)
{
	struct assembler *a = calloc(1, sizeof(*a));
	size_t i;

	if (a == NULL) {
		perr_nomem(e);
		return NULL;
	}
	a->r = r;
	a->p = p;
	a->mode = mode;
	a->io = io;
	a->e = e;
	for (i = 0; i < RECENT; i++)
		a->recent[i].idx = PROF_NONE;
	sample_reset(&a->cur, 0);
	if (mode == ASM_STREAM && io->log_fd >= 0) {
		if (handed_open(&a->handed, io->log_fd, e) < 0) {
			free(a);
			perr_at(e, r->in.name);
			return NULL;
		}
		a->handing = a->handed_open = 1;
	}
	return a;
}

int
asm_take(struct assembler *a)
{
	int rc = take_row(a);

	/* out of order: buffering from here, the row taken again */
	if (rc == UNORDERED && (rc = to_buffering(a)) == 0)
		rc = take_row(a);
	if (rc == LATE && (rc = late(a)) == 0)
		rc = take_row(a);
	return rc;
}

int
asm_frame(struct assembler *a, uint32_t sample, uint32_t depth,
    uint32_t location)
{
	uint32_t ix;

	if (a->mode != ASM_STREAM || !a->cur.defined || a->cur.id != sample ||
	    prof_location_index(a->p, location, &ix) < 0)
		return 0;
	return set_depth(a, &a->cur, depth, ix) < 0 ? -1 : 1;
}

int
asm_close(struct assembler *a, int rc)
{
	struct prof *p = a->p;
	struct stream_reader *r = a->r;
	struct asm_io *io = a->io;
	size_t i;

	if (rc == 0 && a->mode == ASM_STREAM && a->cur.defined) {
		rc = emit_cur(a);
		if (rc == UNORDERED)	/* no value: said as buffering says */
			rc = to_buffering(a);
	}
	p->loc_ext = r->tab[T_LOCATIONS].has_ext;
	if (rc == 0 && a->mode == ASM_BUFFER)
		rc = finish_buffered(a);
	io->buffered = a->mode == ASM_BUFFER;
	if (a->handed_open)
		handed_close(&a->handed);
	sample_free(&a->cur);
	for (i = 0; i < a->nall; i++)
		sample_free(&a->all[i]);
	free(a->all);
	free(a->all_line);
	free(a->more);
	free(a->attrs);
	free(a->lattrs);
	free(a->refs);
	u64map_free(&a->sample_ix);
	u64map_free(&a->ref_ix);
	u64map_free(&a->mag_ix);
	free(a->mag);
	free(a);
	return rc;
}

int
assemble(struct stream_reader *r, struct prof *p, int mode,
    struct asm_io *io, struct perr *e)
{
	struct assembler *a = asm_open(r, p, mode, io, e);
	int rc;

	if (a == NULL)
		return -1;
	while ((rc = stream_next(r, e)) > 0 && (rc = asm_take(a)) >= 0)
		;
	if (rc == STREAM_FOREIGN)
		rc = ASM_FOREIGN;
	return asm_close(a, rc);
}
