/*
 * Rprof text to the stream. One pass, writing as it reads: a function or
 * location row is written the first time it is seen, just before the sample
 * that uses it, so the output is in define-before-use order and memory
 * holds only the distinct functions, locations and file paths.
 */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "rprof.h"
#include "stream.h"

void
rprof_begin(struct rprof_reader *c, struct output *o)
{
	memset(c, 0, sizeof(*c));
	c->o = o;
	stream_write_preamble(o, V20, STREAM_V2_TABLES |
	    (1u << T_SOURCE_ATTRIBUTES), 0);
}

void
rprof_free(struct rprof_reader *c)
{
	strtab_free(&c->funcs);
	strtab_free(&c->paths);
	u64map_free(&c->locs);
	u64map_free(&c->files);
	free(c->frames);
	free(c->key);
}

static int
is_digit(char ch)
{
	return ch >= '0' && ch <= '9';
}

/* Parses digits at *p into *v; returns 0, or -1 when there are none or
 * they overflow. */
static int
parse_uint(const char **p, const char *end, uint64_t *v)
{
	const char *s = *p;

	*v = 0;
	if (s == end || !is_digit(*s))
		return -1;
	for (; s < end && is_digit(*s); s++) {
		if (*v > (UINT64_MAX - 9) / 10)
			return -1;
		*v = *v * 10 + (uint64_t)(*s - '0');
	}
	*p = s;
	return 0;
}

static int
starts(const char *s, const char *end, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(end - s) >= n && memcmp(s, prefix, n) == 0;
}

static void
attr(struct output *o, uint32_t src, const char *key, const char *val)
{
	row_begin(o, T_SOURCE_ATTRIBUTES);
	row_u64(o, src);
	row_cstr(o, key);
	row_cstr(o, val);
	row_end(o);
}

/* A header line; returns 1 when it was one. */
static int
header(struct rprof_reader *c, const char *s, const char *end,
    const char *uri)
{
	int mem = 0, gc = 0, line = 0;
	uint64_t interval;
	char num[FMT_NUM_MAX + 1];
	struct output *o = c->o;

	if (starts(s, end, "memory profiling: ")) {
		mem = 1;
		s += 18;
	}
	if (starts(s, end, "GC profiling: ")) {
		gc = 1;
		s += 14;
	}
	if (starts(s, end, "line profiling: ")) {
		line = 1;
		s += 16;
	}
	if (!starts(s, end, "sample.interval="))
		return 0;
	s += 16;
	if (parse_uint(&s, end, &interval) < 0 || s != end)
		return 0;
	c->nsources++;
	c->in_session = 1;
	c->memory = mem;
	u64map_free(&c->files);
	row_begin(o, T_SOURCES);
	row_u64(o, c->nsources);
	row_cstr(o, "rprof");
	if (uri != NULL)
		row_cstr(o, uri);
	else
		row_na(o);
	row_na(o);
	row_end(o);
	num[fmt_u64(num, interval)] = '\0';
	attr(o, c->nsources, "rprof.sample_interval", num);
	attr(o, c->nsources, "rprof.memory_profiling", mem ? "TRUE" : "FALSE");
	attr(o, c->nsources, "rprof.gc_profiling", gc ? "TRUE" : "FALSE");
	attr(o, c->nsources, "rprof.line_profiling", line ? "TRUE" : "FALSE");
	return 1;
}

/* "#File k: path" */
static int
file_line(struct rprof_reader *c, const char *s, const char *end,
    struct perr *e)
{
	uint64_t k;
	int64_t idx;
	int added;

	s += 6;
	if (parse_uint(&s, end, &k) < 0 || end - s < 2 || s[0] != ':' ||
	    s[1] != ' ' || k == 0 || k > UINT32_MAX)
		return perr_set(e, "malformed #File line");
	s += 2;
	if ((idx = strtab_intern(&c->paths, s, (size_t)(end - s))) < 0 ||
	    u64map_put(&c->files, k, (uint32_t)idx + 1, &added) == NULL)
		return perr_nomem(e);
	return 0;
}

static int
add_frame(struct rprof_reader *c, const char *name, size_t len,
    uint32_t path, uint32_t line, struct perr *e)
{
	struct rprof_frame *f;

	if (ARRAY_ROOM(c->frames, c->nframes, c->fcap) < 0)
		return perr_nomem(e);
	f = &c->frames[c->nframes++];
	f->name = name;
	f->len = len;
	f->path = path;
	f->line = line;
	return 0;
}

static void
dropped(struct rprof_reader *c, long line)
{
	if (c->ndrop_lines < (long)(sizeof(c->drop_lines) /
	    sizeof(c->drop_lines[0])) && (c->ndrop_lines == 0 ||
	    c->drop_lines[c->ndrop_lines - 1] != line))
		c->drop_lines[c->ndrop_lines++] = line;
	c->dropped++;
}

