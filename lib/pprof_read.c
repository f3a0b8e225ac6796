/*
 * pprof to the stream. A small decoder of its own (protobuf-c would build
 * an object per message: most of the time and several times the input's
 * size in memory): the top-level fields are indexed, the tables decoded,
 * every reference checked, then each sample is decoded again as it is
 * written. Tables are written in define-before-use order with ids
 * renumbered 1..n in table order.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "pprof.h"
#include "stream.h"

struct pb {
	const uint8_t *p, *end;
};

struct slice {
	const uint8_t *p;
	size_t n;
};

struct dline {
	uint64_t function_id;	/* an index once checked */
	int64_t line, column;
};

struct dloc {
	uint64_t id, mapping_id, address;
	size_t line0, nline;	/* in lines */
	int folded;
};

struct dfn {
	uint64_t id;
	int64_t name, system_name, filename, start_line;
};

struct dmap {
	uint64_t id, start, limit, offset;
	int64_t filename, build_id;
	int has[4];
};

struct dlabel {
	int64_t key, str, num, num_unit;
};

/* A decoded profile: tables, and the samples still encoded. */
struct dprof {
	struct slice *strings, *samples;
	size_t nstrings, nsamples;
	int64_t *types;		/* type, unit pairs */
	size_t ntypes;
	struct dmap *mappings;
	struct dloc *locations;
	struct dline *lines;
	struct dfn *functions;
	size_t nmappings, nlocations, nlines, nfunctions;
	int64_t *comments;
	size_t ncomments;
	int64_t drop_frames, keep_frames, time_nanos, duration_nanos, period,
	    default_sample_type, doc_url, period_type[2];
	int has_period_type, time_seen;
	size_t cap[10];
	/* the current sample, decoded */
	uint64_t *locs, *vals;	/* vals: int64 as pprof has them */
	struct dlabel *labels;
	size_t nlocs, nvals, nlabels, caplocs, capvals, caplabels;
};


/* One more element at the end of arr (n counts it); -1: out of memory. */
#define PUSH(arr, n, cap) (ARRAY_ROOM(arr, n, cap) < 0 ? -1 : ((n)++, 0))

enum { PB_OK = 0, PB_BAD = -1, PB_NOMEM = -2 };

static const char *pb_err;	/* what PB_BAD means, for the message */

static int
bad(const char *why)
{
	pb_err = why;
	return PB_BAD;
}

static int
varint(struct pb *b, uint64_t *v)
{
	uint64_t r = 0;
	int shift;

	for (shift = 0; shift < 70 && b->p < b->end; shift += 7) {
		uint8_t c = *b->p++;
		r |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80)) {
			*v = r;
			return PB_OK;
		}
	}
	return bad(b->p < b->end ? "a varint longer than 10 bytes" :
	    "a field cut short");
}

/* varint, with the one-byte case inline (most ids and small values) */
static inline int
varint_fast(struct pb *b, uint64_t *v)
{
	if (b->p < b->end && *b->p < 0x80) {
		*v = *b->p++;
		return PB_OK;
	}
	return varint(b, v);
}

/* The next field: its number and wire type, and its value (wire types 0,
 * 1, 5) or contents (2). 1 for a field, 0 at the end. */
static int
field(struct pb *b, uint32_t *num, int *wt, uint64_t *val, struct pb *sub)
{
	uint64_t tag, len;
	int rc;

	if (b->p == b->end)
		return 0;
	if ((rc = varint_fast(b, &tag)) != PB_OK)
		return rc;
	*num = (uint32_t)(tag >> 3);
	*wt = (int)(tag & 7);
	if (tag >> 3 == 0 || tag >> 3 > 0x1fffffff)
		return bad("a field number out of range");
	switch (*wt) {
	case 0:
		return varint_fast(b, val) == PB_OK ? 1 : PB_BAD;
	case 1:
	case 5:
		len = *wt == 1 ? 8 : 4;
		if ((uint64_t)(b->end - b->p) < len)
			return bad("a field cut short");
		*val = 0;
		memcpy(val, b->p, len);	/* little-endian, as protobuf */
		b->p += len;
		return 1;
	case 2:
		if (varint(b, &len) != PB_OK)
			return PB_BAD;
		if (len > (uint64_t)(b->end - b->p))
			return bad("a length past the end of its message");
		sub->p = b->p;
		sub->end = b->p + len;
		b->p += len;
		return 1;
	default:
		return bad("wire type 3, 4, 6 or 7 (groups are not pprof)");
	}
}

/* A scalar field must come as a varint. */
#define SCALAR(wt) if ((wt) != 0) return bad("a field of the wrong type")

