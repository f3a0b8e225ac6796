/*
 * The stream to Rprof text, a session per source. Sources whose rprof.*
 * attributes give the header are written as their samples arrive; for
 * others (from pprof, say) the header's flags depend on all the session's
 * samples, so their lines are held until the session ends.
 */
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/rprof.h"

void
rprof_write_begin(struct rprof_writer *w, struct output *o,
    long default_interval)
{
	memset(w, 0, sizeof(*w));
	w->o = o;
	w->default_interval = default_interval;
	w->source = PROF_NONE;
}

static int
put(char **buf, size_t *n, size_t *cap, const void *p, size_t k)
{
	if (k == 0)
		return 0;
	if (array_grow((void **)buf, cap, *n + k, 1) < 0)
		return -1;
	memcpy(*buf + *n, p, k);
	*n += k;
	return 0;
}

enum { HELD_LINE, HELD_MEMLINE, HELD_TEXT };

static int
held(struct rprof_writer *w, unsigned char kind, const uint64_t mem[4],
    const char *text, size_t n)
{
	uint32_t len = (uint32_t)n;

	return put(&w->heldbuf, &w->nheld, &w->capheld, &kind, 1) < 0 ||
	    put(&w->heldbuf, &w->nheld, &w->capheld, mem, 4 * sizeof(*mem))
	    < 0 || put(&w->heldbuf, &w->nheld, &w->capheld, &len, sizeof(len))
	    < 0 || put(&w->heldbuf, &w->nheld, &w->capheld, text, n) < 0 ?
	    -1 : 0;
}

#define LINE(w, p, k) put(&(w)->line, &(w)->nline, &(w)->capline, (p), (k))

static int
line_u64(struct rprof_writer *w, uint64_t v)
{
	char num[FMT_NUM_MAX];

	return LINE(w, num, fmt_u64(num, v));
}

static int
is_true(const char *v)
{
	return v != NULL && strcmp(v, SCHEMA_TRUE) == 0;
}

static void
write_header(struct rprof_writer *w, int memory, int gc, int lines,
    uint64_t interval)
{
	struct output *o = w->o;

	if (memory)
		out_str(o, "memory profiling: ");
	if (gc)
		out_str(o, "GC profiling: ");
	if (lines)
		out_str(o, "line profiling: ");
	out_str(o, "sample.interval=");
	out_u64(o, interval);
	out_char(o, '\n');
}

static uint64_t
pprof_interval(const struct prof *p, const struct source *s, long dflt)
{
	const char *unit = prof_attr(p, s, ATTR_PPROF_PERIOD_UNIT);
	const char *period = prof_attr(p, s, ATTR_PPROF_PERIOD);

	if (unit != NULL && period != NULL && strcmp(unit, UNIT_NANOSECONDS) == 0
	    && strtoll(period, NULL, 10) >= 1000)
		return (uint64_t)strtoll(period, NULL, 10) / 1000;
	return (uint64_t)dflt;
}

/* Ends the current session: a held one gets its header and lines now. */
static void
end_session(struct rprof_writer *w, const struct prof *p)
{
	const struct source *s;
	const char *q;
	uint64_t mem[4];
	uint32_t len;
	size_t at;

	if (w->source == PROF_NONE || !w->held)
		return;
	s = &p->sources[w->source];
	write_header(w, w->memory, 0, w->lines,
	    pprof_interval(p, s, w->default_interval));
	/* held entries: kind byte, 4 x u64, u32 length, text; walked by
	 * offset since heldbuf is NULL when nothing was held */
	for (at = 0; at < w->nheld;
	    at += 1 + sizeof(mem) + sizeof(len) + len) {
		q = w->heldbuf + at;
		memcpy(mem, q + 1, sizeof(mem));
		memcpy(&len, q + 1 + sizeof(mem), sizeof(len));
		if (*q == HELD_TEXT) {
			out_write(w->o, q + 1 + sizeof(mem) + sizeof(len), len);
			continue;
		}
		if (w->memory) {
			int i;
			for (i = 0; i < 4; i++) {
				out_char(w->o, ':');
				out_u64(w->o, mem[i]);
			}
			out_char(w->o, ':');
		} else if (len == 0) {
			w->skipped++;
			continue;
		}
		out_write(w->o, q + 1 + sizeof(mem) + sizeof(len), len);
		out_char(w->o, '\n');
	}
	w->nheld = 0;
}

static void
open_source(struct rprof_writer *w, const struct prof *p, uint32_t si)
{
	const struct source *s = &p->sources[si];
	const char *interval = prof_attr(p, s, ATTR_RPROF_INTERVAL);

	w->source = si;
	w->held = interval == NULL;
	w->memory = w->lines = 0;
	u64map_free(&w->fileno);
	w->nfiles = 0;
	if (w->held)
		return;
	w->memory = is_true(prof_attr(p, s, ATTR_RPROF_MEMORY));
	write_header(w, w->memory, is_true(prof_attr(p, s, ATTR_RPROF_GC)),
	    is_true(prof_attr(p, s, ATTR_RPROF_LINES)),
	    (uint64_t)strtoull(interval, NULL, 10));
}

/* Starts the session of source index si, after the headers of the sources
 * before it that have no samples. */
