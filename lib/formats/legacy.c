/*
 * The legacy profile model, the steps google/pprof applies after every
 * legacy parser (renumbering, mapping assignment, frame filters), and the
 * dispatch: the parsers in google/pprof's order, the first that
 * recognizes the data wins, and its profile is written to the stream.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/legacy.h"
#include "formats/pprof.h"

int
lprof_init(struct lprof *p, const char *name, struct perr *e)
{
	memset(p, 0, sizeof(*p));
	p->name = name;
	p->e = e;
	if (strtab_intern(&p->strings, "", 0) < 0) {
		strtab_free(&p->strings);
		return perr_nomem(e);
	}
	return 0;
}

void
lprof_free(struct lprof *p)
{
	free(p->mappings);
	free(p->locations);
	free(p->functions);
	free(p->samples);
	free(p->values);
	free(p->stack);
	free(p->addrs);
	strtab_free(&p->strings);
	u64map_free(&p->by_address);
}

uint32_t
lprof_str(struct lprof *p, const char *s, size_t n)
{
	int64_t i = strtab_intern(&p->strings, s, n);

	if (i < 0) {
		perr_nomem(p->e);
		return 0;
	}
	return (uint32_t)i;
}

int
lprof_types(struct lprof *p, const char *const *pairs, size_t n)
{
	size_t i;

	for (i = 0; i < n && i < 4; i++) {
		p->types[i][0] = lprof_str(p, pairs[2 * i], strlen(pairs[2 * i]));
		p->types[i][1] = lprof_str(p, pairs[2 * i + 1],
		    strlen(pairs[2 * i + 1]));
	}
	p->ntypes = i;
	return 0;
}

int
lprof_location(struct lprof *p, uint64_t address, uint32_t *loc)
{
	uint32_t *slot = NULL;
	int added = 1;

	if (address == U64MAP_EMPTY) {
		if (p->max_address_loc != 0) {
			*loc = p->max_address_loc - 1;
			return 0;
		}
	} else {
		slot = u64map_put(&p->by_address, address,
		    (uint32_t)p->nlocations, &added);
		if (slot == NULL)
			return perr_nomem(p->e);
		if (!added) {
			*loc = *slot;
			return 0;
		}
	}
	if (p->nlocations >= UINT32_MAX - 1 ||
	    ARRAY_ROOM(p->locations, p->nlocations, p->caplocations) < 0)
		return perr_nomem(p->e);
	p->locations[p->nlocations] = (struct llocation){ address, LEG_NONE,
	    LEG_NONE, 0 };
	*loc = (uint32_t)p->nlocations++;
	if (slot == NULL)
		p->max_address_loc = *loc + 1;
	return 0;
}

int
lprof_push(struct lprof *p, uint32_t loc)
{
	if (ARRAY_ROOM(p->stack, p->nstack, p->capstack) < 0)
		return perr_nomem(p->e);
	p->stack[p->nstack++] = loc;
	return 0;
}

int
lprof_frames(struct lprof *p, size_t adjust_from)
{
	size_t i;
	uint32_t loc;

	for (i = 0; i < p->naddrs; i++)
		if (lprof_location(p, p->addrs[i] - (i >= adjust_from),
		    &loc) < 0 || lprof_push(p, loc) < 0)
			return -1;
	p->naddrs = 0;
	return 0;
}

int
lprof_sample(struct lprof *p, size_t first, const int64_t *values)
{
	size_t i;

	if (ARRAY_ROOM(p->samples, p->nsamples, p->capsamples) < 0 ||
	    array_grow((void **)&p->values, &p->capvalues,
	    p->nvalues + p->ntypes, sizeof(*p->values)) < 0)
		return perr_nomem(p->e);
	for (i = 0; i < p->ntypes; i++)
		p->values[p->nvalues++] = values[i];
	p->samples[p->nsamples++] = (struct lsample){ first,
	    p->nstack - first, 0, 0 };
	return 0;
}

static const char *
what(const struct lprof *p)
{
	static const char *const names[][2] = {
		{ "cpu", "legacy gperftools CPU profile" },
		{ "java-cpu", "legacy Java CPU profile" },
		{ "heap", "legacy heap profile (text)" },
		{ "count", "legacy Go count profile (text)" },
		{ "thread", "legacy thread profile (text)" },
		{ "contention", "legacy contention profile (text)" },
		{ "java-heap", "legacy Java heap profile (text)" },
		{ "java-contention", "legacy Java contention profile (text)" },
	};
	size_t i;

	for (i = 0; p->format != NULL && i < sizeof(names) / sizeof(names[0]);
	    i++)
		if (strcmp(p->format, names[i][0]) == 0)
			return names[i][1];
	return "legacy profile";
}

int
lprof_not(struct lprof *p, const char *fmt, ...)
{
	va_list ap;

	if (p->why[0] == '\0') {
		va_start(ap, fmt);
		vsnprintf(p->why, sizeof(p->why), fmt, ap);
		va_end(ap);
	}
	return LEG_NOT;
}

int
lprof_fail(struct lprof *p, const char *fmt, ...)
{
	char msg[sizeof(p->e->msg)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	perr_set(p->e, "%s: %s: %s", p->name, what(p), msg);
	return LEG_ERR;
}

int
lprof_find(struct lprof *p, struct re *re, const char *s, size_t n,
    struct re_match *m)
{
	int rc = re_find(re, s, n, m);

	if (rc < 0)
		perr_nomem(p->e);
	return rc;
}

void
lprof_drop_frame(struct lprof *p, struct lsample *s, size_t i)
{
	uint32_t *st = p->stack + s->first;

	memmove(st + i, st + i + 1, (s->n - i - 1) * sizeof(*st));
	s->n--;
}

void
lprof_cleanup_duplicates(struct lprof *p)
{
	size_t i;

	for (i = 0; i < p->nsamples; i++) {
		struct lsample *s = &p->samples[i];
		const uint32_t *st = p->stack + s->first;
		if (s->n > 1 && p->locations[st[0]].address ==
		    p->locations[st[1]].address + 1)
			lprof_drop_frame(p, s, 1);
	}
}

static int
adjacent(const struct lprof *p, const struct lmapping *a,
    const struct lmapping *b)
{
	(void)p;
	if (a->file != 0 && b->file != 0 && a->file != b->file)
		return 0;
	if (a->build_id != 0 && b->build_id != 0 && a->build_id != b->build_id)
		return 0;
	if (a->limit != b->start)
		return 0;
	if (a->offset != 0 && b->offset != 0 &&
	    a->offset + (a->limit - a->start) != b->offset)
		return 0;
	return 1;
}

/* A shared library's name (google/pprof's libRx: .so at the end, or .so
 * then . or _ and a digit). */
