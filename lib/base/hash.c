#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/hash.h"
#include "base/heap.h"

void
u64map_free(struct u64map *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

uint32_t *
u64map_get(const struct u64map *m, uint64_t key)
{
	size_t i;

	if (m->keys == NULL)
		return NULL;
	for (i = hash_u64(key) & m->mask; m->keys[i] != U64MAP_EMPTY;
	    i = (i + 1) & m->mask)
		if (m->keys[i] == key)
			return &m->vals[i];
	return NULL;
}

static int
u64map_grow(struct u64map *m)
{
	size_t cap = m->keys == NULL ? 64 : (m->mask + 1) * 2, i, j;
	uint64_t *keys = malloc(cap * sizeof(*keys));
	uint32_t *vals = malloc(cap * sizeof(*vals));

	if (keys == NULL || vals == NULL) {
		free(keys);
		free(vals);
		return -1;
	}
	heap_advise_huge(keys, cap * sizeof(*keys));
	heap_advise_huge(vals, cap * sizeof(*vals));
	memset(keys, 0xff, cap * sizeof(*keys));
	if (m->keys != NULL)
		for (i = 0; i <= m->mask; i++) {
			if (m->keys[i] == U64MAP_EMPTY)
				continue;
			for (j = hash_u64(m->keys[i]) & (cap - 1);
			    keys[j] != U64MAP_EMPTY; j = (j + 1) & (cap - 1))
				;
			keys[j] = m->keys[i];
			vals[j] = m->vals[i];
		}
	free(m->keys);
	free(m->vals);
	m->keys = keys;
	m->vals = vals;
	m->mask = cap - 1;
	return 0;
}

uint32_t *
u64map_put(struct u64map *m, uint64_t key, uint32_t val, int *added)
{
	size_t i;

	if ((m->keys == NULL || (m->n + 1) * 4 > (m->mask + 1) * 3) &&
	    u64map_grow(m) < 0)
		return NULL;
	for (i = hash_u64(key) & m->mask; m->keys[i] != U64MAP_EMPTY;
	    i = (i + 1) & m->mask)
		if (m->keys[i] == key) {
			if (added != NULL)
				*added = 0;
			return &m->vals[i];
		}
	m->keys[i] = key;
	m->vals[i] = val;
	m->n++;
	if (added != NULL)
		*added = 1;
	return &m->vals[i];
}

int
u64map_dense_add(struct u64map *m, size_t n, uint32_t id)
{
	int added;

	if (id == n + 1)
		return 0;
	return u64map_put(m, id, (uint32_t)n, &added) == NULL ? -1 : 0;
}

uint64_t
hash_bytes(const void *p, size_t n)
{
	/* FNV-1a over 8-byte words, then a final mix */
	const unsigned char *s = p;
	uint64_t h = 0xcbf29ce484222325ULL ^ n, w;

	while (n >= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0x100000001b3ULL;
		h ^= h >> 29;
		s += 8;
		n -= 8;
	}
	w = 0;
	memcpy(&w, s, n);
	h = (h ^ w) * 0x100000001b3ULL;
	return hash_u64(h);
}

/* The tables' hash: four multiply chains over 32-byte blocks, which the
 * processor runs side by side, where hash_bytes waits for each multiply
 * before the next. A line of an Rprof file is looked up whole (a stack
 * seen before is not parsed again): the lookups of the 36 MB line
 * profile's lines, 9.8 -> 7.7 ms. */
static uint64_t
hash_key(const void *p, size_t n)
{
	const unsigned char *s = p;
	const uint64_t m = 0x100000001b3ULL;
	uint64_t h = 0xcbf29ce484222325ULL ^ n, w[4], a, b, c, d;

	if (n >= 32) {
		a = h;
		b = h ^ 0x9e3779b97f4a7c15ULL;
		c = h ^ 0xbf58476d1ce4e5b9ULL;
		d = h ^ 0x94d049bb133111ebULL;
		do {
			memcpy(w, s, 32);
			a = (a ^ w[0]) * m;
			b = (b ^ w[1]) * m;
			c = (c ^ w[2]) * m;
			d = (d ^ w[3]) * m;
			a ^= a >> 29;
			b ^= b >> 29;
			c ^= c >> 29;
			d ^= d >> 29;
			s += 32;
			n -= 32;
		} while (n >= 32);
		h = hash_u64(a) ^ (hash_u64(b ^ m) + hash_u64(c) * 3 +
		    hash_u64(d) * 5);
	}
	while (n > 8) {
		memcpy(w, s, 8);
		h = (h ^ w[0]) * m;
		h ^= h >> 29;
		s += 8;
		n -= 8;
	}
	/* the last 1 to 8 bytes in at most two loads: a memcpy of n bytes
	 * is a loop of byte stores that the word's load then waits for */
	if (s - (const unsigned char *)p + n >= 8)
		memcpy(w, s + n - 8, 8);	/* overlaps the block before */
	else if (n >= 4) {
		uint32_t lo, hi;

		memcpy(&lo, s, 4);
		memcpy(&hi, s + n - 4, 4);
		w[0] = (uint64_t)hi << 32 | lo;
	} else
		w[0] = n == 0 ? 0 : (uint64_t)s[0] << 16 |
		    (uint64_t)s[n / 2] << 8 | s[n - 1];
	h = (h ^ w[0]) * m;
	return hash_u64(h);
}

void
strtab_free(struct strtab *t)
{
	free(t->arena);
	free(t->off);
	free(t->slots);
	memset(t, 0, sizeof(*t));
}

static int
strtab_eq(const struct strtab *t, uint32_t idx, const char *s, size_t len)
{
	return strtab_len(t, idx) == len &&
	    memcmp(strtab_str(t, idx), s, len) == 0;
}

int64_t
strtab_find(const struct strtab *t, const char *s, size_t len)
{
	size_t i;

	if (t->slots == NULL)
		return -1;
	for (i = hash_key(s, len) & t->mask; t->slots[i] != 0;
	    i = (i + 1) & t->mask)
		if (strtab_eq(t, t->slots[i] - 1, s, len))
			return t->slots[i] - 1;
	return -1;
}

static int
strtab_grow(struct strtab *t)
{
	size_t cap = t->slots == NULL ? 64 : (t->mask + 1) * 2, i, j;
	uint32_t *slots = calloc(cap, sizeof(*slots));

	if (slots == NULL)
		return -1;
	heap_advise_huge(slots, cap * sizeof(*slots));
	for (i = 0; i < t->n; i++) {
		j = hash_key(strtab_str(t, i), strtab_len(t, i)) & (cap - 1);
		while (slots[j] != 0)
			j = (j + 1) & (cap - 1);
		slots[j] = (uint32_t)i + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->mask = cap - 1;
	return 0;
}

int
strtab_reserve(struct strtab *t, size_t n, size_t bytes)
{
	size_t need = t->arena_len + bytes + n, cap;
	char *a;

	while ((t->slots == NULL || (t->n + n) * 2 > t->mask + 1) &&
	    (t->mask + 1) / 2 < SIZE_MAX / 8)
		if (strtab_grow(t) < 0)
			return -1;
	if (array_grow((void **)&t->off, &t->capoff, t->n + n + 2,
	    sizeof(*t->off)) < 0)
		return -1;
	if (need <= t->arena_cap)
		return 0;
	for (cap = t->arena_cap ? t->arena_cap : 4096; cap < need &&
	    cap <= SIZE_MAX / 2; cap *= 2)
		;
	if ((a = realloc(t->arena, cap)) == NULL)
		return -1;
	t->arena = a;
	t->arena_cap = cap;
	return 0;
}

int64_t
strtab_intern(struct strtab *t, const char *s, size_t len)
{
	size_t i, need;
	char *a;

	if (len > UINT32_MAX)
		return -1;
	if ((t->slots == NULL || (t->n + 1) * 2 > t->mask + 1) &&
	    strtab_grow(t) < 0)
		return -1;
	for (i = hash_key(s, len) & t->mask; t->slots[i] != 0;
	    i = (i + 1) & t->mask)
		if (strtab_eq(t, t->slots[i] - 1, s, len))
			return t->slots[i] - 1;
	if (array_grow((void **)&t->off, &t->capoff, t->n + 2,
	    sizeof(*t->off)) < 0)
		return -1;
	need = t->arena_len + len + 1;
	if (need > t->arena_cap) {
		size_t cap = t->arena_cap ? t->arena_cap : 4096;
		while (cap < need && cap <= SIZE_MAX / 2)
			cap *= 2;
		if (cap < need)
			return -1;
		if ((a = realloc(t->arena, cap)) == NULL)
			return -1;
		t->arena = a;
		t->arena_cap = cap;
	}
	memcpy(t->arena + t->arena_len, s, len);
	t->arena[t->arena_len + len] = '\0';
	t->off[t->n] = t->arena_len;
	t->arena_len += len + 1;
	t->off[t->n + 1] = t->arena_len;
	t->slots[i] = (uint32_t)t->n + 1;
	return (int64_t)t->n++;
}

int
strtab_truncate(struct strtab *t, size_t n)
{
	size_t i, j;

	if (n >= t->n)
		return 0;
	t->arena_len = (size_t)t->off[n];
	t->n = n;
	/* linear probing cannot delete in place: index the rest anew */
	memset(t->slots, 0, (t->mask + 1) * sizeof(*t->slots));
	for (i = 0; i < n; i++) {
		j = hash_key(strtab_str(t, i), strtab_len(t, i)) & t->mask;
		while (t->slots[j] != 0)
			j = (j + 1) & t->mask;
		t->slots[j] = (uint32_t)i + 1;
	}
	return 0;
}

/* strtab_ranks: a multikey quicksort (Bentley and Sedgewick): partition by
 * the byte at depth d, then the middle part by the next byte. A prefix
 * that many strings share (main.setFunctions.func in large.cpu's 23,000
 * names) is passed over once per partition, where qsort with strcmp
 * compared it again at each of its 340,000 comparisons. */
struct sref {
	const unsigned char *p;
	size_t n;
	uint32_t ix;
};

/* The byte at d, 1 to 256; 0 past the end: a prefix sorts first. */
static inline int
byte_at(const struct sref *s, size_t d)
{
	return d < s->n ? s->p[d] + 1 : 0;
}

static int
cmp_sref(const void *x, const void *y)
{
	const struct sref *a = x, *b = y;

	return bytes_cmp(a->p, a->n, b->p, b->n);
}

static void
swap_sref(struct sref *a, size_t i, size_t j)
{
	struct sref t = a[i];

	a[i] = a[j];
	a[j] = t;
}

/* a[0..n), equal in their first d bytes; depth bounds the recursion (a
 * run of bad pivots), past which qsort finishes */
static void
mkqsort(struct sref *a, size_t n, size_t d, int depth)
{
	size_t lt, gt, i, j;
	int v, x, y, z;

	while (n > 1) {
		if (n < 8 || depth == 0) {
			if (n >= 8) {
				qsort(a, n, sizeof(*a), cmp_sref);
				return;
			}
			for (i = 1; i < n; i++)
				for (j = i; j > 0 && cmp_sref(&a[j - 1],
				    &a[j]) > 0; j--)
					swap_sref(a, j - 1, j);
			return;
		}
		/* the median of three bytes */
		x = byte_at(&a[0], d);
		y = byte_at(&a[n / 2], d);
		z = byte_at(&a[n - 1], d);
		v = x < y ? (y < z ? y : x < z ? z : x) :
		    (x < z ? x : y < z ? z : y);
		for (lt = 0, i = 0, gt = n; i < gt; ) {
			int c = byte_at(&a[i], d);
			if (c < v)
				swap_sref(a, lt++, i++);
			else if (c > v)
				swap_sref(a, i, --gt);
			else
				i++;
		}
		mkqsort(a, lt, d, depth - 1);
		mkqsort(a + gt, n - gt, d, depth - 1);
		if (v == 0)
			return;		/* the middle: equal strings */
		a += lt;
		n = gt - lt;
		d++;
	}
}

int
strtab_ranks_of(const struct strtab *t, const uint32_t *ix, size_t n,
    uint32_t *rank)
{
	struct sref *a = malloc((n + 1) * sizeof(*a));
	size_t i;

	if (a == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		a[i].p = (const unsigned char *)strtab_str(t, ix[i]);
		a[i].n = strtab_len(t, ix[i]);
		a[i].ix = ix[i];
	}
	mkqsort(a, n, 0, 128);
	for (i = 0; i < n; i++)
		rank[a[i].ix] = (uint32_t)i;
	free(a);
	return 0;
}

int
strtab_ranks(const struct strtab *t, uint32_t *rank)
{
	uint32_t *ix = malloc((t->n + 1) * sizeof(*ix));
	size_t i;
	int rc;

	if (ix == NULL)
		return -1;
	for (i = 0; i < t->n; i++)
		ix[i] = (uint32_t)i;
	rc = strtab_ranks_of(t, ix, t->n, rank);
	free(ix);
	return rc;
}
