/*
 * Rows to whole samples. In streaming mode one sample is held at a time and
 * handed over when the next samples row arrives; anything out of
 * define-before-use order stops it with ASM_UNORDERED, so the caller can
 * read the input again in buffering mode, which keeps every sample (by id)
 * and every reference unresolved until the end.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "base/array.h"
#include "model/assemble.h"
#include "stream/validate.h"

static int
cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

struct pending_attr {
	uint32_t source_id;
	struct attr a;
};

#define RECENT 8

struct assembler {
	struct stream_reader *r;
	struct prof *p;
	int mode;
	sample_fn emit;
	void *ctx;
	struct perr *e;
	struct sample cur;		/* streaming: the sample being read */
	uint32_t last_emitted;
	struct u64map sample_ix;	/* buffering: id -> index in all */
	struct sample *all;
	size_t nall, capall;
	struct pending_attr *attrs;	/* buffering: attributes */
	size_t nattrs, capattrs;
	uint32_t v1_next_id;		/* 1.0: sample ids handed out */
	/* buffering 1.0: by index in all, the count of samples a row stands
	 * for less one (held once, as a row of value 10^8 would take GBs) */
	uint32_t *more;
	size_t capmore;
	struct recent {
		uint32_t idx;
		char first;
		size_t len;
	} recent[RECENT];
	unsigned next_recent;
};

static int
nomem(struct assembler *a)
{
	return perr_nomem(a->e);
}

static int
unordered(struct assembler *a)
{
	if (a->mode == ASM_BUFFER)
		return 0;
	perr_set(a->e, "%s:%ld: stream not in define-before-use order",
	    a->r->in.name, a->r->row.line);
	return ASM_UNORDERED;
}

static int
bad(struct assembler *a, enum table_id t, int col, const char *fmt, uint32_t id)
{
	return stream_problem(a->r, a->e, a->r->row.line, t, col, fmt, id);
}

static int64_t
cell_str(struct assembler *a, int c)
{
	const union cell *v = &a->r->row.v[c];

	if (a->r->row.st[c] == CELL_NA)
		return PROF_NONE;
	return prof_intern(a->p, v->s.p, v->s.n);
}

/* cell_str for the few strings that repeat on every row (value types and
 * units): the last ones found are compared before hashing. */
static int64_t
cell_str_cached(struct assembler *a, int c)
{
	const union cell *v = &a->r->row.v[c];
	struct recent *r;
	size_t i;
	int64_t k;

	for (i = 0; i < RECENT; i++) {
		r = &a->recent[i];
		/* the first byte inline: most of the others differ there */
		if (r->len == v->s.n && r->idx != PROF_NONE && (v->s.n == 0 ||
		    (r->first == v->s.p[0] && memcmp(prof_str(a->p, r->idx),
		    v->s.p, v->s.n) == 0)))
			return r->idx;
	}
	if ((k = cell_str(a, c)) < 0)
		return k;
	r = &a->recent[a->next_recent++ % RECENT];
	r->idx = (uint32_t)k;
	r->len = v->s.n;
	r->first = v->s.n > 0 ? v->s.p[0] : 0;
	return k;
}

/* Registers id of a keyed table of n rows (index: the table's
 * prof_*_index; m its map, u64map_dense_*); returns its index, or -1 if
 * repeated. */
static int64_t
add_id(struct assembler *a, struct u64map *m, size_t n,
    int (*index)(const struct prof *, uint32_t, uint32_t *), enum table_id t,
    int col)
{
	uint32_t id = (uint32_t)a->r->row.v[col].i, ix;

	if (index(a->p, id, &ix) == 0)
		return bad(a, t, col, "duplicate id %u", id);
	if (u64map_dense_add(m, n, id) < 0)
		return nomem(a);
	return (int64_t)n;
}

