/*
 * Rprof text to the stream. One pass, writing as it reads: a function or
 * location row is written the first time it is seen, just before the sample
 * that uses it, so the output is in define-before-use order and memory
 * holds only the distinct functions, locations and file paths.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/rprof/rprof.h"
#include "stream/sniff.h"

static void rprof_free(void *reader);

static int
rprof_begin(void *reader, struct output *o, const void *options,
    struct perr *e)
{
	struct rprof_reader *c = reader;
	int64_t h;
	int m;

	(void)options;
	memset(c, 0, sizeof(*c));
	sw_begin(&c->w, o, V20, 1u << T_SOURCE_ATTRIBUTES, 0);
	if ((h = sw_value_type(&c->w, text_of(VALUE_SAMPLES),
	    text_of(UNIT_COUNT))) < 0)
		goto nomem;
	c->vt_samples = (uint32_t)h;
	for (m = 0; m < RMEM_COUNT; m++) {
		if ((h = sw_value_type(&c->w,
		    text_of(schema_rprof_memory[m].type),
		    text_of(schema_rprof_memory[m].unit))) < 0)
			goto nomem;
		c->vt_mem[m] = (uint32_t)h;
	}
	return 0;
nomem:
	rprof_free(c);	/* nothing left; freeing again is harmless */
	memset(c, 0, sizeof(*c));
	return perr_nomem(e);
}

static void
rprof_free(void *reader)
{
	struct rprof_reader *c = reader;

	sw_free(&c->w);
	strtab_free(&c->funcs);
	strtab_free(&c->paths);
	u64map_free(&c->locs);
	u64map_free(&c->files);
	free(c->frames);
	free(c->key);
	strtab_free(&c->stacks);
	free(c->stack_at);
	free(c->stack_locs);
}

/* Forgets the stacks seen: a new session or #File line may give the same
 * text other frames. No more are kept once they take STACKS_MAX bytes of
 * text or ids, so that memory stays bounded however many distinct stacks
 * there are. */
#define STACKS_MAX (32u << 20)

static void
forget_stacks(struct rprof_reader *c)
{
	strtab_free(&c->stacks);
	c->nstack_locs = 0;
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
attr(struct rprof_reader *c, const char *key, const char *val)
{
	sw_source_attr(&c->w, c->nsources, text_of(key), text_of(val));
}

static const char *
flag(int v)
{
	return v ? SCHEMA_TRUE : SCHEMA_FALSE;
}

/* A header line; returns 1 when it was one. */
static int
header(struct rprof_reader *c, const char *s, const char *end,
    const char *uri, int crlf)
{
	int mem = 0, gc = 0, line = 0;
	uint64_t interval;
	char num[FMT_NUM_MAX + 1];

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
	forget_stacks(c);
	sw_source(&c->w, c->nsources, text_of(SOURCE_RPROF), text_of(uri), NAN);
	num[fmt_u64(num, interval)] = '\0';
	attr(c, ATTR_RPROF_INTERVAL, num);
	attr(c, ATTR_RPROF_MEMORY, flag(mem));
	attr(c, ATTR_RPROF_GC, flag(gc));
	attr(c, ATTR_RPROF_LINES, flag(line));
	/* R on Windows: so that tsv2rprof writes the session back as it was */
	if (crlf)
		attr(c, ATTR_RPROF_LINE_ENDING, RPROF_CRLF);
	return 1;
}

/* "#File k: path" */
static int
file_line(struct rprof_reader *c, const char *s, const char *end,
    struct perr *e)
{
	uint64_t k;
	int64_t idx;
	uint32_t *slot;
	int added;

	s += 6;
	if (parse_uint(&s, end, &k) < 0 || end - s < 2 || s[0] != ':' ||
	    s[1] != ' ' || k == 0 || k > UINT32_MAX)
		return perr_set(e, "malformed #File line");
	s += 2;
	if ((idx = strtab_intern(&c->paths, s, (size_t)(end - s))) < 0 ||
	    (slot = u64map_put(&c->files, k, (uint32_t)idx + 1, &added)) ==
	    NULL)
		return perr_nomem(e);
	/* the same file again (a session's copies concatenated): the stacks
	 * seen still mean what they meant */
	if (!added && *slot == (uint32_t)idx + 1)
		return 0;
	forget_stacks(c);
	*slot = (uint32_t)idx + 1;	/* from here on, k is this file */
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
			/* "" is a name the stream cannot hold empty: <?>,
			 * which tsv2rprof gives back as "" */
			if (add_frame(c, q > s + 1 ? s + 1 : SCHEMA_EMPTY,
			    q > s + 1 ? (size_t)(q - s - 1) :
			    sizeof(SCHEMA_EMPTY) - 1, have_ref ? ref_path : 0,
			    have_ref ? ref_line : 0, e) < 0)
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
	size_t klen = f->len + 5;
	int64_t fi;
	uint32_t *slot, fid;
	int added;
	struct text path;

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
		path = f->path ? text_n(strtab_str(&c->paths, f->path - 1),
		    strtab_len(&c->paths, f->path - 1)) : text_n("", 0);
		sw_function(&c->w, fid, text_n(f->name, f->len),
		    text_n(f->name, f->len), path, 0);
	}
	slot = u64map_put(&c->locs, (uint64_t)fid << 32 | f->line,
	    c->nlocs + 1, &added);
	if (slot == NULL)
		return perr_nomem(e);
	if (added) {
		struct sw_location row = { .id = *slot, .function_id = fid,
		    .line = f->line };
		c->nlocs++;
		sw_location(&c->w, &row);
	}
	*lid = *slot;
	return 0;
}

