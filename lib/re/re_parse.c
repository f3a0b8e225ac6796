/*
 * Go's regexp syntax (RE2's, as regexp/syntax parses it) to a tree whose
 * leaves are classes of code points. What Go refuses is refused with Go's
 * words for it; back-references and other Perl syntax Go leaves out are
 * not there.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "re/re_impl.h"
#include "base/utf8.h"

enum { F_I = 1, F_M = 2, F_S = 4, F_U = 8 };

struct parser {
	const char *s;
	struct re_tree *t;
	int flags;
	int depth;
	int *stk;		/* children being gathered, a stack */
	size_t nstk, capstk;
	char *err;
	size_t errlen;
	int bad;
};

static int
re_parse_fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	if (!p->bad) {
		va_start(ap, fmt);
		vsnprintf(p->err, p->errlen, fmt, ap);
		va_end(ap);
	}
	p->bad = 1;
	return -1;
}

static int
nomem(struct parser *p)
{
	return re_parse_fail(p, "out of memory");
}

static int
node(struct parser *p, int type, int a, int b)
{
	struct re_tree *t = p->t;

	if (p->bad)
		return -1;
	if (ARRAY_ROOM(t->nodes, t->nnodes, t->capnodes) < 0)
		return nomem(p);
	t->nodes[t->nnodes] = (struct re_node){ type, a, b, 0, 0, 1 };
	return (int)t->nnodes++;
}

static int
re_parse_push(struct parser *p, int n)
{
	if (n < 0 || ARRAY_ROOM(p->stk, p->nstk, p->capstk) < 0)
		return n < 0 ? -1 : nomem(p);
	p->stk[p->nstk++] = n;
	return 0;
}

/* The children pushed since mark, as one node of type (CAT or ALT); a
 * single one is itself. */
static int
gather(struct parser *p, size_t mark, int type)
{
	struct re_tree *t = p->t;
	size_t n = p->nstk - mark, i;
	int first;

	if (p->bad)
		return -1;
	if (n == 0)
		return node(p, N_EMPTY, 0, 0);
	if (n == 1) {
		p->nstk = mark;
		return p->stk[mark];
	}
	if (array_grow((void **)&t->kids, &t->capkids, t->nkids + n,
	    sizeof(*t->kids)) < 0)
		return nomem(p);
	first = (int)t->nkids;
	for (i = 0; i < n; i++)
		t->kids[t->nkids++] = p->stk[mark + i];
	p->nstk = mark;
	return node(p, type, first, (int)n);
}

/* Classes. */

static int
class_new(struct parser *p)
{
	struct re_tree *t = p->t;

	if (p->bad)
		return -1;
	if (ARRAY_ROOM(t->classes, t->nclasses, t->capclasses) < 0)
		return nomem(p);
	memset(&t->classes[t->nclasses], 0, sizeof(t->classes[0]));
	return (int)t->nclasses++;
}

static struct re_class *
cls(struct parser *p, int k)
{
	return &p->t->classes[k];
}

static void
re_class_add(struct parser *p, int k, uint32_t lo, uint32_t hi)
{
	struct re_class *c;

	if (p->bad || k < 0)
		return;
	c = cls(p, k);
	if (ARRAY_ROOM(c->r, c->n, c->cap) < 0) {
		nomem(p);
		return;
	}
	c->r[c->n++] = (struct re_range){ lo, hi };
}