/* Repeated varints, packed (wire type 2) or not (0), each passed to add. */
static int
repeated(int wt, uint64_t val, struct pb *sub, int (*add)(void *, uint64_t),
    void *ctx)
{
	int rc;

	if (wt == 0)
		return add(ctx, val);
	if (wt != 2)
		return bad("a field of the wrong type");
	while (sub->p < sub->end)
		if ((rc = varint(sub, &val)) != PB_OK || (rc = add(ctx, val))
		    != PB_OK)
			return rc;
	return PB_OK;
}

static inline int
add_loc(void *ctx, uint64_t v)
{
	struct dprof *d = ctx;

	if (PUSH(d->locs, d->nlocs, d->caplocs) < 0)
		return PB_NOMEM;
	d->locs[d->nlocs - 1] = v;
	return PB_OK;
}

static inline int
add_val(void *ctx, uint64_t v)
{
	struct dprof *d = ctx;

	if (PUSH(d->vals, d->nvals, d->capvals) < 0)
		return PB_NOMEM;
	d->vals[d->nvals - 1] = v;
	return PB_OK;
}

static int
add_comment(void *ctx, uint64_t v)
{
	struct dprof *d = ctx;

	if (PUSH(d->comments, d->ncomments, d->cap[0]) < 0)
		return PB_NOMEM;
	d->comments[d->ncomments - 1] = (int64_t)v;
	return PB_OK;
}

static int
value_type(struct pb *b, int64_t out[2])
{
	struct pb sub;
	uint32_t num;
	int wt, rc;
	uint64_t v;

	out[0] = out[1] = 0;
	while ((rc = field(b, &num, &wt, &v, &sub)) > 0)
		if (num == 1 || num == 2) {
			SCALAR(wt);
			out[num - 1] = (int64_t)v;
		}
	return rc;
}

static int
mapping(struct dprof *d, struct pb *b)
{
	struct dmap *m;
	struct pb sub;
	uint32_t num;
	int wt, rc;
	uint64_t v;

	if (PUSH(d->mappings, d->nmappings, d->cap[1]) < 0)
		return PB_NOMEM;
	m = &d->mappings[d->nmappings - 1];
	memset(m, 0, sizeof(*m));
	while ((rc = field(b, &num, &wt, &v, &sub)) > 0) {
		if (num < 1 || num > 10)
			continue;
		SCALAR(wt);
		switch (num) {
		case 1: m->id = v; break;
		case 2: m->start = v; break;
		case 3: m->limit = v; break;
		case 4: m->offset = v; break;
		case 5: m->filename = (int64_t)v; break;
		case 6: m->build_id = (int64_t)v; break;
		default: m->has[num - 7] = v != 0; break;
		}
	}
	return rc;
}

static int
line(struct dprof *d, struct pb *b)
{
	struct dline *l;
	struct pb sub;
	uint32_t num;
	int wt, rc;
	uint64_t v;

	if (PUSH(d->lines, d->nlines, d->cap[2]) < 0)
		return PB_NOMEM;
	l = &d->lines[d->nlines - 1];
	memset(l, 0, sizeof(*l));
	while ((rc = field(b, &num, &wt, &v, &sub)) > 0) {
		if (num < 1 || num > 3)
			continue;
		SCALAR(wt);
		if (num == 1)
			l->function_id = v;
		else if (num == 2)
			l->line = (int64_t)v;
		else
			l->column = (int64_t)v;
	}
	return rc;
}

static int
location(struct dprof *d, struct pb *b)
{
	struct dloc *l;
	struct pb sub;
	uint32_t num;
	int wt, rc;
	uint64_t v;
	size_t li;

	if (PUSH(d->locations, d->nlocations, d->cap[3]) < 0)
		return PB_NOMEM;
	li = d->nlocations - 1;
	l = &d->locations[li];
	memset(l, 0, sizeof(*l));
	l->line0 = d->nlines;
	while ((rc = field(b, &num, &wt, &v, &sub)) > 0) {
		l = &d->locations[li];
		switch (num) {
		case 1: SCALAR(wt); l->id = v; break;
		case 2: SCALAR(wt); l->mapping_id = v; break;
		case 3: SCALAR(wt); l->address = v; break;
		case 5: SCALAR(wt); l->folded = v != 0; break;
		case 4:
			if (wt != 2)
				return bad("a field of the wrong type");
			/* lines of one location are contiguous */
			if (l->nline > 0 && l->line0 + l->nline != d->nlines)
				return bad("a location's lines interleaved");
			if (l->nline == 0)
				l->line0 = d->nlines;
			if ((rc = line(d, &sub)) != PB_OK)
				return rc;
			d->locations[li].nline++;
			break;
		}
	}
	return rc;
}