static int
is_library(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i + 3 <= n; i++) {
		if (memcmp(s + i, ".so", 3) != 0)
			continue;
		if (i + 3 == n)
			return 1;
		if (i + 4 < n && (s[i + 3] == '.' || s[i + 3] == '_') &&
		    s[i + 4] >= '0' && s[i + 4] <= '9')
			return 1;
	}
	return 0;
}

/* Whether the mapping's file, "(deleted)" taken out and trimmed, names
 * what may be the main binary. */
static int
may_be_main(struct lprof *p, const struct lmapping *m)
{
	const char *f = strtab_str(&p->strings, m->file), *d;
	size_t n = strtab_len(&p->strings, m->file), k = 0;
	char *buf = malloc(n + 1);
	const char *s;
	int yes;

	if (buf == NULL)
		return 0;
	while (n > 0) {
		d = go_find(f, n, "(deleted)");
		size_t keep = d != NULL ? (size_t)(d - f) : n;
		memcpy(buf + k, f, keep);
		k += keep;
		if (d == NULL)
			break;
		n -= keep + 9;
		f = d + 9;
	}
	s = buf;
	go_trim(&s, &k);
	yes = k > 0 && !is_library(s, k) && s[0] != '[';
	free(buf);
	return yes;
}

void
lprof_massage_mappings(struct lprof *p)
{
	size_t i, n;
	struct lmapping t;

	if (p->nmappings > 1) {
		for (n = 1, i = 1; i < p->nmappings; i++) {
			struct lmapping *lm = &p->mappings[n - 1],
			    *m = &p->mappings[i];
			if (adjacent(p, lm, m)) {
				lm->limit = m->limit;
				if (m->file != 0)
					lm->file = m->file;
				if (m->build_id != 0)
					lm->build_id = m->build_id;
				continue;
			}
			p->mappings[n++] = *m;
		}
		p->nmappings = n;
	}
	for (i = 0; i < p->nmappings; i++) {
		if (!may_be_main(p, &p->mappings[i]))
			continue;
		t = p->mappings[0];
		p->mappings[0] = p->mappings[i];
		p->mappings[i] = t;
		break;
	}
}

