/*
 * OTLP Profiles on the wire, for otlp2tsv (otlp_read_impl.h): the message
 * indexed where it lies (pb.h), the dictionary's tables an element a
 * slice, every index checked against its table, the layout told by the
 * wire, attribute values made text.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/otlp/otlp_read_impl.h"
#include "stream/sniff.h"

static const char *const table_name[T_N] = {
	"mapping_table", "location_table", "function_table", "link_table",
	"string_table", "attribute_table", "stack_table",
};

int
od_bad(struct octx *x, const uint8_t *at, const char *fmt, ...)
{
	char what[sizeof(x->e->msg)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (x->c->json)		/* offsets are the JSON's made protobuf's */
		return perr_set(x->e, "%s: not valid OTLP Profiles: %s",
		    x->name, what);
	return perr_set(x->e, "%s: not valid OTLP Profiles: %s (at byte %zu)",
	    x->name, what, (size_t)(at - x->base));
}

int
od_pberr(struct octx *x, int rc, const uint8_t *at, const char *where)
{
	if (rc == PB_NOMEM)
		return perr_nomem(x->e);
	return od_bad(x, at, "%s: %s", where, pb_strerror(rc));
}

/* The next field of b, or 0 at its end; a wire error said. */
int
od_want(struct octx *x, const struct pb_field *f, int wire, const char *msg,
    const char *field)
{
	if (f->wire == wire)
		return 0;
	return od_bad(x, f->wire == PB_LEN ? f->sub.p : x->base, "%s.%s: wire "
	    "type %d, not %d (a layout before v1.8?)", msg, field, f->wire,
	    wire);
}

int
od_index_error(struct octx *x, int t, uint64_t i, const uint8_t *at,
    const char *what)
{
	return od_bad(x, at, "%s %llu is out of %s (%zu element%s)", what,
	    (unsigned long long)i, table_name[t], x->t[t].n, x->t[t].n == 1 ?
	    "" : "s");
}

