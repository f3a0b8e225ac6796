/* re_impl.h: what the regexp's parser (re_parse.c), its compiler and
 * matcher (re.c) and its Unicode tables (re_unicode.c) share. Not for use
 * outside them. */
#ifndef RE_IMPL_H
#define RE_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "re/re.h"

#define RE_MAX_RUNE 0x10ffffu
#define RE_MAX_REPEAT 1000	/* Go's limit on a repeat count */
#define RE_MAX_DEPTH 1000	/* Go's limit on nesting */
#define RE_MAX_INST 100000	/* instructions, repetitions expanded */

struct re_range {
	uint32_t lo, hi;
};

/* A class: sorted, disjoint, non-adjacent ranges of code points. */
struct re_class {
	struct re_range *r;
	size_t n, cap;
};

struct re_category {
	const char *name;
	const struct re_range *r;
	size_t n;
};
extern const struct re_category re_categories[];
extern const size_t re_ncategories;
/* Unicode's scripts, as Go's unicode.Scripts (re_scripts.c) */
extern const struct re_category re_scripts[];
extern const size_t re_nscripts;

/* Case-folding orbits: each code point that has other cases, and the
 * next in its orbit (ascending, the largest back to the smallest). */
struct re_fold {
	uint32_t cp, next;
};
extern const struct re_fold re_folds[];
extern const size_t re_nfolds;

/* Zero-width assertions. */
enum {
	RE_BOT,		/* \A, or ^ without m: the text's start */
	RE_EOT,		/* \z, or $ without m: the text's end */
	RE_BOL,		/* ^ with m: the start or after \n */
	RE_EOL,		/* $ with m: the end or before \n */
	RE_WORDB,	/* \b: between \w and not \w (ASCII) */
	RE_NWORDB	/* \B */
};

/* The tree the parser makes. */
enum {
	N_EMPTY,	/* matches "" */
	N_CLASS,	/* a: the class */
	N_ANY,		/* any code point */
	N_ANYNL,	/* any but \n */
	N_ASSERT,	/* a: RE_* */
	N_CAT,		/* kids[a .. a + b) in order */
	N_ALT,		/* kids[a .. a + b), the first preferred */
	N_REP,		/* kids[a]; min, max (-1: no limit), greedy */
	N_GROUP		/* kids[a]; b: the capture, 0: none */
};

struct re_node {
	int type, a, b, min, max, greedy;
};

struct re_tree {
	struct re_node *nodes;
	size_t nnodes, capnodes;
	int *kids;
	size_t nkids, capkids;
	struct re_class *classes;
	size_t nclasses, capclasses;
	int root;
	int ncaps;		/* capturing groups */
};

/* Parses pattern into t: 0, or -1 with a message in err (Go's words). */
int re_parse(const char *pattern, struct re_tree *t, char *err,
    size_t errlen);
void re_tree_free(struct re_tree *t);

/* Whether class c holds code point r. */
int re_class_has(const struct re_class *c, uint32_t r);

#endif
