/* pprof's ShortenFunctionName (shortname.h), with its own expressions,
 * matched by the Go-compatible engine. */
#include <string.h>

#include "sample/shortname.h"
#include "re/re.h"

/* pprof's, in internal/graph/graph.go (java's in two parts: one line
 * each would pass 80 columns) */
#define JAVA_NAME "^(?:[a-z]\\w*\\.)*([A-Z][\\w\\$]*\\.(?:<init>|[a-z][\\w\\$]*"
#define JAVA_END "(?:\\$\\d+)?))(?:(?:\\()|$)"
static const char *const patterns[] = {
	"^\\(anonymous namespace\\)::",		/* cppAnonymousPrefix */
	"^(.*?)/v(?:[2-9]|[1-9][0-9]+)([./].*)$",	/* goVer */
	"^(?:[\\w\\-\\.]+\\/)+(.+)",			/* go */
	JAVA_NAME JAVA_END,				/* java */
	"^(?:[_a-zA-Z]\\w*::)+(_*[A-Z]\\w*::~?[_a-zA-Z]\\w*(?:<.*>)?)",
						/* cpp */
};
#define NPAT (sizeof(patterns) / sizeof(patterns[0]))

static struct re *compiled[NPAT];
static int ready, broken;

static int
compile(void)
{
	size_t i;

	if (!ready) {
		for (i = 0; i < NPAT; i++)
			if ((compiled[i] = re_compile(patterns[i], NULL, 0)) ==
			    NULL)
				broken = 1;
		ready = 1;
	}
	return broken ? -1 : 0;
}

/* The groups of m joined into buf; the length. */
static size_t
join(char *buf, size_t cap, const struct re_match *m, int groups)
{
	size_t n = 0, k;
	int i;

	for (i = 1; i <= groups && i < RE_MAXCAP; i++) {
		if (m->cap[i].p == NULL)
			continue;
		k = m->cap[i].n < cap - n ? m->cap[i].n : cap - n;
		memmove(buf + n, m->cap[i].p, k);
		n += k;
	}
	return n;
}

size_t
short_name(char *buf, size_t cap, const char *name, size_t len)
{
	struct re_match m;
	size_t n, i;
	char tmp[1024];

	if (cap == 0)
		return 0;
	n = len < sizeof(tmp) ? len : sizeof(tmp);
	memcpy(tmp, name, n);
	/* (out of memory for the expressions: the name whole) */
	if (len > sizeof(tmp) || compile() < 0) {
		n = len < cap ? len : cap;
		memcpy(buf, name, n);
		return n;
	}
	if (re_find(compiled[0], tmp, n, &m) == 1) {
		memmove(tmp, tmp + m.cap[0].n, n - m.cap[0].n);
		n -= m.cap[0].n;
	}
	if (re_find(compiled[1], tmp, n, &m) == 1)
		n = join(tmp, sizeof(tmp), &m, 2);
	for (i = 2; i < NPAT; i++)
		if (re_find(compiled[i], tmp, n, &m) == 1 &&
		    re_groups(compiled[i]) >= 1) {
			n = join(buf, cap, &m, re_groups(compiled[i]));
			return n;
		}
	n = n < cap ? n : cap;
	memcpy(buf, tmp, n);
	return n;
}

size_t
short_name_family(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] == '.' || s[i] == '(' || (s[i] == ':' && i + 1 < len &&
		    s[i + 1] == ':'))
			return i > 0 ? i : len;
	return len;
}
