/*
 * The validator keeps, per id of each keyed table, the line that defined it
 * and the first line that referred to it, so references may come before
 * definitions. Per sample it keeps counts and a fingerprint of its depths
 * rather than the depths themselves: memory grows with ids, not rows. The
 * samples of a stream in the writers' order (ids 1, 2, ... each with its
 * rows) are sealed once valid and a window behind: written to a file,
 * read back only if a later row names one, so memory stays flat with
 * samples (the functions and locations are few). A file that cannot be
 * written only stops the sealing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/array.h"
#include "io/tmpfile.h"
#include "stream/validate.h"
#include "stream/stream_read.h"

struct ent {
	uint32_t id;
	uint32_t def_line;	/* 0: not defined */
	uint32_t ref_line;	/* first reference, 0: none */
	uint8_t ref_table;
	uint8_t flags;		/* samples: VF_* */
	uint32_t nvalues, dcount, dmax;
	uint64_t dsum, types;	/* depth fingerprint; bit per type < 64 */
};

enum { VF_DUPDEPTH = 1, VF_TIMED = 2 };

#define SEEN_MAX (1u << 20)	/* depths checked exactly for repeats */

struct idset {
	struct u64map map;	/* id -> index in ents */
	struct ent *ents;
	size_t n, cap;
};

/* The samples: ids 1..base sealed (in fd, a record per id), then the
 * window base + 1 .. base + n in memory, then those of other ids. */
struct samples {
	int fd;				/* -1: none sealed yet */
	uint32_t base;
	struct ent *win;
	size_t n, cap;
	struct idset other;		/* ids out of the window's order */
	struct idset back;		/* sealed ones a later row named, read
					 * back (kept here from then on) */
	int no_seal;			/* the file could not be written */
};

/* Samples sealed in batches of this many, this many behind the last */
#define SEAL_BATCH 4096

struct vstate {
	struct stream_reader *r;
	struct perr *e;
	struct idset set[T_COUNT];	/* keyed tables: by table_id */
	struct samples smp;
	struct strtab types;
	struct u64map pairs;		/* (sample, type >= 64) seen */
	uint32_t cur_sample;		/* depths of this sample are in seen */
	unsigned char *seen;
	size_t seen_cap;
	uint32_t *touched;		/* the depths set in seen, to clear */
	size_t ntouched, captouched;
	uint64_t *prefix;		/* prefix[n] = sum of mix(1..n) */
	size_t prefix_n;
	long v1_types;
};

static uint32_t
clampline(long line)
{
	return line > (long)UINT32_MAX ? UINT32_MAX : (uint32_t)line;
}

/* The entity of id in table t, added when new; NULL when out of memory.
 * Its map holds only the ids that are not dense (u64map_dense_*). */
static struct ent *
ent_get(struct idset *s, uint32_t id)
{
	uint32_t ix;
	struct ent *ne;

	if (u64map_dense_get(&s->map, s->ents, s->n, sizeof(*s->ents), id,
	    &ix) == 0)
		return &s->ents[ix];
	if (u64map_dense_add(&s->map, s->n, id) < 0 ||
	    ARRAY_ROOM(s->ents, s->n, s->cap) < 0)
		return NULL;
	ne = &s->ents[s->n++];
	memset(ne, 0, sizeof(*ne));
	ne->id = id;
	return ne;
}

/* Sealed sample id, read back and kept in memory from then on; NULL
 * with e set. */
static struct ent *
sealed_get(struct vstate *v, uint32_t id)
{
	struct samples *m = &v->smp;
	struct ent x, *en;
	uint32_t ix;

	if (u64map_dense_get(&m->back.map, m->back.ents, m->back.n,
	    sizeof(*m->back.ents), id, &ix) == 0)
		return &m->back.ents[ix];
	if (pread(m->fd, &x, sizeof(x), (off_t)(id - 1) *
	    (off_t)sizeof(x)) != (ssize_t)sizeof(x)) {
		perr_set(v->e, "validation's file of samples: %s",
		    strerror(errno));
		return NULL;
	}
	if ((en = ent_get(&m->back, id)) == NULL) {
		perr_nomem(v->e);
		return NULL;
	}
	*en = x;
	return en;
}

