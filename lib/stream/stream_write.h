/* stream_write.h: writing the stream, the mirror of stream_read.h. The
 * writer owns the preamble and has one function per table that takes the
 * row's values in the schema's column order and writes NA where a column
 * allows it, so no other code spells a table, a column or a tab. */
#ifndef STREAM_WRITE_H
#define STREAM_WRITE_H

#include <stdint.h>
#include <string.h>

#include "base/hash.h"
#include "io/output.h"
#include "stream/schema.h"

/* A chr value: p == NULL is NA. */
struct text {
	const char *p;
	size_t n;
};

#define TEXT_NA ((struct text){ NULL, 0 })

/* s as text; NULL is NA. */
static inline struct text
text_of(const char *s)
{
	struct text t = { s, s != NULL ? strlen(s) : 0 };

	return t;
}

/* n bytes at p (never NA: an empty protobuf string may have p NULL). */
static inline struct text
text_n(const char *p, size_t n)
{
	struct text t = { p != NULL ? p : "", n };

	return t;
}

/* t, or SCHEMA_EMPTY (<?>) when empty: for the fields the stream wants
 * non-empty (a value type or unit, a label key, a name), which a format
 * may leave empty; its writers give <?> back as "". */
static inline struct text
text_marked(struct text t)
{
	return t.n > 0 ? t : text_of(SCHEMA_EMPTY);
}

/* An id as decimal text, made once for the rows of a sample that all
 * begin with it (and for the location ids of a hot loop); v is the id. */
struct stream_id {
	uint32_t v;
	unsigned char n;
	char s[11];
};

static inline void
stream_id_set(struct stream_id *id, uint32_t v)
{
	id->v = v;
	id->n = (unsigned char)fmt_u64(id->s, v);
}

/*
 * Rows handed to a reader in the same process rather than written as
 * text (an output whose rows is set): each is made in r->row as the
 * reader would have parsed it from the text, checked by its rules, its
 * line the text's, and take is called. The first failure (take's, or a
 * row the reader would refuse) is in *e; failed is then set, and the rows
 * after it are dropped.
 */
struct stream_reader;
struct stream_rows {
	struct stream_reader *r;
	int (*take)(void *ctx);
	/* how many rows of table t are coming, and bytes of their text
	 * (sw_hint), or NULL */
	void (*hint)(void *ctx, enum table_id t, size_t n, size_t bytes);
	/* a sample_locations row of ids 1 .. 2^31 - 1, without making the
	 * row (a profile is mostly these): 1 taken, 0 to be taken as a row,
	 * -1 failed (e set); or NULL */
	int (*frame)(void *ctx, uint32_t sample, uint32_t depth,
	    uint32_t location);
	void *ctx;
	struct perr *e;
	long line;
	int failed;
};

struct sw_sink;
struct stream_writer {
	struct output *o;
	/* where the rows go, chosen once by sw_begin: text to o
	 * (sw_text_sink), or rows to a reader (sw_rows_sink: o's rows) */
	const struct sw_sink *sink;
	struct stream_rows *rows;	/* o's: rows, not text */
	int version;
	int loc_ext;		/* locations has its extension columns */
	unsigned tables;	/* bit per table whose header was written */
	/* per value type: "\ttype\tunit\t" escaped; for rows, the type's
	 * length in 4 bytes, the type, the unit */
	struct strtab vtypes;
	/* "name\t" of each table, for fixed-size copies */
	char prefix[T_COUNT][32];
	unsigned char prefix_len[T_COUNT];
	/* the frames written, and how many the input allows so far (io's
	 * expansion bound) */
	uint64_t frames, frames_ok;
	/* text: each location's id as text, made once (ids up to
	 * SW_IDTEXT_MAX; n 0: not yet) */
	struct stream_id *idtext;
	size_t capidtext;
	char past[512];		/* the message, once past it or a line's */
	const struct input *in;	/* read, for messages; NULL: none */
};

struct input;
/* The input the rows are made from, named where a row cannot be
 * written (its line, where it reads by lines). */
static inline void
sw_set_input(struct stream_writer *w, const struct input *in)
{
	w->in = in;
}

/* 1 (the frame dropped, the output failed with why) when a frame more
 * passes the bound of expansion; else 0, the bound moved on. */
