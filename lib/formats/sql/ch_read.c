/*
 * A ClickHouse profile database back out as a stream (ch.h), as
 * sql_read.c reads SQLite's: the sources selected (sql_sources.c's
 * rules), a pass over the sample blocks selected for the stacks they
 * use, the definitions those use in the order the loads brought them,
 * numbered as tsvcombine numbers them, then the samples. The server does
 * the coarse part of a selection (which blocks), this reader the exact
 * one (which samples), by the same rules as SQLite's reader.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/fmt.h"
#include "formats/sql/ch_read_impl.h"

static int
gather_one(struct chr *r, uint32_t i, int64_t t, struct sql_source *sr)
{
	(void)t;
	sr->has_samples = 1;
	r->nsamples++;
	if (u64map_put(&r->used, r->b.stk[i], 1, NULL) == NULL)
		return chr_nomem(r);
	return 0;
}

/* The stacks (those used, unless the whole database is read), their
 * locations marked used. */
static int
read_stacks(struct chr *r)
{
	uint64_t key, n, i, lh;
	int rc;

	if (ch_http_query(r->h, "SELECT stack_id, any(frames) FROM stacks "
	    "GROUP BY stack_id", r->e) < 0)
		return -1;
	while ((rc = ch_more(r->h, r->e)) == 1) {
		int keep;

		if (ch_u64(r->h, &key, r->e) < 0 || ch_len(r->h, &n, r->e) < 0) {
			rc = -1;
			break;
		}
		keep = r->src.whole || u64map_get(&r->used, key) != NULL;
		if (keep && (ARRAY_ROOM(r->stacks, r->nstacks,
		    r->capstacks) < 0 || u64map_put(&r->stack_ix, key,
		    (uint32_t)r->nstacks, NULL) == NULL)) {
			rc = chr_nomem(r);
			break;
		}
		if (keep) {
			r->stacks[r->nstacks].off = r->nframes;
			r->stacks[r->nstacks++].n = (uint32_t)n;
		}
		for (i = 0; i < n && rc >= 0; i++) {
			if (ch_u64(r->h, &lh, r->e) < 0)
				rc = -1;
			else if (keep && (ARRAY_ROOM(r->frames, r->nframes,
			    r->capframes) < 0 || u64map_put(&r->loc, lh, 0,
			    NULL) == NULL))
				rc = chr_nomem(r);
			else if (keep)
				r->frames[r->nframes++] = lh;
		}
		if (rc < 0)
			break;
	}
	ch_http_done(r->h);
	return rc < 0 ? -1 : 0;
}

/* "SELECT id, the columns (any's), FROM t GROUP BY id ORDER BY the load
 * that first brought it" */
static char *
defs_sql(const char *id, const char *cols, const char *table)
{
	size_t n = strlen(id) * 2 + strlen(cols) + strlen(table) + 200;
	char *s = malloc(n);

	if (s != NULL)
		snprintf(s, n, "SELECT %s, %s FROM %s GROUP BY %s ORDER BY "
		    "max(ver) DESC, argMax(load, ver), argMax(position, ver)",
		    id, cols, table, id);
	return s;
}

static int
run_defs(struct chr *r, const char *id, const char *cols, const char *table)
{
	char *sql = defs_sql(id, cols, table);
	int rc;

	if (sql == NULL)
		return chr_nomem(r);
	rc = ch_http_query(r->h, sql, r->e);
	free(sql);
	return rc;
}

static int
opt_u64(struct chr *r, uint64_t *v, int *na)
{
	*v = 0;
	if (chr_null(r, na) < 0 || (!*na && ch_u64(r->h, v, r->e) < 0))
		return -1;
	return 0;
}

/* The locations used (all, read whole), marking their functions and
 * mappings used; their attributes held. */