static int
cmp_range(const void *x, const void *y)
{
	const struct re_range *a = x, *b = y;

	return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* Sorted, overlapping and adjacent ranges merged. */
static void
normalize(struct re_class *c)
{
	size_t i, k = 0;

	if (c->n == 0)
		return;
	qsort(c->r, c->n, sizeof(*c->r), cmp_range);
	for (i = 1; i < c->n; i++)
		if (c->r[i].lo <= c->r[k].hi + 1) {
			if (c->r[i].hi > c->r[k].hi)
				c->r[k].hi = c->r[i].hi;
		} else
			c->r[++k] = c->r[i];
	c->n = k + 1;
}

static void
negate(struct parser *p, int k)
{
	struct re_class *c = cls(p, k), old = *c;
	uint32_t next = 0;
	size_t i;

	normalize(&old);
	memset(c, 0, sizeof(*c));
	for (i = 0; i < old.n; i++) {
		if (old.r[i].lo > next)
			re_class_add(p, k, next, old.r[i].lo - 1);
		c = cls(p, k);
		next = old.r[i].hi + 1;
	}
	if (next <= RE_MAX_RUNE)
		re_class_add(p, k, next, RE_MAX_RUNE);
	free(old.r);
}

/* The fold entry of cp, or NULL. */
static const struct re_fold *
fold_of(uint32_t cp)
{
	size_t lo = 0, hi = re_nfolds;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (re_folds[mid].cp < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < re_nfolds && re_folds[lo].cp == cp ? &re_folds[lo] : NULL;
}

/* (?i): every case of what the class holds. */
static void
fold(struct parser *p, int k)
{
	size_t i, j, n = cls(p, k)->n, lo;
	const struct re_fold *f;
	uint32_t a, b;

	for (i = 0; i < n && !p->bad; i++) {
		a = cls(p, k)->r[i].lo;
		b = cls(p, k)->r[i].hi;
		/* the first fold entry at or after a */
		for (lo = 0, j = re_nfolds; lo < j;) {
			size_t mid = (lo + j) / 2;
			if (re_folds[mid].cp < a)
				lo = mid + 1;
			else
				j = mid;
		}
		for (; lo < re_nfolds && re_folds[lo].cp <= b; lo++)
			for (f = fold_of(re_folds[lo].next);
			    f != NULL && f->cp != re_folds[lo].cp;
			    f = fold_of(f->next))
				re_class_add(p, k, f->cp, f->cp);
	}
	normalize(cls(p, k));
}

/* A class node for one code point (its cases under (?i)). */
static int
literal_node(struct parser *p, uint32_t r)
{
	int k = class_new(p);

	re_class_add(p, k, r, r);
	if (k >= 0 && (p->flags & F_I))
		fold(p, k);
	return node(p, N_CLASS, k, 0);
}

static void
add_ranges(struct parser *p, int k, const struct re_range *r, size_t n,
    int neg)
{
	int t;
	size_t i;

	if (!neg) {
		for (i = 0; i < n; i++)
			re_class_add(p, k, r[i].lo, r[i].hi);
		return;
	}
	/* the complement, in a class of its own first; under (?i), of the
	 * folded class, as Go makes it: (?i)\W matches neither S nor k, whose
	 * folds (s, the Kelvin sign) are word characters */
	if ((t = class_new(p)) < 0)
		return;
	for (i = 0; i < n; i++)
		re_class_add(p, t, r[i].lo, r[i].hi);
	if (p->flags & F_I) {
		normalize(cls(p, t));
		fold(p, t);
	}
	negate(p, t);
	for (i = 0; !p->bad && i < cls(p, t)->n; i++)
		re_class_add(p, k, cls(p, t)->r[i].lo, cls(p, t)->r[i].hi);
	/* the scratch class was the last: give it back */
	free(cls(p, t)->r);
	p->t->nclasses--;
}

static const struct re_range r_digit[] = { { '0', '9' } };
static const struct re_range r_space[] = { { '\t', '\n' }, { '\f', '\r' },
	{ ' ', ' ' } };
static const struct re_range r_word[] = { { '0', '9' }, { 'A', 'Z' },
	{ '_', '_' }, { 'a', 'z' } };

/* \d \s \w and their negations, into class k; 0 when c names none. */
static int
perl_class(struct parser *p, int k, int c)
{
	int neg = c >= 'A' && c <= 'Z';

	switch (c | 0x20) {
	case 'd': add_ranges(p, k, r_digit, 1, neg); return 1;
	case 's': add_ranges(p, k, r_space, 3, neg); return 1;
	case 'w': add_ranges(p, k, r_word, 4, neg); return 1;
	}
	return 0;
}

static const struct {
	const char *name;
	struct re_range r[4];
	size_t n;
} posix[] = {
	{ "alnum", { { '0', '9' }, { 'A', 'Z' }, { 'a', 'z' } }, 3 },
	{ "alpha", { { 'A', 'Z' }, { 'a', 'z' } }, 2 },
	{ "ascii", { { 0, 0x7f } }, 1 },
	{ "blank", { { '\t', '\t' }, { ' ', ' ' } }, 2 },
	{ "cntrl", { { 0, 0x1f }, { 0x7f, 0x7f } }, 2 },
	{ "digit", { { '0', '9' } }, 1 },
	{ "graph", { { '!', '~' } }, 1 },
	{ "lower", { { 'a', 'z' } }, 1 },
	{ "print", { { ' ', '~' } }, 1 },
	{ "punct", { { '!', '/' }, { ':', '@' }, { '[', '`' }, { '{', '~' } },
	    4 },
	{ "space", { { '\t', '\r' }, { ' ', ' ' } }, 2 },
	{ "upper", { { 'A', 'Z' } }, 1 },
	{ "word", { { '0', '9' }, { 'A', 'Z' }, { '_', '_' }, { 'a', 'z' } },
	    4 },
	{ "xdigit", { { '0', '9' }, { 'A', 'F' }, { 'a', 'f' } }, 3 },
};

/* [:name:] or [:^name:] at p->s, into class k: 1, 0 when not one. */
static int
posix_class(struct parser *p, int k)
{
	const char *s = p->s + 2, *end;
	size_t i, n;
	int neg = 0;

	if (strncmp(p->s, "[:", 2) != 0 || (end = strstr(s, ":]")) == NULL)
		return 0;
	if (*s == '^') {
		neg = 1;
		s++;
	}
	n = (size_t)(end - s);
	for (i = 0; i < sizeof(posix) / sizeof(posix[0]); i++)
		if (strlen(posix[i].name) == n &&
		    strncmp(posix[i].name, s, n) == 0) {
			add_ranges(p, k, posix[i].r, posix[i].n, neg);
			p->s = end + 2;
			return 1;
		}
	return re_parse_fail(p, "invalid character class range: %.*s",
	    (int)(end + 2 - p->s), p->s);
}

/* \p or \P at p->s (at the backslash), into class k. */
static int
unicode_class(struct parser *p, int k)
{
	const char *name = p->s + 2, *end = name + 1;
	size_t n, i;
	int neg = p->s[1] == 'P', found = 0;

	if (*name == '\0')
		return re_parse_fail(p, "invalid character class range: %s", p->s);
	if (*name == '{') {
		if ((end = strchr(name, '}')) == NULL)
			return re_parse_fail(p, "invalid character class range: %s",
			    p->s);
		name++;
		end++;
	}
	n = (size_t)(end - name) - (end[-1] == '}');
	if (n > 0 && *name == '^') {
		neg = !neg;
		name++;
		n--;
	}
	if (n == 3 && strncmp(name, "Any", 3) == 0) {
		static const struct re_range all = { 0, RE_MAX_RUNE };
		add_ranges(p, k, &all, 1, neg);
		p->s = end;
		return 0;
	}
	/* a category (Lu) or all those of its letter (L), at once: the
	 * negation of a union is not the union of negations; else a script
	 * (Greek), as Go looks in unicode.Categories, then unicode.Scripts */
	{
		int t = class_new(p);
		for (i = 0; t >= 0 && (n == 1 || n == 2) &&
		    i < re_ncategories; i++)
			if (strncmp(re_categories[i].name, name, n) == 0 &&
			    (n == 2 || re_categories[i].name[1] != '\0')) {
				add_ranges(p, t, re_categories[i].r,
				    re_categories[i].n, 0);
				found = 1;
			}
		for (i = 0; t >= 0 && !found && i < re_nscripts; i++)
			if (strlen(re_scripts[i].name) == n &&
			    strncmp(re_scripts[i].name, name, n) == 0) {
				add_ranges(p, t, re_scripts[i].r,
				    re_scripts[i].n, 0);
				found = 1;
			}
		if (t >= 0 && found) {
			normalize(cls(p, t));
			if (neg && (p->flags & F_I))	/* as add_ranges */
				fold(p, t);
			if (neg)
				negate(p, t);
			for (i = 0; !p->bad && i < cls(p, t)->n; i++)
				re_class_add(p, k, cls(p, t)->r[i].lo,
				    cls(p, t)->r[i].hi);
		}
		if (t >= 0) {
			free(cls(p, t)->r);
			p->t->nclasses--;
		}
	}
	if (!found)
		return re_parse_fail(p, "invalid character class range: %.*s",
		    (int)(end - p->s), p->s);
	p->s = end;
	return 0;
}

static int
hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ?
	    c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* One code point: a literal (UTF-8) or an escape that stands for one.
 * p->s at it; -1 after an error. */
static int64_t
code_point(struct parser *p)
{
	const unsigned char *u = (const unsigned char *)p->s;
	const char *at = p->s;
	uint32_t r;
	int64_t v;
	int c, i, d;

	if (*u == '\0')
		return re_parse_fail(p, "missing closing ]: %s", at);
	if (*u != '\\') {
		size_t k = utf8_decode(u, strlen(p->s), &r);
		if (r == UTF8_BAD && k == 1)
			return re_parse_fail(p, "invalid UTF-8: %s", at);
		p->s += k;
		return r;
	}
	c = (unsigned char)p->s[1];
	p->s += 2;
	switch (c) {
	case 'a': return 7;
	case 'f': return '\f';
	case 't': return '\t';
	case 'n': return '\n';
	case 'r': return '\r';
	case 'v': return '\v';
	case '1': case '2': case '3': case '4': case '5': case '6': case '7':
		/* a lone digit would be a back-reference: Go has none */
		if (*p->s < '0' || *p->s > '7')
			break;
		/* FALLTHROUGH */
	case '0':
		for (v = c - '0', i = 1; i < 3 && *p->s >= '0' && *p->s <= '7';
		    i++)
			v = v * 8 + (*p->s++ - '0');
		return v;
	case 'x':
		if (*p->s == '{') {
			for (v = 0, i = 1; (d = hexval(p->s[i])) >= 0; i++)
				if ((v = v * 16 + d) > RE_MAX_RUNE)
					break;
			if (i == 1 || p->s[i] != '}' || v > RE_MAX_RUNE)
				break;
			p->s += i + 1;
			return v;
		}
		if (hexval(p->s[0]) < 0 || hexval(p->s[1]) < 0)
			break;
		v = hexval(p->s[0]) * 16 + hexval(p->s[1]);
		p->s += 2;
		return v;
	default:
		/* punctuation stands for itself */
		if (c != '\0' && c < 0x80 && !(c >= '0' && c <= '9') &&
		    !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') &&
		    c != '_')
			return c;
	}
	for (i = 1; at[i] != '\0' && i < 4 && (i == 1 || at[i] != '\\'); i++)
		;
	return re_parse_fail(p, "invalid escape sequence: %.*s", i, at);
}

static int
bracket(struct parser *p)
{
	const char *start = p->s - 1;
	int k = class_new(p), neg = 0, first = 1;
	int64_t lo, hi;

	if (*p->s == '^') {
		neg = 1;
		p->s++;
	}
	while (!p->bad && (first || *p->s != ']')) {
		/* a ] first is itself; so is a - first or last */
		first = 0;
		if (*p->s == '\0')
			return re_parse_fail(p, "missing closing ]: %s", start);
		if (p->s[0] == '[' && p->s[1] == ':' && posix_class(p, k))
			continue;
		if (p->s[0] == '\\' && perl_class(p, k,
		    (unsigned char)p->s[1])) {
			p->s += 2;
			continue;
		}
		if (p->s[0] == '\\' && (p->s[1] == 'p' || p->s[1] == 'P')) {
			unicode_class(p, k);
			continue;
		}
		if ((lo = code_point(p)) < 0)
			break;
		hi = lo;
		if (p->s[0] == '-' && p->s[1] != ']' && p->s[1] != '\0') {
			const char *r = p->s - 1;
			p->s++;
			if ((hi = code_point(p)) < 0)
				break;
			if (hi < lo)
				return re_parse_fail(p, "invalid character class range: "
				    "%.*s", (int)(p->s - r), r);
		}
		re_class_add(p, k, (uint32_t)lo, (uint32_t)hi);
	}
	if (p->bad)
		return -1;
	p->s++;			/* ] */
	normalize(cls(p, k));
	if (p->flags & F_I)
		fold(p, k);
	if (neg)
		negate(p, k);
	return node(p, N_CLASS, k, 0);
}

static int alternation(struct parser *p);

/* (?flags) or (?flags:re): p->s after "(?". Returns the node of a group,
 * -2 when the flags apply to what follows. */
static int
flag_group(struct parser *p, const char *start)
{
	int flags = p->flags, neg = 0, set = 0, saved, n;

	for (;; p->s++) {
		int f = 0;
		switch (*p->s) {
		case 'i': f = F_I; break;
		case 'm': f = F_M; break;
		case 's': f = F_S; break;
		case 'U': f = F_U; break;
		case '-':
			if (neg)
				goto bad;
			neg = 1;
			set = 0;
			continue;
		case ')':
		case ':':
			/* (?) is nothing, as in Go; (?i-) is refused */
			if (neg && !set)
				goto bad;
			if (*p->s++ == ')') {
				p->flags = flags;
				return -2;
			}
			saved = p->flags;
			p->flags = flags;
			n = alternation(p);
			p->flags = saved;
			if (*p->s != ')')
				return re_parse_fail(p, "missing closing ): %s", start);
			p->s++;
			return node(p, N_GROUP, n, 0);
		default:
			goto bad;
		}
		flags = neg ? flags & ~f : flags | f;
		set = 1;
	}
bad:
	return re_parse_fail(p, "invalid or unsupported Perl syntax: %.*s",
	    (int)(p->s - start + (*p->s != '\0')), start);
}

static int
group(struct parser *p)
{
	const char *start = p->s - 1, *name;
	int cap = 0, n, saved;

	if (p->s[0] == '?') {
		p->s++;
		if (p->s[0] == 'P' && p->s[1] == '<')
			p->s++;
		if (p->s[0] == '<') {
			for (name = ++p->s; (*p->s >= 'a' && *p->s <= 'z') ||
			    (*p->s >= 'A' && *p->s <= 'Z') ||
			    (*p->s >= '0' && *p->s <= '9') || *p->s == '_';
			    p->s++)
				;
			if (p->s == name || *p->s != '>')
				return re_parse_fail(p, "invalid named capture: %s",
				    start);
			p->s++;
			cap = ++p->t->ncaps;
		} else
			return flag_group(p, start);
	} else
		cap = ++p->t->ncaps;
	saved = p->flags;	/* (?i) inside ends with the group */
	n = alternation(p);
	p->flags = saved;
	if (*p->s != ')')
		return p->bad ? -1 : re_parse_fail(p, "missing closing ): %s", start);
	p->s++;
	return node(p, N_GROUP, n, cap);
}

/* {n}, {n,} or {n,m} at p->s: 1 with them, 0 when it is not one (then
 * '{' is a literal, as Go takes it). */
static int
repeat_counts(const char *s, int *min, int *max, const char **end)
{
	long a = 0, b;
	int da = 0, db = 0;

	if (*s++ != '{')
		return 0;
	for (; *s >= '0' && *s <= '9'; s++, da++)
		if ((a = a * 10 + (*s - '0')) > 100000)
			a = 100000;
	if (da == 0)
		return 0;
	b = a;
	if (*s == ',') {
		s++;
		for (b = 0; *s >= '0' && *s <= '9'; s++, db++)
			if ((b = b * 10 + (*s - '0')) > 100000)
				b = 100000;
		if (db == 0)
			b = -1;
	}
	if (*s != '}')
		return 0;
	*min = (int)a;
	*max = (int)b;
	*end = s + 1;
	return 1;
}

static int
is_repeat(const char *s)
{
	int a, b;
	const char *e;

	return *s == '*' || *s == '+' || *s == '?' ||
	    repeat_counts(s, &a, &b, &e);
}

/* An atom, pushed on the stack of the concatenation (\Q...\E pushes its
 * code points but the last, which a repetition then takes alone). */
static int
atom(struct parser *p)
{
	const char *start = p->s;
	int k, n, min, max;
	const char *end;

	switch (*p->s) {
	case '(':
		p->s++;
		if (++p->depth > RE_MAX_DEPTH)
			return re_parse_fail(p, "expression nests too deeply");
		n = group(p);
		p->depth--;
		return n;
	case '[':
		p->s++;
		return bracket(p);
	case '.':
		p->s++;
		return node(p, (p->flags & F_S) ? N_ANY : N_ANYNL, 0, 0);
	case '^':
		p->s++;
		return node(p, N_ASSERT, (p->flags & F_M) ? RE_BOL : RE_BOT, 0);
	case '$':
		p->s++;
		return node(p, N_ASSERT, (p->flags & F_M) ? RE_EOL : RE_EOT, 0);
	case '*': case '+': case '?':
		return re_parse_fail(p, "missing argument to repetition operator: %c",
		    *p->s);
	case '{':
		if (repeat_counts(p->s, &min, &max, &end))
			return re_parse_fail(p, "missing argument to repetition "
			    "operator: %.*s", (int)(end - p->s), p->s);
		p->s++;
		return literal_node(p, '{');
	case '\\':
		switch (p->s[1]) {
		case 'A': p->s += 2; return node(p, N_ASSERT, RE_BOT, 0);
		case 'z': p->s += 2; return node(p, N_ASSERT, RE_EOT, 0);
		case 'b': p->s += 2; return node(p, N_ASSERT, RE_WORDB, 0);
		case 'B': p->s += 2; return node(p, N_ASSERT, RE_NWORDB, 0);
		case 'p': case 'P':
			if ((k = class_new(p)) < 0 || unicode_class(p, k) < 0)
				return -1;
			if (p->flags & F_I)	/* as Go folds every class */
				fold(p, k);
			return node(p, N_CLASS, k, 0);
		case 'Q': {
			const char *q = p->s + 2, *e = strstr(q, "\\E");
			uint32_t r;
			size_t len = e != NULL ? (size_t)(e - q) : strlen(q), i;
			int last = -1;
			p->s = q + len + (e != NULL ? 2 : 0);
			for (i = 0; i < len;) {
				size_t w = utf8_decode((const unsigned char *)q +
				    i, len - i, &r);
				if (last >= 0 && re_parse_push(p, last) < 0)
					return -1;
				last = literal_node(p, r);
				i += w;
			}
			return last >= 0 ? last : node(p, N_EMPTY, 0, 0);
		}
		}
		if ((k = class_new(p)) < 0)
			return -1;
		if (perl_class(p, k, (unsigned char)p->s[1])) {
			p->s += 2;
			normalize(cls(p, k));
			if (p->flags & F_I)
				fold(p, k);
			return node(p, N_CLASS, k, 0);
		}
		p->t->nclasses--;	/* not needed */
		break;
	}
	{
		int64_t r = code_point(p);
		if (r < 0)
			return -1;
		(void)start;
		return literal_node(p, (uint32_t)r);
	}
}

/* Go's rule for x{n,m}: it and the repetitions inside it make at most
 * budget copies of the innermost thing (RE_MAX_REPEAT), so that
 * (.{1,100}){1,100} is refused as Go refuses it, not compiled into a
 * program 10,000 copies long. Asked only when min or max is 2 or more,
 * as Go asks: each subtree is walked a few times at most. */
static int
repeat_is_valid(const struct re_tree *t, int n, int budget)
{
	const struct re_node *nd = &t->nodes[n];
	int m, i;

	if (nd->type == N_REP) {
		m = nd->max;
		if (m == 0)
			return 1;
		if (m < 0)
			m = nd->min;
		if (m > budget)
			return 0;
		if (m > 0)
			budget /= m;
	}
	switch (nd->type) {
	case N_CAT: case N_ALT:
		for (i = 0; i < nd->b; i++)
			if (!repeat_is_valid(t, t->kids[nd->a + i], budget))
				return 0;
		return 1;
	case N_REP: case N_GROUP:
		return repeat_is_valid(t, nd->a, budget);
	}
	return 1;
}

/* An atom and the repetitions after it. */
static int
repeat(struct parser *p)
{
	int n = atom(p), min, max, r;
	const char *op, *end;

	if (n < 0)
		return n;	/* -2: (?flags), which takes no repetition */
	if (!is_repeat(p->s))
		return n;
	op = p->s;
	switch (*p->s) {
	case '*': min = 0; max = -1; end = p->s + 1; break;
	case '+': min = 1; max = -1; end = p->s + 1; break;
	case '?': min = 0; max = 1; end = p->s + 1; break;
	default:
		repeat_counts(p->s, &min, &max, &end);
		if (min > RE_MAX_REPEAT || max > RE_MAX_REPEAT ||
		    (max >= 0 && max < min))
			return re_parse_fail(p, "invalid repeat count: %.*s",
			    (int)(end - p->s), p->s);
	}
	p->s = end;
	if (*p->s == '?')
		p->s++;
	if (is_repeat(p->s))
		return re_parse_fail(p, "invalid nested repetition operator: %.*s",
		    (int)(p->s - op + 1), op);
	if ((r = node(p, N_REP, n, 0)) < 0)
		return -1;
	p->t->nodes[r].min = min;
	p->t->nodes[r].max = max;
	if (*op == '{' && (min >= 2 || max >= 2) &&
	    !repeat_is_valid(p->t, r, RE_MAX_REPEAT))
		return re_parse_fail(p, "invalid repeat count: %.*s", (int)(end - op),
		    op);
	/* greedy unless ?, the other way round under U */
	p->t->nodes[r].greedy = (p->s[-1] != '?' || p->s - 1 == op) ^
	    !!(p->flags & F_U);
	return r;
}

static int
concat(struct parser *p)
{
	size_t mark = p->nstk;
	int n;

	while (!p->bad && *p->s != '\0' && *p->s != '|' && *p->s != ')') {
		if ((n = repeat(p)) == -2)
			continue;	/* (?flags): nothing to match */
		if (re_parse_push(p, n) < 0)
			return -1;
	}
	return gather(p, mark, N_CAT);
}

static int
alternation(struct parser *p)
{
	size_t mark = p->nstk;

	if (re_parse_push(p, concat(p)) < 0)
		return -1;
	while (!p->bad && *p->s == '|') {
		p->s++;
		if (re_parse_push(p, concat(p)) < 0)
			return -1;
	}
	return gather(p, mark, N_ALT);
}

int
re_parse(const char *pattern, struct re_tree *t, char *err, size_t errlen)
{
	struct parser p;
	char none[1];

	memset(t, 0, sizeof(*t));
	memset(&p, 0, sizeof(p));
	p.s = pattern;
	p.t = t;
	p.err = err != NULL ? err : none;
	p.errlen = err != NULL ? errlen : sizeof(none);
	t->root = alternation(&p);
	if (!p.bad && *p.s == ')')
		re_parse_fail(&p, "unexpected ): %s", pattern);
	free(p.stk);
	if (p.bad) {
		re_tree_free(t);
		return -1;
	}
	return 0;
}

void
re_tree_free(struct re_tree *t)
{
	size_t i;

	for (i = 0; i < t->nclasses; i++)
		free(t->classes[i].r);
	free(t->classes);
	free(t->nodes);
	free(t->kids);
	memset(t, 0, sizeof(*t));
}

int
re_class_has(const struct re_class *c, uint32_t r)
{
	size_t lo = 0, hi = c->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (c->r[mid].hi < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->n && c->r[lo].lo <= r;
}
