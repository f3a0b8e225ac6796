#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "model/assemble.h"
#include "formats/v1/v1.h"

struct v1 {
	struct stream_writer w;
	size_t fn_done, loc_done;
	uint32_t *run;		/* the stack of the current run */
	size_t nrun, caprun;
	int64_t count;		/* samples in it, 0: none yet */
};

static int
refuse(struct perr *e, const char *why)
{
	return perr_set(e, "format 1.0 cannot hold this profile: %s "
	    "(write 2.0 instead)", why);
}

static int
definitions(struct v1 *w, const struct prof *p, struct perr *e)
{
	size_t i;

	for (i = w->loc_done; i < p->nlocations; i++) {
		const struct location *l = &p->locations[i];
		if ((!l->address_na && l->address != 0) ||
		    l->mapping != PROF_NONE || l->is_folded || l->inlined ||
		    l->column != 0)
			return refuse(e, "addresses, mappings, columns or "
			    "inlined frames (the extension columns of "
			    "locations)");
	}
	for (i = w->fn_done; i < p->nfunctions; i++)
		prof_write_function(&w->w, p, &p->functions[i],
		    p->functions[i].id);
	w->fn_done = p->nfunctions;
	for (i = w->loc_done; i < p->nlocations; i++) {
		const struct location *l = &p->locations[i];
		prof_write_location(&w->w, l, l->id, l->function == PROF_NONE ?
		    0 : p->functions[l->function].id, 0);
	}
	w->loc_done = p->nlocations;
	return 0;
}

static void
flush_run(struct v1 *w, const struct prof *p)
{
	size_t i;

	if (w->count == 0)
		return;
	/* the run holds indices: the row wants ids */
	for (i = 0; i < w->nrun; i++)
		w->run[i] = p->locations[w->run[i]].id;
	sw_v1_sample(&w->w, w->count, w->run, w->nrun);
	w->count = 0;
}

static int
v1_emit(void *ctx, struct prof *p, const struct sample *s, struct perr *e)
{
	struct v1 *w = ctx;
	double count;
	size_t i;

	if (p->nsources > 1)
		return refuse(e, "several sources");
	if (s->nlabels > 0)
		return refuse(e, "labels");
	for (i = 0; i < s->nvals; i++)
		if (strcmp(prof_str(p, s->vals[i].type), VALUE_SAMPLES) ||
		    strcmp(prof_str(p, s->vals[i].unit), UNIT_COUNT)) {
			char why[256];
			snprintf(why, sizeof(why), "values other than "
			    VALUE_SAMPLES "/" UNIT_COUNT " (%.100s/%.100s)",
			    prof_str(p, s->vals[i].type),
			    prof_str(p, s->vals[i].unit));
			return refuse(e, why);
		}
	if (s->nvals != 1)
		return refuse(e, "a sample without a " VALUE_SAMPLES "/"
		    UNIT_COUNT " value");
	count = s->vals[0].value.d;
	if (count != (double)(int64_t)count || count < 1 || count > INT32_MAX)
		return refuse(e, "a sample count that is not a whole number "
		    "from 1 to 2147483647");
	if (w->count > 0 && (w->nrun != s->nlocs || memcmp(w->run, s->locs,
	    s->nlocs * sizeof(*s->locs)) != 0 || w->count + count >
	    INT32_MAX))
		flush_run(w, p);
	if (definitions(w, p, e) < 0)
		return -1;
	if (w->count == 0) {
		if (array_grow((void **)&w->run, &w->caprun, s->nlocs,
		    sizeof(*w->run)) < 0)
			return perr_nomem(e);
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
	struct v1 w = { 0 };
	int rc;

	sw_begin(&w.w, o, V10, 0, 0);
	sw_v1_sample_type(&w.w, text_of(VALUE_SAMPLES), text_of(UNIT_COUNT));
	rc = assemble_file(&r, path, NULL, NULL, &p, v1_emit, restart, &w, 0,
	    e);
	if (rc == 0) {
		flush_run(&w, &p);
		rc = definitions(&w, &p, e);
	}
	sw_free(&w.w);
	stream_close(&r);
	prof_free(&p);
	free(w.run);
	return rc;
}
