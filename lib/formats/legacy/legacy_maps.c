/*
 * The memory map after a legacy profile's samples: lines in the form of
 * /proc/self/maps, or the brief "start-end file (@offset) build-id", each
 * perhaps behind a glog prefix; non-executable ranges skipped; a line of
 * the form key=value defines $key for the lines after it; anything else
 * ignored. The patterns are google/pprof's.
 */
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/legacy/legacy.h"

#define HEX_RANGE "\\s*(?:0x)?([[:xdigit:]]+)[\\s-]?\\s*(?:0x)?([[:xdigit:]]+):?"
#define PERM "(?:\\s+([-rwxp]+))?"
#define PROC_MAPS "^" HEX_RANGE PERM "(?:\\s+([[:xdigit:]]+))?" \
	"\\s+[[:xdigit:]]+:[[:xdigit:]]+\\s+[[:digit:]]+(?:\\s+(\\S+))?"
#define BRIEF_MAPS "^" HEX_RANGE PERM "(?:\\s+(\\S+))?" \
	"(?:\\s+\\(@([[:xdigit:]]+)\\))?(?:\\s+([[:xdigit:]]+))?"
#define LOG_PREFIX "^[^\\[\\]]+:[0-9]+]\\s"

#define MAX_EXPANDED (16u << 20)	/* a line after $ variables */

int
legacy_maps_sentinel(const char *s, size_t n)
{
	return go_find(s, n, "--- Memory map: ---") != NULL ||
	    go_find(s, n, "MAPPED_LIBRARIES:") != NULL;
}

struct vars {
	struct var {
		char *name, *value;	/* name with its $ */
		size_t nname, nvalue;
	} *v;
	size_t n, cap;
	char *buf;		/* the line, expanded */
	size_t len, capbuf;
};

static int
maps_put(struct vars *vs, const char *s, size_t n)
{
	if (vs->len + n > MAX_EXPANDED)
		return -2;
	while (vs->len + n > vs->capbuf) {
		size_t cap = vs->capbuf ? 2 * vs->capbuf : 256;
		char *b = realloc(vs->buf, cap);
		if (b == NULL)
			return -1;
		vs->buf = b;
		vs->capbuf = cap;
	}
	memcpy(vs->buf + vs->len, s, n);
	vs->len += n;
	return 0;
}

/* Go's strings.Replacer over the pairs: at each position the first pair,
 * in the order defined, whose name begins there. */
static int
expand(struct vars *vs, const char *s, size_t n)
{
	size_t i = 0, k;
	int rc;

	vs->len = 0;
	while (i < n) {
		for (k = 0; k < vs->n; k++)
			if (vs->v[k].nname <= n - i &&
			    memcmp(s + i, vs->v[k].name, vs->v[k].nname) == 0)
				break;
		if (k < vs->n) {
			rc = maps_put(vs, vs->v[k].value, vs->v[k].nvalue);
			i += vs->v[k].nname;
		} else {
			rc = maps_put(vs, s + i, 1);
			i++;
		}
		if (rc < 0)
			return rc;
	}
	return 0;
}

static char *
dup(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d != NULL) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

/* key=value: $key means value from here on. */
static int
define(struct vars *vs, const char *s, size_t n)
{
	const char *eq = memchr(s, '=', n), *k = s, *v;
	size_t nk, nv;
	struct var *d;

	if (eq == NULL)
		return 0;
	nk = (size_t)(eq - s);
	v = eq + 1;
	nv = n - nk - 1;
	go_trim(&k, &nk);
	go_trim(&v, &nv);
	if (ARRAY_ROOM(vs->v, vs->n, vs->cap) < 0)
		return -1;
	d = &vs->v[vs->n];
	if ((d->name = malloc(nk + 2)) == NULL ||
	    (d->value = dup(v, nv)) == NULL) {
		free(d->name);
		return -1;
	}
	d->name[0] = '$';
	memcpy(d->name + 1, k, nk);
	d->nname = nk + 1;
	d->nvalue = nv;
	vs->n++;
	return 0;
}

static const char *
cap_or_empty(const struct re_match *m, int i, size_t *n)
{
	*n = m->cap[i].p != NULL ? m->cap[i].n : 0;
	return m->cap[i].p != NULL ? m->cap[i].p : "";
}