/* The entity of sample id, added when new; NULL when out of memory (or
 * of disk). */
static struct ent *
sample_get(struct vstate *v, uint32_t id)
{
	struct samples *m = &v->smp;
	struct ent *ne;

	if (id >= 1 && id <= m->base)
		return sealed_get(v, id);
	if (id > m->base && id - m->base <= m->n)
		return &m->win[id - m->base - 1];
	if (id == m->base + m->n + 1 && m->other.n == 0) {
		if (ARRAY_ROOM(m->win, m->n, m->cap) < 0) {
			perr_nomem(v->e);
			return NULL;
		}
		ne = &m->win[m->n++];
		memset(ne, 0, sizeof(*ne));
		ne->id = id;
		return ne;
	}
	if ((ne = ent_get(&m->other, id)) == NULL)
		perr_nomem(v->e);
	return ne;
}

static int expected_sum(struct vstate *v, uint32_t n, uint64_t *sum);

/* Whether sample en passes every check of the end already. */
static int
sealable(struct vstate *v, const struct ent *en)
{
	uint64_t sum;

	if (en->def_line == 0 || en->nvalues == 0 || en->id == v->cur_sample ||
	    (en->flags & VF_DUPDEPTH))
		return 0;
	if (en->dcount == 0)
		return 1;
	return en->dcount == en->dmax && expected_sum(v, en->dmax, &sum) == 0 &&
	    en->dsum == sum;
}

/* Seals the window's first samples while they are valid, keeping the last
 * SEAL_BATCH open (their rows may still come): 0, or -1 with e set. */
static int
seal(struct vstate *v)
{
	struct samples *m = &v->smp;
	const char *p;
	size_t k, bytes;
	off_t at;
	ssize_t w;
	struct perr ignored;

	if (m->no_seal || m->n < 2 * SEAL_BATCH)
		return 0;
	for (k = 0; k < SEAL_BATCH && sealable(v, &m->win[k]); k++)
		;
	if (k == 0)
		return 0;
	/* a file not made or not written (a full disk, a size limit):
	 * the samples stay in memory, as before any was sealed */
	if (m->fd < 0 && (m->fd = tmp_fd(&ignored)) < 0) {
		m->no_seal = 1;
		return 0;
	}
	p = (const char *)m->win;
	bytes = k * sizeof(*m->win);
	at = (off_t)m->base * (off_t)sizeof(*m->win);
	for (; bytes > 0; p += w, bytes -= (size_t)w, at += w)
		if ((w = pwrite(m->fd, p, bytes, at)) <= 0) {
			if (w < 0 && errno == EINTR) {
				w = 0;
				continue;
			}
			m->no_seal = 1;
			return 0;
		}
	memmove(m->win, m->win + k, (m->n - k) * sizeof(*m->win));
	m->n -= k;
	m->base += (uint32_t)k;
	return 0;
}

/* The entity of id in table t (the samples': sample_get). */
static struct ent *
ent_of(struct vstate *v, enum table_id t, uint32_t id)
{
	struct ent *en;

	if (t == T_SAMPLES)
		return sample_get(v, id);
	if ((en = ent_get(&v->set[t], id)) == NULL)
		perr_nomem(v->e);
	return en;
}

static int
problem(struct vstate *v, enum table_id t, int col, const char *fmt,
    uint32_t a, uint32_t b)
{
	return stream_problem(v->r, v->e, v->r->row.line, t, col, fmt, a, b);
}

/* Records a definition of the row's primary key. */
static struct ent *
define(struct vstate *v, enum table_id t, int col)
{
	struct stream_row *row = &v->r->row;
	struct ent *en;

	if (row->st[col] != CELL_OK)
		return NULL;
	if ((en = ent_of(v, t, (uint32_t)row->v[col].i)) == NULL)
		return NULL;
	if (en->def_line != 0) {
		problem(v, t, col, "duplicate id %u (first at line %u)",
		    en->id, en->def_line);
		return NULL;
	}
	en->def_line = clampline(row->line);
	return en;
}

