/*
 * pprof's -list from top.c's line view: the lines of each matching
 * function, grouped by function and file, shown from five lines before
 * its first line with a value to five after its last, as pprof shows
 * them. Unlike pprof, a line whose file is missing or shorter than the
 * profile says is still listed, without its text: nothing is lost.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sample/figure.h"
#include "views/top/list.h"
#include "views/top/top_impl.h"
#include "io/srcfile.h"

enum { MARGIN = 5 };		/* pprof's lines before and after */

struct lrow {
	uint32_t key;
	uint32_t fn;		/* in *strs */
	uint32_t file;		/* in disp */
	uint32_t fnrank, filerank;
	int64_t line;
};

struct src {
	int state;		/* 0 unread, 1 read, 2 missing */
	struct srcfile f;
};

struct lister {
	struct top *t;
	const struct list_opts *lo;
	struct output *o;
	struct measure_choice c;
	struct strtab disp;	/* the files' names as pprof shows them */
	uint32_t *dispof;	/* strs index -> disp index + 1 */
	struct src *src;	/* per file (disp index) */
};

static int
cmp_rows(const void *x, const void *y)
{
	const struct lrow *a = x, *b = y;

	if (a->fnrank != b->fnrank)
		return a->fnrank < b->fnrank ? -1 : 1;
	if (a->filerank != b->filerank)
		return a->filerank < b->filerank ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->key < b->key ? -1 : a->key > b->key;
}

/* a figure, or pprof's "." for none */
static void
figure(struct output *o, const struct measure_choice *c, struct num v)
{
	if (v.d == 0)
		out_char(o, '.');
	else
		figure_write(o, c, v);
}

/* a figure with its unit, for the "#" lines */
static void
figure_unit(struct output *o, const struct measure_choice *c, struct num v)
{
	figure_write(o, c, v);
	if (c->how == SHOW_UNIT || c->how == SHOW_MIN) {
		out_char(o, ' ');
		out_str(o, c->show);
	} else if (c->how == SHOW_RAW) {
		out_char(o, ' ');
		out_str(o, c->unit);
	}
}

/* A line of the listing: the sums of rows (those of that line, or none)
 * and its text. */
static void
line_row(struct lister *l, const struct lrow *r, size_t n, int64_t line,
    const char *text)
{
	struct output *o = l->o;
	struct num flat = num_of_i64(0), cum = num_of_i64(0);
	double mem = 0;
	char mb[32];
	size_t i, col;

	for (i = 0; i < n; i++) {
		flat = num_add(flat, top_value(l->t, &l->c, 0, r[i].key));
		cum = num_add(cum, top_value(l->t, &l->c, 1, r[i].key));
		mem += l->t->keys[r[i].key].mem;
	}
	out_escaped(o, strtab_str(l->t->strs, r->fn), strtab_len(l->t->strs,
	    r->fn));
	out_char(o, '\t');
	out_escaped(o, strtab_str(&l->disp, r->file), strtab_len(&l->disp,
	    r->file));
	out_char(o, '\t');
	out_i64(o, line);
	out_char(o, '\t');
	figure(o, &l->c, flat);
	out_char(o, '\t');
	figure(o, &l->c, cum);
	if (l->t->opts.memory) {
		/* summaryRprof's mem.total: MB, one decimal */
		snprintf(mb, sizeof(mb), "%.1f", mem / 1048576);
		out_char(o, '\t');
		out_str(o, mem == 0 ? "." : mb);
	}
	out_char(o, '\t');
	/* the text as a terminal shows it (tabs to 8 columns), so that it
	 * stays one field */
	for (col = 0; text != NULL && *text != '\0'; text++)
		if (*text == '\t') {
			do
				out_char(o, ' ');
			while (++col % 8 != 0);
		} else {
			out_char(o, (unsigned char)*text < ' ' ? ' ' : *text);
			if (((unsigned char)*text & 0xC0) != 0x80)
				col++;
		}
	out_char(o, '\n');
}