/* One line: 1 a mapping (added), 0 a line that is not one (*unrecognized
 * set when google/pprof would read it as a definition), -1 error. */
static int
entry(struct lprof *p, struct re *proc, struct re *brief,
    const struct lscan *sc, const char *s, size_t n, int *unrecognized)
{
	struct re_match m;
	const char *f[6];
	size_t fn[6], i;
	struct lmapping map = { 0 };
	int rc, is_proc;

	*unrecognized = 0;
	if ((rc = lprof_find(p, proc, s, n, &m)) < 0)
		return -1;
	is_proc = rc;
	if (!is_proc && (rc = lprof_find(p, brief, s, n, &m)) <= 0) {
		*unrecognized = rc == 0;
		return rc;
	}
	for (i = 0; i < 6; i++)
		f[i] = cap_or_empty(&m, (int)i + 1, &fn[i]);
	/* proc: start end perm offset file; brief: start end perm file
	 * offset build-id */
	if (fn[2] > 0 && memchr(f[2], 'x', fn[2]) == NULL)
		return 0;	/* not executable */
	/* google/pprof ignores such a line; a mapping lost without a word
	 * would leave its addresses to the wrong one */
	if (go_parse_uint(f[0], fn[0], 16, &map.start) < 0 ||
	    go_parse_uint(f[1], fn[1], 16, &map.limit) < 0 ||
	    (fn[is_proc ? 3 : 4] > 0 && go_parse_uint(f[is_proc ? 3 : 4],
	    fn[is_proc ? 3 : 4], 16, &map.offset) < 0))
		return lprof_fail(p, "line %zu: a memory map line with a "
		    "number of more than 64 bits", sc->lineno);
	map.file = lprof_str(p, f[is_proc ? 4 : 3], fn[is_proc ? 4 : 3]);
	if (!is_proc)
		map.build_id = lprof_str(p, f[5], fn[5]);
	if ((map.file == 0 && fn[is_proc ? 4 : 3] > 0) ||
	    (!is_proc && map.build_id == 0 && fn[5] > 0))
		return -1;
	if (ARRAY_ROOM(p->mappings, p->nmappings, p->capmappings) < 0)
		return perr_nomem(p->e);
	p->mappings[p->nmappings++] = map;
	return 1;
}

int
legacy_maps(struct lprof *p, struct lscan *s)
{
	struct re *proc = re_compile(PROC_MAPS, NULL, 0), *brief = re_compile(BRIEF_MAPS, NULL, 0),
	    *log = re_compile(LOG_PREFIX, NULL, 0);
	struct vars vs = { 0 };
	struct re_match m;
	size_t i, n;
	const char *line;
	int rc = -1, unrecognized, r;

	if (proc == NULL || brief == NULL || log == NULL) {
		perr_nomem(p->e);
		goto done;
	}
	while (lscan_next(s)) {
		line = s->line;
		n = s->len;
		if ((r = lprof_find(p, log, line, n, &m)) < 0)
			goto done;
		if (r > 0) {
			line += m.cap[0].n;
			n -= m.cap[0].n;
		}
		if (vs.n > 0) {
			if ((r = expand(&vs, line, n)) == -2) {
				lprof_fail(p, "line %zu: longer than %u bytes "
				    "once its $ names are replaced", s->lineno,
				    MAX_EXPANDED);
				goto done;
			}
			if (r < 0) {
				perr_nomem(p->e);
				goto done;
			}
			line = vs.buf != NULL ? vs.buf : "";
			n = vs.len;
		}
		if (entry(p, proc, brief, s, line, n, &unrecognized) < 0)
			goto done;
		if (unrecognized && define(&vs, line, n) < 0) {
			perr_nomem(p->e);
			goto done;
		}
	}
	if (s->too_long) {
		lscan_too_long(p, s);
		goto done;
	}
	lprof_massage_mappings(p);
	if (lprof_remap(p) < 0 || lprof_remap_mappings(p) < 0)
		goto done;
	rc = 0;
done:
	for (i = 0; i < vs.n; i++) {
		free(vs.v[i].name);
		free(vs.v[i].value);
	}
	free(vs.v);
	free(vs.buf);
	re_free(proc);
	re_free(brief);
	re_free(log);
	return rc;
}
