/*
 * The Profile of the writer's samples (pprof_writer.h), message by message
 * as each is made, the string table last (as Go's runtime writes it):
 * memory for the samples' records and the output's string indices, never
 * a copy of the whole profile.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/array.h"
#include "base/records.h"
#include "formats/pprof/pprof_wire.h"
#include "formats/pprof/pprof_writer.h"
#include "model/hold.h"
#include "profile.pb-c.h"

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__Sample Sample;
typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Line Line;
typedef Perftools__Profiles__Function Function;
typedef Perftools__Profiles__Mapping Mapping;
typedef Perftools__Profiles__Label Label;
typedef Perftools__Profiles__ValueType ValueType;

/* Output strings: the string table, "" first, each entry a prof string.
 * out[i] is prof string i's output index (0: none yet), so the table
 * costs 8 bytes a string it holds. */
struct outstr {
	struct prof *p;
	uint32_t *out;
	size_t capout;
	uint32_t *pix;		/* per output index: the prof string */
	size_t n, cappix;
	int failed;
};

/* The output index of prof string i ("<?>" is a name pprof left empty). */
static int64_t
ostr(struct outstr *o, uint32_t i)
{
	if (i == PROF_NONE || prof_strlen(o->p, i) == 0 ||
	    strcmp(prof_str(o->p, i), PPROF_NONAME) == 0)
		return 0;
	if (array_grow_zeroed((void **)&o->out, &o->capout, (size_t)i + 1,
	    sizeof(*o->out)) < 0)
		goto fail;
	if (o->out[i] == 0) {
		if (array_grow((void **)&o->pix, &o->cappix, o->n + 1,
		    sizeof(*o->pix)) < 0)
			goto fail;
		o->pix[o->n] = i;
		o->out[i] = (uint32_t)o->n++;
	}
	return o->out[i];
fail:
	o->failed = 1;
	return 0;
}

/* The index of a string that may not be in prof (0 for NULL). */
static int64_t
ostr_c(struct outstr *o, const char *s)
{
	int64_t i;

	if (s == NULL || *s == '\0')
		return 0;
	if ((i = prof_intern(o->p, s, strlen(s))) < 0) {
		o->failed = 1;
		return 0;
	}
	return ostr(o, (uint32_t)i);
}

/* Source s's attribute key, an integer pprof's int64 holds: 1 with *v,
 * 0 when s has none, -1 (e set) when it is no such integer: never
 * saturated nor cut at its first letter. */
static int
attr_i64(const struct prof *p, const struct source *s, const char *key,
    int64_t *v, struct perr *e)
{
	const char *t = prof_attr(p, s, key);
	char *end;

	*v = 0;
	if (t == NULL)
		return 0;
	errno = 0;
	*v = strtoll(t, &end, 10);
	if (errno != 0 || end == t || *end != '\0')
		return perr_set(e, "source %u: %s '%.*s' is not an integer "
		    "pprof's 64 bits hold", s->id, key, (int)strnlen(t, 40), t);
	return 1;
}

/* Header fields: each from the first source that has it; time_nanos the
 * earliest, duration_nanos the sum. */
