/* diff.h: pprof's merged samples, for its diffs. pprof subtracts a base by
 * negating its values and merging it into the profile, where samples of
 * the same stack and labels are one sample: -base's total is the sum of
 * the merged samples' absolute values, and -normalize scales and rounds
 * each merged sample of the profile. Memory grows with the distinct
 * stacks (and labels), as pprof's. */
#ifndef DIFF_H
#define DIFF_H

#include "sample/measure.h"

struct diff_merge {
	struct strtab keys;		/* stack and labels -> merged sample */
	struct u64map slots;		/* sample << 32 | type -> pb index */
	double (*pb)[2];		/* the profile's sum, the base's */
	size_t npb, cappb;
	uint32_t *buf;			/* a sample's key, being made */
	size_t capbuf;
	uint32_t (*order)[3];		/* a sample's labels, sorted */
	size_t caporder;
};

/* Adds sample s's values v[0..n) to its merged sample's, the profile's
 * side or the base's. ratio (per type; NULL: none) scales the profile's:
 * a merged sample's sum times its ratio, rounded, is what pprof's
 * -normalize gives it, and v[i] becomes what s adds to that (the rise of
 * that figure), so a merged sample's raw samples together count its
 * rounded value. 0, or -1 when out of memory. */
int diff_merge_add(struct diff_merge *d, const struct sample *s,
    struct measure_value *v, size_t n, int base, const double *ratio,
    size_t nratio);
/* Sum over the merged samples of |profile - base| of what c measures,
 * the profile's sums scaled by ratio and rounded unless it is 1. */
double diff_merge_total(const struct diff_merge *d,
    const struct measure_choice *c, double ratio);
void diff_merge_free(struct diff_merge *d);

#endif
