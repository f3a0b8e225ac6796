/*
 * The rows a stream is staged as, in its own ids: the stream's tables,
 * but for the samples. A sample is one row of sample_stacks: its stack
 * (a row of stacks per distinct sequence of frames: a fleet repeats the
 * same stacks over and over, 22 R profiles of 26,957 samples hold
 * 250,852 frames in 1,801 distinct stacks), its kind (a row of
 * value_kinds per distinct list of value types, with a row of
 * value_types each; its key the types escaped as the stream escapes
 * them) and its values, a column each. A row a value cost
 * some 40 bytes of row header and index, most of a database
 * (doc/databases.md).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/fmt.h"
#include "model/assemble.h"
#include "formats/sql/sql.h"

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const struct column stacks_cols[] = {
	{ "stack_id", CT_INT, CF_ID, T_NONE },
	{ "frame_count", CT_INT, CF_NONNEG, T_NONE },
	/* the location ids, leaf first, separated by commas */
	{ "frames", CT_CHR, 0, T_NONE },
};
static const struct column value_kinds_cols[] = {
	{ "kind_id", CT_INT, CF_ID, T_NONE },
	{ "types", CT_CHR, 0, T_NONE },
};
static const struct column value_types_cols[] = {
	{ "kind_id", CT_INT, CF_ID, T_NONE },	/* value_kinds */
	{ "position", CT_INT, CF_ID, T_NONE },
	{ "type", CT_CHR, CF_NONEMPTY, T_NONE },
	{ "unit", CT_CHR, CF_NONEMPTY, T_NONE },
};
static const struct column sample_stacks_cols[] = {
	{ "sample_id", CT_INT, CF_ID, T_NONE },
	{ "source_id", CT_INT, CF_ID, T_SOURCES },
	{ "stack_id", CT_INT, CF_ID, T_NONE },	/* stacks */
	{ "kind_id", CT_INT, CF_ID, T_NONE },	/* value_kinds */
	{ "value_1", CT_DBL, CF_NA, T_NONE },
	{ "value_2", CT_DBL, CF_NA, T_NONE },
	{ "value_3", CT_DBL, CF_NA, T_NONE },
	{ "value_4", CT_DBL, CF_NA, T_NONE },
	{ "value_5", CT_DBL, CF_NA, T_NONE },
	{ "value_6", CT_DBL, CF_NA, T_NONE },
	{ "value_7", CT_DBL, CF_NA, T_NONE },
	{ "value_8", CT_DBL, CF_NA, T_NONE },
	{ "more_values", CT_CHR, CF_NA, T_NONE },
};

/* The stream's tables are described by the schema (sql_table_of). */
#define STREAM(sq, t) [sq] = { NULL, NULL, 0, 0, t }
static const struct sql_table_def tables[SQ_COUNT] = {
	STREAM(SQ_SOURCES, T_SOURCES),
	STREAM(SQ_SOURCE_ATTRIBUTES, T_SOURCE_ATTRIBUTES),
	STREAM(SQ_MAPPINGS, T_MAPPINGS),
	STREAM(SQ_FUNCTIONS, T_FUNCTIONS),
	STREAM(SQ_LOCATIONS, T_LOCATIONS),
	STREAM(SQ_LOCATION_ATTRIBUTES, T_LOCATION_ATTRIBUTES),
	[SQ_STACKS] = { "stacks", stacks_cols, N(stacks_cols), STK_ID,
	    T_NONE },
	[SQ_VALUE_KINDS] = { "value_kinds", value_kinds_cols,
	    N(value_kinds_cols), VK_ID, T_NONE },
	/* its key is (kind_id, position) */
	[SQ_VALUE_TYPES] = { "value_types", value_types_cols,
	    N(value_types_cols), -1, T_NONE },
	[SQ_SAMPLE_STACKS] = { "sample_stacks", sample_stacks_cols,
	    N(sample_stacks_cols), SST_SAMPLE, T_NONE },
	STREAM(SQ_SAMPLE_LABELS, T_SAMPLE_LABELS),
	STREAM(SQ_SAMPLE_TIMES, T_SAMPLE_TIMES),
};

struct sql_table_def
sql_table_of(enum sql_table t)
{
	struct sql_table_def d = tables[t];
	const struct table *tb;

	if (d.stream != T_NONE) {
		tb = &schema_tables[d.stream];
		d.name = tb->name[0] == '.' ? tb->name + 1 : tb->name;
		d.cols = tb->cols;
		d.ncols = tb->ncols + tb->next;
		d.pk = tb->pk;
	}
	return d;
}

