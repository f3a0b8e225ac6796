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

#include <protobuf-c/protobuf-c.h>

#include "base/array.h"
#include "formats/otlp/otlp.h"
#include "formats/otlp/otlp_wire.h"
#include "formats/otlp/otlp_writer.h"
#include "formats/pb/pb.h"
#include "otlp.pb-c.h"

#define M(x) Opentelemetry__Proto__Profiles__V1development__##x
#define INIT(x) OPENTELEMETRY__PROTO__PROFILES__V1DEVELOPMENT__##x##__INIT
#define NONE UINT32_MAX

struct oevent {
	uint32_t next;		/* the sample's next event, NONE: last */
	int has_time;
	int64_t time;
};

struct osample {
	uint32_t stack, attrset, link;	/* link: 0 none, else link + 1 */
	uint32_t head, tail, nevents;
	int timed;
};

struct osrc {
	int seen, merge;
	uint64_t *types;	/* prof strings: type << 32 | unit */
	size_t ntypes, captypes;
	struct u64map type_ix;
	struct strtab keys;	/* merge key -> sample */
	struct osample *s;
	size_t ns, caps;
};

struct otlp_writer {
	struct osrc *src;	/* per prof source index */
	size_t capsrc;
	struct oevent *ev;
	size_t nev, capev;
	struct u64map val_ix;	/* event << 16 | type -> vals */
	struct num *vals;
	size_t nvals, capvals;
	struct strtab stacks;	/* prof location indices, leaf first */
	struct strtab attrs;	/* a label: key, str, unit, num */
	struct strtab attrsets;	/* attrs indices */
	struct strtab links;	/* trace id hex, NUL, span id hex */
	uint8_t *key;
	size_t nkey, capkey;
};

struct otlp_writer *
otlp_writer_new(struct perr *e)
{
	struct otlp_writer *w = calloc(1, sizeof(*w));

	if (w == NULL)
		perr_nomem(e);
	return w;
}

static void
clear(struct otlp_writer *w)
{
	size_t i;

	for (i = 0; i < w->capsrc; i++) {
		free(w->src[i].types);
		u64map_free(&w->src[i].type_ix);
		strtab_free(&w->src[i].keys);
		free(w->src[i].s);
	}
	free(w->src);
	free(w->ev);
	u64map_free(&w->val_ix);
	free(w->vals);
	strtab_free(&w->stacks);
	strtab_free(&w->attrs);
	strtab_free(&w->attrsets);
	strtab_free(&w->links);
	free(w->key);
}

void
otlp_writer_free(struct otlp_writer *w)
{
	if (w == NULL)
		return;
	clear(w);
	free(w);
}

int
otlp_restart(void *ctx, struct perr *e)
{
	struct otlp_writer *w = ctx;

	(void)e;
	clear(w);
	memset(w, 0, sizeof(*w));
	return 0;
}

static int
key_add(struct otlp_writer *w, const void *p, size_t n)
{
	if (n == 0)		/* an empty stack: p may be NULL */
		return 0;
	if (array_grow((void **)&w->key, &w->capkey, w->nkey + n, 1) < 0)
		return -1;
	memcpy(w->key + w->nkey, p, n);
	w->nkey += n;
	return 0;
}

static int64_t
key_intern(struct otlp_writer *w, struct strtab *t)
{
	return strtab_intern(t, w->nkey ? (const char *)w->key : "", w->nkey);
}

/* Whether s is n hex digits. */
static int
is_hex(const char *s, size_t len, size_t n)
{
	size_t i;

	if (len != n)
		return 0;
	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' &&
		    s[i] <= 'f')))
			return 0;
	return 1;
}

/* The link of a sample's trace_id and span_id labels (hex): its index +
 * 1, 0 without one; *used marks those two labels. */
static int64_t
link_of(struct otlp_writer *w, const struct prof *p, const struct sample *s,
    size_t *used)
{
	const char *k, *v;
	size_t i, t = NONE, sp = NONE;
	int64_t ix;

	for (i = 0; i < s->nlabels; i++) {
		if (s->labels[i].str == PROF_NONE)
			continue;
		k = prof_str(p, s->labels[i].key);
		v = prof_str(p, s->labels[i].str);
		if (t == NONE && strcmp(k, OTLP_TRACE_ID) == 0 &&
		    is_hex(v, strlen(v), 32))
			t = i;
		else if (sp == NONE && strcmp(k, OTLP_SPAN_ID) == 0 &&
		    is_hex(v, strlen(v), 16))
			sp = i;
	}
	if (t == NONE || sp == NONE)
		return 0;
	used[0] = t;
	used[1] = sp;
	w->nkey = 0;
	if (key_add(w, prof_str(p, s->labels[t].str), 33) < 0 ||
	    key_add(w, prof_str(p, s->labels[sp].str), 16) < 0 ||
	    (ix = key_intern(w, &w->links)) < 0)
		return -1;
	return ix + 1;
}

/* The attribute set of a sample's labels (but its link's): its index. */
static int64_t
attrset_of(struct otlp_writer *w, const struct sample *s, const size_t *used)
{
	uint32_t *ix = NULL;
	size_t i, n = 0;
	int64_t k, set;

	if (s->nlabels > 0 && (ix = malloc(s->nlabels * sizeof(*ix))) ==
	    NULL)
		return -1;
	for (i = 0; i < s->nlabels; i++) {
		const struct slabel *l = &s->labels[i];
		uint8_t na = (uint8_t)l->num_na;
		if (i == used[0] || i == used[1])
			continue;
		w->nkey = 0;
		if (key_add(w, &l->key, 4) < 0 || key_add(w, &l->str, 4) < 0 ||
		    key_add(w, &l->num_unit, 4) < 0 || key_add(w, &l->num, 8)
		    < 0 || key_add(w, &na, 1) < 0 ||
		    (k = key_intern(w, &w->attrs)) < 0) {
			free(ix);
			return -1;
		}
		ix[n++] = (uint32_t)k;
	}
	w->nkey = 0;
	set = key_add(w, ix, n * sizeof(*ix)) < 0 ? -1 : key_intern(w,
	    &w->attrsets);
	free(ix);
	return set;
}