static int
header(Profile *pb, struct prof *p, struct outstr *o, ValueType *period_type,
    int64_t **comments, struct perr *e)
{
	const struct source *s;
	const char *v;
	size_t i, j;
	int found, have_period = 0, have_time = 0;
	int64_t t, d;

	pb->period_type = period_type;
	for (i = 0; i < p->nsources; i++) {
		s = &p->sources[i];
		if ((found = attr_i64(p, s, ATTR_PPROF_TIME, &t, e)) < 0 ||
		    attr_i64(p, s, ATTR_PPROF_DURATION, &d, e) < 0)
			return -1;
		if (found && (!have_time || t < pb->time_nanos)) {
			pb->time_nanos = t;
			have_time = 1;
		}
		if (__builtin_add_overflow(pb->duration_nanos, d,
		    &pb->duration_nanos))
			return perr_set(e, "the sources' %s sum past pprof's "
			    "64-bit integers", ATTR_PPROF_DURATION);
		if (!have_period && (prof_attr(p, s, ATTR_PPROF_PERIOD_TYPE) ||
		    prof_attr(p, s, ATTR_PPROF_PERIOD_UNIT) ||
		    prof_attr(p, s, ATTR_PPROF_PERIOD))) {
			have_period = 1;
			period_type->type = ostr_c(o, prof_attr(p, s,
			    ATTR_PPROF_PERIOD_TYPE));
			period_type->unit = ostr_c(o, prof_attr(p, s,
			    ATTR_PPROF_PERIOD_UNIT));
			if (attr_i64(p, s, ATTR_PPROF_PERIOD, &pb->period, e) <
			    0)
				return -1;
		}
#define FIRST(field, key) \
		if (pb->field == 0 && (v = prof_attr(p, s, key)) != NULL) \
			pb->field = ostr_c(o, v)
		FIRST(drop_frames, ATTR_PPROF_DROP_FRAMES);
		FIRST(keep_frames, ATTR_PPROF_KEEP_FRAMES);
		FIRST(doc_url, ATTR_PPROF_DOC_URL);
		FIRST(default_sample_type, ATTR_PPROF_DEFAULT_TYPE);
#undef FIRST
		if (pb->n_comment == 0) {
			for (j = 0; j < s->nattrs; j++)
				if (strcmp(prof_str(p, s->attrs[j].key),
				    ATTR_PPROF_COMMENT) == 0)
					pb->n_comment++;
			if (pb->n_comment > 0 && (*comments = calloc(
			    pb->n_comment, sizeof(**comments))) == NULL) {
				o->failed = 1;
				pb->n_comment = 0;
			}
			pb->comment = *comments;
			pb->n_comment = 0;
			for (j = 0; *comments != NULL && j < s->nattrs; j++)
				if (strcmp(prof_str(p, s->attrs[j].key),
				    ATTR_PPROF_COMMENT) == 0)
					(*comments)[pb->n_comment++] = ostr(o,
					    s->attrs[j].value);
		}
	}
	/* R's profiles are of time: pprof opens them on samples, not on
	 * the last type (alloc_space for a memory profile) */
	for (i = 0; i < p->nsources && pb->default_sample_type == 0; i++)
		if (strcmp(prof_str(p, p->sources[i].type), SOURCE_RPROF) == 0)
			pb->default_sample_type = ostr_c(o, VALUE_SAMPLES);
	for (i = 0; i < p->nsources && !have_period; i++)
		if (strcmp(prof_str(p, p->sources[i].type), SOURCE_PPROF) == 0) {
			/* a pprof profile without a period type */
			pb->period_type = NULL;
			return 0;
		}
	if (!have_period) {
		/* Rprof: time in nanoseconds, the interval of the first */
		for (i = 0; i < p->nsources; i++)
			if ((v = prof_attr(p, &p->sources[i],
			    ATTR_RPROF_INTERVAL)) != NULL) {
				if (hold_i64(num_of_dbl(strtod(v, NULL) * 1000),
				    &pb->period) < 0)
					return perr_set(e, "source %u: a sample "
					    "interval of %s microseconds has no "
					    "pprof period (nanoseconds, a 64-bit "
					    "integer)", p->sources[i].id, v);
				break;
			}
		period_type->type = ostr_c(o, "time");
		period_type->unit = ostr_c(o, UNIT_NANOSECONDS);
	}
	return 0;
}

/* What put_samples needs to make Samples of records. */
struct sample_maker {
	Sample sm;
	uint64_t *lid;
	Label *lb, **lbp;
	size_t caplid, caplb, caplbp;
};

/* A Sample without labels, the bulk of most profiles, encoded here: the
 * bytes protobuf-c writes (location_id then value, packed), without its
 * two passes over a message built for it. r..end: the record's Locations
 * (differences); the values of ntypes types in vals (0 past nvals). */
static void
put_plain_sample(struct pb_packer *k, const uint8_t *r, const uint8_t *end,
    const int64_t *vals, size_t nvals, size_t ntypes)
{
	size_t nl = 0, nv, j;
	int64_t loc = 0;

	/* a Location takes a byte at least of the record */
	if (pb_room(k, ((size_t)(end - r) + ntypes) * VARINT_MAX) < 0)
		return;
	while (r < end) {
		loc += unzigzag(varint_next(&r, end));
		nl += varint_put(k->buf + nl, (uint64_t)loc + 1);
	}
	nv = nl;
	for (j = 0; j < ntypes; j++)
		nv += varint_put(k->buf + nv, j < nvals ? (uint64_t)vals[j] : 0);
	nv -= nl;
	pb_put_varint(k->out, pb_tag(PB_PROFILE_SAMPLE, PB_LEN));
	pb_put_varint(k->out, pb_len_field_size(nl) + pb_len_field_size(nv));
	pb_put_nonempty(k->out, PB_SAMPLE_LOCATION_ID, k->buf, nl);
	pb_put_nonempty(k->out, PB_SAMPLE_VALUE, k->buf + nl, nv);
}

