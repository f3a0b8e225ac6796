/*
 * The stream to Rprof text, a session per source. Sources whose rprof.*
 * attributes give the header are written as their samples arrive; for
 * others (from pprof, say) the header's flags depend on all the session's
 * samples, so their lines are held until the session ends, each once
 * with its repeat count.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/rprof/rprof.h"

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
rprof_put(char **buf, size_t *n, size_t *cap, const void *p, size_t k)
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

/* A held entry: its kind, repeat count, memory figures and text. */
struct held {
	unsigned char kind;
	uint64_t count, mem[4];
	uint32_t len;
};

static int
hold(struct rprof_writer *w, unsigned char kind, uint64_t count,
    const uint64_t mem[4], const char *text, size_t n)
{
	struct held h;

	memset(&h, 0, sizeof(h));
	h.kind = kind;
	h.count = count;
	memcpy(h.mem, mem, sizeof(h.mem));
	h.len = (uint32_t)n;
	return rprof_put(&w->heldbuf, &w->nheld, &w->capheld, &h, sizeof(h)) < 0 ||
	    rprof_put(&w->heldbuf, &w->nheld, &w->capheld, text, n) < 0 ? -1 : 0;
}

#define LINE(w, p, k) rprof_put(&(w)->line, &(w)->nline, &(w)->capline, (p), (k))

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

/* Writes a header; notes how it differs from the first one written. */
static void
write_header(struct rprof_writer *w, int memory, int gc, int lines,
    uint64_t interval)
{
	struct output *o = w->o;
	int flags = (memory ? RHDR_MEMORY : 0) | (gc ? RHDR_GC : 0) |
	    (lines ? RHDR_LINES : 0);

	if (!w->nheaders++) {
		w->first_flags = flags;
		w->first_interval = interval;
	} else {
		w->differ |= (flags ^ w->first_flags) |
		    (interval != w->first_interval ? RHDR_INTERVAL : 0);
	}
	if (memory)
		out_str(o, "memory profiling: ");
	if (gc)
		out_str(o, "GC profiling: ");
	if (lines)
		out_str(o, "line profiling: ");
	out_str(o, "sample.interval=");
	out_u64(o, interval);
	out_str(o, w->crlf ? "\r\n" : "\n");
}

/* A source's interval in microseconds: its Rprof header's, else its pprof
 * period when that is in nanoseconds, else -i. */
static uint64_t
interval_of(const struct prof *p, const struct source *s, long dflt)
{
	const char *iv = prof_attr(p, s, ATTR_RPROF_INTERVAL);
	const char *unit = prof_attr(p, s, ATTR_PPROF_PERIOD_UNIT);
	const char *period = prof_attr(p, s, ATTR_PPROF_PERIOD);

	if (iv != NULL)
		return (uint64_t)strtoull(iv, NULL, 10);
	if (unit != NULL && period != NULL && strcmp(unit, UNIT_NANOSECONDS) == 0
	    && strtoll(period, NULL, 10) >= 1000)
		return (uint64_t)strtoll(period, NULL, 10) / 1000;
	return (uint64_t)dflt;
}

static void
write_line(struct rprof_writer *w, int memory, const uint64_t mem[4],
    const char *text, size_t len)
{
	int i;

	if (memory) {
		for (i = 0; i < 4; i++) {
			out_char(w->o, ':');
			out_u64(w->o, mem[i]);
		}
		out_char(w->o, ':');
	}
	out_write(w->o, text, len);
	out_str(w->o, w->crlf ? "\r\n" : "\n");
}

/* Ends the current session: a held one gets its header and lines now. */
static void
end_session(struct rprof_writer *w)
{
	struct held h;
	const char *text;
	size_t at;
	uint64_t i;

	if (w->source == PROF_NONE || !w->held)
		return;
	write_header(w, w->memory, 0, w->lines, w->interval);
	/* walked by offset: heldbuf is NULL when nothing was held */
	for (at = 0; at < w->nheld; at += sizeof(h) + h.len) {
		memcpy(&h, w->heldbuf + at, sizeof(h));
		text = w->heldbuf + at + sizeof(h);
		if (h.kind == HELD_TEXT) {
			out_write(w->o, text, h.len);
			continue;
		}
		if (!w->memory && h.len == 0) {
			w->skipped += (long)h.count;
			continue;
		}
		/* a count is lines: stop repeating once the output fails */
		for (i = 0; i < h.count && w->o->err == 0; i++)
			write_line(w, w->memory, h.mem, text, h.len);
	}
	w->nheld = 0;
}

static int
wanted(const struct rprof_writer *w, const struct prof *p, uint32_t si)
{
	return w->sources == NULL ||
	    u64map_get(w->sources, p->sources[si].id) != NULL;
}

