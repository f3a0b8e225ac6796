/* combine.h: several streams into one, ids remapped, equal functions,
 * locations and mappings merged, every sample keeping its source. */
#ifndef COMBINE_H
#define COMBINE_H

#include "output.h"
#include "samples.h"

struct combiner;

/* loc_ext: write the extension columns of locations (some input has them);
 * version V20, or V10 for a 1.0 stream (see combine_v1). */
struct combiner *combine_new(struct output *o, int loc_ext, struct perr *e);
/* Appends the stream at path ("-": stdin) to the output. */
int combine_add(struct combiner *c, const char *path, struct perr *e);
void combine_free(struct combiner *c);

/* Whether the stream at path declares the locations extension columns:
 * reads its header lines only. 1 yes, 0 no, -1 error. */
int stream_has_loc_ext(const char *path, struct perr *e);

#endif
