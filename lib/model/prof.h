/* prof.h: the profile model the stream's consumers share: sources and
 * their attributes, functions, locations and mappings, every string
 * interned once; and a sample, as the assembler (assemble.h) hands it
 * over. */
#ifndef PROF_H
#define PROF_H

#include <stdint.h>

#include "base/hash.h"
#include "base/num.h"
#include "stream/stream_write.h"

#define PROF_NONE UINT32_MAX	/* a missing index, or NA */
#define PROF_LINE_NA INT64_MIN	/* a location with no line */

struct attr {
	uint32_t key, value;	/* strings */
};

struct source {
	uint32_t id;
	uint32_t type, uri;	/* strings; uri PROF_NONE for NA */
	double timestamp;
	int timestamp_na;
	struct attr *attrs;
	size_t nattrs, capattrs;
};

struct function {
	uint32_t id;
	uint32_t name, system_name, filename;	/* strings */
	int64_t start_line;
};

struct location {
	uint32_t id;
	uint32_t function;	/* index, PROF_NONE for NA */
	int64_t line;		/* PROF_LINE_NA for NA; may be negative */
	uint64_t address;
	int address_na;
	uint32_t mapping;	/* index, PROF_NONE for NA */
	int is_folded, inlined;
	int64_t column;
	int has_ext;
	uint32_t attr_head, attr_tail;	/* its attributes: p->lattrs, a
					 * chain; PROF_NONE: none */
};

/* A location's attribute (.location_attributes), in order read. */
struct lattr {
	uint32_t location;	/* index */
	uint32_t next;		/* the location's next, PROF_NONE: last */
	struct attr a;
};

struct mapping {
	uint32_t id;
	uint64_t start, limit, offset;
	uint32_t filename, build_id;
	int has_functions, has_filenames, has_line_numbers, has_inline_frames;
};

struct svalue {
	uint32_t type, unit;	/* strings */
	struct num value;	/* exact when an integer */
};

struct slabel {
	uint32_t key, str, num_unit;	/* strings; str, num_unit PROF_NONE: NA */
	int64_t num;
	int num_na;
};

struct sample {
	uint32_t id;
	uint32_t source;	/* index */
	int defined;		/* its samples row was seen */
	struct svalue *vals;
	size_t nvals, capvals;
	uint32_t *locs;		/* location indices by depth - 1 */
	size_t nlocs, caplocs;
	uint32_t *depths;	/* while reading: each row's depth */
	size_t capdepths;
	int unsorted;		/* rows came in another order than 1..n */
	struct slabel *labels;
	size_t nlabels, caplabels;
	int64_t time;		/* .sample_times: when, if has_time */
	int has_time;
};

struct prof {
	struct strtab str;
	struct source *sources;
	struct function *functions;
	struct location *locations;
	struct mapping *mappings;
	size_t nsources, nfunctions, nlocations, nmappings;
	size_t capsources, capfunctions, caplocations, capmappings;
	struct u64map source_ix, function_ix, location_ix, mapping_ix;
	int loc_ext;		/* the locations header has the extension
				 * columns (set before any sample) */
	size_t nattrs;		/* attributes in all sources */
	struct lattr *lattrs;	/* of all locations */
	size_t nlattrs, caplattrs;
};

void prof_free(struct prof *p);
/* Room for n more rows of table t (sources, functions, locations,
 * mappings) and, for functions, their strings of bytes in all: a hint a
 * converter gives, that spares copies as the tables grow. -1 when out of
 * memory (nothing lost). */
int prof_reserve(struct prof *p, enum table_id t, size_t n, size_t bytes);
/* The index of string s in p->str, or -1 when out of memory. */
int64_t prof_intern(struct prof *p, const char *s, size_t n);

static inline const char *
prof_str(const struct prof *p, uint32_t i)
{
	return strtab_str(&p->str, i);
}

static inline size_t
prof_strlen(const struct prof *p, uint32_t i)
{
	return strtab_len(&p->str, i);
}

/* The value of source attribute key, or NULL. */
const char *prof_attr(const struct prof *p, const struct source *s,
    const char *key);

/* String i as text (PROF_NONE: NA). */
static inline struct text
prof_text(const struct prof *p, uint32_t i)
{
	return i == PROF_NONE ? TEXT_NA : text_n(prof_str(p, i),
	    prof_strlen(p, i));
}

/* The index of the row with id in one of p's tables, or -1. */
static inline int
prof_source_index(const struct prof *p, uint32_t id, uint32_t *ix)
{
	return u64map_dense_get(&p->source_ix, p->sources, p->nsources,
	    sizeof(*p->sources), id, ix);
}

static inline int
prof_function_index(const struct prof *p, uint32_t id, uint32_t *ix)
{
	return u64map_dense_get(&p->function_ix, p->functions, p->nfunctions,
	    sizeof(*p->functions), id, ix);
}

static inline int
prof_location_index(const struct prof *p, uint32_t id, uint32_t *ix)
{
	return u64map_dense_get(&p->location_ix, p->locations, p->nlocations,
	    sizeof(*p->locations), id, ix);
}

static inline int
prof_mapping_index(const struct prof *p, uint32_t id, uint32_t *ix)
{
	return u64map_dense_get(&p->mapping_ix, p->mappings, p->nmappings,
	    sizeof(*p->mappings), id, ix);
}

/* Adds an attribute to location index li (0, -1 when out of memory). */
int prof_add_location_attr(struct prof *p, uint32_t li, struct attr a);

/* Rows of a function and a location under the ids given (0: NA). */
void prof_write_function(struct stream_writer *w, const struct prof *p,
    const struct function *f, uint32_t id);
void prof_write_location(struct stream_writer *w, const struct location *l,
    uint32_t id, uint32_t function, uint32_t mapping);
/* A mapping's row under the id given. */
void prof_write_mapping(struct stream_writer *w, const struct prof *p,
    const struct mapping *m, uint32_t id);
/* The attributes of location index li, under output id id. */
void prof_write_location_attrs(struct stream_writer *w, const struct prof *p,
    uint32_t li, uint32_t id);

/* A sample's rows under new ids: sample_id, source_id, and the output
 * location id of each of its nlocs frames (leaf first). vtypes caches
 * the writer's handle of each (type, unit) string pair of p. -1: out of
 * memory. */
int prof_write_sample(struct stream_writer *w, struct u64map *vtypes,
    const struct prof *p, const struct sample *s, uint32_t sample_id,
    uint32_t source_id, const uint32_t *location_ids, size_t nlocs);

/*
 * A filter's sources, written as they come: each new source that keep
 * keeps (keep NULL: all), with its attributes, and then the attributes
 * read since of those written. Nothing to do, most of the time, known at
 * once (a walk over every source for every sample was quadratic in the
 * sources). -1: out of memory.
 */
struct source_pass {
	size_t done;		/* sources seen */
	size_t attrs_done;	/* attributes of all sources seen */
	size_t *attrs;		/* per source: its attributes seen */
	size_t cap;
};
int prof_pass_sources(struct stream_writer *w, const struct prof *p,
    struct source_pass *sp, int (*keep)(const void *ctx, uint32_t id),
    const void *ctx);
void source_pass_free(struct source_pass *sp);

#endif

