/*
 * Combining streams. Each input is read through the sample assembler; just
 * before each of its samples, the definitions read since are written in
 * input order, with new ids: sources and samples consecutively, functions,
 * locations and mappings through tables of keys so that equal ones merge.
 * Memory grows with the distinct definitions, not with samples.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "io/srcfile.h"
#include "model/combine.h"

struct combiner {
	struct stream_writer w;
	struct output *o;
	struct u64map vtypes;		/* type << 32 | unit -> writer's */
	struct strtab fkeys, lkeys, mkeys;	/* equal ones merge */
	uint32_t nsources, nsamples;
	/* per input: output ids of its definitions, and how far written */
	uint32_t *fn_out, *loc_out, *map_out;
	unsigned char *loc_new;		/* the output location is this input's */
	size_t capfn, caploc, capmap, caplocnew;
	size_t lattrs_done;		/* location attributes written */
	size_t src_done, fn_done, loc_done, map_done;
	size_t attrs_done;		/* attributes written, of all */
	size_t *src_attrs;		/* per source: attributes written */
	size_t capsrcattrs;
	uint32_t src_base;
	struct { uint32_t nsources, nsamples; size_t nf, nl, nm; uint64_t at;
	    unsigned tables; } mark;	/* the state when this input began */
	char *key;
	size_t capkey, nkey;
	uint32_t *ids;			/* a sample's output location ids */
	size_t capids;
	/* as sent (combine_inputs_sent): URIs' base names, file names
	 * trimmed of these prefixes (NULL: none) */
	int sent;
	const char *trim;
};


struct combiner *
combine_new(struct output *o, int loc_ext, struct perr *e)
{
	struct combiner *c = calloc(1, sizeof(*c));

	if (c == NULL) {
		perr_nomem(e);
		return NULL;
	}
	c->o = o;
	sw_begin(&c->w, o, V20, SCHEMA_EXTENSIONS, loc_ext);
	return c;
}

void
combine_free(struct combiner *c)
{
	if (c == NULL)
		return;
	sw_free(&c->w);
	u64map_free(&c->vtypes);
	strtab_free(&c->fkeys);
	strtab_free(&c->lkeys);
	strtab_free(&c->mkeys);
	free(c->fn_out);
	free(c->loc_out);
	free(c->map_out);
	free(c->key);
	free(c->ids);
	free(c->src_attrs);
	free(c->loc_new);
	free(c);
}

/* Keys: fields appended with their lengths, so no two differ only in
 * where one field ends. */
static int
key_add(struct combiner *c, const void *p, size_t n)
{
	uint32_t len = (uint32_t)n;

	if (array_grow((void **)&c->key, &c->capkey, c->nkey + n + 4, 1) < 0)
		return -1;
	memcpy(c->key + c->nkey, &len, 4);
	if (n > 0)
		memcpy(c->key + c->nkey + 4, p, n);
	c->nkey += n + 4;
	return 0;
}

static int
key_str(struct combiner *c, const struct prof *p, uint32_t s)
{
	if (s == PROF_NONE)
		return key_add(c, "\xff", 1);	/* NA, unlike any text */
	return key_add(c, prof_str(p, s), prof_strlen(p, s));
}

/* The output id of the key built in c->key; *added when it is new. */
static int64_t
key_id(struct combiner *c, struct strtab *t, int *added)
{
	size_t n = t->n;
	int64_t k = strtab_intern(t, c->key, c->nkey);

	*added = t->n != n;
	return k < 0 ? -1 : k + 1;
}

static void
write_attrs(struct combiner *c, const struct prof *p, size_t i)
{
	const struct source *s = &p->sources[i];
	size_t j;

	for (j = c->src_attrs[i]; j < s->nattrs; j++)
		sw_source_attr(&c->w, c->src_base + (uint32_t)i + 1,
		    prof_text(p, s->attrs[j].key),
		    prof_text(p, s->attrs[j].value));
	c->attrs_done += s->nattrs - c->src_attrs[i];
	c->src_attrs[i] = s->nattrs;
}

static int
write_sources(struct combiner *c, const struct prof *p)
{
	size_t i;

	if (array_grow((void **)&c->src_attrs, &c->capsrcattrs, p->nsources + 1,
	    sizeof(*c->src_attrs)) < 0)
		return -1;
	/* attributes that came after their source was written */
	for (i = 0; c->attrs_done < p->nattrs && i < c->src_done; i++)
		write_attrs(c, p, i);
	for (i = c->src_done; i < p->nsources; i++) {
		const struct source *s = &p->sources[i];
		struct text uri = prof_text(p, s->uri);
		const char *slash;

		/* (prof's strings end in a NUL) */
		if (c->sent && uri.p != NULL && (slash = strrchr(uri.p,
		    '/')) != NULL && slash[1] != '\0')
			uri = text_n(slash + 1, uri.n - (size_t)(slash + 1 -
			    uri.p));
		sw_source(&c->w, c->src_base + (uint32_t)i + 1,
		    prof_text(p, s->type), uri,
		    s->timestamp_na ? NAN : s->timestamp);
		c->src_attrs[i] = 0;
		write_attrs(c, p, i);
	}
	c->src_done = p->nsources;
	if (c->src_base + p->nsources > c->nsources)
		c->nsources = c->src_base + (uint32_t)p->nsources;
	return 0;
}