/* location.function and .mapping hold ids until resolved to indices */
static int
resolve_location(struct assembler *a, struct location *l, long line)
{
	if (l->function != PROF_NONE &&
	    prof_function_index(a->p, l->function, &l->function) < 0) {
		if (a->mode == ASM_STREAM)
			return unordered(a);
		return stream_problem(a->r, a->e, line, T_LOCATIONS,
		    LOC_FUNCTION, "function %u is not defined", l->function);
	}
	if (l->mapping != PROF_NONE &&
	    prof_mapping_index(a->p, l->mapping, &l->mapping) < 0) {
		if (a->mode == ASM_STREAM)
			return unordered(a);
		return stream_problem(a->r, a->e, line, T_LOCATIONS,
		    LOC_MAPPING, "mapping %u is not defined", l->mapping);
	}
	return 0;
}

static int
add_attr(struct assembler *a, struct source *s, struct attr at)
{
	if (ARRAY_ROOM(s->attrs, s->nattrs, s->capattrs) < 0)
		return nomem(a);
	s->attrs[s->nattrs++] = at;
	a->p->nattrs++;
	return 0;
}

static int
definition(struct assembler *a)
{
	struct stream_row *row = &a->r->row;
	struct prof *p = a->p;
	struct source *s;
	struct function *f;
	struct location *l;
	struct mapping *m;
	struct attr at;
	int64_t ix, k, v;
	uint32_t si;

	switch (row->table) {
	case T_SOURCES:
		if (ARRAY_ROOM(p->sources, p->nsources, p->capsources) < 0)
			return nomem(a);
		if ((ix = add_id(a, &p->source_ix, p->nsources,
		    prof_source_index, T_SOURCES, SRC_ID)) < 0)
			return -1;
		s = &p->sources[p->nsources];
		memset(s, 0, sizeof(*s));
		s->id = (uint32_t)row->v[SRC_ID].i;
		if ((k = cell_str(a, SRC_TYPE)) < 0 ||
		    (v = cell_str(a, SRC_URI)) < 0)
			return nomem(a);
		s->type = (uint32_t)k;
		s->uri = (uint32_t)v;
		s->timestamp_na = row->st[SRC_TIMESTAMP] == CELL_NA;
		s->timestamp = row->v[SRC_TIMESTAMP].n.d;
		p->nsources++;
		return 0;
	case T_SOURCE_ATTRIBUTES:
		if ((k = cell_str(a, SA_KEY)) < 0 ||
		    (v = cell_str(a, SA_VALUE)) < 0)
			return nomem(a);
		at.key = (uint32_t)k;
		at.value = (uint32_t)v;
		if (prof_source_index(p, (uint32_t)row->v[SA_SOURCE].i, &si) == 0)
			return add_attr(a, &p->sources[si], at);
		if (a->mode == ASM_STREAM)
			return unordered(a);
		if (ARRAY_ROOM(a->attrs, a->nattrs, a->capattrs) < 0)
			return nomem(a);
		a->attrs[a->nattrs].source_id = (uint32_t)row->v[SA_SOURCE].i;
		a->attrs[a->nattrs++].a = at;
		return 0;
	case T_FUNCTIONS:
		if (ARRAY_ROOM(p->functions, p->nfunctions, p->capfunctions) < 0)
			return nomem(a);
		if (add_id(a, &p->function_ix, p->nfunctions,
		    prof_function_index, T_FUNCTIONS, FN_ID) < 0)
			return -1;
		f = &p->functions[p->nfunctions];
		f->id = (uint32_t)row->v[FN_ID].i;
		if ((k = cell_str(a, FN_NAME)) < 0)
			return nomem(a);
		f->name = (uint32_t)k;
		if ((k = cell_str(a, FN_SYSNAME)) < 0)
			return nomem(a);
		f->system_name = (uint32_t)k;
		if ((k = cell_str(a, FN_FILENAME)) < 0)
			return nomem(a);
		f->filename = (uint32_t)k;
		f->start_line = row->v[FN_START_LINE].i;
		p->nfunctions++;
		return 0;
	case T_MAPPINGS:
		if (ARRAY_ROOM(p->mappings, p->nmappings, p->capmappings) < 0)
			return nomem(a);
		if (add_id(a, &p->mapping_ix, p->nmappings,
		    prof_mapping_index, T_MAPPINGS, MAP_ID) < 0)
			return -1;
		m = &p->mappings[p->nmappings];
		m->id = (uint32_t)row->v[MAP_ID].i;
		m->start = row->v[MAP_START].u;
		m->limit = row->v[MAP_LIMIT].u;
		m->offset = row->v[MAP_OFFSET].u;
		if ((k = cell_str(a, MAP_FILENAME)) < 0 ||
		    (v = cell_str(a, MAP_BUILD_ID)) < 0)
			return nomem(a);
		m->filename = (uint32_t)k;
		m->build_id = (uint32_t)v;
		m->has_functions = (int)row->v[MAP_HAS_FUNCTIONS].i;
		m->has_filenames = (int)row->v[MAP_HAS_FILENAMES].i;
		m->has_line_numbers = (int)row->v[MAP_HAS_LINE_NUMBERS].i;
		m->has_inline_frames = (int)row->v[MAP_HAS_INLINE_FRAMES].i;
		p->nmappings++;
		return 0;
	case T_LOCATIONS:
		if (ARRAY_ROOM(p->locations, p->nlocations, p->caplocations) < 0)
			return nomem(a);
		if (add_id(a, &p->location_ix, p->nlocations,
		    prof_location_index, T_LOCATIONS, LOC_ID) < 0)
			return -1;
		l = &p->locations[p->nlocations++];
		l->id = (uint32_t)row->v[LOC_ID].i;
		l->function = row->st[LOC_FUNCTION] == CELL_NA ? PROF_NONE :
		    (uint32_t)row->v[LOC_FUNCTION].i;
		l->line = row->st[LOC_LINE] == CELL_NA ? PROF_LINE_NA :
		    row->v[LOC_LINE].i;
		l->address_na = row->st[LOC_ADDRESS] == CELL_NA;
		l->address = l->address_na ? 0 : row->v[LOC_ADDRESS].u;
		l->mapping = row->st[LOC_MAPPING] == CELL_NA ? PROF_NONE :
		    (uint32_t)row->v[LOC_MAPPING].i;
		l->is_folded = (int)row->v[LOC_IS_FOLDED].i;
		l->inlined = (int)row->v[LOC_INLINED].i;
		l->column = row->v[LOC_COLUMN].i;
		l->has_ext = row->has_ext;
		p->loc_ext |= row->has_ext;
		if (a->mode == ASM_STREAM)
			return resolve_location(a, l, row->line);
		return 0;
	default:
		return 0;
	}
}

