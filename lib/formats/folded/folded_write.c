/*
 * Collapsed stacks, in byte order of their text. The text is not built to
 * be sorted: two stacks are compared a character at a time as they would
 * be written, so memory stays that of the stacks' frame ids.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/folded/folded_write.h"

struct line {
	const struct stacks *st;
	uint32_t stack;
};

/* A stack's text, a character at a time. */
struct cursor {
	const struct stacks *st;
	const uint32_t *f;
	size_t n, fi;		/* frames, and the current one */
	const char *name;
	size_t len, ci;		/* its name, and the next character */
};

static void
cursor_at(struct cursor *c, const struct stacks *st, uint32_t stack)
{
	c->st = st;
	c->f = stacks_frames(st, stack, &c->n);
	c->fi = 0;
	c->ci = 0;
	c->name = c->n > 0 ? stacks_frame_name(st, c->f[0], &c->len) : "";
	if (c->n == 0)
		c->len = 0;
}

/* The folded form of a name's byte */
static int
folded_char(char ch)
{
	return ch == ';' ? ':' : ch == '\n' || ch == '\r' ? ' ' :
	    (unsigned char)ch;
}

/* The next character, or -1 at the end. */
static int
next_char(struct cursor *c)
{
	while (c->fi < c->n) {
		if (c->ci < c->len)
			return folded_char(c->name[c->ci++]);
		if (++c->fi == c->n)
			break;
		c->name = stacks_frame_name(c->st, c->f[c->fi], &c->len);
		c->ci = 0;
		return ';';
	}
	return -1;
}

static int
cmp_lines(const void *x, const void *y)
{
	const struct line *a = x, *b = y;
	struct cursor ca, cb;
	int u, v;

	cursor_at(&ca, a->st, a->stack);
	cursor_at(&cb, b->st, b->stack);
	do {
		u = next_char(&ca);
		v = next_char(&cb);
	} while (u == v && u >= 0);
	if (u != v)
		return u < v ? -1 : 1;
	return (a->stack > b->stack) - (a->stack < b->stack);
}

static void
write_stack(struct output *o, const struct stacks *st, uint32_t stack)
{
	struct cursor c;
	char buf[256];
	size_t n = 0;
	int ch;

	cursor_at(&c, st, stack);
	while ((ch = next_char(&c)) >= 0) {
		buf[n++] = (char)ch;
		if (n == sizeof(buf)) {
			out_write(o, buf, n);
			n = 0;
		}
	}
	out_write(o, buf, n);
}

int
folded_write(const struct stacks *st, const struct prof *p, struct output *o,
    const char *want, int diff, int normalize, struct perr *e)
{
	struct line *lines = NULL;
	size_t nlines = 0, i, nf;
	struct measure_choice c;
	char buf[2 * FMT_NUM_MAX + 3];
	struct num v0, v1;
	double scale;
	int64_t t;
	size_t len;

	if (measure_choose(&st->m, p, want, "raw", &c, e) < 0)
		return -1;
	if ((t = c.type) < 0)
		return 0;	/* no sample, no line */
	scale = diff && normalize ? stacks_base_scale(st, (size_t)t) : 1;
	if ((lines = calloc(st->nstacks + 1, sizeof(*lines))) == NULL)
		return perr_nomem(e);
	for (i = 0; i < st->nstacks; i++) {
		v0 = stacks_value(st, 2 * (size_t)t, i);
		v1 = stacks_value(st, 2 * (size_t)t + 1, i);
		(void)stacks_frames(st, i, &nf);
		if (nf == 0 || (v0.d == 0 && (!diff || v1.d == 0)))
			continue;
		lines[nlines].st = st;
		lines[nlines++].stack = (uint32_t)i;
	}
	if (nlines > 0)
		qsort(lines, nlines, sizeof(*lines), cmp_lines);
	for (i = 0; i < nlines; i++) {
		v0 = stacks_value(st, 2 * (size_t)t, lines[i].stack);
		v1 = stacks_value(st, 2 * (size_t)t + 1, lines[i].stack);
		if (scale != 1)	/* difffolded -n's: truncated */
			v0 = num_of_dbl(trunc(v0.d * scale));
		write_stack(o, st, lines[i].stack);
		len = 0;
		buf[len++] = ' ';
		len += fmt_num(buf + len, v0);
		if (diff) {
			buf[len++] = ' ';
			len += fmt_num(buf + len, v1);
		}
		buf[len++] = '\n';
		out_write(o, buf, len);
	}
	free(lines);
	return 0;
}