int
lprof_remap(struct lprof *p)
{
	uint32_t *newloc = NULL, *newfn = NULL;
	struct llocation *locs = NULL;
	struct lfunction *fns = NULL;
	size_t i, nloc = 0, nfn = 0;
	int rc = -1;

	newloc = malloc((p->nlocations + 1) * sizeof(*newloc));
	newfn = malloc((p->nfunctions + 1) * sizeof(*newfn));
	locs = malloc((p->nlocations + 1) * sizeof(*locs));
	fns = malloc((p->nfunctions + 1) * sizeof(*fns));
	if (newloc == NULL || newfn == NULL || locs == NULL || fns == NULL) {
		perr_nomem(p->e);
		goto done;
	}
	memset(newloc, 0xff, (p->nlocations + 1) * sizeof(*newloc));
	memset(newfn, 0xff, (p->nfunctions + 1) * sizeof(*newfn));
	for (i = 0; i < p->nsamples; i++) {
		const struct lsample *s = &p->samples[i];
		size_t j;
		for (j = 0; j < s->n; j++) {
			uint32_t *l = &p->stack[s->first + j];
			if (newloc[*l] == LEG_NONE) {
				newloc[*l] = (uint32_t)nloc;
				locs[nloc++] = p->locations[*l];
			}
			*l = newloc[*l];
		}
	}
	for (i = 0; i < nloc; i++) {
		uint32_t *f = &locs[i].function;
		if (*f == LEG_NONE)
			continue;
		if (newfn[*f] == LEG_NONE) {
			newfn[*f] = (uint32_t)nfn;
			fns[nfn++] = p->functions[*f];
		}
		*f = newfn[*f];
	}
	free(p->locations);
	free(p->functions);
	p->locations = locs;
	p->functions = fns;
	p->nlocations = p->caplocations = nloc;
	p->nfunctions = p->capfunctions = nfn;
	if (p->caplocations == 0)
		p->caplocations = 1;
	if (p->capfunctions == 0)
		p->capfunctions = 1;
	locs = NULL;
	fns = NULL;
	u64map_free(&p->by_address);	/* indices no longer */
	memset(&p->by_address, 0, sizeof(p->by_address));
	p->max_address_loc = 0;
	rc = 0;
done:
	free(newloc);
	free(newfn);
	free(locs);
	free(fns);
	return rc;
}

int
lprof_remap_mappings(struct lprof *p)
{
	struct lmapping *m;
	size_t i, j;
	uint32_t fake = LEG_NONE;

	if (p->nmappings > 1 && p->mappings[0].limit == p->mappings[1].start &&
	    strncmp(strtab_str(&p->strings, p->mappings[0].file),
	    "/anon_hugepage", 14) == 0) {
		memmove(p->mappings, p->mappings + 1,
		    (p->nmappings - 1) * sizeof(*p->mappings));
		p->nmappings--;
	}
	if (p->nmappings > 0 &&
	    p->mappings[0].start - p->mappings[0].offset == 0x400000) {
		p->mappings[0].start = 0x400000;
		p->mappings[0].offset = 0;
	}
	for (i = 0; i < p->nlocations; i++) {
		struct llocation *l = &p->locations[i];
		uint64_t a = l->address;
		if (l->mapping != LEG_NONE || a == 0)
			continue;
		for (j = 0; j < p->nmappings; j++) {
			m = &p->mappings[j];
			if (m->start <= a && a < m->limit)
				break;
		}
		if (j == p->nmappings)
			for (j = 0; j < p->nmappings; j++) {
				m = &p->mappings[j];
				if (m->offset != 0 && m->start - m->offset <= a &&
				    a < m->start) {
					m->start -= m->offset;
					m->offset = 0;
					break;
				}
			}
		if (j < p->nmappings) {
			l->mapping = (uint32_t)j;
			continue;
		}
		if (fake == LEG_NONE) {
			if (ARRAY_ROOM(p->mappings, p->nmappings,
			    p->capmappings) < 0)
				return perr_nomem(p->e);
			fake = (uint32_t)p->nmappings++;
			p->mappings[fake] = (struct lmapping){ 0, UINT64_MAX,
			    0, 0, 0 };
		}
		l->mapping = fake;
	}
	return 0;
}

