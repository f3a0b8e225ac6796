/*
 * The assembler's rows that define the model: sources and their
 * attributes, functions, locations, mappings; and the messages both its
 * files give.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "model/assembler.h"

int
asm_nomem(struct assembler *a)
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
int
asm_note_ref(struct assembler *a, enum table_id t, uint32_t id, int col)
{
	uint32_t *slot;
	int added;

	if ((slot = u64map_put(&a->ref_ix, (uint64_t)t << 32 | id,
	    (uint32_t)a->nrefs, &added)) == NULL)
		return asm_nomem(a);
	if (!added)
		return 0;
	if (ARRAY_ROOM(a->refs, a->nrefs, a->caprefs) < 0)
		return asm_nomem(a);
	a->refs[a->nrefs].line = a->r->row.line;
	a->refs[a->nrefs].table = a->r->row.table;
	a->refs[a->nrefs++].col = col;
	return 0;
}

/* id of table t is not defined: said at its first reference, as the
 * validator says it. */
int
asm_undefined(struct assembler *a, enum table_id t, uint32_t id)
{
	uint32_t *ix = u64map_get(&a->ref_ix, (uint64_t)t << 32 | id);
	const struct ref *rf = ix != NULL ? &a->refs[*ix] : NULL;

	if (rf == NULL)		/* cannot be: a reference left its mark */
		return perr_set(a->e, "%s: %s %u is not defined",
		    a->r->in.name, what[t], id);
	return stream_problem(a->r, a->e, rf->line, rf->table, rf->col,
	    "%s %u is not defined", what[t], id);
}

int
asm_bad(struct assembler *a, enum table_id t, int col, const char *fmt, uint32_t id)
{
	return stream_problem(a->r, a->e, a->r->row.line, t, col, fmt, id);
}

int64_t
asm_cell_str(struct assembler *a, int c)
{
	const union cell *v = &a->r->row.v[c];

	if (a->r->row.st[c] == CELL_NA)
		return PROF_NONE;
	return prof_intern(a->p, v->s.p, v->s.n);
}

/* cell_str for the few strings that repeat on every row (value types and
 * units): the last ones found are compared before hashing. */
int64_t
asm_cell_str_cached(struct assembler *a, int c)
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
	if ((k = asm_cell_str(a, c)) < 0)
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
		return asm_bad(a, t, col, "duplicate id %u", id);
	if (u64map_dense_add(m, n, id) < 0)
		return asm_nomem(a);
	return (int64_t)n;
}

/* location.function and .mapping hold ids until resolved to indices: 0,
 * or -1 when one is not defined (said at its first reference). */
int
asm_resolve_location(struct assembler *a, struct location *l)
{
	uint32_t f = l->function, m = l->mapping;

	if (f != PROF_NONE && prof_function_index(a->p, f, &f) < 0)
		return asm_undefined(a, T_FUNCTIONS, l->function);
	if (m != PROF_NONE && prof_mapping_index(a->p, m, &m) < 0)
		return asm_undefined(a, T_MAPPINGS, l->mapping);
	l->function = f;
	l->mapping = m;
	return 0;
}

int
asm_add_attr(struct assembler *a, struct source *s, struct attr at)
{
	if (ARRAY_ROOM(s->attrs, s->nattrs, s->capattrs) < 0)
		return asm_nomem(a);
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
		if (asm_note_ref(a, T_FUNCTIONS, f, LOC_FUNCTION) < 0)
			return -2;
	}
	if (has_m && prof_mapping_index(a->p, m, &ix) < 0) {
		if (a->mode == ASM_STREAM)
			return -1;
		if (asm_note_ref(a, T_MAPPINGS, m, LOC_MAPPING) < 0)
			return -2;
	}
	return 0;
}

