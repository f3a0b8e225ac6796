/* figure.h: a report's figures: a value as a measure_choice shows it, and
 * a share as pprof's. */
#ifndef FIGURE_H
#define FIGURE_H

#include "sample/measure.h"

/* v as c shows it: as summed, converted (to c->show; SHOW_MIN: two
 * decimals, as pprof's), or pprof's label; seconds rounded as summaryRprof
 * rounds them. */
/* SHOW_MIN's figure of v (without its unit) in buf (512 bytes hold any),
 * as pprof's ScaledLabel writes it: "0" for what rounds to nothing. */
const char *figure_min_text(const struct measure_choice *c, struct num v,
    char *buf, size_t size);
void figure_write(struct output *o, const struct measure_choice *c,
    struct num v);
/* pprof's one unit for a report ("minimum"): that of the smallest value
 * lo shown, unless the total's is larger and lo is under a hundredth of
 * it, then that of a hundred times lo. */
const char *figure_min_unit(const struct measure_choice *c, double lo,
    double total);
/* pprof's measurement.Percentage of v in total: "  100%", "%5.2f%%" from
 * 1%, "%5.2g%%" under it; trim: without the leading spaces (as its
 * legends and pictures show it). */
void figure_percentage(struct output *o, double v, double total, int trim);
/* 100 v / sum with two decimals, without sign (as pprof's). */
void share_write(struct output *o, double v, double sum);

#endif