static int
function(struct dprof *d, struct pb *b)
{
	struct dfn *f;
	struct pb sub;
	uint32_t num;
	int wt, rc;
	uint64_t v;

	if (PUSH(d->functions, d->nfunctions, d->cap[4]) < 0)
		return PB_NOMEM;
	f = &d->functions[d->nfunctions - 1];
	memset(f, 0, sizeof(*f));
	while ((rc = field(b, &num, &wt, &v, &sub)) > 0) {
		if (num < 1 || num > 5)
			continue;
		SCALAR(wt);
		switch (num) {
		case 1: f->id = v; break;
		case 2: f->name = (int64_t)v; break;
		case 3: f->system_name = (int64_t)v; break;
		case 4: f->filename = (int64_t)v; break;
		case 5: f->start_line = (int64_t)v; break;
		}
	}
	return rc;
}

/* Appends the varints of a packed field (end - p bytes) to arr: the hot
 * loop of a big profile, so the room is made once (a varint is at least a
 * byte) and one- and two-byte varints are decoded inline; longer ones go
 * to varint(). */
static int
packed(const uint8_t *p, const uint8_t *end, uint64_t **arr, size_t *n,
    size_t *cap)
{
	struct pb rest;
	uint64_t *out, v;
	size_t need = *n + (size_t)(end - p);

	if (p == end)		/* *arr may still be NULL */
		return PB_OK;
	if (need > *cap && array_grow((void **)arr, cap, need,
	    sizeof(**arr)) < 0)
		return PB_NOMEM;
	out = *arr + *n;
	while (p < end) {
		if (*p < 0x80)
			v = *p++;
		else if (p + 1 < end && p[1] < 0x80) {	/* ids < 16384 */
			v = (p[0] & 0x7fu) | (uint64_t)p[1] << 7;
			p += 2;
		} else {
			rest.p = p;
			rest.end = end;
			if (varint(&rest, &v) != PB_OK)
				return PB_BAD;
			p = rest.p;
		}
		*out++ = v;
	}
	*n = (size_t)(out - *arr);
	return PB_OK;
}

/* Decodes sample s into d->locs, d->vals and d->labels. */
static int
sample(struct dprof *d, const struct slice *s)
{
	struct pb b = { s->p, s->p + s->n }, sub, lsub;
	struct dlabel *l;
	uint32_t num, lnum;
	int wt, lwt, rc;
	uint64_t v, lv;

	d->nlocs = d->nvals = d->nlabels = 0;
	while ((rc = field(&b, &num, &wt, &v, &sub)) > 0) {
		if ((num == 1 || num == 2) && wt == 2) {
			/* packed, as nearly always */
			rc = num == 1 ? packed(sub.p, sub.end, &d->locs,
			    &d->nlocs, &d->caplocs) : packed(sub.p, sub.end,
			    &d->vals, &d->nvals, &d->capvals);
		} else if (num == 1)
			rc = repeated(wt, v, &sub, add_loc, d);
		else if (num == 2)
			rc = repeated(wt, v, &sub, add_val, d);
		else if (num == 3) {
			if (wt != 2)
				return bad("a field of the wrong type");
			if (PUSH(d->labels, d->nlabels, d->caplabels) < 0)
				return PB_NOMEM;
			l = &d->labels[d->nlabels - 1];
			memset(l, 0, sizeof(*l));
			while ((rc = field(&sub, &lnum, &lwt, &lv, &lsub)) > 0)
				if (lnum >= 1 && lnum <= 4) {
					SCALAR(lwt);
					(&l->key)[lnum - 1] = (int64_t)lv;
				}
		} else
			rc = PB_OK;
		if (rc < 0)
			return rc;
	}
	return rc;
}

