/*
 * The stream to OTLP Profiles, as the Collector's pprof translator lays a
 * pprof profile out: per source a ResourceProfiles with one ScopeProfiles
 * whose Profiles are one per value type, every Sample in each with that
 * type's value, pprof.scope.sample_type_order saying they belong together
 * (otlp2tsv joins them back into one source). Samples of one stack,
 * attributes and link are merged, their values summed, unless their
 * order or time is kept: an Rprof source's samples stay one each, in
 * order; timed ones become one Sample with a timestamp and a value each.
 * The dictionary is built last, deduplicated, element 0 of each table the
 * zero value. Memory grows with the distinct stacks and with the merged
 * Samples (each raw one for Rprof and timed sources).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/pb/pb.h"
#include "formats/otlp/otlp_write_impl.h"
#include "model/hold.h"

/* Where a source attribute goes. */
enum { A_RESOURCE, A_PROFILE, A_SKIP };

/* A string AnyValue, and a KeyValue of it (inline strings: the resource's
 * and scope's, as their messages hold them). */
struct kvbuf {
	M(KeyValue) *kv;
	M(KeyValue) **ptr;
	M(AnyValue) *val;
	M(ArrayValue) arr;
	M(AnyValue) *elems, **elem_ptr;
	size_t n, cap;
};

static int
prefixed(const char *k, const char *prefix)
{
	return strncmp(k, prefix, strlen(prefix)) == 0;
}

/* Facts with a field of their own are skipped here; the suite's own and
 * pprof's go with the Profile; the rest (service.name, container.id ...)
 * with the resource, as OTLP readers look for them. */
static int
attr_level(const char *k)
{
	static const char *const fields[] = {
		OTLP_SCOPE_NAME, OTLP_SCOPE_VERSION, ATTR_PPROF_PERIOD_TYPE,
		ATTR_PPROF_PERIOD_UNIT, ATTR_PPROF_PERIOD, ATTR_PPROF_TIME,
		ATTR_PPROF_DURATION, ATTR_PPROF_DEFAULT_TYPE,
		ATTR_PPROF_COMMENT, ATTR_OTLP_PROFILE_ID, ATTR_OTLP_DROPPED,
		ATTR_OTLP_PAYLOAD_FORMAT, ATTR_OTLP_RESOURCE_SCHEMA,
		ATTR_OTLP_SCOPE_SCHEMA, ATTR_OTLP_LAYOUT, ATTR_OTLP_ENCODING,
	};
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (strcmp(k, fields[i]) == 0)
			return A_SKIP;
	if (prefixed(k, "pprof.") || prefixed(k, "rprof.") ||
	    prefixed(k, "otlp.") || prefixed(k, "folded.") ||
	    prefixed(k, "austin.") || prefixed(k, "profstream."))
		return A_PROFILE;
	return A_RESOURCE;
}

static int
kvbuf_add(struct kvbuf *b, struct text key, struct text value)
{
	M(KeyValue) kv = INIT(KEY_VALUE);
	M(AnyValue) v = ow_any_value();

	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 8, i;
		M(KeyValue) *nk = realloc(b->kv, cap * sizeof(*nk));
		M(AnyValue) *nv;
		if (nk == NULL)
			return -1;
		b->kv = nk;
		if ((nv = realloc(b->val, cap * sizeof(*nv))) == NULL)
			return -1;
		b->val = nv;
		if ((b->ptr = realloc(b->ptr, cap * sizeof(*b->ptr))) == NULL)
			return -1;
		b->cap = cap;
		for (i = 0; i < b->n; i++) {	/* moved: point again */
			b->kv[i].value = &b->val[i];
			b->ptr[i] = &b->kv[i];
		}
	}
	v.value_case =
	    OPENTELEMETRY__PROTO__PROFILES__V1DEVELOPMENT__ANY_VALUE__VALUE_STRING_VALUE;
	v.string_value.data = (uint8_t *)(uintptr_t)value.p;
	v.string_value.len = value.n;
	b->val[b->n] = v;
	kv.key.data = (uint8_t *)(uintptr_t)key.p;
	kv.key.len = key.n;
	kv.value = &b->val[b->n];
	b->kv[b->n] = kv;
	b->ptr[b->n] = &b->kv[b->n];
	b->n++;
	return 0;
}

static void
kvbuf_free(struct kvbuf *b)
{
	free(b->kv);
	free(b->ptr);
	free(b->val);
	free(b->elems);
	free(b->elem_ptr);
	memset(b, 0, sizeof(*b));
}

