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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "model/assemble.h"
#include "model/handed.h"

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

/* Buffering: where a reference was first made to what was not yet
 * defined, to say so as the validator does. */
struct ref {
	long line;
	enum table_id table;
	int col;
};

#define RECENT 8

/* Streaming's word for a row out of order (buffering takes it), and both
 * modes' for a late row. */
enum { UNORDERED = -2, LATE = -3 };

struct assembler {
	struct stream_reader *r;
	struct prof *p;
	int mode;
	struct asm_io *io;
	struct perr *e;
	struct sample cur;		/* streaming: the sample being read */
	long cur_line;			/* its samples row */
	uint32_t last_emitted;
	int switched;			/* streamed, then buffered: ids up to
					 * last_emitted were handed over */
	size_t nresolved;		/* locations resolved as they came */
	struct handed handed;		/* with io->log_fd: samples handed over */
	int handing;
	struct u64map sample_ix;	/* buffering: id -> index in all */
	struct sample *all;
	long *all_line;			/* per sample in all: its samples row */
	size_t nall, capall, capall_line;
	struct pending_attr *attrs;	/* buffering: attributes */
	size_t nattrs, capattrs;
	struct u64map ref_ix;		/* buffering: table << 32 | id -> refs */
	struct ref *refs;
	size_t nrefs, caprefs;
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

static const char *const what[T_COUNT] = {
	[T_SOURCES] = "source", [T_SAMPLES] = "sample",
	[T_LOCATIONS] = "location", [T_FUNCTIONS] = "function",
	[T_MAPPINGS] = "mapping",
};

/* Buffering: the row refers from column col to id of table t, not yet
 * defined; the first such reference is kept for the message. */
static int
note_ref(struct assembler *a, enum table_id t, uint32_t id, int col)
{
	uint32_t *slot;
	int added;

	if ((slot = u64map_put(&a->ref_ix, (uint64_t)t << 32 | id,
	    (uint32_t)a->nrefs, &added)) == NULL)
		return nomem(a);
	if (!added)
		return 0;
	if (ARRAY_ROOM(a->refs, a->nrefs, a->caprefs) < 0)
		return nomem(a);
	a->refs[a->nrefs].line = a->r->row.line;
	a->refs[a->nrefs].table = a->r->row.table;
	a->refs[a->nrefs++].col = col;
	return 0;
}

/* id of table t is not defined: said at its first reference, as the
 * validator says it. */
static int
undefined(struct assembler *a, enum table_id t, uint32_t id)
{
	uint32_t *ix = u64map_get(&a->ref_ix, (uint64_t)t << 32 | id);
	const struct ref *rf = ix != NULL ? &a->refs[*ix] : NULL;

	if (rf == NULL)		/* cannot be: a reference left its mark */
		return perr_set(a->e, "%s: %s %u is not defined",
		    a->r->in.name, what[t], id);
	return stream_problem(a->r, a->e, rf->line, rf->table, rf->col,
	    "%s %u is not defined", what[t], id);
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

/* location.function and .mapping hold ids until resolved to indices: 0,
 * or -1 when one is not defined (said at its first reference). */
static int
resolve_location(struct assembler *a, struct location *l)
{
	uint32_t f = l->function, m = l->mapping;

	if (f != PROF_NONE && prof_function_index(a->p, f, &f) < 0)
		return undefined(a, T_FUNCTIONS, l->function);
	if (m != PROF_NONE && prof_mapping_index(a->p, m, &m) < 0)
		return undefined(a, T_MAPPINGS, l->mapping);
	l->function = f;
	l->mapping = m;
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

/* The references of a locations row: streaming, -1 when one is not yet
 * defined (before anything is added); buffering, noted when not yet. */
static int
location_refs(struct assembler *a)
{
	const struct stream_row *row = &a->r->row;
	uint32_t f = (uint32_t)row->v[LOC_FUNCTION].i, ix;
	uint32_t m = (uint32_t)row->v[LOC_MAPPING].i;
	int has_f = row->st[LOC_FUNCTION] != CELL_NA;
	int has_m = row->st[LOC_MAPPING] != CELL_NA;

	if (has_f && prof_function_index(a->p, f, &ix) < 0) {
		if (a->mode == ASM_STREAM)
			return -1;
		if (note_ref(a, T_FUNCTIONS, f, LOC_FUNCTION) < 0)
			return -2;
	}
	if (has_m && prof_mapping_index(a->p, m, &ix) < 0) {
		if (a->mode == ASM_STREAM)
			return -1;
		if (note_ref(a, T_MAPPINGS, m, LOC_MAPPING) < 0)
			return -2;
	}
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
			return UNORDERED;
		if (note_ref(a, T_SOURCES, (uint32_t)row->v[SA_SOURCE].i,
		    SA_SOURCE) < 0 ||
		    ARRAY_ROOM(a->attrs, a->nattrs, a->capattrs) < 0)
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
		if ((k = location_refs(a)) < 0)
			return k == -1 ? UNORDERED : -1;
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
		if (a->mode == ASM_STREAM) {
			a->nresolved = p->nlocations;
			return resolve_location(a, l);
		}
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
		nomem(a);
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
	    note_ref(a, T_SAMPLES, id, 0) < 0) ||
	    (s = buffer_add(a, id)) == NULL) {
		*rc = -1;
		return NULL;
	}
	return s;
}

static int sort_depths(struct assembler *, struct sample *);

/* Checks a sample (whose samples row is at line) and hands it over;
 * streaming, it is kept first when samples handed over are. */
static int
emit(struct assembler *a, struct sample *s, long line)
{
	size_t d;
	uint32_t ix;
	int rc;

	if (!s->defined)
		return undefined(a, T_SAMPLES, s->id);
	/* every sample has a value: none yet means its rows come later */
	if (s->nvals == 0)
		return a->mode == ASM_STREAM ? UNORDERED : stream_problem(a->r,
		    a->e, line, T_SAMPLES, SMP_ID, "sample %u has no "
		    "sample_values", s->id);
	if (s->unsorted && (rc = sort_depths(a, s)) < 0)
		return rc;
	if (a->mode == ASM_BUFFER)
		for (d = 0; d < s->nlocs; d++) {
			if (prof_location_index(a->p, s->locs[d], &ix) < 0)
				return undefined(a, T_LOCATIONS, s->locs[d]);
			s->locs[d] = ix;
		}
	else if (a->handing && handed_put(&a->handed, s, line) < 0)
		return nomem(a);
	if (a->io->emit(a->io->ctx, a->p, s, a->e) < 0)
		return -1;
	a->last_emitted = s->id;
	return 0;
}

/* Streaming: the current sample handed over. */
static int
emit_cur(struct assembler *a)
{
	int rc = emit(a, &a->cur, a->cur_line);

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
		return bad(a, T_SAMPLES, SMP_ID, "duplicate id %u", id);
	s->defined = 1;
	a->all_line[s - a->all] = row->line;
	if (prof_source_index(a->p, src, &s->source) == 0)
		return 0;
	s->source = src | 0x80000000u;	/* an id, for later */
	return note_ref(a, T_SOURCES, src, SMP_SOURCE);
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
		if ((t = cell_str_cached(a, SV_TYPE)) < 0 ||
		    (u = cell_str_cached(a, SV_UNIT)) < 0)
			return nomem(a);
		return add_value(a, s, (uint32_t)t, (uint32_t)u,
		    row->v[SV_VALUE].n);
	case T_SAMPLE_LOCATIONS:
		id = ix = (uint32_t)row->v[SL_LOCATION].i;
		if (prof_location_index(a->p, id, &ix) < 0) {
			if (a->mode == ASM_STREAM)
				return UNORDERED;
			if (note_ref(a, T_LOCATIONS, id, SL_LOCATION) < 0)
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
			if (note_ref(a, T_LOCATIONS, id, V1S_LOCATIONS) < 0)
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
					return nomem(a);
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
			return undefined(a, T_SOURCES, a->attrs[i].source_id);
		if (add_attr(a, &p->sources[si], a->attrs[i].a) < 0)
			return -1;
	}
	for (i = a->nresolved; i < p->nlocations; i++)
		if (resolve_location(a, &p->locations[i]) < 0)
			return -1;
	a->nresolved = p->nlocations;
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
				rc = undefined(a, T_SOURCES,
				    s->source & 0x7fffffffu);
				break;
			}
			s->source = si;
		}
		rc = emit(a, s, a->all_line[k]);
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
	case T_SAMPLE_LABELS:
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
		return definition(a);
	}
}

