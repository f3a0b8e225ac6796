/*
 * pprof to the stream. A small decoder of its own (pprof_decode.c:
 * protobuf-c would build an object per message, most of the time and
 * several times the input's size in memory): the Profile is indexed where
 * it lies, every reference is checked, then each table is decoded again
 * as it is written. Tables are written in define-before-use order with ids
 * renumbered 1..n in table order.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/pprof/pprof.h"
#include "formats/pprof/pprof_decode.h"
#include "formats/pprof/pprof_read.h"
#include "stream/sniff.h"

static const char *
why(int status)
{
	if (status == PPROF_TWICE)
		return "two profiles concatenated (time_nanos twice)";
	return pb_strerror(status);
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

/* Another format the suite reads, or one nothing reads, by its first
 * bytes (google/pprof's legacy formats and other binary data are tried
 * as they are; an OTLP protobuf is told by its fields). */
static enum sniff_kind
other_kind(const unsigned char *d, size_t n)
{
	enum sniff_kind k = sniff(d, n);

	switch (k) {
	case SNIFF_UNKNOWN: case SNIFF_PPROF_TEXT: case SNIFF_BINARY:
		return SNIFF_UNKNOWN;
	case SNIFF_PROTOBUF:
		return sniff_protobuf(d, n) == SNIFF_OTLP ? SNIFF_OTLP :
		    SNIFF_UNKNOWN;
	default:
		return k;
	}
}

static int
pberr(struct pctx *x, int rc, const char *where)
{
	if (rc == PB_NOMEM)
		return perr_nomem(x->e);
	return perr_set(x->e, "%s: not a valid pprof profile: %s (%s)",
	    x->name, why(rc), where);
}

static int
str_ok(struct pctx *x, int64_t i, const char *what)
{
	if (i < 0 || (uint64_t)i >= x->p->nstrings)
		return perr_set(x->e, "%s: %s: string index %lld out of range "
		    "(the string table has %zu)", x->name, what, (long long)i,
		    x->p->nstrings);
	return 0;
}

/* The id of message m of table t (a Mapping, Location or Function). */
static uint64_t
message_id(struct pctx *x, enum ptable t, struct pb *m)
{
	struct dfn fn;
	struct dmap mp;
	struct dloc l;

	/* read whole before (pprof_index): no status to see */
	if (t == PT_FUNCTION) {
		(void)pprof_function(m, &fn);
		return fn.id;
	}
	if (t == PT_MAPPING) {
		(void)pprof_mapping(m, &mp);
		return mp.id;
	}
	(void)pprof_location(x->p, m, &l);
	return l.id;
}

/* Maps the ids of table t to indices, refusing 0 and repeats; nothing to
 * do when they are 1..n in order. */
static int
index_ids(struct pctx *x, enum ptable t, const char *what)
{
	const uint8_t *at = x->p->from[t];
	struct pb m;
	size_t i;
	uint64_t id;
	int added;

	if (x->p->dense[t])
		return 0;
	for (i = 0; pprof_next(x->p, t, &at, &m); i++) {
		if ((id = message_id(x, t, &m)) == 0)
			return perr_set(x->e, "%s: %s %zu has id 0", x->name,
			    what, i + 1);
		if (u64map_put(&x->ids[t], id, (uint32_t)i, &added) == NULL)
			return perr_nomem(x->e);
		if (!added)
			return perr_set(x->e, "%s: %s id %llu repeated",
			    x->name, what, (unsigned long long)id);
	}
	return 0;
}

