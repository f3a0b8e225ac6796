/*
 * perf script's text to the stream, a line at a time. A sample is a line
 * "comm pid/tid [cpu] time: period event:" (fields as perf script -F
 * chose them: pid or cpu or time or period may be missing), then a line
 * per frame, innermost first, "address symbol+offset (dso)", then a blank
 * line. The first line is read as FlameGraph's stackcollapse-perf.pl
 * reads it (the name may hold spaces; a lone number is the tid), so that
 * both see the same samples. What a sample names is written the first
 * time it is seen, before the sample: the output is in define-before-use
 * order, and memory holds the distinct symbols, files and addresses.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/perf/perf.h"
#include "stream/sniff.h"

#define ATTR_FRAME_TYPE "profile.frame.type"

static int
is_space(char ch)
{
	return ch == ' ' || ch == '\t';
}

static int
perf_begin(void *reader, struct output *o, const void *options,
    struct perr *e)
{
	struct perf_reader *c = reader;

	(void)options;
	(void)e;
	memset(c, 0, sizeof(*c));
	sw_begin(&c->w, o, V20, SCHEMA_EXTENSIONS, 1);
	return 0;
}

static void
perf_free(void *reader)
{
	struct perf_reader *c = reader;

	sw_free(&c->w);
	strtab_free(&c->dsos);
	strtab_free(&c->syms);
	strtab_free(&c->locs);
	strtab_free(&c->events);
	strtab_free(&c->mods);
	free(c->vt);
	free(c->key);
	free(c->frames);
	free(c->comm);
	free(c->event);
}

static int
copy(char **to, size_t *cap, size_t *len, const char *s, size_t n)
{
	if (array_grow((void **)to, cap, n + 1, 1) < 0)
		return -1;
	memcpy(*to, s, n);
	(*to)[n] = '\0';
	*len = n;
	return 0;
}

/* A number of digits at s..end: its end, or NULL. */
static const char *
digits(const char *s, const char *end, int64_t *v)
{
	const char *p = s;

	*v = 0;
	while (p < end && *p >= '0' && *p <= '9' && p - s < 18)
		*v = *v * 10 + (*p++ - '0');
	return p > s && (p == end || *p < '0' || *p > '9') ? p : NULL;
}

/* Seconds with a fraction at s (to end) as nanoseconds: the end of
 * them, or NULL. */
static const char *
seconds(const char *s, const char *end, int64_t *ns)
{
	int64_t sec, frac = 0, scale = 1000000000;
	const char *p = digits(s, end, &sec);

	if (p == NULL || sec > INT64_MAX / 1000000000 - 1)
		return NULL;
	if (p < end && *p == '.')
		for (p++; p < end && *p >= '0' && *p <= '9'; p++)
			if (scale > 1)
				frac += (*p - '0') * (scale /= 10);
	*ns = sec * 1000000000 + frac;
	return p;
}

/* perf record -k's header line: "reference time: DATE = S (TOD) = M
 * (CLOCK)", Unix time S when the samples' clock read M: their offset. */
static void
reference_time(struct perf_reader *c, const char *v, const char *end)
{
	const char *eq = memchr(v, '=', (size_t)(end - v)), *p;
	int64_t tod, at;

	if (eq == NULL || (p = seconds(eq + 2, end, &tod)) == NULL ||
	    end - p < 10 || memcmp(p, " (TOD) = ", 9) != 0 ||
	    (p = seconds(p + 9, end, &at)) == NULL || p >= end || *p != ' ')
		return;
	c->clock_offset = tod - at;
	c->has_reference = 1;
}

/* "# key : value" of perf script --header: a source attribute
 * perf.key (lowercase, words joined by '_'). */
