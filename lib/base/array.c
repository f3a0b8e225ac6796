#include <stdint.h>
#include <stdlib.h>

#include "base/array.h"

int
array_grow(void **arr, size_t *cap, size_t need, size_t size)
{
	size_t nc = *cap ? *cap : 16;
	void *na;

	if (need <= *cap)
		return 0;
	while (nc < need) {
		if (nc > SIZE_MAX / 2)
			return -1;
		nc *= 2;
	}
	/* as OpenBSD's reallocarray: nc * size must not wrap */
	if (size != 0 && nc > SIZE_MAX / size)
		return -1;
	if ((na = realloc(*arr, nc * size)) == NULL)
		return -1;
	*arr = na;
	*cap = nc;
	return 0;
}
