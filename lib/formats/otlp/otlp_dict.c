/*
 * tsv2otlp's dictionary (otlp_write_impl.h): its tables made as strtabs of
 * their elements' keys, so equal ones are one, element 0 of each the zero
 * value; Locations rebuilt from the stacks' runs of inlined frames.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/pb/pb.h"
#include "formats/otlp/otlp_write_impl.h"

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

/* The constant strings, interned in p before any pointer into it is
 * taken; "" is string_table[0]. */
int
ow_dict_start(struct dict *d, struct prof *p)
{
	static const char *const consts[NCONST] = {
		[S_SOURCE_TYPE] = "profstream.source_type",
		[S_SOURCE_URI] = "profstream.source_uri",
		[S_COMMENT] = ATTR_PPROF_COMMENT,
		[S_IS_FOLDED] = OTLP_IS_FOLDED,
		[S_FRAME_TYPE] = OTLP_FRAME_TYPE,
		[S_R] = "r",
		[S_BUILD_ID] = OTLP_BUILD_ID_GNU,
		[S_HAS_FUNCTIONS] = OTLP_HAS_FUNCTIONS,
		[S_HAS_FILENAMES] = OTLP_HAS_FILENAMES,
		[S_HAS_LINE_NUMBERS] = OTLP_HAS_LINE_NUMBERS,
		[S_HAS_INLINE_FRAMES] = OTLP_HAS_INLINE_FRAMES,
		[S_MARKED] = SCHEMA_EMPTY,
	};
	int64_t k;
	size_t i;

	d->p = p;
	for (i = 0; i < NCONST; i++) {
		if ((k = prof_intern(p, consts[i], strlen(consts[i]))) < 0)
			return -1;
		d->k[i] = (uint32_t)k;
	}
	/* p has all its strings now: an index each */
	if ((d->sout = calloc(p->str.n + 1, sizeof(*d->sout))) == NULL ||
	    ARRAY_ROOM(d->spix, d->nstr, d->capspix) < 0)
		return -1;
	d->spix[d->nstr++] = PROF_NONE;
	return 0;
}

/* The string_table index of string s of p: a name and its system name
 * are most often one string, a file the string of many functions; p's
 * strings are unique, so an array says which has its index. */
int32_t
ow_sidx(struct dict *d, uint32_t s)
{
	if (s == PROF_NONE || d->failed || prof_strlen(d->p, s) == 0)
		return 0;
	if (d->sout[s] == 0) {
		if (ARRAY_ROOM(d->spix, d->nstr, d->capspix) < 0) {
			d->failed = 1;
			return 0;
		}
		d->spix[d->nstr] = s;
		d->sout[s] = (uint32_t)++d->nstr;
	}
	return (int32_t)d->sout[s] - 1;
}

/* The same, but "" for the name the stream writes for one a profile
 * left empty. */
int32_t
ow_psidx(struct dict *d, uint32_t s)
{
	return s == d->k[S_MARKED] ? 0 : ow_sidx(d, s);
}

/* string_table[i]. */
static struct text
str_at(const struct dict *d, uint32_t i)
{
	return i == 0 ? text_n("", 0) : prof_text(d->p, d->spix[i]);
}

/* An attribute_table index (1 ..) of key and a value of kind. */
int32_t
ow_kv_str(struct dict *d, uint32_t key, uint32_t value)
{
	uint32_t ks = (uint32_t)ow_sidx(d, key), vs = (uint32_t)ow_sidx(d,
	    value);
	uint8_t kind = KV_STR;

	d->nkey = 0;
	dk_add(d, &ks, 4);
	dk_add(d, &kind, 1);
	dk_add(d, &vs, 4);
	return (int32_t)dk_intern(d, &d->kv) + 1;
}

int32_t
ow_kv_int(struct dict *d, uint32_t key, int64_t v, uint32_t unit)
{
	uint32_t ks = (uint32_t)ow_sidx(d, key), us = (uint32_t)ow_sidx(d, unit);
	uint8_t kind = KV_INT;

	d->nkey = 0;
	dk_add(d, &ks, 4);
	dk_add(d, &kind, 1);
	dk_add(d, &v, 8);
	dk_add(d, &us, 4);
	return (int32_t)dk_intern(d, &d->kv) + 1;
}

