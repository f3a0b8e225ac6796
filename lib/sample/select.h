/* select.h: what the analysis programs share: which sources they keep
 * (-s), which value they measure (-t), and what a frame is called. */
#ifndef SELECT_H
#define SELECT_H

#include <stdint.h>

#include "base/hash.h"
#include "model/prof.h"

/* -s 1,3: source ids to keep; an empty set keeps every source. */
struct source_set {
	struct u64map ids;
	int all;
};

/* Parses a list of source ids ("1,3,7"); -1 with e set when it is not
 * one. */
int source_set_parse(struct source_set *s, const char *list, struct perr *e);
/* Adds id: 0, or -1 when out of memory. */
int source_set_add(struct source_set *s, uint32_t id);
void source_set_free(struct source_set *s);
/* Whether source id is kept; whether sample s's source is. */
int source_set_has_id(const struct source_set *s, uint32_t id);
int source_set_has(const struct source_set *s, const struct prof *p,
    const struct sample *smp);
/* Whether source id is one of p's: 0, or -1 with e saying which sources
 * there are. source_set_check: every id of s. */
int source_check(uint32_t id, const struct prof *p, struct perr *e);
int source_set_check(const struct source_set *s, const struct prof *p,
    struct perr *e);

/*
 * The value types of a stream in order of first appearance, and the one
 * measured: the one named (-t), else samples when there is one, else the
 * first. Types are interned by name; the unit of each is the first seen.
 */
struct value_types {
	struct strtab names;	/* index: order of first appearance */
	struct strtab units;
	uint32_t *unit;		/* per type: its unit in units */
	size_t capunit;
};

static inline const char *
value_types_unit(const struct value_types *v, size_t type)
{
	return strtab_str(&v->units, v->unit[type]);
}

/* The index of type name (added when new, with unit); -1: no memory. */
int64_t value_types_add(struct value_types *v, const char *type,
    size_t typelen, const char *unit, size_t unitlen);
/* The measured type: want (NULL: the default rule); -1 with e set when
 * want is not there (the message names the types there are). */
int64_t value_types_choose(const struct value_types *v, const char *want,
    struct perr *e);
void value_types_free(struct value_types *v);

/* A frame's name as pprof shows it: its function's name, else (no
 * function, or pprof's empty name) "[file]" of its mapping's file without
 * the directories, else "<unknown>". A string of p; -1: out of memory. */
int64_t frame_name(struct prof *p, const struct location *l);

#endif
