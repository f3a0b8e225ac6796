#include <stdlib.h>

#include "array.h"

int
array_grow(void **arr, size_t *cap, size_t need, size_t size)
{
	size_t nc = *cap ? *cap : 16;
	void *na;

	if (need <= *cap)
		return 0;
	while (nc < need)
		nc *= 2;
	if ((na = realloc(*arr, nc * size)) == NULL)
		return -1;
	*arr = na;
	*cap = nc;
	return 0;
}
