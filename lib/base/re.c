/*
 * A pattern is parsed into a small tree, then compiled to instructions of
 * a backtracking machine (byte class, split, jump, save, anchors). The
 * machine tries the preferred branch of each split first, which is what
 * gives leftmost-first submatches, and never tries an (instruction,
 * position) pair twice: what failed once fails again, whatever the groups
 * hold, so a search over all start positions shares one visited set.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/re.h"

enum { OP_CLASS, OP_SPLIT, OP_JMP, OP_SAVE, OP_BEGIN, OP_END, OP_MATCH };

struct inst {
	int op, x, y;		/* CLASS: x the class; SPLIT: x preferred */
};

typedef uint8_t bitmap[32];

struct re {
	struct inst *code;
	size_t ncode, capcode;
	bitmap *classes;
	size_t nclasses, capclasses;
	int anchored;		/* begins with \A or ^: one start only */
	/* the matcher's memory, kept between calls */
	uint64_t *visited;
	size_t capvisited;
	struct job {
		int pc, restore;
		ptrdiff_t pos;
	} *stack;
	size_t capstack;
};

/* The tree. */
enum { N_CLASS, N_BEGIN, N_END, N_EMPTY, N_CAT, N_ALT, N_QUEST, N_STAR,
	N_PLUS, N_GROUP };

struct node {
	int type, a, b;		/* children; CLASS: a the class; GROUP: b */
};

struct parser {
	const char *s;
	struct re *re;
	struct node *nodes;
	size_t nnodes, capnodes;
	int ngroups, bad;
};

static int
node(struct parser *p, int type, int a, int b)
{
	if (ARRAY_ROOM(p->nodes, p->nnodes, p->capnodes) < 0) {
		p->bad = 1;
		return 0;
	}
	p->nodes[p->nnodes] = (struct node){ type, a, b };
	return (int)p->nnodes++;
}

static int
new_class(struct parser *p)
{
	struct re *re = p->re;

	if (ARRAY_ROOM(re->classes, re->nclasses, re->capclasses) < 0) {
		p->bad = 1;
		return 0;
	}
	memset(re->classes[re->nclasses], 0, sizeof(bitmap));
	return (int)re->nclasses++;
}

#define SET(m, c) ((m)[(uint8_t)(c) >> 3] |= (uint8_t)(1u << ((c) & 7)))
#define HAS(m, c) ((m)[(uint8_t)(c) >> 3] & (1u << ((uint8_t)(c) & 7)))

static void
set_range(uint8_t *m, int lo, int hi)
{
	for (; lo <= hi; lo++)
		SET(m, lo);
}

/* Adds the class of escape letter c (s, d, w and their negations) to m;
 * 0 when c names none. */
static int
perl_class(uint8_t *m, int c)
{
	bitmap t;
	int i;

	memset(t, 0, sizeof(t));
	switch (c | 0x20) {
	case 's':
		SET(t, '\t'); SET(t, '\n'); SET(t, '\f'); SET(t, '\r');
		SET(t, ' ');
		break;
	case 'd':
		set_range(t, '0', '9');
		break;
	case 'w':
		set_range(t, '0', '9');
		set_range(t, 'A', 'Z');
		set_range(t, 'a', 'z');
		SET(t, '_');
		break;
	default:
		return 0;
	}
	for (i = 0; i < 32; i++)
		m[i] |= c >= 'a' ? t[i] : (uint8_t)~t[i];
	return 1;
}

/* One byte of a class or an escape: the byte, or -1 after an error. */
static int
literal(struct parser *p)
{
	int c = (unsigned char)*p->s;

	if (c == '\0') {
		p->bad = 1;
		return -1;
	}
	p->s++;
	if (c != '\\')
		return c;
	c = (unsigned char)*p->s;
	if (c == '\0' || (c >= '0' && c <= '9') ||
	    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
		/* letters other than the classes: not used, not supported */
		p->bad = 1;
		return -1;
	}
	p->s++;
	return c;
}

static int
bracket(struct parser *p)
{
	int k = new_class(p), neg = 0, lo, hi, i, first = 1;
	uint8_t *m;

	if (p->bad)
		return 0;
	m = p->re->classes[k];
	if (*p->s == '^') {
		neg = 1;
		p->s++;
	}
	while (!p->bad && (first || *p->s != ']')) {
		first = 0;
		if (strncmp(p->s, "[:digit:]", 9) == 0) {
			set_range(m, '0', '9');
			p->s += 9;
			continue;
		}
		if (strncmp(p->s, "[:xdigit:]", 10) == 0) {
			set_range(m, '0', '9');
			set_range(m, 'a', 'f');
			set_range(m, 'A', 'F');
			p->s += 10;
			continue;
		}
		if (p->s[0] == '\\' && perl_class(m, (unsigned char)p->s[1])) {
			p->s += 2;
			continue;
		}
		if ((lo = literal(p)) < 0)
			break;
		hi = lo;
		if (p->s[0] == '-' && p->s[1] != ']' && p->s[1] != '\0') {
			p->s++;
			if ((hi = literal(p)) < lo)
				p->bad = 1;
		}
		if (!p->bad)
			set_range(m, lo, hi);
	}
	if (*p->s != ']')
		p->bad = 1;
	else
		p->s++;
	if (neg)
		for (i = 0; i < 32; i++)
			m[i] = (uint8_t)~m[i];
	return node(p, N_CLASS, k, 0);
}