/* google/pprof's addLegacyFrameInfo: the frames its reports drop. */
static const char alloc_frames[] =
    "calloc|cfree|malloc|free|memalign|do_memalign|(__)?posix_memalign|"
    "pvalloc|valloc|realloc|tcmalloc::.*|tc_calloc|tc_cfree|tc_malloc|"
    "tc_free|tc_memalign|tc_posix_memalign|tc_pvalloc|tc_valloc|tc_realloc|"
    "tc_new|tc_delete|tc_newarray|tc_deletearray|tc_new_nothrow|"
    "tc_newarray_nothrow|malloc_zone_malloc|malloc_zone_calloc|"
    "malloc_zone_valloc|malloc_zone_realloc|malloc_zone_memalign|"
    "malloc_zone_free|runtime\\..*|BaseArena::.*|(::)?do_malloc_no_errno|"
    "(::)?do_malloc_pages|(::)?do_malloc|DoSampledAllocation|"
    "MallocedMemBlock::MallocedMemBlock|_M_allocate|__builtin_(vec_)?delete|"
    "__builtin_(vec_)?new|__gnu_cxx::new_allocator::allocate|__libc_malloc|"
    "__malloc_alloc_template::allocate|allocate|cpp_alloc|"
    "operator new(\\[\\])?|simple_alloc::allocate";
static const char alloc_keep[] =
    "runtime\\.panic|runtime\\.reflectcall|runtime\\.call[0-9]*";
static const char cpu_frames[] =
    "ProfileData::Add|ProfileData::prof_handler|CpuProfiler::prof_handler|"
    "__pthread_sighandler|__restore";
static const char lock_frames[] =
    "RecordLockProfileData|(base::)?RecordLockProfileData.*|"
    "(base::)?SubmitMutexProfileData.*|(base::)?SubmitSpinLockProfileData.*|"
    "(base::Mutex::)?AwaitCommon.*|(base::Mutex::)?Unlock.*|"
    "(base::Mutex::)?UnlockSlow.*|(base::Mutex::)?ReaderUnlock.*|"
    "(base::MutexLock::)?~MutexLock.*|(Mutex::)?AwaitCommon.*|"
    "(Mutex::)?Unlock.*|(Mutex::)?UnlockSlow.*|(Mutex::)?ReaderUnlock.*|"
    "(MutexLock::)?~MutexLock.*|(SpinLock::)?Unlock.*|"
    "(SpinLock::)?SlowUnlock.*|(SpinLockHolder::)?~SpinLockHolder.*";

/* Whether the sample types are named as in one of the lists. */
static int
types_are(struct lprof *p, const char *const *lists)
{
	size_t i;

	for (; *lists != NULL; lists++) {
		const char *l = *lists;
		for (i = 0; i < p->ntypes; i++) {
			const char *t = strtab_str(&p->strings, p->types[i][0]);
			size_t n = strlen(t);
			if (strncmp(l, t, n) != 0 || (l[n] != ' ' && l[n] != '\0'))
				break;
			l += n + (l[n] == ' ');
		}
		if (i == p->ntypes && *l == '\0')
			return 1;
	}
	return 0;
}

static void
frame_info(struct lprof *p)
{
	static const char *const heap[] = { "allocations size",
		"objects space", "inuse_objects inuse_space",
		"alloc_objects alloc_space",
		"alloc_objects alloc_space inuse_objects inuse_space", NULL };
	static const char *const contention[] = { "contentions delay", NULL };

	if (types_are(p, heap)) {
		p->drop_frames = alloc_frames;
		p->keep_frames = alloc_keep;
	} else if (types_are(p, contention)) {
		p->drop_frames = lock_frames;
	} else {
		p->drop_frames = cpu_frames;
	}
}

static struct text
str(struct lprof *p, uint32_t i)
{
	return text_n(strtab_str(&p->strings, i), strtab_len(&p->strings, i));
}

static void
attr(struct pprof_reader *c, const char *key, struct text value)
{
	sw_source_attr(&c->w, c->nsources, text_of(key), value);
}

static void
attr_num(struct pprof_reader *c, const char *key, int64_t v)
{
	char num[FMT_NUM_MAX + 1];

	if (v == 0)
		return;
	num[fmt_i64(num, v)] = '\0';
	attr(c, key, text_of(num));
}