uint64_t
ow_attr_u64(const struct prof *p, const struct source *src, const char *key,
    int *found)
{
	const char *v = prof_attr(p, src, key);

	*found = v != NULL;
	return v != NULL ? strtoull(v, NULL, 10) : 0;
}

/* The value of source attribute key, PROF_NONE if it has none. */
static uint32_t
attr_value(const struct prof *p, const struct source *src, const char *key)
{
	size_t i;

	for (i = 0; i < src->nattrs; i++)
		if (strcmp(prof_str(p, src->attrs[i].key), key) == 0)
			return src->attrs[i].value;
	return PROF_NONE;
}

/* Value k of c, as OTLP's int64, in the unit of its type's scale. */
static int64_t
value(const struct numcol *c, size_t k, const struct oscale *sc)
{
	int64_t v = 0;

	/* it holds: every value and sum was checked as collected */
	(void)hold_scaled(numcol_get(c, k), sc->factor, &v);
	return v;
}

/* Sample j of S: its values of type t, one an event (t NONE: a source
 * without types, whose samples have none), into w->v, which has room
 * (otlp_write); how many. */
static size_t
values_of(struct otlp_writer *w, const struct osrc *S, size_t j, size_t t)
{
	const struct osample *o = &S->s[j];
	size_t n = 0;
	uint32_t ev;

	if (o->head == NONE) {
		w->v[0] = t < S->stride ? value(&S->sums, j * S->stride + t,
		    &S->scale[t]) : 0;
		return 1;
	}
	for (ev = o->head; ev != NONE; ev = w->ev[ev].next)
		w->v[n++] = t < S->stride ? value(&S->evals, w->ev[ev].row *
		    S->stride + t, &S->scale[t]) : 0;
	return n;
}

/* The bytes of n values packed. */
static size_t
values_len(const int64_t *v, size_t n)
{
	size_t i, len = 0;

	for (i = 0; i < n; i++)
		len += varint_len((uint64_t)v[i]);
	return len;
}

/* The values of type t of sample j of S, packed int64s. */
static void
ch_values(struct pb_chunk *c, struct otlp_writer *w, const struct osrc *S,
    size_t j, size_t t)
{
	uint8_t b[VARINT_MAX];
	size_t n = values_of(w, S, j, t), i;

	if (n == 0)
		return;
	pb_chunk_varint(c, pb_tag(OS_VALUES, PB_LEN));
	pb_chunk_varint(c, values_len(w->v, n));
	for (i = 0; i < n; i++)
		pb_chunk_add(c, b, varint_put(b, (uint64_t)w->v[i]));
}

/* The events of sample o: 0 for an untimed one. */
static size_t
nevents(const struct otlp_writer *w, const struct osample *o)
{
	size_t n = 0;
	uint32_t ev;

	for (ev = o->head; ev != NONE; ev = w->ev[ev].next)
		n++;
	return n;
}

/* The times of sample o's events, packed fixed64s. */
static void
ch_times(struct pb_chunk *c, struct otlp_writer *w, const struct osample *o)
{
	uint64_t x;
	uint32_t ev;

	if (o->head == NONE)
		return;
	pb_chunk_varint(c, pb_tag(OS_TIMESTAMPS, PB_LEN));
	pb_chunk_varint(c, 8 * (uint64_t)nevents(w, o));
	for (ev = o->head; ev != NONE; ev = w->ev[ev].next) {
		x = (uint64_t)w->ev[ev].time;	/* little-endian, as protobuf */
		pb_chunk_add(c, &x, 8);
	}
}

/* The bytes of sample o's fields in the Profile of type t, as put_sample
 * writes them: each Profile is sized before it is written, so that it
 * goes straight to the output, in no buffer. */
static size_t
sample_size(struct otlp_writer *w, const struct dict *d, const struct osrc *S,
    size_t j, size_t t)
{
	const struct osample *o = &S->s[j];
	size_t n, k;

	n = 1 + varint_len((uint64_t)o->stack + 1) + d->set_size[o->attrset];
	if (o->link != 0)
		n += 1 + varint_len(o->link);
	if ((k = values_of(w, S, j, t)) == 0)
		return n;
	n += pb_len_field_size(values_len(w->v, k));
	if (o->head != NONE)	/* timed: k is its events */
		n += pb_len_field_size(8 * k);
	return n;
}

/* Sample j of S in the Profile of type t, field 2 of it, to out (e:
 * where its fields are gathered). */