int sw_frames_past(struct stream_writer *w);

/* The start of a row of table t and its first column, an id as text. */
static inline char *
sw_row_id(struct stream_writer *w, enum table_id t, const struct stream_id *id,
    size_t more)
{
	char *q = out_reserve(w->o, sizeof(w->prefix[t]) + sizeof(id->s) +
	    more);

	memcpy(q, w->prefix[t], sizeof(w->prefix[t]));
	q += w->prefix_len[t];
	memcpy(q, id->s, sizeof(id->s));
	return q + id->n;
}

/* Writes the preamble: the meta header and version row, then the headers
 * of the version's tables and of the extension tables in extensions (bits
 * 1u << T_...), defining tables first. loc_ext: locations gets its
 * extension columns. */
void sw_begin(struct stream_writer *w, struct output *o, int version,
    unsigned extensions, int loc_ext);
void sw_free(struct stream_writer *w);

/* A hint for a reader of the rows (stream_rows): n rows of table t are
 * coming, with bytes of strings in all; written as nothing. */
void sw_hint(struct stream_writer *w, enum table_id t, size_t n,
    size_t bytes);

/* timestamp NaN is NA (the stream has no NaN) */
void sw_source(struct stream_writer *w, uint32_t id, struct text type,
    struct text uri, double timestamp);
void sw_source_attr(struct stream_writer *w, uint32_t source, struct text key,
    struct text value);
void sw_function(struct stream_writer *w, uint32_t id, struct text name,
    struct text system_name, struct text filename, int64_t start_line);

struct sw_location {
	uint32_t id;
	uint32_t function_id;	/* 0: NA */
	int64_t line;
	int line_na;
	/* the extension columns, written when the writer has them */
	uint64_t address;
	int address_na;
	uint32_t mapping_id;	/* 0: NA */
	int is_folded, inlined;
	int64_t column;
};
void sw_location(struct stream_writer *w, const struct sw_location *l);

struct sw_mapping {
	uint32_t id;
	uint64_t start, limit, offset;
	struct text filename, build_id;
	int has_functions, has_filenames, has_line_numbers, has_inline_frames;
};
void sw_mapping(struct stream_writer *w, const struct sw_mapping *m);

/* A sample's stack: its sample_locations rows, depth 1, 2, ... The start
 * of its rows (the table's name, the sample's id, a tab) is made once,
 * then each row is three fixed-size copies: the rows most of a stream is
 * made of. */
struct sw_stack {
	char head[48];
	size_t len;
	uint32_t depth;
	uint32_t sample;
};

/* A string label has num NA; a numeric one str NA (and num_unit NA when
 * it has none). */
struct sw_label {
	struct text key, str;	/* str NA: numeric */
	int64_t num;
	struct text num_unit;
};

/* Where a writer's rows go: one function a row, as the sw_ functions
 * take them, after what is common to both (a row's size, the bound of
 * expansion, the depth of a stack). sw_text_sink writes the text
 * (stream_write.c); sw_rows_sink hands each row to a reader of this
 * process as it would have parsed the text (stream_rows.c). */
