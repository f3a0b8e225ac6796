/* when.h: a moment as a user types it on a command line (--from, --to),
 * as nanoseconds since 1970-01-01 UTC, the unit of .sample_times. */
#ifndef WHEN_H
#define WHEN_H

#include <stdint.h>

#include "base/perr.h"

/*
 * s as RFC 3339 (2026-11-27T14:00:00Z, a fraction of a second and an
 * offset such as +01:00 allowed; a space for the T; a date alone is its
 * midnight UTC) or as seconds since the epoch (1795788000, 1795788000.25,
 * negative allowed). 0, or -1 with e saying what was expected.
 */
int when_parse(const char *s, int64_t *ns, struct perr *e);

/* A window of time, [from, to): either end may be open. */
struct when_window {
	int64_t from, to;
	int has_from, has_to;
};

static inline int
when_window_set(const struct when_window *w)
{
	return w->has_from || w->has_to;
}

/* Whether moment t is in w. */
int when_in(const struct when_window *w, int64_t t);

/*
 * A source's span, for its samples without a time of their own: from
 * time_nanos (pprof's, exact; NULL: none) else the timestamp (seconds;
 * NaN: none), for duration_nanos (NULL: none, a moment). 1 with the span
 * in [*start, *end), 0 when the source has no time.
 */
int when_source_span(double timestamp, const int64_t *time_nanos,
    const int64_t *duration_nanos, int64_t *start, int64_t *end);
/* s, all of it, as an int64 (an attribute's text): 0, or -1. */
int when_i64(const char *s, int64_t *v);
/* Whether the span [start, end) meets w (a moment, start == end: is in
 * it). */
int when_span_meets(const struct when_window *w, int64_t start, int64_t end);

#endif
