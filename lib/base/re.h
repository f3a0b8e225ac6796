/* re.h: the part of Go's regexp syntax that google/pprof's legacy profile
 * parsers are written in, matched with Go's leftmost-first submatch
 * semantics, so that the same pattern text captures the same fields.
 *
 * Syntax: literals, `.` (any byte but newline), classes `[...]` (ranges,
 * negation, [:digit:], [:xdigit:], escapes), \s \S \d \D \w \W, escaped
 * punctuation, groups `(...)` and `(?:...)`, `|`, the greedy `?` `*` `+`,
 * and the anchors `^` `\A` (start of text) and `$` `\z` (end of text). It
 * matches bytes, which for these patterns is what Go's runes give. A
 * backtracker that remembers the (instruction, position) pairs it has
 * tried, as Go's own does for small inputs: time and memory are bounded by
 * the pattern's size times the text's. One difference: a group repeated by
 * `*` that can match empty may be left unset where Go sets it empty (no
 * pattern of google/pprof's has one). */
#ifndef RE_H
#define RE_H

#include <stddef.h>

#define RE_MAXCAP 10		/* the whole match and nine groups */

struct re;

struct re_match {
	struct {
		const char *p;	/* NULL: the group took no part */
		size_t n;
	} cap[RE_MAXCAP];
};

/* Compiles a pattern; NULL when out of memory or not in the subset. */
struct re *re_compile(const char *pattern);
void re_free(struct re *re);
/* Finds the leftmost-first match in s[0..n): 1 found (m filled), 0 none,
 * -1 out of memory. */
int re_find(struct re *re, const char *s, size_t n, struct re_match *m);

#endif
