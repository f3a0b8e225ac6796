#include <sys/mman.h>

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/array.h"
#include "base/heap.h"

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

int
array_reserve(void **arr, size_t *cap, size_t n, size_t size)
{
	if (array_grow(arr, cap, n, size) < 0)
		return -1;
#ifdef MADV_POPULATE_WRITE
	/* Faulting a page at a time costs microseconds each on a virtual
	 * machine: a third of pprof2tsv's time went to its tables. Only the
	 * whole pages inside; an error (an older kernel) changes nothing.
	 * The 2 MB pages inside in huge pages (heap.c says why): even
	 * populated, a 4 KB page costs on its first touch (pprof2tsv on the
	 * renamed copies: 0.455 -> 0.400 s). */
	if (n * size >= (size_t)1 << 16) {
		uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE);
		uintptr_t a = ((uintptr_t)*arr + pg - 1) & ~(pg - 1);
		uintptr_t b = ((uintptr_t)*arr + n * size) & ~(pg - 1);
		heap_advise_huge(*arr, n * size);
		if (b > a)
			madvise((void *)a, b - a, MADV_POPULATE_WRITE);
	}
#endif
	return 0;
}
