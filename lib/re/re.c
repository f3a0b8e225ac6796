/*
 * The regexp's compiler and matcher. The tree (re_parse.c) becomes
 * instructions (a class, any code point, split, jump, save, assertion,
 * match), repetitions expanded; the matcher runs every thread in step, in
 * priority order (a Pike VM), so the first thread to match among those
 * that started leftmost is Go's leftmost-first match, and each
 * instruction is visited once per position: time is the text's length
 * times the program's, whatever the pattern.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "re/re_impl.h"
#include "base/utf8.h"

enum { I_CLASS, I_ANY, I_ANYNL, I_SPLIT, I_JMP, I_SAVE, I_ASSERT, I_MATCH };

struct inst {
	int op, x, y;		/* SPLIT: x preferred */
};

struct list {
	int *pc;
	int *caps;		/* ncap a thread */
	size_t n;
};

struct job {
	int pc, slot, val;	/* slot >= 0: restore caps[slot] = val */
};

struct re {
	struct inst *code;
	size_t ncode, capcode;
	struct re_class *classes;
	size_t nclasses;
	int anchored;		/* begins with \A: one start only */
	int ngroups;
	/* the matcher's memory, made once */
	struct list l[2];
	unsigned *mark;		/* per instruction: the step it was added */
	unsigned step;
	struct job *stack;
	int *cur;
};

struct compiler {
	struct re *re;
	const struct re_tree *t;
	char *err;
	size_t errlen;
	int bad;
};

static int
re_vm_emit(struct compiler *c, int op, int x, int y)
{
	struct re *re = c->re;

	if (c->bad)
		return 0;
	if (re->ncode >= RE_MAX_INST) {
		if (c->err != NULL)
			snprintf(c->err, c->errlen, "expression too large "
			    "(its repetitions make more than %d instructions)",
			    RE_MAX_INST);
		c->bad = 1;
		return 0;
	}
	if (ARRAY_ROOM(re->code, re->ncode, re->capcode) < 0) {
		if (c->err != NULL)
			snprintf(c->err, c->errlen, "out of memory");
		c->bad = 1;
		return 0;
	}
	re->code[re->ncode] = (struct inst){ op, x, y };
	return (int)re->ncode++;
}

static void
patch(struct compiler *c, int s, int body, int out, int greedy)
{
	if (c->bad)
		return;
	c->re->code[s].x = greedy ? body : out;
	c->re->code[s].y = greedy ? out : body;
}

static void gen(struct compiler *c, int n);

/* Whether node n can match "". */
static int
nullable(const struct re_tree *t, int n)
{
	const struct re_node *nd = &t->nodes[n];
	int i;

	switch (nd->type) {
	case N_CLASS: case N_ANY: case N_ANYNL:
		return 0;
	case N_CAT:
		for (i = 0; i < nd->b; i++)
			if (!nullable(t, t->kids[nd->a + i]))
				return 0;
		return 1;
	case N_ALT:
		for (i = 0; i < nd->b; i++)
			if (nullable(t, t->kids[nd->a + i]))
				return 1;
		return 0;
	case N_REP:
		return nd->min == 0 || nullable(t, nd->a);
	case N_GROUP:
		return nullable(t, nd->a);
	}
	return 1;
}

/* Repetitions, laid out as Go's compiler lays them out (which decides
 * what the groups inside capture): x+ is x then a split back; x* a split
 * before x and a jump back to it, or, when x can match "", (x+)?;
 * x{n,m} n copies, then m - n optional ones nested. */
