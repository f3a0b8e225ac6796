/* perf_collapse.h: stackcollapse-perf.pl's names for perf's frames
 * (tsv2folded --perf), as the distinct-stacks table's namer. */
#ifndef PERF_COLLAPSE_H
#define PERF_COLLAPSE_H

#include "sample/stacks.h"

/* stackcollapse-perf.pl's options */
enum {
	PERF_COLLAPSE_PID = 2, PERF_COLLAPSE_TID = 4,
	PERF_COLLAPSE_KERNEL = 8, PERF_COLLAPSE_JIT = 16,
	PERF_COLLAPSE_ADDRS = 32
};

struct stack_namer perf_collapse_namer(unsigned flags);

#endif