static void
sample_reset(struct sample *s, uint32_t id)
{
	s->id = id;
	s->source = PROF_NONE;
	s->defined = 0;
	s->nvals = s->nlocs = s->nlabels = 0;
	s->unsorted = 0;
}

static void
sample_free(struct sample *s)
{
	free(s->vals);
	free(s->locs);
	free(s->depths);
	free(s->labels);
}

/* The sample a row of a sample's table belongs to (NULL: see a->e). */
static struct sample *
sample_for(struct assembler *a, uint32_t id, int *rc)
{
	uint32_t *slot;
	int added;
	struct sample *s;

	*rc = 0;
	if (a->mode == ASM_STREAM) {
		if (id != a->cur.id || !a->cur.defined) {
			*rc = unordered(a);
			return NULL;
		}
		return &a->cur;
	}
	if ((slot = u64map_put(&a->sample_ix, id, (uint32_t)a->nall,
	    &added)) == NULL) {
		*rc = nomem(a);
		return NULL;
	}
	if (added) {
		if (ARRAY_ROOM(a->all, a->nall, a->capall) < 0) {
			*rc = nomem(a);
			return NULL;
		}
		s = &a->all[a->nall++];
		memset(s, 0, sizeof(*s));
		sample_reset(s, id);
	}
	return &a->all[*slot];
}

static int sort_depths(struct assembler *, struct sample *);

