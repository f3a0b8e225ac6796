#include <math.h>
#include <string.h>

#include "model/hold.h"

int
hold_i64(struct num v, int64_t *out)
{
	if (num_is_int(v)) {
		*out = v.i;
		return 0;
	}
	if (!(v.d >= -0x1p63 && v.d < 0x1p63))
		return -1;
	*out = llround(v.d);
	return 0;
}

int
hold_has_fraction(struct num v)
{
	return !num_is_int(v) && isfinite(v.d) && v.d != trunc(v.d);
}

int
hold_finer(const char *unit, const char **finer, int64_t *factor)
{
	static const struct { const char *unit, *finer; int64_t factor; }
	    units[] = {
		{ "seconds", "nanoseconds", 1000000000 },
		{ "milliseconds", "nanoseconds", 1000000 },
		{ "microseconds", "nanoseconds", 1000 },
		/* the finest: what is below them is rounded */
		{ "nanoseconds", "nanoseconds", 1 }, { "bytes", "bytes", 1 },
		/* pprof's memory units are of 1024 */
		{ "kilobytes", "bytes", 1 << 10 },
		{ "megabytes", "bytes", 1 << 20 },
		{ "gigabytes", "bytes", 1 << 30 },
	};
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcmp(unit, units[i].unit) == 0) {
			*finer = units[i].finer;
			*factor = units[i].factor;
			return 1;
		}
	return 0;
}

int
hold_scaled(struct num v, int64_t factor, int64_t *out)
{
	if (num_is_int(v) && !__builtin_mul_overflow(v.i, factor, out))
		return 0;
	return hold_i64(num_of_dbl(v.d * (double)factor), out);
}

int
hold_fraction_refused(const struct prof *p, const struct sample *s,
    size_t i, const char *format, struct perr *e)
{
	return perr_set(e, "sample %u: its %s value %.17g %s has a fraction, "
	    "which %s's integers would lose, and no finer unit (of time or "
	    "memory) to write it in",
	    s->id, prof_str(p, s->vals[i].type), s->vals[i].value.d,
	    prof_str(p, s->vals[i].unit), format);
}

int
hold_value(const struct prof *p, const struct sample *s, size_t i,
    const char *format, int64_t *out, struct perr *e)
{
	if (hold_i64(s->vals[i].value, out) == 0)
		return 0;
	return perr_set(e, "sample %u: its %s value %g has no %s value (a "
	    "64-bit integer)", s->id, prof_str(p, s->vals[i].type),
	    s->vals[i].value.d, format);
}

int
hold_time_unsigned(const struct sample *s, const char *format,
    struct perr *e)
{
	if (!s->has_time || s->time >= 0)
		return 0;
	return perr_set(e, "sample %u: its time %lld ns is before 1970, which "
	    "%s's times (unsigned nanoseconds since 1970) cannot hold", s->id,
	    (long long)s->time, format);
}

int
hold_sum_refused(const struct prof *p, const struct sample *s,
    uint32_t type, const char *format, const char *hint, struct perr *e)
{
	return perr_set(e, "sample %u: its %s value, added to those of the "
	    "same stack, passes %s's 64-bit integers%s%s%s", s->id,
	    prof_str(p, type), format, hint != NULL ? " (" : "",
	    hint != NULL ? hint : "", hint != NULL ? ")" : "");
}