static int
write_mappings(struct combiner *c, const struct prof *p)
{
	size_t i;
	int64_t id;
	int added;

	if (array_grow((void **)&c->map_out, &c->capmap, p->nmappings + 1,
	    sizeof(*c->map_out)) < 0)
		return -1;
	for (i = c->map_done; i < p->nmappings; i++) {
		const struct mapping *m = &p->mappings[i];
		unsigned char flags[4] = { (unsigned char)m->has_functions,
		    (unsigned char)m->has_filenames,
		    (unsigned char)m->has_line_numbers,
		    (unsigned char)m->has_inline_frames };
		c->nkey = 0;
		if (key_add(c, &m->start, 8) < 0 || key_add(c, &m->limit, 8) < 0
		    || key_add(c, &m->offset, 8) < 0 ||
		    key_str(c, p, m->filename) < 0 ||
		    key_str(c, p, m->build_id) < 0 || key_add(c, flags, 4) < 0 ||
		    (id = key_id(c, &c->mkeys, &added)) < 0)
			return -1;
		c->map_out[i] = (uint32_t)id;
		if (added) {
			struct sw_mapping row = {
				.id = (uint32_t)id, .start = m->start,
				.limit = m->limit, .offset = m->offset,
				.filename = prof_text(p, m->filename),
				.build_id = prof_text(p, m->build_id),
				.has_functions = m->has_functions,
				.has_filenames = m->has_filenames,
				.has_line_numbers = m->has_line_numbers,
				.has_inline_frames = m->has_inline_frames,
			};
			sw_mapping(&c->w, &row);
		}
	}
	c->map_done = p->nmappings;
	return 0;
}

static int
write_functions(struct combiner *c, const struct prof *p)
{
	size_t i;
	int64_t id;
	int added;

	if (array_grow((void **)&c->fn_out, &c->capfn, p->nfunctions + 1,
	    sizeof(*c->fn_out)) < 0)
		return -1;
	for (i = c->fn_done; i < p->nfunctions; i++) {
		const struct function *f = &p->functions[i];
		c->nkey = 0;
		if (key_str(c, p, f->name) < 0 ||
		    key_str(c, p, f->system_name) < 0 ||
		    key_str(c, p, f->filename) < 0 ||
		    key_add(c, &f->start_line, 8) < 0 ||
		    (id = key_id(c, &c->fkeys, &added)) < 0)
			return -1;
		c->fn_out[i] = (uint32_t)id;
		if (added && c->trim != NULL && f->filename != PROF_NONE) {
			const char *file = prof_str(p, f->filename), *t =
			    srcfile_trim(file, c->trim, NULL);
			sw_function(&c->w, (uint32_t)id, prof_text(p, f->name),
			    prof_text(p, f->system_name), text_n(t,
			    prof_strlen(p, f->filename) - (size_t)(t - file)),
			    f->start_line);
		}
		else if (added)
			prof_write_function(&c->w, p, f, (uint32_t)id);
	}
	c->fn_done = p->nfunctions;
	return 0;
}

static int
write_locations(struct combiner *c, const struct prof *p)
{
	size_t i;
	int64_t id;
	int added;
	uint32_t fn, map;

	if (array_grow((void **)&c->loc_out, &c->caploc, p->nlocations + 1,
	    sizeof(*c->loc_out)) < 0 || array_grow((void **)&c->loc_new,
	    &c->caplocnew, p->nlocations + 1, 1) < 0)
		return -1;
	for (i = c->loc_done; i < p->nlocations; i++) {
		const struct location *l = &p->locations[i];
		/* neutral values where an input lacks the columns */
		int64_t ext[4] = { l->address_na ? -1 : 0, l->is_folded,
		    l->inlined, l->column };
		fn = l->function == PROF_NONE ? 0 : c->fn_out[l->function];
		map = l->mapping == PROF_NONE ? 0 : c->map_out[l->mapping];
		c->nkey = 0;
		if (key_add(c, &fn, 4) < 0 || key_add(c, &l->line, 8) < 0 ||
		    key_add(c, &l->address, 8) < 0 || key_add(c, &map, 4) < 0 ||
		    key_add(c, ext, sizeof(ext)) < 0 ||
		    (id = key_id(c, &c->lkeys, &added)) < 0)
			return -1;
		c->loc_out[i] = (uint32_t)id;
		c->loc_new[i] = (unsigned char)added;
		if (added)
			prof_write_location(&c->w, l, (uint32_t)id, fn, map);
	}
	c->loc_done = p->nlocations;
	/* attributes read since, of the locations this input brought (one
	 * merged with an earlier input's has that one's) */
	for (; c->lattrs_done < p->nlattrs; c->lattrs_done++) {
		const struct lattr *a = &p->lattrs[c->lattrs_done];
		if (c->loc_new[a->location])
			sw_location_attr(&c->w, c->loc_out[a->location],
			    prof_text(p, a->a.key), prof_text(p, a->a.value));
	}
	return 0;
}