int32_t
ow_kv_bool(struct dict *d, uint32_t key, int v)
{
	uint32_t ks = (uint32_t)ow_sidx(d, key);
	uint8_t kind = KV_BOOL, b = (uint8_t)(v != 0);

	d->nkey = 0;
	dk_add(d, &ks, 4);
	dk_add(d, &kind, 1);
	dk_add(d, &b, 1);
	return (int32_t)dk_intern(d, &d->kv) + 1;
}

/* An array attribute: strings (their string_table indices) or ints. */
int32_t
ow_kv_array(struct dict *d, uint32_t key, int kind8, const void *v,
    size_t n, size_t size)
{
	uint32_t ks = (uint32_t)ow_sidx(d, key), nn = (uint32_t)n;
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

/* Stack i of w as the indices + 1 of its Locations, into d->runs: how
 * many, or -1. */
int64_t
ow_stack_runs(struct otlp_writer *w, struct dict *d, size_t i)
{
	const uint8_t *q = (const uint8_t *)strtab_str(&w->stacks, i);
	const uint8_t *end = q + strtab_len(&w->stacks, i);
	size_t k = 0;
	int64_t r = 0;

	/* a run takes a byte at least */
	if (array_grow((void **)&d->runs, &d->capruns_of, (size_t)(end - q) +
	    1, sizeof(*d->runs)) < 0)
		return -1;
	while (q < end) {
		r += unzigzag(varint_next(&q, end));
		d->runs[k++] = (int32_t)r + 1;
	}
	return (int64_t)k;
}

/* The attribute sets as attribute_table indices. */
int
ow_make_sets(struct otlp_writer *w, struct dict *d)
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
		    ow_kv_str(d, key, str) : ow_kv_int(d, key, num, unit));
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
	/* a Sample's attribute_indices field, sized once a set */
	if ((d->set_size = calloc(w->attrsets.n + 1, sizeof(*d->set_size))) ==
	    NULL)
		return -1;
	for (i = 0; i < w->attrsets.n; i++)
		if ((n = d->set_off[i + 1] - d->set_off[i]) > 0)
			d->set_size[i] = (uint32_t)pb_len_field_size(pb_packed_len(
			    (const int32_t *)d->set_kv + d->set_off[i], n));
	return d->failed ? -1 : 0;
}

/* Hex text to bytes (at most n), into b: how many. */
size_t
ow_unhex(const char *s, uint8_t *b, size_t n)
{
	size_t i;
	unsigned v;

	for (i = 0; i < n && sscanf(s + 2 * i, "%2x", &v) == 1 &&
	    s[2 * i + 1] != '\0'; i++)
		b[i] = (uint8_t)v;
	return i;
}

/* An empty AnyValue (its INIT macro initialises a union without the
 * braces gcc asks for). */
