/* folded.h: collapsed stacks ("root;...;leaf value"), the exchange
 * format of flame graph tools, written from a stack tree. */
#ifndef FOLDED_WRITE_H
#define FOLDED_WRITE_H

#include "sample/stacks.h"

/* Writes a line per distinct stack with a value of type want (NULL: the
 * default rule), identical stacks summed, lines in byte order. In a frame
 * name ';' becomes ':' and CR or LF a space. The values are as summed
 * (measure.h's raw sums: a count of samples stays a count). diff: two
 * values per line, the base series and the other (FlameGraph's difffolded
 * form); normalize: the base's scaled to the others' sum and truncated, as
 * difffolded -n does. Samples without frames have no line. */
int folded_write(const struct stacks *st, const struct prof *p,
    struct output *o, const char *want, int diff, int normalize,
    struct perr *e);

#endif