static void
start_session(struct rprof_writer *w, const struct prof *p, uint32_t si)
{
	end_session(w, p);
	if (si < w->next_source) {	/* samples out of source order */
		open_source(w, p, si);
		return;
	}
	while (w->next_source < si) {
		open_source(w, p, (uint32_t)w->next_source++);
		end_session(w, p);
	}
	open_source(w, p, (uint32_t)w->next_source++);
}

/* The #File number of filename string f, writing its line when new. */
static int
fileno_of(struct rprof_writer *w, const struct prof *p, uint32_t f,
    uint32_t *k, char **files, size_t *nfiles, size_t *capfiles)
{
	int added;
	uint32_t *slot = u64map_put(&w->fileno, f, w->nfiles + 1, &added);
	char num[FMT_NUM_MAX];

	if (slot == NULL)
		return -1;
	*k = *slot;
	if (!added)
		return 0;
	w->nfiles++;
	if (put(files, nfiles, capfiles, "#File ", 6) < 0 ||
	    put(files, nfiles, capfiles, num, fmt_u64(num, *k)) < 0 ||
	    put(files, nfiles, capfiles, ": ", 2) < 0 ||
	    put(files, nfiles, capfiles, prof_str(p, f), prof_strlen(p, f)) < 0
	    || put(files, nfiles, capfiles, "\n", 1) < 0)
		return -1;
	return 0;
}

int
rprof_write_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct rprof_writer *w = ctx;
	const struct location *l;
	const struct function *f;
	uint64_t mem[4] = { 0, 0, 0, 0 }, count = 1, i;
	uint32_t k;
	int has_mem = 0, m;
	size_t d, j;
	char *files = NULL;
	size_t nfiles = 0, capfiles = 0;
	const char *name;
	size_t namelen;
	unsigned char flag;

	if (s->source != w->source)
		start_session(w, p, s->source);
	for (j = 0; j < s->nvals; j++) {
		const char *type = prof_str(p, s->vals[j].type);
		double v = s->vals[j].value;
		if (strcmp(type, VALUE_SAMPLES) == 0) {
			/* R writes a line per sample: a count is a number
			 * of lines */
			if (v > INT32_MAX)
				return perr_set(e, "sample %u: a samples "
				    "value of %g is more lines than Rprof text "
				    "should hold (at most 2147483647)", s->id,
				    v);
			count = v > 0 ? (uint64_t)(v + 0.5) : 0;
		}
		for (m = 0; m < RMEM_COUNT; m++)
			if (strcmp(type, schema_rprof_memory[m].type) == 0) {
				has_mem = 1;
				/* memory figures are u64 in R: clamp */
				mem[m] = !(v > 0) ? 0 : v >= 1.8e19 ?
				    UINT64_MAX : (uint64_t)(v + 0.5);
				if (m < 2)
					mem[m] /= 8;
			}
	}
	w->nline = 0;
	for (d = 0; d < s->nlocs; d++) {
		l = &p->locations[s->locs[d]];
		f = l->function == PROF_NONE ? NULL : &p->functions[l->function];
		name = f != NULL ? prof_str(p, f->name) : "<unknown>";
		namelen = f != NULL ? prof_strlen(p, f->name) : 9;
		if (l->line > 0 && f != NULL) {
			w->lines = 1;
			if (fileno_of(w, p, f->filename, &k, &files, &nfiles,
			    &capfiles) < 0 || line_u64(w, k) < 0 ||
			    LINE(w, "#", 1) < 0 ||
			    line_u64(w, (uint64_t)l->line) < 0 ||
			    LINE(w, " ", 1) < 0)
				goto nomem;
			if (strcmp(name, RPROF_TOPLEVEL) == 0)
				continue;
		}
		if (LINE(w, "\"", 1) < 0 || LINE(w, name, namelen) < 0 ||
		    LINE(w, "\" ", 2) < 0)
			goto nomem;
	}
	if (w->held) {
		w->memory |= has_mem;
		flag = (unsigned char)has_mem;
		if (nfiles > 0 && held(w, HELD_TEXT, mem, files, nfiles) < 0)
			goto nomem;
		for (i = 0; i < count; i++)
			if (held(w, flag, mem, w->line, w->nline) < 0)
				goto nomem;
		free(files);
		return 0;
	}
	if (w->nline == 0 && !w->memory) {
		w->skipped += (long)count;
		free(files);
		return 0;
	}
	if (nfiles > 0)
		out_write(w->o, files, nfiles);
	free(files);
	for (i = 0; i < count; i++) {
		if (w->memory) {
			for (m = 0; m < 4; m++) {
				out_char(w->o, ':');
				out_u64(w->o, mem[m]);
			}
			out_char(w->o, ':');
		}
		out_write(w->o, w->line, w->nline);
		out_char(w->o, '\n');
	}
	return 0;
nomem:
	free(files);
	return perr_nomem(e);
}

int
rprof_write_end(struct rprof_writer *w, const struct prof *p)
{
	end_session(w, p);
	while (w->next_source < p->nsources) {
		open_source(w, p, (uint32_t)w->next_source++);
		end_session(w, p);
	}
	rprof_write_free(w);
	return 0;
}

void
rprof_write_free(struct rprof_writer *w)
{
	u64map_free(&w->fileno);
	free(w->line);
	free(w->heldbuf);
	w->line = w->heldbuf = NULL;
}

int
rprof_write_restart(void *ctx, struct perr *e)
{
	struct rprof_writer *w = ctx;

	rprof_write_free(w);
	rprof_write_begin(w, w->o, w->default_interval);
	return output_rewind(w->o, e);
}
