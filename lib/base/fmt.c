/* Numbers to text: the digits of every number the programs write. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/fmt.h"

const char fmt_digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930"
    "31323334353637383940414243444546474849505152535455565758596061"
    "62636465666768697071727374757677787980818283848586878889909192"
    "93949596979899";

/* two digits per division: ids and counts fill most of a stream */
/* Decimal digits of v: from its bit length (1233 / 4096 is just over
 * log10 2), one more where it reaches the next power of 10. */
static size_t
digits(uint64_t v)
{
	static const uint64_t pow10[20] = {
		1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
		10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
		100000000000ULL, 1000000000000ULL, 10000000000000ULL,
		100000000000000ULL, 1000000000000000ULL,
		10000000000000000ULL, 100000000000000000ULL,
		1000000000000000000ULL, 10000000000000000000ULL,
	};
	size_t n = (size_t)(64 - __builtin_clzll(v | 1)) * 1233 >> 12;

	n += n < 20 && v >= pow10[n];
	return n > 0 ? n : 1;	/* 0 is a digit too */
}

/* Written in place from its last digit, two at a time: no copy of a
 * length known only at the end. */
size_t
fmt_u64_long(char *buf, uint64_t v)
{
	size_t n = digits(v);
	char *p = buf + n;

	while (v >= 100) {
		p -= 2;
		memcpy(p, fmt_digit_pairs + 2 * (v % 100), 2);
		v /= 100;
	}
	if (v >= 10) {
		p -= 2;
		memcpy(p, fmt_digit_pairs + 2 * v, 2);
	} else
		*--p = (char)('0' + v);
	return n;
}

size_t
fmt_i64(char *buf, int64_t v)
{
	if (v < 0) {
		buf[0] = '-';
		return 1 + fmt_u64(buf + 1, -(uint64_t)v);
	}
	return fmt_u64(buf, (uint64_t)v);
}

size_t
fmt_hex(char *buf, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";
	char tmp[16];
	size_t n = 0, i;

	do {
		tmp[n++] = digits[v & 15];
		v >>= 4;
	} while (v != 0);
	buf[0] = '0';
	buf[1] = 'x';
	for (i = 0; i < n; i++)
		buf[2 + i] = tmp[n - 1 - i];
	return n + 2;
}

size_t
fmt_dbl(char *buf, double v)
{
	int prec, n = 0;

	if (isnan(v))
		return (size_t)sprintf(buf, "NaN");
	if (isinf(v))
		return (size_t)sprintf(buf, v < 0 ? "-Inf" : "Inf");
	if (fabs(v) < 9007199254740992.0 && v == (double)(int64_t)v) {
		if (v == 0 && signbit(v))
			return (size_t)sprintf(buf, "-0");
		return fmt_i64(buf, (int64_t)v);
	}
	/* the shortest of %.1g .. %.17g that strtod reads back exactly.
	 * For a normal double it is %.15g when some %.Ng up to 15 reads back
	 * (%g drops the zeros, and 15 digits never stand between two doubles),
	 * so the search starts there: 3 tries, not 17 (a flame graph's
	 * coordinates). A subnormal has fewer digits: all of them are tried. */
	for (prec = fabs(v) < DBL_MIN ? 1 : 15; prec <= 17; prec++) {
		n = snprintf(buf, FMT_NUM_MAX, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return (size_t)n;
}

/* Percentages (tsvtop's rows) as printf's %.2f, which takes 100 ns. The
 * exact v * 100 and its double y differ by half an ulp of y, 6e-8 at most
 * below 1e9: unless y is that close to a half, both round to the same
 * integer, whose digits are printf's. Near a half, or from 1e9 on, printf
 * decides; from 1e20 on, %.2f would pass FMT_NUM_MAX: %.17g. */
size_t
fmt_fixed2(char *buf, double v)
{
	double y = v * 100, r = nearbyint(y);
	uint64_t u;
	size_t n = 0;

	if (!(fabs(v) < 1e20))		/* NaN too */
		return (size_t)snprintf(buf, FMT_NUM_MAX, "%.17g", v);
	if (!(fabs(y) < 1e9) || fabs(fabs(y - r) - 0.5) < 1e-6)
		return (size_t)snprintf(buf, FMT_NUM_MAX, "%.2f", v);
	if (signbit(v))
		buf[n++] = '-';		/* printf's -0.00 too */
	u = (uint64_t)fabs(r);
	n += fmt_u64(buf + n, u / 100);
	buf[n++] = '.';
	memcpy(buf + n, fmt_digit_pairs + 2 * (u % 100), 2);
	return n + 2;
}
