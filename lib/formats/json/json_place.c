/* A codec's place in its JSON (json_place.h). */
#include <string.h>

#include "formats/json/json_place.h"

void
json_place_init(struct json_place *pl, const struct json_key *keys,
    size_t nkeys, int other, int none)
{
	pl->keys = keys;
	pl->nkeys = nkeys;
	pl->other = other;
	pl->none = none;
	pl->depth = 0;
	pl->key = other;
}

int
json_place_key(struct json_place *pl, const char *s, size_t n,
    struct perr *e)
{
	int where = json_here(pl);
	unsigned *seen = &pl->seen[pl->depth > 0 ? pl->depth - 1 : 0];
	size_t i;

	pl->key = pl->other;
	for (i = 0; i < pl->nkeys; i++)
		if (pl->keys[i].where == where && strlen(pl->keys[i].name) ==
		    n && memcmp(pl->keys[i].name, s, n) == 0) {
			pl->key = pl->keys[i].key;
			break;
		}
	if (pl->key == pl->other)
		return 0;
	if (*seen & 1u << pl->key)
		return perr_set(e, "the key \"%.*s\" twice in one object",
		    (int)(n < 64 ? n : 64), s);
	*seen |= 1u << pl->key;
	return 0;
}
