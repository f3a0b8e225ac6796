/*
 * A profile database back out as a stream (sql_read.h), in three steps:
 *
 * 1. The sources selected, by id and attribute, with their time spans.
 * 2. A pass over the samples selected that gathers their sources and
 *    their distinct stacks (the frames of each, kept: memory grows with
 *    the stacks), and so the locations, functions and mappings used,
 *    which are written, renumbered, before any sample.
 * 3. The samples in id order, each with its values, labels and time from
 *    cursors over those tables in the same order, merged as they come:
 *    nothing grows with the samples.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/sql/sql_read_impl.h"
#include "base/fmt.h"
#include "io/input.h"

/* The stream's id of a used row, numbered in order; 0: not used. */
static uint32_t
number(struct u64map *m, int64_t id, uint32_t *n)
{
	uint32_t *v = id > 0 ? u64map_get(m, (uint64_t)id) : NULL;

	if (v == NULL)
		return 0;
	if (*v == 0)
		*v = ++*n;
	return *v;
}

/* The locations used (all, read whole), marking their functions and
 * mappings used. */
static int
read_locations(struct rd *r)
{
	struct sql_rows *q;
	struct sw_location *l;
	struct sb b = { 0 }, *f = &b;
	char *end;
	const char *t;
	int rc;

	rd_sbf(f, "SELECT ");
	rd_columns(f, T_LOCATIONS, "");
	rd_sbf(f, " FROM locations ORDER BY location_id");
	if ((q = rd_run(r, rd_sb_take(f))) == NULL)
		return -1;
	while ((rc = rd_next(r, q, LOC_COLUMN + 1)) == 1) {
		if (!r->whole && u64map_get(&r->loc,
		    (uint64_t)rd_i64(r, q, LOC_ID)) == NULL)
			continue;
		if (ARRAY_ROOM(r->locs, r->nlocs, r->caplocs) < 0 ||
		    (r->whole && rd_use(&r->loc, rd_i64(r, q, LOC_ID)) < 0)) {
			rc = perr_nomem(r->e);
			break;
		}
		l = &r->locs[r->nlocs++];
		memset(l, 0, sizeof(*l));
		l->id = (uint32_t)rd_i64(r, q, LOC_ID);
		l->function_id = (uint32_t)rd_i64(r, q, LOC_FUNCTION);
		l->line = rd_i64(r, q, LOC_LINE);
		l->line_na = r->c->text(q, LOC_LINE) == NULL;
		t = r->c->text(q, LOC_ADDRESS);
		l->address_na = t == NULL;
		l->address = t != NULL ? strtoull(t, &end, 16) : 0;
		l->mapping_id = (uint32_t)rd_i64(r, q, LOC_MAPPING);
		l->is_folded = rd_lgl(r, q, LOC_IS_FOLDED);
		l->inlined = rd_lgl(r, q, LOC_INLINED);
		l->column = rd_i64(r, q, LOC_COLUMN);
		if (!l->address_na || l->mapping_id || l->is_folded ||
		    l->inlined || l->column)
			r->loc_ext = 1;
		if (rd_use(&r->fn, l->function_id) < 0 ||
		    rd_use(&r->map, l->mapping_id) < 0) {
			rc = perr_nomem(r->e);
			break;
		}
	}
	r->c->done(q);
	return rc < 0 ? -1 : 0;
}

