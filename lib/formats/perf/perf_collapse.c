/*
 * FlameGraph's stackcollapse-perf.pl's naming of perf's frames, for
 * tsv2folded --perf: a sample's root the process (comm, with --pid or
 * --tid its ids), each frame its symbol tidied as the script tidies it,
 * an unknown one by its file; _[i] inlined, _[k] kernel, _[j] JIT, with
 * the options that ask for them. Given to the distinct-stacks table
 * (sample/stacks.h) as its namer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/perf/perf_collapse.h"

/* Whether the n bytes at s hold word. */
static int
holds(const char *s, size_t n, const char *word)
{
	size_t k = strlen(word), i;

	for (i = 0; i + k <= n; i++)
		if (memcmp(s + i, word, k) == 0)
			return 1;
	return 0;
}

/* s (n bytes) with what stackcollapse-perf.pl's tidying removes: from the
 * first '(' on (arguments), but "(anonymous namespace)" and Go's
 * "pkg.(*T).M"; quotes. Into buf (n + 1 bytes): its length. */
static size_t
perf_tidy(const char *s, size_t n, char *buf)
{
	static const char anon[] = "(anonymous namespace)";
	size_t i, k = 0, cut = n;
	int go = 0;

	/* Go's method: ".(" then ")." later */
	for (i = 0; i + 1 < n && !go; i++)
		if (s[i] == '.' && s[i + 1] == '(' && holds(s + i + 2, n - i - 2,
		    ")."))
			go = 1;
	for (i = 0; i < n && !go; i++)
		if (s[i] == '(' && !(n - i >= sizeof(anon) - 1 &&
		    memcmp(s + i, anon, sizeof(anon) - 1) == 0)) {
			cut = i;
			break;
		}
	for (i = 0; i < cut; i++)
		if (s[i] != '"' && s[i] != '\'')
			buf[k++] = s[i];
	return k;
}

/* The name stackcollapse-perf.pl gives location l, in a process named
 * java or not: its symbol tidied (an unknown one "[file]" or "[unknown]",
 * with --addrs "<address>"), then _[i] inlined, _[k] kernel, _[j] JIT. */
static char *
perf_name(const struct stack_namer *nm, const struct prof *p, uint32_t li,
    int java, size_t *len)
{
	const struct location *l = &p->locations[li];
	const char *mod = l->mapping != PROF_NONE ? prof_str(p,
	    p->mappings[l->mapping].filename) : "[unknown]", *b, *sym;
	size_t nmod = strlen(mod), nsym, n;
	char *out, pc[24];
	unsigned f = nm->flags;

	if (l->function != PROF_NONE) {
		sym = prof_str(p, p->functions[l->function].name);
		nsym = prof_strlen(p, p->functions[l->function].name);
	} else {
		for (b = mod + nmod; b > mod && b[-1] != '/'; b--)
			;
		sym = strcmp(mod, "[unknown]") != 0 ? b : "unknown";
		nsym = strlen(sym);
	}
	if ((out = malloc(nsym + nmod + 64)) == NULL)
		return NULL;
	if (l->function == PROF_NONE) {
		n = 0;
		out[n++] = '[';
		memcpy(out + n, sym, nsym);
		n += nsym;
		if (f & PERF_COLLAPSE_ADDRS) {
			snprintf(pc, sizeof(pc), " <%llx>", (unsigned long long)
			    l->address);
			memcpy(out + n, pc, strlen(pc));
			n += strlen(pc);
		}
		out[n++] = ']';
		/* the bracketed name is tidied as any */
		n = perf_tidy(out, n, out);
	} else
		n = perf_tidy(sym, nsym, out);
	if (java && memchr(out, '/', n) != NULL && n > 0 && out[0] == 'L') {
		memmove(out, out + 1, n - 1);
		n--;
	}
	/* perf's "caller->inlined" (no line kept) as the script marks it;
	 * a frame inlined as DWARF has it (perf's own "(inlined)" lines,
	 * tsvsymbolize's) keeps its name, as the script keeps those */
	if (l->inlined && l->line == PROF_LINE_NA) {
		if (!holds(out, n, "_[i]")) {
			memcpy(out + n, "_[i]", 4);
			n += 4;
		}
	} else if ((f & PERF_COLLAPSE_KERNEL) && ((nmod > 0 && mod[0] == '[') ||
	    (nmod >= 7 && strcmp(mod + nmod - 7, "vmlinux") == 0)) &&
	    !holds(mod, nmod, "unknown")) {
		memcpy(out + n, "_[k]", 4);
		n += 4;
	} else if ((f & PERF_COLLAPSE_JIT) && strncmp(mod, "/tmp/perf-", 10) ==
	    0 && (b = strchr(mod + 10, '.')) != NULL && b > mod + 10 &&
	    strspn(mod + 10, "0123456789") == (size_t)(b - mod - 10) &&
	    strncmp(b, ".map", 4) == 0 && !holds(out, n, "_[j]")) {
		memcpy(out + n, "_[j]", 4);
		n += 4;
	}
	*len = n;
	return out;
}

/* The process's frame, as stackcollapse-perf.pl names it: comm (its
 * spaces '_'), with --pid "-pid", with --tid "-pid/tid" ("?" for a pid
 * not known), its locations named as in a java process or not; none
 * when the sample has no comm. */
static int
perf_process(const struct stack_namer *nm, const struct prof *p,
    const struct sample *s, char **out, size_t *len, int *java)
{
	const char *comm = NULL, *key;
	char num[2][24] = { "?", "?" }, *name;
	size_t i, n;

	for (i = 0; i < s->nlabels; i++) {
		key = prof_str(p, s->labels[i].key);
		if (strcmp(key, "comm") == 0 && s->labels[i].str != PROF_NONE)
			comm = prof_str(p, s->labels[i].str);
		else if (strcmp(key, "pid") == 0 && !s->labels[i].num_na)
			snprintf(num[0], sizeof(num[0]), "%lld",
			    (long long)s->labels[i].num);
		else if (strcmp(key, "tid") == 0 && !s->labels[i].num_na)
			snprintf(num[1], sizeof(num[1]), "%lld",
			    (long long)s->labels[i].num);
	}
	if (comm == NULL)
		return 0;
	*java = strncmp(comm, "java", 4) == 0;
	if ((name = malloc(strlen(comm) + 64)) == NULL)
		return -1;
	if (nm->flags & PERF_COLLAPSE_TID)
		n = (size_t)sprintf(name, "%s-%s/%s", comm, num[0], num[1]);
	else if (nm->flags & PERF_COLLAPSE_PID)
		n = (size_t)sprintf(name, "%s-%s", comm, num[0]);
	else
		n = (size_t)sprintf(name, "%s", comm);
	for (i = 0; i < n; i++)
		if (name[i] == ' ')
			name[i] = '_';
	*out = name;
	*len = n;
	return 1;
}

struct stack_namer
perf_collapse_namer(unsigned flags)
{
	struct stack_namer nm = { perf_process, perf_name, flags };

	return nm;
}
