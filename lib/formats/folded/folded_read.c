/*
 * Collapsed stacks to the stream, one pass. A plain frame is a function
 * (its name as written, no file) with one location. After austin's header
 * ("# austin: 3.6.0"), a frame "file:function:line" is a location of that
 * line in function (file, function), as austin2pprof reads it, and the
 * values are what its "# mode:" says. Functions and locations are written
 * the first time they are seen, so the output is in define-before-use
 * order.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/folded/folded.h"
#include "stream/sniff.h"

#define MALFORMED (-2)	/* a line that is no collapsed stack */

/* What one input has said of itself. */
struct file_state {
	const struct input *in;
	uint32_t first;		/* its source, 0 before its first line */
	int diff;		/* two values a line: 1, one: 0, not yet: -1 */
	int austin;		/* after "# austin: ..." */
	char mode[16];		/* austin's "# mode:" */
	int64_t type;		/* the writer's handle of its values' type */
	char *key;		/* an austin function's key, reused */
	size_t capkey;
};

static int
folded_begin(void *reader, struct output *o, const void *options,
    struct perr *e)
{
	struct folded_reader *c = reader;
	const struct folded_options *opt = options;

	(void)e;
	memset(c, 0, sizeof(*c));
	sw_begin(&c->w, o, V20, 1u << T_SOURCE_ATTRIBUTES, 0);
	c->type = text_n("", 0);
	c->unit = text_n("", 0);
	if (opt != NULL) {
		c->type = opt->type;
		c->unit = opt->unit;
		c->skip_invalid = opt->skip_invalid;
		c->lines = opt->lines;
	}
	return 0;
}

static void
folded_free(void *reader)
{
	struct folded_reader *c = reader;

	sw_free(&c->w);
	strtab_free(&c->funcs);
	strtab_free(&c->locs);
	free(c->func_loc);
	free(c->frame_loc);
	free(c->stack);
}

/* The value at the end of s..end (after its last space): 0, or -1. Whole
 * numbers are kept exactly (profilers count in 64 bits). Negative values
 * only where signed says they can be (austin's memory mode: frees). */
static int
value(const char *s, const char *end, int sign, const char **start,
    struct num *v)
{
	const char *p = end, *q;
	char *stop;
	int digits = 0;
	uint64_t u = 0;

	while (p > s && p[-1] != ' ')
		p--;
	if (p == s || p == end)
		return -1;
	for (q = p; q < end; q++)
		if (*q >= '0' && *q <= '9')
			digits++;
		else if (*q != '.' && *q != 'e' && *q != 'E' && *q != '+' &&
		    *q != '-')
			return -1;
	if (digits == 0)
		return -1;
	*start = p - 1;		/* the space */
	if (digits == end - p) {
		for (q = p; q < end && u <= ((uint64_t)INT64_MAX -
		    (uint64_t)(*q - '0')) / 10; q++)
			u = u * 10 + (uint64_t)(*q - '0');
		if (q == end) {
			*v = num_of_i64((int64_t)u);
			return 0;
		}
	}
	*v = num_of_dbl(strtod(p, &stop));
	if (stop != end || !isfinite(v->d) || (v->d < 0 && !sign))
		return -1;
	return 0;
}

/* austin's "file:function:line", from the right: a file may hold ':'
 * (C:\...). 0 with the parts, or -1 for a frame of another form (its
 * "P1234" and "T0:7f3e" frames). */
static int
austin_frame(const char *s, size_t len, struct text *file, struct text *fn,
    int64_t *line)
{
	const char *end = s + len, *p = end, *q;
	int64_t n = 0;

	while (p > s && p[-1] >= '0' && p[-1] <= '9')
		p--;
	if (p == end || p == s || p[-1] != ':' || end - p > 18)
		return -1;
	for (q = p; q < end; q++)
		n = n * 10 + (*q - '0');
	q = --p;		/* the ':' before the line */
	while (q > s && q[-1] != ':')
		q--;
	if (q == s || q == p || q - 1 == s)
		return -1;	/* no file, or no function */
	*line = n;
	*fn = text_n(q, (size_t)(p - q));
	*file = text_n(s, (size_t)(q - 1 - s));
	return 0;
}