/* The source of file fi, read once: NULL when missing. */
static const struct srcfile *
source(struct lister *l, uint32_t fi, struct perr *e)
{
	struct src *s = &l->src[fi];
	struct perr why = { "" };
	int rc;

	if (s->state == 0) {
		rc = srcfile_read(&s->f, strtab_str(&l->disp, fi),
		    strtab_len(&l->disp, fi), l->lo->search, l->lo->trim,
		    l->lo->anywhere, &why);
		if (rc < 0) {
			*e = why;
			return NULL;
		}
		s->state = rc == 0 ? 1 : 2;
		if (rc > 0 && l->lo->missing != NULL)
			l->lo->missing(l->lo->ctx, why.msg);
	}
	return s->state == 1 ? &s->f : NULL;
}

/* One function's lines in one file (rows, n > 0, sorted by line). */
static int
routine(struct lister *l, struct lrow *r, size_t n, struct num total,
    struct perr *e)
{
	struct output *o = l->o;
	const struct srcfile *f;
	struct num flat = num_of_i64(0), cum = num_of_i64(0);
	int64_t line, first, last, end;
	size_t i, j;

	e->msg[0] = '\0';
	f = source(l, r->file, e);
	if (f == NULL && e->msg[0] != '\0')
		return -1;
	for (i = 0; i < n; i++) {
		flat = num_add(flat, top_value(l->t, &l->c, 0, r[i].key));
		cum = num_add(cum, top_value(l->t, &l->c, 1, r[i].key));
	}
	if (!l->t->opts.quiet) {
		out_str(o, "# ROUTINE ");
		out_escaped(o, strtab_str(l->t->strs, r->fn),
		    strtab_len(l->t->strs, r->fn));
		out_str(o, " in ");
		out_escaped(o, strtab_str(&l->disp, r->file),
		    strtab_len(&l->disp, r->file));
		out_str(o, ": flat ");
		figure_unit(o, &l->c, flat);
		out_str(o, ", cum ");
		figure_unit(o, &l->c, cum);
		out_str(o, " (");
		share_write(o, cum.d, total.d);
		out_str(o, f == NULL ? "% of the total); no source file\n" :
		    "% of the total)\n");
	}
	/* lines pprof cannot place (0, unknown) first */
	for (i = 0; i < n && r[i].line <= 0; i = j) {
		for (j = i; j < n && r[j].line <= 0; j++)
			;
		line_row(l, r + i, j - i, 0, NULL);
	}
	first = i < n ? r[i].line : 0;
	last = r[n - 1].line;
	end = f == NULL ? 0 : last + MARGIN;
	if (f != NULL && end > (int64_t)f->nlines)
		end = (int64_t)f->nlines;
	for (line = first - MARGIN < 1 ? 1 : first - MARGIN; i < n &&
	    line <= end; line++) {
		for (j = i; j < n && r[j].line == line; j++)
			;
		line_row(l, r + i, j - i, line, f->line[line - 1]);
		i = j;
	}
	for (; line <= end; line++)	/* the margin after the last */
		line_row(l, r, 0, line, f->line[line - 1]);
	for (; i < n; i = j) {		/* past the file's end */
		line = r[i].line;
		for (j = i; j < n && r[j].line == line; j++)
			;
		line_row(l, r + i, j - i, line, NULL);
	}
	return 0;
}

/* The name pprof shows of file fi (*strs): its index in disp, or -1. */
static int64_t
shown_file(struct lister *l, uint32_t fi)
{
	const char *name = strtab_str(l->t->strs, fi), *shown;
	size_t n = strtab_len(l->t->strs, fi);
	char path[4096];
	int64_t d;

	if (l->dispof[fi] != 0)
		return l->dispof[fi] - 1;
	shown = name;
	if (n < sizeof(path) && memchr(name, '\0', n) == NULL) {
		memcpy(path, name, n);
		path[n] = '\0';
		shown = srcfile_trim(path, l->lo->trim, l->lo->search);
		n = strlen(shown);
	}
	if ((d = strtab_intern(&l->disp, shown, n)) < 0)
		return -1;
	l->dispof[fi] = (uint32_t)d + 1;
	return d;
}

