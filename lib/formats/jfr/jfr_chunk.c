/*
 * A chunk of a Java Flight Recorder recording (JFR 2.0, the JDK's from
 * 11 on, and async-profiler's): its 68-byte header (big-endian), its
 * metadata event (a string table and a tree of elements: each class, its
 * fields, their types, whether an array or a constant pool reference),
 * and its constant pools (the checkpoint events, the newest first, each
 * naming the one before by its offset): where each entry's value lies,
 * read only when an event refers to it. Values are read as the metadata
 * describes them: nothing about a class is assumed but its name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/utf8.h"
#include "formats/jfr/jfr_impl.h"

/* Nested values, elements and pool strings, at most. */
#define JFR_DEPTH 32

uint64_t
jfr_varint(struct jcur *k, int *bad)
{
	uint64_t v = 0;
	unsigned char b;
	int i;

	for (i = 0; i < 8; i++) {
		if (k->p >= k->end) {
			*bad = 1;
			return 0;
		}
		b = *k->p++;
		v |= (uint64_t)(b & 0x7f) << (7 * i);
		if (!(b & 0x80))
			return v;
	}
	if (k->p >= k->end) {
		*bad = 1;
		return 0;
	}
	return v | (uint64_t)*k->p++ << 56;
}

static uint64_t
be(const unsigned char *p, int n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = v << 8 | *p++;
	return v;
}

const char *
jfr_str(const struct jchunk *c, uint32_t i)
{
	return i < c->nstrs && c->strs[i] != NULL ? c->strs[i] : "";
}

int32_t
jfr_class_named(const struct jchunk *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->ncls; i++)
		if (strcmp(jfr_str(c, c->cls[i].name), name) == 0)
			return (int32_t)i;
	return -1;
}

static int32_t
class_by_id(const struct jchunk *c, int64_t id)
{
	uint32_t *v = u64map_get(&c->cls_by_id, (uint64_t)id);

	return v != NULL ? (int32_t)*v : -1;
}

/* Room for n more bytes in c->sbuf after len. */
static int
sroom(struct jchunk *c, size_t len, size_t n)
{
	return array_grow((void **)&c->sbuf, &c->capsbuf, len + n + 1, 1);
}

static int64_t
string_at(struct jchunk *c, struct jcur *k, int *null, int depth,
    struct perr *e)
{
	int bad = 0;
	unsigned char enc;
	uint64_t n, i, u, lo;
	size_t len = 0;
	struct jcur at;

	*null = 0;
	if (k->p >= k->end)
		return perr_set(e, "a string cut short");
	switch ((enc = *k->p++)) {
	case 0:
		*null = 1;
		return 0;
	case 1:
		return 0;
	case 2:		/* a reference to the pool of strings */
		n = jfr_varint(k, &bad);
		if (bad || depth > 0 || c->string_cls < 0 ||
		    jfr_pool(c, c->string_cls, n, &at) < 0)
			return perr_set(e, "a string of the pool, %llu, not "
			    "there", (unsigned long long)n);
		return string_at(c, &at, null, depth + 1, e);
	case 3:		/* UTF-8 */
	case 5:		/* Latin-1 */
		n = jfr_varint(k, &bad);
		if (bad || n > (uint64_t)(k->end - k->p))
			return perr_set(e, "a string of %llu bytes past the "
			    "chunk", (unsigned long long)n);
		if (sroom(c, 0, 2 * n) < 0)
			return perr_nomem(e);
		for (i = 0; i < n; i++) {
			u = k->p[i];
			if (enc == 5 && u >= 0x80) {
				c->sbuf[len++] = (char)(0xc0 | u >> 6);
				c->sbuf[len++] = (char)(0x80 | (u & 0x3f));
			} else
				c->sbuf[len++] = (char)u;
		}
		k->p += n;
		c->sbuf[len] = '\0';
		return (int64_t)len;
	case 4:		/* UTF-16 code units, each a varint */
		n = jfr_varint(k, &bad);
		if (bad || n > (uint64_t)(k->end - k->p))
			return perr_set(e, "a string of %llu characters past "
			    "the chunk", (unsigned long long)n);
		if (sroom(c, 0, 4 * n) < 0)
			return perr_nomem(e);
		for (i = 0; i < n; i++) {
			u = jfr_varint(k, &bad) & 0xffff;
			if (u >= 0xd800 && u < 0xdc00 && i + 1 < n) {
				struct jcur peek = *k;
				lo = jfr_varint(&peek, &bad) & 0xffff;
				if (lo >= 0xdc00 && lo < 0xe000) {
					*k = peek;
					i++;
					u = 0x10000 + ((u - 0xd800) << 10) +
					    (lo - 0xdc00);
				}
			}
			if (u >= 0xd800 && u < 0xe000)
				u = 0xfffd;	/* a lone surrogate */
			len += utf8_encode((unsigned char *)c->sbuf + len,
			    (uint32_t)u);
		}
		if (bad)
			return perr_set(e, "a string cut short");
		c->sbuf[len] = '\0';
		return (int64_t)len;
	default:
		return perr_set(e, "a string of encoding %u", enc);
	}
}

