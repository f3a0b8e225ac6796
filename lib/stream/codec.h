/* codec.h: one shape for every format's reader. A format's folder
 * defines its row (NAME_codec); door/ holds the table of them, so a
 * program reads every format through the same calls, and each converter
 * program is its options and one call (filters/cli.h). */
#ifndef CODEC_H
#define CODEC_H

#include <stddef.h>

#include "base/perr.h"
#include "io/input.h"
#include "io/output.h"

struct codec {
	const char *name;		/* the format: "perf script" */
	const char *program;		/* its converter: "perf2tsv" */
	unsigned long long kinds;	/* what it reads: SNIFF_BIT(k)s */
	size_t size;			/* of its reader's state */
	/* Writes the preamble to o; options: the codec's own (NULL: its
	 * defaults). 0, or -1 with e set (nothing to free then). */
	int (*begin)(void *reader, struct output *o, const void *options,
	    struct perr *e);
	/* One input, a source or more: 0, or -1 with e set. */
	int (*read)(void *reader, struct input *in, struct perr *e);
	/* What the last read left out and went on (frames cut off, lines
	 * that are no stack), as a message naming name: 1, else 0. NULL:
	 * it never leaves anything out. */
	int (*damage)(const void *reader, const char *name, char *buf,
	    size_t size);
	void (*free)(void *reader);
};

/* A reader of c, begun on o with options (NULL: its defaults): NULL with
 * e set when it cannot begin. */
void *codec_open(const struct codec *c, struct output *o,
    const void *options, struct perr *e);
/* Ends and frees a reader codec_open made; NULL is none. */
void codec_close(const struct codec *c, void *reader);

#endif