static void
header_comment(struct perf_reader *c, const char *s, const char *end)
{
	const char *colon, *k, *ke, *v;
	char key[64];
	size_t n = 5;

	for (s++; s < end && is_space(*s); s++)
		;
	if ((colon = memchr(s, ':', (size_t)(end - s))) == NULL || colon == s)
		return;
	for (ke = colon; ke > s && is_space(ke[-1]); ke--)
		;
	memcpy(key, "perf.", 5);
	for (k = s; k < ke && n < sizeof(key) - 1; k++)
		key[n++] = isalnum((unsigned char)*k) ? (char)tolower(
		    (unsigned char)*k) : '_';
	key[n] = '\0';
	for (v = colon + 1; v < end && is_space(*v); v++)
		;
	while (end > v && is_space(end[-1]))
		end--;
	if (strcmp(key, "perf.reference_time") == 0)
		reference_time(c, v, end);
	sw_source_attr(&c->w, c->nsources, text_of(key), text_n(v,
	    (size_t)(end - v)));
}

/* Where a sample's first line's command ends: after it (and space),
 * pid[/tid] and space, at the first place from the left where that
 * reads, as stackcollapse-perf.pl's lazy match. Its length, with *a, *b
 * the numbers (*b -1 when one) and *after past them; 0 when none. */
static size_t
comm_len(const char *s, const char *end, int64_t *a, int64_t *b,
    const char **after)
{
	const char *p, *q;
	size_t i;

	for (i = 1; s + i < end; i++) {
		if (!is_space(s[i]))
			continue;
		for (p = s + i; p < end && is_space(*p); p++)
			;
		if ((q = digits(p, end, a)) == NULL)
			continue;
		*b = -1;
		while (q < end && *q == '/')
			q++;
		if (q < end && *q >= '0' && *q <= '9' && (q = digits(q, end,
		    b)) == NULL)
			continue;
		if (q < end && is_space(*q)) {
			*after = q;
			return i;
		}
	}
	return 0;
}

/* Whether a line reads as a sample's first: a name, then space, a
 * number (pid[/tid]) and space, somewhere. */
static int
looks_first(const char *s, const char *end)
{
	const char *after;
	int64_t a, b;

	return comm_len(s, end, &a, &b, &after) > 0;
}

/* A sample's first line. 0, or -1 with e saying what it is not. */
static int
sample_line(struct perf_reader *c, const char *s, const char *end,
    struct perr *e)
{
	const char *p, *q = NULL, *ev, *r;
	int64_t a, b;
	size_t i = comm_len(s, end, &a, &b, &q);

	if (i == 0)
		return perr_set(e, "not a sample's first line of perf script "
		    "(command, pid, time: event)");
	if (copy(&c->comm, &c->capcomm, &c->ncomm, s, i) < 0)
		return perr_nomem(e);
	c->has_pid = b >= 0;
	c->pid = b >= 0 ? a : 0;
	c->tid = b >= 0 ? b : a;
	/* [cpu], a time "123.456:", an event at the end "period event:" */
	c->has_cpu = c->has_time = 0;
	for (r = q; r < end; r++) {
		if (*r == '[' && !c->has_cpu && !c->has_time &&
		    (p = digits(r + 1, end, &a)) != NULL && p < end &&
		    *p == ']') {
			c->cpu = a;
			c->has_cpu = 1;
			r = p;
		} else if (*r >= '0' && *r <= '9' && is_space(r[-1]) &&
		    !c->has_time && (p = digits(r, end, &a)) != NULL &&
		    p < end && *p == '.') {
			for (q = p + 1; q < end && *q >= '0' && *q <= '9'; q++)
				;
			if (q < end && *q == ':' && q - p - 1 <= 9) {
				int64_t frac = 0, scale = 1;
				const char *f;
				for (f = p + 1; f < q; f++)
					frac = frac * 10 + (*f - '0');
				for (f = q; f < p + 10; f++)
					scale *= 10;
				if (a > INT64_MAX / 1000000000 - 1)
					return perr_set(e, "a time of %lld s: "
					    "past the stream's nanoseconds "
					    "(2^63)", (long long)a);
				c->time = a * 1000000000 + frac * scale;
				c->has_time = 1;
				r = q;
			}
		}
	}
	/* ":\s*(\d+)*\s+(\S+):\s*$" */
	c->period = 1;
	c->nevent = 0;
	for (r = end; r > s && is_space(r[-1]); r--)
		;
	if (r > s && r[-1] == ':') {
		for (ev = r - 1; ev > s && !is_space(ev[-1]); ev--)
			;
		p = ev;
		while (p > s && is_space(p[-1]))
			p--;
		if (p < ev && p > s) {
			q = p;
			while (q > s && q[-1] >= '0' && q[-1] <= '9')
				q--;
			if (q < p && digits(q, p, &a) == p) {
				while (q > s && is_space(q[-1]))
					q--;
				if (q > s && q[-1] == ':') {
					c->period = a;
					c->period_seen = 1;
					p = q;
				}
			} else
				while (p > s && is_space(p[-1]))
					p--;
			if (p > s && p[-1] == ':' && copy(&c->event,
			    &c->capevent, &c->nevent, ev, (size_t)(r - 1 -
			    ev)) < 0)
				return perr_nomem(e);
		}
	}
	c->nframes = 0;
	c->in_sample = 1;
	return 0;
}