static void
open_source(struct rprof_writer *w, const struct prof *p, uint32_t si)
{
	const struct source *s = &p->sources[si];
	const char *interval = prof_attr(p, s, ATTR_RPROF_INTERVAL);

	const char *eol = prof_attr(p, s, ATTR_RPROF_LINE_ENDING);

	w->source = si;
	w->crlf = eol != NULL && strcmp(eol, RPROF_CRLF) == 0;
	w->held = interval == NULL;
	w->memory = w->lines = 0;
	w->interval = interval_of(p, s, w->default_interval);
	u64map_free(&w->fileno);
	w->nfiles = 0;
	if (w->held)
		return;
	w->memory = is_true(prof_attr(p, s, ATTR_RPROF_MEMORY));
	write_header(w, w->memory, is_true(prof_attr(p, s, ATTR_RPROF_GC)),
	    is_true(prof_attr(p, s, ATTR_RPROF_LINES)), w->interval);
}

/* Starts the session of source index si, after the headers of the sources
 * before it that have no samples (those -s keeps). */
static void
start_session(struct rprof_writer *w, const struct prof *p, uint32_t si)
{
	end_session(w);
	if (si < w->next_source) {	/* samples out of source order */
		open_source(w, p, si);
		return;
	}
	while (w->next_source < si) {
		if (wanted(w, p, (uint32_t)w->next_source)) {
			open_source(w, p, (uint32_t)w->next_source);
			end_session(w);
		}
		w->next_source++;
	}
	open_source(w, p, (uint32_t)w->next_source++);
}

/* Whether Rprof text can hold s: no newline (a line of its own to R),
 * and in a name no quote then space (where R's reader ends a name). */
static int
rprof_text_ok(const char *s, size_t n, int is_name)
{
	const char *q;

	if (memchr(s, '\n', n) != NULL)
		return 0;
	for (q = s; is_name && (q = memchr(q, '"', n - (size_t)(q - s))) !=
	    NULL; q++)
		if ((size_t)(q - s) + 1 < n && q[1] == ' ')
			return 0;
	return 1;
}

/* s for a one-line message: control bytes as \n, \t, \r or \xHH,
 * cut with ... when long. */
