#include <math.h>

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
hold_sum_refused(const struct prof *p, const struct sample *s,
    uint32_t type, const char *format, const char *hint, struct perr *e)
{
	return perr_set(e, "sample %u: its %s value, added to those of the "
	    "same stack, passes %s's 64-bit integers%s%s%s", s->id,
	    prof_str(p, type), format, hint != NULL ? " (" : "",
	    hint != NULL ? hint : "", hint != NULL ? ")" : "");
}
