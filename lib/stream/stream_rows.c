/*
 * The stream writer's other side: rows handed to a reader of the same
 * process (stream_write.h's stream_rows) rather than written as text, so
 * that a program reads any format through its converter without the text
 * between them. Each row is what the reader would have parsed from the
 * text the writer writes: the same cells, NA where the text has NA, the
 * same checks, and the line it would have had.
 */
#include <math.h>
#include <stdlib.h>

#include "stream/stream_read.h"
#include "stream/stream_write.h"

/* A line of the text that is no row: a header or the meta row's. */
static void
count_line(struct stream_writer *w)
{
	w->rows->line++;
}

static void
swr_header(struct stream_writer *w, enum table_id t)
{
	struct stream_reader *r = w->rows->r;

	count_line(w);
	r->tab[t].header_line = w->rows->line;
	r->tab[t].has_ext = t == T_LOCATIONS && w->loc_ext;
	w->tables |= 1u << t;
}

static void
swr_begin(struct stream_writer *w)
{
	struct stream_reader *r = w->rows->r;

	r->version = w->version;
	swr_header(w, T_META);
	count_line(w);		/* the version row: the reader's own */
}

/* The row of table t about to be made, its header first when none was
 * "written"; NULL when the rows have failed. */
static struct stream_row *
sw_row(struct stream_writer *w, enum table_id t)
{
	struct stream_rows *rs = w->rows;
	struct stream_row *rw = &rs->r->row;

	if (rs->failed)
		return NULL;
	if (!(w->tables & (1u << t)))
		swr_header(w, t);
	rs->line++;
	rw->table = t;
	rw->line = rs->line;
	rw->has_ext = t == T_LOCATIONS && w->loc_ext;
	return rw;
}

/* Hands the row over, as the reader would have: checked first. */
static void
take(struct stream_writer *w)
{
	struct stream_rows *rs = w->rows;

	if (stream_check_row(rs->r, rs->e) < 0 || rs->take(rs->ctx) < 0)
		rs->failed = 1;
}

/* Whether ids are each 1 .. 2^31 - 1, as the reader checks them. */
static int
ids_ok(uint32_t a, uint32_t b, uint32_t c)
{
	return a - 1 < INT32_MAX && b - 1 < INT32_MAX && c - 1 < INT32_MAX;
}

/* The same for a row of ids only: the checks a sample's rows need, made
 * inline. */
static void
take_ids(struct stream_writer *w, uint32_t a, uint32_t b, uint32_t c)
{
	struct stream_rows *rs = w->rows;

	if (ids_ok(a, b, c)) {
		if (rs->take(rs->ctx) < 0)
			rs->failed = 1;
		return;
	}
	take(w);
}

static void
cell_int(struct stream_row *rw, int c, int64_t v)
{
	rw->v[c].i = v;
	rw->st[c] = CELL_OK;
}

/* an id, 0 as NA (a reference that has none) */
static void
cell_ref(struct stream_row *rw, int c, uint64_t v)
{
	rw->v[c].i = (int64_t)v;
	rw->st[c] = v == 0 ? CELL_NA : CELL_OK;
}

static void
cell_hex(struct stream_row *rw, int c, uint64_t v)
{
	rw->v[c].u = v;
	rw->st[c] = CELL_OK;
}

static void
cell_text(struct stream_row *rw, int c, struct text t)
{
	rw->v[c].s.p = t.p;
	rw->v[c].s.n = t.n;
	rw->st[c] = t.p == NULL ? CELL_NA : CELL_OK;
}

/* a value as the text gives it back: an integer's exactly */
static void
cell_num(struct stream_row *rw, int c, struct num v)
{
	rw->v[c].n = num_is_int(v) ? v : num_of_dbl(v.d);
	rw->st[c] = CELL_OK;
}

static void
swr_source(struct stream_writer *w, uint32_t id, struct text type,
    struct text uri, double timestamp)
{
	struct stream_row *rw = sw_row(w, T_SOURCES);

	if (rw == NULL)
		return;
	cell_int(rw, SRC_ID, id);
	cell_text(rw, SRC_TYPE, type);
	cell_text(rw, SRC_URI, uri);
	cell_num(rw, SRC_TIMESTAMP, num_of_dbl(timestamp));
	if (isnan(timestamp))
		rw->st[SRC_TIMESTAMP] = CELL_NA;
	take(w);
}

static void
swr_source_attr(struct stream_writer *w, uint32_t source, struct text key,
    struct text value)
{
	struct stream_row *rw = sw_row(w, T_SOURCE_ATTRIBUTES);