static int
emit(struct pprof_reader *c, struct lprof *p, const char *uri)
{
	uint32_t types[4], base_loc = c->nlocations;
	struct stream_id sid, lid;
	size_t i, j;
	int64_t h;

	c->nsources++;
	sw_source(&c->w, c->nsources, text_of(SOURCE_PPROF), text_of(uri),
	    NAN);
	if (p->has_period_type) {
		attr(c, ATTR_PPROF_PERIOD_TYPE, str(p, p->period_type[0]));
		attr(c, ATTR_PPROF_PERIOD_UNIT, str(p, p->period_type[1]));
	}
	attr_num(c, ATTR_PPROF_PERIOD, p->period);
	attr_num(c, ATTR_PPROF_DURATION, p->duration_nanos);
	if (p->drop_frames != NULL)
		attr(c, ATTR_PPROF_DROP_FRAMES, text_of(p->drop_frames));
	if (p->keep_frames != NULL)
		attr(c, ATTR_PPROF_KEEP_FRAMES, text_of(p->keep_frames));
	attr(c, ATTR_PPROF_LEGACY, text_of(p->format));
	for (i = 0; i < p->nmappings; i++) {
		const struct lmapping *m = &p->mappings[i];
		struct sw_mapping row = {
			.id = c->nmappings + (uint32_t)i + 1,
			.start = m->start, .limit = m->limit,
			.offset = m->offset,
			.filename = str(p, m->file),
			.build_id = str(p, m->build_id),
		};
		sw_mapping(&c->w, &row);
	}
	for (i = 0; i < p->nfunctions; i++) {
		struct text name = str(p, p->functions[i].name);
		if (name.n == 0)
			name = text_of(PPROF_NONAME);
		sw_function(&c->w, c->nfunctions + (uint32_t)i + 1, name, name,
		    str(p, p->functions[i].filename), 0);
	}
	for (i = 0; i < p->nlocations; i++) {
		const struct llocation *l = &p->locations[i];
		struct sw_location row = {
			.id = ++c->nlocations, .address = l->address,
			.mapping_id = l->mapping == LEG_NONE ? 0 :
			    c->nmappings + l->mapping + 1,
			.function_id = l->function == LEG_NONE ? 0 :
			    c->nfunctions + l->function + 1,
			.line = l->line, .line_na = l->function == LEG_NONE,
		};
		sw_location(&c->w, &row);
	}
	c->nmappings += (uint32_t)p->nmappings;
	c->nfunctions += (uint32_t)p->nfunctions;
	for (i = 0; i < p->ntypes; i++) {
		if ((h = sw_value_type(&c->w, str(p, p->types[i][0]),
		    str(p, p->types[i][1]))) < 0)
			return perr_nomem(p->e);
		types[i] = (uint32_t)h;
	}
	for (i = 0; i < p->nsamples; i++) {
		const struct lsample *s = &p->samples[i];
		stream_id_set(&sid, ++c->nsamples);
		sw_sample(&c->w, &sid, c->nsources);
		for (j = 0; j < p->ntypes; j++)
			sw_sample_value(&c->w, &sid, types[j],
			    (double)p->values[i * p->ntypes + j]);
		for (j = 0; j < s->n; j++) {
			stream_id_set(&lid, base_loc + 1 +
			    p->stack[s->first + j]);
			sw_sample_location(&c->w, &sid, (uint32_t)j + 1, &lid);
		}
		if (s->has_bytes) {
			struct sw_label row = { text_of("bytes"), TEXT_NA,
				s->bytes, TEXT_NA };
			sw_sample_label(&c->w, &sid, &row);
		}
	}
	return 0;
}

int
legacy_read(struct pprof_reader *c, const unsigned char *data, size_t len,
    const char *name, const char *uri, char *why, size_t whysize,
    struct perr *e)
{
	static int (*const text_parsers[])(struct lprof *, const char *,
	    size_t) = { legacy_heap, legacy_count, legacy_thread,
		legacy_contention, legacy_java };
	struct lprof p;
	size_t i;
	int rc;

	why[0] = '\0';
	for (i = 0; i <= sizeof(text_parsers) / sizeof(text_parsers[0]); i++) {
		if (lprof_init(&p, name, e) < 0)
			return -1;
		rc = i == 0 ? legacy_cpu(&p, data, len) :
		    text_parsers[i - 1](&p, (const char *)data, len);
		if (rc == LEG_NOT && why[0] == '\0' && p.why[0] != '\0')
			snprintf(why, whysize, "%s", p.why);
		if (rc != LEG_NOT)
			break;
		lprof_free(&p);
	}
	if (rc == LEG_NOT)
		return 0;
	if (rc == LEG_OK && p.ntypes == 0 && p.nsamples > 0)
		rc = lprof_fail(&p, "samples, but no sample types (google/pprof: "
		    "missing sample type information)");
	if (rc == LEG_OK) {
		frame_info(&p);
		rc = emit(c, &p, uri) < 0 ? -1 : 1;
	}
	lprof_free(&p);
	return rc < 0 ? -1 : 1;
}
