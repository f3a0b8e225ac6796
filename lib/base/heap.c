/*
 * Why: on the virtual machine this suite is measured on, a page touched for
 * the first time costs about 13 microseconds (a fault the hypervisor sees;
 * a fraction of one on bare metal). Reading large.cpu's 20 MB stream,
 * tsvtop touched 2,600 pages: a third of its time. In transparent huge
 * pages a fault brings 2 MB; it then touched 490.
 */
#include <sys/mman.h>

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "base/heap.h"

/* Virtual: a page counts when touched. Larger steps cost resident memory
 * (a huge page is whole as soon as one byte of it is used): tsv2pprof's
 * peak on the renamed copies was 113 MB with 16, 117 with 32, 123 with
 * 64. */
#define HEAP_STEP (16 << 20)
/* The heap's first growth, all of it advised for huge pages, and blocks
 * up to HEAP_MMAP_THRESHOLD from the heap: a block glibc would map on its
 * own (above its dynamic threshold, 128 KB at first) is a fresh 4 KB
 * page at every touch, and the heap's later steps are not advised.
 * Measured on large.cpu's stream against the 16 MB step alone: tsv2otlp
 * 85 -> 55 ms (its dictionary is built of blocks of 1-2 MB), tsvreport
 * 344 -> 225 ms. Larger, resident memory grew: with 1 GB and 32 MB,
 * tsvvalidate's peak on a 2.9 GB stream was 321 MB, not 233; with these
 * 270 MB. */
#define HEAP_RESERVE ((size_t)64 << 20)
#define HEAP_MMAP_THRESHOLD (4 << 20)

void
heap_advise_huge(void *p, size_t len)
{
#ifdef MADV_HUGEPAGE
	const uintptr_t huge = (uintptr_t)2 << 20;
	uintptr_t from = ((uintptr_t)p + huge - 1) & ~(huge - 1);
	uintptr_t to = ((uintptr_t)p + len) & ~(huge - 1);

	if (p != NULL && to > from)
		(void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
	(void)p;
	(void)len;
#endif
}

void
heap_prefer_huge_pages(void)
{
#if defined(__GLIBC__) && defined(M_TOP_PAD) && defined(MADV_HUGEPAGE)
	void *volatile a, *volatile b;	/* not optimised away */
	char *lo, *hi;

	/* the heap first grows by the reserve, kept when blocks are freed
	 * (not trimmed), then HEAP_STEP more than it needs at a time; blocks
	 * up to the threshold come from it */
	if (mallopt(M_TOP_PAD, (int)HEAP_RESERVE) == 0 ||
	    mallopt(M_TRIM_THRESHOLD, (int)HEAP_RESERVE) == 0 ||
	    mallopt(M_MMAP_THRESHOLD, HEAP_MMAP_THRESHOLD) == 0)
		return;
	lo = sbrk(0);
	/* two blocks under the mmap threshold: the second, at the latest,
	 * grows the heap (where the system will not lend that much
	 * address space, by less, or not at all) */
	a = malloc(100 << 10);
	b = malloc(100 << 10);
	hi = sbrk(0);
	free(b);
	free(a);
	mallopt(M_TOP_PAD, HEAP_STEP);
	if (lo != (char *)-1 && hi != (char *)-1 && hi > lo)
		heap_advise_huge(lo, (size_t)(hi - lo));
#endif
}
