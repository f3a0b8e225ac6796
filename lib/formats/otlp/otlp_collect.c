/*
 * tsv2otlp's samples as the stream is read (otlp_write_impl.h): per
 * source, Samples merged by stack, attributes and link (not an Rprof
 * source's, whose order is their time), each with its events (a raw
 * sample each, or one whose values are summed) and their values by type.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/pb/pb.h"
#include "formats/otlp/otlp_write_impl.h"

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
		u64map_free(&w->src[i].plain);
		free(w->src[i].key_sample);
		free(w->src[i].s);
	}
	free(w->src);
	free(w->ev);
	u64map_free(&w->val_ix);
	free(w->vals);
	loc_runs_free(&w->runs);
	free(w->first);
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

/* The stack of s, its index: its frames as OTLP Locations (runs.h),
 * keyed by the differences of their indices. */
static int64_t
stack_of(struct otlp_writer *w, const struct prof *p, const struct sample *s)
{
	size_t i, len = 0, before = w->stacks.n;
	int64_t n, prev = 0, k;
	uint8_t *b;

	if ((n = loc_runs_stack(&w->runs, p, s->locs, s->nlocs)) < 0 ||
	    array_grow((void **)&w->key, &w->capkey, VARINT_MAX * (size_t)n +
	    1, 1) < 0)
		return -1;
	b = w->key;
	for (i = 0; i < (size_t)n; i++) {
		k = w->runs.ids[i];
		b += varint_put(b, zigzag(k - prev));
		prev = k;
		len += varint_len((uint64_t)k + 1);
	}
	w->nkey = (size_t)(b - w->key);
	if ((k = key_intern(w, &w->stacks)) < 0)
		return -1;
	if (w->stacks.n != before) {	/* a new Stack: its bytes */
		len = pb_len_field_size(len);
		w->stacks_size += 1 + varint_len(len) + len;
	}
	return k;
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

/* The index of a (type, unit) in source S's types, added when new; i,
 * its place among the sample's values, is the index most of the time. */
static int64_t
type_of(struct osrc *S, uint32_t type, uint32_t unit, size_t i)
{
	uint64_t k = (uint64_t)type << 32 | unit;
	uint32_t *slot;
	int added;

	if (i < S->ntypes && S->types[i] == k)
		return (int64_t)i;
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
	size_t used[2] = { NONE, NONE }, i, k;
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
	if ((stack = stack_of(w, p, s)) < 0)
		return -1;
	if (s->nlabels == 0) {	/* most samples: the empty set, kept */
		link = 0;
		if (w->empty_set == 0 && (w->empty_set = attrset_of(w, s, used) +
		    1) == 0)
			return -1;
		set = w->empty_set - 1;
	} else if ((link = link_of(w, p, s, used)) < 0 ||
	    (set = attrset_of(w, s, used)) < 0)
		return -1;
	fresh = 1;
	ix = (int64_t)S->ns;
	if (S->merge && link == 0 && !timed) {
		struct first_sample *f;
		if (array_grow_zeroed((void **)&w->first, &w->capfirst,
		    (size_t)stack + 1, sizeof(*w->first)) < 0)
			return -1;
		f = &w->first[stack];
		if (f->src == s->source + 1 && S->s[f->s].attrset == set) {
			fresh = 0;
			ix = f->s;
		} else if (f->src == 0) {	/* a new stack, most often */
			f->src = s->source + 1;
			f->s = (uint32_t)S->ns;
		} else {
			/* the key in a u64map: no bytes hashed */
			if ((slot = u64map_put(&S->plain, (uint64_t)stack <<
			    32 | (uint64_t)set, (uint32_t)S->ns, &added)) ==
			    NULL)
				return -1;
			fresh = added;
			ix = *slot;
		}
	} else if (S->merge) {
		uint32_t k[3] = { (uint32_t)stack, (uint32_t)set,
		    (uint32_t)link };
		size_t before = S->keys.n;
		int64_t key;
		w->nkey = 0;
		if (key_add(w, k, sizeof(k)) < 0 || key_add(w, &timed, 1) < 0 ||
		    (key = key_intern(w, &S->keys)) < 0 ||
		    array_grow((void **)&S->key_sample, &S->capkey_sample,
		    (size_t)key + 1, sizeof(*S->key_sample)) < 0)
			return -1;
		/* the key's sample: its index among all of the source's */
		if ((fresh = S->keys.n != before))
			S->key_sample[key] = (uint32_t)S->ns;
		ix = S->key_sample[key];
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
		ev->vals = NONE;
		ev->nvals = 0;
		if (o->head == NONE)
			o->head = e;
		else
			w->ev[o->tail].next = e;
		o->tail = e;
		o->nevents++;
	}
	/* the types first: a new event has room for all of them */
	for (i = 0; i < s->nvals; i++)
		if (type_of(S, s->vals[i].type, s->vals[i].unit, i) < 0)
			return -1;
	ev = &w->ev[e];
	if (ev->vals == NONE && s->nvals > 0) {
		if (array_grow((void **)&w->vals, &w->capvals, w->nvals +
		    S->ntypes, sizeof(*w->vals)) < 0)
			return -1;
		ev->vals = (uint32_t)w->nvals;
		ev->nvals = (uint32_t)S->ntypes;
		for (k = 0; k < S->ntypes; k++)
			w->vals[w->nvals++] = num_of_i64(0);
	}
	for (i = 0; i < s->nvals; i++) {
		t = type_of(S, s->vals[i].type, s->vals[i].unit, i);
		if ((size_t)t < ev->nvals)
			k = ev->vals + (size_t)t;
		else {	/* a type the source had not when the event came */
			if ((slot = u64map_put(&w->val_ix, (uint64_t)e << 16 |
			    (uint64_t)t, (uint32_t)w->nvals, &added)) == NULL)
				return -1;
			if (added) {
				if (ARRAY_ROOM(w->vals, w->nvals, w->capvals) <
				    0)
					return -1;
				w->vals[w->nvals++] = num_of_i64(0);
			}
			k = *slot;
		}
		w->vals[k] = num_add(w->vals[k], s->vals[i].value);
	}
	return 0;
}

int
otlp_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	return add(ctx, p, s) < 0 ? perr_nomem(e) : 0;
}
