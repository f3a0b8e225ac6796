/* folded.h: collapsed stacks ("root;...;leaf value", as stackcollapse-perf,
 * inferno, async-profiler, py-spy, rbspy and austin write them) to the
 * stream. */
#ifndef FOLDED_READ_H
#define FOLDED_READ_H

#include "base/hash.h"
#include "io/input.h"
#include "stream/stream_write.h"

#define SOURCE_FOLDED "folded"

struct folded_reader {
	struct stream_writer w;
	struct text type, unit;		/* -t, or NULL texts: the default */
	struct strtab funcs;		/* function key -> function id - 1 */
	struct strtab locs;		/* austin's frames, in order seen */
	uint32_t *func_loc;		/* plain frame: function id - 1 -> its
					 * location id */
	uint32_t *frame_loc;		/* austin's frame k -> location id */
	size_t capfunc_loc, capframe_loc, nframes;
	uint32_t nfuncs, nlocs, nsources, nsamples, nsamples_file;
	struct stream_id *stack;	/* of the current line, leaf first */
	size_t capstack;
	int skip_invalid;		/* leave out lines that do not parse */
	int lines;			/* Pyroscope's lines: a stack a line,
					 * no value (one sample each) */
	uint64_t skipped;		/* ... of the current input */
	long first_skipped;		/* its line number */
};

/* Writes the preamble. type/unit: what the values are; empty texts for
 * the default (austin's mode where its header says, else samples/count).
 * skip_invalid: lines that do not parse are counted, not an error. */
int folded_begin(struct folded_reader *c, struct output *o, struct text type,
    struct text unit, int skip_invalid, struct perr *e);
/* One input: a source, and a sample per line and value (a line of the
 * two-value, differential form gives a sample to each of two sources);
 * "# key: value" lines become source attributes. c->skipped says how many
 * lines were left out. */
int folded_read(struct folded_reader *c, struct input *in, struct perr *e);
void folded_free(struct folded_reader *c);

#endif
