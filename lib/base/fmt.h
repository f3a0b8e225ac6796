/* fmt.h: numbers to text, into a caller's buffer; each returns the length
 * written. FMT_NUM_MAX is enough for any of them. The mirror of num.h's
 * parsers. */
#ifndef FMT_H
#define FMT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/num.h"

#define FMT_NUM_MAX 32
extern const char fmt_digit_pairs[201];	/* "00" "01" ... "99" */
size_t fmt_u64_long(char *buf, uint64_t v);	/* any v; fmt_u64 is quicker */
size_t fmt_i64(char *buf, int64_t v);
size_t fmt_hex(char *buf, uint64_t v);	/* 0x and lowercase digits */
size_t fmt_dbl(char *buf, double v);	/* shortest text that reads back */
size_t fmt_fixed2(char *buf, double v);	/* printf's %.2f, below 1e20 */

/* inline for the numbers that fill most of a stream: depths, small ids */
static inline size_t
fmt_u64(char *buf, uint64_t v)
{
	if (v < 10) {
		buf[0] = (char)('0' + v);
		return 1;
	}
	if (v < 100) {
		memcpy(buf, fmt_digit_pairs + 2 * v, 2);
		return 2;
	}
	return fmt_u64_long(buf, v);
}

/* a value: an integer's exact digits, else as fmt_dbl */
static inline size_t
fmt_num(char *buf, struct num v)
{
	return num_is_int(v) ? fmt_i64(buf, v.i) : fmt_dbl(buf, v.d);
}

#endif