/* The id of s in t (made when new: *added), or -1. */
static int64_t
intern(struct strtab *t, const char *s, size_t n, int *added)
{
	size_t old = t->n;
	int64_t k = strtab_intern(t, s, n);

	*added = k >= 0 && t->n != old;
	return k;
}

/* The kernel's files: "[kernel.kallsyms]", a module "[nf_conntrack]",
 * vmlinux; not "[unknown]". */
static int
kernel_dso(const char *dso, size_t n)
{
	size_t i;

	for (i = 0; i + 7 <= n; i++)
		if (memcmp(dso + i, "unknown", 7) == 0)
			return 0;
	return (n > 0 && dso[0] == '[') || (n >= 7 && memcmp(dso + n - 7,
	    "vmlinux", 7) == 0);
}

/* A frame line: its location, made when new. 0, or -1. */
static int
frame_line(struct perf_reader *c, const char *s, const char *end,
    struct perr *e)
{
	const char *p = s, *pc, *pce, *fn, *fe, *lp, *rp, *dso, *part, *kp;
	size_t ndso, i, j;
	uint64_t addr = 0;
	int64_t k, d = -1, f;
	int added, inlined, hex = 1, nosym;

	while (p < end && is_space(*p))
		p++;
	for (pc = p; p < end && (isalnum((unsigned char)*p) || *p == '_'); p++)
		;
	pce = p;
	/* "\s*(.+) \((.*)\)" as a regular expression matches it: the
	 * spaces after the address taken greedily, giving back what the
	 * symbol needs (an empty one is then a space), the file in the last
	 * " (" before the last ")" */
	for (rp = end; rp > p && rp[-1] != ')'; rp--)
		;
	if (pce == pc || rp == p)
		return perr_set(e, "a frame without its (file): not perf "
		    "script's (cut short?)");
	rp--;
	for (i = 0; p + i < end && is_space(p[i]); i++)
		;
	for (lp = NULL; lp == NULL; i--) {
		for (lp = rp; lp >= p + i + 3 && !(lp[-1] == '(' &&
		    lp[-2] == ' '); lp--)
			;
		if (lp < p + i + 3)
			lp = NULL;
		if (lp != NULL || i == 0)
			break;
	}
	for (j = 0; p + j < end && is_space(p[j]); j++)
		;
	/* "ADDR (FILE)": no symbol (perf script -F ip,dso, a stripped
	 * binary): the address in its file's mapping, no function */
	nosym = lp == NULL && j > 0 && p + j < rp && p[j] == '(';
	if (lp == NULL && !nosym)
		return perr_set(e, "a frame without its (file): not perf "
		    "script's (cut short?)");
	if (nosym) {
		dso = p + j + 1;
		ndso = (size_t)(rp - dso);
		fn = fe = NULL;
		/* "ADDR (inlined)": perf's mark of a function inlined there,
		 * unnamed, and at times in place of the frame itself: which
		 * binary it is in is not said */
		if (ndso == 7 && memcmp(dso, "inlined", 7) == 0)
			return perr_set(e, "a frame with neither symbol nor "
			    "binary, \"(inlined)\": perf script marks "
			    "inlined functions so without -F sym; run perf "
			    "script --no-inline (tsvsymbolize gives the "
			    "inlined frames back)");
	} else {
		p += i;
		dso = lp;
		ndso = (size_t)(rp - lp);
		fn = p;
		fe = lp - 2;
		if (*fn == '(')	/* a process name, as stackcollapse skips */
			return 0;
	}
	/* the symbol without its +0x offset */
	for (kp = fe; fn != NULL && kp > fn && isxdigit((unsigned char)
	    kp[-1]); kp--)
		;
	if (fn != NULL && kp - fn >= 3 && kp < fe && kp[-1] == 'x' &&
	    kp[-2] == '0' && kp[-3] == '+')
		fe = kp - 3;
	for (i = 0; pc + i < pce; i++) {
		if (!isxdigit((unsigned char)pc[i]) || i >= 16) {
			hex = 0;
			break;
		}
		addr = addr << 4 | (uint64_t)(isdigit((unsigned char)pc[i]) ?
		    pc[i] - '0' : (tolower((unsigned char)pc[i]) - 'a' + 10));
	}
	if (!hex)
		addr = 0;
	/* the file, a mapping */
	if (!(ndso == 9 && memcmp(dso, "[unknown]", 9) == 0)) {
		if ((d = intern(&c->dsos, dso, ndso, &added)) < 0)
			return perr_nomem(e);
		if (added) {
			struct sw_mapping m = {
				.id = (uint32_t)d + 1,
				.filename = text_n(dso, ndso),
				.build_id = text_n("", 0),
			};
			sw_mapping(&c->w, &m);
		}
	}
	/* "a->b": a frame of b inlined in a, b the inner */
	for (part = fe; ; ) {
		const char *ps = part;
		while (ps > fn && !(ps - fn >= 2 && ps[-1] == '>' &&
		    ps[-2] == '-'))
			ps--;
		inlined = ps > fn;
		f = -1;
		if (!nosym && !(part - ps == 9 && memcmp(ps, "[unknown]", 9) ==
		    0)) {
			if ((f = intern(&c->syms, ps, (size_t)(part - ps),
			    &added)) < 0)
				return perr_nomem(e);
			if (added)
				sw_function(&c->w, (uint32_t)f + 1,
				    text_marked(text_n(ps, (size_t)(part - ps))),
				    text_marked(text_n(ps, (size_t)(part -
				    ps))), text_n("", 0), 0);
		}
		/* pc, dso, symbol, inlined */
		if (array_grow((void **)&c->key, &c->capkey, 64, 1) < 0)
			return perr_nomem(e);
		i = (size_t)snprintf(c->key, 64, "%llx %lld %lld %d",
		    (unsigned long long)addr, (long long)d, (long long)f,
		    inlined);
		if ((k = intern(&c->locs, c->key, i, &added)) < 0)
			return perr_nomem(e);
		if ((uint64_t)k + 1 > INT32_MAX)
			return perr_set(e, "more than 2^31 - 1 frames");
		if (added) {
			struct sw_location l = {
				.id = (uint32_t)k + 1,
				.function_id = f >= 0 ? (uint32_t)f + 1 : 0,
				.line_na = 1, .address = addr,
				.address_na = !hex,
				.mapping_id = d >= 0 ? (uint32_t)d + 1 : 0,
				.inlined = inlined,
			};
			sw_location(&c->w, &l);
			sw_location_attr(&c->w, (uint32_t)k + 1,
			    text_of(ATTR_FRAME_TYPE), text_of(kernel_dso(dso,
			    ndso) ? "kernel" : "native"));
		}
		if (ARRAY_ROOM(c->frames, c->nframes, c->capframes) < 0)
			return perr_nomem(e);
		c->frames[c->nframes++].loc = (uint32_t)k + 1;
		if (!inlined)
			break;
		part = ps - 2;
	}
	return 0;
}

