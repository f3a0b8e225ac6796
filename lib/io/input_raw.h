/* input_raw.h: below input.c and its decoders (decompress.h): an input's
 * raw bytes, and the bounds on what its decompressed bytes may come to
 * (-Z's, or INPUT_RATIO times the compressed bytes). */
#ifndef INPUT_RAW_H
#define INPUT_RAW_H

#include "io/input.h"

#define INPUT_CHUNK (256u << 10)

/* read(2) of up to n bytes at p: bytes read, 0 at the end, -1. */
long input_read_some(struct input *in, void *p, size_t n, struct perr *e);
/* More raw bytes after those not yet used (moved to the front): 0, -1. */
int input_read_raw(struct input *in, struct perr *e);
/* The raw bytes not yet used. */
size_t input_raw_left(const struct input *in);
/* A warning, to input_set_warn's function. */
void input_warning(const char *msg);
/* What in's decompressed bytes may come to: of a file, by its size; of a
 * pipe, by what was read of it. */
uint64_t input_bound_of(const struct input *in);
/* The message of in's decompressed bytes past bound: -1. */
int input_past_limit(const struct input *in, uint64_t bound, struct perr *e);
/* The message of a zstd message of n bytes past limit: -1. */
int input_past_bound(const char *name, uint64_t limit, size_t n,
    struct perr *e);

#endif