/* Indexes the profile's top-level fields and decodes its tables. */
static int
decode(struct dprof *d, const uint8_t *data, size_t len)
{
	struct pb b = { data, data + len }, sub;
	uint32_t num;
	int wt, rc;
	uint64_t v;
	struct slice *sl;

	while ((rc = field(&b, &num, &wt, &v, &sub)) > 0) {
		switch (num) {
		case 1:
			if (wt != 2)
				return bad("a field of the wrong type");
			if (PUSH(d->types, d->ntypes, d->cap[5]) < 0 ||
			    PUSH(d->types, d->ntypes, d->cap[5]) < 0)
				return PB_NOMEM;
			rc = value_type(&sub, &d->types[d->ntypes - 2]);
			break;
		case 2: case 6:
			if (wt != 2)
				return bad("a field of the wrong type");
			if (num == 2 ? PUSH(d->samples, d->nsamples, d->cap[6])
			    : PUSH(d->strings, d->nstrings, d->cap[7]))
				return PB_NOMEM;
			sl = num == 2 ? &d->samples[d->nsamples - 1] :
			    &d->strings[d->nstrings - 1];
			sl->p = sub.p;
			sl->n = (size_t)(sub.end - sub.p);
			break;
		case 3: case 4: case 5:
			if (wt != 2)
				return bad("a field of the wrong type");
			rc = num == 3 ? mapping(d, &sub) : num == 4 ?
			    location(d, &sub) : function(d, &sub);
			break;
		case 11:
			if (wt != 2)
				return bad("a field of the wrong type");
			d->has_period_type = 1;
			rc = value_type(&sub, d->period_type);
			break;
		case 13:
			rc = repeated(wt, v, &sub, add_comment, d);
			break;
		case 7: case 8: case 9: case 10: case 12: case 14: case 15:
			SCALAR(wt);
			switch (num) {
			case 7: d->drop_frames = (int64_t)v; break;
			case 8: d->keep_frames = (int64_t)v; break;
			case 9:
				/* as google/pprof: two time_nanos are two
				 * profiles concatenated */
				if (d->time_seen++)
					return bad("two profiles concatenated "
					    "(time_nanos twice)");
				d->time_nanos = (int64_t)v;
				break;
			case 10: d->duration_nanos = (int64_t)v; break;
			case 12: d->period = (int64_t)v; break;
			case 14: d->default_sample_type = (int64_t)v; break;
			case 15: d->doc_url = (int64_t)v; break;
			}
			rc = PB_OK;
			break;
		default:
			rc = PB_OK;	/* unknown: skipped */
		}
		if (rc < 0)
			return rc;
	}
	return rc;
}

static void
dprof_free(struct dprof *d)
{
	free(d->strings);
	free(d->samples);
	free(d->types);
	free(d->mappings);
	free(d->locations);
	free(d->lines);
	free(d->functions);
	free(d->comments);
	free(d->locs);
	free(d->vals);
	free(d->labels);
}

void
pprof_read_begin(struct pprof_reader *c, struct output *o)
{
	memset(c, 0, sizeof(*c));
	c->o = o;
	stream_write_preamble(o, V20, STREAM_V2_TABLES |
	    (1u << T_SOURCE_ATTRIBUTES) | (1u << T_MAPPINGS) |
	    (1u << T_SAMPLE_LABELS), 1);
}

/* Names what a file that is not a protobuf profile looks like. */
static const char *
legacy_kind(const unsigned char *d, size_t n)
{
	static const unsigned char z[8];
	size_t i;

	if (n >= 16 && memcmp(d, z, 8) == 0 && (d[8] == 3 || d[15] == 3))
		return "legacy gperftools CPU profile (64-bit)";
	if (n >= 12 && memcmp(d, z, 4) == 0 && (d[4] == 3 || d[7] == 3))
		return (d[8] == 1 || d[11] == 1) ?
		    "legacy Java CPU profile" :
		    "legacy gperftools CPU profile (32-bit)";
#define STARTS(s) (n >= sizeof(s) - 1 && memcmp(d, s, sizeof(s) - 1) == 0)
	if (STARTS("--- contention"))
		return "legacy contention profile (text)";
	if (STARTS("--- threadz"))
		return "legacy thread profile (text)";
	if (STARTS("--- heapz") || STARTS("heap profile:") ||
	    STARTS("heap_v2/"))
		return "legacy heap profile (text)";
	if (STARTS("format = java"))
		return "legacy Java profile (text)";
#undef STARTS
	for (i = 0; i < n && i < 64 && d[i] != '\n'; i++)
		if (d[i] < 0x20 && d[i] != '\t' && d[i] != '\r')
			return NULL;
	for (n = 0; n + 15 <= i; n++)
		if (memcmp(d + n, " profile: total", 15) == 0)
			return "legacy Go count profile";
	return i > 0 ? "text, not a pprof profile" : NULL;
}

struct ctx {
	struct dprof *p;
	const char *name;
	struct perr *e;
	struct u64map fn, loc, map;	/* pprof id -> index */
	int fn_dense, loc_dense, map_dense;	/* ids are 1..n in order */
	uint32_t *loc_first;		/* per Location: first stream id */
	uint32_t *loc_rows;		/* per Location: its stream rows */
};

static int
pberr(struct ctx *x, int rc, const char *where)
{
	if (rc == PB_NOMEM)
		return perr_nomem(x->e);
	return perr_set(x->e, "%s: not a valid pprof profile: %s (%s)",
	    x->name, pb_err, where);
}

/* The index of id in a table of n: directly when ids are 1..n in table
 * order (as the Go runtime and google/pprof write them), else by the map. */