static void
gen_repeat(struct compiler *c, const struct re_node *nd)
{
	int child = nd->a, i, s, s0, top, *outs, nouts = 0;

	if (nd->max < 0) {
		for (i = 0; i < nd->min - 1 && !c->bad; i++)
			gen(c, child);
		if (nd->min == 0 && !nullable(c->t, child)) {
			s = re_vm_emit(c, I_SPLIT, 0, 0);
			gen(c, child);
			re_vm_emit(c, I_JMP, s, 0);
			patch(c, s, s + 1, (int)c->re->ncode, nd->greedy);
			return;
		}
		s0 = nd->min == 0 ? re_vm_emit(c, I_SPLIT, 0, 0) : 0;
		top = (int)c->re->ncode;
		gen(c, child);
		s = re_vm_emit(c, I_SPLIT, 0, 0);
		patch(c, s, top, s + 1, nd->greedy);
		if (nd->min == 0)
			patch(c, s0, s0 + 1, (int)c->re->ncode, nd->greedy);
		return;
	}
	for (i = 0; i < nd->min && !c->bad; i++)
		gen(c, child);
	/* x{n,m}: m - n nested optional copies, each leaving to the end */
	if (nd->max == nd->min)
		return;
	if ((outs = malloc((size_t)(nd->max - nd->min) * sizeof(*outs))) ==
	    NULL) {
		if (c->err != NULL)
			snprintf(c->err, c->errlen, "out of memory");
		c->bad = 1;
		return;
	}
	for (i = nd->min; i < nd->max && !c->bad; i++) {
		outs[nouts++] = re_vm_emit(c, I_SPLIT, 0, 0);
		gen(c, child);
	}
	for (i = 0; i < nouts; i++)
		patch(c, outs[i], outs[i] + 1, (int)c->re->ncode, nd->greedy);
	free(outs);
}

static void
gen(struct compiler *c, int n)
{
	const struct re_node *nd = &c->t->nodes[n];
	const int *kids = c->t->kids;
	int i, s, *jmps;

	if (c->bad)
		return;
	switch (nd->type) {
	case N_EMPTY:
		return;
	case N_CLASS:
		re_vm_emit(c, I_CLASS, nd->a, 0);
		return;
	case N_ANY:
		re_vm_emit(c, I_ANY, 0, 0);
		return;
	case N_ANYNL:
		re_vm_emit(c, I_ANYNL, 0, 0);
		return;
	case N_ASSERT:
		re_vm_emit(c, I_ASSERT, nd->a, 0);
		return;
	case N_CAT:
		for (i = 0; i < nd->b; i++)
			gen(c, kids[nd->a + i]);
		return;
	case N_GROUP:
		/* groups past those reported still group, unsaved */
		if (nd->b > 0 && nd->b < RE_MAXCAP)
			re_vm_emit(c, I_SAVE, 2 * nd->b, 0);
		gen(c, nd->a);
		if (nd->b > 0 && nd->b < RE_MAXCAP)
			re_vm_emit(c, I_SAVE, 2 * nd->b + 1, 0);
		return;
	case N_REP:
		gen_repeat(c, nd);
		return;
	case N_ALT:
		/* split to each in turn; each then jumps to the end */
		if ((jmps = calloc((size_t)nd->b, sizeof(*jmps))) == NULL) {
			if (c->err != NULL)
				snprintf(c->err, c->errlen, "out of memory");
			c->bad = 1;
			return;
		}
		for (i = 0; i < nd->b && !c->bad; i++) {
			s = i + 1 < nd->b ? re_vm_emit(c, I_SPLIT, 0, 0) : -1;
			gen(c, kids[nd->a + i]);
			jmps[i] = re_vm_emit(c, I_JMP, 0, 0);
			if (s >= 0 && !c->bad) {
				c->re->code[s].x = s + 1;
				c->re->code[s].y = (int)c->re->ncode;
			}
		}
		for (i = 0; i < nd->b && !c->bad; i++)
			c->re->code[jmps[i]].x = (int)c->re->ncode;
		free(jmps);
		return;
	}
}

