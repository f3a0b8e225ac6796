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

/*
 * A value with a fraction is never rounded away (py-spy's seconds would
 * all be 0): a writer whose values are integers writes a type whose
 * values have fractions in the finer unit of its kind, as pprof's and
 * OTLP's users have them (nanoseconds for a time, bytes for memory),
 * scaled, and rounded there (to the nanosecond, to the byte); a unit of
 * no such kind (a count) refuses such a value.
 */
/* Whether v is not a whole number (a finite double with a fraction). */
int hold_has_fraction(struct num v);
/* The finer unit of unit's kind and how many of it make one (1e9 for
 * seconds; nanoseconds and bytes are their own, factor 1): 1, or 0 when
 * unit is of no kind that has one. */
int hold_finer(const char *unit, const char **finer, int64_t *factor);
/* v times factor as a 64-bit integer (rounded at the finer unit): 0, or
 * -1 when it has none. */
int hold_scaled(struct num v, int64_t factor, int64_t *out);
/* -1 with e saying that s's value i has a fraction that format's
 * integers lose and its unit has no finer one. */
int hold_fraction_refused(const struct prof *p, const struct sample *s,
    size_t i, const char *format, struct perr *e);

/* The value i of sample s as format's 64-bit integer: 0, or -1 with e
 * saying which sample, type and value. */
int hold_value(const struct prof *p, const struct sample *s, size_t i,
    const char *format, int64_t *out, struct perr *e);

/* The time of sample s in a format whose times are unsigned (OTLP's
 * fixed64 nanoseconds since 1970): 0, or -1 with e saying which sample
 * has a time before 1970 (a clock of its own: V8's, perf's). */
int hold_time_unsigned(const struct sample *s, const char *format,
    struct perr *e);

/* -1 with e saying that s's value of type, added to those of its stack,
 * passes format's 64-bit integers (hint, if not NULL, says how else). */
int hold_sum_refused(const struct prof *p, const struct sample *s,
    uint32_t type, const char *format, const char *hint, struct perr *e);

#endif
