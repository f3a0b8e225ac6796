/* pprof_decode.h: a profile.proto Profile read from the wire (pb.h) as it
 * lies in memory: its top-level fields indexed once, its strings sliced,
 * its tables left encoded where they are and decoded a message at a time
 * each time they are walked. Memory grows with the strings and the
 * Locations (4 bytes each), not with the tables or the samples. */
#ifndef PPROF_DECODE_H
#define PPROF_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "formats/pprof/pprof_wire.h"

struct slice {
	const uint8_t *p;
	size_t n;
};

struct dline {
	uint64_t function_id;
	int64_t line, column;
};

struct dloc {
	uint64_t id, mapping_id, address;
	size_t nline;		/* its Lines: the dprof's lines[0..nline) */
	int folded;
};

struct dfn {
	uint64_t id;
	int64_t name, system_name, filename, start_line;
};

struct dmap {
	uint64_t id, start, limit, offset;
	int64_t filename, build_id;
	int has_functions, has_filenames, has_line_numbers, has_inline_frames;
};

struct dlabel {
	int64_t key, str, num, num_unit;
};

/* The Profile's repeated messages. */
enum ptable { PT_SAMPLE, PT_MAPPING, PT_LOCATION, PT_FUNCTION, PT_COUNT };

/* What the checks need of the tables, found as they are indexed: when all
 * is well (ids 1..n in order, as Go and google/pprof write them, and
 * these within bounds) no table is walked to check it. */
struct dsummary {
	uint64_t fn_str;	/* the largest string index of a Function */
	int fn_start_bad;	/* a start_line past 32 bits */
	uint64_t map_str;	/* of a Mapping */
	uint64_t line_fn_min, line_fn_max;	/* Function ids of Lines */
	uint64_t loc_map_max;	/* Mapping ids of Locations (0: none) */
	int line_bad;		/* a line or column out of range */
};

struct dprof {
	struct slice *strings;
	size_t nstrings, capstrings;
	int64_t *types;		/* type, unit pairs */
	size_t ntypes, captypes;
	uint64_t *comments;	/* string indices */
	size_t ncomments, capcomments;
	int64_t drop_frames, keep_frames, time_nanos, duration_nanos, period,
	    default_sample_type, doc_url, period_type[2];
	int has_period_type, time_seen;
	size_t n[PT_COUNT];	/* messages of each table */
	/* where they are among the top-level fields: walks go from..to */
	const uint8_t *from[PT_COUNT], *to[PT_COUNT];
	int dense[PT_COUNT];	/* ids 1..n in table order */
	/* per Location, its first stream row counting from 0 (its rows: one
	 * per Line, or one); loc_first[n] the rows of all */
	uint32_t *loc_first;
	size_t caploc_first;
	struct dsummary sum;
	/* the message last decoded: a Location's Lines; a Sample */
	struct dline *lines;
	size_t nlines, caplines;
	uint64_t *locs, *vals;	/* vals: int64 as pprof has them */
	struct dlabel *labels;
	size_t nlocs, nvals, nlabels, caplocs, capvals, caplabels;
};

/* What a profile may be wrong in beyond the wire format. */
enum {
	PPROF_TWICE = PB_USER - 1,	/* time_nanos twice */
};

/* Indexes the Profile in [data, data + len): its scalars, sample types,
 * comments and strings, and each table's place, count and ids (each
 * Mapping, Location and Function decoded once for them, and the summary
 * gathered). 0 or a status: the first that the wire gives, as google/pprof
 * would meet it (PB_NOMEM: out of memory). */
int pprof_index(struct dprof *d, const uint8_t *data, size_t len);
void pprof_dprof_free(struct dprof *d);

/* The next message of table t, from *at (d->from[t] to begin): 1 with it
 * in msg, 0 when there are no more. Inline: a walk takes a message from
 * it at a time. */
static inline int
pprof_next(const struct dprof *d, enum ptable t, const uint8_t **at,
    struct pb *msg)
{
	static const uint32_t num[PT_COUNT] = {
		[PT_SAMPLE] = PB_PROFILE_SAMPLE,
		[PT_MAPPING] = PB_PROFILE_MAPPING,
		[PT_LOCATION] = PB_PROFILE_LOCATION,
		[PT_FUNCTION] = PB_PROFILE_FUNCTION,
	};
	struct pb b = { *at, d->to[t] };
	struct pb_field f;

	/* pprof_index read these fields: they are whole */
	while (pb_field(&b, &f) > 0)
		if (f.num == num[t]) {
			*at = b.p;
			*msg = f.sub;
			return 1;
		}
	*at = b.p;
	return 0;
}

/* A message decoded: 0, or a status. */
int pprof_function(struct pb *b, struct dfn *f);
int pprof_mapping(struct pb *b, struct dmap *m);
int pprof_location(struct dprof *d, struct pb *b, struct dloc *l);
int pprof_sample(struct dprof *d, struct pb *b);

#endif
