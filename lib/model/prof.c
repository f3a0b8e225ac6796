/* The profile model: interned strings, and the tables by id. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "model/prof.h"

int64_t
prof_intern(struct prof *p, const char *s, size_t n)
{
	return strtab_intern(&p->str, s, n);
}

int
prof_reserve(struct prof *p, enum table_id t, size_t n, size_t bytes)
{
	switch (t) {
	case T_FUNCTIONS:
		/* a name, a file and perhaps a system name each */
		if (strtab_reserve(&p->str, 2 * n, bytes) < 0)
			return -1;
		return array_grow((void **)&p->functions, &p->capfunctions,
		    p->nfunctions + n, sizeof(*p->functions));
	case T_LOCATIONS:
		return array_grow((void **)&p->locations, &p->caplocations,
		    p->nlocations + n, sizeof(*p->locations));
	case T_MAPPINGS:
		return array_grow((void **)&p->mappings, &p->capmappings,
		    p->nmappings + n, sizeof(*p->mappings));
	default:
		return 0;
	}
}

void
prof_free(struct prof *p)
{
	size_t i;

	for (i = 0; i < p->nsources; i++)
		free(p->sources[i].attrs);
	free(p->sources);
	free(p->functions);
	free(p->locations);
	free(p->mappings);
	free(p->lattrs);
	u64map_free(&p->source_ix);
	u64map_free(&p->function_ix);
	u64map_free(&p->location_ix);
	u64map_free(&p->mapping_ix);
	strtab_free(&p->str);
	memset(p, 0, sizeof(*p));
}

int
prof_add_location_attr(struct prof *p, uint32_t li, struct attr a)
{
	struct location *l = &p->locations[li];
	uint32_t k = (uint32_t)p->nlattrs;

	if (ARRAY_ROOM(p->lattrs, p->nlattrs, p->caplattrs) < 0)
		return -1;
	p->lattrs[k].location = li;
	p->lattrs[k].next = PROF_NONE;
	p->lattrs[k].a = a;
	if (l->attr_head == PROF_NONE)
		l->attr_head = k;
	else
		p->lattrs[l->attr_tail].next = k;
	l->attr_tail = k;
	p->nlattrs++;
	return 0;
}

void
prof_write_location_attrs(struct stream_writer *w, const struct prof *p,
    uint32_t li, uint32_t id)
{
	uint32_t k;

	for (k = p->locations[li].attr_head; k != PROF_NONE;
	    k = p->lattrs[k].next)
		sw_location_attr(w, id, prof_text(p, p->lattrs[k].a.key),
		    prof_text(p, p->lattrs[k].a.value));
}

const char *
prof_attr(const struct prof *p, const struct source *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->nattrs; i++)
		if (strcmp(prof_str(p, s->attrs[i].key), key) == 0)
			return prof_str(p, s->attrs[i].value);
	return NULL;
}

void
prof_write_function(struct stream_writer *w, const struct prof *p,
    const struct function *f, uint32_t id)
{
	sw_function(w, id, prof_text(p, f->name), prof_text(p,
	    f->system_name), prof_text(p, f->filename), f->start_line);
}

void
prof_write_location(struct stream_writer *w, const struct location *l,
    uint32_t id, uint32_t function, uint32_t mapping)
{
	struct sw_location row = {
		.id = id, .function_id = function,
		.line = l->line, .line_na = l->line == PROF_LINE_NA,
		.address = l->address, .address_na = l->address_na,
		.mapping_id = mapping, .is_folded = l->is_folded,
		.inlined = l->inlined, .column = l->column,
	};

	sw_location(w, &row);
}

void
prof_write_mapping(struct stream_writer *w, const struct prof *p,
    const struct mapping *m, uint32_t id)
{
	struct sw_mapping row = {
		.id = id, .start = m->start, .limit = m->limit,
		.offset = m->offset, .filename = prof_text(p, m->filename),
		.build_id = prof_text(p, m->build_id),
		.has_functions = m->has_functions,
		.has_filenames = m->has_filenames,
		.has_line_numbers = m->has_line_numbers,
		.has_inline_frames = m->has_inline_frames,
	};

	sw_mapping(w, &row);
}

