/*
 * What both of the Firefox Profiler's readers keep and write (the Gecko
 * format's, gecko_*.c, and the processed format's, processed_*.c): a
 * profile's meta (its libraries, its categories, when it began, exactly),
 * a thread's names, a frame's function and location, a library's
 * mapping.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/firefox/firefox_impl.h"
#include "formats/json/json.h"

void
gecko_prof_free(struct gprof *p)
{
	while (p->ncats > 0)
		free(p->cats[--p->ncats]);
	free(p->cats);
	while (p->nlibs > 0) {
		p->nlibs--;
		free(p->libs[p->nlibs].path);
		free(p->libs[p->nlibs].build_id);
	}
	free(p->libs);
	memset(p, 0, sizeof(*p));
}

int
gecko_lib_begin(struct gprof *p, struct perr *e)
{
	if (ARRAY_ROOM(p->libs, p->nlibs, p->caplibs) < 0)
		return perr_nomem(e);
	memset(&p->libs[p->nlibs++], 0, sizeof(*p->libs));
	return 0;
}

int
gecko_lib_number(struct gprof *p, enum glibkey k, double v, struct perr *e)
{
	struct glib *l = &p->libs[p->nlibs - 1];

	/* an address: a double holds 2^53 exactly, past what a process
	 * maps */
	if (v < 0 || v > 9007199254740992.0 || v != floor(v))
		return perr_set(e, "a library's address %g", v);
	if (k == GL_START)
		l->start = (uint64_t)v;
	else if (k == GL_END)
		l->end = (uint64_t)v;
	else
		l->offset = (uint64_t)v;
	return 0;
}

int
gecko_lib_text(struct gprof *p, enum glibkey k, const char *s, size_t n,
    struct perr *e)
{
	struct glib *l = &p->libs[p->nlibs - 1];
	char **to = k == GL_PATH ? &l->path : &l->build_id, *c;

	if (memchr(s, '\0', n) != NULL)
		return perr_set(e, "a library's name holds a NUL byte");
	if ((c = malloc(n + 1)) == NULL)
		return perr_nomem(e);
	memcpy(c, s, n);
	c[n] = '\0';
	free(*to);
	*to = c;
	return 0;
}

uint32_t
firefox_lib_mapping(struct firefox_reader *c, struct glib *l)
{
	if (l->mapping == 0) {
		struct sw_mapping m = {
			.id = ++c->nmappings, .start = l->start,
			.limit = l->end, .offset = l->offset,
			.filename = text_of(l->path != NULL ? l->path : ""),
			.build_id = text_of(l->build_id != NULL ?
			    l->build_id : ""),
		};
		l->mapping = m.id;
		sw_mapping(&c->w, &m);
	}
	return l->mapping;
}

int
gecko_id_text(char *to, size_t size, const char *s, size_t n, struct perr *e)
{
	if (n >= size || memchr(s, '\0', n) != NULL)
		return perr_set(e, "a thread's pid or tid of %zu bytes", n);
	memcpy(to, s, n);
	to[n] = '\0';
	return 0;
}

int
gecko_text(char *to, size_t size, const char *s, size_t n, struct perr *e)
{
	/* a thread's name, cut at what a name needs */
	if (n >= size)
		n = size - 1;
	if (memchr(s, '\0', n) != NULL)
		return perr_set(e, "a thread's name holds a NUL byte");
	memcpy(to, s, n);
	to[n] = '\0';
	return 0;
}

int
gecko_category(struct gprof *p, const char *s, size_t n, struct perr *e)
{
	char *c;

	if (ARRAY_ROOM(p->cats, p->ncats, p->capcats) < 0 ||
	    (c = malloc(n + 1)) == NULL)
		return perr_nomem(e);
	memcpy(c, s, n);
	c[n] = '\0';
	p->cats[p->ncats++] = c;
	return 0;
}

/* Milliseconds written as decimal digits, as nanoseconds exactly (a
 * double of 1.8e18 ns is 256 ns apart): 0, or -1 for another form. */
