/*
 * profile.proto's messages from the wire. Each decoder takes a message's
 * fields in any order, skips those of other numbers (as protobuf wants) and
 * leaves absent ones 0.
 */
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/pprof/pprof_decode.h"

/* One more element at the end of arr (n counts it); -1: out of memory. */
#define PUSH(arr, n, cap) (ARRAY_ROOM(arr, n, cap) < 0 ? -1 : ((n)++, 0))

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

int
pprof_mapping(struct pb *b, struct dmap *m)
{
	struct pb_field f;
	int rc;

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

int
pprof_location(struct dprof *d, struct pb *b, struct dloc *l)
{
	struct pb_field f;
	int rc;

	memset(l, 0, sizeof(*l));
	d->nlines = 0;
	while ((rc = pb_field(b, &f)) > 0) {
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
			if ((rc = line(d, &f.sub)) != PB_OK)
				return rc;
			break;
		}
	}
	l->nline = d->nlines;
	return rc;
}

int
pprof_function(struct pb *b, struct dfn *fn)
{
	struct pb_field f;
	int rc;

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

int
pprof_sample(struct dprof *d, struct pb *b)
{
	struct pb_field f;
	int rc;

	d->nlocs = d->nvals = d->nlabels = 0;
	while ((rc = pb_field(b, &f)) > 0) {
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

static uint64_t
max3(int64_t a, int64_t b, int64_t c)
{
	uint64_t m = (uint64_t)a;	/* a negative index is past any */

	if ((uint64_t)b > m)
		m = (uint64_t)b;
	return (uint64_t)c > m ? (uint64_t)c : m;
}

/* A table's message with id: its ids stay dense while each is its place. */
static void
count(struct dprof *d, enum ptable t, uint64_t id)
{
	if (id != ++d->n[t])
		d->dense[t] = 0;
}

static int
index_location(struct dprof *d, struct pb *b)
{
	struct dsummary *s = &d->sum;
	struct dloc l;
	size_t i, n = d->n[PT_LOCATION];
	int rc;

	if ((rc = pprof_location(d, b, &l)) < 0)
		return rc;
	count(d, PT_LOCATION, l.id);
	if (l.mapping_id > s->loc_map_max)
		s->loc_map_max = l.mapping_id;
	for (i = 0; i < l.nline; i++) {
		const struct dline *ln = &d->lines[i];
		if (ln->function_id < s->line_fn_min)
			s->line_fn_min = ln->function_id;
		if (ln->function_id > s->line_fn_max)
			s->line_fn_max = ln->function_id;
		s->line_bad |= ln->line < INT32_MIN || ln->line > INT32_MAX ||
		    ln->column < 0 || ln->column > INT32_MAX;
	}
	if (array_grow((void **)&d->loc_first, &d->caploc_first, n + 2,
	    sizeof(*d->loc_first)) < 0)
		return PB_NOMEM;
	if (n == 0)
		d->loc_first[0] = 0;
	d->loc_first[n + 1] = d->loc_first[n] + (l.nline ? (uint32_t)l.nline :
	    1);
	return PB_OK;
}

int
pprof_index(struct dprof *d, const uint8_t *data, size_t len)
{
	struct pb b = { data, data + len }, sub;
	struct pb_field f;
	struct dfn fn;
	struct dmap m;
	const uint8_t *at;
	int rc, t;

	for (t = 0; t < PT_COUNT; t++)
		d->dense[t] = 1;
	d->sum.line_fn_min = UINT64_MAX;
	for (;;) {
		at = b.p;
		if ((rc = pb_field(&b, &f)) <= 0)
			break;
		switch (f.num) {
		case PB_PROFILE_SAMPLE: t = PT_SAMPLE; break;
		case PB_PROFILE_MAPPING: t = PT_MAPPING; break;
		case PB_PROFILE_LOCATION: t = PT_LOCATION; break;
		case PB_PROFILE_FUNCTION: t = PT_FUNCTION; break;
		default: t = -1;
		}
		if (t >= 0) {
			if (f.wire != PB_LEN)
				return PB_WRONG_TYPE;
			if (d->n[t] == 0)
				d->from[t] = at;
			d->to[t] = b.p;
		}
		sub = f.sub;
		switch (f.num) {
		case PB_PROFILE_SAMPLE_TYPE:
			if (f.wire != PB_LEN)
				return PB_WRONG_TYPE;
			if (PUSH(d->types, d->ntypes, d->captypes) < 0 ||
			    PUSH(d->types, d->ntypes, d->captypes) < 0)
				return PB_NOMEM;
			rc = value_type(&sub, &d->types[d->ntypes - 2]);
			break;
		case PB_PROFILE_SAMPLE:
			d->n[PT_SAMPLE]++;	/* decoded when checked */
			break;
		case PB_PROFILE_STRING_TABLE:
			if (f.wire != PB_LEN)
				return PB_WRONG_TYPE;
			if (PUSH(d->strings, d->nstrings, d->capstrings) < 0)
				return PB_NOMEM;
			d->strings[d->nstrings - 1].p = f.sub.p;
			d->strings[d->nstrings - 1].n = (size_t)(f.sub.end -
			    f.sub.p);
			break;
		case PB_PROFILE_MAPPING:
			if ((rc = pprof_mapping(&sub, &m)) < 0)
				return rc;
			count(d, PT_MAPPING, m.id);
			if (max3(m.filename, m.build_id, 0) > d->sum.map_str)
				d->sum.map_str = max3(m.filename, m.build_id,
				    0);
			break;
		case PB_PROFILE_LOCATION:
			rc = index_location(d, &sub);
			break;
		case PB_PROFILE_FUNCTION:
			if ((rc = pprof_function(&sub, &fn)) < 0)
				return rc;
			count(d, PT_FUNCTION, fn.id);
			if (max3(fn.name, fn.system_name, fn.filename) >
			    d->sum.fn_str)
				d->sum.fn_str = max3(fn.name, fn.system_name,
				    fn.filename);
			d->sum.fn_start_bad |= fn.start_line < INT32_MIN ||
			    fn.start_line > INT32_MAX;
			break;
		case PB_PROFILE_PERIOD_TYPE:
			if (f.wire != PB_LEN)
				return PB_WRONG_TYPE;
			d->has_period_type = 1;
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

void
pprof_dprof_free(struct dprof *d)
{
	free(d->strings);
	free(d->types);
	free(d->comments);
	free(d->loc_first);
	free(d->lines);
	free(d->locs);
	free(d->vals);
	free(d->labels);
	memset(d, 0, sizeof(*d));
}
