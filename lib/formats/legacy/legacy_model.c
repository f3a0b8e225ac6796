/*
 * The legacy profile model the parsers build (struct lprof): strings,
 * locations by address, samples, and the parsers' messages. The steps
 * google/pprof applies after a parser are in legacy_steps.c; the dispatch
 * over the parsers, and the writing of their profile, in legacy_read.c.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/legacy/legacy.h"

int
lprof_init(struct lprof *p, const char *name, struct perr *e)
{
	memset(p, 0, sizeof(*p));
	p->name = name;
	p->e = e;
	if (strtab_intern(&p->strings, "", 0) < 0) {
		strtab_free(&p->strings);
		return perr_nomem(e);
	}
	return 0;
}

void
lprof_free(struct lprof *p)
{
	free(p->mappings);
	free(p->locations);
	free(p->functions);
	free(p->samples);
	free(p->values);
	free(p->stack);
	free(p->addrs);
	strtab_free(&p->strings);
	u64map_free(&p->by_address);
}

uint32_t
lprof_str(struct lprof *p, const char *s, size_t n)
{
	int64_t i = strtab_intern(&p->strings, s, n);

	if (i < 0) {
		perr_nomem(p->e);
		return 0;
	}
	return (uint32_t)i;
}

int
lprof_types(struct lprof *p, const char *const *pairs, size_t n)
{
	size_t i;

	for (i = 0; i < n && i < 4; i++) {
		p->types[i][0] = lprof_str(p, pairs[2 * i], strlen(pairs[2 * i]));
		p->types[i][1] = lprof_str(p, pairs[2 * i + 1],
		    strlen(pairs[2 * i + 1]));
	}
	p->ntypes = i;
	return 0;
}

int
lprof_location(struct lprof *p, uint64_t address, uint32_t *loc)
{
	uint32_t *slot = NULL;
	int added = 1;

	if (address == U64MAP_EMPTY) {
		if (p->max_address_loc != 0) {
			*loc = p->max_address_loc - 1;
			return 0;
		}
	} else {
		slot = u64map_put(&p->by_address, address,
		    (uint32_t)p->nlocations, &added);
		if (slot == NULL)
			return perr_nomem(p->e);
		if (!added) {
			*loc = *slot;
			return 0;
		}
	}
	if (p->nlocations >= UINT32_MAX - 1 ||
	    ARRAY_ROOM(p->locations, p->nlocations, p->caplocations) < 0)
		return perr_nomem(p->e);
	p->locations[p->nlocations] = (struct llocation){ address, LEG_NONE,
	    LEG_NONE, 0 };
	*loc = (uint32_t)p->nlocations++;
	if (slot == NULL)
		p->max_address_loc = *loc + 1;
	return 0;
}

int
lprof_push(struct lprof *p, uint32_t loc)
{
	if (ARRAY_ROOM(p->stack, p->nstack, p->capstack) < 0)
		return perr_nomem(p->e);
	p->stack[p->nstack++] = loc;
	return 0;
}

int
lprof_frames(struct lprof *p, size_t adjust_from)
{
	size_t i;
	uint32_t loc;

	for (i = 0; i < p->naddrs; i++)
		if (lprof_location(p, p->addrs[i] - (i >= adjust_from),
		    &loc) < 0 || lprof_push(p, loc) < 0)
			return -1;
	p->naddrs = 0;
	return 0;
}

int
lprof_sample(struct lprof *p, size_t first, const int64_t *values)
{
	size_t i;

	if (ARRAY_ROOM(p->samples, p->nsamples, p->capsamples) < 0 ||
	    array_grow((void **)&p->values, &p->capvalues,
	    p->nvalues + p->ntypes, sizeof(*p->values)) < 0)
		return perr_nomem(p->e);
	for (i = 0; i < p->ntypes; i++)
		p->values[p->nvalues++] = values[i];
	p->samples[p->nsamples++] = (struct lsample){ first,
	    p->nstack - first, 0, 0 };
	return 0;
}

static const char *
what(const struct lprof *p)
{
	static const char *const names[][2] = {
		{ "cpu", "legacy gperftools CPU profile" },
		{ "java-cpu", "legacy Java CPU profile" },
		{ "heap", "legacy heap profile (text)" },
		{ "count", "legacy Go count profile (text)" },
		{ "thread", "legacy thread profile (text)" },
		{ "contention", "legacy contention profile (text)" },
		{ "java-heap", "legacy Java heap profile (text)" },
		{ "java-contention", "legacy Java contention profile (text)" },
	};
	size_t i;

	for (i = 0; p->format != NULL && i < sizeof(names) / sizeof(names[0]);
	    i++)
		if (strcmp(p->format, names[i][0]) == 0)
			return names[i][1];
	return "legacy profile";
}

int
lprof_not(struct lprof *p, const char *fmt, ...)
{
	va_list ap;

	if (p->why[0] == '\0') {
		va_start(ap, fmt);
		vsnprintf(p->why, sizeof(p->why), fmt, ap);
		va_end(ap);
	}
	return LEG_NOT;
}

int
lprof_fail(struct lprof *p, const char *fmt, ...)
{
	char msg[sizeof(p->e->msg)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	perr_set(p->e, "%s: %s: %s", p->name, what(p), msg);
	return LEG_ERR;
}

int
lprof_find(struct lprof *p, struct re *re, const char *s, size_t n,
    struct re_match *m)
{
	int rc = re_find(re, s, n, m);

	if (rc < 0)
		perr_nomem(p->e);
	return rc;
}
