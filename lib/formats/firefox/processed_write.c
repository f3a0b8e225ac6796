/*
 * The stream to the Firefox Profiler's processed format, version 70 (the
 * newest processed.h reads; the profiler's site upgrades none of it): a
 * thread per source (its firefox.* attributes where it has them, else
 * its URI's base name, pid and tid its id), every sample with its time
 * (milliseconds since meta.startTime, the first sample's, written
 * exactly; a source without times: its samples an interval apart) and
 * its weight: the value a report shows (measure.h), as "tracing-ms"
 * where that is a time, "bytes" where it is a size, else "samples".
 * The tables are shared: a frame per location and inline depth (a
 * location inlined into its caller one deeper), a function per function
 * (a location of none: its address, "0x...", in its library, as the
 * profiler shows an address it has no symbol for), a source per file, a
 * library per mapping (addresses relative to it, as the profiler keeps
 * them), a stack per distinct path, in the order first met, each after
 * its prefix. Samples go to a temporary file as they come and are read
 * back: once for the tables, then per thread for its columns.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/hash.h"
#include "formats/firefox/processed.h"
#include "formats/firefox/processed_write.h"
#include "io/markup.h"
#include "io/spool.h"
#include "sample/measure.h"

struct fsrc {
	uint64_t off, n;	/* its first sample in the spool; how many */
	int seen, timed;	/* every one has a time */
};

struct firefox_writer {
	const char *want;
	struct measure m;
	struct spool sp;
	struct fsrc *src;
	size_t capsrc;
	uint32_t cur;
	int interleaved;
	uint32_t *locs;		/* a sample's locations, read back */
	size_t caplocs;
	/* the tables */
	struct u64map frame_of, stack_of, func_of, lib_of, file_of, cat_of;
	struct strtab strs;
	uint32_t *fr_loc, *fr_func, *fr_cat;
	unsigned char *fr_depth;
	size_t nfr, capfr, capfr2, capfr3, capfr4;
	uint32_t *st_frame, *st_prefix;	/* prefix UINT32_MAX: a root */
	size_t nst, capst, capst2;
	uint32_t *fn_name, *fn_file, *fn_lib;	/* file, lib: UINT32_MAX none */
	int64_t *fn_line;
	size_t nfn, capfn, capfn2, capfn3, capfn4;
	uint32_t *lib_map, *file_str, *cat_str;
	size_t nlib, caplib, nfile, capfile, ncat, capcat;
	int64_t start_ns;
	int any_time;
};

struct firefox_writer *
firefox_writer_new(const char *type, struct perr *e)
{
	struct firefox_writer *w = calloc(1, sizeof(*w));

	if (w == NULL) {
		perr_nomem(e);
		return NULL;
	}
	w->want = type;
	if (spool_open(&w->sp, e) < 0) {
		free(w);
		return NULL;
	}
	return w;
}

static void
tables_free(struct firefox_writer *w)
{
	u64map_free(&w->frame_of);
	u64map_free(&w->stack_of);
	u64map_free(&w->func_of);
	u64map_free(&w->lib_of);
	u64map_free(&w->file_of);
	u64map_free(&w->cat_of);
	strtab_free(&w->strs);
	free(w->fr_loc);
	free(w->fr_func);
	free(w->fr_cat);
	free(w->fr_depth);
	free(w->st_frame);
	free(w->st_prefix);
	free(w->fn_name);
	free(w->fn_file);
	free(w->fn_lib);
	free(w->fn_line);
	free(w->lib_map);
	free(w->file_str);
	free(w->cat_str);
}

void
firefox_writer_free(struct firefox_writer *w)
{
	if (w == NULL)
		return;
	measure_free(&w->m);
	spool_close(&w->sp);
	free(w->src);
	free(w->locs);
	tables_free(w);
	free(w);
}