M(AnyValue)
ow_any_value(void)
{
	M(AnyValue) v;

	opentelemetry__proto__profiles__v1development__any_value__init(&v);
	return v;
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
		v->string_value.data = (uint8_t *)(uintptr_t)str_at(d, s).p;
		v->string_value.len = str_at(d, s).n;
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
			M(AnyValue) e = ow_any_value();
			memcpy(&s, k + 9 + 4 * j, 4);
			e.value_case =
			    OPENTELEMETRY__PROTO__PROFILES__V1DEVELOPMENT__ANY_VALUE__VALUE_STRING_VALUE;
			e.string_value.data = (uint8_t *)(uintptr_t)str_at(d,
			    s).p;
			e.string_value.len = str_at(d, s).n;
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

/*
 * The tables, each gathered as its fields of the ProfilesDictionary. The
 * big ones (locations, functions, strings, stacks) are encoded here, the
 * bytes protobuf-c wrote (whose size and pack passes over a Location of
 * 25,000 made half the writer's time), the others packed by protobuf-c.
 * Locations first: they intern functions, mappings and attributes.
 */
/* Location r's fields into e, emptied first. */
static void
location_fields(struct otlp_writer *w, const struct prof *p, struct dict *d,
    const uint8_t *run_r, size_t r, struct pb_chunk *e)
{
	uint8_t line[3 * (1 + VARINT_MAX)];
	size_t j, n, nl, na = 0;
	const uint32_t *run = loc_runs_locs(&w->runs, r, &n);
	const struct location *last = &p->locations[run[n - 1]];
	uint32_t a;

	e->n = 0;
	nl = put_varint_field(line, 0, OL_MAPPING,
	    (uint64_t)(int64_t)map_index(d, last->mapping));
	nl = put_varint_field(line, nl, OL_ADDRESS, last->address_na ? 0 :
	    last->address);
	pb_chunk_add(e, line, nl);
	if (last->function == PROF_NONE && n == 1 && last->line == PROF_LINE_NA)
		n = 0;
	for (j = 0; j < n; j++) {
		const struct location *f = &p->locations[run[j]];
		nl = put_varint_field(line, 0, OLN_FUNCTION,
		    (uint64_t)(int64_t)fn_index(d, f->function));
		nl = put_varint_field(line, nl, OLN_LINE,
		    (uint64_t)(f->line == PROF_LINE_NA ? 0 : f->line));
		nl = put_varint_field(line, nl, OLN_COLUMN, (uint64_t)f->column);
		pb_chunk_bytes(e, OL_LINES, line, nl);
	}
	if (array_grow((void **)&d->attrs, &d->capattrs, p->nlattrs + 2,
	    sizeof(*d->attrs)) < 0) {
		d->failed = 1;
		return;
	}
	if (last->is_folded)
		d->attrs[na++] = ow_kv_bool(d, d->k[S_IS_FOLDED], 1);
	if (run_r[r])	/* an R frame */
		d->attrs[na++] = ow_kv_str(d, d->k[S_FRAME_TYPE], d->k[S_R]);
	for (a = last->attr_head; a != PROF_NONE; a = p->lattrs[a].next)
		if (!(run_r[r] && strcmp(prof_str(p, p->lattrs[a].a.key),
		    OTLP_FRAME_TYPE) == 0))
			d->attrs[na++] = ow_kv_str(d, p->lattrs[a].a.key,
			    p->lattrs[a].a.value);
	pb_chunk_packed(e, OL_ATTRIBUTES, d->attrs, na);
}

/* The Location table to out, or only sized (out NULL: every function,
 * mapping and attribute it refers to is then interned): its bytes. Each
 * Location is made twice, so that the table needs no buffer. */
static size_t
put_locations(struct otlp_writer *w, const struct prof *p, struct dict *d,
    const uint8_t *run_r, struct output *out)
{
	size_t r, len = len_field(0);

	if (out != NULL)
		pb_put_bytes(out, ODICT_LOCATION, NULL, 0);
	for (r = 0; r < w->runs.n && !d->failed; r++) {
		location_fields(w, p, d, run_r, r, &d->e);
		if (out != NULL)
			pb_put_bytes(out, ODICT_LOCATION, d->e.b, d->e.n);
		len += len_field(d->e.n);
	}
	if (d->e.failed)
		d->failed = 1;
	return len;
}

static int
put_mappings(const struct prof *p, struct dict *d, struct pb_chunk *c)
{
	M(ProfilesDictionary) dict = INIT(PROFILES_DICTIONARY);
	M(Mapping) *mp = NULL, **mpp = NULL;
	int32_t *mattrs = NULL;
	size_t i;
	int rc = -1;

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
		x.filename_strindex = ow_psidx(d, m->filename);
		x.attribute_indices = mattrs + 5 * i;
		if (m->build_id != PROF_NONE && prof_strlen(p, m->build_id) > 0)
			x.attribute_indices[x.n_attribute_indices++] = ow_kv_str(d,
			    d->k[S_BUILD_ID], m->build_id);
		if (m->has_functions)
			x.attribute_indices[x.n_attribute_indices++] =
			    ow_kv_bool(d, d->k[S_HAS_FUNCTIONS], 1);
		if (m->has_filenames)
			x.attribute_indices[x.n_attribute_indices++] =
			    ow_kv_bool(d, d->k[S_HAS_FILENAMES], 1);
		if (m->has_line_numbers)
			x.attribute_indices[x.n_attribute_indices++] =
			    ow_kv_bool(d, d->k[S_HAS_LINE_NUMBERS], 1);
		if (m->has_inline_frames)
			x.attribute_indices[x.n_attribute_indices++] =
			    ow_kv_bool(d, d->k[S_HAS_INLINE_FRAMES], 1);
		mp[i + 1] = x;
		mpp[i + 1] = &mp[i + 1];
	}
	dict.mapping_table = mpp;
	dict.n_mapping_table = d->nmaps + 1;
	if (!d->failed)
		pb_chunk_fields(c, &dict.base);
	rc = c->failed || d->failed ? -1 : 0;
done:
	free(mp);
	free(mpp);
	free(mattrs);
	return rc;
}