/* A memory figure as a value: exact as an integer below 2^53 */
static void
value(struct rprof_reader *c, const struct stream_id *sid, uint32_t type,
    uint64_t v)
{
	sw_sample_value(&c->w, sid, type, num_of_i64((int64_t)v));
}

/* The location ids of the stack [s, end), parsed, in *locs: kept with
 * the text when the line was whole (a cut-off line is counted in
 * dropped each time). */
static int
stack(struct rprof_reader *c, const char *s, const char *end, long lineno,
    const uint32_t **locs, struct perr *e)
{
	long dropped = c->dropped;
	size_t d, len = (size_t)(end - s);
	struct rprof_stack *st;
	int64_t k;

	c->nframes = 0;
	if (frames(c, s, end, lineno, e) < 0)
		return -1;
	if (array_grow((void **)&c->stack_locs, &c->capstack_locs,
	    c->nstack_locs + c->nframes + 1, sizeof(*c->stack_locs)) < 0)
		return perr_nomem(e);
	for (d = 0; d < c->nframes; d++)
		if (location(c, &c->frames[d], &c->stack_locs[c->nstack_locs +
		    d], e) < 0)
			return -1;
	*locs = c->stack_locs + c->nstack_locs;
	if (c->dropped != dropped || c->stacks.arena_len + len > STACKS_MAX ||
	    (c->nstack_locs + c->nframes) * sizeof(*c->stack_locs) >
	    STACKS_MAX)
		return 0;	/* not kept: the next stack takes its place */
	if ((k = strtab_intern(&c->stacks, s, len)) < 0 ||
	    array_grow((void **)&c->stack_at, &c->capstack, (size_t)k + 1,
	    sizeof(*c->stack_at)) < 0)
		return perr_nomem(e);
	st = &c->stack_at[k];
	st->off = (uint32_t)c->nstack_locs;
	st->n = (uint32_t)c->nframes;
	c->nstack_locs += c->nframes;
	return 0;
}

static int
sample(struct rprof_reader *c, const char *s, const char *end, long lineno,
    struct perr *e)
{
	uint64_t mem[4];
	int i, has_mem = 0;
	size_t d, n;
	int64_t k;
	const uint32_t *locs = NULL;
	const struct rprof_stack *st;
	struct stream_id sid;
	struct sw_stack frames;

