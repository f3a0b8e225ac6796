/* records.h: records of varints, written to a temporary file and read
 * back in order (tsv2pprof -n's samples; the samples a reader has handed
 * over from a pipe, in case it must hand them over again). On the file a
 * record is its length, then its bytes (varint.h). */
#ifndef RECORDS_H
#define RECORDS_H

#include <stddef.h>
#include <stdint.h>

#include "base/varint.h"

/* Reading a file of records back: a buffer that grows to the longest. */
struct rec_reader {
	int fd;
	uint8_t *buf;
	size_t pos, len, cap;
	int err;		/* errno; EIO when the file ends in a record */
};

/* Starts reading the records of fd from its beginning. */
void rec_reader_start(struct rec_reader *r, int fd);
/* The next record: 1 with its n bytes at *p (valid until the next call),
 * 0 at the end of the file, -1 with r->err set. */
int rec_next(struct rec_reader *r, const uint8_t **p, size_t *n);
void rec_reader_free(struct rec_reader *r);

#endif
