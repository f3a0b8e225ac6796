/* twice.h: how an input that a program may read twice is read again. The
 * one place that decides it, for every program:
 *
 * - A file is opened again (standard input redirected from one is sought
 *   back to where it began).
 * - A pipe (standard input, a FIFO, <(...)) is read once. A program that
 *   reads its input in two passes (tsvcombine's headers first; tsv2sql's
 *   validation) has it copied whole into a temporary file as it is read:
 *   TWICE_WHOLE. The stream assembler needs a second reading only for a row
 *   that comes late for a sample already handed over, and then only those
 *   samples, which it records as it hands them over (model/handed.c):
 *   TWICE_LATE gives it a temporary file for that record, not a copy.
 */
#ifndef TWICE_H
#define TWICE_H

#include "base/perr.h"

enum twice { TWICE_LATE, TWICE_WHOLE };

struct input_ref {
	const char *path;	/* what to open: NULL (standard input), the
				 * file, or the copy */
	const char *shown;	/* its name in messages; NULL: path's */
	const char *record;	/* TWICE_LATE from a pipe: a temporary file
				 * for the samples handed over, else NULL */
};

/* The input at path (NULL or "-": standard input), ready to be read as how
 * says: 0, or -1 with e set. */
int input_ref(struct input_ref *r, const char *path, enum twice how,
    struct perr *e);

#endif
