/*
 * The report's refine data (refine.h). A second reader of the stacks,
 * whose stacks end in a frame naming their labels, so that a tag filter
 * in the browser sees each label set apart; the page's figures (units,
 * scale, node fraction) are those of the flame graph's reader, which
 * read the same samples.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "base/array.h"
#include "io/markup.h"
#include "io/tmpfile.h"
#include "io/srcfile.h"
#include "views/report/refine.h"
#include "sample/shortname.h"
#include "sample/units.h"
#include "views/stacks/flame.h"

void
refine_init(struct refine *rf, const struct source_set *sources)
{
	memset(rf, 0, sizeof(*rf));
	rf->sr.opts.sources = sources;
	rf->sr.opts.labels = 1;
	rf->sr.opts.inlines = 1;
	rf->fd = -1;
	rf->last = -1;
}

void
refine_free(struct refine *rf)
{
	stack_reader_free(&rf->sr);
	measure_free(&rf->val.m);
	if (rf->fd >= 0) {
		output_discard(&rf->runs);
		close(rf->fd);
	}
	free(rf->held);
}

int
refine_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct refine *rf = ctx;

	return stacks_sample(&rf->sr, p, s, e);
}

int
refine_restart(void *ctx, struct perr *e)
{
	struct refine *rf = ctx;

	return stacks_restart(&rf->sr, e);
}

static void
json_str(struct output *o, const char *s)
{
	out_json_string(o, s, strlen(s));
}

/* A number JSON can hold: what is not finite, 0. */
static void
json_num(struct output *o, double v)
{
	out_dbl(o, isfinite(v) ? v : 0);
}

/* A unit's factor to its kind's base (ns, bytes); 1 for a count. */
static double
factor_of(const char *unit)
{
	struct unit u;

	return unit != NULL && unit_lookup(unit, &u) == 0 ? u.factor : 1;
}

/* The types: how each figure is made from the stacks' sums and shown
 * (figure.h), its value columns into cols (*ncols of them). */
static void
write_types(const struct stacks *shown, const struct prof *p,
    const char *const *types, size_t ntypes, const char *unit,
    struct output *o, size_t *cols, size_t *ncols)
{
	struct perr e = { "" };
	static const char *const how[] = { "raw", "unit", "auto", "min" };
	struct measure_choice c;
	size_t i, k = 0;

	*ncols = 0;
	out_str(o, "\"types\":[");
	for (i = 0; i < ntypes; i++) {
		if (measure_choose(&shown->m, p, types[i], unit, &c, &e) < 0 ||
		    c.type < 0 || c.mixed)
			continue;	/* (not offered, or raw: the sums) */
		svg_choose_unit(shown, p, &c, 2 * (size_t)c.type);
		out_str(o, k++ ? ",\n{\"name\":" : "\n{\"name\":");
		json_str(o, types[i]);
		out_str(o, ",\"col\":");
		out_u64(o, *ncols);
		cols[(*ncols)++] = (size_t)c.type;
		out_str(o, ",\"extra\":");
		if (c.extra >= 0) {
			out_u64(o, *ncols);
			cols[(*ncols)++] = (size_t)c.extra;
		} else
			out_str(o, "-1");
		out_str(o, ",\"scale\":");
		json_num(o, c.scale);
		out_str(o, ",\"how\":\"");
		out_str(o, how[c.how]);
		out_str(o, "\",\"unit\":");
		json_str(o, c.unit);
		out_str(o, ",\"show\":");
		json_str(o, c.show != NULL ? c.show : "");
		/* unit_scale's: the figure times f1, over f2 */
		out_str(o, ",\"f1\":");
		json_num(o, factor_of(c.unit));
		out_str(o, ",\"f2\":");
		json_num(o, factor_of(c.show));
		out_str(o, ",\"rdigits\":");
		out_i64(o, c.rdigits);
		out_char(o, '}');
	}
	out_str(o, "],\n");
}