static int
read_locations(struct chr *r)
{
	struct loc *l;
	uint64_t key, n, i;
	int64_t line, col;
	uint64_t addr;
	uint8_t fold, inl;
	int rc, line_na, addr_na;
	char *t = NULL;
	size_t ct = 0;

	if (run_defs(r, "location_id", "any(function_id), any(line), "
	    "any(address), any(mapping_id), any(is_folded), any(inlined), "
	    "any(`column`), argMax(attribute_keys, ver), "
	    "argMax(attribute_values, ver)", "locations") < 0)
		return -1;
	while ((rc = ch_more(r->h, r->e)) == 1) {
		if (ch_u64(r->h, &key, r->e) < 0 ||
		    ARRAY_ROOM(r->locs, r->nlocs, r->caplocs) < 0) {
			rc = r->locs == NULL ? chr_nomem(r) : -1;
			break;
		}
		l = &r->locs[r->nlocs];
		memset(l, 0, sizeof(*l));
		l->key = key;
		line = col = 0;
		addr = 0;
		if (opt_u64(r, &l->fn, &l->fn_na) < 0 ||
		    chr_null(r, &line_na) < 0 ||
		    (!line_na && ch_i64(r->h, &line, r->e) < 0) ||
		    opt_u64(r, &addr, &addr_na) < 0 ||
		    opt_u64(r, &l->map, &l->map_na) < 0 ||
		    ch_u8(r->h, &fold, r->e) < 0 || ch_u8(r->h, &inl, r->e) < 0 ||
		    ch_i64(r->h, &col, r->e) < 0 || ch_len(r->h, &n, r->e) < 0) {
			rc = -1;
			break;
		}
		l->attrs.off = r->ntexts;
		l->attrs.n = (uint32_t)n;
		for (i = 0; i < 2 * n && rc >= 0; i++) {
			if (i == n && (ch_len(r->h, &key, r->e) < 0 ||
			    key != n)) {
				rc = -1;
				break;
			}
			if (chr_text(r, &t, &ct) < 0 || ARRAY_ROOM(r->texts,
			    r->ntexts, r->captexts) < 0 ||
			    (r->texts[r->ntexts++] = strdup(t)) == NULL)
				rc = r->texts == NULL || t == NULL ? -1 :
				    chr_nomem(r);
		}
		if (n == 0 && (ch_len(r->h, &key, r->e) < 0 || key != 0))
			rc = -1;
		if (rc < 0)
			break;
		/* only those used, unless every one is */
		if (!r->src.whole && u64map_get(&r->loc, l->key) == NULL)
			continue;
		if ((r->src.whole && u64map_put(&r->loc, l->key, 0, NULL) ==
		    NULL) || (!l->fn_na && u64map_put(&r->fn, l->fn, 0,
		    NULL) == NULL) || (!l->map_na && u64map_put(&r->map,
		    l->map, 0, NULL) == NULL)) {
			rc = chr_nomem(r);
			break;
		}
		l->l.line = line;
		l->l.line_na = line_na;
		l->l.address = addr;
		l->l.address_na = addr_na;
		l->l.is_folded = fold;
		l->l.inlined = inl;
		l->l.column = col;
		if (!addr_na || !l->map_na || fold || inl || col)
			r->loc_ext = 1;
		r->nlocs++;
	}
	ch_http_done(r->h);
	free(t);
	return rc < 0 ? -1 : 0;
}

/* The stream's id of a used definition, numbered in order; 0: not used. */
static uint32_t
number(struct u64map *m, uint64_t key, uint32_t *n)
{
	uint32_t *v = u64map_get(m, key);

	if (v == NULL)
		return 0;
	if (*v == 0)
		*v = ++*n;
	return *v;
}

/* The mappings and functions used (all, read whole), numbered. */
static int
write_definitions(struct chr *r)
{
	struct sw_mapping m;
	char *fn = NULL, *bid = NULL, *name = NULL, *sys = NULL;
	size_t cf = 0, cb = 0, cn = 0, cs = 0;
	uint64_t key;
	uint8_t flag[4];
	int64_t start_line;
	uint32_t id;
	int rc, i;

	if (run_defs(r, "mapping_id", "any(memory_start), any(memory_limit), "
	    "any(file_offset), any(filename), any(build_id), "
	    "any(has_functions), any(has_filenames), any(has_line_numbers), "
	    "any(has_inline_frames)", "mappings") < 0)
		return -1;
	while ((rc = ch_more(r->h, r->e)) == 1) {
		if (ch_u64(r->h, &key, r->e) < 0 ||
		    ch_u64(r->h, &m.start, r->e) < 0 ||
		    ch_u64(r->h, &m.limit, r->e) < 0 ||
		    ch_u64(r->h, &m.offset, r->e) < 0 ||
		    chr_text(r, &fn, &cf) < 0 || chr_text(r, &bid, &cb) < 0) {
			rc = -1;
			break;
		}
		for (i = 0; i < 4 && rc >= 0; i++)
			if (ch_u8(r->h, &flag[i], r->e) < 0)
				rc = -1;
		if (rc < 0 || (r->src.whole && u64map_put(&r->map, key, 0,
		    NULL) == NULL)) {
			rc = rc < 0 ? -1 : chr_nomem(r);
			break;
		}
		if ((m.id = number(&r->map, key, &r->nmap)) == 0)
			continue;
		m.filename = text_of(fn);
		m.build_id = text_of(bid);
		m.has_functions = flag[0];
		m.has_filenames = flag[1];
		m.has_line_numbers = flag[2];
		m.has_inline_frames = flag[3];
		sw_mapping(&r->w, &m);
	}
	ch_http_done(r->h);
	if (rc >= 0 && run_defs(r, "function_id", "any(name), "
	    "any(system_name), any(filename), any(start_line)",
	    "functions") < 0)
		rc = -1;
	while (rc >= 0 && (rc = ch_more(r->h, r->e)) == 1) {
		if (ch_u64(r->h, &key, r->e) < 0 || chr_text(r, &name, &cn) < 0 ||
		    chr_text(r, &sys, &cs) < 0 || chr_text(r, &fn, &cf) < 0 ||
		    ch_i64(r->h, &start_line, r->e) < 0) {
			rc = -1;
			break;
		}
		if (r->src.whole && u64map_put(&r->fn, key, 0, NULL) == NULL) {
			rc = chr_nomem(r);
			break;
		}
		if ((id = number(&r->fn, key, &r->nfn)) == 0)
			continue;
		sw_function(&r->w, id, text_of(name), text_of(sys),
		    text_of(fn), start_line);
	}
	ch_http_done(r->h);
	free(fn);
	free(bid);
	free(name);
	free(sys);
	return rc < 0 ? -1 : 0;
}

