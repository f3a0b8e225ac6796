/* num.h: a sample value. The stream's value column is a double, but pprof's
 * values and every count are 64-bit integers, which a double holds exactly
 * only up to 2^53: a num keeps such an integer exactly beside its double,
 * so 9007199254740993 is summed and written back as itself. */
#ifndef NUM_H
#define NUM_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* i is the value when (double)i == d (an integer of at most 64 bits);
 * otherwise d is. */
struct num {
	int64_t i;
	double d;
};

static inline struct num
num_of_i64(int64_t i)
{
	return (struct num){ i, (double)i };
}

static inline struct num
num_of_dbl(double d)
{
	/* an integral double in int64's range is that integer exactly */
	if (d >= -0x1p63 && d < 0x1p63 && d == trunc(d) && !(d == 0 &&
	    signbit(d)))
		return (struct num){ (int64_t)d, d };
	return (struct num){ d == 0 ? 1 : 0, d };	/* (double)i != d */
}

static inline int
num_is_int(struct num n)
{
	return (double)n.i == n.d;
}

/* a + b: exact while both are integers and the sum fits in 64 bits */
static inline struct num
num_add(struct num a, struct num b)
{
	int64_t s;

	if (num_is_int(a) && num_is_int(b) &&
	    !__builtin_add_overflow(a.i, b.i, &s))
		return num_of_i64(s);
	return num_of_dbl(a.d + b.d);
}

/* a - b: exact as num_add */
static inline struct num
num_sub(struct num a, struct num b)
{
	int64_t d;

	if (num_is_int(a) && num_is_int(b) &&
	    !__builtin_sub_overflow(a.i, b.i, &d))
		return num_of_i64(d);
	return num_of_dbl(a.d - b.d);
}

/* a < b, exactly when both are integers */
static inline int
num_less(struct num a, struct num b)
{
	if (num_is_int(a) && num_is_int(b))
		return a.i < b.i;
	return a.d < b.d;
}

/* A column of sums (per stack, per function) in the 8 bytes a double
 * takes: 64-bit integers while every value added is one and no sum
 * overflows, then doubles from there on. Zeroed memory is zeros either
 * way. */
union numslot {
	int64_t i;
	double d;
};

struct numcol {
	union numslot *v;
	size_t cap;
	int dbl;		/* v holds doubles */
};

/* Room for cap sums, the new ones 0: 0, or -1 when out of memory. */
int numcol_grow(struct numcol *c, size_t cap);
void numcol_free(struct numcol *c);
/* The column as doubles, for a value it cannot add as an integer. */
void numcol_to_dbl(struct numcol *c);

static inline void
numcol_add(struct numcol *c, size_t k, struct num x)
{
	int64_t s;

	if (!c->dbl) {
		if (num_is_int(x) && !__builtin_add_overflow(c->v[k].i, x.i,
		    &s)) {
			c->v[k].i = s;
			return;
		}
		numcol_to_dbl(c);
	}
	c->v[k].d += x.d;
}

static inline struct num
numcol_get(const struct numcol *c, size_t k)
{
	if (k >= c->cap)
		return num_of_i64(0);
	return c->dbl ? num_of_dbl(c->v[k].d) : num_of_i64(c->v[k].i);
}

#endif