/* The mappings and functions used (all, read whole), numbered. */
static int
write_definitions(struct rd *r)
{
	struct sql_rows *q;
	struct sw_mapping m;
	int rc;

	if ((q = rd_run(r, rd_sqlprintf("SELECT mapping_id, memory_start, "
	    "memory_limit, file_offset, filename, build_id, has_functions, "
	    "has_filenames, has_line_numbers, has_inline_frames FROM mappings "
	    "ORDER BY mapping_id"))) == NULL)
		return -1;
	while ((rc = rd_next(r, q, MAP_HAS_INLINE_FRAMES + 1)) == 1) {
		if (r->whole && rd_use(&r->map, rd_i64(r, q, MAP_ID)) < 0) {
			rc = perr_nomem(r->e);
			break;
		}
		if ((m.id = number(&r->map, rd_i64(r, q, MAP_ID), &r->nmap)) == 0)
			continue;
		m.start = strtoull(r->c->text(q, MAP_START), NULL, 16);
		m.limit = strtoull(r->c->text(q, MAP_LIMIT), NULL, 16);
		m.offset = strtoull(r->c->text(q, MAP_OFFSET), NULL, 16);
		m.filename = rd_chr(r, q, MAP_FILENAME);
		m.build_id = rd_chr(r, q, MAP_BUILD_ID);
		m.has_functions = rd_lgl(r, q, MAP_HAS_FUNCTIONS);
		m.has_filenames = rd_lgl(r, q, MAP_HAS_FILENAMES);
		m.has_line_numbers = rd_lgl(r, q, MAP_HAS_LINE_NUMBERS);
		m.has_inline_frames = rd_lgl(r, q, MAP_HAS_INLINE_FRAMES);
		sw_mapping(&r->w, &m);
	}
	r->c->done(q);
	if (rc < 0)
		return -1;
	if ((q = rd_run(r, rd_sqlprintf("SELECT function_id, name, system_name, "
	    "filename, start_line FROM functions ORDER BY function_id"))) ==
	    NULL)
		return -1;
	while ((rc = rd_next(r, q, FN_START_LINE + 1)) == 1) {
		uint32_t id;

		if (r->whole && rd_use(&r->fn, rd_i64(r, q, FN_ID)) < 0) {
			rc = perr_nomem(r->e);
			break;
		}
		if ((id = number(&r->fn, rd_i64(r, q, FN_ID), &r->nfn)) == 0)
			continue;
		sw_function(&r->w, id, rd_chr(r, q, FN_NAME),
		    rd_chr(r, q, FN_SYSNAME), rd_chr(r, q, FN_FILENAME),
		    rd_i64(r, q, FN_START_LINE));
	}
	r->c->done(q);
	return rc < 0 ? -1 : 0;
}

/* The locations, in the stream's ids, and their attributes. */
static int
write_locations(struct rd *r)
{
	struct sql_rows *q;
	struct sw_location l;
	size_t i;
	uint32_t id;
	int rc;

	for (i = 0; i < r->nlocs; i++) {
		l = r->locs[i];
		l.id = number(&r->loc, l.id, &r->nloc);
		l.function_id = l.function_id ? *u64map_get(&r->fn,
		    l.function_id) : 0;
		l.mapping_id = l.mapping_id ? *u64map_get(&r->map,
		    l.mapping_id) : 0;
		sw_location(&r->w, &l);
	}
	if ((q = rd_run(r, rd_sqlprintf("SELECT location_id, key, value FROM %s "
	    "ORDER BY location_id, %s", sql_table_of(SQ_LOCATION_ATTRIBUTES)
	    .name, rd_added(r)))) == NULL)
		return -1;
	while ((rc = rd_next(r, q, 3)) == 1) {
		uint32_t *v = u64map_get(&r->loc, (uint64_t)rd_i64(r, q, 0));

		if (v != NULL && (id = *v) != 0)
			sw_location_attr(&r->w, id, rd_chr(r, q, 1),
			    rd_chr(r, q, 2));
	}
	r->c->done(q);
	return rc < 0 ? -1 : 0;
}

/* A cursor over a per-sample table in sample order, merged with the
 * samples: its row at hand, or none left. */
struct side {
	struct sql_rows *q;
	int ncols, has;
	int64_t id;
};

static int
side_open(struct rd *r, struct side *sd, const char *table, const char *cols,
    int ncols)
{
	/* a sample's rows in the order added; its time is one row */
	int ordered = strcmp(table, sql_table_of(SQ_SAMPLE_TIMES).name) != 0;

	sd->ncols = ncols;
	sd->q = rd_run(r, rd_sqlprintf("SELECT sample_id, %s FROM %s WHERE "
	    "sample_id BETWEEN %" PRIu64 " AND %" PRIu64 " ORDER BY sample_id"
	    "%s%s", cols, table, r->lo, r->hi, ordered ? ", " :
	    "", ordered ? rd_added(r) : ""));
	if (sd->q == NULL)
		return -1;
	return 0;
}

/* Moves sd to its first row of sample id or past it: 1 at a row of it. */
static int
side_at(struct rd *r, struct side *sd, int64_t id)
{
	int rc;

	for (;;) {
		if (sd->has && sd->id >= id)
			return sd->id == id;
		if (sd->has < 0)
			return 0;
		if ((rc = rd_next(r, sd->q, sd->ncols)) < 0)
			return -1;
		if (rc == 0) {
			sd->has = -1;
			return 0;
		}
		sd->has = 1;
		sd->id = rd_i64(r, sd->q, 0);
	}
}

