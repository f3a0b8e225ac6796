/* validate.h: every rule of the stream format, checked in one pass. */
#ifndef VALIDATE_H
#define VALIDATE_H

#include "stream/stream_read.h"

/* Checks the stream r was opened on. Give r a report callback: each problem
 * goes to it (r->nerrors counts them). Returns -1 only when reading cannot
 * go on (I/O error, a stream that does not begin as one), with e set. */
int validate_stream(struct stream_reader *r, struct perr *e);

#endif
