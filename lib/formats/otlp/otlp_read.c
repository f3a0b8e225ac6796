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
#include "formats/otlp/otlp_read_impl.h"
#include "formats/otlp/otlp_json.h"
#include "stream/sniff.h"

/* Resource and scope attributes (KeyValue) as source attributes. */
static int
kv_attrs(struct octx *x, uint32_t source, struct pb m, uint32_t field)
{
	struct pb_field f;
	struct pb v;
	struct text key;
	int64_t num;
	int rc, is_num;

	while ((rc = od_next(x, &m, &f, "attributes")) > 0) {
		if (f.num != field || f.wire != PB_LEN)
			continue;
		x->ntext = 0;
		if (od_key_value(x, f.sub, &key, &v) < 0 || od_text_add(x, "", 0) <
		    0 || od_put_value(x, v, 0, &num, &is_num) < 0)
			return -1;
		/* the scope's pprof default is the source's; its type
		 * order joined the Profiles, said by being one source */
		if (od_text_is(key, OTLP_DEFAULT_TYPE))
			key = text_of(ATTR_PPROF_DEFAULT_TYPE);
		if (key.n > 0 && !od_text_is(key, OTLP_TYPE_ORDER))
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
	if (od_text_add(x, "", 0) < 0)
		return -1;
	for (; b.p < b.end; b.p++) {
		snprintf(h, sizeof(h), "%02x", *b.p);
		if (od_text_str(x, h) < 0)
			return -1;
	}
	sw_source_attr(&x->c->w, source, text_of(key), text_n(x->text,
	    x->ntext));
	return 0;
}

/* The strings of an array attribute, each a source attribute key (an
 * AnyValue of another kind: its text). */
static int
array_attr(struct octx *x, uint32_t source, uint64_t i, const uint8_t *at,
    struct text key)
{
	struct pb m = x->t[T_ATTR].e[i], v, a;
	struct pb_field f, g, h;
	int rc, found = 0;

	while ((rc = od_next(x, &m, &f, "KeyValueAndUnit")) > 0) {
		if (f.num != OKVU_VALUE || f.wire != PB_LEN)
			continue;
		v = f.sub;
		while ((rc = od_next(x, &v, &g, "AnyValue")) > 0) {
			if (g.num != OAV_ARRAY || g.wire != PB_LEN)
				continue;
			found = 1;
			a = g.sub;
			while ((rc = od_next(x, &a, &h, "ArrayValue")) > 0) {
				int64_t num;
				int is_num;
				if (h.num != OARR_VALUES || h.wire != PB_LEN)
					continue;
				x->ntext = 0;
				if (od_text_add(x, "", 0) < 0 || od_put_value(x, h.sub,
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
	while ((rc = od_next(x, &p, &f, "Profile")) > 0) {
		if (f.num == OP_SAMPLE_TYPE) {
			if (od_want(x, &f, PB_LEN, "Profile", "sample_type") < 0 ||
			    od_value_type(x, f.sub, &type, &unit) < 0)
				return -1;
		} else if (f.num == OP_SAMPLES) {
			if (od_want(x, &f, PB_LEN, "Profile", "samples") < 0)
				return -1;
			++*nsamples;
		} else if (f.num == OP_TIME) {
			if (od_want(x, &f, PB_I64, "Profile", "time_unix_nano") < 0)
				return -1;
			if (f.val > INT64_MAX)
				return od_bad(x, f.sub.p, "Profile.time_unix_nano "
				    "%llu: past the stream's times (2^63 - 1 ns, "
				    "the year 2262)", (unsigned long long)f.val);
			time = f.val;
		} else if (f.num == OP_DURATION) {
			if (od_want(x, &f, PB_VARINT, "Profile", "duration_nano") <
			    0)
				return -1;
			if (f.val > INT64_MAX)
				return od_bad(x, f.sub.p, "Profile.duration_nano "
				    "%llu: past the stream's durations (2^63 - 1 "
				    "ns)", (unsigned long long)f.val);
			duration = f.val;
		} else if (f.num == OP_PERIOD_TYPE) {
			if (od_want(x, &f, PB_LEN, "Profile", "period_type") < 0 ||
			    od_value_type(x, f.sub, &pt, &pu) < 0)
				return -1;
			have_period = 1;
		} else if (f.num == OP_PERIOD) {
			if (od_want(x, &f, PB_VARINT, "Profile", "period") < 0)
				return -1;
			period = (int64_t)f.val;
			have_period = 1;
		} else if (f.num == OP_PROFILE_ID + off) {
			if (od_want(x, &f, PB_LEN, "Profile", "profile_id") < 0)
				return -1;
			id = f.sub;
		} else if (f.num == OP_DROPPED + off) {
			if (od_want(x, &f, PB_VARINT, "Profile",
			    "dropped_attributes_count") < 0)
				return -1;
			dropped = f.val;
		} else if (f.num == OP_PAYLOAD_FORMAT + off) {
			if (od_want(x, &f, PB_LEN, "Profile",
			    "original_payload_format") < 0)
				return -1;
			format = f.sub;
		} else if (f.num == OP_ATTRIBUTES + off ||
		    (x->v18 && f.num == OP18_COMMENTS) ||
		    (x->c->json == 2 && f.num == OTLP_JSON_V18_COMMENTS)) {
			/* attributes, and v1.8's comments, in x->ids with
			 * comments marked by the top bit */
			size_t n0 = x->nids;
			if (od_ids(x, &f, "Profile", "attribute_indices") < 0)
				return -1;
			for (i = n0; (f.num == OP18_COMMENTS ||
			    f.num == OTLP_JSON_V18_COMMENTS) && i < x->nids; i++)
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
		if (od_attribute(x, x->ids[i], m.p, &key, &u, &num, &is_num) < 0)
			goto nomem;
		slot = od_text_is(key, "profstream.source_type") ? &ktype :
		    od_text_is(key, "profstream.source_uri") ? &kuri : NULL;
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
		return od_bad(x, m.p, "more than 2^31 - 1 profiles");
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
		while ((rc = od_next(x, &sub, &f, "InstrumentationScope")) > 0)
			if ((f.num == OSC_NAME || f.num == OSC_VERSION) &&
			    f.wire == PB_LEN && f.sub.p != f.sub.end) {
				if (od_no_nul(x, f.sub.p, (size_t)(f.sub.end -
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
	if (x->v18 || x->old_sample || x->c->json == 2)
		sw_source_attr(&x->c->w, *source, text_of(ATTR_OTLP_LAYOUT),
		    text_of(x->v18 || x->c->json == 2 ? "v1.8" : "v1.9"));
	if (x->c->json)
		sw_source_attr(&x->c->w, *source, text_of(ATTR_OTLP_ENCODING),
		    text_of("json"));
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
	if (od_no_nul(x, format.p, (size_t)(format.end - format.p),
	    "Profile.original_payload_format") < 0 || od_no_nul(x, cx->rschema.p,
	    cx->rschema.n, "schema_url") < 0 || od_no_nul(x, cx->sschema.p,
	    cx->sschema.n, "schema_url") < 0)
		return -1;
	if (format.p != format.end)
		sw_source_attr(&x->c->w, *source,
		    text_of(ATTR_OTLP_PAYLOAD_FORMAT), text_n((const char *)
		    format.p, (size_t)(format.end - format.p)));
	for (i = 0; i < x->nids; i++) {
		if (x->ids[i] >> 63) {	/* a v1.8 comment */
			if (od_str(x, x->ids[i] & ~(1ULL << 63), m.p,
			    "Profile.comment_strindices", &s) < 0)
				return -1;
			sw_source_attr(&x->c->w, *source,
			    text_of(ATTR_PPROF_COMMENT), s);
			continue;
		}
		if (od_attribute(x, x->ids[i], m.p, &key, &u, &num, &is_num) < 0)
			return -1;
		if (key.n == 0 || od_text_is(key, "profstream.source_type") ||
		    od_text_is(key, "profstream.source_uri"))
			continue;
		/* comments: an array, each a source attribute */
		if (od_text_is(key, ATTR_PPROF_COMMENT)) {
			if ((rc = array_attr(x, *source, x->ids[i], m.p, key)) <
			    0)
				return -1;
			if (rc > 0)
				continue;
			if (od_attribute(x, x->ids[i], m.p, &key, &u, &num,
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

	while ((rc = od_next(x, &m, &f, "Profile")) > 0)
		if (f.num == OP_SAMPLE_TYPE && (od_want(x, &f, PB_LEN, "Profile",
		    "sample_type") < 0 || od_value_type(x, f.sub, &type, &unit) <
		    0))
			return -1;
	if (rc < 0)
		return -1;
	if ((vt = sw_value_type(&x->c->w, text_marked(type),
	    text_marked(unit))) < 0)
		return perr_nomem(x->e);
	return vt;
}

/* Whether two of the n Profiles have types of one name (units apart): a
 * sample of the stream holds a type once, so such Profiles are not
 * joined into one source. 1, 0, or -1 with e set. */
static int
type_names_repeat(struct octx *x, const struct pb *prof, size_t n)
{
	struct text *names;
	struct pb_field f;
	struct pb m;
	struct text unit;
	size_t i, j;
	int rc = 0;

	if ((names = calloc(n, sizeof(*names))) == NULL)
		return perr_nomem(x->e);
	for (i = 0; i < n && rc == 0; i++) {
		names[i] = text_n("", 0);
		for (m = prof[i]; (rc = od_next(x, &m, &f, "Profile")) > 0;)
			if (f.num == OP_SAMPLE_TYPE && (od_want(x, &f, PB_LEN,
			    "Profile", "sample_type") < 0 ||
			    od_value_type(x, f.sub, &names[i], &unit) < 0)) {
				rc = -1;
				break;
			}
		for (j = 0; rc == 0 && j < i; j++)
			if (names[j].n == names[i].n && memcmp(names[j].p,
			    names[i].p, names[i].n) == 0)
				rc = 1;
	}
	free(names);
	return rc;
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
	const uint8_t *read = m.p;

	if (profile_source(x, cx, m, &source, &vt, &n) < 0)
		return -1;
	t = (uint32_t)vt;
	while ((rc = od_next(x, &p, &f, "Profile")) > 0) {
		if (f.num == OP_SAMPLES && od_samples(x, &f.sub, 1, source, &t) <
		    0)
			return -1;
		input_drop_read(x->c->in, &read, p.p);
	}
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
	while ((rc = od_next(x, &sc, &f, "InstrumentationScope")) > 0) {
		if (f.num != OSC_ATTRIBUTES || f.wire != PB_LEN)
			continue;
		if (od_key_value(x, f.sub, &key, &v) < 0)
			return -1;
		if (!od_text_is(key, OTLP_TYPE_ORDER))
			continue;
		while ((rc = od_next(x, &v, &g, "AnyValue")) > 0) {
			if (g.num != OAV_ARRAY || g.wire != PB_LEN)
				continue;
			a = g.sub;
			got = 0;
			while ((rc = od_next(x, &a, &h, "ArrayValue")) > 0) {
				if (h.num != OARR_VALUES || h.wire != PB_LEN)
					continue;
				e = h.sub;
				while ((rc = od_next(x, &e, &k, "AnyValue")) > 0)
					if (k.num == OAV_INT && k.wire ==
					    PB_VARINT && got < n)
						order[got++] = k.val;
			}
		}
		if (rc < 0)
			return -1;
		if (got != n)
			return od_bad(x, f.sub.p, "%s has %zu entries for %zu "
			    "Profiles", OTLP_TYPE_ORDER, got, n);
		if ((seen = calloc(n, 1)) == NULL)
			return perr_nomem(x->e);
		for (i = 0; i < n; i++) {
			if (order[i] >= n || seen[order[i]]) {
				free(seen);
				return od_bad(x, f.sub.p, "%s is no order of "
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
	const uint8_t **read = NULL;
	struct pb_field f;
	uint32_t source, *vt = NULL;
	int64_t v;
	size_t i;
	int rc = -1, ns, ns0 = 0, more, got;

	if ((cur = calloc(n, sizeof(*cur))) == NULL ||
	    (smp = calloc(n, sizeof(*smp))) == NULL ||
	    (vt = calloc(n, sizeof(*vt))) == NULL ||
	    (read = calloc(n, sizeof(*read))) == NULL) {
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
		read[i] = cur[i].p;
		for (ns = 0, m = cur[i]; (rc = od_next(x, &m, &f, "Profile")) >
		    0;)
			ns += f.num == OP_SAMPLES;
		if (rc < 0)
			goto done;
		if (ns != ns0) {
			od_bad(x, prof[order[i]].p, "the Profiles joined by %s "
			    "have %d and %d Samples", OTLP_TYPE_ORDER, ns0, ns);
			rc = -1;
			goto done;
		}
	}
	for (more = 1; more;) {
		for (i = 0, got = 0; i < n; i++) {
			while ((rc = od_next(x, &cur[i], &f, "Profile")) > 0 &&
			    f.num != OP_SAMPLES)
				;
			if (rc < 0)
				goto done;
			if (rc > 0) {
				smp[i] = f.sub;
				got++;
			}
		}
		if ((more = got == (int)n) && od_samples(x, smp, n, source, vt) <
		    0) {
			rc = -1;
			goto done;
		}
		for (i = 0; i < n; i++)
			input_drop_read(x->c->in, &read[i], cur[i].p);
	}
	rc = 0;
done:
	free(read);
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
	while ((rc = od_next(x, &p, &f, "ScopeProfiles")) > 0) {
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
	while ((rc = od_next(x, &p, &f, "ScopeProfiles")) > 0)
		if (f.num == OSP_PROFILES) {
			if (od_want(x, &f, PB_LEN, "ScopeProfiles", "profiles") < 0)
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
	/* types of one name in two units stay sources apart */
	if (rc > 0 && (rc = type_names_repeat(x, prof, n)) >= 0)
		rc = !rc;
	if (rc < 0)
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
	while ((rc = od_next(x, &p, &f, "ResourceProfiles")) > 0) {
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
	while ((rc = od_next(x, &p, &f, "ResourceProfiles")) > 0)
		if (f.num == ORP_SCOPE_PROFILES && (od_want(x, &f, PB_LEN,
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
	k = sniff(data, len);
	if (k == SNIFF_PROTOBUF)
		k = sniff_protobuf(data, len);
	if (k != SNIFF_OTLP && k != SNIFF_UNKNOWN && k != SNIFF_BINARY)
		return perr_set(e, "%s: not OTLP Profiles: %s", name,
		    sniff_advice(k));
	if (x.c->nfunctions > INT32_MAX / 2 || x.c->nmappings > INT32_MAX / 2)
		return perr_set(e, "%s: too many functions", name);
	if (od_index_message(&x, data, len) < 0 || od_sniff_layout(&x) < 0)
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
	x.row_base = c->nlocations + 1;
	if (od_write_functions(&x) < 0 || od_write_mappings(&x) < 0 ||
	    od_write_locations(&x) < 0)
		goto done;
	/* what is left is read once, the samples in turn: the file's pages
	 * leave memory, as the model a reader builds of it grows */
	input_drop(c->in, data, len);
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
	free(x.dicts);
	free(x.loc_row);
	free(x.lids);
	free(x.ids);
	free(x.ts);
	od_free_labels(&x);
	free(x.labels);
	free(x.text);
	return rc < 0 ? perr_at(e, name) : 0;
}
