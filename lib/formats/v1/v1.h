/* v1.h: writing the legacy 1.0 format. */
#ifndef V1_H
#define V1_H

#include "io/output.h"

/* Writes the 2.0 stream at path to o as 1.0: one samples/count type, and
 * consecutive samples with the same stack as one row whose value counts
 * them. Refuses, saying why, data 1.0 cannot hold: another value type,
 * several sources, labels, locations' extension columns (addresses,
 * mappings, inlining). What 1.0 has no place for at all (the source and
 * its attributes) is left out. */
int v1_write(const char *path, struct output *o, struct perr *e);

#endif
