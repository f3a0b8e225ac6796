/*
 * A checked pprof profile's tables to the stream, in define-before-use
 * order with ids renumbered 1..n in table order: mappings, functions,
 * locations (a row per Line), then the samples.
 */
#include <stdlib.h>

#include "formats/pprof/pprof_read.h"

static void
definitions(struct pprof_reader *c, const struct pctx *x)
{
	struct dprof *p = x->p;
	const uint8_t *at;
	struct pb msg;
	struct dmap m;
	struct dfn f;
	struct dloc l;
	size_t i, j;
	int64_t name, sys, mi;
	size_t bytes = 0;

	for (i = 0; i < p->nstrings; i++)
		bytes += p->strings[i].n;
	sw_hint(&c->w, T_MAPPINGS, p->n[PT_MAPPING], 0);
	sw_hint(&c->w, T_FUNCTIONS, p->n[PT_FUNCTION], bytes);
	if (p->loc_first != NULL)
		sw_hint(&c->w, T_LOCATIONS, p->loc_first[p->n[PT_LOCATION]], 0);
	at = p->from[PT_MAPPING];
	for (i = 0; pprof_next(p, PT_MAPPING, &at, &msg); i++) {
		(void)pprof_mapping(&msg, &m);	/* checked already */
		struct sw_mapping row = {
			.id = c->nmappings + (uint32_t)i + 1,
			.start = m.start, .limit = m.limit,
			.offset = m.offset,
			.filename = text(x, m.filename),
			.build_id = text(x, m.build_id),
			.has_functions = m.has_functions,
			.has_filenames = m.has_filenames,
			.has_line_numbers = m.has_line_numbers,
			.has_inline_frames = m.has_inline_frames,
		};
		sw_mapping(&c->w, &row);
	}
	at = p->from[PT_FUNCTION];
	for (i = 0; pprof_next(p, PT_FUNCTION, &at, &msg); i++) {
		uint32_t id = c->nfunctions + (uint32_t)i + 1;
		(void)pprof_function(&msg, &f);
		name = str(x, f.name)->n ? f.name : f.system_name;
		sys = str(x, f.system_name)->n ? f.system_name : f.name;
		if (str(x, name)->n == 0)
			sw_function(&c->w, id, text_of(PPROF_NONAME),
			    text_of(PPROF_NONAME), text(x, f.filename),
			    f.start_line);
		else
			sw_function(&c->w, id, text(x, name), text(x, sys),
			    text(x, f.filename), f.start_line);
	}
	/* each Location: a row per line, innermost first, or one row */
	at = p->from[PT_LOCATION];
	while (pprof_next(p, PT_LOCATION, &at, &msg)) {
		(void)pprof_location(p, &msg, &l);
		mi = l.mapping_id ? index_of(x, PT_MAPPING, l.mapping_id) : -1;
		struct sw_location row = {
			.address = l.address, .is_folded = l.folded,
			.mapping_id = mi >= 0 ? c->nmappings + 1 +
			    (uint32_t)mi : 0,
			.function_id = 0, .line_na = 1,
		};
		for (j = 0; j < (l.nline ? l.nline : 1); j++) {
			row.id = ++c->nlocations;
			if (l.nline) {
				const struct dline *ln = &p->lines[j];
				row.function_id = c->nfunctions + 1 +
				    (uint32_t)index_of(x, PT_FUNCTION,
				    ln->function_id);
				row.line = ln->line;
				row.line_na = 0;
				row.column = ln->column;
				row.inlined = j + 1 < l.nline;
			}
			sw_location(&c->w, &row);
		}
	}
	c->nmappings += (uint32_t)p->n[PT_MAPPING];
	c->nfunctions += (uint32_t)p->n[PT_FUNCTION];
}

static int
samples(struct pprof_reader *c, const struct pctx *x, uint32_t first_loc)
{
	struct dprof *p = x->p;
	const uint8_t *at = p->from[PT_SAMPLE], *read = at;
	const uint32_t *first = p->loc_first;
	struct pb msg;
	size_t i, j, k;
	struct stream_id sid, *locs;
	struct sw_stack stack;
	uint32_t nloc = c->nlocations - first_loc + 1, *types;
	int64_t h, li;
	int rc = -1;

	/* every location id and value type formatted once */
	locs = malloc(((size_t)nloc + 1) * sizeof(*locs));
	types = malloc((p->ntypes / 2 + 1) * sizeof(*types));
	if (locs == NULL || types == NULL)
		goto done;
	for (i = 0; i < nloc; i++)
		stream_id_set(&locs[i], first_loc + (uint32_t)i);
	for (i = 0; i < p->ntypes / 2; i++) {
		if ((h = sw_value_type(&c->w, text_mark(x, p->types[2 * i]),
		    text_mark(x, p->types[2 * i + 1]))) < 0)
			goto done;
		types[i] = (uint32_t)h;
	}
	while (pprof_next(p, PT_SAMPLE, &at, &msg)) {
		if (sw_failed(&c->w)) {
			rc = sw_error(&c->w, x->e);
			goto failed;
		}
		input_drop_read(c->in, &read, at);
		(void)pprof_sample(p, &msg);	/* checked already */
		stream_id_set(&sid, ++c->nsamples);
		sw_sample(&c->w, &sid, c->nsources);
		for (j = 0; j < p->nvals; j++)
			sw_sample_value(&c->w, &sid, types[j],
			    num_of_i64((int64_t)p->vals[j]));
		sw_stack_begin(&c->w, &stack, &sid);
		for (j = 0; j < p->nlocs; j++) {
			li = index_of(x, PT_LOCATION, p->locs[j]);
			for (k = first[li]; k < first[li + 1]; k++)
				sw_stack_frame(&c->w, &stack, &locs[k]);
		}
		for (j = 0; j < p->nlabels; j++) {
			const struct dlabel *l = &p->labels[j];
			struct sw_label row = {
				.key = text_mark(x, l->key),
				.str = l->str != 0 ? text(x, l->str) : TEXT_NA,
				.num = l->num,
				.num_unit = l->num_unit != 0 ?
				    text(x, l->num_unit) : TEXT_NA,
			};
			sw_sample_label(&c->w, &sid, &row);
		}
	}
	rc = 0;
done:
	if (rc < 0)
		perr_nomem(x->e);
failed:
	free(locs);
	free(types);
	return rc;
}

int
pprof_write_tables(struct pprof_reader *c, struct pctx *x)
{
	uint32_t first_loc = c->nlocations + 1;

	definitions(c, x);
	/* the samples are read once more, the rest is written: the file's
	 * pages leave memory, as the model a reader builds of it grows */
	input_drop(c->in, x->data, x->len);
	return samples(c, x, first_loc);
}
