/* tags.h: pprof's -tags: per label key, the value of the samples that
 * carry each of its values (a numeric one labelled as pprof labels it,
 * "40kB"), sorted as pprof sorts them, in one pass; memory grows with the
 * distinct labels. */
#ifndef TAGS_H
#define TAGS_H

#include "sample/measure.h"

struct tags_opts {
	const struct source_set *sources;
	const char *unit;	/* --unit: as measure_choose's */
	int quiet;		/* no "#" header lines */
};

struct tags;

struct tags *tags_new(const struct tags_opts *opts, struct perr *e);
void tags_free(struct tags *t);
int tags_sample(void *t, struct prof *p, const struct sample *s,
    struct perr *e);
int tags_restart(void *t, struct perr *e);
/* The table of value type want: key, value, total, share of the key's
 * total (pprof's percentage), keys by name, values largest first. */
int tags_write(struct tags *t, const struct prof *p, struct output *o,
    const char *want, struct perr *e);

#endif
