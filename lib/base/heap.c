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

	/* glibc's heap then grows HEAP_STEP more than it needs, and keeps
	 * that much when it shrinks */
	if (mallopt(M_TOP_PAD, HEAP_STEP) == 0)
		return;
	lo = sbrk(0);
	/* two blocks under the mmap threshold: the second, at the latest,
	 * grows the heap */
	a = malloc(100 << 10);
	b = malloc(100 << 10);
	hi = sbrk(0);
	free(b);
	free(a);
	if (lo != (char *)-1 && hi != (char *)-1 && hi > lo)
		heap_advise_huge(lo, (size_t)(hi - lo));
#endif
}