/* The row is taken: the next one is read when asked for. */
static void
side_take(struct side *sd)
{
	sd->has = 0;
}

/* The value kinds, each as its types in the stream's ids. */
static int
read_kinds(struct rd *r)
{
	struct sql_rows *q;
	struct stack *k = NULL;
	int64_t vt;
	uint64_t id, last = 0;
	int rc;

	if ((q = rd_run(r, rd_sqlprintf("SELECT kind_id, type, unit FROM %s "
	    "ORDER BY kind_id, position", sql_table_of(SQ_VALUE_TYPES).name)))
	    == NULL)
		return -1;
	while ((rc = rd_next(r, q, 3)) == 1) {
		/* (the rows come in kind order) */
		id = (uint64_t)rd_i64(r, q, 0);
		if (k == NULL || id != last) {
			if (array_grow((void **)&r->kinds, &r->capkinds,
			    r->nkinds + 1, sizeof(*r->kinds)) < 0 ||
			    u64map_put(&r->kind_ix, id, (uint32_t)r->nkinds,
			    NULL) == NULL) {
				rc = perr_nomem(r->e);
				break;
			}
			k = &r->kinds[r->nkinds++];
			k->off = r->nvtypes;
			k->n = 0;
			last = id;
		}
		vt = sw_value_type(&r->w, rd_chr(r, q, 1), rd_chr(r, q, 2));
		if (vt < 0 || array_grow((void **)&r->vtypes, &r->capvtypes,
		    r->nvtypes + 1, sizeof(*r->vtypes)) < 0) {
			rc = perr_nomem(r->e);
			break;
		}
		r->vtypes[r->nvtypes++] = (uint32_t)vt;
		k->n++;
	}
	r->c->done(q);
	return rc < 0 ? -1 : 0;
}

/* The values of the sample at row q (its kind, value columns and
 * more_values from column SAMPLE_KIND on): -1 when they are not its
 * kind's. */
#define SAMPLE_KIND 3
static int
write_values(struct rd *r, const struct stream_id *sid, struct sql_rows *q)
{
	uint32_t *ix = u64map_get(&r->kind_ix, (uint64_t)rd_i64(r, q,
	    SAMPLE_KIND));
	const char *more = r->c->text(q, SAMPLE_KIND + 1 + SQL_VALUE_COLUMNS);
	const struct stack *k;
	uint32_t i;

	if (ix == NULL)
		return -1;
	k = &r->kinds[*ix];
	for (i = 0; i < k->n; i++) {
		if (i < SQL_VALUE_COLUMNS) {
			if (r->c->text(q, SAMPLE_KIND + 1 + (int)i) == NULL)
				return -1;
			sw_sample_value(&r->w, sid, r->vtypes[k->off + i],
			    r->c->num(q, SAMPLE_KIND + 1 + (int)i));
			continue;
		}
		if (more == NULL || (i > SQL_VALUE_COLUMNS && *more++ != ','))
			return -1;
		sw_sample_value(&r->w, sid, r->vtypes[k->off + i],
		    sql_num_text(&more));
	}
	return more == NULL || *more == '\0' ? 0 : -1;
}

