#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "samples.h"
#include "stream.h"
#include "v1.h"

struct v1 {
	struct output *o;
	struct perr *e;
	size_t fn_done, loc_done;
	uint32_t *run;		/* the stack of the current run */
	size_t nrun, caprun;
	int64_t count;		/* samples in it, 0: none yet */
};

static int
refuse(struct v1 *w, const char *why)
{
	return perr_set(w->e, "format 1.0 cannot hold this profile: %s "
	    "(write 2.0 instead)", why);
}

static int
definitions(struct v1 *w, const struct prof *p)
{
	struct output *o = w->o;
	size_t i;

	for (i = w->loc_done; i < p->nlocations; i++) {
		const struct location *l = &p->locations[i];
		if ((!l->address_na && l->address != 0) ||
		    l->mapping != NONE || l->is_folded || l->inlined ||
		    l->column != 0)
			return refuse(w, "addresses, mappings, columns or "
			    "inlined frames (the extension columns of "
			    "locations)");
	}
	for (i = w->fn_done; i < p->nfunctions; i++)
		prof_write_function(o, p, &p->functions[i],
		    p->functions[i].id);
	w->fn_done = p->nfunctions;
	for (i = w->loc_done; i < p->nlocations; i++) {
		const struct location *l = &p->locations[i];
		prof_write_location(o, l, l->id, l->function == NONE ? 0 :
		    p->functions[l->function].id, 0, 0);
	}
	w->loc_done = p->nlocations;
	return 0;
}

static void
flush_run(struct v1 *w, const struct prof *p)
{
	struct output *o = w->o;
	size_t i;

	if (w->count == 0)
		return;
	row_begin(o, T_V1_SAMPLES);
	row_int(o, w->count);
	out_char(o, '\t');
	for (i = 0; i < w->nrun; i++) {
		if (i > 0)
			out_char(o, ',');
		out_u64(o, p->locations[w->run[i]].id);
	}
	row_end(o);
	w->count = 0;
}

static int
emit(void *ctx, const struct prof *p, const struct sample *s)
{
	struct v1 *w = ctx;
	double count;
	size_t i;

	if (p->nsources > 1)
		return refuse(w, "several sources");
	if (s->nlabels > 0)
		return refuse(w, "labels");
	for (i = 0; i < s->nvals; i++)
		if (strcmp(prof_str(p, s->vals[i].type), "samples") ||
		    strcmp(prof_str(p, s->vals[i].unit), "count")) {
			char why[256];
			snprintf(why, sizeof(why), "values other than "
			    "samples/count (%.100s/%.100s)",
			    prof_str(p, s->vals[i].type),
			    prof_str(p, s->vals[i].unit));
			return refuse(w, why);
		}
	if (s->nvals != 1)
		return refuse(w, "a sample without a samples/count value");
	count = s->vals[0].value;
	if (count != (double)(int64_t)count || count < 1 || count > INT32_MAX)
		return refuse(w, "a sample count that is not a whole number "
		    "from 1 to 2147483647");
	if (w->count > 0 && (w->nrun != s->nlocs || memcmp(w->run, s->locs,
	    s->nlocs * sizeof(*s->locs)) != 0 || w->count + count >
	    INT32_MAX))
		flush_run(w, p);
	if (definitions(w, p) < 0)
		return -1;
	if (w->count == 0) {
		if (array_grow((void **)&w->run, &w->caprun, s->nlocs,
		    sizeof(*w->run)) < 0)
			return perr_nomem(w->e);
		for (i = 0; i < s->nlocs; i++)
			w->run[i] = s->locs[i];
		w->nrun = s->nlocs;
	}
	w->count += (int64_t)count;
	return 0;
}

static int
restart(void *ctx, struct perr *e)
{
	(void)ctx;
	return perr_set(e, "format 1.0: the stream is not in "
	    "define-before-use order");
}

int
v1_write(const char *path, struct output *o, struct perr *e)
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct v1 w = { .o = o, .e = e };
	int rc;

	stream_write_preamble(o, V10, (1u << T_V1_SAMPLE_TYPES) |
	    (1u << T_V1_SAMPLES) | (1u << T_LOCATIONS) | (1u << T_FUNCTIONS),
	    0);
	out_str(o, "sample_types\tsamples\tcount\n");
	rc = samples_read_file(&r, path, &p, emit, restart, &w, e);
	if (rc == 0) {
		flush_run(&w, &p);
		rc = definitions(&w, &p);
	}
	stream_close(&r);
	prof_free(&p);
	free(w.run);
	return rc;
}
