/* symbolize.h: a profile's bare addresses given names, files and lines
 * (tsvsymbolize): every location with an address and a mapping but no
 * function becomes the frames its binary gives there, innermost first,
 * as pprof writes a symbolized Location's lines; the rest of the stream
 * is written as read. */
#ifndef SYMBOLIZE_H
#define SYMBOLIZE_H

#include "model/prof.h"
#include "symbolize/binary.h"

struct symbolize_opts {
	struct binary_search search;
	/* the kernel's symbols for perf's [kernel.kallsyms] frames (NULL:
	 * left as they are): /proc/kallsyms only for a profile taken on
	 * this machine since it booted */
	const char *kallsyms;
};

struct symbolizer;

struct symbolizer *symbolizer_new(struct output *o,
    const struct symbolize_opts *opts, struct perr *e);
void symbolizer_free(struct symbolizer *z);
/* The assembler's callbacks (assemble.h). */
int symbolizer_sample(void *z, struct prof *p, const struct sample *s,
    struct perr *e);
int symbolizer_restart(void *z, struct perr *e);
/* After the last sample: 0, or -1 with e set. */
int symbolizer_end(struct symbolizer *z, const struct prof *p,
    struct perr *e);

/* What was left as it was, a mapping at a time (i from 0): its file and
 * how many of its locations, why (no file, another build ID, no symbol
 * at them); NULL past the last. */
const char *symbolizer_left(const struct symbolizer *z, size_t i,
    uint64_t *count, const char **why);

#endif
