/* folded.h: collapsed stacks ("root;...;leaf value", as stackcollapse-perf,
 * inferno, async-profiler, py-spy, rbspy and austin write them) to the
 * stream. */
#ifndef FOLDED_READ_H
#define FOLDED_READ_H

#include "base/hash.h"
#include "io/input.h"
#include "stream/codec.h"
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

/* folded2tsv's options: what the values are (type/unit; empty texts for
 * the default: austin's mode where its header says, else samples/count);
 * skip_invalid: lines that do not parse are counted, not an error;
 * lines: Pyroscope's lines format. */
struct folded_options {
	struct text type, unit;
	int skip_invalid, lines;
};

/* The reader: begin's options a struct folded_options (NULL: none); a
 * read is one input: a source, and a sample per line and value (a line
 * of the two-value, differential form gives a sample to each of two
 * sources); "# key: value" lines become source attributes. */
extern const struct codec folded_codec;

#endif