static uint32_t *
find_id(struct u64map *m, int dense, size_t n, uint64_t id, uint32_t *tmp)
{
	if (dense) {
		if (id == 0 || id > n)
			return NULL;
		*tmp = (uint32_t)(id - 1);
		return tmp;
	}
	return u64map_get(m, id);
}

static int
str_ok(struct ctx *x, int64_t i, const char *what)
{
	if (i < 0 || (uint64_t)i >= x->p->nstrings)
		return perr_set(x->e, "%s: %s: string index %lld out of range "
		    "(the string table has %zu)", x->name, what, (long long)i,
		    x->p->nstrings);
	return 0;
}

static const struct slice *
str(struct ctx *x, int64_t i)
{
	return &x->p->strings[i];
}

static void
w_str(struct output *o, struct ctx *x, int64_t i)
{
	row_str(o, (const char *)str(x, i)->p, str(x, i)->n);
}

/* Maps ids of a table to indices, refusing 0 and repeats. */
static int
index_ids(struct ctx *x, struct u64map *m, int *dense, size_t n,
    const void *rows, size_t size, const char *what)
{
	size_t i;
	int added;
	uint64_t id;

	for (i = 0; i < n; i++) {
		memcpy(&id, (const char *)rows + i * size, sizeof(id));
		if (id != i + 1)
			break;
	}
	if ((*dense = i == n))
		return 0;
	for (i = 0; i < n; i++) {
		memcpy(&id, (const char *)rows + i * size, sizeof(id));
		if (id == 0)
			return perr_set(x->e, "%s: %s %zu has id 0", x->name,
			    what, i + 1);
		if (u64map_put(m, id, (uint32_t)i, &added) == NULL)
			return perr_nomem(x->e);
		if (!added)
			return perr_set(x->e, "%s: %s id %llu repeated",
			    x->name, what, (unsigned long long)id);
	}
	return 0;
}

static int
check_sample(struct ctx *x, size_t i)
{
	struct dprof *p = x->p;
	size_t j;
	int rc;
	uint32_t tmp;

	if ((rc = sample(p, &p->samples[i])) < 0)
		return pberr(x, rc, "a sample");
	if (p->nvals != p->ntypes / 2)
		return perr_set(x->e, "%s: sample %zu has %zu values for %zu "
		    "sample types", x->name, i + 1, p->nvals, p->ntypes / 2);
	for (j = 0; j < p->nlocs; j++)
		if (find_id(&x->loc, x->loc_dense, p->nlocations, p->locs[j],
		    &tmp) == NULL)
			return perr_set(x->e, "%s: sample %zu: location %llu "
			    "does not exist", x->name, i + 1,
			    (unsigned long long)p->locs[j]);
	for (j = 0; j < p->nlabels; j++)
		if (str_ok(x, p->labels[j].key, "label key") < 0 ||
		    str_ok(x, p->labels[j].str, "label") < 0 ||
		    str_ok(x, p->labels[j].num_unit, "label unit") < 0)
			return -1;
	return 0;
}