	if (rw == NULL)
		return;
	cell_int(rw, SA_SOURCE, source);
	cell_text(rw, SA_KEY, key);
	cell_text(rw, SA_VALUE, value);
	take(w);
}

static void
swr_function(struct stream_writer *w, uint32_t id, struct text name,
    struct text system_name, struct text filename, int64_t start_line)
{
	struct stream_row *rw = sw_row(w, T_FUNCTIONS);

	if (rw == NULL)
		return;
	cell_int(rw, FN_ID, id);
	cell_text(rw, FN_NAME, name);
	cell_text(rw, FN_SYSNAME, system_name);
	cell_text(rw, FN_FILENAME, filename);
	cell_int(rw, FN_START_LINE, start_line);
	take(w);
}

static void
swr_location(struct stream_writer *w, const struct sw_location *l)
{
	struct stream_row *rw = sw_row(w, T_LOCATIONS);

	if (rw == NULL)
		return;
	cell_int(rw, LOC_ID, l->id);
	cell_ref(rw, LOC_FUNCTION, l->function_id);
	cell_int(rw, LOC_LINE, l->line);
	if (l->line_na)
		rw->st[LOC_LINE] = CELL_NA;
	if (w->loc_ext) {
		cell_hex(rw, LOC_ADDRESS, l->address);
		if (l->address_na)
			rw->st[LOC_ADDRESS] = CELL_NA;
		cell_ref(rw, LOC_MAPPING, l->mapping_id);
		cell_int(rw, LOC_IS_FOLDED, l->is_folded != 0);
		cell_int(rw, LOC_INLINED, l->inlined != 0);
		cell_int(rw, LOC_COLUMN, l->column);
	} else
		stream_neutral(rw);
	take(w);
}

static void
swr_mapping(struct stream_writer *w, const struct sw_mapping *m)
{
	struct stream_row *rw = sw_row(w, T_MAPPINGS);

	if (rw == NULL)
		return;
	cell_int(rw, MAP_ID, m->id);
	cell_hex(rw, MAP_START, m->start);
	cell_hex(rw, MAP_LIMIT, m->limit);
	cell_hex(rw, MAP_OFFSET, m->offset);
	cell_text(rw, MAP_FILENAME, m->filename);
	cell_text(rw, MAP_BUILD_ID, m->build_id);
	cell_int(rw, MAP_HAS_FUNCTIONS, m->has_functions != 0);
	cell_int(rw, MAP_HAS_FILENAMES, m->has_filenames != 0);
	cell_int(rw, MAP_HAS_LINE_NUMBERS, m->has_line_numbers != 0);
	cell_int(rw, MAP_HAS_INLINE_FRAMES, m->has_inline_frames != 0);
	take(w);
}

static int64_t
swr_value_type(struct stream_writer *w, struct text type, struct text unit)
{
	size_t n = 4 + type.n + unit.n;
	char *b = malloc(n + 1);
	uint32_t k = (uint32_t)type.n;
	int64_t ix;

	if (b == NULL)
		return -1;
	memcpy(b, &k, 4);
	memcpy(b + 4, type.p, type.n);
	memcpy(b + 4 + type.n, unit.p, unit.n);
	ix = strtab_intern(&w->vtypes, b, n);
	free(b);
	return ix;
}

static void
swr_sample(struct stream_writer *w, const struct stream_id *sid,
    uint32_t source)
{
	struct stream_row *rw = sw_row(w, T_SAMPLES);
	uint32_t id = sid->v;

	if (rw == NULL)
		return;
	cell_int(rw, SMP_ID, id);
	cell_int(rw, SMP_SOURCE, source);
	take_ids(w, id, source, 1);
}

static void
swr_sample_value(struct stream_writer *w, const struct stream_id *sid,
    uint32_t value_type, struct num value)
{
	struct stream_row *rw = sw_row(w, T_SAMPLE_VALUES);
	uint32_t sample = sid->v;
	const char *vt = strtab_str(&w->vtypes, value_type);
	size_t n = strtab_len(&w->vtypes, value_type);
	uint32_t k;

	if (rw == NULL)
		return;
	memcpy(&k, vt, 4);
	cell_int(rw, SV_SAMPLE, sample);
	cell_text(rw, SV_TYPE, text_n(vt + 4, k));
	cell_text(rw, SV_UNIT, text_n(vt + 4 + k, n - 4 - k));
	cell_num(rw, SV_VALUE, value);
	/* a type and unit of no NUL, not empty: the sample and its value are
	 * all there is to check */
	if (k > 0 && n - 4 - k > 0 && memchr(vt + 4, '\0', n - 4) == NULL &&
	    !isnan(value.d))
		take_ids(w, sample, 1, 1);
	else
		take(w);
}