struct sw_sink {
	void (*begin)(struct stream_writer *w);
	void (*header)(struct stream_writer *w, enum table_id t);
	void (*source)(struct stream_writer *w, uint32_t id, struct text type,
	    struct text uri, double timestamp);
	void (*source_attr)(struct stream_writer *w, uint32_t source,
	    struct text key, struct text value);
	void (*function)(struct stream_writer *w, uint32_t id,
	    struct text name, struct text system_name, struct text filename,
	    int64_t start_line);
	void (*location)(struct stream_writer *w, const struct sw_location *l);
	void (*mapping)(struct stream_writer *w, const struct sw_mapping *m);
	int64_t (*value_type)(struct stream_writer *w, struct text type,
	    struct text unit);
	void (*sample)(struct stream_writer *w, const struct stream_id *id,
	    uint32_t source);
	void (*sample_value)(struct stream_writer *w,
	    const struct stream_id *sample, uint32_t value_type,
	    struct num value);
	/* the stack's next frame (its depth counted already), by its id
	 * as text, or by its number */
	void (*frame)(struct stream_writer *w, const struct sw_stack *s,
	    const struct stream_id *location);
	void (*frame_n)(struct stream_writer *w, const struct sw_stack *s,
	    uint32_t location);
	void (*sample_label)(struct stream_writer *w,
	    const struct stream_id *sample, const struct sw_label *l);
	void (*sample_time)(struct stream_writer *w,
	    const struct stream_id *sample, int64_t time_unix_nano);
	void (*location_attr)(struct stream_writer *w, uint32_t location,
	    struct text key, struct text value);
	void (*v1_sample_type)(struct stream_writer *w, struct text type,
	    struct text unit);
	void (*v1_sample)(struct stream_writer *w, int64_t value,
	    const uint32_t *location_ids, size_t n);
	void (*hint)(struct stream_writer *w, enum table_id t, size_t n,
	    size_t bytes);
	/* the output fails with w->past */
	void (*refuse)(struct stream_writer *w);
	int (*failed)(const struct stream_writer *w);
	int (*error)(const struct stream_writer *w, struct perr *e);
};
extern const struct sw_sink sw_text_sink, sw_rows_sink;

/* Whether what was written failed (the output refused it, a bound was
 * passed): a reader stops at its next sample, so that what it would
 * still write costs no time (audit B7); sw_error gives why, -1. */
static inline int
sw_failed(const struct stream_writer *w)
{
	return w->sink->failed(w);
}
int sw_error(const struct stream_writer *w, struct perr *e);

static inline void
sw_sample(struct stream_writer *w, const struct stream_id *id, uint32_t source)
{
	w->sink->sample(w, id, source);
}
/* A handle for (type, unit), whose text is escaped once for the many
 * sample_values rows that repeat it; -1 when out of memory. */
int64_t sw_value_type(struct stream_writer *w, struct text type,
    struct text unit);
static inline void
sw_sample_value(struct stream_writer *w, const struct stream_id *sample,
    uint32_t value_type, struct num value)
{
	w->sink->sample_value(w, sample, value_type, value);
}

static inline void
sw_stack_begin(struct stream_writer *w, struct sw_stack *s,
    const struct stream_id *sample)
{
	size_t n = w->prefix_len[T_SAMPLE_LOCATIONS];

	memcpy(s->head, w->prefix[T_SAMPLE_LOCATIONS],
	    sizeof(w->prefix[T_SAMPLE_LOCATIONS]));
	memcpy(s->head + n, sample->s, sizeof(sample->s));
	n += sample->n;
	s->head[n++] = '\t';
	s->len = n;
	s->depth = 0;
	s->sample = sample->v;
}

/* The next frame of the stack, outward from the innermost. */
static inline void
sw_stack_frame(struct stream_writer *w, struct sw_stack *s,
    const struct stream_id *location)
{
	if (++w->frames > w->frames_ok && sw_frames_past(w))
		return;
	s->depth++;
	w->sink->frame(w, s, location);
}

/* The same, of a location by its number: its text made only where the
 * writer writes text (rows to a reader in this process need none). */
static inline void
sw_stack_frame_n(struct stream_writer *w, struct sw_stack *s,
    uint32_t location)
{
	if (++w->frames > w->frames_ok && sw_frames_past(w))
		return;
	s->depth++;
	w->sink->frame_n(w, s, location);
}

void sw_sample_label(struct stream_writer *w, const struct stream_id *sample,
    const struct sw_label *l);
/* .sample_times: when a raw sample was taken (at most once a sample). */
void sw_sample_time(struct stream_writer *w, const struct stream_id *sample,
    int64_t time_unix_nano);
/* .location_attributes: a location's attribute (profile.frame.type). */
void sw_location_attr(struct stream_writer *w, uint32_t location,
    struct text key, struct text value);

/* Format 1.0: the one sample_types row, and a samples row: value samples
 * whose stack is the n location ids. */
void sw_v1_sample_type(struct stream_writer *w, struct text type,
    struct text unit);
void sw_v1_sample(struct stream_writer *w, int64_t value,
    const uint32_t *location_ids, size_t n);

/* Writes s with the stream's escapes; "NA" itself is written \NA. */
void out_escaped(struct output *o, const char *s, size_t n);

#endif
