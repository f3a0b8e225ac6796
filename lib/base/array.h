/* array.h: growing arrays, the one helper every table here uses. */
#ifndef ARRAY_H
#define ARRAY_H

#include <stddef.h>
#include <string.h>

/* Makes room for need elements of size bytes in *arr (capacity *cap),
 * doubling; 0, or -1 when out of memory or when the size would not fit
 * in a size_t (the array is then unchanged). */
int array_grow(void **arr, size_t *cap, size_t need, size_t size);

/* array_grow, the elements it adds zeroed: for tables indexed by an id
 * whose 0 means "not yet". Inline: most calls find the room there. */
static inline int
array_grow_zeroed(void **arr, size_t *cap, size_t need, size_t size)
{
	size_t old = *cap;

	if (need <= old)
		return 0;
	if (array_grow(arr, cap, need, size) < 0)
		return -1;
	memset((char *)*arr + old * size, 0, (*cap - old) * size);
	return 0;
}

/* Room for n elements, their memory faulted in at once where the system
 * can (Linux 5.14's MADV_POPULATE_WRITE): for a big table about to be
 * filled. 0, or -1 as array_grow. */
int array_reserve(void **arr, size_t *cap, size_t n, size_t size);

/* Room for one more element after the n there are. */
#define ARRAY_ROOM(arr, n, cap) ((n) < (cap) ? 0 : \
	array_grow((void **)&(arr), &(cap), (n) + 1, sizeof(*(arr))))

#endif