/* Writes the Sample of record [r, r + len) with the values of ntypes
 * types in vals (0 for the types after those). */
static void
put_sample(struct sample_maker *m, struct outstr *o, struct pb_packer *k,
    const uint8_t *r, size_t len, const int64_t *vals, size_t nvals,
    int64_t *all, size_t ntypes)
{
	const uint8_t *end = r + len;
	Sample *sm = &m->sm;
	size_t j;
	int64_t loc = 0;

	perftools__profiles__sample__init(sm);
	sm->n_label = varint_next(&r, end);
	if (sm->n_label == 0) {
		put_plain_sample(k, r, end, vals, nvals, ntypes);
		return;
	}
	/* a Location takes a byte at least: len bounds their count */
	if (array_grow((void **)&m->lid, &m->caplid, len + 1,
	    sizeof(*m->lid)) < 0 || array_grow((void **)&m->lb, &m->caplb,
	    sm->n_label + 1, sizeof(*m->lb)) < 0 || array_grow((void **)
	    &m->lbp, &m->caplbp, sm->n_label + 1, sizeof(*m->lbp)) < 0) {
		k->failed = 1;
		return;
	}
	sm->label = m->lbp;
	for (j = 0; j < sm->n_label; j++) {
		Label *l = &m->lb[j];
		perftools__profiles__label__init(l);
		l->key = ostr(o, (uint32_t)varint_next(&r, end) - 1);
		l->str = ostr(o, (uint32_t)varint_next(&r, end) - 1);
		l->num_unit = ostr(o, (uint32_t)varint_next(&r, end) - 1);
		l->num = unzigzag(varint_next(&r, end));
		m->lbp[j] = l;
	}
	sm->location_id = m->lid;
	while (r < end) {
		loc += unzigzag(varint_next(&r, end));
		m->lid[sm->n_location_id++] = (uint64_t)loc + 1;
	}
	for (j = 0; j < ntypes; j++)
		all[j] = j < nvals ? vals[j] : 0;
	sm->n_value = ntypes;
	sm->value = all;
	pb_put_message(k, PB_PROFILE_SAMPLE, &sm->base);
}

/* The spooled samples (pprof_write.c's spool() says how). */
static int
put_spooled(struct pprof_writer *w, struct sample_maker *m,
    struct outstr *o, struct pb_packer *k, struct perr *e)
{
	struct rec_reader r;
	const uint8_t *q, *end, *rec;
	int64_t *vals = NULL;
	size_t capvals = 0, i, j, len, nvals;

	rec_reader_start(&r, w->spool_fd);
	for (i = 0; i < w->nspooled && !k->failed; i++) {
		if (rec_next(&r, &q, &len) <= 0) {
			if (r.err == 0)
				r.err = EIO;	/* fewer than were written */
			break;
		}
		end = q + len;
		len = (size_t)varint_next(&q, end);
		rec = q;
		if (len > (size_t)(end - q)) {
			r.err = EIO;
			break;
		}
		q += len;
		nvals = (size_t)varint_next(&q, end);
		if (nvals > w->ntypes) {
			r.err = EIO;
			break;
		}
		if (array_grow((void **)&vals, &capvals, nvals + 1,
		    sizeof(*vals)) < 0) {
			k->failed = 1;
			break;
		}
		for (j = 0; j < nvals; j++) {
			vals[j] = unzigzag(varint_next(&q, end));
			/* spooled before its type took a finer unit */
			if (i < w->scale[j].spooled &&
			    __builtin_mul_overflow(vals[j], w->scale[j].factor,
			    &vals[j])) {
				rec_reader_free(&r);
				free(vals);
				return perr_set(e, "a %s value in %s passes "
				    "pprof's 64-bit integers", prof_str(o->p,
				    w->types[2 * j]), prof_str(o->p,
				    w->scale[j].unit));
			}
		}
		put_sample(m, o, k, rec, len, vals, nvals, w->vals, w->ntypes);
	}
	rec_reader_free(&r);
	free(vals);
	if (r.err == ENOMEM)
		k->failed = 1;
	else if (r.err != 0)
		return perr_set(e, "a temporary file: %s", strerror(r.err));
	return 0;
}