int
firefox_restart(void *ctx, struct perr *e)
{
	struct firefox_writer *w = ctx;
	const char *want = w->want;

	measure_free(&w->m);
	spool_close(&w->sp);
	free(w->src);
	free(w->locs);
	tables_free(w);
	memset(w, 0, sizeof(*w));
	w->want = want;
	return spool_open(&w->sp, e);
}

static uint64_t
bits_of(double d)
{
	uint64_t b;

	memcpy(&b, &d, 8);
	return b;
}

static double
double_of(uint64_t b)
{
	double d;

	memcpy(&d, &b, 8);
	return d;
}

int
firefox_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct firefox_writer *w = ctx;
	struct fsrc *fs;
	size_t nv, i;

	if (measure_sample(&w->m, p, s, &nv) < 0 ||
	    array_grow_zeroed((void **)&w->src, &w->capsrc, (size_t)s->source +
	    1, sizeof(*w->src)) < 0)
		return perr_nomem(e);
	fs = &w->src[s->source];
	if (w->cur != s->source + 1) {
		if (fs->seen)
			w->interleaved = 1;	/* read back by a pass each */
		w->cur = s->source + 1;
	}
	if (!fs->seen) {
		fs->seen = 1;
		fs->off = spool_tell(&w->sp);
		fs->timed = 1;
	}
	fs->timed &= s->has_time;
	if (s->has_time && (!w->any_time || s->time < w->start_ns)) {
		w->start_ns = s->time;
		w->any_time = 1;
	}
	fs->n++;
	/* source, time (zigzag + 1, 0: none), its locations (leaf first),
	 * its values (type, bits) */
	spool_put(&w->sp, s->source);
	spool_put(&w->sp, s->has_time ? ((uint64_t)s->time << 1 ^
	    (uint64_t)(s->time >> 63)) + 1 : 0);
	spool_put(&w->sp, s->nlocs);
	for (i = 0; i < s->nlocs; i++)
		spool_put(&w->sp, s->locs[i]);
	spool_put(&w->sp, nv);
	for (i = 0; i < nv; i++) {
		spool_put(&w->sp, w->m.vals[i].type);
		spool_put(&w->sp, bits_of(w->m.vals[i].v.d));
	}
	return 0;
}

/* The next sample of the spool: its source, time (INT64_MIN: none),
 * locations (w->locs, *n) and shown value. 1, 0 at the end, -1. */
static int
spooled_next(struct firefox_writer *w, const struct measure_choice *c,
    uint32_t *source, int64_t *time, size_t *n, double *v, struct perr *e)
{
	uint64_t u, t, k, i, ty, b;
	double x = 0;
	int rc;

	if ((rc = spool_get(&w->sp, &u, e)) <= 0)
		return rc;
	*source = (uint32_t)u;
	if (spool_get(&w->sp, &t, e) <= 0 || spool_get(&w->sp, &k, e) <= 0)
		return perr_set(e, "a temporary file cut short");
	*time = t == 0 ? INT64_MIN : (int64_t)((t - 1) >> 1 ^ -((t - 1) & 1));
	if (array_grow((void **)&w->locs, &w->caplocs, k + 1,
	    sizeof(*w->locs)) < 0)
		return perr_nomem(e);
	for (i = 0; i < k; i++) {
		if (spool_get(&w->sp, &u, e) <= 0)
			return perr_set(e, "a temporary file cut short");
		w->locs[i] = (uint32_t)u;
	}
	*n = k;
	*v = 0;
	if (spool_get(&w->sp, &k, e) <= 0)
		return perr_set(e, "a temporary file cut short");
	for (i = 0; i < k; i++) {
		if (spool_get(&w->sp, &ty, e) <= 0 ||
		    spool_get(&w->sp, &b, e) <= 0)
			return perr_set(e, "a temporary file cut short");
		if ((int64_t)ty == c->type)
			*v = double_of(b);
		else if ((int64_t)ty == c->extra)
			x = double_of(b);
	}
	*v = measure_figure(c, num_of_dbl(*v), num_of_dbl(x)).d;
	return 1;
}

