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

/* The consumer sums values (tsvtop, the flame graphs, the writers of
 * formats that hold sums). The rule of every such program: a value that
 * is not finite (Inf, -Inf) is refused, and so are values of one type
 * whose magnitudes sum past the largest double (about 1.8e308), naming the
 * sample and the type; a sum of finite values is then finite, whatever the
 * grouping, and nothing prints NaN. Programs that carry values
 * (tsvcombine, tsvfocus, tsv2sql) keep them as the stream has them. */
#define ASM_SUMS 1u
/* Another format than the stream is not an error: assemble_file returns
 * ASM_FOREIGN with r open, for door/ to read it. */
#define ASM_ANY 2u

/* The consumer, and what the assembler is given and tells of the input. */
struct asm_io {
	sample_fn emit;
	/* forgets what emit built, when every sample is to be handed over
	 * again */
	int (*restart)(void *ctx, struct perr *e);
	void *ctx;
	unsigned flags;	/* ASM_SUMS */
	int log_fd;	/* an empty temporary file, or -1 (see assemble) */
	int buffered;	/* told: the stream was out of order (samples held) */
};

/*
 * Reads the stream of r into p and hands each complete sample to io->emit,
 * in ascending sample_id order. ASM_STREAM holds one sample at a time
 * while the stream is in define-before-use order; at its first row out of
 * order it holds every sample from there on (as ASM_BUFFER does from the
 * start) and hands them over at the end. A row for a sample handed over
 * already is late: with log_fd, where each sample handed over is kept,
 * restart is called and all samples are handed over again; without it,
 * assemble stops with ASM_UNORDERED, for the caller to read the input
 * again in ASM_BUFFER mode.
 */
#define ASM_UNORDERED (-2)
/* The input is another format (r->foreign says which: stream/sniff.h),
 * when r->foreign_ok; r is left open, its input unread, for door/. */
#define ASM_FOREIGN (-3)
int assemble(struct stream_reader *r, struct prof *p, int mode,
    struct asm_io *io, struct perr *e);

/* The same, row by row, for rows that come from elsewhere than r's input
 * (a converter's, stream_write.h): asm_open, then asm_take for each row
 * put in r->row (0, or -1 with e set, or ASM_UNORDERED as above), then
 * asm_close with the last result, which ends and frees (its result: 0,
 * or -1 with e set). r gives the rows, their tables' headers, and the
 * name messages give. */
struct assembler;
struct assembler *asm_open(struct stream_reader *r, struct prof *p,
    int mode, struct asm_io *io, struct perr *e);
int asm_take(struct assembler *a);
/* A sample_locations row of the sample being read, given by its cells
 * rather than in r->row: 1 taken, 0 when it must come as a row (another
 * sample's, or a location not yet defined), -1 with e set. */
int asm_frame(struct assembler *a, uint32_t sample, uint32_t depth,
    uint32_t location);
int asm_close(struct assembler *a, int rc);

/* assemble over the stream at path (shown: its name in messages, as
 * input_open), with restart as above and flags (ASM_SUMS). A file is read again when a row is
 * late; a pipe (standard input or a named one) cannot be, so the samples
 * handed over are kept in spool, an empty temporary file (without one, a
 * late row is an error). The reader is left open for its name and counts;
 * close it with stream_close. */
int assemble_file(struct stream_reader *r, const char *path,
    const char *shown, const char *spool, struct prof *p, sample_fn emit,
    int (*restart)(void *ctx, struct perr *e), void *ctx, unsigned flags,
    struct perr *e);

#endif
