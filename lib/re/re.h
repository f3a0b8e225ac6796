/* re.h: Go's regular expressions: the syntax of Go's regexp package (RE2's:
 * classes, \d \s \w, \pL and the general categories, POSIX [:alpha:],
 * (?i) (?m) (?s) (?U), non-greedy repetitions, counts up to 1000, \Q..\E,
 * \x{...}), matched as Go matches them: on code points (bytes that are not
 * UTF-8 are U+FFFD each), leftmost-first submatches. What Go refuses (a
 * back-reference, a count past 1000) is refused, with Go's words. The
 * matcher follows every thread in step (a Pike VM): time linear in the
 * text for a given pattern, and no memory but the compiled pattern's. The
 * legacy pprof parsers capture fields with it; tsvfocus matches names with
 * it as pprof does. */
#ifndef RE_H
#define RE_H

#include <stddef.h>

#define RE_MAXCAP 10		/* reported: the whole match and nine groups */

struct re;

struct re_match {
	struct {
		const char *p;	/* NULL: the group took no part */
		size_t n;
	} cap[RE_MAXCAP];
};

/* Compiles a pattern; NULL with what is wrong in err (when not NULL). */
struct re *re_compile(const char *pattern, char *err, size_t errlen);
void re_free(struct re *re);
/* Finds the leftmost-first match in s[0..n): 1 found (m filled), 0 none. */
int re_find(struct re *re, const char *s, size_t n, struct re_match *m);
/* The capturing groups of re. */
int re_groups(const struct re *re);
/* Whether re matches anywhere in s[0..n), as Go's MatchString. */
int re_match(struct re *re, const char *s, size_t n);

#endif