static int
check(struct ctx *x)
{
	struct dprof *p = x->p;
	size_t i, j;
	uint32_t tmp, *ix;

	if (p->nstrings == 0 || p->strings[0].n != 0)
		return perr_set(x->e, "%s: the string table must begin with "
		    "\"\"", x->name);
	for (i = 1; i < p->nstrings; i++)
		if (p->strings[i].n > 0 &&
		    memchr(p->strings[i].p, '\0', p->strings[i].n) != NULL)
			return perr_set(x->e, "%s: string %zu has a NUL byte, "
			    "which the stream cannot hold", x->name, i);
	if (index_ids(x, &x->fn, &x->fn_dense, p->nfunctions, p->functions,
	    sizeof(*p->functions), "function") < 0 ||
	    index_ids(x, &x->loc, &x->loc_dense, p->nlocations, p->locations,
	    sizeof(*p->locations), "location") < 0 ||
	    index_ids(x, &x->map, &x->map_dense, p->nmappings, p->mappings,
	    sizeof(*p->mappings), "mapping") < 0)
		return -1;
	for (i = 0; i < p->ntypes; i++)
		if (str_ok(x, p->types[i], "sample type") < 0)
			return -1;
	for (i = 0; i < p->nfunctions; i++)
		if (str_ok(x, p->functions[i].name, "function name") < 0 ||
		    str_ok(x, p->functions[i].system_name, "system name") < 0 ||
		    str_ok(x, p->functions[i].filename, "file name") < 0)
			return -1;
	for (i = 0; i < p->nmappings; i++)
		if (str_ok(x, p->mappings[i].filename, "mapping file") < 0 ||
		    str_ok(x, p->mappings[i].build_id, "build id") < 0)
			return -1;
	for (i = 0; i < p->nlocations; i++) {
		struct dloc *l = &p->locations[i];
		if (l->mapping_id != 0 && find_id(&x->map, x->map_dense,
		    p->nmappings, l->mapping_id, &tmp) == NULL)
			return perr_set(x->e, "%s: location %llu: mapping %llu "
			    "does not exist", x->name, (unsigned long long)
			    l->id, (unsigned long long)l->mapping_id);
		for (j = 0; j < l->nline; j++) {
			struct dline *ln = &p->lines[l->line0 + j];
			if ((ix = find_id(&x->fn, x->fn_dense, p->nfunctions,
			    ln->function_id, &tmp)) == NULL)
				return perr_set(x->e, "%s: location %llu: "
				    "function %llu does not exist", x->name,
				    (unsigned long long)l->id,
				    (unsigned long long)ln->function_id);
			/* from here on the field holds the index */
			ln->function_id = *ix;
			if (ln->line < 0 || ln->line > INT32_MAX ||
			    ln->column < 0 || ln->column > INT32_MAX)
				return perr_set(x->e, "%s: location %llu: line "
				    "or column out of range", x->name,
				    (unsigned long long)l->id);
		}
	}
	for (i = 0; i < p->nsamples; i++)
		if (check_sample(x, i) < 0)
			return -1;
	if (str_ok(x, p->drop_frames, "drop_frames") < 0 ||
	    str_ok(x, p->keep_frames, "keep_frames") < 0 ||
	    str_ok(x, p->default_sample_type, "default_sample_type") < 0 ||
	    str_ok(x, p->doc_url, "doc_url") < 0 ||
	    str_ok(x, p->period_type[0], "period type") < 0 ||
	    str_ok(x, p->period_type[1], "period unit") < 0)
		return -1;
	for (i = 0; i < p->ncomments; i++)
		if (str_ok(x, p->comments[i], "comment") < 0)
			return -1;
	return 0;
}

static void
attr_str(struct output *o, struct ctx *x, uint32_t src, const char *key,
    int64_t i, int always)
{
	if (i == 0 && !always)
		return;
	row_begin(o, T_SOURCE_ATTRIBUTES);
	row_u64(o, src);
	row_cstr(o, key);
	w_str(o, x, i);
	row_end(o);
}

static void
attr_num(struct output *o, uint32_t src, const char *key, int64_t v)
{
	char num[FMT_NUM_MAX + 1];

	if (v == 0)
		return;
	num[fmt_i64(num, v)] = '\0';
	row_begin(o, T_SOURCE_ATTRIBUTES);
	row_u64(o, src);
	row_cstr(o, key);
	row_cstr(o, num);
	row_end(o);
}

static void
header(struct pprof_reader *c, struct ctx *x, const char *uri)
{
	struct output *o = c->o;
	const struct dprof *p = x->p;
	uint32_t src = ++c->nsources;
	size_t i;

	row_begin(o, T_SOURCES);
	row_u64(o, src);
	row_cstr(o, "pprof");
	if (uri != NULL)
		row_cstr(o, uri);
	else
		row_na(o);
	if (p->time_nanos != 0)
		row_dbl(o, (double)p->time_nanos / 1e9);
	else
		row_na(o);
	row_end(o);
	if (p->has_period_type) {	/* even empty: it was there */
		attr_str(o, x, src, "pprof.period_type", p->period_type[0], 1);
		attr_str(o, x, src, "pprof.period_unit", p->period_type[1], 1);
	}
	attr_num(o, src, "pprof.period", p->period);
	attr_num(o, src, "pprof.time_nanos", p->time_nanos);
	attr_num(o, src, "pprof.duration_nanos", p->duration_nanos);
	attr_str(o, x, src, "pprof.drop_frames", p->drop_frames, 0);
	attr_str(o, x, src, "pprof.keep_frames", p->keep_frames, 0);
	attr_str(o, x, src, "pprof.doc_url", p->doc_url, 0);
	attr_str(o, x, src, "pprof.default_sample_type",
	    p->default_sample_type, 0);
	for (i = 0; i < p->ncomments; i++) {
		row_begin(o, T_SOURCE_ATTRIBUTES);
		row_u64(o, src);
		row_cstr(o, "pprof.profile.comment");
		w_str(o, x, p->comments[i]);
		row_end(o);
	}
}

