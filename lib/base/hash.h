/* hash.h: the two maps everything here is built on. A u64map maps 64-bit
 * keys to 32-bit values; a strtab interns byte strings as dense indices
 * 0, 1, 2, ... in order of first appearance. */
#ifndef HASH_H
#define HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct u64map {
	uint64_t *keys;
	uint32_t *vals;
	size_t n, mask;		/* mask + 1 slots, a power of two */
};

#define U64MAP_EMPTY UINT64_MAX	/* the one key that cannot be stored */

void u64map_free(struct u64map *m);
/* Returns a pointer to the value of key, or NULL. */
uint32_t *u64map_get(const struct u64map *m, uint64_t key);
/* Finds or adds key (value set to val when added); *added tells which.
 * Returns the value slot, or NULL when out of memory. */
uint32_t *u64map_put(struct u64map *m, uint64_t key, uint32_t val, int *added);

/* Ids of a table whose rows each begin with their 32-bit id. An id that
 * comes densely (n + 1 as row n is added: every writer here numbers rows
 * so) is found by its position and never put in the map; the map holds
 * the others, so while it is empty every id is its row + 1. */
/* The row of id in rows[0..n) (size bytes each): 0, or -1 when absent.
 * Inline: readers look up an id per row. */
static inline int
u64map_dense_get(const struct u64map *m, const void *rows, size_t n,
    size_t size, uint32_t id, uint32_t *row)
{
	uint32_t first, *v;

	if (id >= 1 && id <= n) {
		if (m->n == 0) {	/* no need to look at the row */
			*row = id - 1;
			return 0;
		}
		memcpy(&first, (const char *)rows + (id - 1) * size, 4);
		if (first == id) {
			*row = id - 1;
			return 0;
		}
	}
	if (m->n == 0 || (v = u64map_get(m, id)) == NULL)
		return -1;
	*row = *v;
	return 0;
}
/* Registers id, not yet present, as row n; -1 when out of memory. */
int u64map_dense_add(struct u64map *m, size_t n, uint32_t id);

struct strtab {
	char *arena;		/* the strings, each followed by a NUL */
	size_t arena_len, arena_cap;
	uint64_t *off;		/* per index, where it starts in arena; and
				 * off[n] = arena_len, where the next would */
	size_t capoff;
	uint32_t *slots;	/* index + 1, 0 for empty */
	size_t n, mask;
};

void strtab_free(struct strtab *t);
/* Returns the index of s (added when new), or -1 when out of memory
 * (strings of 4 GiB or more are not held: no line of a stream is that
 * long). */
int64_t strtab_intern(struct strtab *t, const char *s, size_t len);
/* Room for n more strings of bytes more bytes in all (a hint: nothing
 * changes but the room); -1 when out of memory. */
int strtab_reserve(struct strtab *t, size_t n, size_t bytes);
/* Forgets the strings from index n on; -1 when out of memory. */
int strtab_truncate(struct strtab *t, size_t n);
/* Returns the index of s, or -1 when absent. */
int64_t strtab_find(const struct strtab *t, const char *s, size_t len);
/* rank[i] for each of t's n strings: its place in byte order (0 first;
 * strcmp's order, a prefix first); -1 when out of memory. */
int strtab_ranks(const struct strtab *t, uint32_t *rank);
/* The same of the n distinct strings ix[0..n) only: rank[ix[i]] their
 * places among themselves. */
int strtab_ranks_of(const struct strtab *t, const uint32_t *ix, size_t n,
    uint32_t *rank);

/* a[0..an) against b[0..bn) in that byte order (a prefix first): < 0, 0
 * or > 0. A pointer may be NULL when its length is 0. */
static inline int
bytes_cmp(const void *a, size_t an, const void *b, size_t bn)
{
	size_t n = an < bn ? an : bn;
	int c = n > 0 ? memcmp(a, b, n) : 0;

	return c != 0 ? c : (an > bn) - (an < bn);
}

static inline const char *
strtab_str(const struct strtab *t, size_t i)
{
	return t->arena + t->off[i];
}

static inline size_t
strtab_len(const struct strtab *t, size_t i)
{
	return (size_t)(t->off[i + 1] - t->off[i] - 1);
}

uint64_t hash_bytes(const void *p, size_t n);

static inline uint64_t
hash_u64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

#endif
