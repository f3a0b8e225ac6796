/* stream_read.h: reading the tab-separated profile stream, row by row,
 * each field parsed by the schema's type of its column. */
#ifndef STREAM_READ_H
#define STREAM_READ_H

#include <stdint.h>

#include "base/hash.h"
#include "base/num.h"
#include "stream/fields.h"
#include "io/input.h"
#include "stream/schema.h"

union cell {
	int64_t i;		/* int, i64, lgl (0/1) */
	uint64_t u;		/* hex */
	struct num n;		/* dbl: an integer's text exactly */
	struct {
		const char *p;
		size_t n;
	} s;			/* chr: unescaped, NUL-terminated */
};

enum { CELL_OK, CELL_NA, CELL_BAD };

struct stream_row {
	enum table_id table;
	long line;
	union cell v[SCHEMA_MAX_COLS];		/* by schema column */
	unsigned char st[SCHEMA_MAX_COLS];	/* CELL_OK, CELL_NA, CELL_BAD */
	int has_ext;		/* the table's extension columns were present */
};

struct stream_tab {
	long header_line;	/* 0 until its header is read */
	int broken;		/* header was bad: its rows are skipped */
	int nf;			/* fields of the header after the name */
	signed char *colmap;	/* per field: schema column, or -1 */
	char **names;		/* per field: column name */
	int has_ext;
	int plain;		/* fields are the schema's columns in order */
	int ints;		/* plain, and every column an int */
	/* plain: per column, the bounds of a number's digits read as one
	 * (lo > hi: not a number) */
	uint64_t lo[SCHEMA_MAX_COLS], hi[SCHEMA_MAX_COLS];
	/* ints: the first field of the last row, its digits and the tab
	 * after them as a word (a sample's rows all begin with its id) */
	uint64_t first_word, first_mask, first_v;
	unsigned first_len;
};

#define RECENT_TABLES 3

struct stream_reader {
	struct input in;
	int version;		/* V10 or V20 once line 2 is read */
	struct stream_tab tab[T_COUNT];
	struct strtab other;	/* headers of unknown extension tables */
	struct u64map other_nf;	/* their index -> field count + 1 */
	struct stream_row row;
	struct stream_field *fields;	/* of the line, with the table name */
	size_t fcap;
	enum table_id recent[RECENT_TABLES];	/* of the last rows, latest first */
	/* Lenient mode: with report set, each problem is passed to it and
	 * reading goes on; rows with bad cells are returned (marked
	 * CELL_BAD), other bad rows are skipped. Without it the first problem
	 * is returned as an error. */
	void (*report)(void *ctx, const char *msg);
	void *ctx;
	long nerrors;
	int done;
	/* Another format at the start (stream/sniff.h): with foreign_ok,
	 * stream_next returns STREAM_FOREIGN and foreign says which, the
	 * input left as it was for its reader (door/); without, an error. */
	int foreign_ok, sniffed;
	int foreign;	/* enum sniff_kind */
};

#define STREAM_FOREIGN (-3)

/* Opens path as input_open does (shown: the name messages give it). */
int stream_open(struct stream_reader *r, const char *path, const char *shown,
    struct perr *e);
void stream_close(struct stream_reader *r);
/* 1 with the next row in r->row, 0 at the end, -1 on error
 * (STREAM_FOREIGN: see foreign_ok). */
int stream_next(struct stream_reader *r, struct perr *e);

/* Reports a problem at the current row the way the reader does; returns 0
 * in lenient mode (keep going) and -1 otherwise. col may be -1. */
/* The rule a .sample_labels row breaks (str or num, one of them), as the
 * validator and every reader say it; NULL when none. */
const char *stream_label_rule(const struct stream_row *row);
/* Neutral values of the extension columns a table's header lacks. */
void stream_neutral(struct stream_row *row);
/* The rules a row made elsewhere (stream_write.h's rows) must keep, as
 * the reader applies them to the text: 0, or what stream_problem returns
 * (cells that break one are marked CELL_BAD). */
int stream_check_row(struct stream_reader *r, struct perr *e);
int stream_problem(struct stream_reader *r, struct perr *e, long line,
    enum table_id t, int col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* The next location id of a 1.0 samples row's list at *p (ids separated
 * by ','): 1 with the id, 0 at the end of the list, -1 when the list is
 * not one, with what is wrong in *why. */
int stream_v1_next_location(const char **p, const char *end, uint32_t *id,
    const char **why);

/* Whether the stream at path declares the extension columns of
 * locations: reads its header lines only. 1 yes, 0 no, -1 error. */
int stream_has_loc_ext(const char *path, const char *shown, struct perr *e);

#endif
