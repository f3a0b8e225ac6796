/* stacks.h: the distinct stacks of a profile as a tree of frames (the
 * root's children are the outermost frames), with the value of the
 * samples that end at each node: what collapsed stacks and flame graphs
 * are made of. Memory grows with the distinct stack prefixes. */
#ifndef STACKS_H
#define STACKS_H

#include "analysis/measure.h"
#include "analysis/select.h"
#include "model/assemble.h"

struct frame {
	uint32_t name;		/* in strs: as shown */
	uint32_t file;		/* in strs: the first file seen, "" if none */
	int kind;		/* FRAME_* */
};

enum { FRAME_PLAIN, FRAME_SPECIAL, FRAME_NATIVE };

struct stack_node {
	uint32_t parent;	/* node 0 is the root */
	uint32_t frame;
};

struct stacks {
	struct strtab strs;
	struct frame *frames;
	size_t nframes, capframes;
	struct strtab frame_ix;		/* name -> frame */
	struct stack_node *nodes;
	size_t nnodes, capnodes;
	struct u64map child;		/* parent << 32 | frame -> node */
	/* values of the samples that end at a node, per column: value type
	 * t of series s (0: all, or the -d base source; 1: the others) is
	 * column 2t + s */
	struct numcol *cols;
	size_t ncols, capcol;
	struct measure m;		/* the types, measure.h */
};

struct stack_opts {
	int lines;			/* frame names get ":line" */
	const struct source_set *sources;
	uint32_t base;			/* -d: this source is series 0 */
};

/* The assembler's callback (ctx: a struct stack_reader) and restart. */
struct stack_reader {
	struct stack_opts opts;
	struct stacks st;
	uint32_t *loc_frame;		/* prof location -> frame + 1 */
	size_t caploc;
	uint32_t *path;			/* the current sample, root first */
	size_t cappath;
};

int stacks_sample(void *r, struct prof *p, const struct sample *s,
    struct perr *e);
int stacks_restart(void *r, struct perr *e);
void stack_reader_free(struct stack_reader *r);

/* The value of column c at node n (0 where nothing was added). */
static inline struct num
stacks_value(const struct stacks *st, size_t c, uint32_t n)
{
	return c < st->ncols ? numcol_get(&st->cols[c], n) : num_of_i64(0);
}

/* What scales the base series (0) of type t to the others' sum (1), as
 * difffolded -n: 1 when either sums to 0. */
double stacks_base_scale(const struct stacks *st, size_t t);

/* The name of a frame, of a node. */
static inline const char *
stacks_frame_name(const struct stacks *st, uint32_t frame, size_t *len)
{
	uint32_t k = st->frames[frame].name;

	*len = strtab_len(&st->strs, k);
	return strtab_str(&st->strs, k);
}

#endif