/* String s (n bytes) of the shared stringArray: its index, or -1. */
static int64_t
str_ix(struct firefox_writer *w, const char *s, size_t n)
{
	return strtab_intern(&w->strs, s, n);
}

/* A row more of the arrays of a table: 0, or -1. */
#define GROW(w, a, cap, n) array_grow((void **)&(w)->a, &(w)->cap, (n) + 1, \
	sizeof(*(w)->a))

/* The index (made when new) of key in map, whose rows count *n; *added. */
static int64_t
intern(struct u64map *map, uint64_t key, size_t *n, int *added)
{
	uint32_t *slot = u64map_put(map, key, (uint32_t)*n, added);

	if (slot == NULL)
		return -1;
	if (*added)
		(*n)++;
	return *slot;
}

/* The library (made when new) of mapping m. */
static int64_t
lib_ix(struct firefox_writer *w, uint32_t m)
{
	int added;
	int64_t k = intern(&w->lib_of, m, &w->nlib, &added);

	if (k >= 0 && added && GROW(w, lib_map, caplib, (size_t)k) == 0)
		w->lib_map[k] = m;
	return k >= 0 && (size_t)k < w->caplib ? k : -1;
}

/* The base name of a path. */
static const char *
base_name(const char *s)
{
	const char *b = strrchr(s, '/');

	return b != NULL && b[1] != '\0' ? b + 1 : s;
}

/* The function (made when new) of location loc: its function's, or one
 * of its address alone. */
static int64_t
func_ix(struct firefox_writer *w, const struct prof *p, uint32_t loc)
{
	const struct location *l = &p->locations[loc];
	const struct function *f;
	char hex[24];
	uint64_t key = l->function != PROF_NONE ? l->function :
	    (uint64_t)1 << 63 | loc;
	int64_t k, s, fl = -1, lib = -1;
	int added;

	if ((k = intern(&w->func_of, key, &w->nfn, &added)) < 0)
		return -1;
	if (!added)
		return k;
	if (GROW(w, fn_name, capfn, (size_t)k) < 0 ||
	    GROW(w, fn_file, capfn2, (size_t)k) < 0 ||
	    GROW(w, fn_lib, capfn3, (size_t)k) < 0 ||
	    GROW(w, fn_line, capfn4, (size_t)k) < 0)
		return -1;
	if (l->mapping != PROF_NONE && (lib = lib_ix(w, l->mapping)) < 0)
		return -1;
	if (l->function != PROF_NONE) {
		f = &p->functions[l->function];
		s = str_ix(w, prof_str(p, f->name), prof_strlen(p, f->name));
		if (f->filename != PROF_NONE && prof_strlen(p, f->filename) > 0) {
			int64_t fs = str_ix(w, prof_str(p, f->filename),
			    prof_strlen(p, f->filename));
			if (fs < 0 || (fl = intern(&w->file_of, (uint64_t)fs,
			    &w->nfile, &added)) < 0)
				return -1;
			if (added && GROW(w, file_str, capfile, (size_t)fl) < 0)
				return -1;
			w->file_str[fl] = (uint32_t)fs;
		}
		w->fn_line[k] = f->start_line > 0 ? f->start_line : 0;
	} else {
		snprintf(hex, sizeof(hex), "0x%" PRIx64, l->address_na ? 0 :
		    l->address);
		s = str_ix(w, hex, strlen(hex));
		w->fn_line[k] = 0;
	}
	if (s < 0)
		return -1;
	w->fn_name[k] = (uint32_t)s;
	w->fn_file[k] = fl < 0 ? UINT32_MAX : (uint32_t)fl;
	w->fn_lib[k] = lib < 0 ? UINT32_MAX : (uint32_t)lib;
	return k;
}

