/* legacy_read.h: a profile in any form google/pprof reads. */
#ifndef LEGACY_READ_H
#define LEGACY_READ_H

#include "formats/pprof/pprof.h"
#include "stream/codec.h"

/* profile.proto, else one of the older formats google/pprof reads
 * (gperftools CPU, heapz, growthz, contentionz, threadz, Go's debug=1
 * texts, Java's), as pprof_read. */
int pprof_any_read(struct pprof_reader *c, const unsigned char *data,
    size_t len, int compressed, const char *name, const char *uri,
    struct perr *e);

/* pprof_any_read of the input, read whole: a compressed file that
 * cannot begin a profile of any of these forms is refused at its first
 * bytes, not after decompressing it all. */
int pprof_any_read_input(struct pprof_reader *c, struct input *in,
    struct perr *e);

/* The reader (stream/codec.h): pprof_any_read_input per input. */
extern const struct codec pprof_codec;

#endif
