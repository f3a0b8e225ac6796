/*
 * pprof to the stream. A small decoder of its own (protobuf-c would build
 * an object per message: most of the time and several times the input's
 * size in memory): the top-level fields are indexed, the tables decoded,
 * every reference checked, then each sample is decoded again as it is
 * written. Tables are written in define-before-use order with ids
 * renumbered 1..n in table order.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/pprof.h"
#include "formats/pb.h"
#include "stream/sniff.h"

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
	int has_functions, has_filenames, has_line_numbers, has_inline_frames;
};

struct dlabel {
	int64_t key, str, num, num_unit;
};

/* A decoded profile: tables, and the samples still encoded. */
struct dprof {
	struct slice *strings, *samples;
	size_t nstrings, nsamples, capstrings, capsamples;
	int64_t *types;		/* type, unit pairs */
	size_t ntypes, captypes;
	struct dmap *mappings;
	struct dloc *locations;
	struct dline *lines;
	struct dfn *functions;
	size_t nmappings, nlocations, nlines, nfunctions;
	size_t capmappings, caplocations, caplines, capfunctions;
	uint64_t *comments;	/* string indices */
	size_t ncomments, capcomments;
	int64_t drop_frames, keep_frames, time_nanos, duration_nanos, period,
	    default_sample_type, doc_url, period_type[2];
	int has_period_type, time_seen;
	/* the current sample, decoded */
	uint64_t *locs, *vals;	/* vals: int64 as pprof has them */
	struct dlabel *labels;
	size_t nlocs, nvals, nlabels, caplocs, capvals, caplabels;
};

/* What a profile may be wrong in beyond the wire format. */
enum {
	PPROF_INTERLEAVED = PB_USER,	/* a Location's lines not together */
	PPROF_TWICE = PB_USER - 1,	/* time_nanos twice */
};

static const char *
why(int status)
{
	if (status == PPROF_INTERLEAVED)
		return "a location's lines interleaved";
	if (status == PPROF_TWICE)
		return "two profiles concatenated (time_nanos twice)";
	return pb_strerror(status);
}

/* One more element at the end of arr (n counts it); -1: out of memory. */
#define PUSH(arr, n, cap) (ARRAY_ROOM(arr, n, cap) < 0 ? -1 : ((n)++, 0))

/* Each message's fields: a field of another number is skipped, as
 * protobuf wants. */

static int
value_type(struct pb *b, int64_t out[2])
{
	struct pb_field f;
	int rc;

	out[0] = out[1] = 0;
	while ((rc = pb_field(b, &f)) > 0) {
		if (f.num != PB_VALUE_TYPE_TYPE && f.num != PB_VALUE_TYPE_UNIT)
			continue;
		if (pb_scalar(&f) != PB_OK)
			return PB_WRONG_TYPE;
		out[f.num == PB_VALUE_TYPE_UNIT] = (int64_t)f.val;
	}
	return rc;
}

static int
mapping(struct dprof *d, struct pb *b)
{
	struct dmap *m;
	struct pb_field f;
	int rc;

	if (PUSH(d->mappings, d->nmappings, d->capmappings) < 0)
		return PB_NOMEM;
	m = &d->mappings[d->nmappings - 1];
	memset(m, 0, sizeof(*m));
	while ((rc = pb_field(b, &f)) > 0) {
		if (f.num < PB_MAPPING_ID || f.num > PB_MAPPING_HAS_INLINE_FRAMES)
			continue;
		if (pb_scalar(&f) != PB_OK)
			return PB_WRONG_TYPE;
		switch (f.num) {
		case PB_MAPPING_ID: m->id = f.val; break;
		case PB_MAPPING_MEMORY_START: m->start = f.val; break;
		case PB_MAPPING_MEMORY_LIMIT: m->limit = f.val; break;
		case PB_MAPPING_FILE_OFFSET: m->offset = f.val; break;
		case PB_MAPPING_FILENAME: m->filename = (int64_t)f.val; break;
		case PB_MAPPING_BUILD_ID: m->build_id = (int64_t)f.val; break;
		case PB_MAPPING_HAS_FUNCTIONS: m->has_functions = f.val != 0;
			break;
		case PB_MAPPING_HAS_FILENAMES: m->has_filenames = f.val != 0;
			break;
		case PB_MAPPING_HAS_LINE_NUMBERS:
			m->has_line_numbers = f.val != 0;
			break;
		case PB_MAPPING_HAS_INLINE_FRAMES:
			m->has_inline_frames = f.val != 0;
			break;
		}
	}
	return rc;
}