/* Where a quoted name that starts at s ends: at a '"' followed by a space
 * and then '"', digits and '#', or the end of the line; or at a '"' that
 * ends the line. NULL when the line ends first (a cut-off name). */
static const char *
name_end(const char *s, const char *end)
{
	const char *q, *b;

	for (q = s; (q = memchr(q, '"', (size_t)(end - q))) != NULL; q++) {
		if (q + 1 == end)
			return q;
		if (q[1] != ' ')
			continue;
		b = q + 2;
		if (b == end || *b == '"')
			return q;
		if (is_digit(*b)) {
			while (b < end && is_digit(*b))
				b++;
			if (b < end && *b == '#')
				return q;
		}
	}
	return NULL;
}

/* A ref "k#L" at *p (the space after it is left); 0, or -1 if not one. */
static int
parse_ref(const char **p, const char *end, uint64_t *k, uint64_t *l)
{
	const char *s = *p;

	if (parse_uint(&s, end, k) < 0 || s == end || *s != '#')
		return -1;
	s++;
	if (parse_uint(&s, end, l) < 0 || (s != end && *s != ' '))
		return -1;
	*p = s;
	return 0;
}

static int
resolve(struct rprof_reader *c, uint64_t k, uint32_t *path, struct perr *e)
{
	uint32_t *v = u64map_get(&c->files, k);

	if (v == NULL)
		return perr_set(e, "file %llu has no #File line before it",
		    (unsigned long long)k);
	*path = *v;
	return 0;
}

/* Splits a sample body into frames, innermost first. */
static int
frames(struct rprof_reader *c, const char *s, const char *end, long lineno,
    struct perr *e)
{
	const char *q;
	uint64_t k, l;
	uint32_t ref_path = 0, ref_line = 0;
	int have_ref = 0;

	if (!c->quoting_known) {
		c->unquoted = s < end && *s != '"' && !is_digit(*s);
		c->quoting_known = 1;
	}
	while (s < end) {
		if (*s == ' ') {	/* tolerate doubled spaces */
			s++;
			continue;
		}
		if (is_digit(*s) && !c->unquoted) {
			q = s;
			if (parse_ref(&q, end, &k, &l) < 0) {
				if (memchr(s, ' ', (size_t)(end - s)) == NULL) {
					dropped(c, lineno);	/* cut ref */
					have_ref = 0;
					break;
				}
				return perr_set(e, "malformed ref");
			}
			if (have_ref && add_frame(c, RPROF_TOPLEVEL,
			    sizeof(RPROF_TOPLEVEL) - 1, ref_path, ref_line,
			    e) < 0)
				return -1;
			if (resolve(c, k, &ref_path, e) < 0)
				return -1;
			if (l > UINT32_MAX >> 1)
				return perr_set(e, "line number out of range");
			ref_line = (uint32_t)l;
			have_ref = 1;
			s = q;
			continue;
		}
		if (*s == '"' && !c->unquoted) {
			if ((q = name_end(s + 1, end)) == NULL) {
				dropped(c, lineno);
				have_ref = 0;	/* it was the cut frame's */
				break;
			}
			if (add_frame(c, s + 1, (size_t)(q - s - 1),
			    have_ref ? ref_path : 0, have_ref ? ref_line : 0,
			    e) < 0)
				return -1;
			have_ref = 0;
			s = q + 1;
			continue;
		}
		if (!c->unquoted)
			return perr_set(e, "not a sample line: expected a "
			    "quoted name or a file#line ref");
		q = memchr(s, ' ', (size_t)(end - s));
		if (q == NULL)
			q = end;
		if (add_frame(c, s, (size_t)(q - s), 0, 0, e) < 0)
			return -1;
		s = q;
	}
	if (have_ref && add_frame(c, RPROF_TOPLEVEL, sizeof(RPROF_TOPLEVEL) - 1,
	    ref_path, ref_line, e) < 0)
		return -1;
	return 0;
}

/* The location id of a frame, writing its function and location rows the
 * first time they are seen. */
static int
location(struct rprof_reader *c, const struct rprof_frame *f, uint32_t *lid,
    struct perr *e)
{
	struct output *o = c->o;
	size_t klen = f->len + 5;
	int64_t fi;
	uint32_t *slot, fid;
	int added;
	const char *path;