static int
put_samples(struct pprof_writer *w, struct outstr *o, struct pb_packer *k,
    struct perr *e)
{
	struct sample_maker m = { 0 };
	size_t i;
	int rc = 0;

	if (!w->aggregate)
		rc = put_spooled(w, &m, o, k, e);
	for (i = 0; w->aggregate && i < w->stacks.n && !k->failed; i++)
		put_sample(&m, o, k, (const uint8_t *)strtab_str(&w->stacks,
		    i), strtab_len(&w->stacks, i), w->sums + i * w->stride,
		    w->stride, w->vals, w->ntypes);
	free(m.lid);
	free(m.lb);
	free(m.lbp);
	return rc;
}

/* Whether a mapping's file is no program's own: the kernel ([...],
 * vmlinux, modules), a shared library, a JIT's symbol map. */
static int
not_a_program(const char *f)
{
	const char *base = strrchr(f, '/');
	size_t n;

	base = base != NULL ? base + 1 : f;
	n = strlen(base);
	return *f == '[' || *f == '\0' || strncmp(f, "/lib/modules/", 13) == 0 ||
	    strncmp(base, "vmlinux", 7) == 0 || strstr(base, ".so.") != NULL ||
	    (n >= 3 && strcmp(base + n - 3, ".so") == 0) ||
	    (n >= 4 && strcmp(base + n - 4, ".map") == 0) ||
	    (n >= 3 && strcmp(base + n - 3, ".ko") == 0);
}

/* The mapping pprof is to take for the main binary, its first: the
 * first unless that is no program's own (perf's list begins with
 * whatever a sample met first: [kernel.kallsyms], ld.so) and another
 * is. */
static size_t
main_mapping(const struct prof *p)
{
	size_t i;

	if (p->nmappings == 0 ||
	    !not_a_program(prof_str(p, p->mappings[0].filename)))
		return 0;
	for (i = 1; i < p->nmappings; i++)
		if (!not_a_program(prof_str(p, p->mappings[i].filename)))
			return i;
	return 0;
}

static void
put_mappings(struct prof *p, struct outstr *o, struct pb_packer *k)
{
	Mapping mp;
	size_t i, j, first = main_mapping(p);

	/* the main binary first; ids stay the stream's order */
	for (j = 0; j < p->nmappings; j++) {
		const struct mapping *m;
		i = j == 0 ? first : j <= first ? j - 1 : j;
		m = &p->mappings[i];
		perftools__profiles__mapping__init(&mp);
		mp.id = i + 1;
		mp.memory_start = m->start;
		mp.memory_limit = m->limit;
		mp.file_offset = m->offset;
		mp.filename = ostr(o, m->filename);
		mp.build_id = ostr(o, m->build_id);
		mp.has_functions = m->has_functions;
		mp.has_filenames = m->has_filenames;
		mp.has_line_numbers = m->has_line_numbers;
		mp.has_inline_frames = m->has_inline_frames;
		pb_put_message(k, PB_PROFILE_MAPPING, &mp.base);
	}
}

/* A Location per run of stream locations: lines innermost first. */
static void
put_locations(struct pprof_writer *w, struct prof *p, struct pb_packer *k)
{
	Location lc;
	Line *ln = NULL, **lnp = NULL;
	size_t i, j, cap = 0;

	for (i = 0; i < w->runs.n && !k->failed; i++) {
		size_t n;
		const uint32_t *run = loc_runs_locs(&w->runs, i, &n);
		const struct location *first = &p->locations[run[0]];
		if (n > cap) {
			cap = n;
			free(ln);
			free(lnp);
			ln = malloc(cap * sizeof(*ln));
			lnp = malloc(cap * sizeof(*lnp));
			if (ln == NULL || lnp == NULL) {
				k->failed = 1;
				break;
			}
		}
		perftools__profiles__location__init(&lc);
		lc.id = i + 1;
		lc.mapping_id = first->mapping == PROF_NONE ? 0 :
		    first->mapping + 1;
		lc.address = first->address;
		lc.is_folded = first->is_folded;
		lc.line = lnp;
		for (j = 0; j < n; j++) {
			const struct location *l = &p->locations[run[j]];
			if (l->function == PROF_NONE)
				continue;
			perftools__profiles__line__init(&ln[lc.n_line]);
			ln[lc.n_line].function_id = l->function + 1;
			ln[lc.n_line].line = l->line != PROF_LINE_NA ?
			    l->line : 0;
			ln[lc.n_line].column = l->column;
			lnp[lc.n_line] = &ln[lc.n_line];
			lc.n_line++;
		}
		pb_put_message(k, PB_PROFILE_LOCATION, &lc.base);
	}
	free(ln);
	free(lnp);
}