int64_t
jfr_string(struct jchunk *c, struct jcur *k, int *null, struct perr *e)
{
	int64_t n = string_at(c, k, null, 0, e);

	if (n > 0 && memchr(c->sbuf, '\0', (size_t)n) != NULL)
		return perr_set(e, "a string holding a NUL byte (the stream "
		    "cannot)");
	return n;
}

static int
skip_at(struct jchunk *c, struct jcur *k, int32_t cls, int array, int cp,
    int depth, struct perr *e)
{
	const struct jclass *t;
	uint64_t n, i;
	size_t f;
	int bad = 0;

	if (depth > JFR_DEPTH)
		return perr_set(e, "values nested more than %d deep",
		    JFR_DEPTH);
	if (array) {
		n = jfr_varint(k, &bad);
		if (bad || n > (uint64_t)(k->end - k->p))
			return perr_set(e, "an array of %llu past the chunk",
			    (unsigned long long)n);
		for (i = 0; i < n; i++)
			if (skip_at(c, k, cls, 0, cp, depth + 1, e) < 0)
				return -1;
		return 0;
	}
	if (cp) {
		(void)jfr_varint(k, &bad);
		return bad ? perr_set(e, "a value cut short") : 0;
	}
	if (cls < 0 || (size_t)cls >= c->ncls)
		return perr_set(e, "a value of a class the metadata has not");
	t = &c->cls[cls];
	switch (t->prim) {
	case JP_BOOLEAN:
	case JP_BYTE:
		n = 1;
		break;
	case JP_FLOAT:
		n = 4;
		break;
	case JP_DOUBLE:
		n = 8;
		break;
	case JP_STRING:
		if (k->p < k->end && *k->p == 2) {	/* (not looked up) */
			k->p++;
			(void)jfr_varint(k, &bad);
			return bad ? perr_set(e, "a value cut short") : 0;
		}
		return string_at(c, k, &bad, JFR_DEPTH, e) < 0 ? -1 : 0;
	case JP_STRUCT:
		for (f = t->field0; f < t->field0 + t->nfields; f++)
			if (skip_at(c, k, c->flds[f].cls, c->flds[f].array,
			    c->flds[f].cp, depth + 1, e) < 0)
				return -1;
		return 0;
	default:
		(void)jfr_varint(k, &bad);
		return bad ? perr_set(e, "a value cut short") : 0;
	}
	if (n > (uint64_t)(k->end - k->p))
		return perr_set(e, "a value cut short");
	k->p += n;
	return 0;
}

int
jfr_skip(struct jchunk *c, struct jcur *k, int32_t cls, int array, int cp,
    struct perr *e)
{
	return skip_at(c, k, cls, array, cp, 0, e);
}

int
jfr_field(struct jchunk *c, struct jcur *k, int32_t cls, const char *name,
    const struct jfield **fld, struct perr *e)
{
	const struct jclass *t;
	size_t f;

	if (cls < 0 || (size_t)cls >= c->ncls)
		return 1;
	t = &c->cls[cls];
	for (f = t->field0; f < t->field0 + t->nfields; f++) {
		if (strcmp(jfr_str(c, c->flds[f].name), name) == 0) {
			*fld = &c->flds[f];
			return 0;
		}
		if (skip_at(c, k, c->flds[f].cls, c->flds[f].array,
		    c->flds[f].cp, 1, e) < 0)
			return -1;
	}
	return 1;
}