static int
check_sample(struct pctx *x, struct pb *m, size_t i)
{
	struct dprof *p = x->p;
	size_t j;
	int rc;

	if ((rc = pprof_sample(p, m)) < 0)
		return pberr(x, rc, "a sample");
	if (p->nvals != p->ntypes / 2)
		return perr_set(x->e, "%s: sample %zu has %zu values for %zu "
		    "sample types", x->name, i + 1, p->nvals, p->ntypes / 2);
	for (j = 0; j < p->nlocs; j++)
		if (index_of(x, PT_LOCATION, p->locs[j]) < 0)
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
check_functions(struct pctx *x)
{
	const uint8_t *at = x->p->from[PT_FUNCTION];
	struct dfn f;
	struct pb m;

	/* what indexing found says whether any is wrong */
	if (x->p->sum.fn_str < x->p->nstrings && !x->p->sum.fn_start_bad)
		return 0;
	while (pprof_next(x->p, PT_FUNCTION, &at, &m)) {
		(void)pprof_function(&m, &f);
		if (str_ok(x, f.name, "function name") < 0 ||
		    str_ok(x, f.system_name, "system name") < 0 ||
		    str_ok(x, f.filename, "file name") < 0)
			return -1;
		if (f.start_line < INT32_MIN || f.start_line > INT32_MAX)
			return perr_set(x->e, "%s: function %llu: start_line "
			    "%lld out of range", x->name, (unsigned long long)
			    f.id, (long long)f.start_line);
	}
	return 0;
}

static int
check_mappings(struct pctx *x)
{
	const uint8_t *at = x->p->from[PT_MAPPING];
	struct dmap mp;
	struct pb m;

	if (x->p->sum.map_str < x->p->nstrings)
		return 0;
	while (pprof_next(x->p, PT_MAPPING, &at, &m)) {
		(void)pprof_mapping(&m, &mp);
		if (str_ok(x, mp.filename, "mapping file") < 0 ||
		    str_ok(x, mp.build_id, "build id") < 0)
			return -1;
	}
	return 0;
}

static int
check_locations(struct pctx *x)
{
	struct dprof *p = x->p;
	const struct dsummary *s = &p->sum;
	const uint8_t *at = p->from[PT_LOCATION];
	struct dloc l;
	struct pb m;
	size_t j;

	if (p->dense[PT_FUNCTION] && p->dense[PT_MAPPING] && !s->line_bad &&
	    s->loc_map_max <= p->n[PT_MAPPING] && (s->line_fn_max == 0 ||
	    (s->line_fn_min >= 1 && s->line_fn_max <= p->n[PT_FUNCTION])))
		return 0;
	while (pprof_next(p, PT_LOCATION, &at, &m)) {
		(void)pprof_location(p, &m, &l);
		if (l.mapping_id != 0 &&
		    index_of(x, PT_MAPPING, l.mapping_id) < 0)
			return perr_set(x->e, "%s: location %llu: mapping %llu "
			    "does not exist", x->name, (unsigned long long)
			    l.id, (unsigned long long)l.mapping_id);
		for (j = 0; j < l.nline; j++) {
			const struct dline *ln = &p->lines[j];
			if (index_of(x, PT_FUNCTION, ln->function_id) < 0)
				return perr_set(x->e, "%s: location %llu: "
				    "function %llu does not exist", x->name,
				    (unsigned long long)l.id,
				    (unsigned long long)ln->function_id);
			/* a negative line is kept (Julia's PProf.jl writes
			 * -1 for native frames) */
			if (ln->line < INT32_MIN || ln->line > INT32_MAX ||
			    ln->column < 0 || ln->column > INT32_MAX)
				return perr_set(x->e, "%s: location %llu: line "
				    "%lld or column %lld out of range", x->name,
				    (unsigned long long)l.id,
				    (long long)ln->line, (long long)ln->column);
		}
	}
	return 0;
}

static int
check(struct pctx *x)
{
	struct dprof *p = x->p;
	const uint8_t *at;
	struct pb m;
	size_t i, j;

	if (p->nstrings == 0 || p->strings[0].n != 0)
		return perr_set(x->e, "%s: the string table must begin with "
		    "\"\"", x->name);
	for (i = 1; i < p->nstrings; i++)
		if (p->strings[i].n > 0 &&
		    memchr(p->strings[i].p, '\0', p->strings[i].n) != NULL)
			return perr_set(x->e, "%s: string %zu has a NUL byte, "
			    "which the stream cannot hold", x->name, i);
	if (index_ids(x, PT_FUNCTION, "function") < 0 ||
	    index_ids(x, PT_LOCATION, "location") < 0 ||
	    index_ids(x, PT_MAPPING, "mapping") < 0)
		return -1;
	for (i = 0; i < p->ntypes; i++)
		if (str_ok(x, p->types[i], "sample type") < 0)
			return -1;
	if (check_functions(x) < 0)
		return -1;
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
	if (check_mappings(x) < 0 || check_locations(x) < 0)
		return -1;
	at = p->from[PT_SAMPLE];
	for (i = 0; pprof_next(p, PT_SAMPLE, &at, &m); i++)
		if (check_sample(x, &m, i) < 0)
			return -1;
	if (p->ntypes == 0 && p->n[PT_SAMPLE] > 0)
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
attr_str(struct pprof_reader *c, struct pctx *x, const char *key, int64_t i,
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
header(struct pprof_reader *c, struct pctx *x, const char *uri)
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
	for (i = 0; p->n[PT_SAMPLE] == 0 && i < p->ntypes; i += 2) {
		sw_source_attr(&c->w, c->nsources,
		    text_of(ATTR_PPROF_SAMPLE_TYPE), text_mark(x, p->types[i]));
		sw_source_attr(&c->w, c->nsources,
		    text_of(ATTR_PPROF_SAMPLE_UNIT),
		    text_mark(x, p->types[i + 1]));
	}
}

static int
read_profile(struct pprof_reader *c, const unsigned char *data, size_t len,
    int compressed, const char *name, const char *uri, int others,
    struct perr *e)
{
	struct dprof d;
	struct pctx x;
	enum sniff_kind k;
	int rc = -1, t;

	memset(&x, 0, sizeof(x));
	memset(&d, 0, sizeof(d));
	x.name = name;
	x.e = e;
	x.p = &d;
	x.data = data;
	x.len = len;
	if (len == 0)
		return perr_set(e, "%s: empty input: not a pprof profile", name);
	if ((k = other_kind(data, len)) != SNIFF_UNKNOWN)
		return perr_set(e, "%s: not a pprof profile: %s", name,
		    sniff_advice(k));
	if ((rc = pprof_index(&d, data, len)) == PB_NOMEM) {
		pprof_dprof_free(&d);
		return perr_nomem(e);
	}
	/* google/pprof tries the legacy formats when the data is not a
	 * profile.proto (one without strings is not: its postDecode fails),
	 * unless it holds two concatenated */
	if (others && ((rc < 0 && rc != PPROF_TWICE) ||
	    (rc >= 0 && d.nstrings == 0))) {
		pprof_dprof_free(&d);
		return PPROF_OTHER;
	}
	if (rc < 0) {
		rc = perr_set(e, "%s: not a pprof profile: %s (%s)", name,
		    pprof_not_protobuf(compressed), why(rc));
		pprof_dprof_free(&d);
		return rc;
	}
	rc = -1;
	if (check(&x) == 0) {
		header(c, &x, uri);
		rc = pprof_write_tables(c, &x);
	}
	for (t = 0; t < PT_COUNT; t++)
		u64map_free(&x.ids[t]);
	pprof_dprof_free(&d);
	return rc;
}

const char *
pprof_not_protobuf(int compressed)
{
	return compressed == INPUT_GZIP ? "gzip-compressed, but not a valid "
	    "protobuf inside" : compressed == INPUT_ZSTD ? "zstd-compressed, "
	    "but not a valid protobuf inside" : "neither gzip, zstd nor a "
	    "valid protobuf";
}

int
pprof_read(struct pprof_reader *c, const unsigned char *data, size_t len,
    int compressed, const char *name, const char *uri, int others,
    struct perr *e)
{
	int rc = read_profile(c, data, len, compressed, name, uri, others, e);

	return rc == PPROF_OTHER ? rc : rc < 0 ? perr_at(e, name) : 0;
}