/* Records a reference from column col of the row to table target. */
static struct ent *
refer(struct vstate *v, int col, enum table_id target)
{
	struct stream_row *row = &v->r->row;
	struct ent *en;

	if (row->st[col] != CELL_OK)
		return NULL;
	if ((en = ent_of(v, target, (uint32_t)row->v[col].i)) == NULL)
		return NULL;
	if (en->ref_line == 0) {
		en->ref_line = clampline(row->line);
		en->ref_table = (uint8_t)row->table;
		en->flags |= (uint8_t)(col << 4);
	}
	return en;
}

static uint64_t
mix(uint64_t d)
{
	return hash_u64(d + 0x9e3779b97f4a7c15ULL);
}

static int
check_depth(struct vstate *v, struct ent *s)
{
	struct stream_row *row = &v->r->row;
	uint32_t d;

	if (row->st[SL_DEPTH] != CELL_OK)
		return 0;
	d = (uint32_t)row->v[SL_DEPTH].i;
	if (s->id != v->cur_sample) {
		/* only what was set: rows alternating between two deep
		 * samples cost no more than others */
		while (v->ntouched > 0)
			v->seen[v->touched[--v->ntouched]] = 0;
		v->cur_sample = s->id;
	}
	if (d > SEEN_MAX) {
		/* no exact check of repeats this deep (the fingerprint still
		 * sees them): memory follows rows, not a number in a row */
		s->dcount++;
		if (d > s->dmax)
			s->dmax = d;
		s->dsum += mix(d);
		return 0;
	}
	if (array_grow_zeroed((void **)&v->seen, &v->seen_cap, (size_t)d + 1,
	    1) < 0)
		return perr_nomem(v->e);
	if (v->seen[d]) {
		s->flags |= VF_DUPDEPTH;
		return problem(v, T_SAMPLE_LOCATIONS, SL_DEPTH,
		    "sample %u has depth %u twice", s->id, d);
	}
	if (ARRAY_ROOM(v->touched, v->ntouched, v->captouched) < 0)
		return perr_nomem(v->e);
	v->touched[v->ntouched++] = d;
	v->seen[d] = 1;
	s->dcount++;
	if (d > s->dmax)
		s->dmax = d;
	s->dsum += mix(d);
	return 0;
}

static int
check_type(struct vstate *v, struct ent *s)
{
	struct stream_row *row = &v->r->row;
	int64_t k;
	int added;

	s->nvalues++;
	if (row->st[SV_TYPE] != CELL_OK)
		return 0;
	k = strtab_intern(&v->types, row->v[SV_TYPE].s.p, row->v[SV_TYPE].s.n);
	if (k < 0)
		return perr_nomem(v->e);
	if (k < 64) {
		added = !(s->types & (1ULL << k));
		s->types |= 1ULL << k;
	} else if (u64map_put(&v->pairs, (uint64_t)s->id << 32 | (uint64_t)k,
	    0, &added) == NULL)
		return perr_nomem(v->e);
	if (!added)
		return stream_problem(v->r, v->e, row->line,
		    T_SAMPLE_VALUES, SV_TYPE, "sample %u has type '%s' twice",
		    s->id, strtab_str(&v->types, (size_t)k));
	return 0;
}

static int
check_v1_locations(struct vstate *v)
{
	struct stream_row *row = &v->r->row;
	const char *p = row->v[V1S_LOCATIONS].s.p;
	const char *end = p + row->v[V1S_LOCATIONS].s.n, *why;
	uint32_t id;
	struct ent *en;
	int rc;

	if (row->st[V1S_LOCATIONS] != CELL_OK)
		return 0;
	while ((rc = stream_v1_next_location(&p, end, &id, &why)) > 0) {
		if ((en = ent_get(&v->set[T_LOCATIONS], id)) == NULL)
			return perr_nomem(v->e);
		if (en->ref_line == 0) {
			en->ref_line = clampline(row->line);
			en->ref_table = T_V1_SAMPLES;
			en->flags |= V1S_LOCATIONS << 4;
		}
	}
	if (rc < 0)
		return stream_problem(v->r, v->e, row->line, T_V1_SAMPLES,
		    V1S_LOCATIONS, "%s", why);
	return 0;
}

/* The keys of the row, as the schema declares them: its primary key is
 * defined, each column that refers to a table refers. Returns the sample
 * the row refers to, if it does. */