/* The pool's key of (class id, entry id). */
static void
pool_key(unsigned char key[16], int64_t cid, uint64_t id)
{
	memcpy(key, &cid, 8);
	memcpy(key + 8, &id, 8);
}

int
jfr_pool(const struct jchunk *c, int32_t cls, uint64_t id, struct jcur *k)
{
	unsigned char key[16];
	int64_t i;

	if (cls < 0 || (size_t)cls >= c->ncls)
		return -1;
	pool_key(key, c->cls[cls].id, id);
	if ((i = strtab_find(&c->pool_keys, (const char *)key, 16)) < 0)
		return -1;
	k->p = c->buf + c->pool_off[i];
	k->end = c->buf + c->len;
	return 0;
}

/* ticks over the chunk's ticks a nanosecond, as the JDK's
 * TimeConverter divides them: by a whole number where there is one, as
 * a double; -1 when the nanoseconds are past an int64 */
static int
ticks_ns(const struct jchunk *c, int64_t ticks, int64_t *ns)
{
	int64_t q = c->ticks_per_second / 1000000000;
	double d = q > 0 ? (double)q : (double)c->ticks_per_second / 1e9;
	double v = (double)ticks / d;

	if (!(v > -9.2e18 && v < 9.2e18))
		return -1;
	*ns = (int64_t)v;
	return 0;
}

int
jfr_time(const struct jchunk *c, int64_t ticks, int64_t *ns)
{
	int64_t since;

	if (__builtin_sub_overflow(ticks, c->start_ticks, &since) ||
	    ticks_ns(c, since, ns) < 0 ||
	    __builtin_add_overflow(*ns, c->start_nanos, ns))
		return -1;
	return 0;
}

int
jfr_duration(const struct jchunk *c, int64_t ticks, int64_t *ns)
{
	return ticks_ns(c, ticks, ns);
}

static enum jprim
prim_of(const char *name)
{
	static const struct { const char *name; enum jprim p; } prims[] = {
		{ "boolean", JP_BOOLEAN }, { "byte", JP_BYTE },
		{ "char", JP_CHAR }, { "short", JP_SHORT }, { "int", JP_INT },
		{ "long", JP_LONG }, { "float", JP_FLOAT },
		{ "double", JP_DOUBLE }, { "java.lang.String", JP_STRING },
	};
	size_t i;

	for (i = 0; i < sizeof(prims) / sizeof(prims[0]); i++)
		if (strcmp(prims[i].name, name) == 0)
			return prims[i].p;
	return JP_STRUCT;
}

/* An element of the metadata's tree, and its children: a class (under
 * metadata), a field (under a class); the rest passed over. */
static int
element(struct jchunk *c, struct jcur *k, int depth, int32_t parent_class,
    struct perr *e)
{
	uint64_t name, nattr, nkids, i, key, val;
	const char *an, *av;
	int32_t me = -1;
	int bad = 0, field = 0;
	struct jfield fl = { 0, 0, -1, 0, 0 };
	struct jclass cl = { 0, 0, JP_STRUCT, 0, 0 };