int
gecko_ms_ns(const char *s, size_t n, int64_t *ns)
{
	int64_t v = 0;
	size_t i = 0;
	int frac = -1;

	for (; i < n; i++) {
		if (s[i] == '.' && frac < 0) {
			frac = 0;
			continue;
		}
		if (s[i] < '0' || s[i] > '9' || v > INT64_MAX / 10 - 10)
			return -1;
		if (frac >= 6)	/* below a nanosecond: cut */
			continue;
		v = v * 10 + (s[i] - '0');
		if (frac >= 0)
			frac++;
	}
	for (frac = frac < 0 ? 0 : frac; frac < 6; frac++) {
		if (v > INT64_MAX / 10)
			return -1;
		v *= 10;
	}
	*ns = v;
	return 0;
}

int
firefox_number(const char *s, size_t n, double *v, struct perr *e)
{
	if (json_double(s, n, v) < 0)
		return perr_set(e, "'%.*s%s' is not a number of a profile",
		    (int)(n < 40 ? n : 40), s, n < 40 ? "" : "...");
	return 0;
}

/* a field's bytes into a key */
#define KEY_PUT(key, nk, v) (memcpy((key) + (nk), &(v), sizeof(v)), \
	(nk) += sizeof(v))

uint32_t
firefox_location(struct firefox_reader *c, const struct flocation *f,
    struct perr *e)
{
	char key[600];
	size_t nk, n;
	int64_t k, fid = 0;
	/* a function of no name: the stream's mark for one (<?>), which
	 * the writers give back empty */
	struct text name = text_marked(f->name);

	if (f->has_function) {
		if (array_grow((void **)&c->kbuf, &c->capkbuf, name.n +
		    f->file.n + 1, 1) < 0) {
			perr_nomem(e);
			return 0;
		}
		memcpy(c->kbuf, name.p, name.n);
		c->kbuf[name.n] = '\0';
		memcpy(c->kbuf + name.n + 1, f->file.p, f->file.n);
		if ((k = strtab_intern(&c->fkeys, c->kbuf, name.n + 1 +
		    f->file.n)) < 0) {
			perr_nomem(e);
			return 0;
		}
		fid = k + 1;
		if ((uint64_t)fid > c->nfunctions) {
			c->nfunctions = (uint32_t)fid;
			sw_function(&c->w, (uint32_t)fid, name, name,
			    f->file, f->start_line > 0 ? f->start_line : 0);
		}
	}
	/* the key: its fields' bytes, its category, a NUL, its tier */
	nk = 0;
	KEY_PUT(key, nk, fid);
	KEY_PUT(key, nk, f->addr);
	KEY_PUT(key, nk, f->is_addr);
	KEY_PUT(key, nk, f->line);
	KEY_PUT(key, nk, f->column);
	KEY_PUT(key, nk, f->mapping);
	KEY_PUT(key, nk, f->inlined);
	n = strnlen(f->cat, 200);
	memcpy(key + nk, f->cat, n);
	nk += n;
	key[nk++] = '\0';
	n = f->impl.n < 200 ? f->impl.n : 200;
	if (n > 0)
		memcpy(key + nk, f->impl.p, n);
	nk += n;
	if ((k = strtab_intern(&c->lkeys, key, nk)) < 0) {
		perr_nomem(e);
		return 0;
	}
	if ((uint64_t)k + 1 > c->nlocations) {
		struct sw_location l = {
			.id = (uint32_t)k + 1, .function_id = (uint32_t)fid,
			.line = f->line > 0 ? f->line : 0,
			.line_na = f->line <= 0, .address = f->addr,
			.address_na = !f->is_addr, .mapping_id = f->mapping,
			.inlined = f->inlined,
			.column = f->column > 0 ? f->column : 0,
		};
		c->nlocations = (uint32_t)k + 1;
		sw_location(&c->w, &l);
		if (f->cat[0] != '\0')
			sw_location_attr(&c->w, l.id,
			    text_of("firefox.category"), text_of(f->cat));
		if (f->impl.n > 0)
			sw_location_attr(&c->w, l.id,
			    text_of("firefox.implementation"), f->impl);
	}
	return (uint32_t)k + 1;
}