/* Whether a kept source is not R's: pprof's node fraction applies. */
static int
node_fraction(const struct stacks *shown, const struct prof *p)
{
	size_t i;

	for (i = 0; i < p->nsources; i++)
		if (i < shown->m.capsrc && shown->m.src[i].seen &&
		    strcmp(prof_str(p, p->sources[i].type), "rprof") != 0)
			return 1;
	return 0;
}

/* Each frame [name, file, short name, fill], then 1 when an inlined
 * call's (a frame of the same name may be another's); a label set's
 * null. Label sets are numbered in turn (*set: frame -> set + 1). */
static void
write_frames(const struct stacks *st, const char *trim, uint32_t *set,
    struct output *o)
{
	char sname[512], fill[64];
	const char *name, *file;
	size_t i, len, slen;

	out_str(o, "\"frames\":[");
	for (i = 0; i < st->nframes; i++) {
		out_str(o, i ? ",\n" : "\n");
		name = stacks_frame_name(st, (uint32_t)i, &len);
		if (st->frames[i].kind == FRAME_LABELS) {
			out_str(o, "null");
			continue;
		}
		file = strtab_str(&st->strs, st->frames[i].file);
		if (trim != NULL)
			file = srcfile_trim(file, trim, NULL);
		slen = short_name(sname, sizeof(sname), name, len);
		flame_frame_fill(st, (uint32_t)i, sname, slen, fill,
		    sizeof(fill));
		out_char(o, '[');
		out_json_string(o, name, len);
		out_char(o, ',');
		json_str(o, file);
		out_char(o, ',');
		out_json_string(o, sname, slen);
		out_str(o, ",\"");
		out_str(o, fill);
		out_str(o, st->frames[i].inlined ? "\",1]" : "\"]");
	}
	out_str(o, "],\n\"labels\":[");
	for (i = 0, len = 0; i < st->nframes; i++) {
		struct text key, str, u;
		size_t at = 0, k = 0;
		int64_t num;
		if (st->frames[i].kind != FRAME_LABELS)
			continue;
		set[i] = (uint32_t)++len;
		name = stacks_frame_name(st, (uint32_t)i, &slen);
		out_str(o, len > 1 ? ",\n[" : "\n[");
		while (stacks_labels(name, slen, &at, &key, &str, &num, &u)) {
			out_str(o, k++ ? ",[" : "[");
			out_json_string(o, key.p, key.n);
			if (str.p != NULL) {
				out_char(o, ',');
				out_json_string(o, str.p, str.n);
			} else {
				out_char(o, ',');
				out_i64(o, num);
				out_char(o, ',');
				out_json_string(o, u.p, u.n);
			}
			out_char(o, ']');
		}
		out_char(o, ']');
	}
	out_str(o, "],\n");
}

int
refine_write(const struct refine *rf, const struct stacks *shown,
    const struct prof *p, const char *const *types, size_t ntypes,
    const char *unit, const char *trim, struct output *o, struct perr *e)
{
	const struct stacks *st = &rf->sr.st;
	size_t *cols, ncols, i, k, n;
	const uint32_t *fr;
	uint32_t *set;
	int rc = -1;

	cols = calloc(2 * ntypes + 1, sizeof(*cols));
	set = calloc(st->nframes + 1, sizeof(*set));
	if (cols == NULL || set == NULL)
		goto done;
	out_char(o, '{');
	write_types(shown, p, types, ntypes, unit, o, cols, &ncols);
	out_str(o, "\"nodefraction\":");
	out_str(o, node_fraction(shown, p) ? "0.005" : "0");
	/* every source R's: the rows in summaryRprof's order (tsvtop's) */
	out_str(o, node_fraction(shown, p) ? ",\n" : ",\"rorder\":1,\n");
	write_frames(st, trim, set, o);
	/* a stack: its values (a column each), its label set (0: none),
	 * its frames root first */
	out_str(o, "\"stacks\":[");
	for (i = 0; i < st->nstacks; i++) {
		uint32_t labels = 0;
		fr = stacks_frames(st, i, &n);
		if (n > 0 && st->frames[fr[n - 1]].kind == FRAME_LABELS)
			labels = set[fr[--n]];
		out_str(o, i ? ",\n[" : "\n[");
		for (k = 0; k < ncols; k++) {
			json_num(o, stacks_value(st, 2 * cols[k], i).d);
			out_char(o, ',');
		}
		out_u64(o, labels);
		for (k = 0; k < n; k++) {
			out_char(o, ',');
			out_u64(o, fr[k]);
		}
		out_char(o, ']');
	}
	out_str(o, "]}\n");
	rc = 0;
done:
	free(cols);
	free(set);
	return rc < 0 ? perr_nomem(e) : 0;
}