/* The category of location loc: its firefox.category, else 0 (Other). */
static int64_t
cat_ix(struct firefox_writer *w, const struct prof *p, uint32_t loc)
{
	uint32_t a;
	int64_t s, k;
	int added;

	for (a = p->locations[loc].attr_head; a != PROF_NONE;
	    a = p->lattrs[a].next) {
		const struct attr *at = &p->lattrs[a].a;
		if (strcmp(prof_str(p, at->key), "firefox.category") != 0 ||
		    strcmp(prof_str(p, at->value), "Other") == 0)
			continue;
		if ((s = str_ix(w, prof_str(p, at->value),
		    prof_strlen(p, at->value))) < 0 ||
		    (k = intern(&w->cat_of, (uint64_t)s, &w->ncat, &added)) < 0)
			return -1;
		if (added && GROW(w, cat_str, capcat, (size_t)k) < 0)
			return -1;
		w->cat_str[k] = (uint32_t)s;
		return k + 1;
	}
	return 0;
}

/* The stack of the sample whose locations are w->locs[0..n) (leaf
 * first): its index + 1 (0: none), its frames and stacks made when new
 * (make), else looked up. -1 when out of memory. */
static int64_t
stack_of(struct firefox_writer *w, const struct prof *p, size_t n, int make)
{
	int64_t prefix = -1, fr, fn, cat;
	uint64_t key;
	unsigned depth = 0;
	uint32_t *slot, loc;
	int added;
	size_t i;

	for (i = n; i-- > 0;) {
		loc = w->locs[i];
		/* inlined into the frame before (its caller): one deeper */
		depth = p->locations[loc].inlined && depth < 255 ? depth + 1 :
		    0;
		if (p->locations[loc].inlined && i + 1 == n)
			depth = 0;
		key = (uint64_t)loc << 8 | depth;
		if (!make) {
			if ((slot = u64map_get(&w->frame_of, key)) == NULL)
				return -1;
			fr = *slot;
		} else {
			if ((fr = intern(&w->frame_of, key, &w->nfr,
			    &added)) < 0)
				return -1;
			if (added) {
				if (GROW(w, fr_loc, capfr, (size_t)fr) < 0 ||
				    GROW(w, fr_func, capfr2, (size_t)fr) < 0 ||
				    GROW(w, fr_cat, capfr3, (size_t)fr) < 0 ||
				    GROW(w, fr_depth, capfr4, (size_t)fr) < 0 ||
				    (fn = func_ix(w, p, loc)) < 0 ||
				    (cat = cat_ix(w, p, loc)) < 0)
					return -1;
				w->fr_loc[fr] = loc;
				w->fr_func[fr] = (uint32_t)fn;
				w->fr_cat[fr] = (uint32_t)cat;
				w->fr_depth[fr] = (unsigned char)depth;
			}
		}
		key = (uint64_t)(prefix + 1) << 32 | (uint64_t)fr;
		if (!make) {
			if ((slot = u64map_get(&w->stack_of, key)) == NULL)
				return -1;
			prefix = *slot;
			continue;
		}
		if ((prefix = intern(&w->stack_of, key, &w->nst,
		    &added)) < 0)
			return -1;
		if (added) {
			if (GROW(w, st_frame, capst, (size_t)prefix) < 0 ||
			    GROW(w, st_prefix, capst2, (size_t)prefix) < 0)
				return -1;
			w->st_frame[prefix] = (uint32_t)fr;
			w->st_prefix[prefix] = (uint32_t)(key >> 32) - 1;
		}
	}
	return prefix + 1;
}

/* ---- JSON ---- */

static void
str(struct output *o, const char *s)
{
	out_json_string(o, s, strlen(s));
}

/* An array of n numbers of a, UINT32_MAX as none (-1, or null) */
static void
u32_array(struct output *o, const uint32_t *a, size_t n, const char *none)
{
	size_t i;

	out_char(o, '[');
	for (i = 0; i < n; i++) {
		if (i > 0)
			out_char(o, ',');
		if (a[i] == UINT32_MAX)
			out_str(o, none);
		else
			out_u64(o, a[i]);
	}
	out_char(o, ']');
}