int
assemble(struct stream_reader *r, struct prof *p, int mode,
    struct asm_io *io, struct perr *e)
{
	struct assembler a;
	int rc;
	size_t i;

	memset(&a, 0, sizeof(a));
	a.r = r;
	a.p = p;
	a.mode = mode;
	a.io = io;
	a.e = e;
	for (i = 0; i < RECENT; i++)
		a.recent[i].idx = PROF_NONE;
	sample_reset(&a.cur, 0);
	if (mode == ASM_STREAM && io->log_fd >= 0) {
		if (handed_open(&a.handed, io->log_fd, e) < 0)
			return perr_at(e, r->in.name);
		a.handing = 1;
	}
	while ((rc = stream_next(r, e)) > 0) {
		rc = take_row(&a);
		/* out of order: buffering from here, the row taken again */
		if (rc == UNORDERED && (rc = to_buffering(&a)) == 0)
			rc = take_row(&a);
		if (rc == LATE && (rc = late(&a)) == 0)
			rc = take_row(&a);
		if (rc < 0)
			break;
	}
	if (rc == 0 && a.mode == ASM_STREAM && a.cur.defined) {
		rc = emit_cur(&a);
		if (rc == UNORDERED)	/* no value: said as buffering says */
			rc = to_buffering(&a);
	}
	if (rc == 0 && a.mode == ASM_BUFFER)
		rc = finish_buffered(&a);
	io->buffered = a.mode == ASM_BUFFER;
	if (io->log_fd >= 0 && mode == ASM_STREAM)
		handed_close(&a.handed);
	sample_free(&a.cur);
	for (i = 0; i < a.nall; i++)
		sample_free(&a.all[i]);
	free(a.all);
	free(a.all_line);
	free(a.more);
	free(a.attrs);
	free(a.refs);
	u64map_free(&a.sample_ix);
	u64map_free(&a.ref_ix);
	return rc;
}