/* The length of event ev (n bytes) without its modifiers: the letters
 * after its last colon where they are all perf's modifiers ("cycles:Pu",
 * "cpu-clock:ppp"), not a tracepoint's name ("sched:sched_switch"). */
static size_t
event_base(const char *ev, size_t n)
{
	const char *colon = NULL, *p;

	for (p = ev; p < ev + n; p++)
		if (*p == ':')
			colon = p;
	if (colon == NULL || colon + 1 == ev + n)
		return n;
	for (p = colon + 1; p < ev + n; p++)
		if (strchr("ukhIGHpPSDWeb", *p) == NULL)
			return n;
	return (size_t)(colon - ev);
}

/* The source's attribute perf.event_modifiers ("cycles:Pu"), once an
 * event of the source. */
static int
modifiers_said(struct perf_reader *c, const char *ev, size_t n,
    struct perr *e)
{
	char key[32];
	size_t k = (size_t)snprintf(key, sizeof(key), "%u:", c->nsources);
	int added;

	if (array_grow((void **)&c->key, &c->capkey, k + n, 1) < 0)
		return perr_nomem(e);
	memcpy(c->key, key, k);
	memcpy(c->key + k, ev, n);
	if (intern(&c->mods, c->key, k + n, &added) < 0)
		return perr_nomem(e);
	if (added)
		sw_source_attr(&c->w, c->nsources,
		    text_of("perf.event_modifiers"), text_n(ev, n));
	return 0;
}

