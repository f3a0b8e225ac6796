/* processed.h: the Firefox Profiler's processed format (what
 * profiler.firefox.com saves and uploads, samply and CPython's sampler
 * write): its tables as processed_read.c gathers them from the JSON and
 * processed_thread.c writes each thread of. Versions 41 to 70: the
 * tables in each thread (to 59) or shared by all (60 on), the strings in
 * each thread (to 55) or shared (56 on). */
#ifndef PROCESSED_H
#define PROCESSED_H

#include <stdint.h>

#include "formats/firefox/firefox_impl.h"
#include "io/spool.h"

/* The versions read: older ones the profiler's site upgrades on open. */
#define PROCESSED_MIN 41
#define PROCESSED_MAX 70

/* How far into a profile its meta's preprocessedProfileVersion is
 * looked for. */
#define PROCESSED_PEEK (256 << 10)

/* A cell of none (JSON's null) */
#define PNULL INT64_MIN

/* The columns read, of every table. */
enum pcol {
	PC_STACK_FRAME, PC_STACK_PREFIX, PC_STACK_PREFIX_OFFSET,
	PC_FRAME_FUNC, PC_FRAME_ADDRESS, PC_FRAME_INLINE_DEPTH,
	PC_FRAME_CATEGORY, PC_FRAME_LINE, PC_FRAME_COLUMN,
	PC_FRAME_IMPLEMENTATION, PC_FRAME_LIB,
	PC_FUNC_NAME, PC_FUNC_RESOURCE, PC_FUNC_FILE_NAME, PC_FUNC_SOURCE,
	PC_FUNC_LINE, PC_FUNC_COLUMN,
	PC_RES_LIB,
	PC_SRC_FILENAME,
	PC_COUNT
};
enum ptable { PT_STACK, PT_FRAME, PT_FUNC, PT_RES, PT_SRC, PT_COUNT };

struct pcolumn {
	int64_t *v;
	size_t n, cap;
	int present;
};

/* A set of tables (a thread's, or the profile's shared ones) and its
 * strings. */
struct ptables {
	struct pcolumn col[PC_COUNT];
	int has[PT_COUNT];	/* the table was there */
	int has_strings;
	struct fstrings strs;	/* stringArray */
};

/* A thread, read, its samples' columns in the reader's spools (each run
 * after the previous thread's), written when the profile ends. */
struct pthread {
	struct fthread h;
	int deltas;			/* timeDeltas, not time */
	uint64_t nstack, ntime, nweight;	/* each column's values */
	struct ptables *own;	/* its own tables (to 59), or NULL */
};

struct pprof {
	int version;
	struct gprof meta;	/* startTime, interval, categories, libs */
	struct ptables shared;
	struct pthread *threads;
	size_t nthreads, capthreads;
	/* the samples' columns: stack (+1, 0: none), time and weight (a
	 * double's bits), every thread's in turn */
	struct spool stacks, times, weights;
};

/* Reads in, a processed profile, into c's stream: 0, or -1 with e set
 * (its place in the input not yet named). */
int processed_read(struct firefox_reader *c, struct input *in,
    struct perr *e);
void ptables_free(struct ptables *t);
int ptables_string(struct ptables *t, const char *s, size_t n,
    struct perr *e);
int pcolumn_put(struct pcolumn *c, int64_t v, struct perr *e);
/* Every thread of p, written in the order read: a source each with its
 * samples, their times on Unix time. 0, or -1 with e set. */
int processed_write(struct firefox_reader *c, struct pprof *p,
    const char *uri, struct perr *e);
void processed_free(struct pprof *p);

#endif
