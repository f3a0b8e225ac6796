/*
 * The stream writer. Every row of every program goes through here, so the
 * table names, the column order and the NA rules come from the schema in
 * one place.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/array.h"
#include "io/input.h"
#include "stream/fields.h"
#include "stream/stream_write.h"

static void
text_header(struct stream_writer *w, enum table_id t)
{
	const struct table *tb = &schema_tables[t];
	int c, n = tb->ncols + (t == T_LOCATIONS && w->loc_ext ? tb->next : 0);

	out_char(w->o, '#');
	out_str(w->o, tb->name);
	for (c = 0; c < n; c++) {
		out_char(w->o, '\t');
		out_str(w->o, tb->cols[c].name);
	}
	out_char(w->o, '\n');
	w->tables |= 1u << t;
}

void
sw_begin(struct stream_writer *w, struct output *o, int version,
    unsigned extensions, int loc_ext)
{
	size_t i, n;
	int t;

	memset(w, 0, sizeof(*w));
	w->o = o;
	w->rows = o->rows;
	w->sink = o->rows != NULL ? &sw_rows_sink : &sw_text_sink;
	w->version = version;
	w->loc_ext = loc_ext;
	for (t = 0; t < T_COUNT; t++) {
		n = strlen(schema_name(t));
		memcpy(w->prefix[t], schema_name(t), n);
		w->prefix[t][n] = '\t';
		w->prefix_len[t] = (unsigned char)(n + 1);
	}
	w->sink->begin(w);
	for (i = 0; i < SCHEMA_ORDER_N; i++)
		if (schema_required(version, schema_order[i]) ||
		    (schema_in_version(version, schema_order[i]) &&
		    (extensions & (1u << schema_order[i]))))
			w->sink->header(w, schema_order[i]);
}

/* The meta header and the version row. */
static void
text_begin(struct stream_writer *w)
{
	struct output *o = w->o;

	text_header(w, T_META);
	out_str(o, schema_name(T_META));
	out_char(o, '\t');
	out_str(o, SCHEMA_VERSION_KEY);
	out_char(o, '\t');
	out_str(o, w->version == V10 ? SCHEMA_V10 : SCHEMA_V20);
	out_char(o, '\n');
}

void
sw_hint(struct stream_writer *w, enum table_id t, size_t n, size_t bytes)
{
	w->sink->hint(w, t, n, bytes);
}

/* The output fails with w->past. */
static void
fail_with_past(struct stream_writer *w)
{
	w->sink->refuse(w);
}

int
sw_frames_past(struct stream_writer *w)
{
	uint64_t per = input_expansion(), in = input_delivered(), ok;

	if (in < INPUT_EXPANSION_BYTES)
		in = INPUT_EXPANSION_BYTES;
	ok = per == 0 || in > UINT64_MAX / per ? UINT64_MAX : per * in;
	if (w->frames <= ok) {
		w->frames_ok = ok;
		return 0;
	}
	if (w->past[0] != '\0')
		return 1;
	snprintf(w->past, sizeof(w->past), "the stream passes %llu frames, "
	    "%llu a byte of the %llu bytes read (at least %u counted): a "
	    "profile that repeats a stack without end? -X raises the bound",
	    (unsigned long long)ok, (unsigned long long)per,
	    (unsigned long long)input_delivered(), INPUT_EXPANSION_BYTES);
	fail_with_past(w);
	return 1;
}

/* The bytes t takes in a line, escaped as out_escaped escapes it. */
static size_t
text_bytes(struct text t)
{
	const unsigned char *u = (const unsigned char *)t.p;
	size_t i = 0, k = t.n;

	if (t.p == NULL)
		return 2;		/* NA */
	if (field_is_na(t.p, t.n))
		return 3;
	while ((i = field_skip_plain(u, i, t.n)) < t.n) {
		k += t.p[i] == '\\' || t.p[i] == '\t' || t.p[i] == '\n' ||
		    t.p[i] == '\r';
		i++;
	}
	return k;
}

/* Room in a line for a row's columns other than its texts. */
#define ROW_OTHERS 256