static void
put_sample(struct otlp_writer *w, const struct dict *d, const struct osrc *S,
    size_t j, size_t t, struct pb_chunk *e, struct output *out)
{
	const struct osample *o = &S->s[j];
	uint8_t b[1 + VARINT_MAX];
	size_t n;

	e->n = 0;
	pb_chunk_add(e, b, put_varint_field(b, 0, OS_STACK, (uint64_t)o->stack + 1));
	n = d->set_off[o->attrset + 1] - d->set_off[o->attrset];
	if (n > 0)	/* set_kv may be NULL */
		pb_chunk_packed(e, OS_ATTRIBUTES, (const int32_t *)d->set_kv +
		    d->set_off[o->attrset], n);
	pb_chunk_add(e, b, put_varint_field(b, 0, OS_LINK, o->link));
	ch_values(e, w, S, j, t);
	ch_times(e, w, o);
	pb_put_bytes(out, OP_SAMPLES, e->b, e->n);
}

/* A Profile but its samples: the fields before them (sample_type, field
 * 1) and those after; len, the whole Profile's bytes. */
struct oprofile {
	struct pb_chunk head, tail;
	size_t t, len;
};

/* Profile of source si's type t (NONE: a source without samples). */
static void
make_profile(struct otlp_writer *w, const struct prof *p, struct dict *d,
    size_t si, size_t t, const int32_t *pattrs, size_t npattrs,
    struct oprofile *op)
{
	struct osrc *S = &w->src[si];
	const struct source *src = &p->sources[si];
	M(Profile) pr = INIT(PROFILE), a = INIT(PROFILE);
	M(ValueType) st = INIT(VALUE_TYPE), pt = INIT(VALUE_TYPE);
	uint8_t id[16];
	const char *v;
	size_t j;
	uint32_t s;
	int found;

	op->t = t;
	op->head.n = op->tail.n = 0;
	if (t != NONE) {
		st.type_strindex = ow_psidx(d, (uint32_t)(S->types[t] >> 32));
		st.unit_strindex = ow_psidx(d, S->scale[t].unit);
		a.sample_type = &st;
	}
	pr.time_unix_nano = ow_attr_u64(p, src, ATTR_PPROF_TIME, &found);
	if (!found && !src->timestamp_na && src->timestamp > 0)
		pr.time_unix_nano = (uint64_t)llround(src->timestamp * 1e9);
	pr.duration_nano = ow_attr_u64(p, src, ATTR_PPROF_DURATION, &found);
	if ((s = attr_value(p, src, ATTR_PPROF_PERIOD_TYPE)) != PROF_NONE) {
		pt.type_strindex = ow_psidx(d, s);
		pt.unit_strindex = ow_psidx(d, attr_value(p, src,
		    ATTR_PPROF_PERIOD_UNIT));
		pr.period_type = &pt;
	}
	if ((v = prof_attr(p, src, ATTR_PPROF_PERIOD)) != NULL)
		pr.period = strtoll(v, NULL, 10);
	if ((v = prof_attr(p, src, ATTR_OTLP_PROFILE_ID)) != NULL) {
		pr.profile_id.len = ow_unhex(v, id, sizeof(id));
		pr.profile_id.data = id;
	}
	pr.dropped_attributes_count = (uint32_t)ow_attr_u64(p, src,
	    ATTR_OTLP_DROPPED, &found);
	if ((v = prof_attr(p, src, ATTR_OTLP_PAYLOAD_FORMAT)) != NULL)
		pr.original_payload_format = (char *)(uintptr_t)v;
	pr.attribute_indices = (int32_t *)(uintptr_t)pattrs;
	pr.n_attribute_indices = npattrs;
	pb_chunk_fields(&op->head, &a.base);
	pb_chunk_fields(&op->tail, &pr.base);
	op->len = op->head.n + op->tail.n;
	for (j = 0; j < S->ns; j++)
		op->len += len_field(sample_size(w, d, S, j, t));
}

/* The Profile made as op, field 2 of a ScopeProfiles, to out. */
static void
put_profile(struct otlp_writer *w, const struct dict *d, const struct osrc *S,
    const struct oprofile *op, struct pb_chunk *e, struct output *out)
{
	size_t j;

	pb_put_varint(out, pb_tag(OSP_PROFILES, PB_LEN));
	pb_put_varint(out, op->len);
	out_write(out, op->head.b, op->head.n);
	for (j = 0; j < S->ns; j++)
		put_sample(w, d, S, j, op->t, e, out);
	out_write(out, op->tail.b, op->tail.n);
}