/* The index of a (type, unit) in source S's types, added when new. */
static int64_t
type_of(struct osrc *S, uint32_t type, uint32_t unit)
{
	uint64_t k = (uint64_t)type << 32 | unit;
	uint32_t *slot;
	int added;

	if ((slot = u64map_put(&S->type_ix, k, (uint32_t)S->ntypes, &added)) ==
	    NULL)
		return -1;
	if (added) {
		if (S->ntypes >= 0xffff || ARRAY_ROOM(S->types, S->ntypes,
		    S->captypes) < 0)
			return -1;
		S->types[S->ntypes++] = k;
	}
	return *slot;
}

static int
add(struct otlp_writer *w, const struct prof *p, const struct sample *s)
{
	struct osrc *S;
	struct osample *o;
	struct oevent *ev;
	size_t used[2] = { NONE, NONE }, i;
	int64_t stack, set, link, ix, t;
	uint32_t e, *slot;
	uint8_t timed = (uint8_t)(s->has_time != 0);
	int added, fresh;

	if (array_grow_zeroed((void **)&w->src, &w->capsrc,
	    (size_t)s->source + 1, sizeof(*w->src)) < 0)
		return -1;
	S = &w->src[s->source];
	if (!S->seen) {
		S->seen = 1;
		/* an Rprof source's samples keep their order: no merging */
		S->merge = strcmp(prof_str(p, p->sources[s->source].type),
		    SOURCE_RPROF) != 0;
	}
	w->nkey = 0;
	if (key_add(w, s->locs, s->nlocs * sizeof(*s->locs)) < 0 ||
	    (stack = key_intern(w, &w->stacks)) < 0 ||
	    (link = link_of(w, p, s, used)) < 0 ||
	    (set = attrset_of(w, s, used)) < 0)
		return -1;
	fresh = 1;
	ix = (int64_t)S->ns;
	if (S->merge) {
		uint32_t k[3] = { (uint32_t)stack, (uint32_t)set,
		    (uint32_t)link };
		size_t before = S->keys.n;
		w->nkey = 0;
		if (key_add(w, k, sizeof(k)) < 0 || key_add(w, &timed, 1) < 0 ||
		    (ix = key_intern(w, &S->keys)) < 0)
			return -1;
		fresh = S->keys.n != before;
	}
	if (fresh) {
		if (ARRAY_ROOM(S->s, S->ns, S->caps) < 0)
			return -1;
		o = &S->s[S->ns++];
		o->stack = (uint32_t)stack;
		o->attrset = (uint32_t)set;
		o->link = (uint32_t)link;
		o->head = o->tail = NONE;
		o->nevents = 0;
		o->timed = timed;
	}
	o = &S->s[ix];
	/* merged without times: one event, its values summed */
	if (o->nevents > 0 && !timed && S->merge)
		e = o->head;
	else {
		if (w->nev >= INT32_MAX || ARRAY_ROOM(w->ev, w->nev,
		    w->capev) < 0)
			return -1;
		e = (uint32_t)w->nev;
		ev = &w->ev[w->nev++];
		ev->next = NONE;
		ev->has_time = timed;
		ev->time = s->time;
		if (o->head == NONE)
			o->head = e;
		else
			w->ev[o->tail].next = e;
		o->tail = e;
		o->nevents++;
	}
	for (i = 0; i < s->nvals; i++) {
		if ((t = type_of(S, s->vals[i].type, s->vals[i].unit)) < 0 ||
		    (slot = u64map_put(&w->val_ix, (uint64_t)e << 16 |
		    (uint64_t)t, (uint32_t)w->nvals, &added)) == NULL)
			return -1;
		if (added) {
			if (ARRAY_ROOM(w->vals, w->nvals, w->capvals) < 0)
				return -1;
			w->vals[w->nvals++] = num_of_i64(0);
		}
		w->vals[*slot] = num_add(w->vals[*slot], s->vals[i].value);
	}
	return 0;
}

int
otlp_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	return add(ctx, p, s) < 0 ? perr_nomem(e) : 0;
}

/*
 * Writing. The dictionary's tables are made as strtabs of their elements'
 * keys (so equal ones are one); messages are built from them to be packed.
 */
enum { KV_STR = 1, KV_INT, KV_BOOL, KV_STRS, KV_INTS };

struct dict {
	struct strtab strs;		/* string_table, [0] "" */
	struct strtab kv;		/* attribute_table - 1 */
	uint32_t *fn_map, *map_map;	/* prof index -> table index, 0 */
	size_t capfn, capmap;
	uint32_t *fns, *maps;		/* table index - 1 -> prof index */
	size_t nfns, capfns, nmaps, capmaps;
	struct strtab runs;		/* prof location runs: location - 1 */
	uint32_t *stack_off;		/* per stack: its runs in stack_runs */
	uint32_t *stack_runs;
	size_t nstack_runs, capstack_runs;
	uint32_t *set_off, *set_kv;	/* per attribute set: its kv */
	size_t nset_kv, capset_kv;
	uint8_t *key;
	size_t nkey, capkey;
	int failed;
};

static void
dk_add(struct dict *d, const void *p, size_t n)
{
	if (n == 0)
		return;
	if (d->failed || array_grow((void **)&d->key, &d->capkey, d->nkey + n,
	    1) < 0) {
		d->failed = 1;
		return;
	}
	memcpy(d->key + d->nkey, p, n);
	d->nkey += n;
}