static int
write_list(struct lister *l, const struct prof *p, struct perr *e)
{
	struct top *t = l->t;
	struct output *o = l->o;
	struct lrow *rows = NULL;
	uint32_t *rank = NULL, *drank = NULL;
	signed char *hit = NULL;
	int64_t d;
	size_t i, j, k, m, n = 0;
	double lo = 0, v;
	struct num total, flat, cum;
	int rc = -1;

	if (measure_choose(&t->m, p, l->lo->type, t->opts.unit, &l->c, e) < 0)
		return -1;
	if ((rows = calloc(t->nkeys + 1, sizeof(*rows))) == NULL ||
	    (rank = calloc(t->strs->n + 1, sizeof(*rank))) == NULL ||
	    (hit = calloc(t->strs->n + 1, 1)) == NULL ||
	    (l->dispof = calloc(t->strs->n + 1, sizeof(*l->dispof))) == NULL ||
	    strtab_ranks(t->strs, rank) < 0) {
		perr_nomem(e);
		goto done;
	}
	total = l->c.type < 0 ? num_of_i64(0) : top_sum(t, &l->c);
	for (i = 0; l->c.type >= 0 && i < t->nkeys; i++) {
		const struct key *ky = &t->keys[i];
		uint32_t fn = ky->fn ? ky->fn - 1 : ky->name;
		if (hit[fn] == 0)
			hit[fn] = re_match(l->lo->match, strtab_str(t->strs,
			    fn), strtab_len(t->strs, fn)) == 1 ? 1 : -1;
		flat = top_value(t, &l->c, 0, i);
		cum = top_value(t, &l->c, 1, i);
		if (hit[fn] < 0 || (flat.d == 0 && cum.d == 0))
			continue;
		if ((d = shown_file(l, ky->file)) < 0) {
			perr_nomem(e);
			goto done;
		}
		rows[n].key = (uint32_t)i;
		rows[n].fn = fn;
		rows[n].file = (uint32_t)d;
		rows[n].line = ky->line;
		rows[n++].fnrank = rank[fn];
		v = fabs(flat.d) > 0 ? fabs(flat.d) : fabs(cum.d);
		if (v > 0 && (lo == 0 || v < lo))
			lo = v;
	}
	if ((drank = calloc(l->disp.n + 1, sizeof(*drank))) == NULL ||
	    (l->src = calloc(l->disp.n + 1, sizeof(*l->src))) == NULL ||
	    strtab_ranks(&l->disp, drank) < 0) {
		perr_nomem(e);
		goto done;
	}
	for (i = 0; i < n; i++)
		rows[i].filerank = drank[rows[i].file];
	qsort(rows, n, sizeof(*rows), cmp_rows);
	if (l->c.how == SHOW_MIN)
		l->c.show = figure_min_unit(&l->c, lo, total.d);
	if (!t->opts.quiet && l->c.type < 0)
		out_str(o, "# no samples\n");
	else if (!t->opts.quiet)
		top_header(t, p, o, &l->c, total, 0, 0, 0, 0, 1);
	out_str(o, t->opts.memory ? "function\tfile\tline\tflat\tcum\t"
	    "mem_total\tsource\n" : "function\tfile\tline\tflat\tcum\tsource\n");
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && rows[j].fn == rows[i].fn; j++)
			;
		for (k = i; k < j; k = m) {
			for (m = k; m < j && rows[m].file == rows[k].file; m++)
				;
			if (strtab_len(&l->disp, rows[k].file) == 0) {
				if (!t->opts.quiet) {
					out_str(o, "# no source information "
					    "for ");
					out_escaped(o, strtab_str(t->strs,
					    rows[k].fn), strtab_len(t->strs,
					    rows[k].fn));
					out_char(o, '\n');
				}
				continue;
			}
			if (routine(l, rows + k, m - k, total, e) < 0)
				goto done;
		}
	}
	rc = n == 0 ? 1 : 0;
done:
	if (l->src != NULL)
		for (i = 0; i < l->disp.n; i++)
			srcfile_free(&l->src[i].f);
	free(l->src);
	free(l->dispof);
	strtab_free(&l->disp);
	free(rows);
	free(rank);
	free(drank);
	free(hit);
	return rc;
}

int
top_list(struct top *t, const struct prof *p, const struct list_opts *lo,
    struct output *o, struct perr *e)
{
	struct lister l;
	int rc;

	memset(&l, 0, sizeof(l));
	l.t = t;
	l.lo = lo;
	l.o = o;
	rc = write_list(&l, p, e);
	return rc < 0 ? perr_at(e, o->name) : rc;
}
