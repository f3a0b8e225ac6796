/* assemble.h: the stream's rows to whole samples, handed over in
 * ascending sample_id order with the profile model they refer to. A 1.0
 * stream is read as 2.0. */
#ifndef ASSEMBLE_H
#define ASSEMBLE_H

#include "model/prof.h"
#include "stream/stream_read.h"

/* What a consumer does with each sample: 0, or -1 with e set. The sample
 * is valid during the call only; p may be added to (prof_intern: a
 * consumer's own strings), never changed. */
typedef int (*sample_fn)(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e);

enum { ASM_STREAM, ASM_BUFFER };

/* Reads the stream of r into p and hands each complete sample to emit.
 * ASM_STREAM needs define-before-use order and holds one sample at a time;
 * when the stream is not in that order it stops with ASM_UNORDERED.
 * ASM_BUFFER accepts any order and holds every sample until the end. */
#define ASM_UNORDERED (-2)
int assemble(struct stream_reader *r, struct prof *p, int mode,
    sample_fn emit, void *ctx, struct perr *e);

/* assemble over the stream at path (shown: its name in messages, as
 * input_open): streaming, and when the stream is not in define-before-use
 * order, again from the start in buffering mode after calling restart
 * (which resets what emit built). Standard input that cannot seek (a pipe)
 * is copied as it is read to spool, an empty temporary file, to be read
 * again from there; without a spool that is an error. The reader is left
 * open for its name and counts; close it with stream_close. */
int assemble_file(struct stream_reader *r, const char *path,
    const char *shown, const char *spool, struct prof *p, sample_fn emit,
    int (*restart)(void *ctx, struct perr *e), void *ctx, struct perr *e);

#endif