/* A string of the table (index checked). */
int
od_str(struct octx *x, uint64_t i, const uint8_t *at, const char *what,
    struct text *s)
{
	if (od_check_index(x, T_STR, i, at, what) < 0)
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

/* Whether a table is found by index (else read in turn: a location,
 * function or mapping is written once, in order). */
static const int indexed[T_N] = {
	[T_LINK] = 1, [T_STR] = 1, [T_ATTR] = 1, [T_STACK] = 1
};

static int
index_dictionary(struct octx *x, struct pb d)
{
	struct pb_field f;
	struct pb again = d;
	size_t n[T_N] = { 0 };
	int rc, t;

	if (ARRAY_ROOM(x->dicts, x->ndicts, x->capdicts) < 0)
		return perr_nomem(x->e);
	x->dicts[x->ndicts++] = d;
	/* counted first, each index made at its size and populated at once
	 * (array_reserve: pages faulted one at a time cost here) */
	while ((rc = od_next(x, &d, &f, "ProfilesDictionary")) > 0) {
		if (f.num < ODICT_MAPPING || f.num > ODICT_STACK)
			continue;
		if (od_want(x, &f, PB_LEN, "ProfilesDictionary",
		    table_name[f.num - 1]) < 0)
			return -1;
		t = (int)f.num - 1;
		if (x->t[t].n + n[t] == 0)
			x->t[t].first = f.sub;
		n[t]++;
	}
	if (rc < 0)
		return -1;
	for (t = 0; t < T_N; t++) {
		if (n[t] > 0 && indexed[t] && array_reserve((void **)&x->t[t].e,
		    &x->t[t].cap, x->t[t].n + n[t], sizeof(*x->t[t].e)) < 0)
			return perr_nomem(x->e);
		if (!indexed[t])
			x->t[t].n += n[t];
	}
	while ((rc = od_next(x, &again, &f, "ProfilesDictionary")) > 0)
		if (f.num >= ODICT_MAPPING && f.num <= ODICT_STACK &&
		    indexed[f.num - 1])
			x->t[f.num - 1].e[x->t[f.num - 1].n++] = f.sub;
	return rc;
}

void
od_cursor(struct octx *x, struct ocursor *c, int t)
{
	struct pb m;

	c->field = (uint32_t)t + 1;
	c->dict = 0;
	c->rest = x->ndicts > 0 ? x->dicts[0] : (struct pb){ NULL, NULL };
	(void)od_cursor_next(x, c, &m);	/* element 0 */
}

int
od_cursor_next(struct octx *x, struct ocursor *c, struct pb *m)
{
	struct pb_field f;

	for (;;) {
		while (pb_field(&c->rest, &f) > 0)
			if (f.num == c->field) {
				*m = f.sub;
				return 1;
			}
		if (c->dict + 1 >= x->ndicts)
			return 0;
		c->rest = x->dicts[++c->dict];
	}
}

/* The top level, then the dictionaries (several merge, as protobuf
 * merges repeated fields), each table's element 0 the zero value. */
int
od_index_message(struct octx *x, const uint8_t *data, size_t len)
{
	struct pb b = { data, data + len };
	struct pb_field f;
	size_t i;
	int rc, t;

	while ((rc = od_next(x, &b, &f, "ProfilesData")) > 0) {
		/* pprof's Profile has these at its top level; ProfilesData
		 * has two fields */
		if (f.num >= 3 && f.num <= 15)
			return perr_set(x->e, "%s: not OTLP Profiles: a field "
			    "%u at the top level, as a pprof profile has (use "
			    "pprof2tsv)", x->name, f.num);
		if (f.num == OD_RESOURCE_PROFILES) {
			if (od_want(x, &f, PB_LEN, "ProfilesData",
			    "resource_profiles") < 0)
				return -1;
			if (ARRAY_ROOM(x->rp, x->nrp, x->caprp) < 0)
				return perr_nomem(x->e);
			x->rp[x->nrp++] = f.sub;
		} else if (f.num == OD_DICTIONARY && od_want(x, &f, PB_LEN,
		    "ProfilesData", "dictionary") < 0)
			return -1;
	}
	if (rc < 0)
		return -1;
	/* the dictionaries once the top level is known to be OTLP's */
	b.p = data;
	while (od_next(x, &b, &f, "ProfilesData") > 0)
		if (f.num == OD_DICTIONARY && index_dictionary(x, f.sub) < 0)
			return -1;
	for (t = 0; t < T_N; t++) {
		if (x->t[t].n == 0)
			continue;
		if (t == T_STR ? x->t[t].first.p != x->t[t].first.end :
		    !zero(x->t[t].first))
			return od_bad(x, x->t[t].first.p, "%s[0] is not the "
			    "zero value", table_name[t]);
	}
	for (i = 1; i < x->t[T_STR].n; i++)
		if (memchr(x->t[T_STR].e[i].p, '\0', (size_t)(x->t[T_STR].e[i].end
		    - x->t[T_STR].e[i].p)) != NULL)
			return od_bad(x, x->t[T_STR].e[i].p, "string_table[%zu] "
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
int
od_sniff_layout(struct octx *x)
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
					/* one Sample that tells is enough */
					while ((x->old_sample || new_seen) ==
					    0 && pb_field(&sm, &k) > 0) {
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
		return od_bad(x, x->base, "Samples of two layouts (v1.9 and "
		    "v1.10)");
	return 0;
}

/* Inline text (attribute keys and values, scope names, URLs): the
 * stream holds no NUL byte, as string_table may not. */
int
od_no_nul(struct octx *x, const void *p, size_t n, const char *what)
{
	const uint8_t *z = n > 0 ? memchr(p, '\0', n) : NULL;

	return z == NULL ? 0 : od_bad(x, z, "%s holds a NUL byte", what);
}

int
od_text_add(struct octx *x, const void *p, size_t n)
{
	if (od_no_nul(x, p, n, "a string") < 0)
		return -1;
	if (array_grow((void **)&x->text, &x->captext, x->ntext + n + 1, 1) < 0)
		return perr_nomem(x->e);
	memcpy(x->text + x->ntext, p, n);
	x->ntext += n;
	x->text[x->ntext] = '\0';
	return 0;
}

int
od_text_str(struct octx *x, const char *s)
{
	return od_text_add(x, s, strlen(s));
}

/* A KeyValue (resource and scope attributes): its key (inline or
 * _strindex) into *key. */
int
od_key_value(struct octx *x, struct pb kv, struct text *key, struct pb *value)
{
	struct pb_field f;
	int rc;

	*key = text_n("", 0);
	value->p = value->end = kv.p;
	while ((rc = od_next(x, &kv, &f, "KeyValue")) > 0) {
		if (f.num == OKV_KEY && f.wire == PB_LEN) {
			*key = text_n((const char *)f.sub.p,
			    (size_t)(f.sub.end - f.sub.p));
			if (od_no_nul(x, key->p, key->n, "KeyValue.key") < 0)
				return -1;
		}
		else if (f.num == OKV_KEY_STRINDEX && f.wire == PB_VARINT) {
			if (od_str(x, f.val, kv.p, "KeyValue.key_strindex",
			    key) < 0)
				return -1;
		} else if (f.num == OKV_VALUE && f.wire == PB_LEN)
			*value = f.sub;
	}
	return rc;
}

int
od_put_value(struct octx *x, struct pb m, int depth, int64_t *num, int *is_num)
{
	struct pb_field f, g;
	struct text s, k;
	struct pb v, val;
	char b[64];
	size_t i;
	double d;
	int rc, rc2, first;

	if (depth > 64)
		return od_bad(x, m.p, "AnyValue nested past 64 levels");
	while ((rc = od_next(x, &m, &f, "AnyValue")) > 0) {
		switch (f.num) {
		case OAV_STRING:
			if (od_want(x, &f, PB_LEN, "AnyValue", "string_value") < 0 ||
			    od_text_add(x, f.sub.p, (size_t)(f.sub.end - f.sub.p)) <
			    0)
				return -1;
			break;
		case OAV_BYTES:		/* as hex, as trace ids are */
			if (od_want(x, &f, PB_LEN, "AnyValue", "bytes_value") < 0)
				return -1;
			for (i = 0; f.sub.p + i < f.sub.end; i++) {
				snprintf(b, sizeof(b), "%02x", f.sub.p[i]);
				if (od_text_str(x, b) < 0)
					return -1;
			}
			break;
		case OAV_STRINDEX:
			if (od_want(x, &f, PB_VARINT, "AnyValue",
			    "string_value_strindex") < 0 || od_str(x, f.val, m.p,
			    "AnyValue.string_value_strindex", &s) < 0 ||
			    od_text_add(x, s.p, s.n) < 0)
				return -1;
			break;
		case OAV_BOOL:
			if (od_want(x, &f, PB_VARINT, "AnyValue", "bool_value") <
			    0 || od_text_str(x, f.val ? "true" : "false") < 0)
				return -1;
			break;
		case OAV_INT:
			if (od_want(x, &f, PB_VARINT, "AnyValue", "int_value") < 0)
				return -1;
			*num = (int64_t)f.val;
			if (depth == 0)
				*is_num = 1;
			snprintf(b, sizeof(b), "%lld", (long long)(int64_t)f.val);
			if (od_text_str(x, b) < 0)
				return -1;
			break;
		case OAV_DOUBLE:
			if (od_want(x, &f, PB_I64, "AnyValue", "double_value") < 0)
				return -1;
			memcpy(&d, &f.val, 8);
			snprintf(b, sizeof(b), "%.17g", d);
			if (od_text_str(x, b) < 0)
				return -1;
			break;
		case OAV_ARRAY:		/* [a, b], {k: v, ...} */
		case OAV_KVLIST:
			if (od_want(x, &f, PB_LEN, "AnyValue", "array_value") < 0 ||
			    od_text_str(x, f.num == OAV_ARRAY ? "[" : "{") < 0)
				return -1;
			v = f.sub;
			first = 1;
			while ((rc2 = od_next(x, &v, &g, "ArrayValue")) > 0) {
				if (g.num != OARR_VALUES || g.wire != PB_LEN)
					continue;
				if (!first && od_text_str(x, ", ") < 0)
					return -1;
				first = 0;
				val = g.sub;
				if (f.num == OAV_KVLIST && (od_key_value(x, g.sub,
				    &k, &val) < 0 || od_text_add(x, k.p, k.n) < 0 ||
				    od_text_str(x, ": ") < 0))
					return -1;
				if (od_put_value(x, val, depth + 1, num, is_num) < 0)
					return -1;
			}
			if (rc2 < 0 || od_text_str(x, f.num == OAV_ARRAY ? "]" :
			    "}") < 0)
				return -1;
			break;
		}
	}
	return rc;
}

/* Attribute i of the dictionary: its key, its value's text (in x->text,
 * valid until the next), its unit; *is_num with *num for an int. */
int
od_attribute(struct octx *x, uint64_t i, const uint8_t *at, struct text *key,
    struct text *unit, int64_t *num, int *is_num)
{
	struct pb m;
	struct pb_field f;
	int rc;

	*key = *unit = text_n("", 0);
	*is_num = 0;
	x->ntext = 0;
	if (od_text_add(x, "", 0) < 0 ||
	    od_check_index(x, T_ATTR, i, at, "an attribute index") < 0)
		return -1;
	if (i >= x->t[T_ATTR].n)
		return 0;
	m = x->t[T_ATTR].e[i];
	while ((rc = od_next(x, &m, &f, "KeyValueAndUnit")) > 0) {
		if (f.num == OKVU_KEY) {
			if (od_want(x, &f, PB_VARINT, "KeyValueAndUnit",
			    "key_strindex") < 0 || od_str(x, f.val, m.p,
			    "KeyValueAndUnit.key_strindex", key) < 0)
				return -1;
		} else if (f.num == OKVU_UNIT) {
			if (od_want(x, &f, PB_VARINT, "KeyValueAndUnit",
			    "unit_strindex") < 0 || od_str(x, f.val, m.p,
			    "KeyValueAndUnit.unit_strindex", unit) < 0)
				return -1;
		} else if (f.num == OKVU_VALUE) {
			if (od_want(x, &f, PB_LEN, "KeyValueAndUnit", "value") < 0
			    || od_put_value(x, f.sub, 0, num, is_num) < 0)
				return -1;
		}
	}
	return rc;
}

/* The packed (or single) varints of field f into x->ids. */
int
od_ids(struct octx *x, const struct pb_field *f, const char *msg,
    const char *field)
{
	int rc = pb_repeated(f, &x->ids, &x->nids, &x->capids);

	if (rc == PB_WRONG_TYPE)
		return od_want(x, f, PB_LEN, msg, field);
	return rc < 0 ? od_pberr(x, rc, f->sub.p, field) : 0;
}

int
od_text_is(struct text t, const char *s)
{
	return t.n == strlen(s) && memcmp(t.p, s, t.n) == 0;
}

/* A ValueType's type and unit. */
int
od_value_type(struct octx *x, struct pb m, struct text *type, struct text *unit)
{
	struct pb_field f;
	int rc;

	*type = *unit = text_n("", 0);
	while ((rc = od_next(x, &m, &f, "ValueType")) > 0) {
		if (f.num != OVT_TYPE && f.num != OVT_UNIT)
			continue;
		if (od_want(x, &f, PB_VARINT, "ValueType", "type_strindex") < 0 ||
		    od_str(x, f.val, m.p, "a ValueType's string index",
		    f.num == OVT_TYPE ? type : unit) < 0)
			return -1;
	}
	return rc;
}

/* A time the stream's nanoseconds (int64) cannot hold: refused, never
 * wrapped to a time before 1970 (audit B8). */
static int
past_2p63(struct octx *x, const uint8_t *at, uint64_t v)
{
	return od_bad(x, at, "Sample.timestamps_unix_nano %llu: past the "
	    "stream's times (2^63 - 1 ns, the year 2262)",
	    (unsigned long long)v);
}

/* The timestamps of field f (packed fixed64s, or one) into x->ts. */
int
od_timestamps(struct octx *x, const struct pb_field *f)
{
	const uint8_t *p;
	uint64_t v;

	if (f->wire == PB_I64) {
		if (f->val > INT64_MAX)
			return past_2p63(x, f->sub.p, f->val);
		if (ARRAY_ROOM(x->ts, x->nts, x->capts) < 0)
			return perr_nomem(x->e);
		x->ts[x->nts++] = f->val;
		return 0;
	}
	if (od_want(x, f, PB_LEN, "Sample", "timestamps_unix_nano") < 0)
		return -1;
	if ((f->sub.end - f->sub.p) % 8 != 0)
		return od_bad(x, f->sub.p, "Sample.timestamps_unix_nano: %zu "
		    "bytes, not a multiple of 8", (size_t)(f->sub.end -
		    f->sub.p));
	for (p = f->sub.p; p < f->sub.end; p += 8) {
		if (ARRAY_ROOM(x->ts, x->nts, x->capts) < 0)
			return perr_nomem(x->e);
		memcpy(&v, p, 8);	/* little-endian, as protobuf */
		if (v > INT64_MAX)
			return past_2p63(x, p, v);
		x->ts[x->nts++] = v;
	}
	return 0;
}