static struct ent *
keys(struct vstate *v)
{
	struct stream_row *row = &v->r->row;
	const struct table *tb = &schema_tables[row->table];
	int c, n = tb->ncols + (row->has_ext ? tb->next : 0);
	struct ent *en, *sample = NULL;

	if (tb->pk >= 0)
		define(v, row->table, tb->pk);
	for (c = 0; c < n; c++)
		if (tb->cols[c].ref != T_NONE && row->st[c] == CELL_OK &&
		    (en = refer(v, c, tb->cols[c].ref)) != NULL &&
		    tb->cols[c].ref == T_SAMPLES)
			sample = en;
	return sample;
}

static int
check_row(struct vstate *v)
{
	struct stream_row *row = &v->r->row;
	struct ent *s = keys(v);

	switch (row->table) {
	case T_SAMPLE_VALUES:
		return s != NULL ? check_type(v, s) : 0;
	case T_SAMPLE_LOCATIONS:
		return s != NULL ? check_depth(v, s) : 0;
	case T_SAMPLE_LABELS:
		if (stream_label_rule(row) != NULL)
			return stream_problem(v->r, v->e, row->line,
			    T_SAMPLE_LABELS, -1, "%s", stream_label_rule(row));
		break;
	case T_SAMPLE_TIMES:
		if (s != NULL && (s->flags & VF_TIMED))
			return stream_problem(v->r, v->e, row->line,
			    T_SAMPLE_TIMES, STM_SAMPLE, "sample %u has a second "
			    "time", s->id);
		if (s != NULL)
			s->flags |= VF_TIMED;
		break;
	case T_V1_SAMPLE_TYPES:
		if (++v->v1_types > 1)
			return problem(v, T_V1_SAMPLE_TYPES, -1,
			    "more than one row", 0, 0);
		if (row->st[ST_TYPE] == CELL_OK && row->st[ST_UNIT] == CELL_OK
		    && (strcmp(row->v[ST_TYPE].s.p, VALUE_SAMPLES) != 0 ||
		    strcmp(row->v[ST_UNIT].s.p, UNIT_COUNT) != 0))
			return problem(v, T_V1_SAMPLE_TYPES, -1, "the one "
			    "row must be " VALUE_SAMPLES ", " UNIT_COUNT, 0, 0);
		break;
	case T_V1_SAMPLES:
		return check_v1_locations(v);
	default:
		break;
	}
	return 0;
}

static const char *const what[T_COUNT] = {
	[T_SOURCES] = "source", [T_SAMPLES] = "sample",
	[T_LOCATIONS] = "location", [T_FUNCTIONS] = "function",
	[T_MAPPINGS] = "mapping",
};

static int
expected_sum(struct vstate *v, uint32_t n, uint64_t *sum)
{
	size_t i, old = v->prefix_n;

	if (n >= v->prefix_n) {
		if (array_grow((void **)&v->prefix, &v->prefix_n, (size_t)n + 1,
		    sizeof(*v->prefix)) < 0)
			return perr_nomem(v->e);
		v->prefix[0] = 0;
		for (i = old ? old : 1; i < v->prefix_n; i++)
			v->prefix[i] = v->prefix[i - 1] + mix(i);
	}
	*sum = v->prefix[n];
	return 0;
}

/* What is said of entity en of table t at the end: not defined, or (a
 * sample) without values or with depths not 1..n. */
static int
end_check(struct vstate *v, enum table_id t, const struct ent *en)
{
	struct stream_reader *r = v->r;
	uint64_t sum = 0;

	if (en->def_line == 0) {
		/* a table whose header was unusable has had its rows
		 * skipped: no need to say so again */
		if (r->tab[t].broken || r->tab[t].header_line == 0)
			return 0;
		return stream_problem(r, v->e, en->ref_line, en->ref_table,
		    en->flags >> 4, "%s %u is not defined", what[t], en->id) <
		    0 ? -1 : 0;
	}
	if (t != T_SAMPLES)
		return 0;
	if (en->nvalues == 0 && stream_problem(r, v->e, en->def_line,
	    T_SAMPLES, SMP_ID, "sample %u has no sample_values", en->id) < 0)
		return -1;
	if (en->dcount == 0 || (en->flags & VF_DUPDEPTH))
		return 0;
	/* the fingerprint is only needed, and only computed, when there
	 * are as many rows as the deepest depth */
	if (en->dcount == en->dmax && expected_sum(v, en->dmax, &sum) < 0)
		return -1;
	if ((en->dcount != en->dmax || en->dsum != sum) &&
	    stream_problem(r, v->e, en->def_line, T_SAMPLES, SMP_ID,
	    "sample %u: its depths are not 1..%u (%u rows)", en->id, en->dmax,
	    en->dcount) < 0)
		return -1;
	return 0;
}