static void
put_functions(struct prof *p, struct outstr *o, struct pb_packer *k)
{
	Function fn;
	size_t i;

	for (i = 0; i < p->nfunctions; i++) {
		const struct function *f = &p->functions[i];
		perftools__profiles__function__init(&fn);
		fn.id = i + 1;
		fn.name = ostr(o, f->name);
		fn.system_name = ostr(o, f->system_name);
		fn.filename = ostr(o, f->filename);
		fn.start_line = f->start_line;
		pb_put_message(k, PB_PROFILE_FUNCTION, &fn.base);
	}
}

/* The string table, entry by entry: as many fields of the Profile. */
static void
put_strings(struct outstr *o, struct output *out)
{
	size_t i, n;

	pb_put_bytes(out, PB_PROFILE_STRING_TABLE, "", 0);
	for (i = 1; i < o->n; i++) {
		n = prof_strlen(o->p, o->pix[i]);
		pb_put_bytes(out, PB_PROFILE_STRING_TABLE, prof_str(o->p,
		    o->pix[i]), n);
	}
}

int
pprof_emit(struct pprof_writer *w, struct prof *p, struct output *out,
    struct perr *e)
{
	Profile pb = PERFTOOLS__PROFILES__PROFILE__INIT;
	ValueType period_type = PERFTOOLS__PROFILES__VALUE_TYPE__INIT;
	struct outstr o = { .p = p, .n = 1 };	/* [0] is "" */
	struct pb_packer k = { out, NULL, 0, 0 };
	ValueType *vt = NULL, **vtp = NULL;
	int64_t *comments = NULL;
	size_t i, j;
	int rc = -1;

	if ((vt = calloc(w->ntypes + 1, sizeof(*vt))) == NULL ||
	    (vtp = calloc(w->ntypes + 1, sizeof(*vtp))) == NULL ||
	    array_grow((void **)&w->vals, &w->capvals, w->ntypes + 1,
	    sizeof(*w->vals)) < 0 || array_grow((void **)&o.pix, &o.cappix,
	    16, sizeof(*o.pix)) < 0)
		goto done;
	/* string table order: sample types first, as google/pprof does */
	for (i = 0; i < w->ntypes; i++) {
		perftools__profiles__value_type__init(&vt[i]);
		vt[i].type = ostr(&o, w->types[2 * i]);
		vt[i].unit = ostr(&o, w->scale[i].unit);
		vtp[i] = &vt[i];
		for (j = 0; j < i; j++)
			if (w->types[2 * j] == w->types[2 * i] &&
			    w->scale[j].unit == w->scale[i].unit) {
				perr_set(e, "two sample types %s in %s, once the "
				    "fractions of one are kept in %s: take them "
				    "apart (tsvfocus -t)", prof_str(p,
				    w->types[2 * i]), prof_str(p,
				    w->scale[i].unit), prof_str(p,
				    w->scale[i].unit));
				rc = -2;
				goto done;
			}
	}
	pb.n_sample_type = w->ntypes;
	pb.sample_type = vtp;
	/* the header first: its refusals come before any byte is written */
	if (header(&pb, p, &o, &period_type, &comments, e) < 0 ||
	    put_samples(w, &o, &k, e) < 0) {
		rc = -2;	/* its message set */
		goto done;
	}
	put_mappings(p, &o, &k);
	put_locations(w, p, &k);
	put_functions(p, &o, &k);
	pb_put_fields(&k, &pb.base);
	if (o.failed || k.failed)
		goto done;
	put_strings(&o, out);
	rc = 0;
done:
	if (rc == -1)
		perr_nomem(e);
	pb_packer_free(&k);
	free(o.out);
	free(o.pix);
	free(vt);
	free(vtp);
	free(comments);
	return rc < 0 ? -1 : 0;
}
