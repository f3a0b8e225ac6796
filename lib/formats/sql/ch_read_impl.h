/* ch_read_impl.h: what the parts of ClickHouse's reader share: the
 * read (ch_read.c: definitions and samples written), what is read
 * (ch_read_select.c: the layout checked, the sources and the selection's
 * keys) and the sample blocks (ch_read_blocks.c: decoded, and the
 * selection's samples picked from them). */
#ifndef CH_READ_IMPL_H
#define CH_READ_IMPL_H

#include <stdint.h>

#include "base/hash.h"
#include "formats/sql/ch.h"
#include "formats/sql/ch_http.h"
#include "formats/sql/sql_sources.h"

/* A range of a list. */
struct span {
	size_t off;
	uint32_t n;
};

struct loc {
	uint64_t key, fn, map;	/* fn, map: 0 with *_na */
	int fn_na, map_na;
	struct sw_location l;
	struct span attrs;	/* in keys/values */
};

/* A row of sample_blocks, decoded: per sample its source, stack, kind,
 * values (ints, or text), time, labels. */
struct blk {
	uint32_t first, n;
	uint64_t *src, *stk, *knd;
	int64_t *time;
	uint8_t *timed;
	struct span *vals, *labels;	/* in ints; in the label arrays */
	size_t *vtext;			/* offset in arena, or SIZE_MAX */
	int64_t *ints;
	size_t nints, capints;
	size_t *lkey, *lstr, *lunit;	/* offsets in arena */
	int64_t *lnum;
	uint8_t *lna;
	size_t nl, capl, caplkey;
	char *arena;
	size_t narena, caparena;
	size_t cap;
};

struct chr {
	struct ch_http *h;
	const struct sql_select *sel;
	struct perr *e;
	struct sql_sources src;
	int sample_filter;
	uint64_t nsamples;
	struct u64map used;		/* stack hashes the samples use */
	struct u64map stack_ix;		/* stack hash -> index in stacks */
	struct span *stacks;
	size_t nstacks, capstacks;
	uint64_t *frames;		/* location hashes */
	size_t nframes, capframes;
	/* definitions' hashes -> the stream's ids (0: used, unnumbered) */
	struct u64map loc, fn, map;
	uint32_t nloc, nfn, nmap;
	struct loc *locs;
	size_t nlocs, caplocs;
	char **texts;			/* the locations' attributes */
	size_t ntexts, captexts;
	int loc_ext;
	struct u64map kind_ix;		/* kind hash -> index in kinds */
	struct span *kinds;		/* their types in vtypes */
	size_t nkinds, capkinds;
	uint32_t *vtypes;
	size_t nvtypes, capvtypes;
	char *blocks_sql;		/* the blocks selected */
	struct blk b;
	struct stream_writer w;
};

/* Out of memory, said; a text of the result as a C string in *buf
 * (grown); a Nullable's flag (1: NULL). 0, or -1 with r->e set. */
int chr_nomem(struct chr *r);
int chr_text(struct chr *r, char **buf, size_t *cap);
int chr_null(struct chr *r, int *null);

/* ch_read_select.c, in this order: the database's tables are tsv2sql's;
 * its sources, held; the keys of --label some sample has. */
int chr_check_layout(struct chr *r);
int chr_read_sources(struct chr *r);
int chr_check_label_keys(struct chr *r);

/* ch_read_blocks.c: the query of the blocks the selection may need
 * (r->blocks_sql); each sample of them it keeps, in order, to fn with
 * its time (summed from the block's deltas) and source; r->b freed. */
typedef int (*sample_fn_)(struct chr *r, uint32_t i, int64_t t,
    struct sql_source *sr);
int chr_blocks_sql(struct chr *r);
int chr_each_sample(struct chr *r, sample_fn_ fn);
void chr_blk_free(struct blk *b);

#endif
