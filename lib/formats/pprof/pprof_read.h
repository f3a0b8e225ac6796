/* pprof_read.h: what reading a pprof profile shares between its checks
 * (pprof_read.c) and the writing of its tables (pprof_tables.c). Internal
 * to formats/. */
#ifndef PPROF_READ_H
#define PPROF_READ_H

#include "base/hash.h"
#include "formats/pprof/pprof.h"
#include "formats/pprof/pprof_decode.h"

struct pctx {
	struct dprof *p;
	const unsigned char *data;	/* the profile's bytes */
	size_t len;
	const char *name;
	struct perr *e;
	struct u64map ids[PT_COUNT];	/* pprof id -> index, unless dense */
};

/* The index of id in table t: directly when its ids are 1..n in table
 * order (as the Go runtime and google/pprof write them), else by the map;
 * -1 when there is none. */
static inline int64_t
index_of(const struct pctx *x, enum ptable t, uint64_t id)
{
	const uint32_t *v;

	if (x->p->dense[t])
		return id >= 1 && id <= x->p->n[t] ? (int64_t)id - 1 : -1;
	return (v = u64map_get(&x->ids[t], id)) != NULL ? (int64_t)*v : -1;
}

static inline const struct slice *
str(const struct pctx *x, int64_t i)
{
	return &x->p->strings[i];
}

static inline struct text
text(const struct pctx *x, int64_t i)
{
	return text_n((const char *)str(x, i)->p, str(x, i)->n);
}

/* A string the stream wants non-empty (a sample type or unit, a label
 * key): "" is written <?>, which tsv2pprof gives back as "". */
static inline struct text
text_mark(const struct pctx *x, int64_t i)
{
	return text_marked(text(x, i));
}

/* Writes the mappings, functions, locations and samples of the checked
 * profile, source c->nsources; -1 when out of memory. */
int pprof_write_tables(struct pprof_reader *c, struct pctx *x);

#endif