/* (qsort has no context: the entities cmp_back orders) */
static const struct ent *back_ents;

static int
cmp_back(const void *a, const void *b)
{
	uint32_t x = back_ents[*(const uint32_t *)a].id,
	    y = back_ents[*(const uint32_t *)b].id;

	return (x > y) - (x < y);
}

/* The samples' end checks, in the order they came (as one table would
 * have them): the sealed ones a later row named, by id; the window; the
 * others. */
static int
samples_end(struct vstate *v)
{
	struct samples *m = &v->smp;
	uint32_t *ix;
	size_t i;
	int rc = 0;

	if ((ix = malloc((m->back.n + 1) * sizeof(*ix))) == NULL)
		return perr_nomem(v->e);
	for (i = 0; i < m->back.n; i++)
		ix[i] = (uint32_t)i;
	back_ents = m->back.ents;
	qsort(ix, m->back.n, sizeof(*ix), cmp_back);
	for (i = 0; i < m->back.n && rc == 0; i++)
		rc = end_check(v, T_SAMPLES, &m->back.ents[ix[i]]);
	free(ix);
	for (i = 0; i < m->n && rc == 0; i++)
		rc = end_check(v, T_SAMPLES, &m->win[i]);
	for (i = 0; i < m->other.n && rc == 0; i++)
		rc = end_check(v, T_SAMPLES, &m->other.ents[i]);
	return rc;
}

static int
final_checks(struct vstate *v)
{
	struct stream_reader *r = v->r;
	int t;
	size_t i;

	if (r->version == V10 && v->v1_types == 0 &&
	    r->tab[T_V1_SAMPLE_TYPES].header_line != 0 &&
	    stream_problem(r, v->e, r->tab[T_V1_SAMPLE_TYPES].header_line,
	    T_V1_SAMPLE_TYPES, -1, "the one row (" VALUE_SAMPLES ", "
	    UNIT_COUNT ") is missing") < 0)
		return -1;
	for (t = 0; t < T_COUNT; t++) {
		if (t == T_SAMPLES) {
			if (samples_end(v) < 0)
				return -1;
			continue;
		}
		for (i = 0; i < v->set[t].n; i++)
			if (end_check(v, t, &v->set[t].ents[i]) < 0)
				return -1;
	}
	return 0;
}

int
validate_stream(struct stream_reader *r, struct perr *e)
{
	struct vstate v;
	int rc, t;

	memset(&v, 0, sizeof(v));
	v.r = r;
	v.e = e;
	e->msg[0] = '\0';
	v.smp.fd = -1;
	while ((rc = stream_next(r, e)) > 0) {
		e->msg[0] = '\0';
		if (check_row(&v) < 0 && e->msg[0] != '\0') {
			rc = -1;
			break;
		}
		if (e->msg[0] != '\0' ||	/* out of memory in a helper */
		    (r->row.table == T_SAMPLES && seal(&v) < 0)) {
			rc = -1;
			break;
		}
	}
	if (rc == 0)
		rc = final_checks(&v);
	for (t = 0; t < T_COUNT; t++) {
		u64map_free(&v.set[t].map);
		free(v.set[t].ents);
	}
	strtab_free(&v.types);
	u64map_free(&v.pairs);
	free(v.smp.win);
	u64map_free(&v.smp.other.map);
	free(v.smp.other.ents);
	u64map_free(&v.smp.back.map);
	free(v.smp.back.ents);
	if (v.smp.fd >= 0)
		close(v.smp.fd);
	free(v.seen);
	free(v.touched);
	free(v.prefix);
	return rc < 0 ? perr_at(e, r->in.name) : 0;
}
