/*
 * OTLP Profiles to the stream, read where it lies (pb.h) as pprof2tsv
 * reads pprof: the dictionary's tables indexed (an element a slice), every
 * index checked against its table, then functions, mappings and locations
 * written once, and each Profile a source with its samples. A Location
 * with k lines is k location rows as the stream holds pprof's (all but
 * the last inlined); a Sample with n values or timestamps n raw samples.
 * Memory grows with the dictionary's elements, not with the samples.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/otlp/otlp.h"
#include "formats/otlp/otlp_wire.h"
#include "formats/pb/pb.h"
#include "stream/sniff.h"

enum { T_MAP, T_LOC, T_FN, T_LINK, T_STR, T_ATTR, T_STACK, T_N };

static const char *const table_name[T_N] = {
	"mapping_table", "location_table", "function_table", "link_table",
	"string_table", "attribute_table", "stack_table",
};

struct otable {
	struct pb *e;		/* the elements, where they lie */
	size_t n, cap;
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
	struct pb *rp;		/* ResourceProfiles */
	size_t nrp, caprp;
	int v18;		/* Profile and ValueType as v1.8 numbered them */
	int old_sample;		/* Sample as v1.8 and v1.9 did */
	uint32_t fn_base, map_base;	/* stream ids: base + index */
	uint32_t *loc_first, *loc_n;	/* per Location: its rows */
	uint64_t *ids;		/* packed varints being read */
	size_t nids, capids;
	uint64_t *ts;		/* a Sample's timestamps */
	size_t nts, capts;
	int64_t *vals;
	size_t nvals, capvals;
	struct stream_id *stack;	/* a stack's rows, leaf first */
	size_t capstack;
	struct olabel *labels;
	size_t nlabels, caplabels;
	char *text;		/* a value made into text */
	size_t ntext, captext;
};