/* Writes what the input defined since the last sample. */
static int
definitions(struct combiner *c, const struct prof *p, struct perr *e)
{
	if (write_sources(c, p) < 0 || write_mappings(c, p) < 0 ||
	    write_functions(c, p) < 0 || write_locations(c, p) < 0)
		return perr_nomem(e);
	return 0;
}

static int
combine_emit(void *ctx, struct prof *p, const struct sample *s, struct perr *e)
{
	struct combiner *c = ctx;
	size_t i;

	if (definitions(c, p, e) < 0 || array_grow((void **)&c->ids,
	    &c->capids, s->nlocs + 1, sizeof(*c->ids)) < 0)
		return perr_nomem(e);
	for (i = 0; i < s->nlocs; i++)
		c->ids[i] = c->loc_out[s->locs[i]];
	if (prof_write_sample(&c->w, &c->vtypes, p, s, ++c->nsamples,
	    c->src_base + s->source + 1, c->ids, s->nlocs) < 0)
		return perr_nomem(e);
	return 0;
}

/* Back to the state when this input began, to read it again. */
static int
restart(void *ctx, struct perr *e)
{
	struct combiner *c = ctx;

	if (output_rewind_to(c->o, c->mark.at, e) < 0 ||
	    strtab_truncate(&c->fkeys, c->mark.nf) < 0 ||
	    strtab_truncate(&c->lkeys, c->mark.nl) < 0 ||
	    strtab_truncate(&c->mkeys, c->mark.nm) < 0)
		return -1;
	c->nsources = c->mark.nsources;
	c->nsamples = c->mark.nsamples;
	/* the headers written since went with the rest */
	c->w.tables = c->mark.tables;
	u64map_free(&c->vtypes);	/* of the input's strings, read anew */
	c->src_done = c->fn_done = c->loc_done = c->map_done = 0;
	c->attrs_done = c->lattrs_done = 0;
	return 0;
}

int
combine_add(struct combiner *c, const char *path, const char *shown,
    struct perr *e)
{
	struct stream_reader r;
	struct prof p = { 0 };
	int rc;

	c->src_base = c->nsources;
	u64map_free(&c->vtypes);
	c->src_done = c->fn_done = c->loc_done = c->map_done = 0;
	c->attrs_done = c->lattrs_done = 0;
	c->mark.nsources = c->nsources;
	c->mark.nsamples = c->nsamples;
	c->mark.tables = c->w.tables;
	c->mark.nf = c->fkeys.n;
	c->mark.nl = c->lkeys.n;
	c->mark.nm = c->mkeys.n;
	c->mark.at = c->o->flushed + c->o->len;
	rc = assemble_file(&r, path, shown, NULL, &p, combine_emit, restart, c, 0,
	    e);
	if (rc == 0)
		rc = definitions(c, &p, e);	/* those no sample used */
	stream_close(&r);
	prof_free(&p);
	return rc;
}

int
combine_inputs(struct output *o, size_t n, const struct input_ref *in,
    struct perr *e)
{
	return combine_inputs_counted(o, n, in, NULL, e);
}

/* combine_inputs_counted, as sent when sent (trim: its prefixes) */
static int
combine_all(struct output *o, size_t n, const struct input_ref *in,
    uint32_t *first, int sent, const char *trim, struct perr *e)
{
	struct combiner *c;
	size_t i;
	int r, ext = 0, rc = 0;

	/* the locations header is written first: has any input its
	 * extension columns? */
	for (i = 0; i < n; i++) {
		if ((r = stream_has_loc_ext(in[i].path, in[i].shown, e)) < 0)
			return -1;
		ext |= r;
	}
	if ((c = combine_new(o, ext, e)) == NULL)
		return -1;
	c->sent = sent;
	c->trim = trim;
	for (i = 0; i < n && rc == 0; i++) {
		rc = combine_add(c, in[i].path, in[i].shown, e);
		if (i == 0 && first != NULL)
			*first = c->nsources;
	}
	combine_free(c);
	return rc;
}

int
combine_inputs_counted(struct output *o, size_t n, const struct input_ref *in,
    uint32_t *first, struct perr *e)
{
	return combine_all(o, n, in, first, 0, NULL, e);
}

int
combine_inputs_sent(struct output *o, size_t n, const struct input_ref *in,
    const char *trim, struct perr *e)
{
	return combine_all(o, n, in, NULL, 1, trim, e);
}
