/* spool.h: numbers written to a temporary file as they come and read back
 * in order, for a reader whose input gives, one after another, arrays it
 * must pair (a .cpuprofile's samples and their time deltas): memory stays
 * what is held, not what the file has. */
#ifndef SPOOL_H
#define SPOOL_H

#include <stdint.h>

#include "io/output.h"

struct spool {
	int fd;
	struct output o;
	uint64_t n;		/* numbers put */
	unsigned char *buf;	/* reading: bytes read, not yet taken */
	size_t pos, len;
	uint64_t end_off;	/* the file's offset of buf + len */
	int reading, eof;
};

/* An empty spool (a temporary file gone when closed): 0, or -1. */
int spool_open(struct spool *s, struct perr *e);
void spool_put(struct spool *s, uint64_t v);
/* From writing to reading, from the first number: 0, or -1 with e set
 * (a write that failed). */
int spool_rewind(struct spool *s, struct perr *e);
/* Writing: where the next number goes (for spool_seek). */
uint64_t spool_tell(const struct spool *s);
/* Reading: from the number put at off (spool_tell's), again; within what
 * was read last, without a system call (a trace's runs of numbers lie
 * close together). */
int spool_seek(struct spool *s, uint64_t off, struct perr *e);
/* The next number: 1, 0 at the end, -1 with e set. */
int spool_get(struct spool *s, uint64_t *v, struct perr *e);
void spool_close(struct spool *s);

#endif