static uint32_t
dk_intern(struct dict *d, struct strtab *t)
{
	int64_t k;

	if (d->failed || (k = strtab_intern(t, d->nkey ? (const char *)d->key :
	    "", d->nkey)) < 0) {
		d->failed = 1;
		return 0;
	}
	return (uint32_t)k;
}

/* The string_table index of t. */
static int32_t
sidx(struct dict *d, struct text t)
{
	int64_t k;

	if (d->failed || (k = strtab_intern(&d->strs, t.p ? t.p : "", t.n)) <
	    0) {
		d->failed = 1;
		return 0;
	}
	return (int32_t)k;
}

static int
is_marked(struct text t)
{
	return t.n == sizeof(SCHEMA_EMPTY) - 1 && memcmp(t.p, SCHEMA_EMPTY,
	    t.n) == 0;
}

static int32_t
psidx(struct dict *d, const struct prof *p, uint32_t s)
{
	struct text t = s == PROF_NONE ? text_n("", 0) : prof_text(p, s);

	/* what the stream writes for a name a profile left empty */
	if (is_marked(t))
		t = text_n("", 0);
	return sidx(d, t);
}

/* An attribute_table index (1 ..) of key and a value of kind. */
static int32_t
kv_str(struct dict *d, struct text key, struct text value)
{
	uint32_t ks = (uint32_t)sidx(d, key), vs = (uint32_t)sidx(d, value);
	uint8_t kind = KV_STR;

	d->nkey = 0;
	dk_add(d, &ks, 4);
	dk_add(d, &kind, 1);
	dk_add(d, &vs, 4);
	return (int32_t)dk_intern(d, &d->kv) + 1;
}

static int32_t
kv_int(struct dict *d, struct text key, int64_t v, struct text unit)
{
	uint32_t ks = (uint32_t)sidx(d, key), us = (uint32_t)sidx(d, unit);
	uint8_t kind = KV_INT;

	d->nkey = 0;
	dk_add(d, &ks, 4);
	dk_add(d, &kind, 1);
	dk_add(d, &v, 8);
	dk_add(d, &us, 4);
	return (int32_t)dk_intern(d, &d->kv) + 1;
}

static int32_t
kv_bool(struct dict *d, const char *key, int v)
{
	uint32_t ks = (uint32_t)sidx(d, text_of(key));
	uint8_t kind = KV_BOOL, b = (uint8_t)(v != 0);

	d->nkey = 0;
	dk_add(d, &ks, 4);
	dk_add(d, &kind, 1);
	dk_add(d, &b, 1);
	return (int32_t)dk_intern(d, &d->kv) + 1;
}

/* An array attribute: strings (their string_table indices) or ints. */
static int32_t
kv_array(struct dict *d, const char *key, int kind8, const void *v,
    size_t n, size_t size)
{
	uint32_t ks = (uint32_t)sidx(d, text_of(key)), nn = (uint32_t)n;
	uint8_t kind = (uint8_t)kind8;

	d->nkey = 0;
	dk_add(d, &ks, 4);
	dk_add(d, &kind, 1);
	dk_add(d, &nn, 4);
	dk_add(d, v, n * size);
	return (int32_t)dk_intern(d, &d->kv) + 1;
}

static uint32_t
fn_index(struct dict *d, uint32_t f)
{
	if (f == PROF_NONE || d->failed)
		return 0;
	if (d->fn_map[f] == 0) {
		if (ARRAY_ROOM(d->fns, d->nfns, d->capfns) < 0) {
			d->failed = 1;
			return 0;
		}
		d->fns[d->nfns++] = f;
		d->fn_map[f] = (uint32_t)d->nfns;
	}
	return d->fn_map[f];
}

static uint32_t
map_index(struct dict *d, uint32_t m)
{
	if (m == PROF_NONE || d->failed)
		return 0;
	if (d->map_map[m] == 0) {
		if (ARRAY_ROOM(d->maps, d->nmaps, d->capmaps) < 0) {
			d->failed = 1;
			return 0;
		}
		d->maps[d->nmaps++] = m;
		d->map_map[m] = (uint32_t)d->nmaps;
	}
	return d->map_map[m];
}

/* The k-th 32-bit word of strtab string i (strings are not aligned). */
static uint32_t
word(const struct strtab *t, size_t i, size_t k)
{
	uint32_t v;

	memcpy(&v, strtab_str(t, i) + 4 * k, 4);
	return v;
}

/* The stacks as OTLP Locations: a run of frames marked .inlined and the
 * frame they are inlined into is one Location, as the stream says. */
static int
make_stacks(struct otlp_writer *w, const struct prof *p, struct dict *d)
{
	size_t i, j, k, n, start;
	uint32_t r, loc;

	if ((d->stack_off = calloc(w->stacks.n + 2, sizeof(*d->stack_off))) ==
	    NULL)
		return -1;
	for (i = 0; i < w->stacks.n; i++) {
		n = strtab_len(&w->stacks, i) / 4;
		d->stack_off[i] = (uint32_t)d->nstack_runs;
		for (start = 0; start < n; start = j) {
			for (j = start; j + 1 < n &&
			    p->locations[word(&w->stacks, i, j)].has_ext &&
			    p->locations[word(&w->stacks, i, j)].inlined; j++)
				;
			j++;
			d->nkey = 0;
			for (k = start; k < j; k++) {
				loc = word(&w->stacks, i, k);
				dk_add(d, &loc, 4);
			}
			r = dk_intern(d, &d->runs);
			if (d->failed || ARRAY_ROOM(d->stack_runs,
			    d->nstack_runs, d->capstack_runs) < 0)
				return -1;
			d->stack_runs[d->nstack_runs++] = r + 1;
		}
	}
	d->stack_off[w->stacks.n] = (uint32_t)d->nstack_runs;
	return d->failed ? -1 : 0;
}