/* The Function table, as the Location table. */
static size_t
put_functions(const struct prof *p, struct dict *d, struct output *out)
{
	uint8_t b[4 * (1 + VARINT_MAX)];
	size_t i, n, len = len_field(0);

	if (out != NULL)
		pb_put_bytes(out, ODICT_FUNCTION, NULL, 0);
	for (i = 0; i < d->nfns; i++) {
		const struct function *f = &p->functions[d->fns[i]];
		n = put_varint_field(b, 0, OF_NAME,
		    (uint64_t)(int64_t)ow_psidx(d, f->name));
		n = put_varint_field(b, n, OF_SYSTEM_NAME,
		    (uint64_t)(int64_t)ow_psidx(d, f->system_name));
		n = put_varint_field(b, n, OF_FILENAME,
		    (uint64_t)(int64_t)ow_psidx(d, f->filename));
		n = put_varint_field(b, n, OF_START_LINE,
		    (uint64_t)f->start_line);
		if (out != NULL)
			pb_put_bytes(out, ODICT_FUNCTION, b, n);
		len += len_field(n);
	}
	return len;
}

static int
put_links(struct otlp_writer *w, struct pb_chunk *c)
{
	M(ProfilesDictionary) dict = INIT(PROFILES_DICTIONARY);
	M(Link) *lk = NULL, **lkp = NULL;
	uint8_t *ids = NULL;
	size_t i;
	int rc = -1;

	if ((lk = calloc(w->links.n + 1, sizeof(*lk))) == NULL ||
	    (lkp = calloc(w->links.n + 1, sizeof(*lkp))) == NULL ||
	    (ids = calloc(w->links.n + 1, 24)) == NULL)
		goto done;
	{
		M(Link) z = INIT(LINK);
		lk[0] = z;
		lkp[0] = &lk[0];
	}
	for (i = 0; i < w->links.n; i++) {
		const char *t = strtab_str(&w->links, i);
		M(Link) x = INIT(LINK);
		x.trace_id.data = ids + 24 * i;
		x.trace_id.len = ow_unhex(t, x.trace_id.data, 16);
		x.span_id.data = ids + 24 * i + 16;
		x.span_id.len = ow_unhex(t + 33, x.span_id.data, 8);
		lk[i + 1] = x;
		lkp[i + 1] = &lk[i + 1];
	}
	dict.link_table = lkp;
	dict.n_link_table = w->links.n + 1;
	pb_chunk_fields(c, &dict.base);
	rc = c->failed ? -1 : 0;
done:
	free(lk);
	free(lkp);
	free(ids);
	return rc;
}