/* An array of n copies of text */
static void
same_array(struct output *o, size_t n, const char *text)
{
	size_t i;

	out_char(o, '[');
	for (i = 0; i < n; i++) {
		if (i > 0)
			out_char(o, ',');
		out_str(o, text);
	}
	out_char(o, ']');
}

static void
write_meta(struct firefox_writer *w, const struct measure_choice *c,
    struct output *o)
{
	size_t i;
	double interval = c->interval > 0 ? c->interval / 1e6 : 1;
	char ms[48];

	/* meta.startTime exactly: whole milliseconds and six digits */
	snprintf(ms, sizeof(ms), "%s%" PRId64 ".%06" PRId64,
	    w->start_ns < 0 ? "-" : "", (w->start_ns < 0 ? -w->start_ns :
	    w->start_ns) / 1000000, (w->start_ns < 0 ? -w->start_ns :
	    w->start_ns) % 1000000);
	out_str(o, "{\"meta\":{\"interval\":");
	out_dbl(o, interval);
	out_str(o, ",\"startTime\":");
	out_str(o, ms);
	out_str(o, ",\"abi\":\"\",\"misc\":\"\",\"oscpu\":\"\",\"platform\":"
	    "\"\",\"processType\":0,\"extensions\":{\"id\":[],\"name\":[],"
	    "\"baseURL\":[],\"length\":0},\"categories\":[{\"name\":\"Other\","
	    "\"color\":\"grey\",\"subcategories\":[\"Other\"]}");
	for (i = 0; i < w->ncat; i++) {
		out_str(o, ",{\"name\":");
		out_json_string(o, strtab_str(&w->strs, w->cat_str[i]),
		    strtab_len(&w->strs, w->cat_str[i]));
		out_str(o, ",\"color\":\"yellow\",\"subcategories\":"
		    "[\"Other\"]}");
	}
	out_str(o, "],\"product\":\"profstream\",\"stackwalk\":0,\"toolkit\":"
	    "\"\",\"version\":36,\"preprocessedProfileVersion\":");
	out_u64(o, PROCESSED_MAX);
	out_str(o, ",\"appBuildID\":\"\",\"sourceURL\":\"\",\"physicalCPUs\":0,"
	    "\"logicalCPUs\":0,\"CPUName\":\"\",\"symbolicated\":true,"
	    "\"markerSchema\":[]}");
}

static void
write_libs(struct firefox_writer *w, const struct prof *p, struct output *o)
{
	const struct mapping *m;
	const char *path, *name;
	size_t i;

	out_str(o, ",\"libs\":[");
	for (i = 0; i < w->nlib; i++) {
		m = &p->mappings[w->lib_map[i]];
		path = m->filename != PROF_NONE ? prof_str(p, m->filename) : "";
		name = base_name(path);
		out_str(o, i > 0 ? ",{\"arch\":\"\",\"name\":" :
		    "{\"arch\":\"\",\"name\":");
		str(o, name);
		out_str(o, ",\"path\":");
		str(o, path);
		out_str(o, ",\"debugName\":");
		str(o, name);
		out_str(o, ",\"debugPath\":");
		str(o, path);
		out_str(o, ",\"breakpadId\":");
		str(o, m->build_id != PROF_NONE ? prof_str(p, m->build_id) : "");
		out_str(o, ",\"codeId\":");
		if (m->build_id != PROF_NONE && prof_strlen(p, m->build_id) > 0)
			str(o, prof_str(p, m->build_id));
		else
			out_str(o, "null");
		out_char(o, '}');
	}
	out_str(o, "],\"pages\":[]");
}

static void
write_shared(struct firefox_writer *w, const struct prof *p,
    struct output *o)
{
	const struct location *l;
	const struct mapping *m;
	size_t i, n;
	uint64_t a;