	if (depth > JFR_DEPTH)
		return perr_set(e, "metadata nested more than %d deep",
		    JFR_DEPTH);
	name = jfr_varint(k, &bad);
	nattr = jfr_varint(k, &bad);
	if (bad || nattr > (uint64_t)(k->end - k->p))
		return perr_set(e, "metadata cut short");
	an = jfr_str(c, (uint32_t)name);
	if (strcmp(an, "class") == 0)
		me = 0;
	else if (strcmp(an, "field") == 0 && parent_class >= 0)
		field = 1;
	for (i = 0; i < nattr; i++) {
		key = jfr_varint(k, &bad);
		val = jfr_varint(k, &bad);
		if (bad)
			return perr_set(e, "metadata cut short");
		an = jfr_str(c, (uint32_t)key);
		av = jfr_str(c, (uint32_t)val);
		if (me == 0 && strcmp(an, "name") == 0) {
			cl.name = (uint32_t)val;
			cl.prim = prim_of(av);
		} else if (me == 0 && strcmp(an, "id") == 0)
			cl.id = strtoll(av, NULL, 10);
		else if (field && strcmp(an, "name") == 0)
			fl.name = (uint32_t)val;
		else if (field && strcmp(an, "class") == 0)
			fl.type = strtoll(av, NULL, 10);
		else if (field && strcmp(an, "constantPool") == 0)
			fl.cp = strcmp(av, "true") == 0;
		else if (field && strcmp(an, "dimension") == 0)
			fl.array = strtol(av, NULL, 10) > 0;
	}
	if (me == 0) {
		int added;
		if (ARRAY_ROOM(c->cls, c->ncls, c->capcls) < 0)
			return perr_nomem(e);
		cl.field0 = c->nflds;
		me = (int32_t)c->ncls;
		c->cls[c->ncls++] = cl;
		if (u64map_put(&c->cls_by_id, (uint64_t)cl.id, (uint32_t)me,
		    &added) == NULL)
			return perr_nomem(e);
	}
	if (field) {
		if (ARRAY_ROOM(c->flds, c->nflds, c->capflds) < 0)
			return perr_nomem(e);
		c->flds[c->nflds++] = fl;
		c->cls[parent_class].nfields++;
	}
	nkids = jfr_varint(k, &bad);
	if (bad || nkids > (uint64_t)(k->end - k->p))
		return perr_set(e, "metadata cut short");
	for (i = 0; i < nkids; i++)
		if (element(c, k, depth + 1, me, e) < 0)
			return -1;
	return 0;
}

static int
metadata(struct jchunk *c, uint64_t off, struct perr *e)
{
	struct jcur k = { c->buf + off, c->buf + c->len };
	uint64_t n, i, size, type;
	int64_t len;
	int bad = 0, null;
	size_t f;

	size = jfr_varint(&k, &bad);
	type = jfr_varint(&k, &bad);
	(void)jfr_varint(&k, &bad);	/* its time, duration, id */
	(void)jfr_varint(&k, &bad);
	(void)jfr_varint(&k, &bad);
	n = jfr_varint(&k, &bad);
	if (bad || type != 0 || size > c->len - off ||
	    n > (uint64_t)(k.end - k.p))
		return perr_set(e, "no metadata at offset %llu",
		    (unsigned long long)off);
	for (i = 0; i < n; i++) {
		if ((len = jfr_string(c, &k, &null, e)) < 0)
			return -1;
		if (ARRAY_ROOM(c->strs, c->nstrs, c->capstrs) < 0 ||
		    (c->strs[c->nstrs] = malloc((size_t)len + 1)) == NULL)
			return perr_nomem(e);
		memcpy(c->strs[c->nstrs], c->sbuf, (size_t)len);
		c->strs[c->nstrs++][len] = '\0';
	}
	if (element(c, &k, 0, -1, e) < 0)
		return -1;
	for (f = 0; f < c->nflds; f++)
		c->flds[f].cls = class_by_id(c, c->flds[f].type);
	c->string_cls = jfr_class_named(c, "java.lang.String");
	return 0;
}

/* The checkpoints, from the newest (at off) back: where each entry of
 * each pool lies; an entry a newer checkpoint gave kept. */