static void
swr_frame_n(struct stream_writer *w, const struct sw_stack *s,
    uint32_t location)
{
	uint32_t sample = s->sample, depth = s->depth;
	struct stream_rows *rs = w->rows;
	struct stream_row *rw;
	int rc;

	if (rs->frame != NULL && !rs->failed &&
	    (w->tables & (1u << T_SAMPLE_LOCATIONS)) &&
	    ids_ok(sample, depth, location) &&
	    (rc = rs->frame(rs->ctx, sample, depth, location)) != 0) {
		rs->line++;
		if (rc < 0)
			rs->failed = 1;
		return;
	}
	if ((rw = sw_row(w, T_SAMPLE_LOCATIONS)) == NULL)
		return;
	cell_int(rw, SL_SAMPLE, sample);
	cell_int(rw, SL_DEPTH, depth);
	cell_int(rw, SL_LOCATION, location);
	take_ids(w, sample, depth, location);
}

static void
swr_sample_label(struct stream_writer *w, const struct stream_id *sample,
    const struct sw_label *l)
{
	struct stream_row *rw = sw_row(w, T_SAMPLE_LABELS);

	if (rw == NULL)
		return;
	cell_int(rw, LB_SAMPLE, sample->v);
	cell_text(rw, LB_KEY, l->key);
	cell_text(rw, LB_STR, l->str);
	if (l->str.p != NULL) {
		rw->st[LB_NUM] = CELL_NA;
		rw->st[LB_NUM_UNIT] = CELL_NA;
	} else {
		cell_int(rw, LB_NUM, l->num);
		cell_text(rw, LB_NUM_UNIT, l->num_unit);
	}
	take(w);
}

static void
swr_sample_time(struct stream_writer *w, const struct stream_id *sample,
    int64_t time)
{
	struct stream_row *rw = sw_row(w, T_SAMPLE_TIMES);

	if (rw == NULL)
		return;
	cell_int(rw, STM_SAMPLE, sample->v);
	cell_int(rw, STM_TIME, time);
	take(w);
}

static void
swr_location_attr(struct stream_writer *w, uint32_t location,
    struct text key, struct text value)
{
	struct stream_row *rw = sw_row(w, T_LOCATION_ATTRIBUTES);

	if (rw == NULL)
		return;
	cell_int(rw, LA_LOCATION, location);
	cell_text(rw, LA_KEY, key);
	cell_text(rw, LA_VALUE, value);
	take(w);
}

/* Format 1.0 is written as text only: rows of it are refused. */
static void
swr_v1(struct stream_writer *w)
{
	struct stream_rows *rs = w->rows;

	if (!rs->failed)
		perr_set(rs->e, "%s: format 1.0 cannot be handed over as rows",
		    rs->r->in.name);
	rs->failed = 1;
}

static void
swr_frame(struct stream_writer *w, const struct sw_stack *s,
    const struct stream_id *location)
{
	swr_frame_n(w, s, location->v);
}

static void
swr_v1_sample_type(struct stream_writer *w, struct text type,
    struct text unit)
{
	(void)type, (void)unit;
	swr_v1(w);
}

static void
swr_v1_sample(struct stream_writer *w, int64_t value,
    const uint32_t *location_ids, size_t n)
{
	(void)value, (void)location_ids, (void)n;
	swr_v1(w);
}

static void
swr_hint(struct stream_writer *w, enum table_id t, size_t n, size_t bytes)
{
	if (w->rows->hint != NULL)
		w->rows->hint(w->rows->ctx, t, n, bytes);
}

/* The rows fail with w->past, as their first error. */
static void
swr_refuse(struct stream_writer *w)
{
	if (!w->rows->failed) {
		perr_set(w->rows->e, "%s", w->past);
		w->rows->failed = 1;
	}
}

static int
swr_failed(const struct stream_writer *w)
{
	return w->rows->failed;
}

static int
swr_error(const struct stream_writer *w, struct perr *e)
{
	return w->rows->e != e ? perr_set(e, "%s", w->rows->e->msg) : -1;
}

const struct sw_sink sw_rows_sink = {
	swr_begin, swr_header, swr_source, swr_source_attr, swr_function,
	swr_location, swr_mapping, swr_value_type, swr_sample,
	swr_sample_value, swr_frame, swr_frame_n, swr_sample_label,
	swr_sample_time, swr_location_attr, swr_v1_sample_type,
	swr_v1_sample, swr_hint, swr_refuse, swr_failed, swr_error,
};