/* Whether a row of t with these texts is a line every reader takes
 * (INPUT_MAX_LINE bytes): else the output fails, naming the input and
 * the row, and nothing of it is written. Every converter writes here,
 * so none writes a stream its readers refuse (audit B5). */
static int
row_fits(struct stream_writer *w, enum table_id t, const struct text *v,
    int n)
{
	size_t quick = ROW_OTHERS, bytes = ROW_OTHERS;
	char at[300] = "";
	int i;

	for (i = 0; i < n; i++)
		quick += 2 * v[i].n + 3;
	if (quick <= INPUT_MAX_LINE)
		return 1;
	for (i = 0; i < n; i++)
		bytes += text_bytes(v[i]);
	if (bytes <= INPUT_MAX_LINE)
		return 1;
	if (w->in != NULL && w->in->lineno > 0)
		snprintf(at, sizeof(at), "%s:%ld: ", w->in->name,
		    w->in->lineno);
	else if (w->in != NULL)
		snprintf(at, sizeof(at), "%s: ", w->in->name);
	if (w->past[0] == '\0')
		snprintf(w->past, sizeof(w->past), "%sa row of %s of %zu bytes "
		    "or more, past the %u bytes a line of the stream holds (a "
		    "name of %zu bytes)", at, schema_name(t), bytes - ROW_OTHERS,
		    INPUT_MAX_LINE, v[0].n > v[n - 1].n ? v[0].n : v[n - 1].n);
	fail_with_past(w);
	return 0;
}
#define FITS(w, t, ...) row_fits(w, t, (const struct text[]){ __VA_ARGS__ }, \
	(int)(sizeof((const struct text[]){ __VA_ARGS__ }) / \
	sizeof(struct text)))

int
sw_error(const struct stream_writer *w, struct perr *e)
{
	return w->sink->error(w, e);
}

void
sw_free(struct stream_writer *w)
{
	strtab_free(&w->vtypes);
	free(w->idtext);
	w->idtext = NULL;
	w->capidtext = 0;
}

/* A row of t: its header first when none was written. */
static void
begin(struct stream_writer *w, enum table_id t)
{
	if (!(w->tables & (1u << t)))
		text_header(w, t);
	out_str(w->o, schema_name(t));
}

static void
col_id(struct stream_writer *w, uint64_t v)
{
	out_char(w->o, '\t');
	out_u64(w->o, v);
}

static void
col_int(struct stream_writer *w, int64_t v)
{
	out_char(w->o, '\t');
	out_i64(w->o, v);
}

static void
col_hex(struct stream_writer *w, uint64_t v)
{
	out_char(w->o, '\t');
	out_hex(w->o, v);
}

/* t without its tab */
static void
col_text_bare(struct stream_writer *w, struct text t)
{
	if (t.p == NULL)
		out_write(w->o, "NA", 2);
	else
		out_escaped(w->o, t.p, t.n);
}

static void
col_text(struct stream_writer *w, struct text t)
{
	out_char(w->o, '\t');
	col_text_bare(w, t);
}

static void
col_lgl(struct stream_writer *w, int v)
{
	out_char(w->o, '\t');
	out_str(w->o, v ? SCHEMA_TRUE : SCHEMA_FALSE);
}

static void
col_sid(struct stream_writer *w, const struct stream_id *id)
{
	out_char(w->o, '\t');
	out_write(w->o, id->s, id->n);
}

static void
end(struct stream_writer *w)
{
	out_char(w->o, '\n');
}

void
sw_source(struct stream_writer *w, uint32_t id, struct text type,
    struct text uri, double timestamp)
{
	if (!FITS(w, T_SOURCES, type, uri))
		return;
	w->sink->source(w, id, type, uri, timestamp);
}

static void
text_source(struct stream_writer *w, uint32_t id, struct text type,
    struct text uri, double timestamp)
{
	begin(w, T_SOURCES);
	col_id(w, id);
	col_text(w, type);
	col_text(w, uri);
	if (isnan(timestamp))
		out_write(w->o, "\tNA", 3);
	else {
		out_char(w->o, '\t');
		out_dbl(w->o, timestamp);
	}
	end(w);
}

