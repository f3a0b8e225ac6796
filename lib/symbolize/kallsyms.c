/*
 * /proc/kallsyms read (kallsyms.h): its text symbols (t, T, w, W),
 * sorted by address; of several at one address, the one perf's
 * choose_best_symbol keeps: not weak, then global, then the fewest
 * leading underscores, then the longest name.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "symbolize/kallsyms.h"

struct ksym {
	uint64_t addr;
	uint32_t name;		/* offset in names */
	uint32_t seq;		/* its line: the first of equals is kept */
	char type;
};

struct kallsyms {
	struct ksym *syms;
	size_t n, cap;
	char *names;
	size_t nnames, capnames;
};

static int
ksym_cmp(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static size_t
ksym_underscores(const char *s)
{
	size_t n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/* Whether symbol a is the better of two at one address, as perf's. */
static int
ksym_better(const struct kallsyms *k, const struct ksym *a,
    const struct ksym *b)
{
	const char *na = k->names + a->name, *nb = k->names + b->name;
	int wa = tolower((unsigned char)a->type) == 'w';
	int wb = tolower((unsigned char)b->type) == 'w';
	int ga = isupper((unsigned char)a->type) != 0;
	int gb = isupper((unsigned char)b->type) != 0;
	size_t ua = ksym_underscores(na), ub = ksym_underscores(nb);

	if (wa != wb)
		return wb;
	if (ga != gb)
		return ga;
	if (ua != ub)
		return ua < ub;
	return strlen(na) > strlen(nb);
}

struct kallsyms *
kallsyms_load(const char *path, struct perr *e)
{
	struct kallsyms *k = calloc(1, sizeof(*k));
	char *line = NULL, *name, *end, type;
	size_t cap = 0, len, i, j;
	unsigned long long addr;
	int nonzero = 0;
	ssize_t got;
	FILE *f;

	if (k == NULL) {
		perr_nomem(e);
		return NULL;
	}
	if ((f = fopen(path, "r")) == NULL) {
		perr_set(e, "%s: cannot be read", path);
		free(k);
		return NULL;
	}
	while ((got = getline(&line, &cap, f)) > 0) {
		/* "ADDR TYPE NAME[\t[module]]" */
		addr = strtoull(line, &end, 16);
		if (end == line || *end != ' ' || end[1] == '\0' ||
		    end[2] != ' ')
			continue;
		type = end[1];
		if (strchr("tTwW", type) == NULL)
			continue;
		name = end + 3;
		len = strcspn(name, "\t\n");
		if (len == 0)
			continue;
		if (ARRAY_ROOM(k->syms, k->n, k->cap) < 0 ||
		    array_grow((void **)&k->names, &k->capnames, k->nnames +
		    len + 1, 1) < 0) {
			perr_nomem(e);
			goto fail;
		}
		memcpy(k->names + k->nnames, name, len);
		k->names[k->nnames + len] = '\0';
		k->syms[k->n].addr = addr;
		k->syms[k->n].seq = (uint32_t)k->n;
		k->syms[k->n].name = (uint32_t)k->nnames;
		k->syms[k->n++].type = type;
		k->nnames += len + 1;
		nonzero |= addr != 0;
	}
	if (ferror(f)) {
		perr_set(e, "%s: cannot be read", path);
		goto fail;
	}
	if (k->n == 0 || !nonzero) {
		perr_set(e, "%s: %s", path, k->n == 0 ? "no text symbols" :
		    "every address is 0 (kernel.kptr_restrict hides them: "
		    "read it as root)");
		goto fail;
	}
	qsort(k->syms, k->n, sizeof(*k->syms), ksym_cmp);
	/* one symbol an address: the best of each run */
	for (i = j = 0; i < k->n; i++) {
		if (j > 0 && k->syms[j - 1].addr == k->syms[i].addr) {
			if (ksym_better(k, &k->syms[i], &k->syms[j - 1]))
				k->syms[j - 1] = k->syms[i];
			continue;
		}
		k->syms[j++] = k->syms[i];
	}
	k->n = j;
	free(line);
	fclose(f);
	return k;
fail:
	free(line);
	fclose(f);
	kallsyms_free(k);
	return NULL;
}

void
kallsyms_free(struct kallsyms *k)
{
	if (k == NULL)
		return;
	free(k->syms);
	free(k->names);
	free(k);
}

const char *
kallsyms_find(const struct kallsyms *k, uint64_t addr)
{
	size_t lo = 0, hi = k->n, mid;

	/* the last symbol at or below addr */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (k->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo == 0 ? NULL : k->names + k->syms[lo - 1].name;
}