	out_str(o, ",\"shared\":{\"stackTable\":{\"frame\":");
	u32_array(o, w->st_frame, w->nst, "null");
	out_str(o, ",\"prefixOffset\":[");
	for (i = 0; i < w->nst; i++) {
		if (i > 0)
			out_char(o, ',');
		out_u64(o, w->st_prefix[i] == UINT32_MAX ? 0 : i -
		    w->st_prefix[i]);
	}
	out_str(o, "],\"length\":");
	out_u64(o, w->nst);
	out_str(o, "},\"frameTable\":{\"address\":[");
	for (i = 0; i < w->nfr; i++) {
		l = &p->locations[w->fr_loc[i]];
		if (i > 0)
			out_char(o, ',');
		/* library-relative, as the profiler keeps it; none past
		 * what a JavaScript number holds exactly */
		a = l->address;
		if (l->mapping != PROF_NONE) {
			m = &p->mappings[l->mapping];
			a = a - m->start + m->offset;
		}
		if (l->address_na || a > 9007199254740991ULL)
			out_str(o, "-1");
		else
			out_u64(o, a);
	}
	out_str(o, "],\"inlineDepth\":[");
	for (i = 0; i < w->nfr; i++) {
		if (i > 0)
			out_char(o, ',');
		out_u64(o, w->fr_depth[i]);
	}
	out_str(o, "],\"category\":");
	u32_array(o, w->fr_cat, w->nfr, "0");
	out_str(o, ",\"subcategory\":");
	same_array(o, w->nfr, "0");
	out_str(o, ",\"func\":");
	u32_array(o, w->fr_func, w->nfr, "null");
	out_str(o, ",\"nativeSymbol\":");
	same_array(o, w->nfr, "null");
	out_str(o, ",\"innerWindowID\":");
	same_array(o, w->nfr, "0");
	out_str(o, ",\"line\":[");
	for (i = 0; i < w->nfr; i++) {
		l = &p->locations[w->fr_loc[i]];
		if (i > 0)
			out_char(o, ',');
		if (l->line == PROF_LINE_NA || l->line <= 0)
			out_str(o, "null");
		else
			out_i64(o, l->line);
	}
	out_str(o, "],\"column\":[");
	for (i = 0; i < w->nfr; i++) {
		l = &p->locations[w->fr_loc[i]];
		if (i > 0)
			out_char(o, ',');
		if (l->column <= 0)
			out_str(o, "null");
		else
			out_i64(o, l->column);
	}
	out_str(o, "],\"originalLocation\":");
	same_array(o, w->nfr, "null");
	out_str(o, ",\"lib\":[");
	for (i = 0; i < w->nfr; i++) {
		if (i > 0)
			out_char(o, ',');
		if (w->fn_lib[w->fr_func[i]] == UINT32_MAX)
			out_str(o, "-1");
		else
			out_u64(o, w->fn_lib[w->fr_func[i]]);
	}
	out_str(o, "],\"length\":");
	out_u64(o, w->nfr);
	n = w->nfn;
	out_str(o, "},\"funcTable\":{\"isJS\":");
	same_array(o, n, "false");
	out_str(o, ",\"relevantForJS\":");
	same_array(o, n, "false");
	out_str(o, ",\"name\":");
	u32_array(o, w->fn_name, n, "null");
	/* a function of a library: the library's resource (the same
	 * index: a resource per library) */
	out_str(o, ",\"resource\":");
	u32_array(o, w->fn_lib, n, "-1");
	out_str(o, ",\"source\":");
	u32_array(o, w->fn_file, n, "null");
	out_str(o, ",\"lineNumber\":[");
	for (i = 0; i < n; i++) {
		if (i > 0)
			out_char(o, ',');
		if (w->fn_line[i] > 0)
			out_i64(o, w->fn_line[i]);
		else
			out_str(o, "null");
	}
	out_str(o, "],\"columnNumber\":");
	same_array(o, n, "null");
	out_str(o, ",\"originalLocation\":");
	same_array(o, n, "null");
	out_str(o, ",\"length\":");
	out_u64(o, n);
	out_str(o, "},\"resourceTable\":{\"name\":[");
	for (i = 0; i < w->nlib; i++) {
		m = &p->mappings[w->lib_map[i]];
		if (i > 0)
			out_char(o, ',');
		out_i64(o, str_ix(w, base_name(m->filename != PROF_NONE ?
		    prof_str(p, m->filename) : ""), strlen(base_name(
		    m->filename != PROF_NONE ? prof_str(p, m->filename) : ""))));
	}
	out_str(o, "],\"host\":");
	same_array(o, w->nlib, "null");
	out_str(o, ",\"type\":");
	same_array(o, w->nlib, "1");
	out_str(o, ",\"length\":");
	out_u64(o, w->nlib);
	out_str(o, "},\"nativeSymbols\":{\"libIndex\":[],\"address\":[],"
	    "\"name\":[],\"functionSize\":[],\"length\":0},\"sources\":{"
	    "\"id\":");
	same_array(o, w->nfile, "null");
	out_str(o, ",\"filename\":");
	u32_array(o, w->file_str, w->nfile, "null");
	out_str(o, ",\"startLine\":");
	same_array(o, w->nfile, "1");
	out_str(o, ",\"startColumn\":");
	same_array(o, w->nfile, "1");
	out_str(o, ",\"sourceMapURL\":");
	same_array(o, w->nfile, "null");
	out_str(o, ",\"content\":");
	same_array(o, w->nfile, "null");
	out_str(o, ",\"length\":");
	out_u64(o, w->nfile);
	out_str(o, "},\"sourceLocationTable\":{\"source\":[],\"line\":[],"
	    "\"column\":[],\"length\":0},\"stringArray\":[");
	for (i = 0; i < w->strs.n; i++) {
		if (i > 0)
			out_char(o, ',');
		out_json_string(o, strtab_str(&w->strs, i),
		    strtab_len(&w->strs, i));
	}
	out_str(o, "]}");
}

