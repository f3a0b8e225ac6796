/* sql_read_impl.h: what the reading of a profile database shares: the
 * selection (sql_select.c: which sources and samples), the writing of
 * the stream (sql_read.c) and their plain steps (sql_rd.c). */
#ifndef SQL_READ_IMPL_H
#define SQL_READ_IMPL_H

#include "base/hash.h"
#include "formats/sql/sql_impl.h"
#include "formats/sql/sql_read.h"
#include "formats/sql/sql_sources.h"
#include "stream/stream_write.h"

struct stack {
	size_t off;		/* in frames */
	uint32_t n;
};

struct rd {
	struct sql_conn *c;
	const struct sql_select *sel;
	struct perr *e;
	struct sql_sources src;		/* the database's, whole */
	int whole;			/* nothing selected */
	int sample_filter;		/* by time or label */
	char *from;			/* FROM ... WHERE ...: the samples */
	struct sql_params from_pa;	/* the values its $k name */
	uint64_t lo, hi;		/* their least and greatest ids */
	uint64_t nsamples;
	struct u64map stack_ix;		/* stack id -> index in stacks */
	struct stack *stacks;
	size_t nstacks, capstacks;
	uint32_t *frames;		/* database location ids */
	size_t nframes, capframes;
	/* database id -> the stream's (0 while used but not numbered) */
	struct u64map loc, fn, map;
	uint32_t nloc, nfn, nmap;
	struct sw_location *locs;	/* the locations used, database ids */
	size_t nlocs, caplocs;
	int loc_ext;
	int row_order;			/* PostgreSQL's tables number rows */
	int packed;			/* a sample's values in its row */
	struct u64map kind_ix;		/* kind id -> index in kinds */
	struct stack *kinds;		/* its value types in vtypes */
	size_t nkinds, capkinds;
	uint32_t *vtypes;		/* the stream's value type ids */
	size_t nvtypes, capvtypes;
	struct stream_writer w;
};

/* SQL being made: its text and the values it names ($1 ...), or oom
 * once memory ran out. */
struct sb {
	char *p;
	size_t n, cap;
	int oom;
	struct sql_params pa;
};

/* sql_rd.c: SQL made (sqlprintf: malloc'ed, NULL when out of memory;
 * sbf onto b, sb_take its text, its values left in b->pa), a value as
 * the next parameter (param: never quoted into the text), the schema's
 * columns; a query run (the SQL freed; run_p with its values), its rows
 * (their bytes counted as input) and cells; the source of a database
 * id; a location id marked used. */
char *rd_sqlprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rd_sbf(struct sb *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
char *rd_sb_take(struct sb *b);
void rd_param(struct sb *b, const char *s, size_t n);
void rd_columns(struct sb *f, enum table_id t, const char *prefix);
const char *rd_added(const struct rd *r);
struct sql_rows *rd_run(struct rd *r, char *sql);
struct sql_rows *rd_run_p(struct rd *r, char *sql,
    const struct sql_params *pa);
int rd_next(struct rd *r, struct sql_rows *q, int ncols);
int64_t rd_i64(struct rd *r, struct sql_rows *q, int i);
int rd_lgl(struct rd *r, struct sql_rows *q, int i);
struct text rd_chr(struct rd *r, struct sql_rows *q, int i);
struct sql_source *rd_src_of(struct rd *r, int64_t id);
int rd_use(struct u64map *m, int64_t id);

/* sql_select.c, in this order: the database is tsv2sql's, of this
 * layout; the sources selected; r->from, the samples selected; their
 * sources, id range and stacks gathered. 0, or -1 with r->e set. */
int rd_check_layout(struct rd *r);
int rd_select_sources(struct rd *r);
int rd_samples_from(struct rd *r);
int rd_gather(struct rd *r);

#endif