static int
bad(struct octx *x, const uint8_t *at, const char *fmt, ...)
{
	char what[sizeof(x->e->msg)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return perr_set(x->e, "%s: not valid OTLP Profiles: %s (at byte %zu)",
	    x->name, what, (size_t)(at - x->base));
}

static int
pberr(struct octx *x, int rc, const uint8_t *at, const char *where)
{
	if (rc == PB_NOMEM)
		return perr_nomem(x->e);
	return bad(x, at, "%s: %s", where, pb_strerror(rc));
}

/* The next field of b, or 0 at its end; a wire error said. */
static int
next(struct octx *x, struct pb *b, struct pb_field *f, const char *where)
{
	const uint8_t *at = b->p;
	int rc = pb_field(b, f);

	return rc < 0 ? pberr(x, rc, at, where) : rc;
}

static int
want(struct octx *x, const struct pb_field *f, int wire, const char *msg,
    const char *field)
{
	if (f->wire == wire)
		return 0;
	return bad(x, f->wire == PB_LEN ? f->sub.p : x->base, "%s.%s: wire "
	    "type %d, not %d (a layout before v1.8?)", msg, field, f->wire,
	    wire);
}

static int
push(struct otable *t, struct pb sub)
{
	if (ARRAY_ROOM(t->e, t->n, t->cap) < 0)
		return -1;
	t->e[t->n++] = sub;
	return 0;
}

/* An index into table t: 0 when it is in range, the error said if not. */
static int
check_index(struct octx *x, int t, uint64_t i, const uint8_t *at,
    const char *what)
{
	if (i < x->t[t].n || (i == 0 && x->t[t].n == 0))
		return 0;
	return bad(x, at, "%s %llu is out of %s (%zu element%s)", what,
	    (unsigned long long)i, table_name[t], x->t[t].n, x->t[t].n == 1 ?
	    "" : "s");
}

/* A string of the table (index checked). */
static int
str(struct octx *x, uint64_t i, const uint8_t *at, const char *what,
    struct text *s)
{
	if (check_index(x, T_STR, i, at, what) < 0)
		return -1;
	*s = i < x->t[T_STR].n ? text_n((const char *)x->t[T_STR].e[i].p,
	    (size_t)(x->t[T_STR].e[i].end - x->t[T_STR].e[i].p)) :
	    text_n("", 0);
	return 0;
}

/* Whether a message is its type's zero value: every field 0 or empty,
 * or a message that is. */
static int
zero(struct pb m)
{
	struct pb_field f;
	int rc;

	while ((rc = pb_field(&m, &f)) > 0)
		if ((f.wire != PB_LEN && f.val != 0) ||
		    (f.wire == PB_LEN && f.sub.p != f.sub.end &&
		    !zero(f.sub)))
			return 0;
	return rc == 0;
}

static int
index_dictionary(struct octx *x, struct pb d)
{
	struct pb_field f;
	int rc;

	while ((rc = next(x, &d, &f, "ProfilesDictionary")) > 0) {
		if (f.num < ODICT_MAPPING || f.num > ODICT_STACK)
			continue;
		if (want(x, &f, PB_LEN, "ProfilesDictionary",
		    table_name[f.num - 1]) < 0)
			return -1;
		if (push(&x->t[f.num - 1], f.sub) < 0)
			return perr_nomem(x->e);
	}
	return rc;
}

/* The top level, then the dictionaries (several merge, as protobuf
 * merges repeated fields), each table's element 0 the zero value. */
static int
index_message(struct octx *x, const uint8_t *data, size_t len)
{
	struct pb b = { data, data + len };
	struct pb_field f;
	size_t i;
	int rc, t;

	while ((rc = next(x, &b, &f, "ProfilesData")) > 0) {
		/* pprof's Profile has these at its top level; ProfilesData
		 * has two fields */
		if (f.num >= 3 && f.num <= 15)
			return perr_set(x->e, "%s: not OTLP Profiles: a field "
			    "%u at the top level, as a pprof profile has (use "
			    "pprof2tsv)", x->name, f.num);
		if (f.num == OD_RESOURCE_PROFILES) {
			if (want(x, &f, PB_LEN, "ProfilesData",
			    "resource_profiles") < 0)
				return -1;
			if (ARRAY_ROOM(x->rp, x->nrp, x->caprp) < 0)
				return perr_nomem(x->e);
			x->rp[x->nrp++] = f.sub;
		} else if (f.num == OD_DICTIONARY && want(x, &f, PB_LEN,
		    "ProfilesData", "dictionary") < 0)
			return -1;
	}
	if (rc < 0)
		return -1;
	/* the dictionaries once the top level is known to be OTLP's */
	b.p = data;
	while (next(x, &b, &f, "ProfilesData") > 0)
		if (f.num == OD_DICTIONARY && index_dictionary(x, f.sub) < 0)
			return -1;
	for (t = 0; t < T_N; t++) {
		if (x->t[t].n == 0)
			continue;
		if (t == T_STR ? x->t[t].e[0].p != x->t[t].e[0].end :
		    !zero(x->t[t].e[0]))
			return bad(x, x->t[t].e[0].p, "%s[0] is not the zero "
			    "value", table_name[t]);
	}
	for (i = 1; i < x->t[T_STR].n; i++)
		if (memchr(x->t[T_STR].e[i].p, '\0', (size_t)(x->t[T_STR].e[i].end
		    - x->t[T_STR].e[i].p)) != NULL)
			return bad(x, x->t[T_STR].e[i].p, "string_table[%zu] "
			    "holds a NUL byte", i);
	return 0;
}

/*
 * The layout, told by the wire: v1.8's Profile by a field only it has
 * (attribute_indices at 12, profile_id as bytes at 8, comments as varints
 * at 7, ValueType's aggregation_temporality); v1.8-9's Sample by its
 * packed attribute_indices at 3 or its link_index at 4 as a varint, the
 * v1.10 one by the reverse. A file that says neither is read as v1.10.
 */
static int
sniff_layout(struct octx *x)
{
	struct pb r, s, p, sm, vt;
	struct pb_field f, g, h, k, m;
	size_t i;
	int new_seen = 0;

	for (i = 0; i < x->nrp; i++) {
		r = x->rp[i];
		while (pb_field(&r, &f) > 0) {
			if (f.num != ORP_SCOPE_PROFILES || f.wire != PB_LEN)
				continue;
			s = f.sub;
			while (pb_field(&s, &g) > 0) {
				if (g.num != OSP_PROFILES || g.wire != PB_LEN)
					continue;
				p = g.sub;
				while (pb_field(&p, &h) > 0) {
					if (h.num == 12 || (h.num == 8 &&
					    h.wire == PB_LEN) || (h.num == 7 &&
					    h.wire == PB_VARINT))
						x->v18 = 1;
					if ((h.num == OP_SAMPLE_TYPE ||
					    h.num == OP_PERIOD_TYPE) &&
					    h.wire == PB_LEN) {
						vt = h.sub;
						while (pb_field(&vt, &m) > 0)
							if (m.num ==
							    OVT18_TEMPORALITY)
								x->v18 = 1;
					}
					if (h.num != OP_SAMPLES ||
					    h.wire != PB_LEN)
						continue;
					sm = h.sub;
					while (pb_field(&sm, &k) > 0) {
						if ((k.num == 3 && k.wire ==
						    PB_LEN) || (k.num == 4 &&
						    k.wire == PB_VARINT))
							x->old_sample = 1;
						if ((k.num == 3 && k.wire ==
						    PB_VARINT) || (k.num == 4 &&
						    k.wire == PB_LEN))
							new_seen = 1;
					}
				}
			}
		}
	}
	if (x->v18)
		x->old_sample = 1;
	if (x->old_sample && new_seen)
		return bad(x, x->base, "Samples of two layouts (v1.9 and "
		    "v1.10)");
	return 0;
}

/* Text of AnyValue m into x->text (NUL-terminated); *num and *is_num for
 * an int. */
static int put_value(struct octx *x, struct pb m, int depth, int64_t *num,
    int *is_num);

/* Inline text (attribute keys and values, scope names, URLs): the
 * stream holds no NUL byte, as string_table may not. */
static int
no_nul(struct octx *x, const void *p, size_t n, const char *what)
{
	const uint8_t *z = n > 0 ? memchr(p, '\0', n) : NULL;

	return z == NULL ? 0 : bad(x, z, "%s holds a NUL byte", what);
}

static int
text_add(struct octx *x, const void *p, size_t n)
{
	if (no_nul(x, p, n, "a string") < 0)
		return -1;
	if (array_grow((void **)&x->text, &x->captext, x->ntext + n + 1, 1) < 0)
		return perr_nomem(x->e);
	memcpy(x->text + x->ntext, p, n);
	x->ntext += n;
	x->text[x->ntext] = '\0';
	return 0;
}

static int
text_str(struct octx *x, const char *s)
{
	return text_add(x, s, strlen(s));
}

/* A KeyValue (resource and scope attributes): its key (inline or
 * _strindex) into *key. */
static int
key_value(struct octx *x, struct pb kv, struct text *key, struct pb *value)
{
	struct pb_field f;
	int rc;

	*key = text_n("", 0);
	value->p = value->end = kv.p;
	while ((rc = next(x, &kv, &f, "KeyValue")) > 0) {
		if (f.num == OKV_KEY && f.wire == PB_LEN) {
			*key = text_n((const char *)f.sub.p,
			    (size_t)(f.sub.end - f.sub.p));
			if (no_nul(x, key->p, key->n, "KeyValue.key") < 0)
				return -1;
		}
		else if (f.num == OKV_KEY_STRINDEX && f.wire == PB_VARINT) {
			if (str(x, f.val, kv.p, "KeyValue.key_strindex",
			    key) < 0)
				return -1;
		} else if (f.num == OKV_VALUE && f.wire == PB_LEN)
			*value = f.sub;
	}
	return rc;
}

static int
put_value(struct octx *x, struct pb m, int depth, int64_t *num, int *is_num)
{
	struct pb_field f, g;
	struct text s, k;
	struct pb v, val;
	char b[64];
	size_t i;
	double d;
	int rc, rc2, first;

	if (depth > 64)
		return bad(x, m.p, "AnyValue nested past 64 levels");
	while ((rc = next(x, &m, &f, "AnyValue")) > 0) {
		switch (f.num) {
		case OAV_STRING:
			if (want(x, &f, PB_LEN, "AnyValue", "string_value") < 0 ||
			    text_add(x, f.sub.p, (size_t)(f.sub.end - f.sub.p)) <
			    0)
				return -1;
			break;
		case OAV_BYTES:		/* as hex, as trace ids are */
			if (want(x, &f, PB_LEN, "AnyValue", "bytes_value") < 0)
				return -1;
			for (i = 0; f.sub.p + i < f.sub.end; i++) {
				snprintf(b, sizeof(b), "%02x", f.sub.p[i]);
				if (text_str(x, b) < 0)
					return -1;
			}
			break;
		case OAV_STRINDEX:
			if (want(x, &f, PB_VARINT, "AnyValue",
			    "string_value_strindex") < 0 || str(x, f.val, m.p,
			    "AnyValue.string_value_strindex", &s) < 0 ||
			    text_add(x, s.p, s.n) < 0)
				return -1;
			break;
		case OAV_BOOL:
			if (want(x, &f, PB_VARINT, "AnyValue", "bool_value") <
			    0 || text_str(x, f.val ? "true" : "false") < 0)
				return -1;
			break;
		case OAV_INT:
			if (want(x, &f, PB_VARINT, "AnyValue", "int_value") < 0)
				return -1;
			*num = (int64_t)f.val;
			if (depth == 0)
				*is_num = 1;
			snprintf(b, sizeof(b), "%lld", (long long)(int64_t)f.val);
			if (text_str(x, b) < 0)
				return -1;
			break;
		case OAV_DOUBLE:
			if (want(x, &f, PB_I64, "AnyValue", "double_value") < 0)
				return -1;
			memcpy(&d, &f.val, 8);
			snprintf(b, sizeof(b), "%.17g", d);
			if (text_str(x, b) < 0)
				return -1;
			break;
		case OAV_ARRAY:		/* [a, b], {k: v, ...} */
		case OAV_KVLIST:
			if (want(x, &f, PB_LEN, "AnyValue", "array_value") < 0 ||
			    text_str(x, f.num == OAV_ARRAY ? "[" : "{") < 0)
				return -1;
			v = f.sub;
			first = 1;
			while ((rc2 = next(x, &v, &g, "ArrayValue")) > 0) {
				if (g.num != OARR_VALUES || g.wire != PB_LEN)
					continue;
				if (!first && text_str(x, ", ") < 0)
					return -1;
				first = 0;
				val = g.sub;
				if (f.num == OAV_KVLIST && (key_value(x, g.sub,
				    &k, &val) < 0 || text_add(x, k.p, k.n) < 0 ||
				    text_str(x, ": ") < 0))
					return -1;
				if (put_value(x, val, depth + 1, num, is_num) < 0)
					return -1;
			}
			if (rc2 < 0 || text_str(x, f.num == OAV_ARRAY ? "]" :
			    "}") < 0)
				return -1;
			break;
		}
	}
	return rc;
}

/* Attribute i of the dictionary: its key, its value's text (in x->text,
 * valid until the next), its unit; *is_num with *num for an int. */
static int
attribute(struct octx *x, uint64_t i, const uint8_t *at, struct text *key,
    struct text *unit, int64_t *num, int *is_num)
{
	struct pb m;
	struct pb_field f;
	int rc;

	*key = *unit = text_n("", 0);
	*is_num = 0;
	x->ntext = 0;
	if (text_add(x, "", 0) < 0 ||
	    check_index(x, T_ATTR, i, at, "an attribute index") < 0)
		return -1;
	if (i >= x->t[T_ATTR].n)
		return 0;
	m = x->t[T_ATTR].e[i];
	while ((rc = next(x, &m, &f, "KeyValueAndUnit")) > 0) {
		if (f.num == OKVU_KEY) {
			if (want(x, &f, PB_VARINT, "KeyValueAndUnit",
			    "key_strindex") < 0 || str(x, f.val, m.p,
			    "KeyValueAndUnit.key_strindex", key) < 0)
				return -1;
		} else if (f.num == OKVU_UNIT) {
			if (want(x, &f, PB_VARINT, "KeyValueAndUnit",
			    "unit_strindex") < 0 || str(x, f.val, m.p,
			    "KeyValueAndUnit.unit_strindex", unit) < 0)
				return -1;
		} else if (f.num == OKVU_VALUE) {
			if (want(x, &f, PB_LEN, "KeyValueAndUnit", "value") < 0
			    || put_value(x, f.sub, 0, num, is_num) < 0)
				return -1;
		}
	}
	return rc;
}

/* The packed (or single) varints of field f into x->ids. */
static int
ids(struct octx *x, const struct pb_field *f, const char *msg,
    const char *field)
{
	int rc = pb_repeated(f, &x->ids, &x->nids, &x->capids);

	if (rc == PB_WRONG_TYPE)
		return want(x, f, PB_LEN, msg, field);
	return rc < 0 ? pberr(x, rc, f->sub.p, field) : 0;
}

static int
text_is(struct text t, const char *s)
{
	return t.n == strlen(s) && memcmp(t.p, s, t.n) == 0;
}

static int
write_functions(struct octx *x)
{
	struct pb m;
	struct pb_field f;
	struct text s[3];
	int64_t start;
	size_t i;
	int rc, k;

	for (i = 1; i < x->t[T_FN].n; i++) {
		m = x->t[T_FN].e[i];
		s[0] = s[1] = s[2] = text_n("", 0);
		start = 0;
		while ((rc = next(x, &m, &f, "Function")) > 0) {
			if (f.num >= OF_NAME && f.num <= OF_FILENAME) {
				k = (int)f.num - OF_NAME;
				if (want(x, &f, PB_VARINT, "Function",
				    "name_strindex") < 0 || str(x, f.val, m.p,
				    "a Function's string index", &s[k]) < 0)
					return -1;
			} else if (f.num == OF_START_LINE) {
				if (want(x, &f, PB_VARINT, "Function",
				    "start_line") < 0)
					return -1;
				start = (int64_t)f.val;
			}
		}
		if (rc < 0)
			return -1;
		sw_function(&x->c->w, x->fn_base + (uint32_t)i,
		    text_marked(s[0]), text_marked(s[1]), s[2], start);
	}
	return 0;
}

static int
write_mappings(struct octx *x)
{
	struct sw_mapping row;
	struct pb m;
	struct pb_field f;
	struct text key, unit;
	char *builds = NULL;
	size_t i, j, nb = 0, capb = 0, gnu, other;
	int64_t num;
	int rc = 0, is_num, *flag;

	for (i = 1; i < x->t[T_MAP].n && rc == 0; i++) {
		m = x->t[T_MAP].e[i];
		memset(&row, 0, sizeof(row));
		row.id = x->map_base + (uint32_t)i;
		row.filename = text_n("", 0);
		x->nids = 0;
		while ((rc = next(x, &m, &f, "Mapping")) > 0) {
			if (f.num >= OM_START && f.num <= OM_OFFSET) {
				if (want(x, &f, PB_VARINT, "Mapping",
				    "memory_start") < 0)
					goto fail;
				*(f.num == OM_START ? &row.start : f.num ==
				    OM_LIMIT ? &row.limit : &row.offset) = f.val;
			} else if (f.num == OM_FILENAME) {
				if (want(x, &f, PB_VARINT, "Mapping",
				    "filename_strindex") < 0 || str(x, f.val,
				    m.p, "Mapping.filename_strindex",
				    &row.filename) < 0)
					goto fail;
			} else if (f.num == OM_ATTRIBUTES &&
			    ids(x, &f, "Mapping", "attribute_indices") < 0)
				goto fail;
		}
		if (rc < 0)
			break;
		/* the build id (GNU's first) and pprof's flags: kept in a
		 * buffer of their own, x->text being reused */
		nb = 0;
		gnu = other = SIZE_MAX;
		for (j = 0; j < x->nids; j++) {
			if (attribute(x, x->ids[j], m.p, &key, &unit, &num,
			    &is_num) < 0)
				goto fail;
			flag = text_is(key, OTLP_HAS_FUNCTIONS) ?
			    &row.has_functions : text_is(key,
			    OTLP_HAS_FILENAMES) ? &row.has_filenames :
			    text_is(key, OTLP_HAS_LINE_NUMBERS) ?
			    &row.has_line_numbers : text_is(key,
			    OTLP_HAS_INLINE_FRAMES) ? &row.has_inline_frames :
			    NULL;
			if (flag != NULL)
				*flag = strcmp(x->text, "true") == 0;
			else if (key.n > strlen(OTLP_BUILD_ID) && memcmp(key.p,
			    OTLP_BUILD_ID, strlen(OTLP_BUILD_ID)) == 0) {
				if (array_grow((void **)&builds, &capb, nb +
				    x->ntext + 1, 1) < 0)
					goto nomem;
				memcpy(builds + nb, x->text, x->ntext + 1);
				if (text_is(key, OTLP_BUILD_ID_GNU))
					gnu = nb;
				else if (other == SIZE_MAX)
					other = nb;
				nb += x->ntext + 1;
			}
		}
		row.build_id = gnu != SIZE_MAX ? text_of(builds + gnu) :
		    other != SIZE_MAX ? text_of(builds + other) : text_n("", 0);
		sw_mapping(&x->c->w, &row);
	}
	free(builds);
	return rc;
nomem:
	perr_nomem(x->e);
fail:
	free(builds);
	return -1;
}

/* A Location's lines, being read. */
struct oline {
	uint64_t fn;
	int64_t line, column;
};

static int
write_locations(struct octx *x)
{
	struct sw_location row;
	struct oline *lines = NULL;
	struct pb m, lm;
	struct pb_field f, g;
	struct text key, unit;
	size_t i, j, nl = 0, capl = 0, n = x->t[T_LOC].n;
	uint64_t mapping;
	int64_t num;
	int rc = 0, is_num, folded;

	if ((x->loc_first = calloc(n + 1, sizeof(*x->loc_first))) == NULL ||
	    (x->loc_n = calloc(n + 1, sizeof(*x->loc_n))) == NULL)
		return perr_nomem(x->e);
	for (i = 1; i < n; i++) {
		m = x->t[T_LOC].e[i];
		memset(&row, 0, sizeof(row));
		mapping = 0;
		nl = 0;
		x->nids = 0;
		while ((rc = next(x, &m, &f, "Location")) > 0) {
			if (f.num == OL_MAPPING) {
				if (want(x, &f, PB_VARINT, "Location",
				    "mapping_index") < 0 || check_index(x,
				    T_MAP, f.val, m.p, "Location.mapping_index")
				    < 0)
					goto fail;
				mapping = f.val;
			} else if (f.num == OL_ADDRESS) {
				if (want(x, &f, PB_VARINT, "Location",
				    "address") < 0)
					goto fail;
				row.address = f.val;
			} else if (f.num == OL_LINES) {
				if (want(x, &f, PB_LEN, "Location", "lines") < 0)
					goto fail;
				if (ARRAY_ROOM(lines, nl, capl) < 0)
					goto nomem;
				memset(&lines[nl], 0, sizeof(lines[nl]));
				lm = f.sub;
				while ((rc = next(x, &lm, &g, "Line")) > 0) {
					if (g.wire != PB_VARINT)
						continue;
					if (g.num == OLN_FUNCTION) {
						if (check_index(x, T_FN, g.val,
						    lm.p, "Line.function_index")
						    < 0)
							goto fail;
						lines[nl].fn = g.val;
					} else if (g.num == OLN_LINE)
						lines[nl].line = (int64_t)g.val;
					else if (g.num == OLN_COLUMN)
						lines[nl].column =
						    (int64_t)g.val;
				}
				if (rc < 0)
					goto fail;
				nl++;
			} else if (f.num == OL_ATTRIBUTES &&
			    ids(x, &f, "Location", "attribute_indices") < 0)
				goto fail;
		}
		if (rc < 0)
			goto fail;
		folded = 0;
		for (j = 0; j < x->nids; j++) {
			if (attribute(x, x->ids[j], m.p, &key, &unit, &num,
			    &is_num) < 0)
				goto fail;
			if (text_is(key, OTLP_IS_FOLDED))
				folded = strcmp(x->text, "true") == 0;
		}
		x->loc_first[i] = x->c->nlocations + 1;
		x->loc_n[i] = nl > 0 ? (uint32_t)nl : 1;
		row.mapping_id = mapping ? x->map_base + (uint32_t)mapping : 0;
		row.is_folded = folded;
		for (j = 0; j < x->loc_n[i]; j++) {
			row.id = ++x->c->nlocations;
			row.function_id = nl > 0 && lines[j].fn ? x->fn_base +
			    (uint32_t)lines[j].fn : 0;
			row.line = nl > 0 ? lines[j].line : 0;
			row.line_na = nl == 0;
			row.column = nl > 0 && lines[j].column > 0 ?
			    lines[j].column : 0;
			row.inlined = j + 1 < x->loc_n[i];
			sw_location(&x->c->w, &row);
		}
		/* its attributes, on each of its rows (the frame type of an
		 * inlined frame is its caller's) */
		for (j = 0; j < x->nids; j++) {
			uint32_t r;
			if (attribute(x, x->ids[j], m.p, &key, &unit, &num,
			    &is_num) < 0)
				goto fail;
			if (key.n == 0 || text_is(key, OTLP_IS_FOLDED))
				continue;
			for (r = 0; r < x->loc_n[i]; r++)
				sw_location_attr(&x->c->w, x->loc_first[i] + r,
				    key, text_n(x->text, x->ntext));
		}
	}
	free(lines);
	return 0;
nomem:
	perr_nomem(x->e);
fail:
	free(lines);
	return -1;
}

/* Resource and scope attributes (KeyValue) as source attributes. */
static int
kv_attrs(struct octx *x, uint32_t source, struct pb m, uint32_t field)
{
	struct pb_field f;
	struct pb v;
	struct text key;
	int64_t num;
	int rc, is_num;

	while ((rc = next(x, &m, &f, "attributes")) > 0) {
		if (f.num != field || f.wire != PB_LEN)
			continue;
		x->ntext = 0;
		if (key_value(x, f.sub, &key, &v) < 0 || text_add(x, "", 0) <
		    0 || put_value(x, v, 0, &num, &is_num) < 0)
			return -1;
		/* the scope's pprof default is the source's; its type
		 * order joined the Profiles, said by being one source */
		if (text_is(key, OTLP_DEFAULT_TYPE))
			key = text_of(ATTR_PPROF_DEFAULT_TYPE);
		if (key.n > 0 && !text_is(key, OTLP_TYPE_ORDER))
			sw_source_attr(&x->c->w, source, key, text_n(x->text,
			    x->ntext));
	}
	return rc;
}

static void
attr_u64(struct octx *x, uint32_t source, const char *key, uint64_t v)
{
	char b[32];

	snprintf(b, sizeof(b), "%llu", (unsigned long long)v);
	sw_source_attr(&x->c->w, source, text_of(key), text_of(b));
}

static int
attr_hex(struct octx *x, uint32_t source, const char *key, struct pb b)
{
	char h[3];

	x->ntext = 0;
	if (text_add(x, "", 0) < 0)
		return -1;
	for (; b.p < b.end; b.p++) {
		snprintf(h, sizeof(h), "%02x", *b.p);
		if (text_str(x, h) < 0)
			return -1;
	}
	sw_source_attr(&x->c->w, source, text_of(key), text_n(x->text,
	    x->ntext));
	return 0;
}

/* A ValueType's type and unit. */
static int
value_type(struct octx *x, struct pb m, struct text *type, struct text *unit)
{
	struct pb_field f;
	int rc;

	*type = *unit = text_n("", 0);
	while ((rc = next(x, &m, &f, "ValueType")) > 0) {
		if (f.num != OVT_TYPE && f.num != OVT_UNIT)
			continue;
		if (want(x, &f, PB_VARINT, "ValueType", "type_strindex") < 0 ||
		    str(x, f.val, m.p, "a ValueType's string index",
		    f.num == OVT_TYPE ? type : unit) < 0)
			return -1;
	}
	return rc;
}

/* A Sample's labels: its attributes and link, each written with every
 * raw sample it stands for; texts kept in one buffer. */
static int
sample_labels(struct octx *x, const uint8_t *at, uint64_t link)
{
	struct text key, unit;
	struct olabel *l;
	struct pb lk;
	struct pb_field f;
	size_t i, k;
	int64_t num;
	int is_num, rc;

	x->nlabels = 0;
	for (i = 0; i < x->nids; i++) {
		if (attribute(x, x->ids[i], at, &key, &unit, &num, &is_num) < 0)
			return -1;
		if (key.n == 0)
			continue;
		if (ARRAY_ROOM(x->labels, x->nlabels, x->caplabels) < 0)
			return perr_nomem(x->e);
		l = &x->labels[x->nlabels++];
		l->key = key;
		l->num = num;
		l->owned = 0;
		if (is_num) {
			l->str = TEXT_NA;
			l->unit = unit.n > 0 ? unit : TEXT_NA;
		} else {
			l->unit = TEXT_NA;
			/* the value's text, copied: x->text is reused */
			if (x->ntext < sizeof(l->buf)) {
				memcpy(l->buf, x->text, x->ntext);
				l->str = text_n(l->buf, x->ntext);
			} else {
				char *s = malloc(x->ntext + 1);
				if (s == NULL)
					return perr_nomem(x->e);
				memcpy(s, x->text, x->ntext + 1);
				l->str = text_n(s, x->ntext);
				l->owned = 1;
			}
		}
	}
	if (link == 0)
		return 0;
	if (check_index(x, T_LINK, link, at, "Sample.link_index") < 0)
		return -1;
	lk = x->t[T_LINK].e[link];
	while ((rc = next(x, &lk, &f, "Link")) > 0) {
		if ((f.num != OLK_TRACE_ID && f.num != OLK_SPAN_ID) ||
		    f.wire != PB_LEN)
			continue;
		if (ARRAY_ROOM(x->labels, x->nlabels, x->caplabels) < 0)
			return perr_nomem(x->e);
		l = &x->labels[x->nlabels++];
		l->key = text_of(f.num == OLK_TRACE_ID ? OTLP_TRACE_ID :
		    OTLP_SPAN_ID);
		l->unit = TEXT_NA;
		l->num = 0;
		l->owned = 0;
		for (k = 0; f.sub.p + k < f.sub.end && 2 * k + 2 <
		    sizeof(l->buf); k++)
			snprintf(l->buf + 2 * k, 3, "%02x", f.sub.p[k]);
		l->str = text_n(l->buf, 2 * k);
	}
	return rc;
}

static void
free_labels(struct octx *x)
{
	size_t i;

	for (i = 0; i < x->nlabels; i++)
		if (x->labels[i].owned)
			free((char *)x->labels[i].str.p);
	x->nlabels = 0;
}

/* The timestamps of field f (packed fixed64s, or one) into x->ts. */
static int
timestamps(struct octx *x, const struct pb_field *f)
{
	const uint8_t *p;
	uint64_t v;

	if (f->wire == PB_I64) {
		if (ARRAY_ROOM(x->ts, x->nts, x->capts) < 0)
			return perr_nomem(x->e);
		x->ts[x->nts++] = f->val;
		return 0;
	}
	if (want(x, f, PB_LEN, "Sample", "timestamps_unix_nano") < 0)
		return -1;
	if ((f->sub.end - f->sub.p) % 8 != 0)
		return bad(x, f->sub.p, "Sample.timestamps_unix_nano: %zu "
		    "bytes, not a multiple of 8", (size_t)(f->sub.end -
		    f->sub.p));
	for (p = f->sub.p; p < f->sub.end; p += 8) {
		if (ARRAY_ROOM(x->ts, x->nts, x->capts) < 0)
			return perr_nomem(x->e);
		memcpy(&v, p, 8);	/* little-endian, as protobuf */
		x->ts[x->nts++] = v;
	}
	return 0;
}

/* A Sample's fields: its stack, link, values (into *vals), attribute
 * indices (x->ids) and timestamps (x->ts). */
static int
sample_fields(struct octx *x, struct pb m, uint64_t *stack, uint64_t *link,
    uint64_t **vals, size_t *nv, size_t *capv)
{
	struct pb_field f;
	int rc, fa = x->old_sample ? OS19_ATTRIBUTES : OS_ATTRIBUTES;
	int fl = x->old_sample ? OS19_LINK : OS_LINK;
	int fv = x->old_sample ? OS19_VALUES : OS_VALUES;

	*stack = *link = 0;
	*nv = 0;
	x->nids = x->nts = 0;
	while ((rc = next(x, &m, &f, "Sample")) > 0) {
		if (f.num == OS_STACK) {
			if (want(x, &f, PB_VARINT, "Sample", "stack_index") < 0)
				return -1;
			*stack = f.val;
		} else if ((int)f.num == fa) {
			if (ids(x, &f, "Sample", "attribute_indices") < 0)
				return -1;
		} else if ((int)f.num == fl) {
			if (want(x, &f, PB_VARINT, "Sample", "link_index") < 0)
				return -1;
			*link = f.val;
		} else if ((int)f.num == fv) {
			if ((rc = pb_repeated(&f, vals, nv, capv)) < 0)
				return rc == PB_WRONG_TYPE ? want(x, &f, PB_LEN,
				    "Sample", "values") : pberr(x, rc, m.p,
				    "Sample.values");
		} else if (f.num == OS_TIMESTAMPS && timestamps(x, &f) < 0)
			return -1;
	}
	return rc;
}

/* The stack's rows, leaf first, into x->stack: their number, or -1. */
static int64_t
stack_rows(struct octx *x, uint64_t stack, const uint8_t *at)
{
	struct pb st;
	struct pb_field f;
	size_t i, j, depth = 0;
	int rc;

	if (check_index(x, T_STACK, stack, at, "Sample.stack_index") < 0)
		return -1;
	x->nids = 0;
	if (stack < x->t[T_STACK].n) {
		st = x->t[T_STACK].e[stack];
		while ((rc = next(x, &st, &f, "Stack")) > 0)
			if (f.num == OSTK_LOCATIONS && ids(x, &f, "Stack",
			    "location_indices") < 0)
				return -1;
		if (rc < 0)
			return -1;
	}
	for (i = 0; i < x->nids; i++) {
		if (check_index(x, T_LOC, x->ids[i], at, "a Stack's location "
		    "index") < 0)
			return -1;
		if (x->ids[i] == 0)
			return bad(x, at, "a Stack refers to location_table[0], "
			    "the zero Location");
		for (j = 0; j < x->loc_n[x->ids[i]]; j++) {
			if (array_grow((void **)&x->stack, &x->capstack,
			    depth + 1, sizeof(*x->stack)) < 0)
				return perr_nomem(x->e);
			stream_id_set(&x->stack[depth++],
			    x->loc_first[x->ids[i]] + (uint32_t)j);
		}
	}
	return (int64_t)depth;
}

/* The Samples m[0..n) of n Profiles joined into one source (n = 1 for a
 * Profile alone), each with the values of its type vt[i]: raw samples
 * with a value of each (1 for a timestamp alone) and m[0]'s time. */
static int
samples(struct octx *x, const struct pb *m, size_t n, uint32_t source,
    const uint32_t *vt)
{
	const uint8_t *at = m[0].p;
	uint64_t stack = 0, link = 0, s1, l1, **vals;
	size_t i, k, d, count = 0, *nv, *capv, nts = 0;
	int64_t depth;
	struct stream_id sid;
	struct sw_stack stk;
	int rc = -1;

	vals = calloc(n, sizeof(*vals));
	nv = calloc(n, sizeof(*nv));
	capv = calloc(n, sizeof(*capv));
	if (vals == NULL || nv == NULL || capv == NULL) {
		perr_nomem(x->e);
		goto done;
	}
	/* the others first, m[0] last: its attributes and times stay */
	for (i = n; i-- > 0;) {
		if (sample_fields(x, m[i], &s1, &l1, &vals[i], &nv[i],
		    &capv[i]) < 0)
			goto done;
		k = nv[i] > x->nts ? nv[i] : x->nts;
		if (nv[i] > 0 && x->nts > 0 && nv[i] != x->nts) {
			bad(x, m[i].p, "a Sample with %zu values and %zu "
			    "timestamps (the arrays must be of one length)",
			    nv[i], x->nts);
			goto done;
		}
		if (k == 0) {
			bad(x, m[i].p, "a Sample with no value and no "
			    "timestamp");
			goto done;
		}
		if (i + 1 < n && (s1 != stack || l1 != link || k != count)) {
			bad(x, m[i].p, "the Profiles joined by %s differ in "
			    "their Samples (stack, link or count)",
			    OTLP_TYPE_ORDER);
			goto done;
		}
		stack = s1;
		link = l1;
		count = k;
	}
	nts = x->nts;
	if ((depth = stack_rows(x, stack, at)) < 0)
		goto done;
	/* the attribute indices again: the stack took x->ids */
	if (sample_fields(x, m[0], &s1, &l1, &vals[0], &nv[0], &capv[0]) < 0 ||
	    sample_labels(x, at, link) < 0)
		goto done;
	for (k = 0; k < count; k++) {
		if (x->c->nsamples == INT32_MAX) {
			bad(x, at, "more than 2^31 - 1 samples");
			goto done;
		}
		stream_id_set(&sid, ++x->c->nsamples);
		sw_sample(&x->c->w, &sid, source);
		for (i = 0; i < n; i++)
			sw_sample_value(&x->c->w, &sid, vt[i], num_of_i64(nv[i] >
			    0 ? (int64_t)vals[i][k] : 1));
		sw_stack_begin(&x->c->w, &stk, &sid);
		for (d = 0; d < (size_t)depth; d++)
			sw_stack_frame(&x->c->w, &stk, &x->stack[d]);
		for (i = 0; i < x->nlabels; i++) {
			struct sw_label l = { x->labels[i].key,
			    x->labels[i].str, x->labels[i].num,
			    x->labels[i].unit };
			sw_sample_label(&x->c->w, &sid, &l);
		}
		if (nts > 0)
			sw_sample_time(&x->c->w, &sid, (int64_t)x->ts[k]);
	}
	rc = 0;
done:
	free_labels(x);
	for (i = 0; vals != NULL && i < n; i++)
		free(vals[i]);
	free(vals);
	free(nv);
	free(capv);
	return rc;
}

/* A scope's or resource's context, for its profiles' sources. */
struct octxt {
	struct pb resource, scope;	/* their attributes' messages */
	int has_resource, has_scope;
	struct text rschema, sschema;
};

/* The strings of an array attribute, each a source attribute key (an
 * AnyValue of another kind: its text). */
static int
array_attr(struct octx *x, uint32_t source, uint64_t i, const uint8_t *at,
    struct text key)
{
	struct pb m = x->t[T_ATTR].e[i], v, a;
	struct pb_field f, g, h;
	int rc, found = 0;

	while ((rc = next(x, &m, &f, "KeyValueAndUnit")) > 0) {
		if (f.num != OKVU_VALUE || f.wire != PB_LEN)
			continue;
		v = f.sub;
		while ((rc = next(x, &v, &g, "AnyValue")) > 0) {
			if (g.num != OAV_ARRAY || g.wire != PB_LEN)
				continue;
			found = 1;
			a = g.sub;
			while ((rc = next(x, &a, &h, "ArrayValue")) > 0) {
				int64_t num;
				int is_num;
				if (h.num != OARR_VALUES || h.wire != PB_LEN)
					continue;
				x->ntext = 0;
				if (text_add(x, "", 0) < 0 || put_value(x, h.sub,
				    1, &num, &is_num) < 0)
					return -1;
				sw_source_attr(&x->c->w, source, key,
				    text_n(x->text, x->ntext));
			}
			if (rc < 0)
				return -1;
		}
		if (rc < 0)
			return -1;
	}
	(void)at;
	return rc < 0 ? -1 : found;
}

/* The header of Profile m: its source (*source) with its attributes, the
 * handle of its sample type (*vt), how many Samples it has. */
static int
profile_source(struct octx *x, const struct octxt *cx, struct pb m,
    uint32_t *source, int64_t *vt, int *nsamples)
{
	struct pb p = m, sub;
	struct pb_field f;
	struct text type = text_n("", 0), unit = text_n("", 0), pt, pu, s;
	struct text stype = text_of(SOURCE_OTLP), suri = text_of(x->uri);
	struct text key, u;
	uint64_t time = 0, duration = 0, dropped = 0;
	int64_t period = 0, num;
	int rc, have_period = 0, is_num;
	uint32_t off = x->v18 ? 1 : 0;	/* v1.8: one field more */
	struct pb id = { NULL, NULL }, format = { NULL, NULL };
	char *ktype = NULL, *kuri = NULL;
	size_t i;

	x->nids = 0;
	*nsamples = 0;
	pt = pu = text_n("", 0);
	while ((rc = next(x, &p, &f, "Profile")) > 0) {
		if (f.num == OP_SAMPLE_TYPE) {
			if (want(x, &f, PB_LEN, "Profile", "sample_type") < 0 ||
			    value_type(x, f.sub, &type, &unit) < 0)
				return -1;
		} else if (f.num == OP_SAMPLES) {
			if (want(x, &f, PB_LEN, "Profile", "samples") < 0)
				return -1;
			++*nsamples;
		} else if (f.num == OP_TIME) {
			if (want(x, &f, PB_I64, "Profile", "time_unix_nano") < 0)
				return -1;
			time = f.val;
		} else if (f.num == OP_DURATION) {
			if (want(x, &f, PB_VARINT, "Profile", "duration_nano") <
			    0)
				return -1;
			duration = f.val;
		} else if (f.num == OP_PERIOD_TYPE) {
			if (want(x, &f, PB_LEN, "Profile", "period_type") < 0 ||
			    value_type(x, f.sub, &pt, &pu) < 0)
				return -1;
			have_period = 1;
		} else if (f.num == OP_PERIOD) {
			if (want(x, &f, PB_VARINT, "Profile", "period") < 0)
				return -1;
			period = (int64_t)f.val;
			have_period = 1;
		} else if (f.num == OP_PROFILE_ID + off) {
			if (want(x, &f, PB_LEN, "Profile", "profile_id") < 0)
				return -1;
			id = f.sub;
		} else if (f.num == OP_DROPPED + off) {
			if (want(x, &f, PB_VARINT, "Profile",
			    "dropped_attributes_count") < 0)
				return -1;
			dropped = f.val;
		} else if (f.num == OP_PAYLOAD_FORMAT + off) {
			if (want(x, &f, PB_LEN, "Profile",
			    "original_payload_format") < 0)
				return -1;
			format = f.sub;
		} else if (f.num == OP_ATTRIBUTES + off ||
		    (x->v18 && f.num == OP18_COMMENTS)) {
			/* attributes, and v1.8's comments, in x->ids with
			 * comments marked by the top bit */
			size_t n0 = x->nids;
			if (ids(x, &f, "Profile", "attribute_indices") < 0)
				return -1;
			for (i = n0; f.num == OP18_COMMENTS && i < x->nids; i++)
				x->ids[i] |= 1ULL << 63;
		}
	}
	if (rc < 0)
		return -1;
	/* what tsv2otlp kept of the stream's source: its type and uri */
	for (i = 0; i < x->nids; i++) {
		char **slot;
		if (x->ids[i] >> 63)
			continue;
		if (attribute(x, x->ids[i], m.p, &key, &u, &num, &is_num) < 0)
			goto nomem;
		slot = text_is(key, "profstream.source_type") ? &ktype :
		    text_is(key, "profstream.source_uri") ? &kuri : NULL;
		if (slot == NULL || x->ntext == 0)
			continue;
		free(*slot);
		if ((*slot = malloc(x->ntext + 1)) == NULL)
			goto nomem;
		memcpy(*slot, x->text, x->ntext + 1);
	}
	if (ktype != NULL)
		stype = text_of(ktype);
	if (kuri != NULL)
		suri = text_of(kuri);
	if (x->c->nsources == INT32_MAX) {
		free(ktype);
		free(kuri);
		return bad(x, m.p, "more than 2^31 - 1 profiles");
	}
	*source = ++x->c->nsources;
	sw_source(&x->c->w, *source, stype, suri, time ? (double)time / 1e9 :
	    NAN);
	free(ktype);
	free(kuri);
	if (cx->has_resource && kv_attrs(x, *source, cx->resource,
	    ORES_ATTRIBUTES) < 0)
		return -1;
	if (cx->rschema.n > 0)
		sw_source_attr(&x->c->w, *source,
		    text_of(ATTR_OTLP_RESOURCE_SCHEMA), cx->rschema);
	if (cx->has_scope) {
		sub = cx->scope;
		while ((rc = next(x, &sub, &f, "InstrumentationScope")) > 0)
			if ((f.num == OSC_NAME || f.num == OSC_VERSION) &&
			    f.wire == PB_LEN && f.sub.p != f.sub.end) {
				if (no_nul(x, f.sub.p, (size_t)(f.sub.end -
				    f.sub.p), "InstrumentationScope's name") < 0)
					return -1;
				sw_source_attr(&x->c->w, *source, text_of(f.num ==
				    OSC_NAME ? OTLP_SCOPE_NAME :
				    OTLP_SCOPE_VERSION), text_n((const char *)
				    f.sub.p, (size_t)(f.sub.end - f.sub.p)));
			}
		if (rc < 0 || kv_attrs(x, *source, cx->scope, OSC_ATTRIBUTES) <
		    0)
			return -1;
	}
	if (cx->sschema.n > 0)
		sw_source_attr(&x->c->w, *source,
		    text_of(ATTR_OTLP_SCOPE_SCHEMA), cx->sschema);
	if (x->v18 || x->old_sample)
		sw_source_attr(&x->c->w, *source, text_of(ATTR_OTLP_LAYOUT),
		    text_of(x->v18 ? "v1.8" : "v1.9"));
	if (have_period) {
		sw_source_attr(&x->c->w, *source,
		    text_of(ATTR_PPROF_PERIOD_TYPE), text_marked(pt));
		sw_source_attr(&x->c->w, *source,
		    text_of(ATTR_PPROF_PERIOD_UNIT), text_marked(pu));
		attr_u64(x, *source, ATTR_PPROF_PERIOD, (uint64_t)period);
	}
	if (time)
		attr_u64(x, *source, ATTR_PPROF_TIME, time);
	if (duration)
		attr_u64(x, *source, ATTR_PPROF_DURATION, duration);
	if (id.p != id.end && attr_hex(x, *source, ATTR_OTLP_PROFILE_ID,
	    id) < 0)
		return -1;
	if (dropped)
		attr_u64(x, *source, ATTR_OTLP_DROPPED, dropped);
	if (no_nul(x, format.p, (size_t)(format.end - format.p),
	    "Profile.original_payload_format") < 0 || no_nul(x, cx->rschema.p,
	    cx->rschema.n, "schema_url") < 0 || no_nul(x, cx->sschema.p,
	    cx->sschema.n, "schema_url") < 0)
		return -1;
	if (format.p != format.end)
		sw_source_attr(&x->c->w, *source,
		    text_of(ATTR_OTLP_PAYLOAD_FORMAT), text_n((const char *)
		    format.p, (size_t)(format.end - format.p)));
	for (i = 0; i < x->nids; i++) {
		if (x->ids[i] >> 63) {	/* a v1.8 comment */
			if (str(x, x->ids[i] & ~(1ULL << 63), m.p,
			    "Profile.comment_strindices", &s) < 0)
				return -1;
			sw_source_attr(&x->c->w, *source,
			    text_of(ATTR_PPROF_COMMENT), s);
			continue;
		}
		if (attribute(x, x->ids[i], m.p, &key, &u, &num, &is_num) < 0)
			return -1;
		if (key.n == 0 || text_is(key, "profstream.source_type") ||
		    text_is(key, "profstream.source_uri"))
			continue;
		/* comments: an array, each a source attribute */
		if (text_is(key, ATTR_PPROF_COMMENT)) {
			if ((rc = array_attr(x, *source, x->ids[i], m.p, key)) <
			    0)
				return -1;
			if (rc > 0)
				continue;
			if (attribute(x, x->ids[i], m.p, &key, &u, &num,
			    &is_num) < 0)
				return -1;
		}
		sw_source_attr(&x->c->w, *source, key, text_n(x->text,
		    x->ntext));
	}
	/* a profile without samples still says what it measures */
	if (*nsamples == 0 && (type.n > 0 || unit.n > 0)) {
		sw_source_attr(&x->c->w, *source,
		    text_of(ATTR_PPROF_SAMPLE_TYPE), text_marked(type));
		sw_source_attr(&x->c->w, *source,
		    text_of(ATTR_PPROF_SAMPLE_UNIT), text_marked(unit));
	}
	if ((*vt = sw_value_type(&x->c->w, text_marked(type),
	    text_marked(unit))) < 0)
		return perr_nomem(x->e);
	return 0;
nomem:
	free(ktype);
	free(kuri);
	return -1;
}

/* The handle of Profile m's sample type. */
static int64_t
profile_type(struct octx *x, struct pb m)
{
	struct pb_field f;
	struct text type = text_n("", 0), unit = text_n("", 0);
	int64_t vt;
	int rc;

	while ((rc = next(x, &m, &f, "Profile")) > 0)
		if (f.num == OP_SAMPLE_TYPE && (want(x, &f, PB_LEN, "Profile",
		    "sample_type") < 0 || value_type(x, f.sub, &type, &unit) <
		    0))
			return -1;
	if (rc < 0)
		return -1;
	if ((vt = sw_value_type(&x->c->w, text_marked(type),
	    text_marked(unit))) < 0)
		return perr_nomem(x->e);
	return vt;
}

/* One Profile: a source and its samples. */
static int
profile(struct octx *x, const struct octxt *cx, struct pb m)
{
	struct pb p = m;
	struct pb_field f;
	uint32_t source, t;
	int64_t vt;
	int rc, n;

	if (profile_source(x, cx, m, &source, &vt, &n) < 0)
		return -1;
	t = (uint32_t)vt;
	while ((rc = next(x, &p, &f, "Profile")) > 0)
		if (f.num == OP_SAMPLES && samples(x, &f.sub, 1, source, &t) <
		    0)
			return -1;
	return rc;
}

/* The type order a scope's pprof.scope.sample_type_order gives (a
 * permutation of its n Profiles), into order: 1, 0 without one. */
static int
type_order(struct octx *x, const struct octxt *cx, size_t n, size_t *order)
{
	struct pb sc = cx->scope, v, a, e;
	struct pb_field f, g, h, k;
	struct text key;
	size_t i, got = 0;
	unsigned char *seen;
	int rc;

	if (!cx->has_scope || n < 2)
		return 0;
	while ((rc = next(x, &sc, &f, "InstrumentationScope")) > 0) {
		if (f.num != OSC_ATTRIBUTES || f.wire != PB_LEN)
			continue;
		if (key_value(x, f.sub, &key, &v) < 0)
			return -1;
		if (!text_is(key, OTLP_TYPE_ORDER))
			continue;
		while ((rc = next(x, &v, &g, "AnyValue")) > 0) {
			if (g.num != OAV_ARRAY || g.wire != PB_LEN)
				continue;
			a = g.sub;
			got = 0;
			while ((rc = next(x, &a, &h, "ArrayValue")) > 0) {
				if (h.num != OARR_VALUES || h.wire != PB_LEN)
					continue;
				e = h.sub;
				while ((rc = next(x, &e, &k, "AnyValue")) > 0)
					if (k.num == OAV_INT && k.wire ==
					    PB_VARINT && got < n)
						order[got++] = k.val;
			}
		}
		if (rc < 0)
			return -1;
		if (got != n)
			return bad(x, f.sub.p, "%s has %zu entries for %zu "
			    "Profiles", OTLP_TYPE_ORDER, got, n);
		if ((seen = calloc(n, 1)) == NULL)
			return perr_nomem(x->e);
		for (i = 0; i < n; i++) {
			if (order[i] >= n || seen[order[i]]) {
				free(seen);
				return bad(x, f.sub.p, "%s is no order of "
				    "its scope's %zu Profiles",
				    OTLP_TYPE_ORDER, n);
			}
			seen[order[i]] = 1;
		}
		free(seen);
		return 1;
	}
	return rc < 0 ? -1 : 0;
}

/* The Profiles of a scope that pprof.scope.sample_type_order joins: one
 * source, a value of each Profile's type per raw sample (what tsv2otlp
 * and the Collector's pprof translator split). */
static int
joined(struct octx *x, const struct octxt *cx, const struct pb *prof,
    const size_t *order, size_t n)
{
	struct pb *cur = NULL, *smp = NULL, m;
	struct pb_field f;
	uint32_t source, *vt = NULL;
	int64_t v;
	size_t i;
	int rc = -1, ns, ns0 = 0, more, got;

	if ((cur = calloc(n, sizeof(*cur))) == NULL ||
	    (smp = calloc(n, sizeof(*smp))) == NULL ||
	    (vt = calloc(n, sizeof(*vt))) == NULL) {
		perr_nomem(x->e);
		goto done;
	}
	if (profile_source(x, cx, prof[order[0]], &source, &v, &ns0) < 0)
		goto done;
	for (i = 0; i < n; i++) {
		/* the first in order makes the source; the others only
		 * give their type (their attributes are the same) */
		if (i > 0 && (v = profile_type(x, prof[order[i]])) < 0)
			goto done;
		vt[i] = (uint32_t)v;
		cur[i] = prof[order[i]];
		for (ns = 0, m = cur[i]; (rc = next(x, &m, &f, "Profile")) >
		    0;)
			ns += f.num == OP_SAMPLES;
		if (rc < 0)
			goto done;
		if (ns != ns0) {
			bad(x, prof[order[i]].p, "the Profiles joined by %s "
			    "have %d and %d Samples", OTLP_TYPE_ORDER, ns0, ns);
			rc = -1;
			goto done;
		}
	}
	for (more = 1; more;) {
		for (i = 0, got = 0; i < n; i++) {
			while ((rc = next(x, &cur[i], &f, "Profile")) > 0 &&
			    f.num != OP_SAMPLES)
				;
			if (rc < 0)
				goto done;
			if (rc > 0) {
				smp[i] = f.sub;
				got++;
			}
		}
		if ((more = got == (int)n) && samples(x, smp, n, source, vt) <
		    0) {
			rc = -1;
			goto done;
		}
	}
	rc = 0;
done:
	free(cur);
	free(smp);
	free(vt);
	return rc;
}

static int
scope_profiles(struct octx *x, struct octxt *cx, struct pb m)
{
	struct pb p = m, *prof = NULL;
	struct pb_field f;
	size_t n = 0, cap = 0, i, *order = NULL;
	int rc;

	cx->has_scope = 0;
	cx->sschema = text_n("", 0);
	while ((rc = next(x, &p, &f, "ScopeProfiles")) > 0) {
		if (f.wire != PB_LEN)
			continue;
		if (f.num == OSP_SCOPE) {
			cx->scope = f.sub;
			cx->has_scope = 1;
		} else if (f.num == OSP_SCHEMA_URL)
			cx->sschema = text_n((const char *)f.sub.p,
			    (size_t)(f.sub.end - f.sub.p));
	}
	if (rc < 0)
		return -1;
	/* its Profiles, joined into one source when the scope says they
	 * are one pprof profile's types */
	p = m;
	n = 0;
	while ((rc = next(x, &p, &f, "ScopeProfiles")) > 0)
		if (f.num == OSP_PROFILES) {
			if (want(x, &f, PB_LEN, "ScopeProfiles", "profiles") < 0)
				goto done;
			if (ARRAY_ROOM(prof, n, cap) < 0) {
				perr_nomem(x->e);
				goto done;
			}
			prof[n++] = f.sub;
		}
	if (rc < 0)
		goto done;
	if (n > 0 && (order = calloc(n, sizeof(*order))) == NULL) {
		perr_nomem(x->e);
		goto done;
	}
	if ((rc = type_order(x, cx, n, order)) < 0)
		goto done;
	if (rc > 0)
		rc = joined(x, cx, prof, order, n);
	else
		for (i = 0, rc = 0; i < n && rc == 0; i++)
			rc = profile(x, cx, prof[i]);
done:
	free(prof);
	free(order);
	return rc < 0 ? -1 : 0;
}

static int
resource_profiles(struct octx *x, struct pb m)
{
	struct octxt cx;
	struct pb p = m;
	struct pb_field f;
	int rc;

	memset(&cx, 0, sizeof(cx));
	cx.rschema = cx.sschema = text_n("", 0);
	while ((rc = next(x, &p, &f, "ResourceProfiles")) > 0) {
		if (f.wire != PB_LEN)
			continue;
		if (f.num == ORP_RESOURCE) {
			cx.resource = f.sub;
			cx.has_resource = 1;
		} else if (f.num == ORP_SCHEMA_URL)
			cx.rschema = text_n((const char *)f.sub.p,
			    (size_t)(f.sub.end - f.sub.p));
	}
	if (rc < 0)
		return -1;
	p = m;
	while ((rc = next(x, &p, &f, "ResourceProfiles")) > 0)
		if (f.num == ORP_SCOPE_PROFILES && (want(x, &f, PB_LEN,
		    "ResourceProfiles", "scope_profiles") < 0 ||
		    scope_profiles(x, &cx, f.sub) < 0))
			return -1;
	return rc;
}

void
otlp_read_begin(struct otlp_reader *c, struct output *o)
{
	memset(c, 0, sizeof(*c));
	sw_begin(&c->w, o, V20, SCHEMA_EXTENSIONS, 1);
}

void
otlp_read_free(struct otlp_reader *c)
{
	sw_free(&c->w);
}

int
otlp_read(struct otlp_reader *c, const unsigned char *data, size_t len,
    const char *name, const char *uri, struct perr *e)
{
	struct octx x;
	enum sniff_kind k;
	const unsigned char *nl;
	size_t i;
	int rc = -1, t;

	memset(&x, 0, sizeof(x));
	x.c = c;
	x.name = name;
	x.uri = uri;
	x.base = data;
	x.e = e;
	if (len == 0)
		return perr_set(e, "%s: empty input: not OTLP Profiles", name);
	nl = memchr(data, '\n', len);
	if ((k = sniff((const char *)data, nl ? (size_t)(nl - data) : len)) ==
	    SNIFF_STREAM || k == SNIFF_RPROF || k == SNIFF_FOLDED)
		return perr_set(e, "%s: not OTLP Profiles: %s", name,
		    sniff_advice(k));
	if (x.c->nfunctions > INT32_MAX / 2 || x.c->nmappings > INT32_MAX / 2)
		return perr_set(e, "%s: too many functions", name);
	if (index_message(&x, data, len) < 0 || sniff_layout(&x) < 0)
		goto done;
	if (x.t[T_FN].n > (size_t)INT32_MAX - c->nfunctions ||
	    x.t[T_MAP].n > (size_t)INT32_MAX - c->nmappings ||
	    x.t[T_LOC].n > (size_t)INT32_MAX - c->nlocations) {
		perr_set(e, "%s: more than 2^31 - 1 functions, mappings or "
		    "locations", name);
		goto done;
	}
	x.fn_base = c->nfunctions;
	x.map_base = c->nmappings;
	if (write_functions(&x) < 0 || write_mappings(&x) < 0 ||
	    write_locations(&x) < 0)
		goto done;
	c->nfunctions += x.t[T_FN].n > 0 ? (uint32_t)x.t[T_FN].n - 1 : 0;
	c->nmappings += x.t[T_MAP].n > 0 ? (uint32_t)x.t[T_MAP].n - 1 : 0;
	for (i = 0; i < x.nrp; i++)
		if (resource_profiles(&x, x.rp[i]) < 0)
			goto done;
	rc = 0;
done:
	for (t = 0; t < T_N; t++)
		free(x.t[t].e);
	free(x.rp);
	free(x.loc_first);
	free(x.loc_n);
	free(x.ids);
	free(x.ts);
	free(x.stack);
	free_labels(&x);
	free(x.labels);
	free(x.text);
	return rc < 0 ? perr_at(e, name) : 0;
}