/* Source i's attribute k, or NULL. */
static const char *
src_attr(const struct prof *p, size_t i, const char *k)
{
	const struct source *s = &p->sources[i];
	size_t j;

	for (j = 0; j < s->nattrs; j++)
		if (strcmp(prof_str(p, s->attrs[j].key), k) == 0)
			return prof_str(p, s->attrs[j].value);
	return NULL;
}

enum fcol { FC_STACK, FC_TIME, FC_WEIGHT };

/* Column col of source i's samples. */
static int
thread_column(struct firefox_writer *w, const struct prof *p, size_t i,
    const struct measure_choice *c, enum fcol col, double to_weight,
    double interval, struct output *o, struct perr *e)
{
	struct fsrc *fs = &w->src[i];
	uint32_t source;
	int64_t t, st;
	size_t n;
	uint64_t k;
	double v;
	int rc;

	if (spool_seek(&w->sp, fs->off, e) < 0)
		return -1;
	out_char(o, '[');
	for (k = 0; k < fs->n;) {
		if ((rc = spooled_next(w, c, &source, &t, &n, &v, e)) <= 0)
			return rc < 0 ? -1 : perr_set(e, "a temporary file cut "
			    "short");
		if (source != i)
			continue;	/* another's, interleaved */
		if (k > 0)
			out_char(o, ',');
		switch (col) {
		case FC_STACK:
			if ((st = stack_of(w, p, n, 0)) < 0)
				return perr_set(e, "a stack not made");
			if (st == 0)
				out_str(o, "null");
			else
				out_u64(o, (uint64_t)st - 1);
			break;
		case FC_TIME:
			/* milliseconds since meta.startTime; without times,
			 * an interval apart */
			out_dbl(o, fs->timed ? (double)(t - w->start_ns) / 1e6 :
			    (double)k * interval);
			break;
		default:
			out_dbl(o, isfinite(v * to_weight) ? v * to_weight : 0);
			break;
		}
		k++;
	}
	out_char(o, ']');
	return 0;
}

static void
thread_text(struct output *o, const char *k, const char *v)
{
	out_str(o, ",\"");
	out_str(o, k);
	out_str(o, "\":");
	str(o, v);
}