struct re *
re_compile(const char *pattern, char *err, size_t errlen)
{
	struct re_tree t;
	struct compiler c;
	struct re *re;
	size_t n;

	if (re_parse(pattern, &t, err, errlen) < 0)
		return NULL;
	if ((re = calloc(1, sizeof(*re))) == NULL) {
		if (err != NULL)
			snprintf(err, errlen, "out of memory");
		re_tree_free(&t);
		return NULL;
	}
	memset(&c, 0, sizeof(c));
	c.re = re;
	c.t = &t;
	c.err = err;
	c.errlen = errlen;
	re_vm_emit(&c, I_SAVE, 0, 0);
	gen(&c, t.root);
	re_vm_emit(&c, I_SAVE, 1, 0);
	re_vm_emit(&c, I_MATCH, 0, 0);
	/* the classes are the program's now */
	re->ngroups = t.ncaps;
	re->classes = t.classes;
	re->nclasses = t.nclasses;
	t.classes = NULL;
	t.nclasses = 0;
	re_tree_free(&t);
	n = re->ncode;
	if (!c.bad) {
		re->anchored = n > 1 && re->code[1].op == I_ASSERT &&
		    re->code[1].x == RE_BOT;
		re->l[0].pc = malloc(n * sizeof(int));
		re->l[1].pc = malloc(n * sizeof(int));
		re->l[0].caps = malloc(n * 2 * RE_MAXCAP * sizeof(int));
		re->l[1].caps = malloc(n * 2 * RE_MAXCAP * sizeof(int));
		re->mark = calloc(n, sizeof(*re->mark));
		re->stack = malloc((2 * n + 2) * sizeof(*re->stack));
		re->cur = malloc(2 * RE_MAXCAP * sizeof(int));
		if (re->l[0].pc == NULL || re->l[1].pc == NULL ||
		    re->l[0].caps == NULL || re->l[1].caps == NULL ||
		    re->mark == NULL || re->stack == NULL || re->cur == NULL) {
			if (err != NULL)
				snprintf(err, errlen, "out of memory");
			c.bad = 1;
		}
	}
	if (c.bad) {
		re_free(re);
		return NULL;
	}
	return re;
}

void
re_free(struct re *re)
{
	size_t i;

	if (re == NULL)
		return;
	for (i = 0; i < re->nclasses; i++)
		free(re->classes[i].r);
	free(re->classes);
	free(re->code);
	free(re->l[0].pc);
	free(re->l[1].pc);
	free(re->l[0].caps);
	free(re->l[1].caps);
	free(re->mark);
	free(re->stack);
	free(re->cur);
	free(re);
}

static int
is_word(const uint8_t *s, size_t n, size_t i)
{
	int c = i < n ? s[i] : 0;

	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
	    (c >= 'a' && c <= 'z') || c == '_';
}

static int
holds(int kind, const uint8_t *s, size_t n, size_t pos)
{
	switch (kind) {
	case RE_BOT: return pos == 0;
	case RE_EOT: return pos == n;
	case RE_BOL: return pos == 0 || s[pos - 1] == '\n';
	case RE_EOL: return pos == n || s[pos] == '\n';
	case RE_WORDB:
	case RE_NWORDB:
		return ((pos > 0 && is_word(s, n, pos - 1)) != is_word(s, n,
		    pos)) == (kind == RE_WORDB);
	}
	return 0;
}

/* Adds the thread at pc (its captures in re->cur) to l, following the
 * instructions that consume nothing, each once this step, in priority
 * order; re->cur is as it was after. */