static void
definitions(struct pprof_reader *c, struct ctx *x)
{
	struct output *o = c->o;
	const struct dprof *p = x->p;
	size_t i, j;
	int64_t name, sys;

	for (i = 0; i < p->nmappings; i++) {
		const struct dmap *m = &p->mappings[i];
		row_begin(o, T_MAPPINGS);
		row_u64(o, c->nmappings + i + 1);
		row_hex(o, m->start);
		row_hex(o, m->limit);
		row_hex(o, m->offset);
		w_str(o, x, m->filename);
		w_str(o, x, m->build_id);
		for (j = 0; j < 4; j++)
			row_lgl(o, m->has[j]);
		row_end(o);
	}
	for (i = 0; i < p->nfunctions; i++) {
		const struct dfn *f = &p->functions[i];
		name = str(x, f->name)->n ? f->name : f->system_name;
		sys = str(x, f->system_name)->n ? f->system_name : f->name;
		row_begin(o, T_FUNCTIONS);
		row_u64(o, c->nfunctions + i + 1);
		if (str(x, name)->n == 0) {
			row_cstr(o, PPROF_NONAME);
			row_cstr(o, PPROF_NONAME);
		} else {
			w_str(o, x, name);
			w_str(o, x, sys);
		}
		w_str(o, x, f->filename);
		row_int(o, f->start_line);
		row_end(o);
	}
	/* each Location: a row per line, innermost first, or one row */
	for (i = 0; i < p->nlocations; i++) {
		const struct dloc *l = &p->locations[i];
		uint32_t tmp, *m = l->mapping_id ? find_id(&x->map,
		    x->map_dense, p->nmappings, l->mapping_id, &tmp) : NULL;
		x->loc_first[i] = c->nlocations + 1;
		x->loc_rows[i] = l->nline ? (uint32_t)l->nline : 1;
		for (j = 0; j < (l->nline ? l->nline : 1); j++) {
			const struct dline *ln = l->nline ?
			    &p->lines[l->line0 + j] : NULL;
			row_begin(o, T_LOCATIONS);
			row_u64(o, ++c->nlocations);
			if (l->nline) {
				row_u64(o, c->nfunctions + 1 +
				    ln->function_id);
				row_int(o, ln->line);
			} else {
				row_na(o);
				row_na(o);
			}
			row_hex(o, l->address);
			if (m != NULL)
				row_u64(o, c->nmappings + 1 + *m);
			else
				row_na(o);
			row_lgl(o, l->folded);
			row_lgl(o, l->nline && j + 1 < l->nline);
			row_int(o, l->nline ? ln->column : 0);
			row_end(o);
		}
	}
	c->nmappings += (uint32_t)p->nmappings;
	c->nfunctions += (uint32_t)p->nfunctions;
}

/* The decimal text of every stream location id, for the hot loop. */
static char *
loc_texts(struct ctx *x, uint32_t first, uint32_t n, uint32_t **offs)
{
	/* 16 bytes of slack: the hot loop copies 16 at a time */
	char *t = malloc((size_t)n * 11 + 16);
	uint32_t i, off = 0;

	*offs = malloc(((size_t)n + 1) * sizeof(**offs));
	if (t == NULL || *offs == NULL) {
		free(t);
		free(*offs);
		perr_nomem(x->e);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		(*offs)[i] = off;
		off += (uint32_t)fmt_u64(t + off, (uint64_t)first + i);
	}
	(*offs)[n] = off;
	return t;
}

/* "\ttype\tunit\t" of each sample type, escaped once. */
static char *
type_texts(struct ctx *x, size_t **offs)
{
	const struct dprof *p = x->p;
	struct output mem = { 0 };
	size_t i, cap = 64;

	for (i = 0; i < p->ntypes; i++)
		cap += 2 * str(x, p->types[i])->n + 4;
	/* an output with a buffer that never needs flushing */
	mem.buf = malloc(cap);
	mem.cap = cap;
	*offs = malloc((p->ntypes / 2 + 1) * sizeof(**offs));
	if (mem.buf == NULL || *offs == NULL) {
		free(mem.buf);
		free(*offs);
		perr_nomem(x->e);
		return NULL;
	}
	for (i = 0; i < p->ntypes / 2; i++) {
		(*offs)[i] = mem.len;
		w_str(&mem, x, p->types[2 * i]);
		w_str(&mem, x, p->types[2 * i + 1]);
		out_char(&mem, '\t');
	}
	(*offs)[i] = mem.len;
	return mem.buf;
}

