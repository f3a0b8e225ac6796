/*
 * What google/pprof does to a legacy profile after its parser: the memory
 * map's entries merged and the main binary put first, locations and
 * functions renumbered in the order samples use them, each address given
 * its mapping (or a fake one), duplicated leaf frames dropped, and the
 * drop_frames/keep_frames of the profile's kind (legacy_profile.go's
 * massageMappings, remap*IDs, cleanupDuplicateLocations,
 * addLegacyFrameInfo).
 */
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/legacy/legacy.h"

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
		const uint32_t *st;
		if (s->n < 2)
			continue;	/* stack may be NULL: no frames at all */
		st = p->stack + s->first;
		if (p->locations[st[0]].address ==
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

void
lprof_frame_info(struct lprof *p)
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
