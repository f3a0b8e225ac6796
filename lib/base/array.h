/* array.h: growing arrays, the one helper every table here uses. */
#ifndef ARRAY_H
#define ARRAY_H

#include <stddef.h>

/* Makes room for need elements of size bytes in *arr (capacity *cap),
 * doubling; 0, or -1 when out of memory or when the size would not fit
 * in a size_t (the array is then unchanged). */
int array_grow(void **arr, size_t *cap, size_t need, size_t size);

/* Room for n elements, their memory faulted in at once where the system
 * can (Linux 5.14's MADV_POPULATE_WRITE): for a big table about to be
 * filled. 0, or -1 as array_grow. */
int array_reserve(void **arr, size_t *cap, size_t n, size_t size);

/* Room for one more element after the n there are. */
#define ARRAY_ROOM(arr, n, cap) ((n) < (cap) ? 0 : \
	array_grow((void **)&(arr), &(cap), (n) + 1, sizeof(*(arr))))

#endif