/* The locations, in the stream's ids, and their attributes. */
static void
write_locations(struct chr *r)
{
	struct sw_location l;
	const struct loc *lc;
	size_t i, a;

	for (i = 0; i < r->nlocs; i++) {
		lc = &r->locs[i];
		l = lc->l;
		l.id = number(&r->loc, lc->key, &r->nloc);
		l.function_id = lc->fn_na ? 0 : *u64map_get(&r->fn, lc->fn);
		l.mapping_id = lc->map_na ? 0 : *u64map_get(&r->map, lc->map);
		sw_location(&r->w, &l);
	}
	for (i = 0; i < r->nlocs; i++) {
		lc = &r->locs[i];
		for (a = 0; a < lc->attrs.n; a++)
			sw_location_attr(&r->w, *u64map_get(&r->loc, lc->key),
			    text_of(r->texts[lc->attrs.off + a]),
			    text_of(r->texts[lc->attrs.off + lc->attrs.n +
			    a]));
	}
}

/* The value kinds, each as its types in the stream's ids, in the order
 * the loads brought them. */
static int
read_kinds(struct chr *r)
{
	uint64_t key, n, m, i;
	char **types = NULL, *t = NULL;
	size_t ct = 0;
	int64_t vt;
	int rc;

	if (run_defs(r, "kind_id", "any(types), any(units)",
	    "value_kinds") < 0)
		return -1;
	while ((rc = ch_more(r->h, r->e)) == 1) {
		if (ch_u64(r->h, &key, r->e) < 0 || ch_len(r->h, &n, r->e) < 0 ||
		    (types = calloc(n + 1, sizeof(*types))) == NULL) {
			rc = types == NULL && n > 0 ? chr_nomem(r) : -1;
			break;
		}
		for (i = 0; i < n && rc >= 0; i++)
			if (chr_text(r, &t, &ct) < 0 ||
			    (types[i] = strdup(t)) == NULL)
				rc = -1;
		if (rc >= 0 && (ch_len(r->h, &m, r->e) < 0 || m != n))
			rc = -1;
		if (rc >= 0 && (ARRAY_ROOM(r->kinds, r->nkinds, r->capkinds) <
		    0 || u64map_put(&r->kind_ix, key, (uint32_t)r->nkinds,
		    NULL) == NULL))
			rc = chr_nomem(r);
		if (rc >= 0) {
			r->kinds[r->nkinds].off = r->nvtypes;
			r->kinds[r->nkinds++].n = (uint32_t)n;
		}
		for (i = 0; i < n && rc >= 0; i++) {
			if (chr_text(r, &t, &ct) < 0)
				rc = -1;
			else if ((vt = sw_value_type(&r->w, text_of(types[i]),
			    text_of(t))) < 0 || array_grow((void **)&r->vtypes,
			    &r->capvtypes, r->nvtypes + 1,
			    sizeof(*r->vtypes)) < 0)
				rc = chr_nomem(r);
			else
				r->vtypes[r->nvtypes++] = (uint32_t)vt;
		}
		for (i = 0; i < n; i++)
			free(types[i]);
		free(types);
		types = NULL;
		if (rc < 0)
			break;
	}
	ch_http_done(r->h);
	free(t);
	return rc < 0 ? -1 : 0;
}