/* A new location of function fn_id at line; its id. */
static uint32_t
new_location(struct folded_reader *c, uint32_t fn_id, int64_t line)
{
	struct sw_location l = { 0 };

	l.id = ++c->nlocs;
	l.function_id = fn_id;
	l.line = line;
	sw_location(&c->w, &l);
	return l.id;
}

/* The location id of an austin frame, writing its rows when new. */
static int
austin_location(struct folded_reader *c, struct file_state *f,
    const char *name, size_t len, struct text file, struct text fn,
    int64_t line, uint32_t *id)
{
	int64_t k, fk;
	size_t n = file.n + 1 + fn.n;

	if ((k = strtab_intern(&c->locs, name, len)) < 0 ||
	    array_grow((void **)&c->frame_loc, &c->capframe_loc,
	    (size_t)k + 1, sizeof(*c->frame_loc)) < 0)
		return -1;
	if ((size_t)k < c->nframes) {
		*id = c->frame_loc[k];
		return 0;
	}
	c->nframes++;
	/* a function is its file and name: "\n" is in no frame of a line */
	if (array_grow((void **)&f->key, &f->capkey, n, 1) < 0)
		return -1;
	memcpy(f->key, file.p, file.n);
	f->key[file.n] = '\n';
	memcpy(f->key + file.n + 1, fn.p, fn.n);
	if ((fk = strtab_intern(&c->funcs, f->key, n)) < 0)
		return -1;
	if ((size_t)fk == c->nfuncs) {
		c->nfuncs++;
		sw_function(&c->w, (uint32_t)fk + 1, text_marked(fn),
		    text_marked(fn), file, 0);
	}
	*id = c->frame_loc[k] = new_location(c, (uint32_t)fk + 1, line);
	return 0;
}

/* The location id of a frame, writing its rows when new. */
static int
folded_frame(struct folded_reader *c, struct file_state *f, const char *name,
    size_t len, struct stream_id *id, struct perr *e)
{
	int64_t k, line;
	struct text t = text_marked(text_n(name, len)), file, fn;
	uint32_t loc;

	if (f->austin && austin_frame(name, len, &file, &fn, &line) == 0) {
		if (line > INT32_MAX)
			return perr_set(e, "the frame '%.*s' names line %lld, "
			    "past the stream's lines (32 bits)", (int)(len < 200 ?
			    len : 200), name, (long long)line);
		if (austin_location(c, f, name, len, file, fn, line, &loc) < 0)
			return perr_nomem(e);
		stream_id_set(id, loc);
		return 0;
	}
	if ((k = strtab_intern(&c->funcs, t.p, t.n)) < 0 ||
	    array_grow((void **)&c->func_loc, &c->capfunc_loc,
	    (size_t)k + 1, sizeof(*c->func_loc)) < 0)
		return perr_nomem(e);
	if ((size_t)k == c->nfuncs) {
		c->nfuncs++;
		sw_function(&c->w, (uint32_t)k + 1, t, t, text_n("", 0), 0);
		c->func_loc[k] = new_location(c, (uint32_t)k + 1, 0);
	}
	stream_id_set(id, c->func_loc[k]);
	return 0;
}

static int
sample(struct folded_reader *c, struct file_state *f, uint32_t source,
    size_t nframes, struct num v)
{
	struct stream_id sid;
	struct sw_stack stack;
	size_t d;

	stream_id_set(&sid, ++c->nsamples);
	sw_sample(&c->w, &sid, source);
	sw_sample_value(&c->w, &sid, (uint32_t)f->type, v);
	sw_stack_begin(&c->w, &stack, &sid);
	for (d = 0; d < nframes; d++)
		sw_stack_frame(&c->w, &stack, &c->stack[nframes - 1 - d]);
	return 0;
}

