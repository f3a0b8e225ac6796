/* json_place.h: where a codec's events are in the JSON it reads
 * (json.h): the containers open, each one's meaning to the codec (its
 * own enum), the keys each object has had, and the meaning of the key
 * just read, from the codec's table of the keys it knows and where. One
 * key twice in an object is refused: JSON leaves it to the reader, so
 * none is guessed. */
#ifndef JSON_PLACE_H
#define JSON_PLACE_H

#include "formats/json/json.h"

/* A key the codec knows: name in a container of meaning where means key
 * (below 32: a bit of seen). */
struct json_key {
	int where;
	const char *name;
	int key;
};

struct json_place {
	const struct json_key *keys;
	size_t nkeys;
	int other;		/* the meaning of a key not in keys */
	int none;		/* the meaning of no container */
	int stack[JSON_MAX_DEPTH + 2];
	unsigned seen[JSON_MAX_DEPTH + 2];
	int depth, key;
};

/* pl set up for keys[0..nkeys), other and none as above. */
void json_place_init(struct json_place *pl, const struct json_key *keys,
    size_t nkeys, int other, int none);

/* The meaning of the container the codec is in (none at the top). */
static inline int
json_here(const struct json_place *pl)
{
	return pl->depth > 0 ? pl->stack[pl->depth - 1] : pl->none;
}

/* A container of meaning c begins (json.h bounds the nesting); 0. */
static inline int
json_push(struct json_place *pl, int c)
{
	pl->seen[pl->depth] = 0;
	pl->stack[pl->depth++] = c;
	return 0;
}

/* The container the codec is in ends: its meaning. */
static inline int
json_pop(struct json_place *pl)
{
	return pl->stack[--pl->depth];
}

/* The key s (n bytes) in the object the codec is in: its meaning, set
 * as pl->key. 0, or -1 with e set when the object has had it. */
int json_place_key(struct json_place *pl, const char *s, size_t n,
    struct perr *e);

#endif
