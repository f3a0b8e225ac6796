/* combine.h: several streams into one, ids remapped, equal functions,
 * locations and mappings merged, every sample keeping its source. */
#ifndef COMBINE_H
#define COMBINE_H

#include "io/twice.h"
#include "model/assemble.h"

struct combiner;

/* loc_ext: write the extension columns of locations (some input has them:
 * stream_has_loc_ext). */
struct combiner *combine_new(struct output *o, int loc_ext, struct perr *e);
/* Appends the stream at path (and shown, as input_open) to the output. */
int combine_add(struct combiner *c, const char *path, const char *shown,
    struct perr *e);
void combine_free(struct combiner *c);

/* The n inputs (as input_ref made them, TWICE_WHOLE: each is read twice,
 * its headers first) combined into o. */
int combine_inputs(struct output *o, size_t n, const struct input_ref *in,
    struct perr *e);
/* ... and the number of sources of the first into *first (they are the
 * output's sources 1..*first). */
int combine_inputs_counted(struct output *o, size_t n,
    const struct input_ref *in, uint32_t *first, struct perr *e);

/* ... as a page sends them, saying nothing of where they were made: each
 * source's URI its base name, each function's file name trimmed of the
 * prefixes of trim (':'-separated, pprof's -trim_path; NULL: none). */
int combine_inputs_sent(struct output *o, size_t n,
    const struct input_ref *in, const char *trim, struct perr *e);

#endif
