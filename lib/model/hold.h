/* hold.h: whether a writer's 64-bit integers hold a sample's values (pprof
 * and OTLP have nothing else): the one check, and its words, for every
 * such writer. A value is never saturated: INT64_MAX in place of 1e308
 * would be a wrong profile, not a refused one. */
#ifndef HOLD_H
#define HOLD_H

#include <stdint.h>

#include "base/perr.h"
#include "model/prof.h"

/* v as a 64-bit integer (rounded): 0, or -1 when it has none (not
 * finite, or past 2^63). */
int hold_i64(struct num v, int64_t *out);

/* The value i of sample s as format's 64-bit integer: 0, or -1 with e
 * saying which sample, type and value. */
int hold_value(const struct prof *p, const struct sample *s, size_t i,
    const char *format, int64_t *out, struct perr *e);

/* -1 with e saying that s's value of type, added to those of its stack,
 * passes format's 64-bit integers (hint, if not NULL, says how else). */
int hold_sum_refused(const struct prof *p, const struct sample *s,
    uint32_t type, const char *format, const char *hint, struct perr *e);

#endif
