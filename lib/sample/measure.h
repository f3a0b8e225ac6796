/* measure.h: what a report measures, as the anchors choose it. Every
 * analysis program sums all the value types of the samples it keeps at
 * once, each converted to the first unit seen for its name (nanoseconds
 * and microseconds add up; bytes and counts do not); a count of samples
 * whose source says how long a sample is (Rprof's interval, pprof's
 * period in a unit of time) also stands for a time: the counts times the
 * first such interval, plus an extra type that sums what the samples of
 * other lengths add (so one interval, the common case, costs no sum). At
 * the end measure_choose picks the type to show: the one asked for, else
 * the first kept source's default (an Rprof source's samples; a pprof
 * source's default_sample_type, else its last type, as google/pprof
 * opens it), and refuses sums that do not add up: counts of samples of
 * different lengths, units of different kinds. */
#ifndef MEASURE_H
#define MEASURE_H

#include "sample/select.h"
#include "model/assemble.h"

struct measure_value {
	uint32_t type;		/* index in the measure's types */
	struct num v;		/* in the type's unit */
};

struct measure_type {
	int64_t time_of;	/* a count's time: that type's index, or -1 */
	int is_time;		/* the time of a count (type time_of's) */
	uint32_t src;		/* the first source (id) with it */
	double interval;	/* a count: ns a sample in that source, 0 none */
	uint32_t src2;		/* a source whose interval, or unit, differs */
	int mixed_interval, mixed_unit, untimed;
};

struct measure_source {
	int seen;		/* its first kept sample was read */
	double interval;	/* ns a sample, 0: none */
	int64_t dflt;		/* its default type, -1: none */
};

struct measure {
	struct value_types types;	/* names: internal; see measure_name */
	struct measure_type *t;
	size_t capt;
	struct measure_source *src;	/* per prof source index */
	size_t capsrc;
	struct u64map ix;	/* type << 32 | unit (prof strings) -> entry */
	struct conv {
		uint32_t type;
		double factor;	/* to the type's unit */
		int count;	/* a count of samples */
	} *conv;
	size_t nconv, capconv;
	struct measure_value *vals;	/* the current sample's */
	size_t capvals;
	/* the last key and conversion of each of a sample's first values:
	 * samples repeat the same types in the same order */
	uint64_t last_key[8];
	uint32_t last_conv[8];
};

/* The values of sample s (p's) in m->vals, *n of them: its own, converted,
 * then what its counts add to their extra time types (when its interval
 * is not the first). 0, or -1 when out of memory. */
int measure_sample(struct measure *m, const struct prof *p,
    const struct sample *s, size_t *n);
void measure_free(struct measure *m);

/* The choice of a report. */
struct measure_choice {
	int64_t type;		/* the type whose sums to show; -1: there
				 * is no sample */
	double scale;		/* ... times this (a count's interval) */
	int64_t extra;		/* ... plus this type's sums, or -1: the
				 * time of samples of other lengths (see
				 * measure_figure) */
	const char *name;	/* its name, as the stream has it */
	const char *unit;	/* the unit of its sums */
	enum { SHOW_RAW, SHOW_UNIT, SHOW_AUTO, SHOW_MIN } how;
	const char *show;	/* SHOW_UNIT: the unit to show them in */
	int rdigits;		/* R's rounding of seconds (2, 3), or -1 */
	double interval;	/* a count shown as time: ns a sample (the
				 * first source's), 0 */
	int mixed;		/* ... and other sources' samples are of
				 * other lengths */
	char note[600];		/* what a reader should know of the sums */
};

/* want: a type's name, pprof's index (0, 1, ...) or inuse_ name, or NULL
 * for the default; unit: "raw" (as summed), "auto" (pprof's label of
 * each value), "minimum" (pprof's one unit for the report, numbers of
 * two decimals), a unit's name, or NULL: the anchors' way (R's samples
 * as seconds rounded as summaryRprof rounds them; times and sizes as
 * "minimum"; counts raw). p: what the sources are. 0, or -1 with e saying
 * why not. */
int measure_choose(const struct measure *m, const struct prof *p,
    const char *want, const char *unit, struct measure_choice *c,
    struct perr *e);

/* The figure c shows of a sum v of its type and the same sum x of its
 * extra type (0 without one). */
static inline struct num
measure_figure(const struct measure_choice *c, struct num v, struct num x)
{
	if (c->scale == 1 && c->extra < 0)
		return v;
	return num_of_dbl(v.d * c->scale + x.d);
}

/* The total of c's type before tsvfocus's filters, as pprof's
 * percentages have it: of every source sel keeps (NULL: all), whether
 * the filters left samples of it or not, its ATTR_FOCUS_TOTAL of the
 * type, in c's figure. 1 with *out; 0 when a source has none (its
 * samples were not filtered: the total kept is the total). */
int measure_total_before(const struct measure *m, const struct prof *p,
    const struct measure_choice *c, const struct source_set *sel,
    struct num *out);

/* The name of type i as a reader sees it. */
const char *measure_name(const struct measure *m, size_t i);

/* The default type of a source, as its anchor has it: -1 before its first
 * sample. */
int64_t measure_default(const struct measure *m, const struct prof *p,
    uint32_t source);

#endif
