/*
 * Figures as a report shows them (figure.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "sample/figure.h"
#include "sample/units.h"

/* A figure as the choice shows it: as summed, converted (to c->show;
 * SHOW_MIN: two decimals, as pprof's), or pprof's label; seconds rounded
 * as summaryRprof rounds them. */
const char *
figure_min_text(const struct measure_choice *c, struct num v, char *buf,
    size_t size)
{
	const char *name;
	double x;
	int k;

	unit_scale(v.d, c->unit, c->show, &x, &name);
	k = snprintf(buf, size, "%.2f", x);
	if (k > 3 && (size_t)k < size && strcmp(buf + k - 3, ".00") == 0)
		buf[k - 3] = '\0';
	return strcmp(buf, "-0") == 0 ? "0" : buf;
}

void
figure_write(struct output *o, const struct measure_choice *c, struct num v)
{
	char buf[512];		/* "%.2f" of 1e308 takes 312 */
	const char *name;
	double x, r;

	switch (c->how) {
	case SHOW_RAW:
		out_num(o, v);
		return;
	case SHOW_AUTO:
		unit_label(buf, sizeof(buf), v.d, c->unit, "auto");
		out_str(o, buf);
		return;
	case SHOW_MIN:
		out_str(o, figure_min_text(c, v, buf, sizeof(buf)));
		return;
	case SHOW_UNIT:
		unit_scale(v.d, c->unit, c->show, &x, &name);
		if (c->rdigits >= 0) {
			r = pow(10, c->rdigits);
			x = nearbyint(x * r) / r;
		}
		out_dbl(o, x);
		return;
	}
}

/* A share, as pprof's: of its size (a diff's losses too) */
void
share_write(struct output *o, double v, double sum)
{
	char *p = out_reserve(o, FMT_NUM_MAX);

	o->len += fmt_fixed2(p, sum != 0 ? fabs(v / sum) * 100 : 0.0);
}

const char *
figure_min_unit(const struct measure_choice *c, double lo, double total)
{
	const char *umin, *umax;
	double x;

	if (lo == 0)
		lo = fabs(total);
	unit_scale(lo, c->unit, "minimum", &x, &umin);
	unit_scale(fabs(total), c->unit, "minimum", &x, &umax);
	if (strcmp(umin, umax) != 0 && lo * 100 < fabs(total))
		unit_scale(100 * lo, c->unit, "minimum", &x, &umin);
	return *umin != '\0' ? umin : c->unit;
}

void
figure_percentage(struct output *o, double v, double total, int trim)
{
	char buf[64], *p = buf;
	double r = total != 0 ? fabs(v / total) * 100 : 0;

	if (r >= 99.95 && r <= 100.05)
		snprintf(buf, sizeof(buf), "  100%%");
	else if (r >= 1.0)
		snprintf(buf, sizeof(buf), "%5.2f%%", r);
	else
		snprintf(buf, sizeof(buf), "%5.2g%%", r);
	while (trim && *p == ' ')
		p++;
	out_str(o, p);
}
