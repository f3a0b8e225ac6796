/* labelframes.h: pprof's -tagroot and -tagleaf: a sample's label values
 * as frames at the root or the leaf of its stack (addLabelNodes), so that
 * a profile groups by label as by function. */
#ifndef LABELFRAMES_H
#define LABELFRAMES_H

#include <stdint.h>

#include "model/prof.h"

/* A frame made of labels has a location index at or past this (p's
 * locations are fewer than 2^31). */
#define LABEL_FRAME_BASE 0x80000000u

struct label_frames;

/* keys: comma-separated label keys, as pprof's options (NULL or "": none);
 * the first root key is the new root, the last leaf key the new leaf.
 * NULL when out of memory. */
struct label_frames *label_frames_new(const char *root, const char *leaf);
void label_frames_free(struct label_frames *lf);
/* Whether any key was given. */
int label_frames_any(const struct label_frames *lf);

/*
 * s's stack with its label frames, leaf first, in *locs (n of them; the
 * array is lf's, valid until the next call): for each key a frame named
 * the sample's values of it (its string labels, then its numbers as pprof
 * shows them in their unit, joined by commas; empty when it has none),
 * in the file named the key. -1 when out of memory.
 */
int label_frames_stack(struct label_frames *lf, const struct prof *p,
    const struct sample *s, const uint32_t **locs, size_t *n);
/* Frame li's (>= LABEL_FRAME_BASE) name and file (its key). */
const char *label_frame_name(const struct label_frames *lf, uint32_t li);
const char *label_frame_key(const struct label_frames *lf, uint32_t li);
/* Whether some sample had a label of a root key, of a leaf key, or none
 * was given (pprof warns "No matches for TagRoot" otherwise). */
int label_frames_root_matched(const struct label_frames *lf);
int label_frames_leaf_matched(const struct label_frames *lf);

#endif