static int
put_attributes(struct dict *d, struct pb_chunk *c)
{
	M(ProfilesDictionary) dict = INIT(PROFILES_DICTIONARY);
	M(KeyValueAndUnit) *kv = NULL, **kvp = NULL;
	M(AnyValue) *av = NULL, **arr_elems = NULL, ***arr_ptrs = NULL;
	M(ArrayValue) *arrs = NULL;
	size_t i, nkv = d->kv.n;
	int rc = -1;

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
		M(AnyValue) v = ow_any_value();
		M(ArrayValue) a = INIT(ARRAY_VALUE);
		kv[i + 1] = x;
		av[i] = v;
		arrs[i] = a;
		if (kv_message(d, i, &kv[i + 1], &av[i], &arrs[i],
		    &arr_elems[i], &arr_ptrs[i]) < 0)
			goto done;
		kvp[i + 1] = &kv[i + 1];
	}
	dict.attribute_table = kvp;
	dict.n_attribute_table = nkv + 1;
	if (!d->failed)
		pb_chunk_fields(c, &dict.base);
	rc = c->failed || d->failed ? -1 : 0;
done:
	for (i = 0; arr_elems != NULL && i < nkv; i++) {
		free(arr_elems[i]);
		free(arr_ptrs[i]);
	}
	free(arr_elems);
	free(arr_ptrs);
	free(arrs);
	free(av);
	free(kv);
	free(kvp);
	return rc;
}

/* The stack table, to out, sized as the stacks came: each its runs'
 * indices + 1, packed. */
static int
put_stacks(struct otlp_writer *w, struct dict *d, struct output *out)
{
	size_t i, j, len;
	int64_t n;
	uint8_t *b;

	pb_put_bytes(out, ODICT_STACK, NULL, 0);
	for (i = 0; i < w->stacks.n; i++) {
		if ((n = ow_stack_runs(w, d, i)) < 0 || array_grow((void **)
		    &d->enc, &d->capenc, VARINT_MAX * (size_t)n + 1, 1) < 0)
			return -1;
		for (b = d->enc, j = 0; j < (size_t)n; j++)
			b += varint_put(b, (uint64_t)d->runs[j]);
		len = (size_t)(b - d->enc);
		pb_put_varint(out, pb_tag(ODICT_STACK, PB_LEN));
		pb_put_varint(out, pb_len_field_size(len));
		pb_put_nonempty(out, OSTK_LOCATIONS, d->enc, len);
	}
	return 0;
}

/* The dictionary: field 2 of the ProfilesData, its tables in the order
 * of their field numbers. The small ones are gathered; the others sized
 * first, then written straight: Locations and Functions, the strings
 * from p, the stacks as they came (sized then). */
int
ow_put_dictionary(struct otlp_writer *w, struct dict *d, const uint8_t *run_r,
    struct output *out)
{
	enum { MAP, LINK, ATTR, NT };
	struct pb_chunk t[NT];
	size_t i, len;
	int rc = -1;

	memset(t, 0, sizeof(t));
	/* Locations first: they intern functions, mappings, attributes;
	 * the strings last: every one is interned by then */
	len = put_locations(w, d->p, d, run_r, NULL);
	if (d->failed || put_mappings(d->p, d, &t[MAP]) < 0)
		goto done;
	len += put_functions(d->p, d, NULL);
	if (put_links(w, &t[LINK]) < 0 || put_attributes(d, &t[ATTR]) < 0)
		goto done;
	for (i = 0; i < d->nstr; i++)
		len += len_field(str_at(d, (uint32_t)i).n);
	len += len_field(0) + w->stacks_size;	/* the zero Stack first */
	for (i = 0; i < NT; i++) {
		if (t[i].failed)
			goto done;
		len += t[i].n;
	}
	pb_put_varint(out, pb_tag(OD_DICTIONARY, PB_LEN));
	pb_put_varint(out, len);
	out_write(out, t[MAP].b, t[MAP].n);
	put_locations(w, d->p, d, run_r, out);
	put_functions(d->p, d, out);
	out_write(out, t[LINK].b, t[LINK].n);
	for (i = 0; i < d->nstr; i++)
		pb_put_bytes(out, ODICT_STRING, str_at(d, (uint32_t)i).p,
		    str_at(d, (uint32_t)i).n);
	out_write(out, t[ATTR].b, t[ATTR].n);
	if (d->failed || put_stacks(w, d, out) < 0)
		goto done;
	rc = 0;
done:
	for (i = 0; i < NT; i++)
		free(t[i].b);
	return rc;
}
