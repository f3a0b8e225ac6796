/* samples.h: what the stream's consumers share. A profile dictionary
 * (sources and their attributes, functions, locations, mappings, all
 * strings interned) and an assembler that turns rows into whole samples,
 * handed over in ascending sample_id order. A 1.0 stream is read as 2.0. */
#ifndef SAMPLES_H
#define SAMPLES_H

#include <stdint.h>

#include "hash.h"
#include "stream.h"

#define NONE UINT32_MAX		/* a missing index */

struct attr {
	uint32_t key, value;	/* strings */
};

struct source {
	uint32_t id;
	uint32_t type, uri;	/* strings; uri NONE for NA */
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
	uint32_t function;	/* index, NONE for NA */
	int64_t line;		/* -1 for NA */
	uint64_t address;
	int address_na;
	uint32_t mapping;	/* index, NONE for NA */
	int is_folded, inlined;
	int64_t column;
	int has_ext;
};

struct mapping {
	uint32_t id;
	uint64_t start, limit, offset;
	uint32_t filename, build_id;
	int has_functions, has_filenames, has_line_numbers, has_inline_frames;
};

struct svalue {
	uint32_t type, unit;	/* strings */
	double value;
};

struct slabel {
	uint32_t key, str, num_unit;	/* strings; str, num_unit NONE: NA */
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
	int loc_ext;		/* any locations row had extension columns */
	size_t nattrs;		/* attributes in all sources */
};

void prof_free(struct prof *p);
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

/* Rows of a function and a location under the ids given (0: NA); ext
 * writes the location's extension columns. */
void prof_write_function(struct output *o, const struct prof *p,
    const struct function *f, uint64_t id);
void prof_write_location(struct output *o, const struct location *l,
    uint64_t id, uint64_t function, uint64_t mapping, int ext);

enum { ASM_STREAM, ASM_BUFFER };

/* Reads the stream of r into p and hands each complete sample to emit.
 * ASM_STREAM needs define-before-use order and holds one sample at a time;
 * when the stream is not in that order it stops with SAMPLES_UNORDERED.
 * ASM_BUFFER accepts any order and holds every sample until the end.
 * The sample is only valid during the call. emit returns 0 or -1. */
#define SAMPLES_UNORDERED (-2)
int samples_read(struct stream_reader *r, struct prof *p, int mode,
    int (*emit)(void *ctx, const struct prof *p, const struct sample *s),
    void *ctx, struct perr *e);

/* samples_read over the stream at path ("-" or NULL: stdin): streaming,
 * and when the stream is not in define-before-use order, again from the
 * start in buffering mode after calling restart (which resets what emit
 * built). A pipe cannot be read twice: that is an error. The reader is
 * left open for its name and counts; close it with stream_close. */
int samples_read_file(struct stream_reader *r, const char *path,
    struct prof *p,
    int (*emit)(void *ctx, const struct prof *p, const struct sample *s),
    int (*restart)(void *ctx, struct perr *e), void *ctx, struct perr *e);

#endif
