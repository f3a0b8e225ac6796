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

#endif