/* The attributes of source i read since, written when keep keeps it. */
static void
pass_source_attrs(struct stream_writer *w, const struct prof *p,
    struct source_pass *sp, size_t i, int keep)
{
	const struct source *src = &p->sources[i];
	size_t j;

	if (keep)
		for (j = sp->attrs[i]; j < src->nattrs; j++)
			sw_source_attr(w, src->id, prof_text(p,
			    src->attrs[j].key), prof_text(p,
			    src->attrs[j].value));
	sp->attrs_done += src->nattrs - sp->attrs[i];
	sp->attrs[i] = src->nattrs;
}

int
prof_pass_sources(struct stream_writer *w, const struct prof *p,
    struct source_pass *sp, int (*keep)(const void *ctx, uint32_t id),
    const void *ctx)
{
	const struct source *src;
	size_t i;

	if (sp->done == p->nsources && sp->attrs_done == p->nattrs)
		return 0;
	if (array_grow((void **)&sp->attrs, &sp->cap, p->nsources + 1,
	    sizeof(*sp->attrs)) < 0)
		return -1;
	for (i = sp->done; i < p->nsources; i++) {
		src = &p->sources[i];
		if (keep == NULL || keep(ctx, src->id))
			sw_source(w, src->id, prof_text(p, src->type),
			    prof_text(p, src->uri), src->timestamp_na ? NAN :
			    src->timestamp);
		sp->attrs[i] = 0;
		pass_source_attrs(w, p, sp, i, keep == NULL ||
		    keep(ctx, src->id));
	}
	/* attributes that came after their source was written */
	for (i = 0; sp->attrs_done < p->nattrs && i < sp->done; i++)
		pass_source_attrs(w, p, sp, i, keep == NULL ||
		    keep(ctx, p->sources[i].id));
	sp->done = p->nsources;
	return 0;
}

void
source_pass_free(struct source_pass *sp)
{
	free(sp->attrs);
	memset(sp, 0, sizeof(*sp));
}

/* The writer's handle of value type (type, unit) of p. */
static int64_t
value_type(struct stream_writer *w, struct u64map *vtypes,
    const struct prof *p, uint32_t type, uint32_t unit)
{
	uint32_t *slot;
	int added;
	int64_t h;

	if ((slot = u64map_put(vtypes, (uint64_t)type << 32 | unit, 0,
	    &added)) == NULL)
		return -1;
	if (added) {
		if ((h = sw_value_type(w, prof_text(p, type),
		    prof_text(p, unit))) < 0)
			return -1;
		*slot = (uint32_t)h;
	}
	return *slot;
}

int
prof_write_sample(struct stream_writer *w, struct u64map *vtypes,
    const struct prof *p, const struct sample *s, uint32_t sample_id,
    uint32_t source_id, const uint32_t *location_ids, size_t nlocs)
{
	struct stream_id sid, loc;
	struct sw_stack stack;
	int64_t h;
	size_t i;

	stream_id_set(&sid, sample_id);
	sw_sample(w, &sid, source_id);
	for (i = 0; i < s->nvals; i++) {
		if ((h = value_type(w, vtypes, p, s->vals[i].type,
		    s->vals[i].unit)) < 0)
			return -1;
		sw_sample_value(w, &sid, (uint32_t)h, s->vals[i].value);
	}
	sw_stack_begin(w, &stack, &sid);
	for (i = 0; i < nlocs; i++) {
		stream_id_set(&loc, location_ids[i]);
		sw_stack_frame(w, &stack, &loc);
	}
	if (s->has_time)
		sw_sample_time(w, &sid, s->time);
	for (i = 0; i < s->nlabels; i++) {
		const struct slabel *l = &s->labels[i];
		struct sw_label row = {
			.key = prof_text(p, l->key),
			.str = prof_text(p, l->str),
			.num = l->num,
			.num_unit = prof_text(p, l->num_unit),
		};
		sw_sample_label(w, &sid, &row);
	}
	return 0;
}
