#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "analysis/folded.h"

struct line {
	size_t off;		/* in the text, while it grows */
	const char *p;		/* then a pointer, to sort */
	size_t stack, len;	/* the stack's length, the line's */
};

static int
cmp_lines(const void *x, const void *y)
{
	const struct line *a = x, *b = y;
	size_t n = a->stack < b->stack ? a->stack : b->stack;
	int c = memcmp(a->p, b->p, n);

	return c != 0 ? c : (a->stack > b->stack) - (a->stack < b->stack);
}

/* Appends the frames of node n, root first, to the text: up the tree
 * into chain (no recursion: a stack may be millions of frames deep), then
 * down it. */
static int
path(const struct stacks *st, uint32_t n, uint32_t **chain, size_t *capchain,
    char **buf, size_t *len, size_t *cap)
{
	const char *name;
	size_t depth = 0, k, i;
	char *q;

	for (; n != 0; n = st->nodes[n].parent) {
		if (ARRAY_ROOM(*chain, depth, *capchain) < 0)
			return -1;
		(*chain)[depth++] = n;
	}
	while (depth > 0) {
		n = (*chain)[--depth];
		name = stacks_frame_name(st, st->nodes[n].frame, &k);
		if (array_grow((void **)buf, cap, *len + k + 1, 1) < 0)
			return -1;
		q = *buf + *len;
		if (st->nodes[n].parent != 0)
			*q++ = ';';
		for (i = 0; i < k; i++)
			q[i] = name[i] == ';' ? ':' : name[i] == '\n' ||
			    name[i] == '\r' ? ' ' : name[i];
		*len = (size_t)(q + k - *buf);
	}
	return 0;
}

int
folded_write(const struct stacks *st, const struct prof *p, struct output *o,
    const char *want, int diff, int normalize, struct perr *e)
{
	struct line *lines = NULL, *l;
	size_t nlines = 0, caplines = 0, len = 0, cap = 0, i;
	char *buf = NULL;
	uint32_t *chain = NULL;
	size_t capchain = 0;
	struct num v0, v1;
	double scale;
	int64_t t;
	uint32_t n;

	struct measure_choice c;

	if (measure_choose(&st->m, p, want, "raw", &c, e) < 0)
		return -1;
	if ((t = c.type) < 0)
		return 0;	/* no sample, no line */
	scale = diff && normalize ? stacks_base_scale(st, (size_t)t) : 1;
	for (n = 1; n < st->nnodes; n++) {
		v0 = stacks_value(st, 2 * (size_t)t, n);
		v1 = stacks_value(st, 2 * (size_t)t + 1, n);
		if (v0.d == 0 && (!diff || v1.d == 0))
			continue;
		if (scale != 1)	/* difffolded -n's: truncated */
			v0 = num_of_dbl(trunc(v0.d * scale));
		if (ARRAY_ROOM(lines, nlines, caplines) < 0)
			goto nomem;
		l = &lines[nlines++];
		l->off = len;
		if (path(st, n, &chain, &capchain, &buf, &len, &cap) < 0 ||
		    array_grow((void **)&buf, &cap, len + 2 * FMT_NUM_MAX + 3,
		    1) < 0)
			goto nomem;
		l->stack = len - l->off;
		buf[len++] = ' ';
		len += fmt_num(buf + len, v0);
		if (diff) {
			buf[len++] = ' ';
			len += fmt_num(buf + len, v1);
		}
		buf[len++] = '\n';
		l->len = len - l->off;
	}
	for (i = 0; i < nlines; i++)
		lines[i].p = buf + lines[i].off;
	if (nlines > 0)		/* lines is NULL when there are none */
		qsort(lines, nlines, sizeof(*lines), cmp_lines);
	for (i = 0; i < nlines; i++)
		out_write(o, lines[i].p, lines[i].len);
	free(lines);
	free(buf);
	free(chain);
	return 0;
nomem:
	free(lines);
	free(buf);
	free(chain);
	return perr_nomem(e);
}