void
sw_source_attr(struct stream_writer *w, uint32_t source, struct text key,
    struct text value)
{
	if (!FITS(w, T_SOURCE_ATTRIBUTES, key, value))
		return;
	w->sink->source_attr(w, source, key, value);
}

static void
text_source_attr(struct stream_writer *w, uint32_t source, struct text key,
    struct text value)
{
	begin(w, T_SOURCE_ATTRIBUTES);
	col_id(w, source);
	col_text(w, key);
	col_text(w, value);
	end(w);
}

void
sw_function(struct stream_writer *w, uint32_t id, struct text name,
    struct text system_name, struct text filename, int64_t start_line)
{
	if (!FITS(w, T_FUNCTIONS, name, system_name, filename))
		return;
	w->sink->function(w, id, name, system_name, filename, start_line);
}

static void
text_function(struct stream_writer *w, uint32_t id, struct text name,
    struct text system_name, struct text filename, int64_t start_line)
{
	struct output *o = w->o;
	size_t at, len;
	uint64_t flushed;

	begin(w, T_FUNCTIONS);
	col_id(w, id);
	out_char(o, '\t');
	flushed = o->flushed;
	at = o->len;
	col_text_bare(w, name);
	len = o->len - at;
	/* the system name is most often the name itself: its text is
	 * copied, as written, when it is still in the buffer */
	if (system_name.p == name.p && system_name.n == name.n &&
	    o->flushed == flushed && name.p != NULL) {
		out_char(o, '\t');
		if (o->flushed == flushed && o->cap - o->len >= len) {
			memcpy(o->buf + o->len, o->buf + at, len);
			o->len += len;
		} else
			col_text_bare(w, system_name);
	} else
		col_text(w, system_name);
	col_text(w, filename);
	col_int(w, start_line);
	end(w);
}

/* '\t' and NA, or '\t' and the reference id */
static inline char *
put_ref(char *q, uint64_t v)
{
	if (v == 0) {
		memcpy(q, "\tNA", 3);
		return q + 3;
	}
	*q++ = '\t';
	return q + fmt_u64(q, v);
}

static inline char *
put_lgl(char *q, int v)
{
	if (v) {
		memcpy(q, "\t" SCHEMA_TRUE, 5);
		return q + 5;
	}
	memcpy(q, "\t" SCHEMA_FALSE, 6);
	return q + 6;
}

void
sw_location(struct stream_writer *w, const struct sw_location *l)
{
	w->sink->location(w, l);
}

static void
text_location(struct stream_writer *w, const struct sw_location *l)
{
	char *q;

	/* numbers and words only: the row's room is made once */
	q = out_reserve(w->o, sizeof(w->prefix[T_LOCATIONS]) +
	    8 * (FMT_NUM_MAX + 1) + 1);
	memcpy(q, w->prefix[T_LOCATIONS], sizeof(w->prefix[T_LOCATIONS]));
	q += w->prefix_len[T_LOCATIONS];
	q += fmt_u64(q, l->id);
	q = put_ref(q, l->function_id);
	if (l->line_na) {
		memcpy(q, "\tNA", 3);
		q += 3;
	} else {
		*q++ = '\t';
		q += fmt_i64(q, l->line);
	}
	if (w->loc_ext) {
		if (l->address_na) {
			memcpy(q, "\tNA", 3);
			q += 3;
		} else {
			*q++ = '\t';
			q += fmt_hex(q, l->address);
		}
		q = put_ref(q, l->mapping_id);
		q = put_lgl(q, l->is_folded);
		q = put_lgl(q, l->inlined);
		*q++ = '\t';
		q += fmt_i64(q, l->column);
	}
	*q++ = '\n';
	w->o->len = (size_t)(q - w->o->buf);
}

void
sw_mapping(struct stream_writer *w, const struct sw_mapping *m)
{
	if (!FITS(w, T_MAPPINGS, m->filename, m->build_id))
		return;
	w->sink->mapping(w, m);
}