int
sql_own_ref(enum sql_table t, int c)
{
	if (t == SQ_SAMPLE_STACKS && c == SST_STACK)
		return SQ_STACKS;
	if ((t == SQ_SAMPLE_STACKS && c == SST_KIND) ||
	    (t == SQ_VALUE_TYPES && c == VT_KIND))
		return SQ_VALUE_KINDS;
	return -1;
}

struct sql_stager {
	struct sql_sink k;
	struct strtab stacks;	/* frames as text -> stack_id - 1 */
	struct strtab kinds;	/* types as text -> kind_id - 1 */
	char *frames, *text;
	size_t capframes, captext;
};

static int
restart(void *ctx, struct perr *e)
{
	struct sql_stager *g = ctx;

	strtab_free(&g->stacks);
	strtab_free(&g->kinds);
	memset(&g->stacks, 0, sizeof(g->stacks));
	memset(&g->kinds, 0, sizeof(g->kinds));
	return g->k.restart(g->k.ctx, e);
}

static int
stage_put(struct sql_stager *g, enum sql_table t, const union cell *v,
    const unsigned char *st, struct perr *e)
{
	return g->k.row(g->k.ctx, t, v, st, e);
}

static union cell
text_cell(const struct prof *p, uint32_t i)
{
	union cell c;

	c.s.p = prof_str(p, i);
	c.s.n = prof_strlen(p, i);
	return c;
}

/* The stack of s: its id, and its row when it is new. */
static int64_t
stack_of(struct sql_stager *g, const struct prof *p, const struct sample *s,
    struct perr *e)
{
	union cell v[3];
	unsigned char st[3] = { 0 };
	size_t i, n = 0, before = g->stacks.n;
	int64_t ix;

	/* 10 digits and a comma a frame */
	if (array_grow((void **)&g->frames, &g->capframes, 11 * s->nlocs + 1,
	    1) < 0)
		return perr_nomem(e);
	for (i = 0; i < s->nlocs; i++) {
		if (i > 0)
			g->frames[n++] = ',';
		n += fmt_u64(g->frames + n, p->locations[s->locs[i]].id);
	}
	if ((ix = strtab_intern(&g->stacks, g->frames, n)) < 0)
		return perr_nomem(e);
	if (g->stacks.n > before) {
		v[STK_ID].i = ix + 1;
		v[STK_FRAME_COUNT].i = (int64_t)s->nlocs;
		v[STK_FRAMES].s.p = g->frames;
		v[STK_FRAMES].s.n = n;
		if (stage_put(g, SQ_STACKS, v, st, e) < 0)
			return -1;
	}
	return ix + 1;
}

/* The kind of s: its id, and its rows when it is new. */
static int64_t
kind_of(struct sql_stager *g, const struct prof *p, const struct sample *s,
    struct perr *e)
{
	union cell v[4];
	unsigned char st[4] = { 0 };
	/* escaped into g->text, made large enough never to flush, as
	 * sw_value_type escapes a type */
	struct output mem = { 0 };
	size_t i, n, need = 0, before = g->kinds.n;
	int64_t ix;

	for (i = 0; i < s->nvals; i++)
		need += 2 * (prof_strlen(p, s->vals[i].type) +
		    prof_strlen(p, s->vals[i].unit)) + 2;
	if (array_grow((void **)&g->text, &g->captext, need + 1, 1) < 0)
		return perr_nomem(e);
	mem.buf = g->text;
	mem.cap = g->captext;
	for (i = 0; i < s->nvals; i++) {
		if (i > 0)
			out_char(&mem, '\n');
		out_escaped(&mem, prof_str(p, s->vals[i].type),
		    prof_strlen(p, s->vals[i].type));
		out_char(&mem, '\t');
		out_escaped(&mem, prof_str(p, s->vals[i].unit),
		    prof_strlen(p, s->vals[i].unit));
	}
	n = mem.len;
	if ((ix = strtab_intern(&g->kinds, g->text, n)) < 0)
		return perr_nomem(e);
	if (g->kinds.n == before)
		return ix + 1;
	v[VK_ID].i = ix + 1;
	v[VK_TYPES].s.p = g->text;
	v[VK_TYPES].s.n = n;
	if (stage_put(g, SQ_VALUE_KINDS, v, st, e) < 0)
		return -1;
	for (i = 0; i < s->nvals; i++) {
		v[VT_KIND].i = ix + 1;
		v[VT_POSITION].i = (int64_t)i + 1;
		v[VT_TYPE] = text_cell(p, s->vals[i].type);
		v[VT_UNIT] = text_cell(p, s->vals[i].unit);
		if (stage_put(g, SQ_VALUE_TYPES, v, st, e) < 0)
			return -1;
	}
	return ix + 1;
}