/* The sample read, its rows. */
static int
sample_end(struct perf_reader *c, struct perr *e)
{
	struct stream_id sid;
	struct sw_stack st;
	const char *ev = c->nevent > 0 ? c->event : VALUE_SAMPLES;
	size_t nev = c->nevent > 0 ? c->nevent : strlen(VALUE_SAMPLES), i;
	size_t base;
	int64_t k, h;
	int added, clock;

	c->in_sample = 0;
	if ((k = intern(&c->events, ev, nev, &added)) < 0 ||
	    array_grow((void **)&c->vt, &c->capvt, (size_t)k + 1,
	    sizeof(*c->vt)) < 0)
		return perr_nomem(e);
	/* the event is the type ("cycles"), its modifiers ("cycles:Pu")
	 * an attribute of the source: two runs of one event combine */
	base = event_base(ev, nev);
	if (added) {
		/* a clock's period is nanoseconds, when perf prints it */
		clock = c->period_seen && ((base == 9 && memcmp(ev,
		    "cpu-clock", 9) == 0) || (base == 10 && memcmp(ev,
		    "task-clock", 10) == 0));
		if ((h = sw_value_type(&c->w, text_n(ev, base), text_of(clock ?
		    UNIT_NANOSECONDS : UNIT_COUNT))) < 0)
			return perr_nomem(e);
		c->vt[k] = h;
	}
	if (base < nev && modifiers_said(c, ev, nev, e) < 0)
		return -1;
	if (sw_failed(&c->w))
		return sw_error(&c->w, e);
	if (c->has_time && c->has_reference) {
		if (__builtin_add_overflow(c->time, c->clock_offset, &c->time))
			return perr_set(e, "its time past the stream's "
			    "nanoseconds (2^63)");
	} else if (c->has_time && !c->clock_said) {
		/* perf's clock (since boot): no Unix time; said before the
		 * source's first sample */
		sw_source_attr(&c->w, c->nsources, text_of(ATTR_CLOCK),
		    text_of(SOURCE_PERF));
		c->clock_said = 1;
	}
	stream_id_set(&sid, ++c->nsamples);
	sw_sample(&c->w, &sid, c->nsources);
	sw_sample_value(&c->w, &sid, (uint32_t)c->vt[k], num_of_i64(c->period));
	sw_stack_begin(&c->w, &st, &sid);
	for (i = 0; i < c->nframes; i++)
		sw_stack_frame_n(&c->w, &st, c->frames[i].loc);
	struct sw_label comm = { text_of(LABEL_PERF_COMM), text_n(c->comm,
	    c->ncomm), 0, TEXT_NA };
	sw_sample_label(&c->w, &sid, &comm);
	if (c->has_pid) {
		struct sw_label l = { text_of(LABEL_PERF_PID), TEXT_NA, c->pid,
		    TEXT_NA };
		sw_sample_label(&c->w, &sid, &l);
	}
	struct sw_label tid = { text_of(LABEL_PERF_TID), TEXT_NA, c->tid,
	    TEXT_NA };
	sw_sample_label(&c->w, &sid, &tid);
	if (c->has_cpu) {
		struct sw_label l = { text_of(LABEL_PERF_CPU), TEXT_NA, c->cpu,
		    TEXT_NA };
		sw_sample_label(&c->w, &sid, &l);
	}
	if (c->has_time)
		sw_sample_time(&c->w, &sid, c->time);
	return 0;
}