static int
pools(struct jchunk *c, uint64_t off, struct perr *e)
{
	unsigned char key[16];
	struct jcur k;
	uint64_t size, type, npools, n, i, j, id, cid, hops = 0;
	int64_t delta, ix;
	int32_t cls;
	int bad = 0;
	size_t before;

	while (off != 0) {
		if (off < JFR_HEADER || off >= c->len || ++hops > c->len)
			return perr_set(e, "a checkpoint at offset %llu, past "
			    "the chunk", (unsigned long long)off);
		k.p = c->buf + off;
		k.end = c->buf + c->len;
		size = jfr_varint(&k, &bad);
		type = jfr_varint(&k, &bad);
		(void)jfr_varint(&k, &bad);	/* time, duration */
		(void)jfr_varint(&k, &bad);
		delta = (int64_t)jfr_varint(&k, &bad);
		if (k.p < k.end)
			k.p++;			/* its kind (or flush) */
		npools = jfr_varint(&k, &bad);
		if (bad || type != 1 || size > c->len - off)
			return perr_set(e, "no checkpoint at offset %llu",
			    (unsigned long long)off);
		for (i = 0; i < npools; i++) {
			cid = jfr_varint(&k, &bad);
			n = jfr_varint(&k, &bad);
			if (bad || (cls = class_by_id(c, (int64_t)cid)) < 0)
				return perr_set(e, "a constant pool of class "
				    "%llu, which the metadata has not",
				    (unsigned long long)cid);
			if (n > (uint64_t)(k.end - k.p))
				return perr_set(e, "a constant pool of %llu "
				    "entries past the chunk",
				    (unsigned long long)n);
			for (j = 0; j < n; j++) {
				id = jfr_varint(&k, &bad);
				if (bad)
					return perr_set(e, "a constant pool "
					    "cut short");
				pool_key(key, (int64_t)cid, id);
				before = c->pool_keys.n;
				if ((ix = strtab_intern(&c->pool_keys,
				    (const char *)key, 16)) < 0 ||
				    array_grow((void **)&c->pool_off,
				    &c->cappool, (size_t)ix + 1,
				    sizeof(*c->pool_off)) < 0)
					return perr_nomem(e);
				if (c->pool_keys.n != before)
					c->pool_off[ix] = (uint32_t)(k.p -
					    c->buf);
				if (jfr_skip(c, &k, cls, 0, 0, e) < 0)
					return -1;
			}
		}
		if (delta == 0)
			break;
		if (delta > 0 || (uint64_t)-delta > off)
			return perr_set(e, "a checkpoint names one at %lld "
			    "bytes from it", (long long)delta);
		off -= (uint64_t)-delta;
	}
	return 0;
}

int
jfr_chunk_open(struct jchunk *c, struct perr *e)
{
	const unsigned char *h = c->buf;
	uint64_t size, cp, meta;
	unsigned major;

	c->string_cls = -1;
	/* (a string of none read is still at c->sbuf) */
	if (sroom(c, 0, 64) < 0)
		return perr_nomem(e);
	c->sbuf[0] = '\0';
	if (c->len < JFR_HEADER || memcmp(h, "FLR\0", 4) != 0)
		return perr_set(e, "not a chunk of a recording");
	major = (unsigned)be(h + 4, 2);
	if (major != 2)
		return perr_set(e, "a recording of JFR %u.%u (this reader "
		    "knows 2.x: JDK 11 and later, async-profiler)", major,
		    (unsigned)be(h + 6, 2));
	size = be(h + 8, 8);
	cp = be(h + 16, 8);
	meta = be(h + 24, 8);
	c->start_nanos = (int64_t)be(h + 32, 8);
	c->start_ticks = (int64_t)be(h + 48, 8);
	c->ticks_per_second = (int64_t)be(h + 56, 8);
	if (size != c->len || meta < JFR_HEADER || meta >= size ||
	    cp >= size || c->ticks_per_second <= 0)
		return perr_set(e, "a chunk header of size %llu, metadata at "
		    "%llu, constant pools at %llu, %lld ticks a second",
		    (unsigned long long)size, (unsigned long long)meta,
		    (unsigned long long)cp, (long long)c->ticks_per_second);
	if (!(be(h + 64, 4) & 1))
		return perr_set(e, "a chunk whose integers are not compressed "
		    "(this reader knows JFR 2's compressed ones)");
	if (metadata(c, meta, e) < 0 || pools(c, cp, e) < 0)
		return -1;
	return 0;
}

void
jfr_chunk_free(struct jchunk *c)
{
	size_t i;

	for (i = 0; i < c->nstrs; i++)
		free(c->strs[i]);
	free(c->strs);
	free(c->cls);
	free(c->flds);
	u64map_free(&c->cls_by_id);
	strtab_free(&c->pool_keys);
	free(c->pool_off);
	free(c->sbuf);
	free(c->buf);
	memset(c, 0, sizeof(*c));
}