/* Checks a sample's depths and hands it over. */
static int
emit(struct assembler *a, struct sample *s)
{
	size_t d;
	uint32_t ix;

	if (!s->defined)
		return perr_set(a->e, "%s: sample %u has rows but no samples "
		    "row", a->r->in.name, s->id);
	/* every sample has a value: none yet means its rows come later */
	if (s->nvals == 0)
		return a->mode == ASM_STREAM ? unordered(a) : perr_set(a->e,
		    "%s: sample %u has no sample_values", a->r->in.name,
		    s->id);
	if (s->unsorted && sort_depths(a, s) < 0)
		return -1;
	for (d = 0; d < s->nlocs; d++) {
		if (a->mode == ASM_BUFFER) {
			if (prof_location_index(a->p, s->locs[d], &ix) < 0)
				return perr_set(a->e, "%s: sample %u: location "
				    "%u is not defined", a->r->in.name, s->id,
				    s->locs[d]);
			s->locs[d] = ix;
		}
	}
	if (a->emit(a->ctx, a->p, s, a->e) < 0)
		return -1;
	a->last_emitted = s->id;
	return 0;
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
		return nomem(a);
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
		return nomem(a);
	if (depth != s->nlocs + 1)
		s->unsorted = 1;
	s->depths[s->nlocs] = (uint32_t)depth;
	s->locs[s->nlocs++] = loc;
	return 0;
}

/* Puts rows that came out of order by depth, which must be 1..n. */
static int
sort_depths(struct assembler *a, struct sample *s)
{
	uint64_t *pairs = malloc(s->nlocs * sizeof(*pairs));
	size_t i;
	uint32_t d;

	if (pairs == NULL)
		return nomem(a);
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
			return perr_set(a->e, "%s: sample %u has no depth %zu",
			    a->r->in.name, s->id, i + 1);
		}
		s->locs[i] = (uint32_t)pairs[i];
		s->depths[i] = d;
	}
	s->unsorted = 0;
	free(pairs);
	return 0;
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

	if (row->table == T_SAMPLES) {
		id = (uint32_t)row->v[SMP_ID].i;
		if (a->mode == ASM_STREAM) {
			if (a->cur.defined && id <= a->cur.id)
				return unordered(a);
			if (a->cur.defined && (rc = emit(a, &a->cur)) < 0)
				return rc;
			if (id <= a->last_emitted)
				return unordered(a);
			sample_reset(&a->cur, id);
			s = &a->cur;
		} else if ((s = sample_for(a, id, &rc)) == NULL)
			return rc;
		if (s->defined)
			return bad(a, T_SAMPLES, SMP_ID, "duplicate id %u", id);
		s->defined = 1;
		if (prof_source_index(a->p, (uint32_t)row->v[SMP_SOURCE].i,
		    &s->source) < 0) {
			s->source = (uint32_t)row->v[SMP_SOURCE].i;
			if (a->mode == ASM_STREAM)
				return unordered(a);
			s->source |= 0x80000000u;	/* an id, for later */
		}
		return 0;
	}
	id = (uint32_t)row->v[0].i;	/* sample_id is first in each */
	if ((s = sample_for(a, id, &rc)) == NULL)
		return rc;
	switch (row->table) {
	case T_SAMPLE_VALUES:
		if ((t = cell_str_cached(a, SV_TYPE)) < 0 ||
		    (u = cell_str_cached(a, SV_UNIT)) < 0)
			return nomem(a);
		return add_value(a, s, (uint32_t)t, (uint32_t)u,
		    row->v[SV_VALUE].n);
	case T_SAMPLE_LOCATIONS:
		ix = (uint32_t)row->v[SL_LOCATION].i;
		if (a->mode == ASM_STREAM && prof_location_index(a->p, ix, &ix) < 0)
			return unordered(a);
		return set_depth(a, s, (size_t)row->v[SL_DEPTH].i, ix);
	case T_SAMPLE_LABELS:
		if (stream_label_rule(row) != NULL)
			return stream_problem(a->r, a->e, row->line,
			    T_SAMPLE_LABELS, -1, "%s", stream_label_rule(row));
		if (ARRAY_ROOM(s->labels, s->nlabels, s->caplabels) < 0)
			return nomem(a);
		lb = &s->labels[s->nlabels];
		if ((t = cell_str(a, LB_KEY)) < 0)
			return nomem(a);
		lb->key = (uint32_t)t;
		if ((t = cell_str(a, LB_STR)) < 0 ||
		    (u = cell_str(a, LB_NUM_UNIT)) < 0)
			return nomem(a);
		lb->str = (uint32_t)t;
		lb->num_unit = (uint32_t)u;
		lb->num_na = row->st[LB_NUM] == CELL_NA;
		lb->num = lb->num_na ? 0 : row->v[LB_NUM].i;
		s->nlabels++;
		return 0;
	default:
		return 0;
	}
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
	if (p->nsources == 0) {
		if (ARRAY_ROOM(p->sources, p->nsources, p->capsources) < 0 ||
		    (k = prof_intern(p, SOURCE_MANUAL,
		    strlen(SOURCE_MANUAL))) < 0)
			return nomem(a);
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
		return nomem(a);
	for (n = row->v[V1S_VALUE].i; n > 0; n--) {
		if (a->mode == ASM_STREAM) {
			s = &a->cur;
			sample_reset(s, ++a->v1_next_id);
		} else if ((s = sample_for(a, ++a->v1_next_id, &rc)) == NULL)
			return rc;
		else if (n > 1) {
			/* this one, then n - 1 more with the ids after */
			if (array_grow_zeroed((void **)&a->more, &a->capmore,
			    a->nall, sizeof(*a->more)) < 0)
				return nomem(a);
			a->more[a->nall - 1] = (uint32_t)(n - 1);
			a->v1_next_id += (uint32_t)(n - 1);
			n = 1;
		}
		s->defined = 1;
		s->source = 0;
		if (add_value(a, s, (uint32_t)k, (uint32_t)u, num_of_i64(1)) < 0)
			return -1;
		q = row->v[V1S_LOCATIONS].s.p;
		end = q + row->v[V1S_LOCATIONS].s.n;
		while ((rc = stream_v1_next_location(&q, end, &ix, &why)) > 0) {
			if (a->mode == ASM_STREAM &&
			    prof_location_index(p, ix, &ix) < 0)
				return unordered(a);
			if (set_depth(a, s, s->nlocs + 1, ix) < 0)
				return -1;
		}
		if (rc < 0)
			return stream_problem(a->r, a->e, row->line,
			    T_V1_SAMPLES, V1S_LOCATIONS, "%s", why);
		if (a->mode == ASM_STREAM) {
			if ((rc = emit(a, s)) < 0)
				return rc;
			s->defined = 0;		/* handed over already */
		}
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
			return perr_set(a->e, "%s: .source_attributes: source "
			    "%u is not defined", a->r->in.name,
			    a->attrs[i].source_id);
		if (add_attr(a, &p->sources[si], a->attrs[i].a) < 0)
			return -1;
	}
	for (i = 0; i < p->nlocations; i++)
		if (resolve_location(a, &p->locations[i], a->r->row.line) < 0)
			return -1;
	/* samples in ascending id */
	if ((order = malloc((a->nall + 1) * sizeof(*order))) == NULL)
		return nomem(a);
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
				rc = perr_set(a->e, "%s: sample %u: source %u "
				    "is not defined", a->r->in.name, s->id,
				    s->source & 0x7fffffffu);
				break;
			}
			s->source = si;
		}
		rc = emit(a, s);
		/* its locations are indices now: the copies go as they are */
		for (; rc == 0 && more > 0; more--) {
			s->id++;
			rc = a->emit(a->ctx, a->p, s, a->e);
		}
	}
	free(order);
	return rc;
}