static void
shown_text(char *out, size_t size, const char *s, size_t n)
{
	size_t i, k = 0;
	unsigned char c;

	for (i = 0; i < n && k + 8 < size; i++) {
		c = (unsigned char)s[i];
		if (c == '\n' || c == '\t' || c == '\r')
			k += (size_t)snprintf(out + k, size - k, "\\%c",
			    c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
		else if (c < 0x20 || c == 0x7f)
			k += (size_t)snprintf(out + k, size - k, "\\x%02x", c);
		else
			out[k++] = (char)c;
	}
	if (i < n)
		k += (size_t)snprintf(out + k, size - k, "...");
	out[k] = '\0';
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
	if (rprof_put(files, nfiles, capfiles, "#File ", 6) < 0 ||
	    rprof_put(files, nfiles, capfiles, num, fmt_u64(num, *k)) < 0 ||
	    rprof_put(files, nfiles, capfiles, ": ", 2) < 0 ||
	    rprof_put(files, nfiles, capfiles, prof_str(p, f), prof_strlen(p, f)) < 0
	    || rprof_put(files, nfiles, capfiles, w->crlf ? "\r\n" : "\n",
	    w->crlf ? 2 : 1) < 0)
		return -1;
	return 0;
}

/* How many lines sample s is: its value of the count type (a time in a
 * time unit is divided by the interval), rounded; the rounding is summed
 * for the caller to report. 0 when the sample is left out. */
static int
repeats(struct rprof_writer *w, const struct prof *p, const struct sample *s,
    uint64_t *count, struct perr *e)
{
	static const struct { const char *unit; double us; } units[] = {
		{ "nanoseconds", 1e-3 }, { "microseconds", 1 },
		{ "milliseconds", 1e3 }, { "seconds", 1e6 },
	};
	const char *want = w->count_type ? w->count_type : VALUE_SAMPLES;
	const struct source *src = &p->sources[s->source];
	char types[256];
	size_t i, k, n = 0;
	double v, c;

	for (i = 0; i < s->nvals; i++)
		if (strcmp(prof_str(p, s->vals[i].type), want) == 0)
			break;
	if (i == s->nvals) {
		/* said at the end: the value may be in a row still to come,
		 * which would hand every sample over again */
		*count = 0;
		if (w->missing.msg[0] != '\0')
			return 0;
		e = &w->missing;
		types[0] = '\0';
		for (k = 0; k < s->nvals && n < sizeof(types) - 1; k++)
			n += (size_t)snprintf(types + n, sizeof(types) - n,
			    "%s%s", k ? ", " : "", prof_str(p, s->vals[k].type));
		perr_set(e, "source %u (%s): no '%s' value to repeat its "
		    "lines by (its types: %s): choose one with -t", src->id,
		    src->uri == PROF_NONE ? "NA" : prof_str(p, src->uri), want,
		    types);
		return 0;
	}
	v = s->vals[i].value.d;
	for (k = 0; k < sizeof(units) / sizeof(units[0]); k++)
		if (strcmp(prof_str(p, s->vals[i].unit), units[k].unit) == 0 &&
		    w->interval > 0)
			v = v * units[k].us / (double)w->interval;
	/* R writes a line per sample: a count is a number of lines */
	if (!(v < INT32_MAX + 0.5))
		return perr_set(e, "sample %u: a repeat count of %g is more "
		    "lines than Rprof text should hold (at most 2147483647)",
		    s->id, v);
	c = v < 0.5 ? 0 : floor(v + 0.5);
	if (c == 0) {
		w->left_out++;
		*count = 0;
		return 0;
	}
	w->rounding += c - v;
	w->counted += v;
	*count = (uint64_t)c;
	return 0;
}

int
rprof_write_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct rprof_writer *w = ctx;
	const struct location *l;
	const struct function *f;
	uint64_t mem[4] = { 0, 0, 0, 0 }, count = 0, i;
	uint32_t k;
	int has_mem = 0, m;
	size_t d, j;
	char *files = NULL;
	size_t nfiles = 0, capfiles = 0;
	const char *name;
	size_t namelen;

	if (!wanted(w, p, s->source))
		return 0;
	if (s->source != w->source)
		start_session(w, p, s->source);
	if (repeats(w, p, s, &count, e) < 0)
		return -1;
	if (count == 0)
		return 0;
	for (j = 0; j < s->nvals; j++) {
		const char *type = prof_str(p, s->vals[j].type);
		struct num v = s->vals[j].value;
		for (m = 0; m < RMEM_COUNT; m++)
			if (strcmp(type, schema_rprof_memory[m].type) == 0) {
				has_mem = 1;
				/* memory figures are u64 in R: clamp */
				mem[m] = num_is_int(v) ? (v.i > 0 ?
				    (uint64_t)v.i : 0) : !(v.d > 0) ? 0 :
				    v.d >= 1.8e19 ? UINT64_MAX :
				    (uint64_t)(v.d + 0.5);
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
		if (strcmp(name, SCHEMA_EMPTY) == 0)
			namelen = 0;	/* "" as R wrote it */
		if (!rprof_text_ok(name, namelen, 1) || (l->line > 0 &&
		    f != NULL && !rprof_text_ok(prof_str(p, f->filename),
		    prof_strlen(p, f->filename), 0))) {
			int bad_name = !rprof_text_ok(name, namelen, 1);
			char shown[128];
			free(files);
			shown_text(shown, sizeof(shown), bad_name ? name :
			    prof_str(p, f->filename), bad_name ? namelen :
			    prof_strlen(p, f->filename));
			return perr_set(e, "sample %u: the %s \"%s\" has %s, "
			    "which Rprof text cannot hold (R would read it as "
			    "two %s)", s->id, bad_name ? "function name" :
			    "file name", shown, bad_name ? "a newline or a "
			    "quote before a space" : "a newline", bad_name ?
			    "lines or two names" : "lines");
		}
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
		if ((nfiles > 0 && hold(w, HELD_TEXT, 1, mem, files, nfiles) < 0)
		    || hold(w, has_mem ? HELD_MEMLINE : HELD_LINE, count, mem,
		    w->line, w->nline) < 0)
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
	for (i = 0; i < count && w->o->err == 0; i++)
		write_line(w, w->memory, mem, w->line, w->nline);
	return 0;
nomem:
	free(files);
	return perr_nomem(e);
}

int
rprof_write_end(struct rprof_writer *w, const struct prof *p, struct perr *e)
{
	if (w->missing.msg[0] != '\0') {
		*e = w->missing;
		rprof_write_free(w);
		return -1;
	}
	end_session(w);
	for (; w->next_source < p->nsources; w->next_source++)
		if (wanted(w, p, (uint32_t)w->next_source)) {
			open_source(w, p, (uint32_t)w->next_source);
			end_session(w);
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
	const char *type = w->count_type;
	const struct u64map *sources = w->sources;

	rprof_write_free(w);
	rprof_write_begin(w, w->o, w->default_interval);
	w->count_type = type;
	w->sources = sources;
	return output_rewind(w->o, e);
}