int
refine_chart_begin(struct refine *rf, const char *tname, int unordered,
    struct perr *e)
{
	rf->val.tname = tname;
	rf->val.tlen = strlen(tname);
	rf->unordered = unordered;
	return refine_chart_restart(rf, e);
}

int
refine_chart_restart(void *ctx, struct perr *e)
{
	struct refine *rf = ctx;

	chart_value_reset(&rf->val);
	rf->last = -1;
	rf->lastv = 0;
	rf->seq = 0;
	rf->time = 0;
	rf->nheld = 0;
	stacks_new_pass(&rf->sr);
	if (rf->fd >= 0) {
		output_discard(&rf->runs);
		close(rf->fd);
	}
	if ((rf->fd = tmp_fd(e)) < 0 || output_fd(&rf->runs, rf->fd,
	    "the chart's samples", e) < 0)
		return -1;
	return 0;
}

/* The run so far written, when the next is of another stack. */
static void
run_end(struct refine *rf)
{
	if (rf->last < 0)
		return;
	out_i64(&rf->runs, rf->last);
	out_char(&rf->runs, ',');
	json_num(&rf->runs, rf->lastv);
	out_char(&rf->runs, ',');
	rf->last = -1;
	rf->lastv = 0;
}

static void
run_add(struct refine *rf, uint32_t stack, double v)
{
	if (rf->last != (int64_t)stack)
		run_end(rf);
	rf->last = stack;
	rf->lastv += v;
}

/* As the chart takes them (chart.c): its type's value, what is positive,
 * in the order taken or of their times. */
int
refine_chart_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct refine *rf = ctx;
	int64_t k;
	double v;

	if (rf->fd < 0 || !source_set_has(rf->sr.opts.sources, p, s))
		return 0;
	if (chart_value_of(&rf->val, p, s, &v) < 0)
		return perr_nomem(e);
	if (!(v > 0) || !isfinite(v))
		return 0;
	if ((k = stacks_index(&rf->sr, p, s)) == -2)
		return perr_nomem(e);
	if (k < 0)
		return 0;	/* (not read the first time) */
	if (!rf->unordered) {
		run_add(rf, (uint32_t)k, v);
		return 0;
	}
	if (s->has_time)
		rf->time = s->time;
	if (ARRAY_ROOM(rf->held, rf->nheld, rf->capheld) < 0)
		return perr_nomem(e);
	rf->held[rf->nheld++] = (struct chart_held){ rf->time, rf->seq++,
	    (uint32_t)k, v };
	return 0;
}

int
refine_chart_write(struct refine *rf, struct output *o, struct perr *e)
{
	off_t n;
	char *t;
	size_t i;

	if (rf->fd < 0)
		return 0;
	if (rf->nheld > 0)
		qsort(rf->held, rf->nheld, sizeof(*rf->held), chart_held_cmp);
	for (i = 0; i < rf->nheld; i++)
		run_add(rf, rf->held[i].stack, rf->held[i].v);
	run_end(rf);
	out_flush(&rf->runs);
	if (rf->runs.err != 0)
		return perr_set(e, "a temporary file: %s",
		    strerror(rf->runs.err));
	if ((n = lseek(rf->fd, 0, SEEK_END)) < 0 ||
	    (t = malloc((size_t)n + 1)) == NULL)
		return perr_nomem(e);
	if (pread(rf->fd, t, (size_t)n, 0) != n) {
		free(t);
		return perr_set(e, "a temporary file: %s", strerror(errno));
	}
	out_char(o, '[');
	out_write(o, t, n > 0 ? (size_t)n - 1 : 0);	/* the last ',' */
	out_str(o, "]\n");
	free(t);
	return 0;
}