static void
re_vm_add(struct re *re, struct list *l, int pc0, const uint8_t *s, size_t n,
    size_t pos, int ncap)
{
	struct job *st = re->stack;
	size_t top = 0;
	int pc;

	st[top++] = (struct job){ pc0, -1, 0 };
	while (top > 0) {
		struct job j = st[--top];
		if (j.slot >= 0) {
			re->cur[j.slot] = j.val;
			continue;
		}
		for (pc = j.pc; re->mark[pc] != re->step;) {
			const struct inst *in = &re->code[pc];
			re->mark[pc] = re->step;
			if (in->op == I_JMP) {
				pc = in->x;
			} else if (in->op == I_SPLIT) {
				st[top++] = (struct job){ in->y, -1, 0 };
				pc = in->x;
			} else if (in->op == I_SAVE) {
				if (in->x < ncap) {
					st[top++] = (struct job){ 0, in->x,
					    re->cur[in->x] };
					re->cur[in->x] = (int)pos;
				}
				pc++;
			} else if (in->op == I_ASSERT) {
				if (!holds(in->x, s, n, pos))
					break;
				pc++;
			} else {
				l->pc[l->n] = pc;
				memcpy(l->caps + l->n * (size_t)ncap, re->cur,
				    (size_t)ncap * sizeof(int));
				l->n++;
				break;
			}
		}
	}
}

/* The leftmost-first match: 1 with its captures (ncap of them) in out. */
static int
run(struct re *re, const uint8_t *s, size_t n, int ncap, int *out)
{
	struct list *cl = &re->l[0], *nl = &re->l[1], *tmp;
	size_t pos = 0, i, w = 0;
	uint32_t r = 0;
	int matched = 0, k;

	cl->n = 0;
	if (++re->step == 0) {		/* wrapped: marks start over */
		memset(re->mark, 0, re->ncode * sizeof(*re->mark));
		re->step = 1;
	}
	for (;;) {
		/* a thread starting here, after those that started before */
		if (!matched && (pos == 0 || !re->anchored)) {
			for (k = 0; k < ncap; k++)
				re->cur[k] = -1;
			re_vm_add(re, cl, 0, s, n, pos, ncap);
		}
		/* no thread: the next start is the next position's */
		if (cl->n == 0 && (matched || re->anchored || pos >= n))
			break;
		if (pos < n)
			w = utf8_decode(s + pos, n - pos, &r);
		if (++re->step == 0) {
			memset(re->mark, 0, re->ncode * sizeof(*re->mark));
			re->step = 1;
		}
		nl->n = 0;
		for (i = 0; i < cl->n; i++) {
			const struct inst *in = &re->code[cl->pc[i]];
			int *caps = cl->caps + i * (size_t)ncap;
			int next;
			if (in->op == I_MATCH) {
				if (ncap == 0)
					return 1;
				memcpy(out, caps, (size_t)ncap * sizeof(int));
				matched = 1;
				break;	/* the threads after it come second */
			}
			if (pos >= n)
				continue;
			next = in->op == I_ANY || (in->op == I_ANYNL &&
			    r != '\n') || (in->op == I_CLASS &&
			    re_class_has(&re->classes[in->x], r));
			if (!next)
				continue;
			memcpy(re->cur, caps, (size_t)ncap * sizeof(int));
			re_vm_add(re, nl, cl->pc[i] + 1, s, n, pos + w, ncap);
		}
		if (pos >= n)
			break;
		tmp = cl;
		cl = nl;
		nl = tmp;
		pos += w;
	}
	return matched;
}

int
re_find(struct re *re, const char *s, size_t n, struct re_match *m)
{
	int caps[2 * RE_MAXCAP], i;

	if (!run(re, (const uint8_t *)s, n, 2 * RE_MAXCAP, caps))
		return 0;
	for (i = 0; i < RE_MAXCAP; i++) {
		int set = caps[2 * i] >= 0 && caps[2 * i + 1] >= 0;
		m->cap[i].p = set ? s + caps[2 * i] : NULL;
		m->cap[i].n = set ? (size_t)(caps[2 * i + 1] - caps[2 * i]) : 0;
	}
	return 1;
}

int
re_match(struct re *re, const char *s, size_t n)
{
	return run(re, (const uint8_t *)s, n, 0, NULL);
}

int
re_groups(const struct re *re)
{
	return re->ngroups;
}
