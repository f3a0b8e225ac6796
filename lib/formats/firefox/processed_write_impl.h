/* processed_write_impl.h: the processed format's writer
 * (processed_write.c: the samples spooled, the file), its tables
 * (processed_tables.c: frames, stacks, functions, sources, libraries,
 * made from the samples read back) and their JSON (processed_json.c). */
#ifndef PROCESSED_WRITE_IMPL_H
#define PROCESSED_WRITE_IMPL_H

#include "base/hash.h"
#include "io/output.h"
#include "io/spool.h"
#include "model/prof.h"
#include "sample/measure.h"

struct fsrc {
	uint64_t off, n;	/* its first sample in the spool; how many */
	int seen, timed;	/* every one has a time */
};

struct firefox_writer {
	const char *want;
	struct measure m;
	struct spool sp;
	struct fsrc *src;
	size_t capsrc;
	uint32_t cur;
	int interleaved;
	uint32_t *locs;		/* a sample's locations, read back */
	size_t caplocs;
	/* the tables */
	struct u64map frame_of, stack_of, func_of, lib_of, file_of, cat_of;
	struct strtab strs;
	uint32_t *fr_loc, *fr_func, *fr_cat;
	unsigned char *fr_depth;
	size_t nfr, capfr, capfr2, capfr3, capfr4;
	uint32_t *st_frame, *st_prefix;	/* prefix UINT32_MAX: a root */
	size_t nst, capst, capst2;
	uint32_t *fn_name, *fn_file, *fn_lib;	/* file, lib: UINT32_MAX none */
	int64_t *fn_line;
	size_t nfn, capfn, capfn2, capfn3, capfn4;
	uint32_t *lib_map, *file_str, *cat_str;
	size_t nlib, caplib, nfile, capfile, ncat, capcat;
	int64_t start_ns;
	int any_time;
};

void pw_tables_free(struct firefox_writer *w);
/* String s of the shared stringArray: its index, or -1. */
int64_t pw_str(struct firefox_writer *w, const char *s, size_t n);
/* The base name of a path. */
const char *pw_base_name(const char *s);
/* The stack of the sample whose locations are w->locs[0..n) (leaf
 * first): its index + 1 (0: none), its frames and stacks made when new
 * (make), else looked up. -1 when out of memory. */
int64_t pw_stack(struct firefox_writer *w, const struct prof *p, size_t n,
    int make);

void pw_json_str(struct output *o, const char *s);
/* The file's meta, its libraries and pages, its shared tables. */
void pw_write_meta(struct firefox_writer *w, const struct measure_choice *c,
    struct output *o);
void pw_write_libs(struct firefox_writer *w, const struct prof *p,
    struct output *o);
void pw_write_shared(struct firefox_writer *w, const struct prof *p,
    struct output *o);

#endif