int
firefox_weight_type(const char *s, size_t n, int *ms, int *bytes,
    struct perr *e)
{
	if (n == 7 && memcmp(s, "samples", 7) == 0)
		return 0;
	if (n == 10 && memcmp(s, "tracing-ms", 10) == 0)
		*ms = 1;
	else if (n == 5 && memcmp(s, "bytes", 5) == 0)
		*bytes = 1;
	else
		return perr_set(e, "samples of weightType \"%.*s\" (this reader "
		    "knows samples, tracing-ms and bytes)", (int)(n < 40 ? n :
		    40), s);
	return 0;
}

static void
attr(struct firefox_reader *c, uint32_t source, const char *k,
    const char *v)
{
	if (v[0] != '\0')
		sw_source_attr(&c->w, source, text_of(k), text_of(v));
}

uint32_t
firefox_source(struct firefox_reader *c, const struct fthread *t,
    const char *uri, double interval_ms, int64_t *vt, struct perr *e)
{
	uint32_t source = ++c->nsources;
	char buf[64];

	sw_source(&c->w, source, text_of(SOURCE_FIREFOX), text_of(uri), NAN);
	attr(c, source, "firefox.thread_name", t->text[GT_NAME]);
	attr(c, source, "firefox.process_name", t->text[GT_PROCESS_NAME]);
	attr(c, source, "firefox.process_type", t->text[GT_PROCESS_TYPE]);
	attr(c, source, "firefox.pid", t->pid);
	attr(c, source, "firefox.tid", t->tid);
	if (t->nostack > 0) {
		snprintf(buf, sizeof(buf), "%" PRIu64, t->nostack);
		attr(c, source, "firefox.samples_without_stack", buf);
	}
	if (interval_ms > 0 && !t->weight_ms && !t->weight_bytes) {
		attr(c, source, ATTR_PPROF_PERIOD_TYPE, "wall");
		attr(c, source, ATTR_PPROF_PERIOD_UNIT, UNIT_NANOSECONDS);
		snprintf(buf, sizeof(buf), "%.0f", interval_ms * 1e6);
		attr(c, source, ATTR_PPROF_PERIOD, buf);
	}
	/* tracing-ms: milliseconds as exact nanoseconds (firefox_weight) */
	*vt = t->weight_ms ? sw_value_type(&c->w, text_of(VALUE_WALL),
	    text_of(UNIT_NANOSECONDS)) : t->weight_bytes ?
	    sw_value_type(&c->w, text_of("alloc_space"), text_of("bytes")) :
	    sw_value_type(&c->w, text_of(VALUE_SAMPLES), text_of(UNIT_COUNT));
	if (*vt < 0) {
		perr_nomem(e);
		return 0;
	}
	return source;
}

struct num
firefox_weight(const struct fthread *t, double w)
{
	/* milliseconds times 10^6, rounded: sums of integers (0.1 ms is
	 * 100,000 ns, not 0.1000000000000000055 ms) */
	if (t->weight_ms && fabs(w) < 9e6)
		w = (double)llround(w * 1e6);
	return w == floor(w) && fabs(w) < 9e15 ? num_of_i64((int64_t)w) :
	    num_of_dbl(w);
}

int
firefox_string_add(struct fstrings *t, const char *what, const char *s,
    size_t n, struct perr *e)
{
	int64_t k;

	if (memchr(s, '\0', n) != NULL)
		return perr_set(e, "%s[%zu] holds a NUL byte (the stream "
		    "cannot)", what, t->n);
	if ((k = strtab_intern(&t->strs, s, n)) < 0 ||
	    ARRAY_ROOM(t->ix, t->n, t->cap) < 0)
		return perr_nomem(e);
	t->ix[t->n++] = (uint32_t)k;
	return 0;
}

const char *
firefox_string_at(const struct fstrings *t, int64_t i, size_t *n)
{
	*n = 0;
	if (i < 0 || (uint64_t)i >= t->n)
		return NULL;
	*n = strtab_len(&t->strs, t->ix[i]);
	return strtab_str(&t->strs, t->ix[i]);
}

void
firefox_strings_free(struct fstrings *t)
{
	strtab_free(&t->strs);
	free(t->ix);
	memset(t, 0, sizeof(*t));
}