static void
text_mapping(struct stream_writer *w, const struct sw_mapping *m)
{
	begin(w, T_MAPPINGS);
	col_id(w, m->id);
	col_hex(w, m->start);
	col_hex(w, m->limit);
	col_hex(w, m->offset);
	col_text(w, m->filename);
	col_text(w, m->build_id);
	col_lgl(w, m->has_functions);
	col_lgl(w, m->has_filenames);
	col_lgl(w, m->has_line_numbers);
	col_lgl(w, m->has_inline_frames);
	end(w);
}

int64_t
sw_value_type(struct stream_writer *w, struct text type, struct text unit)
{
	/* its rows hold a sample id and a value besides; one too long
	 * fails the output, and the type is still given its key */
	(void)FITS(w, T_SAMPLE_VALUES, type, unit);
	return w->sink->value_type(w, type, unit);
}

static int64_t
text_value_type(struct stream_writer *w, struct text type, struct text unit)
{
	/* escaped into a small output that never flushes */
	struct output mem = { 0 };
	int64_t k;

	mem.cap = 2 * (type.n + unit.n) + 3;
	if ((mem.buf = malloc(mem.cap)) == NULL)
		return -1;
	out_char(&mem, '\t');
	out_escaped(&mem, type.p, type.n);
	out_char(&mem, '\t');
	out_escaped(&mem, unit.p, unit.n);
	out_char(&mem, '\t');
	k = strtab_intern(&w->vtypes, mem.buf, mem.len);
	free(mem.buf);
	return k;
}

void
sw_sample_label(struct stream_writer *w, const struct stream_id *sample,
    const struct sw_label *l)
{
	if (!FITS(w, T_SAMPLE_LABELS, l->key, l->str, l->num_unit))
		return;
	w->sink->sample_label(w, sample, l);
}

static void
text_sample_label(struct stream_writer *w, const struct stream_id *sample,
    const struct sw_label *l)
{
	begin(w, T_SAMPLE_LABELS);
	col_sid(w, sample);
	col_text(w, l->key);
	col_text(w, l->str);
	if (l->str.p != NULL) {
		out_write(w->o, "\tNA\tNA", 6);
	} else {
		col_int(w, l->num);
		col_text(w, l->num_unit);
	}
	end(w);
}

void
sw_sample_time(struct stream_writer *w, const struct stream_id *sample,
    int64_t time_unix_nano)
{
	w->sink->sample_time(w, sample, time_unix_nano);
}

static void
text_sample_time(struct stream_writer *w, const struct stream_id *sample,
    int64_t time_unix_nano)
{
	begin(w, T_SAMPLE_TIMES);
	col_sid(w, sample);
	col_int(w, time_unix_nano);
	end(w);
}

void
sw_location_attr(struct stream_writer *w, uint32_t location, struct text key,
    struct text value)
{
	if (!FITS(w, T_LOCATION_ATTRIBUTES, key, value))
		return;
	w->sink->location_attr(w, location, key, value);
}

static void
text_location_attr(struct stream_writer *w, uint32_t location, struct text key,
    struct text value)
{
	begin(w, T_LOCATION_ATTRIBUTES);
	col_id(w, location);
	col_text(w, key);
	col_text(w, value);
	end(w);
}

void
sw_v1_sample_type(struct stream_writer *w, struct text type, struct text unit)
{
	if (!FITS(w, T_V1_SAMPLE_TYPES, type, unit))
		return;
	w->sink->v1_sample_type(w, type, unit);
}

static void
text_v1_sample_type(struct stream_writer *w, struct text type, struct text unit)
{
	begin(w, T_V1_SAMPLE_TYPES);
	col_text(w, type);
	col_text(w, unit);
	end(w);
}

void
sw_v1_sample(struct stream_writer *w, int64_t value,
    const uint32_t *location_ids, size_t n)
{
	w->sink->v1_sample(w, value, location_ids, n);
}

static void
text_v1_sample(struct stream_writer *w, int64_t value,
    const uint32_t *location_ids, size_t n)
{
	size_t i;

	begin(w, T_V1_SAMPLES);
	col_int(w, value);
	out_char(w->o, '\t');
	for (i = 0; i < n; i++) {
		if (i > 0)
			out_char(w->o, ',');
		out_u64(w->o, location_ids[i]);
	}
	end(w);
}

