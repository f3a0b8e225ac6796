/* sniff.h: what kind of profile data a first line looks like, so that a
 * reader given the wrong kind names the program that reads it. */
#ifndef SNIFF_H
#define SNIFF_H

#include <stddef.h>

enum sniff_kind {
	SNIFF_UNKNOWN,
	SNIFF_STREAM,		/* #meta key value */
	SNIFF_RPROF,		/* an Rprof header */
	SNIFF_PPROF,		/* binary, as profile.proto begins */
	SNIFF_PPROF_TEXT,	/* a legacy text profile pprof reads */
	SNIFF_FOLDED,		/* a;b;c 12 */
	SNIFF_BINARY,		/* other binary data */
};

/* The kind of data whose first line (len bytes, maybe binary) is line. */
enum sniff_kind sniff(const char *line, size_t len);
/* What the data is, and the program that reads it: "a pprof profile
 * (use pprof2tsv)" and the like; NULL for SNIFF_UNKNOWN. */
const char *sniff_advice(enum sniff_kind k);

#endif