int
asm_definition(struct assembler *a)
{
	struct stream_row *row = &a->r->row;
	struct prof *p = a->p;
	struct source *s;
	struct function *f;
	struct location *l;
	struct mapping *m;
	struct attr at;
	int64_t ix, k, v;
	uint32_t si, id;

	switch (row->table) {
	case T_SOURCES:
		if (ARRAY_ROOM(p->sources, p->nsources, p->capsources) < 0)
			return asm_nomem(a);
		if ((ix = add_id(a, &p->source_ix, p->nsources,
		    prof_source_index, T_SOURCES, SRC_ID)) < 0)
			return -1;
		s = &p->sources[p->nsources];
		memset(s, 0, sizeof(*s));
		s->id = (uint32_t)row->v[SRC_ID].i;
		if ((k = asm_cell_str(a, SRC_TYPE)) < 0 ||
		    (v = asm_cell_str(a, SRC_URI)) < 0)
			return asm_nomem(a);
		s->type = (uint32_t)k;
		s->uri = (uint32_t)v;
		s->timestamp_na = row->st[SRC_TIMESTAMP] == CELL_NA;
		s->timestamp = row->v[SRC_TIMESTAMP].n.d;
		p->nsources++;
		return 0;
	case T_SOURCE_ATTRIBUTES:
		if ((k = asm_cell_str(a, SA_KEY)) < 0 ||
		    (v = asm_cell_str(a, SA_VALUE)) < 0)
			return asm_nomem(a);
		at.key = (uint32_t)k;
		at.value = (uint32_t)v;
		if (prof_source_index(p, (uint32_t)row->v[SA_SOURCE].i, &si) == 0)
			return asm_add_attr(a, &p->sources[si], at);
		if (a->mode == ASM_STREAM)
			return UNORDERED;
		if (asm_note_ref(a, T_SOURCES, (uint32_t)row->v[SA_SOURCE].i,
		    SA_SOURCE) < 0 ||
		    ARRAY_ROOM(a->attrs, a->nattrs, a->capattrs) < 0)
			return asm_nomem(a);
		a->attrs[a->nattrs].source_id = (uint32_t)row->v[SA_SOURCE].i;
		a->attrs[a->nattrs++].a = at;
		return 0;
	case T_LOCATION_ATTRIBUTES:
		if ((k = asm_cell_str(a, LA_KEY)) < 0 ||
		    (v = asm_cell_str(a, LA_VALUE)) < 0)
			return asm_nomem(a);
		at.key = (uint32_t)k;
		at.value = (uint32_t)v;
		id = (uint32_t)row->v[LA_LOCATION].i;
		if (prof_location_index(p, id, &si) == 0)
			return prof_add_location_attr(p, si, at) < 0 ?
			    asm_nomem(a) : 0;
		if (a->mode == ASM_STREAM)
			return UNORDERED;
		if (asm_note_ref(a, T_LOCATIONS, id, LA_LOCATION) < 0 ||
		    ARRAY_ROOM(a->lattrs, a->nlattrs, a->caplattrs) < 0)
			return asm_nomem(a);
		a->lattrs[a->nlattrs].source_id = id;
		a->lattrs[a->nlattrs++].a = at;
		return 0;
	case T_FUNCTIONS:
		if (ARRAY_ROOM(p->functions, p->nfunctions, p->capfunctions) < 0)
			return asm_nomem(a);
		if (add_id(a, &p->function_ix, p->nfunctions,
		    prof_function_index, T_FUNCTIONS, FN_ID) < 0)
			return -1;
		f = &p->functions[p->nfunctions];
		f->id = (uint32_t)row->v[FN_ID].i;
		if ((k = asm_cell_str(a, FN_NAME)) < 0)
			return asm_nomem(a);
		f->name = (uint32_t)k;
		/* the system name is most often the name itself, and a file
		 * holds many functions */
		if (row->st[FN_SYSNAME] == CELL_OK && row->st[FN_NAME] ==
		    CELL_OK && row->v[FN_SYSNAME].s.n == row->v[FN_NAME].s.n &&
		    memcmp(row->v[FN_SYSNAME].s.p, row->v[FN_NAME].s.p,
		    row->v[FN_NAME].s.n) == 0)
			k = f->name;
		else if ((k = asm_cell_str(a, FN_SYSNAME)) < 0)
			return asm_nomem(a);
		f->system_name = (uint32_t)k;
		if ((k = asm_cell_str_cached(a, FN_FILENAME)) < 0)
			return asm_nomem(a);
		f->filename = (uint32_t)k;
		f->start_line = row->v[FN_START_LINE].i;
		p->nfunctions++;
		return 0;
	case T_MAPPINGS:
		if (ARRAY_ROOM(p->mappings, p->nmappings, p->capmappings) < 0)
			return asm_nomem(a);
		if (add_id(a, &p->mapping_ix, p->nmappings,
		    prof_mapping_index, T_MAPPINGS, MAP_ID) < 0)
			return -1;
		m = &p->mappings[p->nmappings];
		m->id = (uint32_t)row->v[MAP_ID].i;
		m->start = row->v[MAP_START].u;
		m->limit = row->v[MAP_LIMIT].u;
		m->offset = row->v[MAP_OFFSET].u;
		if ((k = asm_cell_str(a, MAP_FILENAME)) < 0 ||
		    (v = asm_cell_str(a, MAP_BUILD_ID)) < 0)
			return asm_nomem(a);
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
			return asm_nomem(a);
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
		l->attr_head = l->attr_tail = PROF_NONE;
		if (a->mode == ASM_STREAM) {
			a->nresolved = p->nlocations;
			return asm_resolve_location(a, l);
		}
		return 0;
	default:
		return 0;
	}
}

