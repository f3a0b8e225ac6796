/* units.h: units of measure as google/pprof knows them (its measurement
 * package): time (ns .. hrs) and memory (B .. PB) units by their names and
 * aliases, conversion between units of one kind, and pprof's labels
 * ("1265.11s", "4.50MB") with its choice of unit. */
#ifndef UNITS_H
#define UNITS_H

#include <stddef.h>

enum unit_kind { UNIT_NONE, UNIT_TIME, UNIT_MEMORY };

struct unit {
	enum unit_kind kind;
	double factor;		/* in the kind's base: ns, bytes */
	const char *name;	/* pprof's canonical name: "ms", "MB" */
};

/* The unit of a name as pprof reads one ("nanoseconds", "ms", "bytes",
 * "kilobyte"; a trailing s dropped): 0, or -1 when it is no unit of time
 * or memory. */
int unit_lookup(const char *name, struct unit *u);

/* v in unit from, as pprof scales it to unit to: a named unit of the same
 * kind, or "auto" / "minimum" (the largest unit in which v is at least 1),
 * into *out with the unit's name in *name ("" for a count). 0, or -1 when
 * from and to are of different kinds. */
int unit_scale(double v, const char *from, const char *to, double *out,
    const char **name);

/* pprof's label of v in unit from shown in unit to: "%.2f" without a
 * trailing ".00", then the unit ("1265.11s"; "0" for zero). */
size_t unit_label(char *buf, size_t n, double v, const char *from,
    const char *to);

#endif