static int alternation(struct parser *p);

static int
atom(struct parser *p)
{
	int k, n, g;

	switch (*p->s) {
	case '(':
		p->s++;
		g = -1;
		if (strncmp(p->s, "?:", 2) == 0)
			p->s += 2;
		else if ((g = ++p->ngroups) >= RE_MAXCAP)
			p->bad = 1;
		n = alternation(p);
		if (*p->s != ')')
			p->bad = 1;
		else
			p->s++;
		return g < 0 ? n : node(p, N_GROUP, n, g);
	case '[':
		p->s++;
		return bracket(p);
	case '^':
		p->s++;
		return node(p, N_BEGIN, 0, 0);
	case '$':
		p->s++;
		return node(p, N_END, 0, 0);
	case '.':
		p->s++;
		k = new_class(p);
		if (!p->bad) {
			memset(p->re->classes[k], 0xff, sizeof(bitmap));
			p->re->classes[k]['\n' >> 3] &= (uint8_t)~(1u << ('\n' & 7));
		}
		return node(p, N_CLASS, k, 0);
	}
	if (p->s[0] == '\\' && (p->s[1] == 'A' || p->s[1] == 'z')) {
		p->s += 2;
		return node(p, p->s[-1] == 'A' ? N_BEGIN : N_END, 0, 0);
	}
	k = new_class(p);
	if (p->bad)
		return 0;
	if (p->s[0] == '\\' && perl_class(p->re->classes[k],
	    (unsigned char)p->s[1]))
		p->s += 2;
	else if ((n = literal(p)) >= 0)
		SET(p->re->classes[k], n);
	return node(p, N_CLASS, k, 0);
}

static int
repeat(struct parser *p)
{
	int n = atom(p);

	for (;;) {
		switch (*p->s) {
		case '?': n = node(p, N_QUEST, n, 0); break;
		case '*': n = node(p, N_STAR, n, 0); break;
		case '+': n = node(p, N_PLUS, n, 0); break;
		default: return n;
		}
		p->s++;
	}
}

static int
concat(struct parser *p)
{
	int n = -1;

	while (!p->bad && *p->s != '\0' && *p->s != '|' && *p->s != ')') {
		int r = repeat(p);
		n = n < 0 ? r : node(p, N_CAT, n, r);
	}
	return n < 0 ? node(p, N_EMPTY, 0, 0) : n;
}

static int
alternation(struct parser *p)
{
	int n = concat(p);

	while (!p->bad && *p->s == '|') {
		p->s++;
		n = node(p, N_ALT, n, concat(p));
	}
	return n;
}

static int
emit(struct parser *p, int op, int x, int y)
{
	struct re *re = p->re;

	if (ARRAY_ROOM(re->code, re->ncode, re->capcode) < 0) {
		p->bad = 1;
		return 0;
	}
	re->code[re->ncode] = (struct inst){ op, x, y };
	return (int)re->ncode++;
}

static void
gen(struct parser *p, int n)
{
	struct node nd = p->nodes[n];
	struct inst *code;
	int split, jmp;

	switch (nd.type) {
	case N_CLASS: emit(p, OP_CLASS, nd.a, 0); return;
	case N_BEGIN: emit(p, OP_BEGIN, 0, 0); return;
	case N_END: emit(p, OP_END, 0, 0); return;
	case N_EMPTY: return;
	case N_CAT: gen(p, nd.a); gen(p, nd.b); return;
	case N_GROUP:
		emit(p, OP_SAVE, 2 * nd.b, 0);
		gen(p, nd.a);
		emit(p, OP_SAVE, 2 * nd.b + 1, 0);
		return;
	case N_PLUS:
		split = (int)p->re->ncode;
		gen(p, nd.a);
		emit(p, OP_SPLIT, split, (int)p->re->ncode + 1);
		return;
	}
	/* ALT, QUEST, STAR: a split, the preferred branch, then the rest */
	split = emit(p, OP_SPLIT, 0, 0);
	gen(p, nd.a);
	jmp = -1;
	if (nd.type != N_QUEST)
		jmp = emit(p, OP_JMP, nd.type == N_STAR ? split : 0, 0);
	if (p->bad)
		return;
	code = p->re->code;
	code[split].x = split + 1;
	code[split].y = (int)p->re->ncode;
	if (nd.type == N_ALT) {
		gen(p, nd.b);
		if (!p->bad)
			p->re->code[jmp].x = (int)p->re->ncode;
	}
}