static int
samples(struct pprof_reader *c, struct ctx *x, uint32_t first_loc)
{
	struct output *o = c->o;
	struct dprof *p = x->p;
	size_t i, j, k, n, sidlen, depth, len, *toffs;
	char sid[FMT_NUM_MAX], *q, *types;
	uint32_t li, *offs, id, tmp;
	char *texts = loc_texts(x, first_loc, c->nlocations - first_loc + 1,
	    &offs);

	if (texts == NULL)
		return -1;
	if ((types = type_texts(x, &toffs)) == NULL) {
		free(texts);
		free(offs);
		return -1;
	}
	for (i = 0; i < p->nsamples; i++) {
		sample(p, &p->samples[i]);	/* checked already */
		sidlen = fmt_u64(sid, ++c->nsamples);
		out_str(o, "samples\t");
		out_write(o, sid, sidlen);
		out_char(o, '\t');
		out_u64(o, c->nsources);
		out_char(o, '\n');
		for (j = 0; j < p->nvals; j++) {
			out_str(o, "sample_values\t");
			out_write(o, sid, sidlen);
			out_write(o, types + toffs[j], toffs[j + 1] - toffs[j]);
			out_dbl(o, (double)(int64_t)p->vals[j]);
			out_char(o, '\n');
		}
		depth = 0;
		for (j = 0; j < p->nlocs; j++) {
			li = *find_id(&x->loc, x->loc_dense, p->nlocations,
			    p->locs[j], &tmp);
			n = x->loc_rows[li];
			for (k = 0; k < n; k++) {
				/* sample_locations \t sid \t depth \t id \n */
				id = x->loc_first[li] + (uint32_t)k - first_loc;
				len = offs[id + 1] - offs[id];
				/* fixed-size copies, then the pointer moves
				 * by the true length: no memcpy calls */
				q = out_reserve(o, 17 + sizeof(sid) +
				    FMT_NUM_MAX + 16 + 3);
				memcpy(q, "sample_locations\t", 17);
				memcpy(q + 17, sid, 16);
				q += 17 + sidlen;
				*q++ = '\t';
				q += fmt_u64(q, ++depth);
				*q++ = '\t';
				memcpy(q, texts + offs[id], 16);
				q += len;
				*q++ = '\n';
				o->len = (size_t)(q - o->buf);
			}
		}
		for (j = 0; j < p->nlabels; j++) {
			const struct dlabel *l = &p->labels[j];
			row_begin(o, T_SAMPLE_LABELS);
			out_char(o, '\t');
			out_write(o, sid, sidlen);
			w_str(o, x, l->key);
			if (l->str != 0) {
				w_str(o, x, l->str);
				row_na(o);
				row_na(o);
			} else {
				row_na(o);
				row_int(o, l->num);
				if (l->num_unit != 0)
					w_str(o, x, l->num_unit);
				else
					row_na(o);
			}
			row_end(o);
		}
	}
	free(texts);
	free(offs);
	free(types);
	free(toffs);
	return 0;
}

int
pprof_read(struct pprof_reader *c, const unsigned char *data, size_t len,
    int compressed, const char *name, const char *uri, struct perr *e)
{
	struct dprof d;
	struct ctx x;
	const char *kind;
	int rc = -1;

	memset(&x, 0, sizeof(x));
	memset(&d, 0, sizeof(d));
	x.name = name;
	x.e = e;
	x.p = &d;
	if (len == 0)
		return perr_set(e, "%s: empty input: not a pprof profile", name);
	if ((rc = decode(&d, data, len)) < 0) {
		if (rc == PB_NOMEM)
			rc = perr_nomem(e);
		else if ((kind = legacy_kind(data, len)) != NULL)
			rc = perr_set(e, "%s: %s: not supported (only "
			    "profile.proto, gzipped or not)", name, kind);
		else
			rc = perr_set(e, "%s: not a pprof profile: %s (%s)",
			    name, compressed ? "gzip-compressed, but not a "
			    "valid protobuf inside" : "neither gzip nor a valid "
			    "protobuf", pb_err);
		dprof_free(&d);
		return rc;
	}
	rc = -1;
	if (d.nstrings == 0 && (kind = legacy_kind(data, len)) != NULL) {
		/* a text file can pass for protobuf fields; no strings: not */
		dprof_free(&d);
		return perr_set(e, "%s: %s: not supported (only profile.proto, "
		    "gzipped or not)", name, kind);
	}
	if (check(&x) == 0) {
		x.loc_first = malloc((d.nlocations + 1) * sizeof(*x.loc_first));
		x.loc_rows = malloc((d.nlocations + 1) * sizeof(*x.loc_rows));
		if (x.loc_first == NULL || x.loc_rows == NULL)
			perr_nomem(e);
		else {
			uint32_t first_loc = c->nlocations + 1;
			header(c, &x, uri);
			definitions(c, &x);
			rc = samples(c, &x, first_loc);
		}
	}
	free(x.loc_first);
	free(x.loc_rows);
	u64map_free(&x.fn);
	u64map_free(&x.loc);
	u64map_free(&x.map);
	dprof_free(&d);
	return rc;
}