/* A sample selected, written. */
static int
write_one(struct chr *r, uint32_t i, int64_t t, struct sql_source *sr)
{
	const struct blk *b = &r->b;
	struct stream_id sid;
	struct sw_stack stk;
	struct sw_label lb;
	const struct span *k, *st;
	const char *more = NULL;
	uint32_t *ix, j;
	size_t l;

	if ((ix = u64map_get(&r->kind_ix, b->knd[i])) == NULL ||
	    (st = NULL, u64map_get(&r->stack_ix, b->stk[i])) == NULL)
		return perr_set(r->e, "%s: sample %" PRIu32 " of a load has "
		    "a stack or kind the database lacks", r->src.name,
		    b->first + i);
	k = &r->kinds[*ix];
	st = &r->stacks[*u64map_get(&r->stack_ix, b->stk[i])];
	stream_id_set(&sid, (uint32_t)++r->nsamples);
	sw_sample(&r->w, &sid, sr->out);
	if (b->vtext[i] != SIZE_MAX)
		more = b->arena + b->vtext[i];
	else if (b->vals[i].n != k->n)
		return perr_set(r->e, "%s: sample %" PRIu32 " of a load has "
		    "values not of its kind", r->src.name, b->first + i);
	for (j = 0; j < k->n; j++) {
		if (more == NULL) {
			sw_sample_value(&r->w, &sid, r->vtypes[k->off + j],
			    num_of_i64(b->ints[b->vals[i].off + j]));
			continue;
		}
		if (*more == '\0' || (j > 0 && *more++ != ','))
			return perr_set(r->e, "%s: sample %" PRIu32 " of a load "
			    "has values not of its kind", r->src.name,
			    b->first + i);
		sw_sample_value(&r->w, &sid, r->vtypes[k->off + j],
		    sql_num_text(&more));
	}
	if (more != NULL && *more != '\0')
		return perr_set(r->e, "%s: sample %" PRIu32 " of a load has "
		    "values not of its kind", r->src.name, b->first + i);
	sw_stack_begin(&r->w, &stk, &sid);
	for (j = 0; j < st->n; j++)
		sw_stack_frame_n(&r->w, &stk, *u64map_get(&r->loc,
		    r->frames[st->off + j]));
	for (l = b->labels[i].off; l < b->labels[i].off + b->labels[i].n;
	    l++) {
		lb.key = text_of(b->arena + b->lkey[l]);
		lb.str = text_of(b->lna[l] & CH_NA_STR ? NULL :
		    b->arena + b->lstr[l]);
		lb.num = b->lnum[l];
		lb.num_unit = text_of(b->lna[l] & CH_NA_UNIT ? NULL :
		    b->arena + b->lunit[l]);
		sw_sample_label(&r->w, &sid, &lb);
	}
	if (b->timed[i])
		sw_sample_time(&r->w, &sid, t);
	return r->w.o->err != 0 ? output_error(r->w.o, r->e) : 0;
}

int
ch_is_url(const char *arg)
{
	return strncmp(arg, "clickhouse://", 13) == 0;
}

int
ch_read(const char *url, unsigned timeout, const struct sql_select *s,
    struct output *o, struct perr *e)
{
	struct chr r;
	size_t i;
	int rc = -1, began = 0;

	memset(&r, 0, sizeof(r));
	r.sel = s;
	r.e = e;
	r.sample_filter = when_window_set(&s->window) || s->nlabels > 0;
	if ((r.h = ch_http_open(url, timeout, e)) == NULL)
		return -1;
	r.src.name = ch_http_name(r.h);
	if (chr_check_layout(&r) < 0 || chr_read_sources(&r) < 0 ||
	    sql_sources_select(&r.src, s, e) < 0 || chr_check_label_keys(&r) < 0 ||
	    chr_blocks_sql(&r) < 0)
		goto done;
	/* the stacks the samples selected use, unless all are read */
	if (!r.src.whole) {
		if (chr_each_sample(&r, gather_one) < 0)
			goto done;
		if (r.nsamples == 0 && r.sample_filter) {
			perr_set(e, "%s: no sample matches the selection",
			    r.src.name);
			goto done;
		}
	}
	if (read_stacks(&r) < 0 || read_locations(&r) < 0)
		goto done;
	/* as tsvcombine's: the headers of the extensions it always has;
	 * pprof's columns of locations where a location uses them */
	sw_begin(&r.w, o, V20, SCHEMA_EXTENSIONS, r.loc_ext);
	began = 1;
	r.nsamples = 0;
	if (sql_sources_write(&r.src, &r.w, s->merge, r.sample_filter, e) < 0 ||
	    write_definitions(&r) < 0)
		goto done;
	write_locations(&r);
	if (read_kinds(&r) < 0 || chr_each_sample(&r, write_one) < 0)
		goto done;
	rc = 0;
done:
	if (began)
		sw_free(&r.w);
	ch_http_close(r.h);
	sql_sources_free(&r.src);
	u64map_free(&r.used);
	u64map_free(&r.stack_ix);
	u64map_free(&r.loc);
	u64map_free(&r.fn);
	u64map_free(&r.map);
	u64map_free(&r.kind_ix);
	free(r.stacks);
	free(r.frames);
	free(r.locs);
	for (i = 0; i < r.ntexts; i++)
		free(r.texts[i]);
	free(r.texts);
	free(r.kinds);
	free(r.vtypes);
	free(r.blocks_sql);
	chr_blk_free(&r.b);
	return rc;
}