int
assemble(struct stream_reader *r, struct prof *p, int mode, sample_fn emitfn,
    void *ctx, struct perr *e)
{
	struct assembler a;
	int rc;
	size_t i;

	memset(&a, 0, sizeof(a));
	a.r = r;
	a.p = p;
	a.mode = mode;
	a.emit = emitfn;
	a.ctx = ctx;
	a.e = e;
	for (i = 0; i < RECENT; i++)
		a.recent[i].idx = PROF_NONE;
	sample_reset(&a.cur, 0);
	while ((rc = stream_next(r, e)) > 0) {
		switch (r->row.table) {
		case T_SAMPLES: case T_SAMPLE_VALUES: case T_SAMPLE_LOCATIONS:
		case T_SAMPLE_LABELS:
			rc = sample_row(&a);
			break;
		case T_V1_SAMPLES:
			rc = v1_row(&a);
			break;
		default:
			/* a definition after a sample's rows: that sample is
			 * complete (if not, its next row says unordered) */
			if (mode == ASM_STREAM && a.cur.defined &&
			    a.cur.nvals > 0) {
				if ((rc = emit(&a, &a.cur)) < 0)
					break;
				a.cur.defined = 0;
			}
			rc = definition(&a);
			break;
		}
		if (rc < 0)
			break;
	}
	if (rc == 0) {
		if (mode == ASM_STREAM && a.cur.defined)
			rc = emit(&a, &a.cur);
		else if (mode == ASM_BUFFER)
			rc = finish_buffered(&a);
	}
	sample_free(&a.cur);
	for (i = 0; i < a.nall; i++)
		sample_free(&a.all[i]);
	free(a.all);
	free(a.more);
	free(a.attrs);
	u64map_free(&a.sample_ix);
	return rc;
}