/* Source si as a ResourceProfiles, field 1 of the ProfilesData. */
static int
put_source(struct otlp_writer *w, const struct prof *p, struct dict *d,
    size_t si, struct output *o)
{
	struct osrc *S = &w->src[si];
	const struct source *src = &p->sources[si];
	struct kvbuf res = { 0 }, sc = { 0 };
	M(Resource) resource = INIT(RESOURCE);
	M(InstrumentationScope) scope = INIT(INSTRUMENTATION_SCOPE);
	M(AnyValue) order = ow_any_value(), *ord_elem = NULL, **ord_ptr = NULL;
	M(ArrayValue) arr = INIT(ARRAY_VALUE);
	struct pb_chunk sp = { 0 }, rp = { 0 }, e = { 0 };
	struct oprofile *op = NULL;
	int32_t *pattrs = NULL, *comments = NULL;
	size_t i, np = 0, nc = 0, nprof = 0, splen, rplen;
	const char *k, *v, *rschema = NULL, *sschema = NULL;
	int rc = -1;

	if ((pattrs = calloc(src->nattrs + 3, sizeof(*pattrs))) == NULL ||
	    (comments = calloc(src->nattrs + 1, sizeof(*comments))) == NULL)
		goto done;
	/* the source's facts: where each goes */
	pattrs[np++] = ow_kv_str(d, d->k[S_SOURCE_TYPE], src->type);
	if (src->uri != PROF_NONE)
		pattrs[np++] = ow_kv_str(d, d->k[S_SOURCE_URI], src->uri);
	for (i = 0; i < src->nattrs; i++) {
		k = prof_str(p, src->attrs[i].key);
		v = prof_str(p, src->attrs[i].value);
		if (strcmp(k, ATTR_PPROF_COMMENT) == 0)
			comments[nc++] = ow_sidx(d, src->attrs[i].value);
		else if (strcmp(k, OTLP_SCOPE_NAME) == 0)
			scope.name = (char *)(uintptr_t)v;
		else if (strcmp(k, OTLP_SCOPE_VERSION) == 0)
			scope.version = (char *)(uintptr_t)v;
		else if (strcmp(k, ATTR_OTLP_RESOURCE_SCHEMA) == 0)
			rschema = v;
		else if (strcmp(k, ATTR_OTLP_SCOPE_SCHEMA) == 0)
			sschema = v;
		else if (strcmp(k, ATTR_PPROF_DEFAULT_TYPE) == 0) {
			if (kvbuf_add(&sc, text_of(OTLP_DEFAULT_TYPE),
			    prof_text(p, src->attrs[i].value)) < 0)
				goto done;
		} else if (attr_level(k) == A_PROFILE)
			pattrs[np++] = ow_kv_str(d, src->attrs[i].key,
			    src->attrs[i].value);
		else if (attr_level(k) == A_RESOURCE && kvbuf_add(&res,
		    prof_text(p, src->attrs[i].key), prof_text(p,
		    src->attrs[i].value)) < 0)
			goto done;
	}
	if (nc > 0)
		pattrs[np++] = ow_kv_array(d, d->k[S_COMMENT], KV_STRS,
		    comments, nc, sizeof(*comments));
	/* the Profiles of one source belong together (otlp2tsv joins
	 * them), in the order of its types */
	if (S->ntypes > 1) {
		if ((ord_elem = calloc(S->ntypes, sizeof(*ord_elem))) == NULL ||
		    (ord_ptr = calloc(S->ntypes, sizeof(*ord_ptr))) == NULL ||
		    kvbuf_add(&sc, text_of(OTLP_TYPE_ORDER), text_n("", 0)) < 0)
			goto done;
		for (i = 0; i < S->ntypes; i++) {
			M(AnyValue) e = ow_any_value();
			e.value_case =
			    OPENTELEMETRY__PROTO__PROFILES__V1DEVELOPMENT__ANY_VALUE__VALUE_INT_VALUE;
			e.int_value = (int64_t)i;
			ord_elem[i] = e;
			ord_ptr[i] = &ord_elem[i];
		}
		arr.values = ord_ptr;
		arr.n_values = S->ntypes;
		order.value_case =
		    OPENTELEMETRY__PROTO__PROFILES__V1DEVELOPMENT__ANY_VALUE__VALUE_ARRAY_VALUE;
		order.array_value = &arr;
		sc.kv[sc.n - 1].value = &order;
	}
	resource.attributes = res.ptr;
	resource.n_attributes = res.n;
	scope.attributes = sc.ptr;
	scope.n_attributes = sc.n;
	/* sized first, then written: the scope and its Profiles (one
	 * without samples for a source that has none) ... */
	nprof = S->ntypes > 0 ? S->ntypes : 1;
	if ((op = calloc(nprof, sizeof(*op))) == NULL)
		goto done;
	pb_chunk_message(&sp, OSP_SCOPE, &scope.base);
	splen = sp.n;
	for (i = 0; i < nprof; i++) {
		make_profile(w, p, d, si, S->ntypes > 0 ? i : NONE, pattrs, np,
		    &op[i]);
		splen += len_field(op[i].len);
		if (op[i].head.failed || op[i].tail.failed)
			goto done;
	}
	if (sschema != NULL)
		splen += len_field(strlen(sschema));
	/* ... in the resource's */
	pb_chunk_message(&rp, ORP_RESOURCE, &resource.base);
	rplen = rp.n + len_field(splen);
	if (rschema != NULL)
		rplen += len_field(strlen(rschema));
	if (sp.failed || rp.failed || d->failed)
		goto done;
	pb_put_varint(o, pb_tag(OD_RESOURCE_PROFILES, PB_LEN));
	pb_put_varint(o, rplen);
	out_write(o, rp.b, rp.n);
	pb_put_varint(o, pb_tag(ORP_SCOPE_PROFILES, PB_LEN));
	pb_put_varint(o, splen);
	out_write(o, sp.b, sp.n);
	for (i = 0; i < nprof; i++)
		put_profile(w, d, S, &op[i], &e, o);
	if (sschema != NULL)
		pb_put_bytes(o, OSP_SCHEMA_URL, sschema, strlen(sschema));
	if (rschema != NULL)
		pb_put_bytes(o, ORP_SCHEMA_URL, rschema, strlen(rschema));
	rc = e.failed ? -1 : 0;
done:
	for (i = 0; op != NULL && i < nprof; i++) {
		free(op[i].head.b);
		free(op[i].tail.b);
	}
	free(op);
	free(e.b);
	kvbuf_free(&res);
	kvbuf_free(&sc);
	free(ord_elem);
	free(ord_ptr);
	free(pattrs);
	free(comments);
	free(sp.b);
	free(rp.b);
	return rc;
}

