/* speedscope_units.h: speedscope's units and the stream's value types,
 * both ways (the reader's and the writer's one table). */
#ifndef SPEEDSCOPE_UNITS_H
#define SPEEDSCOPE_UNITS_H

#include <string.h>

#include "stream/stream_write.h"

static const struct speedscope_unit {
	const char *unit;	/* speedscope's */
	const char *type, *vunit;	/* the stream's value type */
	double ns;		/* a unit of time in ns; 0: not time */
} speedscope_units[] = {
	{ "none", VALUE_SAMPLES, UNIT_COUNT, 0 },
	{ "nanoseconds", "wall", "nanoseconds", 1 },
	{ "microseconds", "wall", "microseconds", 1e3 },
	{ "milliseconds", "wall", "milliseconds", 1e6 },
	{ "seconds", "wall", "seconds", 1e9 },
	{ "bytes", "space", UNIT_BYTES, 0 },
};

/* The value type of speedscope's unit, and its ns when time: 0, or -1 for
 * a unit speedscope has not. */
static inline int
speedscope_unit_type(const char *unit, struct text *type, struct text *vunit,
    double *ns)
{
	size_t i;

	for (i = 0; i < sizeof(speedscope_units) / sizeof(speedscope_units[0]);
	    i++)
		if (strcmp(unit, speedscope_units[i].unit) == 0) {
			*type = text_of(speedscope_units[i].type);
			*vunit = text_of(speedscope_units[i].vunit);
			*ns = speedscope_units[i].ns;
			return 0;
		}
	return -1;
}

#endif