/* The attribute sets as attribute_table indices. */
static int
make_sets(struct otlp_writer *w, const struct prof *p, struct dict *d)
{
	uint32_t *attr_kv;
	size_t i, j, n;

	if ((attr_kv = calloc(w->attrs.n + 1, sizeof(*attr_kv))) == NULL ||
	    (d->set_off = calloc(w->attrsets.n + 2, sizeof(*d->set_off))) ==
	    NULL) {
		free(attr_kv);
		return -1;
	}
	for (i = 0; i < w->attrs.n; i++) {
		const uint8_t *k = (const uint8_t *)strtab_str(&w->attrs, i);
		uint32_t key, str, unit;
		int64_t num;
		memcpy(&key, k, 4);
		memcpy(&str, k + 4, 4);
		memcpy(&unit, k + 8, 4);
		memcpy(&num, k + 12, 8);
		attr_kv[i] = (uint32_t)(str != PROF_NONE ?
		    kv_str(d, prof_text(p, key), prof_text(p, str)) :
		    kv_int(d, prof_text(p, key), num, unit == PROF_NONE ?
		    text_n("", 0) : prof_text(p, unit)));
	}
	for (i = 0; i < w->attrsets.n; i++) {
		n = strtab_len(&w->attrsets, i) / 4;
		d->set_off[i] = (uint32_t)d->nset_kv;
		for (j = 0; j < n; j++) {
			if (ARRAY_ROOM(d->set_kv, d->nset_kv, d->capset_kv) <
			    0) {
				free(attr_kv);
				return -1;
			}
			d->set_kv[d->nset_kv++] = attr_kv[word(&w->attrsets,
			    i, j)];
		}
	}
	d->set_off[w->attrsets.n] = (uint32_t)d->nset_kv;
	free(attr_kv);
	return d->failed ? -1 : 0;
}

/* Where a source attribute goes. */
enum { A_RESOURCE, A_PROFILE, A_SKIP };

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
		ATTR_OTLP_SCOPE_SCHEMA, ATTR_OTLP_LAYOUT,
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

/* An empty AnyValue (its INIT macro initialises a union without the
 * braces gcc asks for). */