int
otlp_write(struct otlp_writer *w, struct prof *p, struct output *o,
    struct perr *e)
{
	struct dict d;
	uint8_t *run_r = NULL;
	size_t i, j, k, maxv;
	int64_t n;
	int rc = -1;

	memset(&d, 0, sizeof(d));
	if (ow_dict_start(&d, p) < 0 ||
	    (d.fn_map = calloc(p->nfunctions + 1, sizeof(*d.fn_map))) == NULL ||
	    (d.map_map = calloc(p->nmappings + 1, sizeof(*d.map_map))) == NULL ||
	    ow_make_sets(w, &d) < 0 || (run_r = calloc(w->runs.n + 1, 1)) ==
	    NULL)
		goto done;
	/* room for a Sample's values of a type: one an event */
	for (i = 0, maxv = 1; i < w->capsrc && i < p->nsources; i++)
		for (j = 0; j < w->src[i].ns; j++)
			if ((k = nevents(w, &w->src[i].s[j])) > maxv)
				maxv = k;
	if (array_grow((void **)&w->v, &w->capv, maxv, sizeof(*w->v)) < 0)
		goto done;
	/* the Locations of R's samples carry profile.frame.type r */
	for (i = 0; i < w->capsrc && i < p->nsources; i++) {
		if (!w->src[i].seen || w->src[i].merge)
			continue;
		for (j = 0; j < w->src[i].ns; j++) {
			if ((n = ow_stack_runs(w, &d, w->src[i].s[j].stack)) <
			    0)
				goto done;
			while (n-- > 0)
				run_r[d.runs[n] - 1] = 1;
		}
	}
	/* every source, those without samples too (an empty Profile) */
	if (array_grow_zeroed((void **)&w->src, &w->capsrc, p->nsources + 1,
	    sizeof(*w->src)) < 0)
		goto done;
	for (i = 0; i < p->nsources; i++)
		if (put_source(w, p, &d, i, o) < 0)
			goto done;
	if (ow_put_dictionary(w, &d, run_r, o) < 0)
		goto done;
	rc = 0;
done:
	if (rc < 0)
		perr_nomem(e);
	free(d.sout);
	free(d.spix);
	strtab_free(&d.kv);
	free(d.fn_map);
	free(d.map_map);
	free(d.fns);
	free(d.maps);
	free(d.runs);
	free(d.e.b);
	free(d.attrs);
	free(d.enc);
	free(d.set_off);
	free(d.set_kv);
	free(d.set_size);
	free(d.key);
	free(run_r);
	return rc < 0 ? perr_at(e, o->name) : 0;
}