static void
keep_first(void *ctx, const char *msg)
{
	struct perr *first = ctx;

	if (first->msg[0] == '\0')
		snprintf(first->msg, sizeof(first->msg), "%s", msg);
}

/* Buffering mode finds a broken reference only at the end, past the row
 * that made it: the validator's first message names that row, and is what
 * every reader says of an invalid stream. e is kept when the validator
 * finds nothing (the stream is valid: the reader's own refusal). */
static void
validator_says(const char *path, const char *shown, struct perr *e)
{
	struct stream_reader v;
	struct perr first, ignored;

	first.msg[0] = '\0';
	if (stream_open(&v, path, shown, &ignored) < 0)
		return;
	v.report = keep_first;
	v.ctx = &first;
	if (validate_stream(&v, &ignored) == 0 && first.msg[0] != '\0')
		*e = first;
	stream_close(&v);
}

static int
assemble_path(struct stream_reader *r, const char *path, const char *shown,
    const char *spool, struct prof *p, sample_fn emitfn,
    int (*restart)(void *, struct perr *), void *ctx, struct perr *e)
{
	int is_stdin = input_is_stdin(path), rc, tee_fd = -1;
	off_t start = is_stdin ? lseek(STDIN_FILENO, 0, SEEK_CUR) : 0;
	const char *again = path;

	if (stream_open(r, path, shown, e) < 0)
		return -1;
	if (is_stdin && start < 0 && spool != NULL) {
		if ((tee_fd = open(spool, O_WRONLY | O_TRUNC)) < 0)
			return perr_set(e, "%s: %s", spool, strerror(errno));
		input_tee(&r->in, tee_fd);
		again = spool;
		if (shown == NULL)
			shown = "<stdin>";
	}
	rc = assemble(r, p, ASM_STREAM, emitfn, ctx, e);
	if (rc == ASM_UNORDERED && tee_fd >= 0)
		rc = input_drain(&r->in, e) < 0 ? -1 : ASM_UNORDERED;
	if (tee_fd >= 0) {
		/* the copy ends (its thread done with tee_fd) either way */
		struct perr te;
		if (input_untee(&r->in, &te) < 0 && rc == ASM_UNORDERED) {
			*e = te;
			rc = -1;
		}
		if (close(tee_fd) != 0 && rc == ASM_UNORDERED)
			rc = perr_set(e, "%s: %s", spool, strerror(errno));
	}
	if (rc != ASM_UNORDERED)
		return rc;
	stream_close(r);
	if (is_stdin && tee_fd < 0 && (start < 0 ||
	    lseek(STDIN_FILENO, start, SEEK_SET) < 0))
		return perr_set(e, "%s: the stream is not in "
		    "define-before-use order, and a pipe cannot be read "
		    "twice: give it as a file", shown != NULL ? shown :
		    "<stdin>");
	prof_free(p);
	if (restart(ctx, e) < 0 || stream_open(r, again, shown, e) < 0)
		return -1;
	if ((rc = assemble(r, p, ASM_BUFFER, emitfn, ctx, e)) < 0)
		validator_says(again, shown, e);
	return rc;
}

int
assemble_file(struct stream_reader *r, const char *path, const char *shown,
    const char *spool, struct prof *p, sample_fn emitfn,
    int (*restart)(void *, struct perr *), void *ctx, struct perr *e)
{
	int rc = assemble_path(r, path, shown, spool, p, emitfn, restart, ctx,
	    e);

	return rc < 0 ? perr_at(e, shown != NULL ? shown : input_is_stdin(path)
	    ? "<stdin>" : path) : rc;
}