/* Step 3: the samples, each with its values, stack, labels, time. */
static int
write_samples(struct rd *r)
{
	struct side sv = { 0 }, sl = { 0 }, stm = { 0 };
	struct sql_rows *q = NULL;
	struct stream_id sid;
	struct sw_stack stk;
	struct sw_label lb;
	struct stack *st;
	struct sql_source *sr;
	uint32_t n = 0, i, *ix;
	int64_t id, vt;
	int rc = 0, at;

	if (r->nsamples == 0)
		return 0;
	if ((r->packed && read_kinds(r) < 0) ||
	    (q = rd_run_p(r, rd_sqlprintf("SELECT s.sample_id, s.source_id, "
	    "s.stack_id%s %s ORDER BY s.sample_id", r->packed ? ", s.kind_id, "
	    "s.value_1, s.value_2, s.value_3, s.value_4, s.value_5, "
	    "s.value_6, s.value_7, s.value_8, s.more_values" : "",
	    r->from), &r->from_pa)) == NULL ||
	    (!r->packed && side_open(r, &sv, "sample_values", "type, unit, "
	    "value", 4) < 0) ||
	    side_open(r, &sl, sql_table_of(SQ_SAMPLE_LABELS).name,
	    "key, str, num, num_unit", 5) < 0 ||
	    side_open(r, &stm, sql_table_of(SQ_SAMPLE_TIMES).name,
	    "time_unix_nano", 2) < 0) {
		rc = -1;
		goto done;
	}
	while ((rc = rd_next(r, q, r->packed ? SAMPLE_KIND + 2 +
	    SQL_VALUE_COLUMNS : 3)) == 1) {
		id = rd_i64(r, q, 0);
		if ((sr = rd_src_of(r, rd_i64(r, q, 1))) == NULL || sr->out == 0 ||
		    (ix = u64map_get(&r->stack_ix, (uint64_t)rd_i64(r, q, 2))) ==
		    NULL) {
			rc = perr_set(r->e, "%s: sample %" PRId64 " of no source "
			    "or stack", r->c->name, id);
			break;
		}
		stream_id_set(&sid, ++n);
		sw_sample(&r->w, &sid, sr->out);
		if (r->packed && write_values(r, &sid, q) < 0) {
			rc = perr_set(r->e, "%s: sample %" PRId64 " has values "
			    "not of its kind", r->c->name, id);
			break;
		}
		while (!r->packed && (at = side_at(r, &sv, id)) == 1) {
			vt = sw_value_type(&r->w, rd_chr(r, sv.q, 1),
			    rd_chr(r, sv.q, 2));
			if (vt < 0) {
				at = perr_nomem(r->e);
				break;
			}
			sw_sample_value(&r->w, &sid, (uint32_t)vt,
			    r->c->num(sv.q, 3));
			side_take(&sv);
		}
		if (!r->packed && at < 0) {
			rc = -1;
			break;
		}
		st = &r->stacks[*ix];
		sw_stack_begin(&r->w, &stk, &sid);
		for (i = 0; i < st->n; i++)
			sw_stack_frame_n(&r->w, &stk, *u64map_get(&r->loc,
			    r->frames[st->off + i]));
		while ((at = side_at(r, &sl, id)) == 1) {
			lb.key = rd_chr(r, sl.q, 1);
			lb.str = rd_chr(r, sl.q, 2);
			lb.num = rd_i64(r, sl.q, 3);
			lb.num_unit = rd_chr(r, sl.q, 4);
			sw_sample_label(&r->w, &sid, &lb);
			side_take(&sl);
		}
		if (at == 0 && (at = side_at(r, &stm, id)) == 1) {
			sw_sample_time(&r->w, &sid, rd_i64(r, stm.q, 1));
			side_take(&stm);
		}
		if (at < 0 || r->w.o->err != 0) {
			rc = at < 0 ? -1 : output_error(r->w.o, r->e);
			break;
		}
	}
done:
	if (q != NULL)
		r->c->done(q);
	r->c->done(sv.q);
	r->c->done(sl.q);
	r->c->done(stm.q);
	return rc < 0 ? -1 : 0;
}

int
sql_read(struct sql_conn *c, const struct sql_select *s, struct output *o,
    struct perr *e)
{
	struct rd r = { 0 };
	int rc = -1;

	r.c = c;
	r.sel = s;
	r.e = e;
	r.sample_filter = when_window_set(&s->window) || s->nlabels > 0;
	if (rd_check_layout(&r) < 0 || rd_select_sources(&r) < 0 ||
	    rd_samples_from(&r) < 0 || rd_gather(&r) < 0 || read_locations(&r) < 0)
		goto done;
	/* as tsvcombine's: the headers of the extensions it always has;
	 * pprof's columns of locations where a location uses them */
	sw_begin(&r.w, o, V20, SCHEMA_EXTENSIONS, r.loc_ext);
	rc = sql_sources_write(&r.src, &r.w, s->merge, r.sample_filter, e) <
	    0 || write_definitions(&r) < 0 ||
	    write_locations(&r) < 0 || write_samples(&r) < 0 ? -1 : 0;
	sw_free(&r.w);
done:
	free(r.from);
	sql_params_free(&r.from_pa);
	sql_sources_free(&r.src);
	free(r.stacks);
	free(r.frames);
	free(r.locs);
	u64map_free(&r.stack_ix);
	u64map_free(&r.kind_ix);
	free(r.kinds);
	free(r.vtypes);
	u64map_free(&r.loc);
	u64map_free(&r.fn);
	u64map_free(&r.map);
	return rc;
}