	if (array_grow((void **)&c->key, &c->keycap, klen, 1) < 0)
		return perr_nomem(e);
	memcpy(c->key, f->name, f->len);
	c->key[f->len] = '\0';
	memcpy(c->key + f->len + 1, &f->path, 4);
	fi = strtab_intern(&c->funcs, c->key, klen);
	if (fi < 0)
		return perr_nomem(e);
	fid = (uint32_t)fi + 1;
	if ((size_t)fi + 1 == c->funcs.n && c->funcs.n > c->nfuncs_written) {
		c->nfuncs_written = c->funcs.n;
		path = f->path ? strtab_str(&c->paths, f->path - 1) : "";
		row_begin(o, T_FUNCTIONS);
		row_u64(o, fid);
		row_str(o, f->name, f->len);
		row_str(o, f->name, f->len);
		row_str(o, path, f->path ? strtab_len(&c->paths, f->path - 1)
		    : 0);
		out_write(o, "\t0\n", 3);
	}
	slot = u64map_put(&c->locs, (uint64_t)fid << 32 | f->line,
	    c->nlocs + 1, &added);
	if (slot == NULL)
		return perr_nomem(e);
	if (added) {
		c->nlocs++;
		row_begin(o, T_LOCATIONS);
		row_u64(o, *slot);
		row_u64(o, fid);
		row_u64(o, f->line);
		row_end(o);
	}
	*lid = *slot;
	return 0;
}

static void
value(struct output *o, const char *sid, size_t sidlen, const char *type,
    const char *unit, uint64_t v)
{
	out_str(o, "sample_values\t");
	out_write(o, sid, sidlen);
	out_char(o, '\t');
	out_str(o, type);
	out_char(o, '\t');
	out_str(o, unit);
	out_char(o, '\t');
	if (v < (1ULL << 53))
		out_u64(o, v);
	else
		out_dbl(o, (double)v);
	out_char(o, '\n');
}

static int
sample(struct rprof_reader *c, const char *s, const char *end, long lineno,
    struct perr *e)
{
	struct output *o = c->o;
	uint64_t mem[4];
	int i, has_mem = 0;
	size_t d, sidlen;
	char sid[FMT_NUM_MAX];

	if (*s == ':') {
		s++;
		for (i = 0; i < 4; i++)
			if (parse_uint(&s, end, &mem[i]) < 0 || s == end ||
			    *s++ != ':')
				return perr_set(e, "malformed memory prefix");
		has_mem = 1;
	}
	c->nframes = 0;
	if (frames(c, s, end, lineno, e) < 0)
		return -1;
	if (c->nframes == 0 && !has_mem)
		return 0;	/* nothing left of a cut-off line */
	for (d = 0; d < c->nframes; d++)
		if (location(c, &c->frames[d], &c->frames[d].loc, e) < 0)
			return -1;
	c->nsamples++;
	sidlen = fmt_u64(sid, c->nsamples);
	out_str(o, "samples\t");
	out_write(o, sid, sidlen);
	out_char(o, '\t');
	out_u64(o, c->nsources);
	out_char(o, '\n');
	value(o, sid, sidlen, "samples", "count", 1);
	if (has_mem) {
		value(o, sid, sidlen, "vsize.small", "bytes", mem[0] * 8);
		value(o, sid, sidlen, "vsize.large", "bytes", mem[1] * 8);
		value(o, sid, sidlen, "nodes", "bytes", mem[2]);
		value(o, sid, sidlen, "duplications", "count", mem[3]);
	}
	for (d = 0; d < c->nframes; d++) {
		out_str(o, "sample_locations\t");
		out_write(o, sid, sidlen);
		out_char(o, '\t');
		out_u64(o, d + 1);
		out_char(o, '\t');
		out_u64(o, c->frames[d].loc);
		out_char(o, '\n');
	}
	return 0;
}

int
rprof_read(struct rprof_reader *c, struct input *in, const char *uri,
    struct perr *e)
{
	char *line, *end;
	size_t len;
	int rc;

	c->in_session = 0;
	c->quoting_known = 0;
	while ((rc = input_line(in, &line, &len, e)) > 0) {
		end = line + len;
		if (memchr(line, '\0', len) != NULL)
			return perr_set(e, "%s:%ld: NUL byte in line: not Rprof "
			    "text", in->name, in->lineno);
		if (len > 0 && end[-1] == '\r')
			*--end = '\0';
		if (header(c, line, end, uri))
			continue;
		if (!c->in_session) {
			return perr_set(e, "%s:%ld: not an Rprof file: the "
			    "first line must be a header such as "
			    "'sample.interval=20000'", in->name, in->lineno);
		}
		if (starts(line, end, "#File ") ? file_line(c, line, end, e) :
		    line == end ? perr_set(e, "empty line") :
		    sample(c, line, end, in->lineno, e)) {
			char msg[sizeof(e->msg)];
			memcpy(msg, e->msg, sizeof(msg));
			return perr_set(e, "%s:%ld: %s", in->name, in->lineno,
			    msg);
		}
	}
	if (rc == 0 && !c->in_session)
		return perr_set(e, "%s: empty input: not an Rprof file",
		    in->name);
	return rc;
}