size_t
sql_fmt_num(enum sql_dialect d, char *buf, struct num v)
{
	if (d == SQL_CLICKHOUSE && (isinf(v.d) || isnan(v.d)))
		return (size_t)sprintf(buf, "%s", isnan(v.d) ? "nan" :
		    v.d < 0 ? "-inf" : "inf");
	if (isinf(v.d))
		return (size_t)sprintf(buf, "%s%s", v.d < 0 ? "-" : "",
		    d == SQL_SQLITE ? "9e999" : "Infinity");
	return fmt_num(buf, v);
}

/* The values of s past the columns, as text in g->text: their length.
 * Both databases read the numbers back (SQLite as JSON, whose infinity
 * is 9e999). */
static int64_t
more_values(struct sql_stager *g, const struct sample *s, struct perr *e)
{
	size_t i, n = 0;

	if (array_grow((void **)&g->text, &g->captext, s->nvals *
	    (FMT_NUM_MAX + 1) + 1, 1) < 0)
		return perr_nomem(e);
	for (i = SQL_VALUE_COLUMNS; i < s->nvals; i++) {
		if (i > SQL_VALUE_COLUMNS)
			g->text[n++] = ',';
		n += sql_fmt_num(g->k.d, g->text + n, s->vals[i].value);
	}
	return (int64_t)n;
}

_Static_assert(SST_MORE_VALUES + 1 >= SCHEMA_MAX_COLS,
    "stage_sample's row holds any of the stream's");

static int
stage_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct sql_stager *g = ctx;
	/* a row of sample_stacks, or of the stream's sample tables */
	union cell v[SST_MORE_VALUES + 1];
	unsigned char st[SST_MORE_VALUES + 1] = { 0 };
	int64_t stack, kind, n;
	size_t i;

	if ((stack = stack_of(g, p, s, e)) < 0 ||
	    (kind = kind_of(g, p, s, e)) < 0 || (n = more_values(g, s, e)) < 0)
		return -1;
	v[SST_SAMPLE].i = s->id;
	v[SST_SOURCE].i = p->sources[s->source].id;
	v[SST_STACK].i = stack;
	v[SST_KIND].i = kind;
	for (i = 0; i < SQL_VALUE_COLUMNS; i++) {
		st[SST_VALUE_1 + i] = i < s->nvals ? CELL_OK : CELL_NA;
		if (i < s->nvals)
			v[SST_VALUE_1 + i].n = s->vals[i].value;
	}
	st[SST_MORE_VALUES] = n > 0 ? CELL_OK : CELL_NA;
	v[SST_MORE_VALUES].s.p = g->text;
	v[SST_MORE_VALUES].s.n = (size_t)n;
	if (stage_put(g, SQ_SAMPLE_STACKS, v, st, e) < 0)
		return -1;
	memset(st, 0, sizeof(st));
	for (i = 0; i < s->nlabels; i++) {
		const struct slabel *l = &s->labels[i];
		v[LB_SAMPLE].i = s->id;
		v[LB_KEY] = text_cell(p, l->key);
		st[LB_STR] = l->str == PROF_NONE ? CELL_NA : CELL_OK;
		if (l->str != PROF_NONE)
			v[LB_STR] = text_cell(p, l->str);
		st[LB_NUM] = l->num_na ? CELL_NA : CELL_OK;
		v[LB_NUM].i = l->num;
		st[LB_NUM_UNIT] = l->num_unit == PROF_NONE ? CELL_NA : CELL_OK;
		if (l->num_unit != PROF_NONE)
			v[LB_NUM_UNIT] = text_cell(p, l->num_unit);
		if (stage_put(g, SQ_SAMPLE_LABELS, v, st, e) < 0)
			return -1;
	}
	memset(st, 0, sizeof(st));
	if (s->has_time) {
		v[STM_SAMPLE].i = s->id;
		v[STM_TIME].i = s->time;
		if (stage_put(g, SQ_SAMPLE_TIMES, v, st, e) < 0)
			return -1;
	}
	return 0;
}

static int
attrs(struct sql_stager *g, const struct prof *p, enum sql_table t,
    uint32_t id, const struct attr *a, struct perr *e)
{
	union cell v[3];
	unsigned char st[3] = { 0 };

	v[0].i = id;	/* SA_SOURCE, LA_LOCATION */
	v[SA_KEY] = text_cell(p, a->key);
	v[SA_VALUE] = text_cell(p, a->value);
	return stage_put(g, t, v, st, e);
}

