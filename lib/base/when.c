/* The moments --from and --to take (when.h). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/when.h"

#define NS 1000000000LL

/* Days from 1970-01-01 to y-m-d of the proleptic Gregorian calendar. */
static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* n digits at *p as a number, *p moved past them; -1 when not n digits */
static int
digits(const char **p, int n)
{
	int v = 0;

	while (n-- > 0) {
		if (!isdigit((unsigned char)**p))
			return -1;
		v = v * 10 + (*(*p)++ - '0');
	}
	return v;
}

/* A fraction of a second after its '.', as nanoseconds (digits past the
 * ninth are dropped: the stream's clock has none). */
static int
fraction(const char **p, int64_t *ns)
{
	int64_t scale = NS / 10;
	int n = 0;

	*ns = 0;
	while (isdigit((unsigned char)**p)) {
		*ns += (*(*p)++ - '0') * scale;
		scale /= 10;
		n++;
	}
	return n > 0 ? 0 : -1;
}

static int
epoch(const char *s, int64_t *ns)
{
	const char *p = s;
	int64_t sec = 0, frac = 0;
	int neg = 0, n = 0;

	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	while (isdigit((unsigned char)*p)) {
		/* past year 2262 the nanoseconds pass int64 */
		if (++n > 10)
			return -1;
		sec = sec * 10 + (*p++ - '0');
	}
	if (n == 0)
		return -1;
	if (*p == '.' && (p++, fraction(&p, &frac) < 0))
		return -1;
	if (*p != '\0')
		return -1;
	if (sec > INT64_MAX / NS - 1)
		return -1;
	*ns = neg ? -(sec * NS + frac) : sec * NS + frac;
	return 0;
}

static int
rfc3339(const char *s, int64_t *ns)
{
	const char *p = s;
	int y, mo, d, h = 0, mi = 0, sec = 0, oh, om, sign;
	int64_t frac = 0, t;
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31,
	    30, 31 };

	if ((y = digits(&p, 4)) < 0 || *p++ != '-' ||
	    (mo = digits(&p, 2)) < 1 || mo > 12 || *p++ != '-' ||
	    (d = digits(&p, 2)) < 1 || d > mdays[mo - 1])
		return -1;
	if (mo == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 ||
	    y % 400 == 0)))
		return -1;
	t = days_from_civil(y, mo, d) * 86400;
	if (*p == '\0') {
		*ns = t * NS;
		return 0;
	}
	if ((*p != 'T' && *p != 't' && *p != ' ') || (p++,
	    (h = digits(&p, 2)) < 0) || h > 23 || *p++ != ':' ||
	    (mi = digits(&p, 2)) < 0 || mi > 59 || *p++ != ':' ||
	    (sec = digits(&p, 2)) < 0 || sec > 60)
		return -1;
	if (*p == '.' && (p++, fraction(&p, &frac) < 0))
		return -1;
	if (*p == 'Z' || *p == 'z') {
		p++;
		oh = om = 0;
		sign = 1;
	} else if (*p == '+' || *p == '-') {
		sign = *p++ == '-' ? -1 : 1;
		if ((oh = digits(&p, 2)) < 0 || oh > 23 || *p++ != ':' ||
		    (om = digits(&p, 2)) < 0 || om > 59)
			return -1;
	} else
		return -1;
	if (*p != '\0')
		return -1;
	/* a leap second is the second after: the stream's clock has none */
	t += h * 3600 + mi * 60 + sec - sign * (oh * 3600 + om * 60);
	if (t > INT64_MAX / NS - 1 || t < INT64_MIN / NS + 1)
		return -1;
	*ns = t * NS + frac;
	return 0;
}

int
when_parse(const char *s, int64_t *ns, struct perr *e)
{
	if (strchr(s, '-') != NULL && strlen(s) >= 10 && s[4] == '-' ?
	    rfc3339(s, ns) == 0 : epoch(s, ns) == 0)
		return 0;
	return perr_set(e, "'%s' is not a time: give RFC 3339 "
	    "(2026-11-27T14:00:00Z, or with an offset such as +01:00) or "
	    "seconds since 1970 (1795788000)", s);
}

int
when_in(const struct when_window *w, int64_t t)
{
	return (!w->has_from || t >= w->from) && (!w->has_to || t < w->to);
}

int
when_i64(const char *s, int64_t *v)
{
	char *end;
	long long n;

	if (s == NULL)
		return -1;
	errno = 0;
	n = strtoll(s, &end, 10);
	if (end == s || *end != '\0' || errno != 0)
		return -1;
	*v = n;
	return 0;
}

int
when_source_span(double timestamp, const int64_t *time_nanos,
    const int64_t *duration_nanos, int64_t *start, int64_t *end)
{
	if (time_nanos != NULL)
		*start = *time_nanos;
	else {
		/* seconds to 2262 */
		if (!isfinite(timestamp) || fabs(timestamp) >= 9.2e9)
			return 0;
		*start = (int64_t)llround(timestamp * 1e9);
	}
	*end = *start;
	if (duration_nanos != NULL && *duration_nanos > 0 &&
	    __builtin_add_overflow(*start, *duration_nanos, end))
		*end = INT64_MAX;
	return 1;
}

int
when_span_meets(const struct when_window *w, int64_t start, int64_t end)
{
	if (end == start)
		return when_in(w, start);
	return (!w->has_from || end > w->from) && (!w->has_to ||
	    start < w->to);
}