static void
source(struct folded_reader *c, struct file_state *f)
{
	sw_source(&c->w, ++c->nsources, text_of(SOURCE_FOLDED),
	    text_of(f->in->uri), NAN);
	if (f->first == 0)
		f->first = c->nsources;
}

/* The type of the values of an input, at its first stack: -t's, else
 * austin's mode (its times are microseconds), else samples. */
static int
value_type(struct folded_reader *c, struct file_state *f)
{
	struct text type = c->type, unit = c->unit;

	if (type.n == 0) {
		type = text_of(VALUE_SAMPLES);
		unit = text_of(UNIT_COUNT);
		if (strcmp(f->mode, "wall") == 0 || strcmp(f->mode, "cpu") == 0) {
			type = text_of(f->mode);
			unit = text_of("microseconds");
		} else if (strcmp(f->mode, "memory") == 0) {
			type = text_of(f->mode);
			unit = text_of("bytes");
		}
	}
	return (f->type = sw_value_type(&c->w, type, unit)) < 0 ? -1 : 0;
}

/* "# key: value": a source attribute, austin.key after austin's first
 * line, else folded.key; another line after '#' is a folded.comment. */
static int
header(struct folded_reader *c, struct file_state *f, const char *s,
    const char *end, struct perr *e)
{
	const char *k = s + 1, *p, *v;
	char key[64];
	size_t n;

	while (k < end && *k == ' ')
		k++;
	for (p = k; p < end && (*p == '_' || *p == '-' || *p == '.' ||
	    (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
	    (*p >= '0' && *p <= '9')); p++)
		;
	n = (size_t)(p - k);
	if (f->first == 0)
		source(c, f);
	if (n == 0 || n > 40 || p == end || *p != ':') {
		sw_source_attr(&c->w, f->first, text_of("folded.comment"),
		    text_n(k, (size_t)(end - k)));
		return 0;
	}
	for (v = p + 1; v < end && *v == ' '; v++)
		;
	if (n == 6 && memcmp(k, "austin", 6) == 0 && c->nsamples_file == 0)
		f->austin = 1;
	if (f->austin && n == 4 && memcmp(k, "mode", 4) == 0) {
		n = (size_t)(end - v) < sizeof(f->mode) ? (size_t)(end - v) :
		    sizeof(f->mode) - 1;
		memcpy(f->mode, v, n);
		f->mode[n] = '\0';
		n = 4;
	}
	snprintf(key, sizeof(key), "%s.%.*s", f->austin ? "austin" : "folded",
	    (int)n, k);
	sw_source_attr(&c->w, f->first, text_of(key), text_n(v,
	    (size_t)(end - v)));
	(void)e;
	return 0;
}

/* One line: "stack value" or "stack base other"; MALFORMED with e saying
 * why when it is neither. */
static int
line(struct folded_reader *c, struct file_state *f, const char *s,
    const char *end, struct perr *e)
{
	const char *p, *q, *stack_end;
	int sign = f->austin && strcmp(f->mode, "memory") == 0;
	struct num v[2];
	size_t n = 0;
	int two;

	if (c->lines) {		/* the whole line a stack, a sample */
		stack_end = end;
		v[0] = v[1] = num_of_i64(1);
		if (f->diff < 0) {
			if (f->first == 0)
				source(c, f);
			f->diff = 0;
			if (value_type(c, f) < 0)
				return perr_nomem(e);
		}
		goto frames;
	}
	if (value(s, end, sign, &stack_end, &v[1]) < 0) {
		perr_set(e, "no value (a number, 0 or more) at the end of the "
		    "line (collapsed stacks are 'frame;frame;... value')");
		return MALFORMED;
	}
	two = value(s, stack_end, sign, &q, &v[0]) == 0;
	if (f->diff < 0) {	/* the first stack tells the form */
		if (f->first == 0)
			source(c, f);
		if ((f->diff = two))
			source(c, f);	/* the other series' source */
		if (value_type(c, f) < 0)
			return perr_nomem(e);
	}
	if (!f->diff)
		v[0] = v[1];
	else if (!two) {
		perr_set(e, "one value, where the first line had two (base and "
		    "other)");
		return MALFORMED;
	} else
		stack_end = q;
frames:
	for (p = s; p < stack_end; p = q + 1) {
		if ((q = memchr(p, ';', (size_t)(stack_end - p))) == NULL)
			q = stack_end;
		if (ARRAY_ROOM(c->stack, n, c->capstack) < 0)
			return perr_nomem(e);
		if (folded_frame(c, f, p, (size_t)(q - p), &c->stack[n++], e) < 0)
			return -1;
	}
	c->nsamples_file++;
	if (!f->diff)
		return sample(c, f, f->first, n, v[0]);
	/* differential: a sample per source with a value */
	if (v[0].d != 0)
		sample(c, f, f->first, n, v[0]);
	if (v[1].d != 0)
		sample(c, f, f->first + 1, n, v[1]);
	return 0;
}

static int
read_lines(struct folded_reader *c, struct file_state *f, struct input *in,
    struct perr *e)
{
	char *s, *end;
	size_t len;
	int rc;

	/* another format (a binary one has no first line to speak of);
	 * lines have no value a sniffer could see: text of no kind */
	if (sniff_expect(in, SNIFF_BIT(SNIFF_FOLDED) | (c->lines ?
	    SNIFF_BIT(SNIFF_UNKNOWN) : 0), c->lines ? "stacks, a line each" :
	    "collapsed stacks", e) < 0)
		return -1;
	while ((rc = input_line(in, &s, &len, e)) > 0) {
		end = s + len;
		if (memchr(s, '\0', len) != NULL)
			return perr_set(e, "%s:%ld: NUL byte in line: not "
			    "collapsed stacks", in->name, in->lineno);
		if (len > 0 && end[-1] == '\r')
			*--end = '\0';
		if (end == s)
			continue;
		if (*s == '#') {
			if (header(c, f, s, end, e) < 0)
				return -1;
			continue;
		}
		if ((rc = line(c, f, s, end, e)) == MALFORMED &&
		    c->skip_invalid) {
			if (c->skipped++ == 0)
				c->first_skipped = in->lineno;
			continue;
		}
		if (rc < 0) {
			char msg[sizeof(e->msg)];
			memcpy(msg, e->msg, sizeof(msg));
			return perr_set(e, "%s:%ld: %s", in->name, in->lineno,
			    msg);
		}
	}
	if (rc < 0)
		return rc;
	if (c->nsamples_file == 0 && c->skipped > 0)
		return perr_set(e, "%s: no line is a collapsed stack (%llu "
		    "left out, the first at line %ld)", in->name,
		    (unsigned long long)c->skipped, c->first_skipped);
	if (f->first == 0)
		return perr_set(e, "%s: empty input: no collapsed stacks",
		    in->name);
	return 0;
}

static int
folded_read(void *reader, struct input *in, struct perr *e)
{
	struct folded_reader *c = reader;
	struct file_state f = { 0 };
	int rc;

	sw_set_input(&c->w, in);
	f.in = in;
	f.diff = -1;
	c->skipped = 0;
	c->first_skipped = 0;
	c->nsamples_file = 0;
	rc = read_lines(c, &f, in, e);
	free(f.key);
	if (rc < 0)
		return perr_at(e, in->name);
	return 0;
}

/* As flamegraph.pl and inferno say it. */
static int
folded_damage(const void *reader, const char *name, char *buf, size_t size)
{
	const struct folded_reader *c = reader;

	if (c->skipped == 0)
		return 0;
	snprintf(buf, size, "%s: left out %llu line%s that %s no collapsed "
	    "stack (the first: line %ld)", name,
	    (unsigned long long)c->skipped, c->skipped == 1 ? "" : "s",
	    c->skipped == 1 ? "is" : "are", c->first_skipped);
	return 1;
}

const struct codec folded_codec = {
	"collapsed stacks", "folded2tsv", SNIFF_BIT(SNIFF_FOLDED),
	sizeof(struct folded_reader), folded_begin, folded_read,
	folded_damage, folded_free
};