	if (*s == ':') {
		s++;
		for (i = 0; i < 4; i++)
			if (parse_uint(&s, end, &mem[i]) < 0 || s == end ||
			    *s++ != ':')
				return perr_set(e, "malformed memory prefix");
		/* the stream's values are doubles: exact up to 2^53 (and
		 * vsize counts 8-byte words) */
		for (i = 0; i < 4; i++)
			if (mem[i] > (UINT64_C(1) << 53) / (i < 2 ? 8 : 1))
				return perr_set(e, "memory figure %llu is too "
				    "large: the stream holds numbers exactly up "
				    "to 2^53%s", (unsigned long long)mem[i],
				    i < 2 ? " (bytes: 8 per vsize unit)" : "");
		has_mem = 1;
	}
	if ((k = strtab_find(&c->stacks, s, (size_t)(end - s))) >= 0) {
		st = &c->stack_at[k];
		locs = c->stack_locs + st->off;
		n = st->n;
	} else {
		if (stack(c, s, end, lineno, &locs, e) < 0)
			return -1;
		n = c->nframes;
		if (n == 0 && !has_mem)
			return 0;	/* nothing left of a cut-off line */
	}
	if (sw_failed(&c->w))
		return sw_error(&c->w, e);
	stream_id_set(&sid, ++c->nsamples);
	sw_sample(&c->w, &sid, c->nsources);
	value(c, &sid, c->vt_samples, 1);
	if (has_mem) {
		value(c, &sid, c->vt_mem[RMEM_SMALL], mem[0] * 8);
		value(c, &sid, c->vt_mem[RMEM_LARGE], mem[1] * 8);
		value(c, &sid, c->vt_mem[RMEM_NODES], mem[2]);
		value(c, &sid, c->vt_mem[RMEM_DUPS], mem[3]);
	}
	sw_stack_begin(&c->w, &frames, &sid);
	for (d = 0; d < n; d++)
		sw_stack_frame_n(&c->w, &frames, locs[d]);
	return 0;
}

static int
read_lines(struct rprof_reader *c, struct input *in, struct perr *e)
{
	char *line, *end;
	size_t len;
	int rc, crlf;

	c->in_session = 0;
	c->quoting_known = 0;
	while ((rc = input_line(in, &line, &len, e)) > 0) {
		end = line + len;
		if ((crlf = len > 0 && end[-1] == '\r'))
			*--end = '\0';
		if (header(c, line, end, in->uri, crlf))
			continue;
		if (!c->in_session) {
			enum sniff_kind k = sniff(line, len);
			if (k != SNIFF_UNKNOWN && k != SNIFF_RPROF)
				return perr_set(e, "%s:%ld: not an Rprof file: "
				    "%s", in->name, in->lineno,
				    sniff_advice(k));
			return perr_set(e, "%s:%ld: not an Rprof file: the "
			    "first line must be a header such as "
			    "'sample.interval=20000'", in->name, in->lineno);
		}
		if (memchr(line, '\0', (size_t)(end - line)) != NULL)
			return perr_set(e, "%s:%ld: NUL byte in line: not Rprof "
			    "text", in->name, in->lineno);
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

static int
rprof_read(void *reader, struct input *in, struct perr *e)
{
	struct rprof_reader *c = reader;

	c->dropped = c->ndrop_lines = 0;	/* damage: of this input */
	sw_set_input(&c->w, in);
	/* another format (a binary one has no first line to speak of) */
	if (sniff_expect(in, SNIFF_BIT(SNIFF_RPROF), "an Rprof file", e) < 0)
		return perr_at(e, in->name);
	return read_lines(c, in, e) < 0 ? perr_at(e, in->name) : 0;
}

static int
rprof_damage(const void *reader, const char *name, char *buf,
    size_t size)
{
	const struct rprof_reader *c = reader;

	char lines[128];
	long i;
	int n = 0;

	if (c->dropped == 0)
		return 0;
	lines[0] = '\0';
	for (i = 0; i < c->ndrop_lines && n < (int)sizeof(lines) - 16; i++)
		n += snprintf(lines + n, sizeof(lines) - (size_t)n, "%s%ld",
		    i ? ", " : "", c->drop_lines[i]);
	snprintf(buf, size, "%s: %ld frame%s cut off by the end of a line "
	    "dropped (line%s %s%s)", name, c->dropped, c->dropped == 1 ? "" :
	    "s", c->ndrop_lines == 1 ? "" : "s", lines, c->ndrop_lines == 8 ?
	    ", ..." : "");
	return 1;
}

const struct codec rprof_codec = {
	"Rprof", "rprof2tsv", SNIFF_BIT(SNIFF_RPROF),
	sizeof(struct rprof_reader), rprof_begin, rprof_read,
	rprof_damage, rprof_free
};
