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
#include "model/hold.h"

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
		free(w->src[i].scale);
		u64map_free(&w->src[i].type_ix);
		strtab_free(&w->src[i].keys);
		u64map_free(&w->src[i].plain);
		free(w->src[i].key_sample);
		free(w->src[i].s);
		numcol_free(&w->src[i].sums);
		numcol_free(&w->src[i].evals);
	}
	free(w->src);
	free(w->ev);
	free(w->v);
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
	if (w->stacks.n != before)	/* a new Stack: its bytes */
		w->stacks_size += len_field(pb_len_field_size(len));
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
		    S->captypes) < 0 || ARRAY_ROOM(S->scale, S->ntypes,
		    S->capscale) < 0)
			return -1;
		S->scale[S->ntypes] = (struct oscale){ 1, unit };
		S->types[S->ntypes++] = k;
	}
	return *slot;
}

/* Room in c for need values, the new ones 0: its allocation (*alloc
 * values) doubled, but only the values used zeroed (c->cap of them), so
 * that the pages beyond are not touched. */
static int
rows_room(struct numcol *c, size_t *alloc, size_t need)
{
	if (need <= c->cap)
		return 0;
	if (array_grow((void **)&c->v, alloc, need, sizeof(*c->v)) < 0)
		return -1;
	memset(c->v + c->cap, 0, (need - c->cap) * sizeof(*c->v));
	c->cap = need;
	return 0;
}

/* c's rows of from values re-laid as rows of to, the new ones 0 (and
 * the rows it has no room for yet: a Sample's made just now). */
static int
relay(struct numcol *c, size_t *alloc, size_t rows, size_t from, size_t to)
{
	struct numcol n = { NULL, 0, c->dbl };
	size_t r, k, nalloc = 0;

	if (rows_room(&n, &nalloc, rows * to) < 0)
		return -1;
	for (r = 0; r < rows && (r + 1) * from <= c->cap; r++)
		for (k = 0; k < from; k++)
			n.v[r * to + k] = c->v[r * from + k];
	numcol_free(c);
	*c = n;
	*alloc = nalloc;
	return 0;
}

/* -1: out of memory; -2: a value OTLP cannot hold, e set. */
static int
collect_add(struct otlp_writer *w, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct osrc *S;
	struct osample *o;
	struct oevent *ev;
	struct numcol *col;
	size_t used[2] = { NONE, NONE }, i, row;
	int64_t stack, set, link, ix, t;
	uint32_t evi, *slot;
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
	if (hold_time_unsigned(s, "OTLP", e) < 0)
		return -2;
	fresh = 1;
	ix = (int64_t)S->ns;
	if (S->merge && link == 0 && !timed) {
		uint32_t f;
		if (array_grow_zeroed((void **)&w->first, &w->capfirst,
		    (size_t)stack + 1, sizeof(*w->first)) < 0)
			return -1;
		/* a plain Sample of this stack and set in S is the one */
		f = w->first[stack];
		if (f > 0 && f <= S->ns && S->s[f - 1].stack == stack &&
		    S->s[f - 1].attrset == set && S->s[f - 1].link == 0 &&
		    S->s[f - 1].head == NONE) {
			fresh = 0;
			ix = f - 1;
		} else if (f == 0)	/* a new stack, most often */
			w->first[stack] = (uint32_t)S->ns + 1;
		else {
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
		o->head = NONE;
	}
	o = &S->s[ix];
	/* the types first: a row has room for all of them */
	for (i = 0; i < s->nvals; i++)
		if (type_of(S, s->vals[i].type, s->vals[i].unit, i) < 0)
			return -1;
	if (S->ntypes > S->stride && (relay(&S->sums, &S->allocsums, S->ns,
	    S->stride, S->ntypes) < 0 || relay(&S->evals, &S->allocevals,
	    S->nev, S->stride, S->ntypes) < 0))
		return -1;
	S->stride = S->ntypes;
	if (timed) {		/* a raw sample of its own: an event */
		if (w->nev >= INT32_MAX || ARRAY_ROOM(w->ev, w->nev,
		    w->capev) < 0 || rows_room(&S->evals, &S->allocevals,
		    (S->nev + 1) * S->stride) < 0)
			return -1;
		evi = (uint32_t)w->nev;
		ev = &w->ev[w->nev++];
		ev->next = NONE;
		ev->row = (uint32_t)S->nev++;
		ev->time = s->time;
		if (o->head == NONE)
			o->head = evi;
		else
			w->ev[w->ev[o->head].last].next = evi;
		w->ev[o->head].last = evi;
		col = &S->evals;
		row = ev->row;
	} else {		/* the Sample's row, summed when merged */
		if (rows_room(&S->sums, &S->allocsums, S->ns * S->stride) < 0)
			return -1;
		col = &S->sums;
		row = (size_t)ix;
	}
	for (i = 0; i < s->nvals; i++) {
		int64_t iv, u;
		const char *finer;
		struct oscale *sc;
		t = type_of(S, s->vals[i].type, s->vals[i].unit, i);
		sc = &S->scale[t];
		/* a fraction kept in the finer unit (hold.h) */
		if (sc->factor == 1 && hold_has_fraction(s->vals[i].value)) {
			if (!hold_finer(prof_str(p, s->vals[i].unit), &finer,
			    &sc->factor)) {
				hold_fraction_refused(p, s, i, "OTLP", e);
				return -2;
			}
			if ((u = prof_intern(p, finer, strlen(finer))) < 0)
				return -1;
			sc->unit = (uint32_t)u;
		}
		if (hold_scaled(s->vals[i].value, sc->factor, &iv) < 0) {
			hold_value(p, s, i, "OTLP", &iv, e);
			return -2;
		}
		numcol_add(col, row * S->stride + (size_t)t,
		    s->vals[i].value);
		/* a sum past 2^63 went to doubles: refused, not saturated */
		if (hold_scaled(numcol_get(col, row * S->stride + (size_t)t),
		    sc->factor, &iv) < 0) {
			hold_sum_refused(p, s, s->vals[i].type, "OTLP", NULL, e);
			return -2;
		}
	}
	return 0;
}

int
otlp_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	int rc = collect_add(ctx, p, s, e);

	return rc == -1 ? perr_nomem(e) : rc < 0 ? -1 : 0;
}
