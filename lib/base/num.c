/* num.c: the sum column's growth and its switch to doubles (num.h). */
#include <stdlib.h>
#include <string.h>

#include "base/num.h"

int
numcol_grow(struct numcol *c, size_t cap)
{
	union numslot *v;

	if (cap <= c->cap)
		return 0;
	if (cap > SIZE_MAX / sizeof(*v) ||
	    (v = realloc(c->v, cap * sizeof(*v))) == NULL)
		return -1;
	memset(v + c->cap, 0, (cap - c->cap) * sizeof(*v));
	c->v = v;
	c->cap = cap;
	return 0;
}

void
numcol_free(struct numcol *c)
{
	free(c->v);
	c->v = NULL;
	c->cap = 0;
}

void
numcol_to_dbl(struct numcol *c)
{
	size_t k;

	for (k = 0; k < c->cap; k++)
		c->v[k].d = (double)c->v[k].i;
	c->dbl = 1;
}