static int
location(struct sql_stager *g, const struct prof *p,
    const struct location *l, struct perr *e)
{
	union cell v[SCHEMA_MAX_COLS];
	unsigned char st[SCHEMA_MAX_COLS] = { 0 };

	v[LOC_ID].i = l->id;
	st[LOC_FUNCTION] = l->function == PROF_NONE ? CELL_NA : CELL_OK;
	if (l->function != PROF_NONE)
		v[LOC_FUNCTION].i = p->functions[l->function].id;
	st[LOC_LINE] = l->line == PROF_LINE_NA ? CELL_NA : CELL_OK;
	v[LOC_LINE].i = l->line;
	st[LOC_ADDRESS] = l->address_na ? CELL_NA : CELL_OK;
	v[LOC_ADDRESS].u = l->address;
	st[LOC_MAPPING] = l->mapping == PROF_NONE ? CELL_NA : CELL_OK;
	if (l->mapping != PROF_NONE)
		v[LOC_MAPPING].i = p->mappings[l->mapping].id;
	v[LOC_IS_FOLDED].i = l->is_folded;
	v[LOC_INLINED].i = l->inlined;
	v[LOC_COLUMN].i = l->column;
	return stage_put(g, SQ_LOCATIONS, v, st, e);
}

static int
stage_defs(struct sql_stager *g, const struct prof *p, struct perr *e)
{
	union cell v[SCHEMA_MAX_COLS];
	unsigned char st[SCHEMA_MAX_COLS];
	size_t i, j;
	uint32_t a;

	for (i = 0; i < p->nsources; i++) {
		const struct source *s = &p->sources[i];
		memset(st, 0, sizeof(st));
		v[SRC_ID].i = s->id;
		v[SRC_TYPE] = text_cell(p, s->type);
		st[SRC_URI] = s->uri == PROF_NONE ? CELL_NA : CELL_OK;
		if (s->uri != PROF_NONE)
			v[SRC_URI] = text_cell(p, s->uri);
		st[SRC_TIMESTAMP] = s->timestamp_na ? CELL_NA : CELL_OK;
		v[SRC_TIMESTAMP].n = num_of_dbl(s->timestamp);
		if (stage_put(g, SQ_SOURCES, v, st, e) < 0)
			return -1;
		for (j = 0; j < s->nattrs; j++)
			if (attrs(g, p, SQ_SOURCE_ATTRIBUTES, s->id,
			    &s->attrs[j], e) < 0)
				return -1;
	}
	memset(st, 0, sizeof(st));
	for (i = 0; i < p->nmappings; i++) {
		const struct mapping *m = &p->mappings[i];
		v[MAP_ID].i = m->id;
		v[MAP_START].u = m->start;
		v[MAP_LIMIT].u = m->limit;
		v[MAP_OFFSET].u = m->offset;
		v[MAP_FILENAME] = text_cell(p, m->filename);
		v[MAP_BUILD_ID] = text_cell(p, m->build_id);
		v[MAP_HAS_FUNCTIONS].i = m->has_functions;
		v[MAP_HAS_FILENAMES].i = m->has_filenames;
		v[MAP_HAS_LINE_NUMBERS].i = m->has_line_numbers;
		v[MAP_HAS_INLINE_FRAMES].i = m->has_inline_frames;
		if (stage_put(g, SQ_MAPPINGS, v, st, e) < 0)
			return -1;
	}
	for (i = 0; i < p->nfunctions; i++) {
		const struct function *f = &p->functions[i];
		v[FN_ID].i = f->id;
		v[FN_NAME] = text_cell(p, f->name);
		v[FN_SYSNAME] = text_cell(p, f->system_name);
		v[FN_FILENAME] = text_cell(p, f->filename);
		v[FN_START_LINE].i = f->start_line;
		if (stage_put(g, SQ_FUNCTIONS, v, st, e) < 0)
			return -1;
	}
	for (i = 0; i < p->nlocations; i++) {
		if (location(g, p, &p->locations[i], e) < 0)
			return -1;
		for (a = p->locations[i].attr_head; a != PROF_NONE;
		    a = p->lattrs[a].next)
			if (attrs(g, p, SQ_LOCATION_ATTRIBUTES,
			    p->locations[i].id, &p->lattrs[a].a, e) < 0)
				return -1;
	}
	return 0;
}

int
sql_stage_stream(sql_assemble_fn assemble, const char *path,
    const char *shown, const char *spool, const struct sql_sink *k,
    struct perr *e)
{
	struct sql_stager g = { *k, { 0 }, { 0 }, NULL, NULL, 0, 0 };
	struct stream_reader r;
	struct prof p;
	int rc;

	memset(&p, 0, sizeof(p));
	rc = (assemble != NULL ? assemble : assemble_file)(&r, path, shown,
	    spool, &p, stage_sample, restart, &g, 0, e);
	stream_close(&r);
	if (rc == 0)
		rc = stage_defs(&g, &p, e);
	prof_free(&p);
	strtab_free(&g.stacks);
	strtab_free(&g.kinds);
	free(g.frames);
	free(g.text);
	return rc;
}