static void
text_sample(struct stream_writer *w, const struct stream_id *id,
    uint32_t source)
{
	char *q = sw_row_id(w, T_SAMPLES, id, FMT_NUM_MAX + 2);

	*q++ = '\t';
	q += fmt_u64(q, source);
	*q++ = '\n';
	w->o->len = (size_t)(q - w->o->buf);
}

static void
text_sample_value(struct stream_writer *w, const struct stream_id *sample,
    uint32_t value_type, struct num value)
{
	w->o->len = (size_t)(sw_row_id(w, T_SAMPLE_VALUES, sample, 0) -
	    w->o->buf);
	out_write(w->o, strtab_str(&w->vtypes, value_type),
	    strtab_len(&w->vtypes, value_type));
	out_num(w->o, value);
	out_char(w->o, '\n');
}

/* A sample_locations row: the stack's head, the depth, the location. */
static void
text_frame(struct stream_writer *w, const struct sw_stack *s,
    const struct stream_id *location)
{
	struct output *o = w->o;
	char *q = out_reserve(o, sizeof(s->head) + FMT_NUM_MAX +
	    sizeof(location->s) + 2);

	memcpy(q, s->head, sizeof(s->head));
	q += s->len;
	q += fmt_u64(q, s->depth);
	*q++ = '\t';
	memcpy(q, location->s, sizeof(location->s));
	q += location->n;
	*q++ = '\n';
	o->len = (size_t)(q - o->buf);
}

/* ids past this are formatted each time: the table follows the
 * locations a reader holds, to a bound */
#define SW_IDTEXT_MAX ((size_t)1 << 22)

static void
text_frame_n(struct stream_writer *w, const struct sw_stack *s,
    uint32_t location)
{
	struct stream_id id;

	if (location < w->capidtext || (location < SW_IDTEXT_MAX &&
	    array_grow_zeroed((void **)&w->idtext, &w->capidtext,
	    (size_t)location + 1, sizeof(*w->idtext)) == 0)) {
		if (w->idtext[location].n == 0)
			stream_id_set(&w->idtext[location], location);
		text_frame(w, s, &w->idtext[location]);
		return;
	}
	stream_id_set(&id, location);
	text_frame(w, s, &id);
}

static void
text_hint(struct stream_writer *w, enum table_id t, size_t n, size_t bytes)
{
	(void)w, (void)t, (void)n, (void)bytes;
}

static void
text_refuse(struct stream_writer *w)
{
	output_refuse(w->o, EFBIG, w->past);
}

static int
text_failed(const struct stream_writer *w)
{
	return w->o->err != 0;
}

static int
text_error(const struct stream_writer *w, struct perr *e)
{
	return output_error(w->o, e);
}

const struct sw_sink sw_text_sink = {
	text_begin, text_header, text_source, text_source_attr,
	text_function, text_location, text_mapping, text_value_type,
	text_sample, text_sample_value, text_frame, text_frame_n,
	text_sample_label, text_sample_time, text_location_attr,
	text_v1_sample_type, text_v1_sample, text_hint, text_refuse,
	text_failed, text_error,
};

void
out_escaped(struct output *o, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, run = 0;
	char esc;

	if (n == 0)		/* s may be NULL (an empty protobuf string) */
		return;
	if (field_is_na(s, n)) {
		out_write(o, "\\NA", 3);
		return;
	}
	/* eight bytes at a time to the next that may need an escape */
	while ((i = field_skip_plain(u, i, n)) < n) {
		switch (s[i]) {
		case '\\': esc = '\\'; break;
		case '\t': esc = 't'; break;
		case '\n': esc = 'n'; break;
		case '\r': esc = 'r'; break;
		default: i++; continue;		/* a NUL: as it is */
		}
		out_write(o, s + run, i - run);
		out_char(o, '\\');
		out_char(o, esc);
		run = ++i;
	}
	out_write(o, s + run, n - run);
}