int
firefox_write(struct firefox_writer *w, const struct prof *p,
    struct output *o, struct perr *e)
{
	struct measure_choice c;
	const char *unit, *a, *uri;
	uint32_t source;
	int64_t t;
	size_t i, n, k = 0;
	double v, to_weight = 1, ns, interval;
	int all_one = 1, rc;
	char id[24];
	const char *wtype = "samples";

	if (measure_choose(&w->m, p, w->want, NULL, &c, e) < 0)
		return -1;
	/* the tables: every sample's stack made */
	if (spool_rewind(&w->sp, e) < 0)
		return -1;
	while ((rc = spooled_next(w, &c, &source, &t, &n, &v, e)) > 0) {
		if (stack_of(w, p, n, 1) < 0)
			return perr_nomem(e);
		all_one &= v == 1;
	}
	if (rc < 0)
		return -1;
	unit = c.unit != NULL ? c.unit : "";
	ns = strcmp(unit, "nanoseconds") == 0 ? 1 : strcmp(unit,
	    "microseconds") == 0 ? 1e3 : strcmp(unit, "milliseconds") == 0 ?
	    1e6 : strcmp(unit, "seconds") == 0 ? 1e9 : 0;
	if (ns > 0) {
		wtype = "tracing-ms";
		to_weight = ns / 1e6;
	} else if (strcmp(unit, "bytes") == 0)
		wtype = "bytes";
	interval = c.interval > 0 ? c.interval / 1e6 : 1;
	write_meta(w, &c, o);
	write_libs(w, p, o);
	write_shared(w, p, o);
	out_str(o, ",\"threads\":[");
	for (i = 0; i < p->nsources && i < w->capsrc; i++) {
		if (!w->src[i].seen)
			continue;
		snprintf(id, sizeof(id), "%u", p->sources[i].id);
		out_str(o, k++ > 0 ? ",{\"processType\":" :
		    "{\"processType\":");
		str(o, (a = src_attr(p, i, "firefox.process_type")) != NULL ?
		    a : "default");
		out_str(o, ",\"processStartupTime\":0,\"processShutdownTime\""
		    ":null,\"registerTime\":0,\"unregisterTime\":null,"
		    "\"pausedRanges\":[]");
		uri = p->sources[i].uri != PROF_NONE ? prof_str(p,
		    p->sources[i].uri) : "";
		thread_text(o, "name", (a = src_attr(p, i,
		    "firefox.thread_name")) != NULL ? a : uri[0] != '\0' ?
		    base_name(uri) : id);
		if ((a = src_attr(p, i, "firefox.process_name")) != NULL)
			thread_text(o, "processName", a);
		out_str(o, ",\"isMainThread\":true");
		thread_text(o, "pid", (a = src_attr(p, i, "firefox.pid")) !=
		    NULL ? a : id);
		thread_text(o, "tid", (a = src_attr(p, i, "firefox.tid")) !=
		    NULL ? a : id);
		out_str(o, ",\"samples\":{\"weightType\":\"");
		out_str(o, wtype);
		out_str(o, "\",\"weight\":");
		if (all_one && strcmp(wtype, "samples") == 0)
			out_str(o, "null");
		else if (thread_column(w, p, i, &c, FC_WEIGHT, to_weight,
		    interval, o, e) < 0)
			return -1;
		out_str(o, ",\"stack\":");
		if (thread_column(w, p, i, &c, FC_STACK, to_weight, interval, o,
		    e) < 0)
			return -1;
		out_str(o, ",\"time\":");
		if (thread_column(w, p, i, &c, FC_TIME, to_weight, interval, o,
		    e) < 0)
			return -1;
		out_str(o, ",\"length\":");
		out_u64(o, w->src[i].n);
		out_str(o, "},\"markers\":{\"data\":[],\"name\":[],"
		    "\"startTime\":[],\"endTime\":[],\"phase\":[],"
		    "\"category\":[],\"length\":0}}");
	}
	out_str(o, "]}\n");
	return 0;
}