static M(AnyValue)
any_value(void)
{
	M(AnyValue) v;

	opentelemetry__proto__profiles__v1development__any_value__init(&v);
	return v;
}

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
kvbuf_add(struct kvbuf *b, struct text key, struct text value)
{
	M(KeyValue) kv = INIT(KEY_VALUE);
	M(AnyValue) v = any_value();

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

static uint64_t
attr_u64(const struct prof *p, const struct source *src, const char *key,
    int *found)
{
	const char *v = prof_attr(p, src, key);

	*found = v != NULL;
	return v != NULL ? strtoull(v, NULL, 10) : 0;
}

/* Hex text to bytes (at most n), into b: how many. */
static size_t
unhex(const char *s, uint8_t *b, size_t n)
{
	size_t i;
	unsigned v;

	for (i = 0; i < n && sscanf(s + 2 * i, "%2x", &v) == 1 &&
	    s[2 * i + 1] != '\0'; i++)
		b[i] = (uint8_t)v;
	return i;
}

/* Bytes being gathered: a message's fields packed one after another. */
struct chunk {
	uint8_t *b;
	size_t n, cap;
	int failed;
};

static void
ch_add(struct chunk *c, const void *p, size_t n)
{
	if (c->failed || array_grow((void **)&c->b, &c->cap, c->n + n, 1) < 0) {
		c->failed = 1;
		return;
	}
	memcpy(c->b + c->n, p, n);
	c->n += n;
}

static void
ch_varint(struct chunk *c, uint64_t v)
{
	uint8_t b[VARINT_MAX];

	ch_add(c, b, varint_put(b, v));
}

/* Field f of c: m packed, or len bytes at p. */
static void
ch_bytes(struct chunk *c, uint32_t f, const void *p, size_t len)
{
	ch_varint(c, pb_tag(f, PB_LEN));
	ch_varint(c, len);
	ch_add(c, p, len);
}

static void
ch_message(struct chunk *c, uint32_t f, const ProtobufCMessage *m)
{
	size_t n = protobuf_c_message_get_packed_size(m);

	ch_varint(c, pb_tag(f, PB_LEN));
	ch_varint(c, n);
	if (c->failed || array_grow((void **)&c->b, &c->cap, c->n + n, 1) < 0) {
		c->failed = 1;
		return;
	}
	c->n += protobuf_c_message_pack(m, c->b + c->n);
}

/* The value of type t of event e, as OTLP's int64. */
static int64_t
value(struct otlp_writer *w, uint32_t e, size_t t)
{
	uint32_t *slot = u64map_get(&w->val_ix, (uint64_t)e << 16 | t);
	struct num v;

	if (slot == NULL)
		return 0;
	v = w->vals[*slot];
	if (num_is_int(v))
		return v.i;
	return v.d >= 0x1p63 ? INT64_MAX : v.d <= -0x1p63 ? INT64_MIN :
	    (int64_t)llround(v.d);
}

/* The Profile of source S's type t into c (field 2 of a ScopeProfiles). */
static int
put_profile(struct otlp_writer *w, const struct prof *p, struct dict *d,
    size_t si, size_t t, const int32_t *pattrs, size_t npattrs,
    struct chunk *c)
{
	struct osrc *S = &w->src[si];
	const struct source *src = &p->sources[si];
	M(Profile) pr = INIT(PROFILE);
	M(ValueType) st = INIT(VALUE_TYPE), pt = INIT(VALUE_TYPE);
	M(Sample) *sm = NULL, **smp = NULL;
	int64_t *vals = NULL;
	uint64_t *times = NULL;
	uint8_t id[16];
	const char *v;
	size_t j, nv = 0, ev;
	uint32_t e;
	int found, rc = -1;

	if (t != NONE) {	/* NONE: a source without samples */
		st.type_strindex = psidx(d, p, (uint32_t)(S->types[t] >> 32));
		st.unit_strindex = psidx(d, p, (uint32_t)S->types[t]);
		pr.sample_type = &st;
	}
	pr.time_unix_nano = attr_u64(p, src, ATTR_PPROF_TIME, &found);
	if (!found && !src->timestamp_na && src->timestamp > 0)
		pr.time_unix_nano = (uint64_t)llround(src->timestamp * 1e9);
	pr.duration_nano = attr_u64(p, src, ATTR_PPROF_DURATION, &found);
	if ((v = prof_attr(p, src, ATTR_PPROF_PERIOD_TYPE)) != NULL) {
		pt.type_strindex = sidx(d, text_of(is_marked(text_of(v)) ? "" :
		    v));
		if ((v = prof_attr(p, src, ATTR_PPROF_PERIOD_UNIT)) != NULL)
			pt.unit_strindex = sidx(d, text_of(is_marked(
			    text_of(v)) ? "" : v));
		pr.period_type = &pt;
	}
	if ((v = prof_attr(p, src, ATTR_PPROF_PERIOD)) != NULL)
		pr.period = strtoll(v, NULL, 10);
	if ((v = prof_attr(p, src, ATTR_OTLP_PROFILE_ID)) != NULL) {
		pr.profile_id.len = unhex(v, id, sizeof(id));
		pr.profile_id.data = id;
	}
	pr.dropped_attributes_count = (uint32_t)attr_u64(p, src,
	    ATTR_OTLP_DROPPED, &found);
	if ((v = prof_attr(p, src, ATTR_OTLP_PAYLOAD_FORMAT)) != NULL)
		pr.original_payload_format = (char *)(uintptr_t)v;
	pr.attribute_indices = (int32_t *)(uintptr_t)pattrs;
	pr.n_attribute_indices = npattrs;
	/* the samples: each event's value of type t, and its time */
	for (j = 0; j < S->ns; j++)
		nv += S->s[j].nevents;
	if ((S->ns > 0 && ((sm = calloc(S->ns, sizeof(*sm))) == NULL ||
	    (smp = calloc(S->ns, sizeof(*smp))) == NULL)) ||
	    (nv > 0 && ((vals = calloc(nv, sizeof(*vals))) == NULL ||
	    (times = calloc(nv, sizeof(*times))) == NULL)))
		goto done;
	for (j = ev = 0; j < S->ns; j++) {
		const struct osample *o = &S->s[j];
		M(Sample) s = INIT(SAMPLE);
		s.stack_index = (int32_t)o->stack + 1;
		s.link_index = (int32_t)o->link;
		s.n_attribute_indices = d->set_off[o->attrset + 1] -
		    d->set_off[o->attrset];
		if (s.n_attribute_indices > 0)	/* set_kv may be NULL */
			s.attribute_indices = (int32_t *)d->set_kv +
			    d->set_off[o->attrset];
		s.values = vals + ev;
		s.n_values = o->nevents;
		if (o->timed) {
			s.timestamps_unix_nano = times + ev;
			s.n_timestamps_unix_nano = o->nevents;
		}
		for (e = o->head; e != NONE; e = w->ev[e].next, ev++) {
			vals[ev] = value(w, e, t);
			times[ev] = (uint64_t)w->ev[e].time;
		}
		sm[j] = s;
		smp[j] = &sm[j];
	}
	pr.samples = smp;
	pr.n_samples = S->ns;
	if (!d->failed)
		ch_message(c, OSP_PROFILES, &pr.base);
	rc = c->failed || d->failed ? -1 : 0;
done:
	free(sm);
	free(smp);
	free(vals);
	free(times);
	return rc;
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
	M(AnyValue) order = any_value(), *ord_elem = NULL, **ord_ptr = NULL;
	M(ArrayValue) arr = INIT(ARRAY_VALUE);
	struct chunk sp = { 0 }, rp = { 0 };
	int32_t *pattrs = NULL, *comments = NULL;
	size_t i, np = 0, nc = 0;
	const char *k, *v, *rschema = NULL, *sschema = NULL;
	int rc = -1;

	if ((pattrs = calloc(src->nattrs + 3, sizeof(*pattrs))) == NULL ||
	    (comments = calloc(src->nattrs + 1, sizeof(*comments))) == NULL)
		goto done;
	/* the source's facts: where each goes */
	pattrs[np++] = kv_str(d, text_of("profstream.source_type"),
	    prof_text(p, src->type));
	if (src->uri != PROF_NONE)
		pattrs[np++] = kv_str(d, text_of("profstream.source_uri"),
		    prof_text(p, src->uri));
	for (i = 0; i < src->nattrs; i++) {
		k = prof_str(p, src->attrs[i].key);
		v = prof_str(p, src->attrs[i].value);
		if (strcmp(k, ATTR_PPROF_COMMENT) == 0)
			comments[nc++] = sidx(d, prof_text(p,
			    src->attrs[i].value));
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
			pattrs[np++] = kv_str(d, prof_text(p,
			    src->attrs[i].key), prof_text(p,
			    src->attrs[i].value));
		else if (attr_level(k) == A_RESOURCE && kvbuf_add(&res,
		    prof_text(p, src->attrs[i].key), prof_text(p,
		    src->attrs[i].value)) < 0)
			goto done;
	}
	if (nc > 0)
		pattrs[np++] = kv_array(d, ATTR_PPROF_COMMENT, KV_STRS,
		    comments, nc, sizeof(*comments));
	/* the Profiles of one source belong together (otlp2tsv joins
	 * them), in the order of its types */
	if (S->ntypes > 1) {
		if ((ord_elem = calloc(S->ntypes, sizeof(*ord_elem))) == NULL ||
		    (ord_ptr = calloc(S->ntypes, sizeof(*ord_ptr))) == NULL ||
		    kvbuf_add(&sc, text_of(OTLP_TYPE_ORDER), text_n("", 0)) < 0)
			goto done;
		for (i = 0; i < S->ntypes; i++) {
			M(AnyValue) e = any_value();
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
	ch_message(&sp, OSP_SCOPE, &scope.base);
	for (i = 0; i < S->ntypes; i++)
		if (put_profile(w, p, d, si, i, pattrs, np, &sp) < 0)
			goto done;
	if (S->ntypes == 0 && put_profile(w, p, d, si, NONE, pattrs, np,
	    &sp) < 0)
		goto done;
	if (sschema != NULL)
		ch_bytes(&sp, OSP_SCHEMA_URL, sschema, strlen(sschema));
	ch_message(&rp, ORP_RESOURCE, &resource.base);
	ch_bytes(&rp, ORP_SCOPE_PROFILES, sp.b, sp.n);
	if (rschema != NULL)
		ch_bytes(&rp, ORP_SCHEMA_URL, rschema, strlen(rschema));
	if (sp.failed || rp.failed || d->failed)
		goto done;
	pb_put_bytes(o, OD_RESOURCE_PROFILES, rp.b, rp.n);
	rc = 0;
done:
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

/* An attribute_table element from its key in d->kv. */
static int
kv_message(struct dict *d, size_t i, M(KeyValueAndUnit) *m, M(AnyValue) *v,
    M(ArrayValue) *arr, M(AnyValue) **elems, M(AnyValue) ***ptrs)
{
	const uint8_t *k = (const uint8_t *)strtab_str(&d->kv, i);
	uint32_t key, n, j, s;
	uint8_t kind = k[4];
	int64_t num;

	memcpy(&key, k, 4);
	m->key_strindex = (int32_t)key;
	m->value = v;
	switch (kind) {
	case KV_STR:
		memcpy(&s, k + 5, 4);
		v->value_case =
		    OPENTELEMETRY__PROTO__PROFILES__V1DEVELOPMENT__ANY_VALUE__VALUE_STRING_VALUE;
		v->string_value.data = (uint8_t *)(uintptr_t)strtab_str(
		    &d->strs, s);
		v->string_value.len = strtab_len(&d->strs, s);
		break;
	case KV_INT:
		memcpy(&num, k + 5, 8);
		memcpy(&s, k + 13, 4);
		v->value_case =
		    OPENTELEMETRY__PROTO__PROFILES__V1DEVELOPMENT__ANY_VALUE__VALUE_INT_VALUE;
		v->int_value = num;
		m->unit_strindex = (int32_t)s;
		break;
	case KV_BOOL:
		v->value_case =
		    OPENTELEMETRY__PROTO__PROFILES__V1DEVELOPMENT__ANY_VALUE__VALUE_BOOL_VALUE;
		v->bool_value = k[5];
		break;
	default:		/* KV_STRS: an array of strings */
		memcpy(&n, k + 5, 4);
		if ((*elems = calloc(n + 1, sizeof(**elems))) == NULL ||
		    (*ptrs = calloc(n + 1, sizeof(**ptrs))) == NULL)
			return -1;
		for (j = 0; j < n; j++) {
			M(AnyValue) e = any_value();
			memcpy(&s, k + 9 + 4 * j, 4);
			e.value_case =
			    OPENTELEMETRY__PROTO__PROFILES__V1DEVELOPMENT__ANY_VALUE__VALUE_STRING_VALUE;
			e.string_value.data = (uint8_t *)(uintptr_t)strtab_str(
			    &d->strs, s);
			e.string_value.len = strtab_len(&d->strs, s);
			(*elems)[j] = e;
			(*ptrs)[j] = &(*elems)[j];
		}
		arr->values = *ptrs;
		arr->n_values = n;
		v->value_case =
		    OPENTELEMETRY__PROTO__PROFILES__V1DEVELOPMENT__ANY_VALUE__VALUE_ARRAY_VALUE;
		v->array_value = arr;
		break;
	}
	return 0;
}

/* The dictionary: field 2 of the ProfilesData. */
static int
put_dictionary(struct otlp_writer *w, const struct prof *p, struct dict *d,
    const uint8_t *run_r, struct pb_packer *k)
{
	M(ProfilesDictionary) dict = INIT(PROFILES_DICTIONARY);
	M(Mapping) *mp = NULL, **mpp = NULL;
	M(Location) *lc = NULL, **lcp = NULL;
	M(Line) *ln = NULL, **lnp = NULL;
	M(Function) *fn = NULL, **fnp = NULL;
	M(Link) *lk = NULL, **lkp = NULL;
	M(Stack) *st = NULL, **stp = NULL;
	M(KeyValueAndUnit) *kv = NULL, **kvp = NULL;
	M(AnyValue) *av = NULL, **arr_elems = NULL, ***arr_ptrs = NULL;
	M(ArrayValue) *arrs = NULL;
	ProtobufCBinaryData *strs = NULL;
	int32_t *lattrs = NULL, *mattrs = NULL;
	uint8_t *ids = NULL;
	size_t i, j, nlines = 0, nla = 0, nkv, nstr, zero = 1;
	int rc = -1;

	/* locations first: they intern functions, mappings, attributes */
	for (i = 0; i < d->runs.n; i++)
		nlines += strtab_len(&d->runs, i) / sizeof(uint32_t);
	if ((lc = calloc(d->runs.n + zero, sizeof(*lc))) == NULL ||
	    (lcp = calloc(d->runs.n + zero, sizeof(*lcp))) == NULL ||
	    (ln = calloc(nlines + 1, sizeof(*ln))) == NULL ||
	    (lnp = calloc(nlines + 1, sizeof(*lnp))) == NULL ||
	    (lattrs = calloc(p->nlattrs + 2 * d->runs.n + 1,
	    sizeof(*lattrs))) == NULL)
		goto done;
	{
		M(Location) z = INIT(LOCATION);
		lc[0] = z;
		lcp[0] = &lc[0];
	}
	for (i = 0, nlines = 0; i < d->runs.n; i++) {
		size_t n = strtab_len(&d->runs, i) / 4;
		const struct location *last = &p->locations[word(&d->runs, i,
		    n - 1)];
		M(Location) l = INIT(LOCATION);
		uint32_t a;
		l.mapping_index = (int32_t)map_index(d, last->mapping);
		l.address = last->address_na ? 0 : last->address;
		l.lines = lnp + nlines;
		l.n_lines = last->function == PROF_NONE && n == 1 &&
		    last->line == PROF_LINE_NA ? 0 : n;
		for (j = 0; j < l.n_lines; j++) {
			const struct location *f = &p->locations[word(&d->runs,
			    i, j)];
			M(Line) x = INIT(LINE);
			x.function_index = (int32_t)fn_index(d, f->function);
			x.line = f->line == PROF_LINE_NA ? 0 : f->line;
			x.column = f->column;
			ln[nlines] = x;
			lnp[nlines] = &ln[nlines];
			nlines++;
		}
		l.attribute_indices = lattrs + nla;
		if (last->is_folded)
			lattrs[nla++] = kv_bool(d, OTLP_IS_FOLDED, 1);
		if (run_r[i])	/* an R frame */
			lattrs[nla++] = kv_str(d, text_of(OTLP_FRAME_TYPE),
			    text_of("r"));
		for (a = last->attr_head; a != PROF_NONE; a = p->lattrs[a].next)
			if (!(run_r[i] && strcmp(prof_str(p,
			    p->lattrs[a].a.key), OTLP_FRAME_TYPE) == 0))
				lattrs[nla++] = kv_str(d, prof_text(p,
				    p->lattrs[a].a.key), prof_text(p,
				    p->lattrs[a].a.value));
		l.n_attribute_indices = (size_t)(lattrs + nla -
		    l.attribute_indices);
		lc[i + 1] = l;
		lcp[i + 1] = &lc[i + 1];
	}
	/* mappings */
	if ((mp = calloc(d->nmaps + 1, sizeof(*mp))) == NULL ||
	    (mpp = calloc(d->nmaps + 1, sizeof(*mpp))) == NULL ||
	    (mattrs = calloc(5 * d->nmaps + 1, sizeof(*mattrs))) == NULL)
		goto done;
	{
		M(Mapping) z = INIT(MAPPING);
		mp[0] = z;
		mpp[0] = &mp[0];
	}
	for (i = 0; i < d->nmaps; i++) {
		const struct mapping *m = &p->mappings[d->maps[i]];
		M(Mapping) x = INIT(MAPPING);
		x.memory_start = m->start;
		x.memory_limit = m->limit;
		x.file_offset = m->offset;
		x.filename_strindex = psidx(d, p, m->filename);
		x.attribute_indices = mattrs + 5 * i;
		if (m->build_id != PROF_NONE && prof_strlen(p, m->build_id) > 0)
			x.attribute_indices[x.n_attribute_indices++] = kv_str(d,
			    text_of(OTLP_BUILD_ID_GNU), prof_text(p,
			    m->build_id));
		if (m->has_functions)
			x.attribute_indices[x.n_attribute_indices++] =
			    kv_bool(d, OTLP_HAS_FUNCTIONS, 1);
		if (m->has_filenames)
			x.attribute_indices[x.n_attribute_indices++] =
			    kv_bool(d, OTLP_HAS_FILENAMES, 1);
		if (m->has_line_numbers)
			x.attribute_indices[x.n_attribute_indices++] =
			    kv_bool(d, OTLP_HAS_LINE_NUMBERS, 1);
		if (m->has_inline_frames)
			x.attribute_indices[x.n_attribute_indices++] =
			    kv_bool(d, OTLP_HAS_INLINE_FRAMES, 1);
		mp[i + 1] = x;
		mpp[i + 1] = &mp[i + 1];
	}
	/* functions */
	if ((fn = calloc(d->nfns + 1, sizeof(*fn))) == NULL ||
	    (fnp = calloc(d->nfns + 1, sizeof(*fnp))) == NULL)
		goto done;
	{
		M(Function) z = INIT(FUNCTION);
		fn[0] = z;
		fnp[0] = &fn[0];
	}
	for (i = 0; i < d->nfns; i++) {
		const struct function *f = &p->functions[d->fns[i]];
		M(Function) x = INIT(FUNCTION);
		x.name_strindex = psidx(d, p, f->name);
		x.system_name_strindex = psidx(d, p, f->system_name);
		x.filename_strindex = psidx(d, p, f->filename);
		x.start_line = f->start_line;
		fn[i + 1] = x;
		fnp[i + 1] = &fn[i + 1];
	}
	/* links, stacks */
	if ((lk = calloc(w->links.n + 1, sizeof(*lk))) == NULL ||
	    (lkp = calloc(w->links.n + 1, sizeof(*lkp))) == NULL ||
	    (ids = calloc(w->links.n + 1, 24)) == NULL ||
	    (st = calloc(w->stacks.n + 1, sizeof(*st))) == NULL ||
	    (stp = calloc(w->stacks.n + 1, sizeof(*stp))) == NULL)
		goto done;
	{
		M(Link) z = INIT(LINK);
		M(Stack) zs = INIT(STACK);
		lk[0] = z;
		lkp[0] = &lk[0];
		st[0] = zs;
		stp[0] = &st[0];
	}
	for (i = 0; i < w->links.n; i++) {
		const char *t = strtab_str(&w->links, i);
		M(Link) x = INIT(LINK);
		x.trace_id.data = ids + 24 * i;
		x.trace_id.len = unhex(t, x.trace_id.data, 16);
		x.span_id.data = ids + 24 * i + 16;
		x.span_id.len = unhex(t + 33, x.span_id.data, 8);
		lk[i + 1] = x;
		lkp[i + 1] = &lk[i + 1];
	}
	for (i = 0; i < w->stacks.n; i++) {
		M(Stack) x = INIT(STACK);
		x.n_location_indices = d->stack_off[i + 1] - d->stack_off[i];
		if (x.n_location_indices > 0)
			x.location_indices = (int32_t *)d->stack_runs +
			    d->stack_off[i];
		st[i + 1] = x;
		stp[i + 1] = &st[i + 1];
	}
	/* attributes, then strings: every string is interned by now */
	nkv = d->kv.n;
	if ((kv = calloc(nkv + 1, sizeof(*kv))) == NULL ||
	    (kvp = calloc(nkv + 1, sizeof(*kvp))) == NULL ||
	    (av = calloc(nkv + 1, sizeof(*av))) == NULL ||
	    (arrs = calloc(nkv + 1, sizeof(*arrs))) == NULL ||
	    (arr_elems = calloc(nkv + 1, sizeof(*arr_elems))) == NULL ||
	    (arr_ptrs = calloc(nkv + 1, sizeof(*arr_ptrs))) == NULL)
		goto done;
	{
		M(KeyValueAndUnit) z = INIT(KEY_VALUE_AND_UNIT);
		kv[0] = z;
		kvp[0] = &kv[0];
	}
	for (i = 0; i < nkv; i++) {
		M(KeyValueAndUnit) x = INIT(KEY_VALUE_AND_UNIT);
		M(AnyValue) v = any_value();
		M(ArrayValue) a = INIT(ARRAY_VALUE);
		kv[i + 1] = x;
		av[i] = v;
		arrs[i] = a;
		if (kv_message(d, i, &kv[i + 1], &av[i], &arrs[i],
		    &arr_elems[i], &arr_ptrs[i]) < 0)
			goto done;
		kvp[i + 1] = &kv[i + 1];
	}
	if (d->failed)
		goto done;
	nstr = d->strs.n;
	if ((strs = calloc(nstr + 1, sizeof(*strs))) == NULL)
		goto done;
	for (i = 0; i < nstr; i++) {
		strs[i].data = (uint8_t *)(uintptr_t)strtab_str(&d->strs, i);
		strs[i].len = strtab_len(&d->strs, i);
	}
	dict.mapping_table = mpp;
	dict.n_mapping_table = d->nmaps + 1;
	dict.location_table = lcp;
	dict.n_location_table = d->runs.n + 1;
	dict.function_table = fnp;
	dict.n_function_table = d->nfns + 1;
	dict.link_table = lkp;
	dict.n_link_table = w->links.n + 1;
	dict.string_table = strs;
	dict.n_string_table = nstr;
	dict.attribute_table = kvp;
	dict.n_attribute_table = nkv + 1;
	dict.stack_table = stp;
	dict.n_stack_table = w->stacks.n + 1;
	pb_put_message(k, OD_DICTIONARY, &dict.base);
	rc = k->failed ? -1 : 0;
done:
	for (i = 0; arr_elems != NULL && i < d->kv.n; i++) {
		free(arr_elems[i]);
		free(arr_ptrs[i]);
	}
	free(arr_elems);
	free(arr_ptrs);
	free(arrs);
	free(av);
	free(kv);
	free(kvp);
	free(strs);
	free(mp);
	free(mpp);
	free(mattrs);
	free(lc);
	free(lcp);
	free(ln);
	free(lnp);
	free(lattrs);
	free(fn);
	free(fnp);
	free(lk);
	free(lkp);
	free(ids);
	free(st);
	free(stp);
	return rc;
}

int
otlp_write(struct otlp_writer *w, const struct prof *p, struct output *o,
    struct perr *e)
{
	struct dict d;
	struct pb_packer k = { o, NULL, 0, 0 };
	uint8_t *run_r = NULL;
	size_t i, j, r;
	int rc = -1;

	memset(&d, 0, sizeof(d));
	if (strtab_intern(&d.strs, "", 0) < 0 ||
	    (d.fn_map = calloc(p->nfunctions + 1, sizeof(*d.fn_map))) == NULL ||
	    (d.map_map = calloc(p->nmappings + 1, sizeof(*d.map_map))) == NULL ||
	    make_stacks(w, p, &d) < 0 || make_sets(w, p, &d) < 0 ||
	    (run_r = calloc(d.runs.n + 1, 1)) == NULL)
		goto done;
	/* the Locations of R's samples carry profile.frame.type r */
	for (i = 0; i < w->capsrc && i < p->nsources; i++) {
		if (!w->src[i].seen || w->src[i].merge)
			continue;
		for (j = 0; j < w->src[i].ns; j++) {
			uint32_t s = w->src[i].s[j].stack;
			for (r = d.stack_off[s]; r < d.stack_off[s + 1]; r++)
				run_r[d.stack_runs[r] - 1] = 1;
		}
	}
	/* every source, those without samples too (an empty Profile) */
	if (array_grow_zeroed((void **)&w->src, &w->capsrc, p->nsources + 1,
	    sizeof(*w->src)) < 0)
		goto done;
	for (i = 0; i < p->nsources; i++)
		if (put_source(w, p, &d, i, o) < 0)
			goto done;
	if (put_dictionary(w, p, &d, run_r, &k) < 0)
		goto done;
	rc = 0;
done:
	if (rc < 0)
		perr_nomem(e);
	pb_packer_free(&k);
	strtab_free(&d.strs);
	strtab_free(&d.kv);
	strtab_free(&d.runs);
	free(d.fn_map);
	free(d.map_map);
	free(d.fns);
	free(d.maps);
	free(d.stack_off);
	free(d.stack_runs);
	free(d.set_off);
	free(d.set_kv);
	free(d.key);
	free(run_r);
	return rc < 0 ? perr_at(e, o->name) : 0;
}
