/* stream.h: reading and writing the tab-separated profile stream. */
#ifndef STREAM_H
#define STREAM_H

#include <stdint.h>

#include "hash.h"
#include "input.h"
#include "output.h"
#include "schema.h"

union cell {
	int64_t i;		/* int, i64, lgl (0/1) */
	uint64_t u;		/* hex */
	double d;		/* dbl */
	struct {
		const char *p;
		size_t n;
	} s;			/* chr: unescaped, NUL-terminated */
};

enum { CELL_OK, CELL_NA, CELL_BAD };

struct stream_field {
	char *s;
	size_t len;
	int na;
};

struct stream_row {
	enum table_id table;
	long line;
	union cell v[SCHEMA_MAX_COLS];		/* by schema column */
	unsigned char st[SCHEMA_MAX_COLS];	/* CELL_OK, CELL_NA, CELL_BAD */
	int has_ext;		/* the table's extension columns were present */
	int nfields;		/* fields after the table name, as read */
	struct stream_field *f;	/* those fields */
};

struct stream_tab {
	long header_line;	/* 0 until its header is read */
	int broken;		/* header was bad: its rows are skipped */
	int nf;			/* fields of the header after the name */
	signed char *colmap;	/* per field: schema column, or -1 */
	char **names;		/* per field: column name */
	int has_ext;
};

struct stream_reader {
	struct input in;
	int version;		/* V10 or V20 once line 2 is read */
	struct stream_tab tab[T_COUNT];
	struct strtab other;	/* headers of unknown extension tables */
	struct u64map other_nf;	/* their index -> field count + 1 */
	struct stream_row row;
	struct stream_field *fields;	/* of the line, with the table name */
	size_t fcap;
	enum table_id last;		/* table of the previous row */
	/* Lenient mode: with report set, each problem is passed to it and
	 * reading goes on; rows with bad cells are returned (marked
	 * CELL_BAD), other bad rows are skipped. Without it the first problem
	 * is returned as an error. */
	void (*report)(void *ctx, const char *msg);
	void *ctx;
	long nerrors;
	int done;
};

int stream_open(struct stream_reader *r, const char *path, struct perr *e);
void stream_close(struct stream_reader *r);
/* 1 with the next row in r->row, 0 at the end, -1 on error. */
int stream_next(struct stream_reader *r, struct perr *e);

/* Reports a problem at the current row the way the reader does; returns 0
 * in lenient mode (keep going) and -1 otherwise. col may be -1. */
int stream_problem(struct stream_reader *r, struct perr *e, long line,
    enum table_id t, int col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* Writing. The preamble is the meta header and row and the headers of the
 * tables in mask (bit per table_id); loc_ext adds the extension columns of
 * locations. */
void stream_write_preamble(struct output *o, int version, unsigned mask,
    int loc_ext);
void stream_write_header(struct output *o, enum table_id t, int with_ext);

#define STREAM_V2_TABLES ((1u << T_SOURCES) | (1u << T_SAMPLES) | \
    (1u << T_SAMPLE_VALUES) | (1u << T_SAMPLE_LOCATIONS) | \
    (1u << T_LOCATIONS) | (1u << T_FUNCTIONS))

static inline void
row_begin(struct output *o, enum table_id t)
{
	out_str(o, schema_name(t));
}

static inline void
row_int(struct output *o, int64_t v)
{
	out_char(o, '\t');
	out_i64(o, v);
}

static inline void
row_u64(struct output *o, uint64_t v)
{
	out_char(o, '\t');
	out_u64(o, v);
}

static inline void
row_hex(struct output *o, uint64_t v)
{
	out_char(o, '\t');
	out_hex(o, v);
}

static inline void
row_dbl(struct output *o, double v)
{
	out_char(o, '\t');
	out_dbl(o, v);
}

static inline void
row_str(struct output *o, const char *s, size_t n)
{
	out_char(o, '\t');
	out_escaped(o, s, n);
}

static inline void
row_cstr(struct output *o, const char *s)
{
	row_str(o, s, strlen(s));
}

static inline void
row_lgl(struct output *o, int v)
{
	out_str(o, v ? "\tTRUE" : "\tFALSE");
}

static inline void
row_na(struct output *o)
{
	out_write(o, "\tNA", 3);
}

static inline void
row_end(struct output *o)
{
	out_char(o, '\n');
}

#endif
