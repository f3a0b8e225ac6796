/*
 * The stream writer. Every row of every program goes through here, so the
 * table names, the column order and the NA rules come from the schema in
 * one place.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "io/input.h"
#include "stream/fields.h"
#include "stream/stream_write.h"

static void
header(struct stream_writer *w, enum table_id t)
{
	const struct table *tb = &schema_tables[t];
	int c, n = tb->ncols + (t == T_LOCATIONS && w->loc_ext ? tb->next : 0);

	if (w->rows != NULL) {
		swr_header(w, t);
		return;
	}
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
	w->version = version;
	w->loc_ext = loc_ext;
	for (t = 0; t < T_COUNT; t++) {
		n = strlen(schema_name(t));
		memcpy(w->prefix[t], schema_name(t), n);
		w->prefix[t][n] = '\t';
		w->prefix_len[t] = (unsigned char)(n + 1);
	}
	if (w->rows != NULL)
		swr_begin(w);
	else {
		header(w, T_META);
		out_str(o, schema_name(T_META));
	out_char(o, '\t');
	out_str(o, SCHEMA_VERSION_KEY);
	out_char(o, '\t');
		out_str(o, version == V10 ? SCHEMA_V10 : SCHEMA_V20);
		out_char(o, '\n');
	}
	for (i = 0; i < SCHEMA_ORDER_N; i++)
		if (schema_required(version, schema_order[i]) ||
		    (schema_in_version(version, schema_order[i]) &&
		    (extensions & (1u << schema_order[i]))))
			header(w, schema_order[i]);
}

/* The output fails with w->past (rows: their error). */
static void
fail_with_past(struct stream_writer *w)
{
	if (w->rows != NULL) {
		if (!w->rows->failed) {
			perr_set(w->rows->e, "%s", w->past);
			w->rows->failed = 1;
		}
	} else
		output_refuse(w->o, EFBIG, w->past);
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
	if (w->rows != NULL)
		return w->rows->e != e ? perr_set(e, "%s", w->rows->e->msg) : -1;
	return output_error(w->o, e);
}

void
sw_free(struct stream_writer *w)
{
	strtab_free(&w->vtypes);
}

/* A row of t: its header first when none was written. */
static void
begin(struct stream_writer *w, enum table_id t)
{
	if (!(w->tables & (1u << t)))
		header(w, t);
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
	if (w->rows != NULL) {
		swr_source(w, id, type, uri, timestamp);
		return;
	}
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
	if (w->rows != NULL) {
		swr_source_attr(w, source, key, value);
		return;
	}
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
	struct output *o = w->o;
	size_t at, len;
	uint64_t flushed;

	if (!FITS(w, T_FUNCTIONS, name, system_name, filename))
		return;
	if (w->rows != NULL) {
		swr_function(w, id, name, system_name, filename, start_line);
		return;
	}
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
	char *q;

	if (w->rows != NULL) {
		swr_location(w, l);
		return;
	}
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
	if (w->rows != NULL) {
		swr_mapping(w, m);
		return;
	}
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
	/* escaped into a small output that never flushes */
	struct output mem = { 0 };
	int64_t k;

	/* its rows hold a sample id and a value besides; one too long
	 * fails the output, and the type is still given its key */
	(void)FITS(w, T_SAMPLE_VALUES, type, unit);
	if (w->rows != NULL)
		return swr_value_type(w, type, unit);
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
	if (w->rows != NULL) {
		swr_sample_label(w, sample->v, l);
		return;
	}
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
	if (w->rows != NULL) {
		swr_sample_time(w, sample->v, time_unix_nano);
		return;
	}
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
	if (w->rows != NULL) {
		swr_location_attr(w, location, key, value);
		return;
	}
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
	if (w->rows != NULL) {
		swr_v1(w);
		return;
	}
	begin(w, T_V1_SAMPLE_TYPES);
	col_text(w, type);
	col_text(w, unit);
	end(w);
}

void
sw_v1_sample(struct stream_writer *w, int64_t value,
    const uint32_t *location_ids, size_t n)
{
	size_t i;

	if (w->rows != NULL) {
		swr_v1(w);
		return;
	}
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
