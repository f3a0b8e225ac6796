/* handed.h: the samples a reader has handed over, kept as records in a
 * temporary file, so that it can hand them over again when a row for one
 * of them comes late in a stream read once (a pipe). A few bytes a frame,
 * where a copy of the stream took thirty. */
#ifndef HANDED_H
#define HANDED_H

#include "model/prof.h"
#include "io/output.h"

struct handed {
	struct output out;
	uint8_t *rec;		/* the record being made */
	size_t caprec;
	uint64_t n;		/* samples kept */
};

/* Keeps the samples in fd, an empty temporary file (left open). */
int handed_open(struct handed *h, int fd, struct perr *e);
void handed_close(struct handed *h);
/* Keeps s, whose samples row was at line; -1 when out of memory. A write
 * error is told by handed_replay, as it matters only then. */
int handed_put(struct handed *h, const struct sample *s, long line);
/* Each sample kept, in order, given to add with its line: made anew, its
 * arrays malloc'ed for add to own, even when add fails (its locations are
 * p's indices). 0, or -1 with e set (what add set, or a write or read
 * error, said of the input name). */
int handed_replay(struct handed *h, const char *name,
    int (*add)(void *ctx, struct sample *s, long line), void *ctx,
    struct perr *e);

#endif
