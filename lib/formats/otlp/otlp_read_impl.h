/* otlp_read_impl.h: what the three parts of otlp2tsv's reader share:
 * otlp_decode.c (the wire: the dictionary's tables, indices, values as
 * text), otlp_samples.c (the definitions and the samples written) and
 * otlp_read.c (the resources, scopes and profiles). */
#ifndef OTLP_READ_IMPL_H
#define OTLP_READ_IMPL_H

#include <stdarg.h>

#include "formats/otlp/otlp.h"
#include "formats/otlp/otlp_wire.h"
#include "formats/pb/pb.h"

enum { T_MAP, T_LOC, T_FN, T_LINK, T_STR, T_ATTR, T_STACK, T_N };

/* A table of the dictionaries: its elements where they lie, indexed
 * for those found by index; the others (locations, functions, mappings)
 * are read in turn (od_cursor). */
struct otable {
	struct pb *e;		/* indexed: the elements */
	size_t n, cap;
	struct pb first;	/* element 0, the zero value */
};

/* Where the next element of a table read in turn is. */
struct ocursor {
	uint32_t field;
	size_t dict;
	struct pb rest;
};

/* A label of a sample, ready to write. */
struct olabel {
	struct text key, str, unit;
	int64_t num;
	int owned;		/* str was allocated */
	char buf[64];		/* str's bytes when short */
};

struct octx {
	struct otlp_reader *c;
	const char *name, *uri;
	const uint8_t *base;	/* the message, for offsets */
	struct perr *e;
	struct otable t[T_N];
	struct pb *dicts;	/* the dictionaries (several merge) */
	size_t ndicts, capdicts;
	struct pb *rp;		/* ResourceProfiles */
	size_t nrp, caprp;
	int v18;		/* Profile and ValueType as v1.8 numbered them */
	int old_sample;		/* Sample as v1.8 and v1.9 did */
	uint32_t fn_base, map_base;	/* stream ids: base + index */
	uint32_t *loc_row;	/* Location l's rows: row_base + loc_row[l]
				 * .. row_base + loc_row[l + 1] */
	uint32_t row_base;
	uint64_t *ids;		/* packed varints being read */
	size_t nids, capids;
	uint64_t *ts;		/* a Sample's timestamps */
	size_t nts, capts;
	int64_t *vals;
	size_t nvals, capvals;
	uint64_t *lids;		/* a Stack's location indices */
	size_t nlids, caplids;
	struct olabel *labels;
	size_t nlabels, caplabels;
	char *text;		/* a value made into text */
	size_t ntext, captext;
};

/* A scope's or resource's context, for its profiles' sources. */
struct octxt {
	struct pb resource, scope;	/* their attributes' messages */
	int has_resource, has_scope;
	struct text rschema, sschema;
};

/* otlp_decode.c */
/* The error, naming the file, what and the byte offset at: -1. */
int od_bad(struct octx *x, const uint8_t *at, const char *fmt, ...);
int od_pberr(struct octx *x, int rc, const uint8_t *at, const char *where);
/* The next field of b (1), 0 at its end, or -1 with the error said
 * (inline: the readers' inner loops). */
static inline int
od_next(struct octx *x, struct pb *b, struct pb_field *f, const char *where)
{
	const uint8_t *at = b->p;
	int rc = pb_field(b, f);

	return rc < 0 ? od_pberr(x, rc, at, where) : rc;
}
/* 0 when f has wire type wire, else the error. */
int od_want(struct octx *x, const struct pb_field *f, int wire,
    const char *msg, const char *field);
/* Table t's elements in turn (it has been read once: no error), after
 * element 0: od_cursor_next gives each (1), then 0. */
void od_cursor(struct octx *x, struct ocursor *c, int t);
int od_cursor_next(struct octx *x, struct ocursor *c, struct pb *m);
int od_index_error(struct octx *x, int t, uint64_t i, const uint8_t *at,
    const char *what);

/* An index into table t: 0 when it is in range, the error said if not. */
static inline int
od_check_index(struct octx *x, int t, uint64_t i, const uint8_t *at,
    const char *what)
{
	if (i < x->t[t].n || (i == 0 && x->t[t].n == 0))
		return 0;
	return od_index_error(x, t, i, at, what);
}
int od_str(struct octx *x, uint64_t i, const uint8_t *at, const char *what,
    struct text *s);
int od_index_message(struct octx *x, const uint8_t *data, size_t len);
int od_sniff_layout(struct octx *x);
int od_no_nul(struct octx *x, const void *p, size_t n, const char *what);
int od_text_add(struct octx *x, const void *p, size_t n);
int od_text_str(struct octx *x, const char *s);
int od_key_value(struct octx *x, struct pb kv, struct text *key,
    struct pb *value);
int od_put_value(struct octx *x, struct pb m, int depth, int64_t *num,
    int *is_num);
int od_attribute(struct octx *x, uint64_t i, const uint8_t *at,
    struct text *key, struct text *unit, int64_t *num, int *is_num);
int od_ids(struct octx *x, const struct pb_field *f, const char *msg,
    const char *field);
int od_text_is(struct text t, const char *s);
int od_timestamps(struct octx *x, const struct pb_field *f);
int od_value_type(struct octx *x, struct pb m, struct text *type,
    struct text *unit);

/* otlp_samples.c */
int od_write_functions(struct octx *x);
int od_write_mappings(struct octx *x);
int od_write_locations(struct octx *x);
int od_sample_labels(struct octx *x, const uint8_t *at, uint64_t link);
void od_free_labels(struct octx *x);
int od_samples(struct octx *x, const struct pb *m, size_t n,
    uint32_t source, const uint32_t *vt);

#endif
