/* heap.h: fresh memory in large pages. */
#ifndef HEAP_H
#define HEAP_H

#include <stddef.h>

/* For a program's start, before it allocates much: the heap grows in large
 * steps that the kernel may back with 2 MB pages (transparent huge pages,
 * where they are enabled "madvise"). A no-op where that cannot be had. */
void heap_prefer_huge_pages(void);
/* Advises the whole 2 MB pages inside a block for huge pages, before it is
 * filled: for a large table made at its size (realloc could no longer
 * grow a mapping the advice split in place, and would copy it). */
void heap_advise_huge(void *p, size_t len);

#endif