struct re *
re_compile(const char *pattern)
{
	struct parser p;
	struct re *re = calloc(1, sizeof(*re));
	int root;

	if (re == NULL)
		return NULL;
	memset(&p, 0, sizeof(p));
	p.s = pattern;
	p.re = re;
	root = alternation(&p);
	if (*p.s != '\0')
		p.bad = 1;
	if (!p.bad) {
		int first = root;
		while (p.nodes[first].type == N_CAT)
			first = p.nodes[first].a;
		re->anchored = p.nodes[first].type == N_BEGIN;
		emit(&p, OP_SAVE, 0, 0);
		gen(&p, root);
		emit(&p, OP_SAVE, 1, 0);
		emit(&p, OP_MATCH, 0, 0);
	}
	free(p.nodes);
	if (p.bad) {
		re_free(re);
		return NULL;
	}
	return re;
}

void
re_free(struct re *re)
{
	if (re == NULL)
		return;
	free(re->code);
	free(re->classes);
	free(re->visited);
	free(re->stack);
	free(re);
}

/* Tries a match from start; 1 matched, 0 not, -1 out of memory. */
static int
run(struct re *re, const uint8_t *s, size_t n, size_t start, ptrdiff_t *cap)
{
	size_t top = 0, bit;
	struct job *j;

	if (ARRAY_ROOM(re->stack, top, re->capstack) < 0)
		return -1;
	re->stack[top++] = (struct job){ 0, 0, (ptrdiff_t)start };
	while (top > 0) {
		struct job job = re->stack[--top];
		int pc = job.pc;
		size_t pos = (size_t)job.pos;

		if (job.restore) {
			cap[pc] = job.pos;
			continue;
		}
		for (;;) {
			const struct inst *in = &re->code[pc];

			bit = (size_t)pc * (n + 1) + pos;
			if (re->visited[bit / 64] & (UINT64_C(1) << bit % 64))
				break;
			re->visited[bit / 64] |= UINT64_C(1) << bit % 64;
			if (in->op == OP_CLASS) {
				if (pos >= n || !HAS(re->classes[in->x], s[pos]))
					break;
				pc++;
				pos++;
			} else if (in->op == OP_SPLIT || in->op == OP_SAVE) {
				if (ARRAY_ROOM(re->stack, top, re->capstack) < 0)
					return -1;
				j = &re->stack[top++];
				if (in->op == OP_SPLIT) {
					*j = (struct job){ in->y, 0,
					    (ptrdiff_t)pos };
					pc = in->x;
				} else {
					*j = (struct job){ in->x, 1,
					    cap[in->x] };
					cap[in->x] = (ptrdiff_t)pos;
					pc++;
				}
			} else if (in->op == OP_JMP) {
				pc = in->x;
			} else if (in->op == OP_BEGIN) {
				if (pos != 0)
					break;
				pc++;
			} else if (in->op == OP_END) {
				if (pos != n)
					break;
				pc++;
			} else {
				return 1;
			}
		}
	}
	return 0;
}

int
re_find(struct re *re, const char *s, size_t n, struct re_match *m)
{
	ptrdiff_t cap[2 * RE_MAXCAP];
	size_t words, start, i;
	int rc = 0;

	if (n > (SIZE_MAX / 64 - 1) / re->ncode - 1)
		return -1;
	words = (re->ncode * (n + 1) + 63) / 64;
	if (words > re->capvisited) {
		uint64_t *v = realloc(re->visited, words * sizeof(*v));
		if (v == NULL)
			return -1;
		re->visited = v;
		re->capvisited = words;
	}
	memset(re->visited, 0, words * sizeof(*re->visited));
	for (i = 0; i < 2 * RE_MAXCAP; i++)
		cap[i] = -1;
	for (start = 0; start <= n && rc == 0; start++) {
		rc = run(re, (const uint8_t *)s, n, start, cap);
		if (re->anchored)
			break;
	}
	if (rc <= 0)
		return rc;
	for (i = 0; i < RE_MAXCAP; i++) {
		int set = cap[2 * i] >= 0 && cap[2 * i + 1] >= 0;
		m->cap[i].p = set ? s + cap[2 * i] : NULL;
		m->cap[i].n = set ? (size_t)(cap[2 * i + 1] - cap[2 * i]) : 0;
	}
	return 1;
}
