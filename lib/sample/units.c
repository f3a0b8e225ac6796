/* Units, as google/pprof's internal/measurement has them (the facts: its
 * names, aliases and factors; the code is this project's). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sample/units.h"

struct alias {
	const char *alias;
	int unit;		/* index into the kind's units */
};

static const struct unit time_units[] = {
	{ UNIT_TIME, 1, "ns" }, { UNIT_TIME, 1e3, "us" },
	{ UNIT_TIME, 1e6, "ms" }, { UNIT_TIME, 1e9, "s" },
	{ UNIT_TIME, 3600e9, "hrs" },
};
static const struct alias time_aliases[] = {
	{ "ns", 0 }, { "nanosecond", 0 }, { "\xce\xbcs", 1 }, { "us", 1 },
	{ "microsecond", 1 }, { "ms", 2 }, { "millisecond", 2 }, { "s", 3 },
	{ "sec", 3 }, { "second", 3 }, { "hour", 4 }, { "hr", 4 },
};
static const struct unit memory_units[] = {
	{ UNIT_MEMORY, 1, "B" }, { UNIT_MEMORY, 1024.0, "kB" },
	{ UNIT_MEMORY, 1048576.0, "MB" }, { UNIT_MEMORY, 1073741824.0, "GB" },
	{ UNIT_MEMORY, 1099511627776.0, "TB" },
	{ UNIT_MEMORY, 1125899906842624.0, "PB" },
};
static const struct alias memory_aliases[] = {
	{ "b", 0 }, { "byte", 0 }, { "kb", 1 }, { "kbyte", 1 },
	{ "kilobyte", 1 }, { "mb", 2 }, { "mbyte", 2 }, { "megabyte", 2 },
	{ "gb", 3 }, { "gbyte", 3 }, { "gigabyte", 3 }, { "tb", 4 },
	{ "tbyte", 4 }, { "terabyte", 4 }, { "pb", 5 }, { "pbyte", 5 },
	{ "petabyte", 5 },
};

int
unit_lookup(const char *name, struct unit *u)
{
	char low[32];
	size_t n = strlen(name), i;

	if (n == 0 || n >= sizeof(low))
		return -1;
	for (i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)name[i]);
	low[n] = '\0';
	if (n > 2 && low[n - 1] == 's')	/* as pprof: "bytes", "seconds" */
		low[--n] = '\0';
	for (i = 0; i < sizeof(time_aliases) / sizeof(time_aliases[0]); i++)
		if (strcmp(low, time_aliases[i].alias) == 0) {
			*u = time_units[time_aliases[i].unit];
			return 0;
		}
	for (i = 0; i < sizeof(memory_aliases) / sizeof(memory_aliases[0]);
	    i++)
		if (strcmp(low, memory_aliases[i].alias) == 0) {
			*u = memory_units[memory_aliases[i].unit];
			return 0;
		}
	return -1;
}

int
unit_scale(double v, const char *from, const char *to, double *out,
    const char **name)
{
	const struct unit *units;
	struct unit uf, ut;
	size_t n, i;
	double base, f = 0;

	if (unit_lookup(from, &uf) < 0) {
		/* a count: as it is */
		*out = v;
		*name = "";
		return strcmp(to, "auto") == 0 || strcmp(to, "minimum") == 0 ||
		    strcmp(to, from) == 0 || unit_lookup(to, &ut) < 0 ? 0 : -1;
	}
	base = v * uf.factor;
	if (strcmp(to, "auto") == 0 || strcmp(to, "minimum") == 0) {
		units = uf.kind == UNIT_TIME ? time_units : memory_units;
		n = uf.kind == UNIT_TIME ? sizeof(time_units) /
		    sizeof(time_units[0]) : sizeof(memory_units) /
		    sizeof(memory_units[0]);
		*name = uf.kind == UNIT_TIME ? "s" : "B";
		f = uf.kind == UNIT_TIME ? 1e9 : 1;
		for (i = 0; i < n; i++)
			if (fabs(base) / units[i].factor >= 1) {
				f = units[i].factor;
				*name = units[i].name;
			}
		*out = base / f;
		return 0;
	}
	if (unit_lookup(to, &ut) < 0 || ut.kind != uf.kind)
		return -1;
	*out = base / ut.factor;
	*name = ut.name;
	return 0;
}

size_t
unit_label(char *buf, size_t n, double v, const char *from, const char *to)
{
	const char *name;
	double s;
	int k;

	if (unit_scale(v, from, to, &s, &name) < 0) {
		s = v;
		name = from;
	}
	k = snprintf(buf, n, "%.2f", s);
	if (k < 0 || (size_t)k >= n)	/* cut short: as far as it went */
		k = n > 0 ? (int)n - 1 : 0;
	else if (k > 3 && strcmp(buf + k - 3, ".00") == 0)
		buf[k -= 3] = '\0';
	if (strcmp(buf, "0") == 0 || strcmp(buf, "-0") == 0)
		return (size_t)snprintf(buf, n, "0");
	return (size_t)k + (size_t)snprintf(buf + k, n - (size_t)k, "%s",
	    name);
}
