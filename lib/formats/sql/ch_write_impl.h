/* ch_write_impl.h: what the parts of the ClickHouse load script share:
 * the writer (ch_write.c), its texts and hashes (ch_text.c) and its
 * samples (ch_samples.c). */
#ifndef CH_WRITE_IMPL_H
#define CH_WRITE_IMPL_H

#include <stdint.h>

#include "base/hash.h"
#include "formats/sql/ch.h"

/* A growing byte string: oom once memory ran out. */
struct cbuf {
	char *p;
	size_t n, cap;
	int oom;
};

/* ch_text.c: a string appended; a number's text; a string literal as
 * ClickHouse's Values format reads it, on one line. */
void cb_put(struct cbuf *b, const void *p, size_t n);
void cb_str(struct cbuf *b, const char *s);
void cb_char(struct cbuf *b, char c);
void cb_i64(struct cbuf *b, int64_t v);
void cb_u64(struct cbuf *b, uint64_t v);
void cb_quoted(struct cbuf *b, const char *s, size_t n);
/* A row's content put in order for its hash (texts with their lengths,
 * NA marked), and the hash: SipHash-2-4, key 0. */
void hb_u64(struct cbuf *b, uint64_t v);
void hb_text(struct cbuf *b, const char *s, size_t n);
void hb_opt(struct cbuf *b, int na, uint64_t v);
uint64_t hb_hash(const struct cbuf *b);

/* The tables the script inserts into, each a line of tuples. */
struct tuples {
	struct output o;
	int fd;
	uint64_t n;
};

/* The row that rows to come may add to (a source's or location's
 * attributes, a kind's types, a sample's labels and time). */
enum pending { P_NONE, P_SOURCE, P_LOCATION, P_KIND, P_SAMPLE };

struct ch_writer {
	struct output *o;
	uint64_t made, load, ver;
	struct tuples tb[CH_TABLES];
	struct cbuf row, keys, vals, hb;
	enum pending pending;
	int pending_t;			/* its table's tuples */
	/* the stream's ids -> hashes */
	struct u64map fn, map, loc;	/* -> index in hashes */
	uint64_t *hashes;
	size_t nhashes, caphashes;
	struct u64map seen;		/* hashes written by this load */
	/* stacks and kinds, by the stager's ids (1, 2, ...) */
	uint32_t *frames;		/* the stream's location ids */
	size_t nframes, capframes;
	struct { size_t off; uint32_t n; } *stacks;
	size_t nstacks, capstacks;
	uint64_t *kinds;		/* hashes */
	size_t nkinds, capkinds;
	/* the samples, a record each */
	int sfd;
	struct output so;
	struct cbuf rec;
	uint32_t rec_labels;		/* labels in rec */
	size_t rec_nlabels_at;		/* where their count goes */
	int rec_timed;
	int64_t rec_time;
	uint64_t nsamples;
};

/* ch_text.c too: w->row as a tuple of table t; w->row begun as a row of
 * the load's ("(made,load,"); the hash of the load's source of the
 * stream's id. */
void ch_put_tuple(struct ch_writer *w, enum ch_table t);
void ch_row_of_load(struct ch_writer *w);
uint64_t ch_source_hash(struct ch_writer *w, int64_t id);

/* ch_samples.c: a sample's row of sample_stacks begins its record, its
 * labels follow, and its end (its time) writes it; the records read back
 * as sample_blocks' rows, the stager's stack n's hash hashes[stack0 + n
 * - 1]. */
void ch_sample(struct ch_writer *w, const union cell *v,
    const unsigned char *st);
void ch_sample_label(struct ch_writer *w, const union cell *v,
    const unsigned char *st);
void ch_sample_end(struct ch_writer *w);
int ch_write_blocks(struct ch_writer *w, size_t stack0, struct perr *e);

#endif