static int
line(struct dprof *d, struct pb *b)
{
	struct dline *l;
	struct pb_field f;
	int rc;

	if (PUSH(d->lines, d->nlines, d->caplines) < 0)
		return PB_NOMEM;
	l = &d->lines[d->nlines - 1];
	memset(l, 0, sizeof(*l));
	while ((rc = pb_field(b, &f)) > 0) {
		if (f.num < PB_LINE_FUNCTION_ID || f.num > PB_LINE_COLUMN)
			continue;
		if (pb_scalar(&f) != PB_OK)
			return PB_WRONG_TYPE;
		if (f.num == PB_LINE_FUNCTION_ID)
			l->function_id = f.val;
		else if (f.num == PB_LINE_LINE)
			l->line = (int64_t)f.val;
		else
			l->column = (int64_t)f.val;
	}
	return rc;
}

static int
location(struct dprof *d, struct pb *b)
{
	struct dloc *l;
	struct pb_field f;
	int rc;
	size_t li;

	if (PUSH(d->locations, d->nlocations, d->caplocations) < 0)
		return PB_NOMEM;
	li = d->nlocations - 1;
	l = &d->locations[li];
	memset(l, 0, sizeof(*l));
	l->line0 = d->nlines;
	while ((rc = pb_field(b, &f)) > 0) {
		l = &d->locations[li];
		switch (f.num) {
		case PB_LOCATION_ID:
		case PB_LOCATION_MAPPING_ID:
		case PB_LOCATION_ADDRESS:
		case PB_LOCATION_IS_FOLDED:
			if (pb_scalar(&f) != PB_OK)
				return PB_WRONG_TYPE;
			if (f.num == PB_LOCATION_ID)
				l->id = f.val;
			else if (f.num == PB_LOCATION_MAPPING_ID)
				l->mapping_id = f.val;
			else if (f.num == PB_LOCATION_ADDRESS)
				l->address = f.val;
			else
				l->folded = f.val != 0;
			break;
		case PB_LOCATION_LINE:
			if (f.wire != PB_LEN)
				return PB_WRONG_TYPE;
			/* lines of one location are contiguous */
			if (l->nline > 0 && l->line0 + l->nline != d->nlines)
				return PPROF_INTERLEAVED;
			if (l->nline == 0)
				l->line0 = d->nlines;
			if ((rc = line(d, &f.sub)) != PB_OK)
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
	struct dfn *fn;
	struct pb_field f;
	int rc;

	if (PUSH(d->functions, d->nfunctions, d->capfunctions) < 0)
		return PB_NOMEM;
	fn = &d->functions[d->nfunctions - 1];
	memset(fn, 0, sizeof(*fn));
	while ((rc = pb_field(b, &f)) > 0) {
		if (f.num < PB_FUNCTION_ID || f.num > PB_FUNCTION_START_LINE)
			continue;
		if (pb_scalar(&f) != PB_OK)
			return PB_WRONG_TYPE;
		switch (f.num) {
		case PB_FUNCTION_ID: fn->id = f.val; break;
		case PB_FUNCTION_NAME: fn->name = (int64_t)f.val; break;
		case PB_FUNCTION_SYSTEM_NAME: fn->system_name = (int64_t)f.val;
			break;
		case PB_FUNCTION_FILENAME: fn->filename = (int64_t)f.val; break;
		case PB_FUNCTION_START_LINE: fn->start_line = (int64_t)f.val;
			break;
		}
	}
	return rc;
}

static int
label(struct dprof *d, struct pb *b)
{
	struct dlabel *l;
	struct pb_field f;
	int rc;

	if (PUSH(d->labels, d->nlabels, d->caplabels) < 0)
		return PB_NOMEM;
	l = &d->labels[d->nlabels - 1];
	memset(l, 0, sizeof(*l));
	while ((rc = pb_field(b, &f)) > 0) {
		if (f.num < PB_LABEL_KEY || f.num > PB_LABEL_NUM_UNIT)
			continue;
		if (pb_scalar(&f) != PB_OK)
			return PB_WRONG_TYPE;
		switch (f.num) {
		case PB_LABEL_KEY: l->key = (int64_t)f.val; break;
		case PB_LABEL_STR: l->str = (int64_t)f.val; break;
		case PB_LABEL_NUM: l->num = (int64_t)f.val; break;
		case PB_LABEL_NUM_UNIT: l->num_unit = (int64_t)f.val; break;
		}
	}
	return rc;
}

/* Decodes sample s into d->locs, d->vals and d->labels. */
static int
sample(struct dprof *d, const struct slice *s)
{
	struct pb b = { s->p, s->p + s->n };
	struct pb_field f;
	int rc;

	d->nlocs = d->nvals = d->nlabels = 0;
	while ((rc = pb_field(&b, &f)) > 0) {
		if (f.num == PB_SAMPLE_LOCATION_ID)
			rc = pb_repeated(&f, &d->locs, &d->nlocs, &d->caplocs);
		else if (f.num == PB_SAMPLE_VALUE)
			rc = pb_repeated(&f, &d->vals, &d->nvals, &d->capvals);
		else if (f.num == PB_SAMPLE_LABEL)
			rc = f.wire != PB_LEN ? PB_WRONG_TYPE :
			    label(d, &f.sub);
		else
			rc = PB_OK;
		if (rc < 0)
			return rc;
	}
	return rc;
}

static int
slice(struct slice **arr, size_t *n, size_t *cap, const struct pb_field *f)
{
	if (f->wire != PB_LEN)
		return PB_WRONG_TYPE;
	if (PUSH(*arr, *n, *cap) < 0)
		return PB_NOMEM;
	(*arr)[*n - 1].p = f->sub.p;
	(*arr)[*n - 1].n = (size_t)(f->sub.end - f->sub.p);
	return PB_OK;
}

/* A message field of the profile, decoded by fn. */
static int
message(const struct pb_field *f, struct dprof *d,
    int (*fn)(struct dprof *, struct pb *))
{
	struct pb sub = f->sub;

	return f->wire != PB_LEN ? PB_WRONG_TYPE : fn(d, &sub);
}

/* The profile's scalar fields. */
static int
scalar(struct dprof *d, const struct pb_field *f)
{
	int64_t v = (int64_t)f->val;

	if (pb_scalar(f) != PB_OK)
		return PB_WRONG_TYPE;
	switch (f->num) {
	case PB_PROFILE_DROP_FRAMES: d->drop_frames = v; break;
	case PB_PROFILE_KEEP_FRAMES: d->keep_frames = v; break;
	case PB_PROFILE_DURATION_NANOS: d->duration_nanos = v; break;
	case PB_PROFILE_PERIOD: d->period = v; break;
	case PB_PROFILE_DEFAULT_SAMPLE_TYPE: d->default_sample_type = v; break;
	case PB_PROFILE_DOC_URL: d->doc_url = v; break;
	case PB_PROFILE_TIME_NANOS:
		/* as google/pprof: two time_nanos are two profiles
		 * concatenated (the caller names it) */
		if (d->time_seen++)
			return PPROF_TWICE;
		d->time_nanos = v;
		break;
	}
	return PB_OK;
}

/* Room for the tables, counted in a first look at the top-level fields
 * (a few milliseconds): each is then allocated and faulted in at once. A
 * Location has a line as a rule. What the look cannot read, decode
 * refuses. */
static int
reserve(struct dprof *d, const uint8_t *data, size_t len)
{
	struct pb b = { data, data + len };
	struct pb_field f;
	size_t n[PB_PROFILE_STRING_TABLE + 1] = { 0 };

	while (pb_field(&b, &f) > 0)
		if (f.num <= PB_PROFILE_STRING_TABLE)
			n[f.num]++;
	if (array_reserve((void **)&d->samples, &d->capsamples,
	    n[PB_PROFILE_SAMPLE], sizeof(*d->samples)) < 0 ||
	    array_reserve((void **)&d->strings, &d->capstrings,
	    n[PB_PROFILE_STRING_TABLE], sizeof(*d->strings)) < 0 ||
	    array_reserve((void **)&d->mappings, &d->capmappings,
	    n[PB_PROFILE_MAPPING], sizeof(*d->mappings)) < 0 ||
	    array_reserve((void **)&d->locations, &d->caplocations,
	    n[PB_PROFILE_LOCATION], sizeof(*d->locations)) < 0 ||
	    array_reserve((void **)&d->lines, &d->caplines,
	    n[PB_PROFILE_LOCATION], sizeof(*d->lines)) < 0 ||
	    array_reserve((void **)&d->functions, &d->capfunctions,
	    n[PB_PROFILE_FUNCTION], sizeof(*d->functions)) < 0)
		return PB_NOMEM;
	return PB_OK;
}

/* Indexes the profile's top-level fields and decodes its tables. */
static int
decode(struct dprof *d, const uint8_t *data, size_t len)
{
	struct pb b = { data, data + len }, sub;
	struct pb_field f;
	int rc;

	if ((rc = reserve(d, data, len)) < 0)
		return rc;
	while ((rc = pb_field(&b, &f)) > 0) {
		switch (f.num) {
		case PB_PROFILE_SAMPLE_TYPE:
			if (f.wire != PB_LEN)
				return PB_WRONG_TYPE;
			if (PUSH(d->types, d->ntypes, d->captypes) < 0 ||
			    PUSH(d->types, d->ntypes, d->captypes) < 0)
				return PB_NOMEM;
			sub = f.sub;
			rc = value_type(&sub, &d->types[d->ntypes - 2]);
			break;
		case PB_PROFILE_SAMPLE:
			rc = slice(&d->samples, &d->nsamples, &d->capsamples,
			    &f);
			break;
		case PB_PROFILE_STRING_TABLE:
			rc = slice(&d->strings, &d->nstrings, &d->capstrings,
			    &f);
			break;
		case PB_PROFILE_MAPPING:
			rc = message(&f, d, mapping);
			break;
		case PB_PROFILE_LOCATION:
			rc = message(&f, d, location);
			break;
		case PB_PROFILE_FUNCTION:
			rc = message(&f, d, function);
			break;
		case PB_PROFILE_PERIOD_TYPE:
			if (f.wire != PB_LEN)
				return PB_WRONG_TYPE;
			d->has_period_type = 1;
			sub = f.sub;
			rc = value_type(&sub, d->period_type);
			break;
		case PB_PROFILE_COMMENT:
			rc = pb_repeated(&f, &d->comments, &d->ncomments,
			    &d->capcomments);
			break;
		case PB_PROFILE_DROP_FRAMES: case PB_PROFILE_KEEP_FRAMES:
		case PB_PROFILE_TIME_NANOS: case PB_PROFILE_DURATION_NANOS:
		case PB_PROFILE_PERIOD: case PB_PROFILE_DEFAULT_SAMPLE_TYPE:
		case PB_PROFILE_DOC_URL:
			rc = scalar(d, &f);
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
	sw_begin(&c->w, o, V20, SCHEMA_EXTENSIONS, 1);
}

void
pprof_read_free(struct pprof_reader *c)
{
	sw_free(&c->w);
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

/* The other formats of the suite, by their first line. */
static enum sniff_kind
suite_kind(const unsigned char *d, size_t n)
{
	const unsigned char *nl = memchr(d, '\n', n);
	enum sniff_kind k = sniff((const char *)d, nl ? (size_t)(nl - d) : n);

	return k == SNIFF_STREAM || k == SNIFF_RPROF || k == SNIFF_FOLDED ? k :
	    SNIFF_UNKNOWN;
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
	    x->name, why(rc), where);
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

static struct text
text(struct ctx *x, int64_t i)
{
	return text_n((const char *)str(x, i)->p, str(x, i)->n);
}

/* A string the stream wants non-empty (a sample type or unit, a label
 * key): "" is written <?>, which tsv2pprof gives back as "". */
static struct text
text_mark(struct ctx *x, int64_t i)
{
	return text_marked(text(x, i));
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
	for (i = 0; i < p->nfunctions; i++) {
		if (str_ok(x, p->functions[i].name, "function name") < 0 ||
		    str_ok(x, p->functions[i].system_name, "system name") < 0 ||
		    str_ok(x, p->functions[i].filename, "file name") < 0)
			return -1;
		if (p->functions[i].start_line < INT32_MIN ||
		    p->functions[i].start_line > INT32_MAX)
			return perr_set(x->e, "%s: function %llu: start_line "
			    "%lld out of range", x->name, (unsigned long long)
			    p->functions[i].id,
			    (long long)p->functions[i].start_line);
	}
	/* the stream holds one value per sample type name */
	for (i = 0; i < p->ntypes; i += 2)
		for (j = 0; j < i; j += 2)
			if (str(x, p->types[i])->n == str(x, p->types[j])->n &&
			    memcmp(str(x, p->types[i])->p, str(x, p->types[j])->p,
			    str(x, p->types[i])->n) == 0)
				return perr_set(x->e, "%s: sample types %zu and "
				    "%zu are both named '%.*s': the stream holds "
				    "one value per type name", x->name, j / 2 + 1,
				    i / 2 + 1, (int)str(x, p->types[i])->n,
				    (const char *)str(x, p->types[i])->p);
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
			/* a negative line is kept (Julia's PProf.jl writes
			 * -1 for native frames) */
			if (ln->line < INT32_MIN || ln->line > INT32_MAX ||
			    ln->column < 0 || ln->column > INT32_MAX)
				return perr_set(x->e, "%s: location %llu: line "
				    "%lld or column %lld out of range", x->name,
				    (unsigned long long)l->id,
				    (long long)ln->line, (long long)ln->column);
		}
	}
	for (i = 0; i < p->nsamples; i++)
		if (check_sample(x, i) < 0)
			return -1;
	if (p->ntypes == 0 && p->nsamples > 0)
		return perr_set(x->e, "%s: samples, but no sample types "
		    "(google/pprof: missing sample type information)", x->name);
	if (str_ok(x, p->drop_frames, "drop_frames") < 0 ||
	    str_ok(x, p->keep_frames, "keep_frames") < 0 ||
	    str_ok(x, p->default_sample_type, "default_sample_type") < 0 ||
	    str_ok(x, p->doc_url, "doc_url") < 0 ||
	    str_ok(x, p->period_type[0], "period type") < 0 ||
	    str_ok(x, p->period_type[1], "period unit") < 0)
		return -1;
	for (i = 0; i < p->ncomments; i++)
		if (str_ok(x, (int64_t)p->comments[i], "comment") < 0)
			return -1;
	return 0;
}

static void
attr_str(struct pprof_reader *c, struct ctx *x, const char *key, int64_t i,
    int always)
{
	if (i != 0 || always)
		sw_source_attr(&c->w, c->nsources, text_of(key), text(x, i));
}

static void
attr_num(struct pprof_reader *c, const char *key, int64_t v)
{
	char num[FMT_NUM_MAX + 1];

	if (v == 0)
		return;
	num[fmt_i64(num, v)] = '\0';
	sw_source_attr(&c->w, c->nsources, text_of(key), text_of(num));
}

static void
header(struct pprof_reader *c, struct ctx *x, const char *uri)
{
	const struct dprof *p = x->p;
	size_t i;

	c->nsources++;
	sw_source(&c->w, c->nsources, text_of(SOURCE_PPROF), text_of(uri),
	    p->time_nanos != 0 ? (double)p->time_nanos / 1e9 : NAN);
	if (p->has_period_type) {	/* even empty: it was there */
		attr_str(c, x, ATTR_PPROF_PERIOD_TYPE, p->period_type[0], 1);
		attr_str(c, x, ATTR_PPROF_PERIOD_UNIT, p->period_type[1], 1);
	}
	attr_num(c, ATTR_PPROF_PERIOD, p->period);
	attr_num(c, ATTR_PPROF_TIME, p->time_nanos);
	attr_num(c, ATTR_PPROF_DURATION, p->duration_nanos);
	attr_str(c, x, ATTR_PPROF_DROP_FRAMES, p->drop_frames, 0);
	attr_str(c, x, ATTR_PPROF_KEEP_FRAMES, p->keep_frames, 0);
	attr_str(c, x, ATTR_PPROF_DOC_URL, p->doc_url, 0);
	attr_str(c, x, ATTR_PPROF_DEFAULT_TYPE, p->default_sample_type, 0);
	for (i = 0; i < p->ncomments; i++)
		attr_str(c, x, ATTR_PPROF_COMMENT, (int64_t)p->comments[i], 1);
	/* with no sample, no value would name the types: kept here */
	for (i = 0; p->nsamples == 0 && i < p->ntypes; i += 2) {
		sw_source_attr(&c->w, c->nsources,
		    text_of(ATTR_PPROF_SAMPLE_TYPE), text_mark(x, p->types[i]));
		sw_source_attr(&c->w, c->nsources,
		    text_of(ATTR_PPROF_SAMPLE_UNIT),
		    text_mark(x, p->types[i + 1]));
	}
}

static void
definitions(struct pprof_reader *c, struct ctx *x)
{
	const struct dprof *p = x->p;
	size_t i, j;
	int64_t name, sys;

	for (i = 0; i < p->nmappings; i++) {
		const struct dmap *m = &p->mappings[i];
		struct sw_mapping row = {
			.id = c->nmappings + (uint32_t)i + 1,
			.start = m->start, .limit = m->limit,
			.offset = m->offset,
			.filename = text(x, m->filename),
			.build_id = text(x, m->build_id),
			.has_functions = m->has_functions,
			.has_filenames = m->has_filenames,
			.has_line_numbers = m->has_line_numbers,
			.has_inline_frames = m->has_inline_frames,
		};
		sw_mapping(&c->w, &row);
	}
	for (i = 0; i < p->nfunctions; i++) {
		const struct dfn *f = &p->functions[i];
		uint32_t id = c->nfunctions + (uint32_t)i + 1;
		name = str(x, f->name)->n ? f->name : f->system_name;
		sys = str(x, f->system_name)->n ? f->system_name : f->name;
		if (str(x, name)->n == 0)
			sw_function(&c->w, id, text_of(PPROF_NONAME),
			    text_of(PPROF_NONAME), text(x, f->filename),
			    f->start_line);
		else
			sw_function(&c->w, id, text(x, name), text(x, sys),
			    text(x, f->filename), f->start_line);
	}
	/* each Location: a row per line, innermost first, or one row */
	for (i = 0; i < p->nlocations; i++) {
		const struct dloc *l = &p->locations[i];
		uint32_t tmp, *m = l->mapping_id ? find_id(&x->map,
		    x->map_dense, p->nmappings, l->mapping_id, &tmp) : NULL;
		struct sw_location row = {
			.address = l->address, .is_folded = l->folded,
			.mapping_id = m != NULL ? c->nmappings + 1 + *m : 0,
			.function_id = 0, .line_na = 1,
		};
		x->loc_first[i] = c->nlocations + 1;
		x->loc_rows[i] = l->nline ? (uint32_t)l->nline : 1;
		for (j = 0; j < (l->nline ? l->nline : 1); j++) {
			row.id = ++c->nlocations;
			if (l->nline) {
				const struct dline *ln = &p->lines[l->line0 + j];
				row.function_id = c->nfunctions + 1 +
				    (uint32_t)ln->function_id;
				row.line = ln->line;
				row.line_na = 0;
				row.column = ln->column;
				row.inlined = j + 1 < l->nline;
			}
			sw_location(&c->w, &row);
		}
	}
	c->nmappings += (uint32_t)p->nmappings;
	c->nfunctions += (uint32_t)p->nfunctions;
}

static int
samples(struct pprof_reader *c, struct ctx *x, uint32_t first_loc)
{
	struct dprof *p = x->p;
	size_t i, j, k, n, depth;
	struct stream_id sid, *locs;
	uint32_t li, tmp, nloc = c->nlocations - first_loc + 1, *types;
	int64_t h;
	int rc = -1;

	/* every location id and value type formatted once */
	locs = malloc(((size_t)nloc + 1) * sizeof(*locs));
	types = malloc((p->ntypes / 2 + 1) * sizeof(*types));
	if (locs == NULL || types == NULL)
		goto done;
	for (i = 0; i < nloc; i++)
		stream_id_set(&locs[i], first_loc + (uint32_t)i);
	for (i = 0; i < p->ntypes / 2; i++) {
		if ((h = sw_value_type(&c->w, text_mark(x, p->types[2 * i]),
		    text_mark(x, p->types[2 * i + 1]))) < 0)
			goto done;
		types[i] = (uint32_t)h;
	}
	for (i = 0; i < p->nsamples; i++) {
		sample(p, &p->samples[i]);	/* checked already */
		stream_id_set(&sid, ++c->nsamples);
		sw_sample(&c->w, &sid, c->nsources);
		for (j = 0; j < p->nvals; j++)
			sw_sample_value(&c->w, &sid, types[j],
			    num_of_i64((int64_t)p->vals[j]));
		depth = 0;
		for (j = 0; j < p->nlocs; j++) {
			li = *find_id(&x->loc, x->loc_dense, p->nlocations,
			    p->locs[j], &tmp);
			n = x->loc_rows[li];
			for (k = 0; k < n; k++)
				sw_sample_location(&c->w, &sid,
				    (uint32_t)++depth, &locs[x->loc_first[li] +
				    k - first_loc]);
		}
		for (j = 0; j < p->nlabels; j++) {
			const struct dlabel *l = &p->labels[j];
			struct sw_label row = {
				.key = text_mark(x, l->key),
				.str = l->str != 0 ? text(x, l->str) : TEXT_NA,
				.num = l->num,
				.num_unit = l->num_unit != 0 ?
				    text(x, l->num_unit) : TEXT_NA,
			};
			sw_sample_label(&c->w, &sid, &row);
		}
	}
	rc = 0;
done:
	if (rc < 0)
		perr_nomem(x->e);
	free(locs);
	free(types);
	return rc;
}

static int
read_profile(struct pprof_reader *c, const unsigned char *data, size_t len,
    int compressed, const char *name, const char *uri, struct perr *e)
{
	struct dprof d;
	struct ctx x;
	const char *kind;
	enum sniff_kind k;
	int rc = -1;

	memset(&x, 0, sizeof(x));
	memset(&d, 0, sizeof(d));
	x.name = name;
	x.e = e;
	x.p = &d;
	if (len == 0)
		return perr_set(e, "%s: empty input: not a pprof profile", name);
	if ((k = suite_kind(data, len)) != SNIFF_UNKNOWN) {
		dprof_free(&d);
		return perr_set(e, "%s: not a pprof profile: %s", name,
		    sniff_advice(k));
	}
	/* google/pprof tries the legacy formats when the data is not a
	 * profile.proto (one without strings is not: its postDecode fails),
	 * unless it holds two concatenated */
	if ((rc = decode(&d, data, len)) == PB_NOMEM) {
		dprof_free(&d);
		return perr_nomem(e);
	}
	if ((rc < 0 && rc != PPROF_TWICE) || (rc >= 0 && d.nstrings == 0)) {
		char legacy_why[256];
		int lr = legacy_read(c, data, len, name, uri, legacy_why,
		    sizeof(legacy_why), e);
		if (lr != 0) {
			dprof_free(&d);
			return lr < 0 ? -1 : 0;
		}
		if ((kind = legacy_kind(data, len)) != NULL) {
			dprof_free(&d);
			return perr_set(e, "%s: %s: %s", name, kind,
			    legacy_why[0] != '\0' ? legacy_why : "not in a "
			    "form google/pprof reads");
		}
	}
	if (rc < 0) {
		rc = perr_set(e, "%s: not a pprof profile: %s (%s)", name,
		    compressed ? "gzip-compressed, but not a valid protobuf "
		    "inside" : "neither gzip nor a valid protobuf", why(rc));
		dprof_free(&d);
		return rc;
	}
	rc = -1;
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

int
pprof_read(struct pprof_reader *c, const unsigned char *data, size_t len,
    int compressed, const char *name, const char *uri, struct perr *e)
{
	return read_profile(c, data, len, compressed, name, uri, e) < 0 ?
	    perr_at(e, name) : 0;
}