static int
perf_read(void *reader, struct input *in, struct perr *e)
{
	struct perf_reader *c = reader;
	char *line, *end;
	size_t len;
	int rc;
	long nsamples = (long)c->nsamples;

	sw_set_input(&c->w, in);
	/* another format: named, with what reads it (a text with a stray
	 * control byte: the line says it) */
	if (sniff_expect(in, SNIFF_BIT(SNIFF_PERF_SCRIPT) |
	    SNIFF_BIT(SNIFF_BINARY), "perf script's output", e) < 0)
		return -1;
	sw_source(&c->w, ++c->nsources, text_of(SOURCE_PERF),
	    text_of(in->uri), NAN);
	c->in_sample = 0;
	c->period_seen = 0;
	c->cut_sample = 0;
	c->has_reference = c->clock_said = 0;
	while ((rc = input_line(in, &line, &len, e)) > 0) {
		end = line + len;
		if (len > 0 && end[-1] == '\r')
			end--;
		if (memchr(line, '\0', len) != NULL)
			return perr_set(e, "%s:%ld: NUL byte in line: not perf "
			    "script's text", in->name, in->lineno);
		if (line < end && *line == '#') {
			header_comment(c, line, end);
			continue;
		}
		if (line == end || (end - line > 0 && strspn(line, " \t") ==
		    (size_t)(end - line))) {
			if (c->in_sample && sample_end(c, e) < 0)
				return perr_at(e, in->name);
			continue;
		}
		/* a sample's first line; or, in a sample, a frame that an
		 * older perf did not indent */
		if (!is_space(*line) && !(c->in_sample && !looks_first(line,
		    end))) {
			if ((c->in_sample && sample_end(c, e) < 0) ||
			    sample_line(c, line, end, e) < 0)
				goto bad;
			c->first_line = in->lineno;
			continue;
		}
		if (!c->in_sample) {
			perr_set(e, "a frame before any sample's first line");
			goto bad;
		}
		if (frame_line(c, line, end, e) < 0)
			goto bad;
	}
	if (rc < 0)
		return -1;
	/* perf script ends each sample with a blank line: one without is a
	 * file cut short */
	c->cut_sample = c->in_sample ? c->first_line : 0;
	c->in_sample = 0;
	if ((long)c->nsamples == nsamples && c->cut_sample > 0)
		return perr_set(e, "%s:%ld: the only sample is not ended by a "
		    "blank line (a file cut short?)", in->name, c->cut_sample);
	if ((long)c->nsamples == nsamples)
		return perr_set(e, "%s: no sample: not perf script's output",
		    in->name);
	return 0;
bad:
	{
		char msg[sizeof(e->msg)];
		memcpy(msg, e->msg, sizeof(msg));
		return perr_set(e, "%s:%ld: %s", in->name, in->lineno, msg);
	}
}

static int
perf_damage(const void *reader, const char *name, char *buf,
    size_t size)
{
	const struct perf_reader *c = reader;

	if (c->cut_sample == 0)
		return 0;
	snprintf(buf, size, "%s:%ld: the last sample is not ended by a blank "
	    "line (a file cut short?): left out", name, c->cut_sample);
	return 1;
}

const struct codec perf_codec = {
	"perf script", "perf2tsv", SNIFF_BIT(SNIFF_PERF_SCRIPT),
	sizeof(struct perf_reader), perf_begin, perf_read,
	perf_damage, perf_free
};
