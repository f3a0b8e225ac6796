/* folded.h: collapsed stacks ("root;...;leaf value", as stackcollapse-perf,
 * inferno, async-profiler, py-spy and rbspy write them) to the stream. */
#ifndef FOLDED_READ_H
#define FOLDED_READ_H

#include "base/hash.h"
#include "io/input.h"
#include "stream/stream_write.h"

#define SOURCE_FOLDED "folded"

struct folded_reader {
	struct stream_writer w;
	uint32_t value_type;		/* the writer's handle */
	struct strtab funcs;		/* frame name -> function id - 1 */
	size_t nfuncs_written;
	uint32_t nsources, nsamples;
	struct stream_id *stack;	/* of the current line, leaf first */
	size_t capstack;
};

/* Writes the preamble; every value is of type (type, unit). */
int folded_begin(struct folded_reader *c, struct output *o, struct text type,
    struct text unit, struct perr *e);
/* One input: a source, and a sample per line and value (a line of the
 * two-value, differential form gives a sample to each of two sources). */
int folded_read(struct folded_reader *c, struct input *in, struct perr *e);
void folded_free(struct folded_reader *c);

#endif
