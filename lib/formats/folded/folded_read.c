/*
 * Collapsed stacks to the stream, one pass. A frame is a function (its
 * name as written, no file) with one location; both are written the first
 * time they are seen, so the output is in define-before-use order.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/folded/folded.h"
#include "stream/sniff.h"

int
folded_begin(struct folded_reader *c, struct output *o, struct text type,
    struct text unit, struct perr *e)
{
	int64_t h;

	memset(c, 0, sizeof(*c));
	sw_begin(&c->w, o, V20, 0, 0);
	if ((h = sw_value_type(&c->w, type, unit)) < 0) {
		folded_free(c);	/* nothing left; freeing again is harmless */
		memset(c, 0, sizeof(*c));
		return perr_nomem(e);
	}
	c->value_type = (uint32_t)h;
	return 0;
}

void
folded_free(struct folded_reader *c)
{
	sw_free(&c->w);
	strtab_free(&c->funcs);
	free(c->stack);
}

/* The value at the end of s..end (after its last space): 0, or -1. Whole
 * numbers are kept exactly (profilers count in 64 bits). */
static int
value(const char *s, const char *end, const char **start, struct num *v)
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
	if (stop != end || !isfinite(v->d) || v->d < 0)
		return -1;
	return 0;
}

/* The location id of a frame, writing its rows when new. */
static int
frame(struct folded_reader *c, const char *name, size_t len,
    struct stream_id *id, struct perr *e)
{
	int64_t k;
	struct text t = text_marked(text_n(name, len));
	struct sw_location l = { 0 };

	if ((k = strtab_intern(&c->funcs, t.p, t.n)) < 0)
		return perr_nomem(e);
	if ((size_t)k == c->nfuncs_written) {
		c->nfuncs_written++;
		sw_function(&c->w, (uint32_t)k + 1, t, t, text_n("", 0), 0);
		l.id = l.function_id = (uint32_t)k + 1;
		sw_location(&c->w, &l);
	}
	stream_id_set(id, (uint32_t)k + 1);
	return 0;
}

static int
sample(struct folded_reader *c, uint32_t source, size_t nframes,
    struct num v)
{
	struct stream_id sid;
	struct sw_stack stack;
	size_t d;

	stream_id_set(&sid, ++c->nsamples);
	sw_sample(&c->w, &sid, source);
	sw_sample_value(&c->w, &sid, c->value_type, v);
	sw_stack_begin(&c->w, &stack, &sid);
	for (d = 0; d < nframes; d++)
		sw_stack_frame(&c->w, &stack, &c->stack[nframes - 1 - d]);
	return 0;
}

static void
source(struct folded_reader *c, const struct input *in)
{
	sw_source(&c->w, ++c->nsources, text_of(SOURCE_FOLDED),
	    text_of(in->uri), NAN);
}

/* One line: "stack value" or "stack base other". */
static int
line(struct folded_reader *c, const struct input *in, const char *s,
    const char *end, int *diff, uint32_t first, struct perr *e)
{
	const char *p, *q, *stack_end;
	struct num v[2];
	size_t n = 0;
	int two;

	if (value(s, end, &stack_end, &v[1]) < 0)
		return perr_set(e, "no value (a number, 0 or more) at the end of the line "
		    "(collapsed stacks are 'frame;frame;... value')");
	two = value(s, stack_end, &q, &v[0]) == 0;
	if (*diff < 0 && (*diff = two))	/* the first line tells the form */
		source(c, in);		/* the other series' source */
	if (!*diff)
		v[0] = v[1];
	else if (!two)
		return perr_set(e, "one value, where the first line had two "
		    "(base and other)");
	else
		stack_end = q;
	for (p = s; p < stack_end; p = q + 1) {
		if ((q = memchr(p, ';', (size_t)(stack_end - p))) == NULL)
			q = stack_end;
		if (ARRAY_ROOM(c->stack, n, c->capstack) < 0)
			return perr_nomem(e);
		if (frame(c, p, (size_t)(q - p), &c->stack[n++], e) < 0)
			return -1;
	}
	if (!*diff)
		return sample(c, first, n, v[0]);
	/* differential: a sample per source with a value */
	if (v[0].d != 0)
		sample(c, first, n, v[0]);
	if (v[1].d != 0)
		sample(c, first + 1, n, v[1]);
	return 0;
}

static int
read_lines(struct folded_reader *c, struct input *in, struct perr *e)
{
	char *s, *end;
	size_t len;
	uint32_t first = 0;
	int rc, diff = -1;
	enum sniff_kind k;

	while ((rc = input_line(in, &s, &len, e)) > 0) {
		end = s + len;
		if (first == 0 && (k = sniff(s, len)) != SNIFF_UNKNOWN &&
		    k != SNIFF_FOLDED)
			return perr_set(e, "%s:%ld: not collapsed stacks: %s",
			    in->name, in->lineno, sniff_advice(k));
		if (memchr(s, '\0', len) != NULL)
			return perr_set(e, "%s:%ld: NUL byte in line: not "
			    "collapsed stacks", in->name, in->lineno);
		if (len > 0 && end[-1] == '\r')
			*--end = '\0';
		if (end == s)
			continue;
		if (first == 0) {
			source(c, in);
			first = c->nsources;
		}
		if (line(c, in, s, end, &diff, first, e) < 0) {
			char msg[sizeof(e->msg)];
			memcpy(msg, e->msg, sizeof(msg));
			return perr_set(e, "%s:%ld: %s", in->name, in->lineno,
			    msg);
		}
	}
	if (rc == 0 && first == 0)
		return perr_set(e, "%s: empty input: no collapsed stacks",
		    in->name);
	return rc;
}

int
folded_read(struct folded_reader *c, struct input *in, struct perr *e)
{
	return read_lines(c, in, e) < 0 ? perr_at(e, in->name) : 0;
}
