/* stacks.h: the distinct stacks of a profile, each a run of frame ids
 * (root first) with the value of its samples: what collapsed stacks and
 * flame graphs are made of. Memory grows with the distinct stacks' frames
 * at 4 bytes each (less than the collapsed text, which names each frame),
 * not with the samples; a tree of stack prefixes took 5 times as much. */
#ifndef STACKS_H
#define STACKS_H

#include "sample/measure.h"
#include "sample/select.h"
#include "model/assemble.h"

struct frame {
	uint32_t name;		/* in strs: as shown */
	uint32_t file;		/* in strs: the first file seen, "" if none */
	int kind;		/* FRAME_* */
	int inlined;		/* stack_opts.inlines: an inlined call's */
};

/* what a frame is, for its colour: a function; a pseudo-frame; an
 * address no symbol names; the system's own (Go's runtime, the kernel);
 * with stack_opts.labels, a sample's labels (never drawn) */
enum { FRAME_PLAIN, FRAME_SPECIAL, FRAME_NATIVE, FRAME_SYSTEM, FRAME_LABELS };

struct stacks {
	struct strtab strs;
	struct frame *frames;
	size_t nframes, capframes;
	struct strtab frame_ix;		/* name -> frame */
	/* stack i: frames seq[at[i] .. at[i + 1]), root first */
	uint32_t *seq;
	size_t nseq, capseq;
	uint32_t *at;
	size_t nstacks, capat;
	uint32_t *slot;			/* hash table: stack + 1, or 0 */
	size_t capslot;
	/* values of the samples of a stack, per column: value type t of
	 * series s (0: all, or the -d base source; 1: the others) is column
	 * 2t + s */
	struct numcol *cols;
	size_t ncols, capcol;
	struct measure m;		/* the types, measure.h */
	char *first_type;		/* namer: the first sample's type */
};

/* Frames named another way than by their function, with a root frame
 * of its own: tsv2folded --perf's, as stackcollapse-perf.pl names them
 * (formats/perf/perf_collapse.h). Names are malloc'd, the stacks' to
 * free. */
struct stack_namer {
	/* sample s's root frame: 1 with its name and the variant its
	 * locations are named in (0 or 1), 0: none, -1 out of memory */
	int (*root)(const struct stack_namer *nm, const struct prof *p,
	    const struct sample *s, char **name, size_t *len, int *variant);
	/* location li's name in variant v, or NULL out of memory */
	char *(*name)(const struct stack_namer *nm, const struct prof *p,
	    uint32_t li, int variant, size_t *len);
	unsigned flags;			/* the namer's own */
};

struct stack_opts {
	int lines;			/* frame names get ":line" */
	const struct source_set *sources;
	uint32_t base;			/* -d: this source is series 0 */
	const struct source_set *bases;	/* or these sources (NULL: none) */
	const struct stack_namer *namer;	/* NULL: by function */
	/* a labelled sample's stack ends in a FRAME_LABELS frame naming
	 * its labels (stacks_labels), so that stacks part by label set:
	 * the report's data for refining in the browser */
	int labels;
	/* a frame inlined into its caller is a frame of its own, of the
	 * same name (frame.inlined): the report's call graph marks calls
	 * into one inline, as pprof does */
	int inlines;
};

/* The assembler's callback (ctx: a struct stack_reader) and restart. */
struct stack_reader {
	struct stack_opts opts;
	struct stacks st;
	uint32_t *loc_frame;		/* prof location -> frame + 1 */
	size_t caploc;
	uint32_t *loc_frame_java;	/* namer: the same in variant 1 */
	size_t caplocj;
	uint32_t *path;			/* the current sample, root first */
	size_t cappath;
	char *lbuf;			/* its labels' frame name */
	size_t caplbuf;
};

int stacks_sample(void *r, struct prof *p, const struct sample *s,
    struct perr *e);
int stacks_restart(void *r, struct perr *e);
void stack_reader_free(struct stack_reader *r);

/* The frame of location li of p (made when new), or -1. */
int64_t stacks_frame_of(struct stack_reader *r, struct prof *p, uint32_t li);
/* The index of the stack of these frames (root first), or -1: none. */
int64_t stacks_find(const struct stacks *st, const uint32_t *path, size_t n);
/* The index of sample s's stack, read again (after stacks_new_pass):
 * -1 when it has none, -2 out of memory. */
int64_t stacks_index(struct stack_reader *r, struct prof *p,
    const struct sample *s);
/* Before reading the input again: its locations may be numbered anew
 * (the frames stay). */
void stacks_new_pass(struct stack_reader *r);

/* The value of column c of stack i (0 where nothing was added). */
static inline struct num
stacks_value(const struct stacks *st, size_t c, size_t i)
{
	return c < st->ncols ? numcol_get(&st->cols[c], i) : num_of_i64(0);
}

/* The frames of stack i, root first; *n of them. */
static inline const uint32_t *
stacks_frames(const struct stacks *st, size_t i, size_t *n)
{
	*n = st->at[i + 1] - st->at[i];
	return st->seq + st->at[i];
}

/* The labels a FRAME_LABELS frame's name (n bytes at s) holds, one at a
 * time from *at (0 first): key and value (a string; NULL for a number,
 * then *num and its unit). 1, or 0 past the last. */
int stacks_labels(const char *s, size_t n, size_t *at, struct text *key,
    struct text *str, int64_t *num, struct text *unit);

/* What scales the base series (0) of type t to the others' sum (1), as
 * difffolded -n: 1 when either sums to 0. */
double stacks_base_scale(const struct stacks *st, size_t t);

/* The name of a frame. */
static inline const char *
stacks_frame_name(const struct stacks *st, uint32_t frame, size_t *len)
{
	uint32_t k = st->frames[frame].name;

	*len = strtab_len(&st->strs, k);
	return strtab_str(&st->strs, k);
}

#endif
