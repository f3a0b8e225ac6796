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
#include "formats/sql/ch.h"
#include "formats/sql/ch_http.h"
#include "formats/sql/sql_sources.h"

/* A range of a list. */
struct span {
	size_t off;
	uint32_t n;
};

struct loc {
	uint64_t key, fn, map;	/* fn, map: 0 with *_na */
	int fn_na, map_na;
	struct sw_location l;
	struct span attrs;	/* in keys/values */
};

/* A row of sample_blocks, decoded: per sample its source, stack, kind,
 * values (ints, or text), time, labels. */
struct blk {
	uint32_t first, n;
	uint64_t *src, *stk, *knd;
	int64_t *time;
	uint8_t *timed;
	struct span *vals, *labels;	/* in ints; in the label arrays */
	size_t *vtext;			/* offset in arena, or SIZE_MAX */
	int64_t *ints;
	size_t nints, capints;
	size_t *lkey, *lstr, *lunit;	/* offsets in arena */
	int64_t *lnum;
	uint8_t *lna;
	size_t nl, capl, caplkey;
	char *arena;
	size_t narena, caparena;
	size_t cap;
};

struct chr {
	struct ch_http *h;
	const struct sql_select *sel;
	struct perr *e;
	struct sql_sources src;
	int sample_filter;
	uint64_t nsamples;
	struct u64map used;		/* stack hashes the samples use */
	struct u64map stack_ix;		/* stack hash -> index in stacks */
	struct span *stacks;
	size_t nstacks, capstacks;
	uint64_t *frames;		/* location hashes */
	size_t nframes, capframes;
	/* definitions' hashes -> the stream's ids (0: used, unnumbered) */
	struct u64map loc, fn, map;
	uint32_t nloc, nfn, nmap;
	struct loc *locs;
	size_t nlocs, caplocs;
	char **texts;			/* the locations' attributes */
	size_t ntexts, captexts;
	int loc_ext;
	struct u64map kind_ix;		/* kind hash -> index in kinds */
	struct span *kinds;		/* their types in vtypes */
	size_t nkinds, capkinds;
	uint32_t *vtypes;
	size_t nvtypes, capvtypes;
	char *blocks_sql;		/* the blocks selected */
	struct blk b;
	struct stream_writer w;
};

static int
nomem(struct chr *r)
{
	return perr_nomem(r->e);
}

/* The table of each name, its columns tsv2sql's, before any is read: a
 * database of another program or of a view is refused. */
static int
check_layout(struct chr *r)
{
	char sql[1024];
	const struct ch_col *c;
	const char *p;
	size_t n;
	int t, i, nc, rc, found;

	for (t = 0; t < CH_TABLES; t++) {
		snprintf(sql, sizeof(sql), "SELECT engine IN ('MergeTree', "
		    "'ReplacingMergeTree', 'Distributed') FROM system.tables "
		    "WHERE database = currentDatabase() AND name = '%s'",
		    ch_table_name(t));
		if (ch_http_query(r->h, sql, r->e) < 0 ||
		    (rc = ch_more(r->h, r->e)) < 0)
			return -1;
		if (rc == 0)
			return perr_set(r->e, "%s: not a profile database of "
			    "tsv2sql -D clickhouse (it has no %s table)",
			    r->src.name, ch_table_name(t));
		uint8_t ok;
		if (ch_u8(r->h, &ok, r->e) < 0)
			return -1;
		if (!ok)
			return perr_set(r->e, "%s: not a profile database of "
			    "tsv2sql: %s is not a MergeTree table", r->src.name,
			    ch_table_name(t));
		snprintf(sql, sizeof(sql), "SELECT name, type FROM "
		    "system.columns WHERE database = currentDatabase() AND "
		    "table = '%s'", ch_table_name(t));
		if (ch_http_query(r->h, sql, r->e) < 0)
			return -1;
		c = ch_columns(t, &nc);
		found = 0;
		while ((rc = ch_more(r->h, r->e)) == 1) {
			const char *name;
			size_t nn;

			if (ch_text(r->h, &name, &nn, r->e) < 0)
				return -1;
			char *copy = strndup(name, nn);
			if (copy == NULL || ch_text(r->h, &p, &n, r->e) < 0) {
				free(copy);
				return copy == NULL ? nomem(r) : -1;
			}
			for (i = 0; i < nc; i++)
				if (strcmp(copy, c[i].name) == 0) {
					if (strlen(c[i].type) != n ||
					    memcmp(c[i].type, p, n) != 0) {
						free(copy);
						return perr_set(r->e, "%s: not "
						    "a profile database of "
						    "tsv2sql: %s.%s is %.*s, "
						    "not %s", r->src.name,
						    ch_table_name(t),
						    c[i].name, (int)n, p,
						    c[i].type);
					}
					found++;
				}
			free(copy);
		}
		if (rc < 0)
			return -1;
		if (found != nc)
			return perr_set(r->e, "%s: not a profile database of "
			    "tsv2sql: its table %s lacks columns tsv2sql "
			    "makes", r->src.name, ch_table_name(t));
	}
	return 0;
}

/* A text of the result, as a C string in buf (NUL within it ends it, as
 * the other engines' readers read it). */
static int
text_z(struct chr *r, char **buf, size_t *cap)
{
	const char *p;
	size_t n;

	if (ch_text(r->h, &p, &n, r->e) < 0)
		return -1;
	if (array_grow((void **)buf, cap, n + 1, 1) < 0)
		return nomem(r);
	memcpy(*buf, p, n);
	(*buf)[n] = '\0';
	return 0;
}

/* Nullable: 1 for NULL. */
static int
is_null(struct chr *r, int *null)
{
	uint8_t v;

	if (ch_u8(r->h, &v, r->e) < 0)
		return -1;
	*null = v != 0;
	return 0;
}

/* The sources, in the order loaded, with their attributes. */
static int
read_sources(struct chr *r)
{
	char *type = NULL, *uri = NULL, *k = NULL, *v = NULL;
	size_t ct = 0, cu = 0, ck = 0, cv = 0;
	uint64_t key, na, nv, i;
	uint32_t id = 0;
	double ts;
	int rc, null_uri, null_ts;

	if (ch_http_query(r->h, "SELECT source_id, source_type, source_uri, "
	    "source_timestamp, attribute_keys, attribute_values FROM sources "
	    "ORDER BY made, load, position LIMIT 1 BY made, load, position",
	    r->e) < 0)
		return -1;
	while ((rc = ch_more(r->h, r->e)) == 1) {
		ts = NAN;
		if (ch_u64(r->h, &key, r->e) < 0 || text_z(r, &type, &ct) < 0 ||
		    is_null(r, &null_uri) < 0 ||
		    (!null_uri && text_z(r, &uri, &cu) < 0) ||
		    is_null(r, &null_ts) < 0 ||
		    (!null_ts && ch_f64(r->h, &ts, r->e) < 0) ||
		    sql_sources_add(&r->src, key, ++id, type, null_uri ? NULL :
		    uri, ts, r->e) < 0 || ch_len(r->h, &na, r->e) < 0) {
			rc = -1;
			break;
		}
		/* keys, then values: held to pair them */
		{
			char **keys = calloc(na + 1, sizeof(*keys));

			if (keys == NULL) {
				rc = nomem(r);
				break;
			}
			for (i = 0; i < na && rc >= 0; i++)
				if (text_z(r, &k, &ck) < 0 ||
				    (keys[i] = strdup(k)) == NULL)
					rc = keys[i] == NULL && k != NULL ?
					    nomem(r) : -1;
			if (rc >= 0 && (ch_len(r->h, &nv, r->e) < 0 ||
			    nv != na))
				rc = rc < 0 || nv == na ? -1 : perr_set(r->e,
				    "%s: a source with %" PRIu64 " attribute "
				    "keys and %" PRIu64 " values", r->src.name,
				    na, nv);
			for (i = 0; i < na && rc >= 0; i++)
				if (text_z(r, &v, &cv) < 0 ||
				    sql_sources_attr(&r->src, keys[i], v,
				    r->e) < 0)
					rc = -1;
			for (i = 0; i < na; i++)
				free(keys[i]);
			free(keys);
		}
		if (rc < 0)
			break;
	}
	ch_http_done(r->h);
	free(type);
	free(uri);
	free(k);
	free(v);
	return rc < 0 ? -1 : 0;
}

/* Each key of --label some sample has, else the message with those
 * there are. */
static int
check_label_keys(struct chr *r)
{
	const struct sql_select *s = r->sel;
	char keys[600] = "";
	char **have = NULL;
	size_t nhave = 0, caphave = 0, i, j, n, len = 0;
	char *t = NULL;
	size_t ct = 0;
	int rc;

	if (s->nlabels == 0)
		return 0;
	if (ch_http_query(r->h, "SELECT DISTINCT arrayJoin(arrayJoin("
	    "label_key)) AS k FROM sample_blocks ORDER BY k", r->e) < 0)
		return -1;
	while ((rc = ch_more(r->h, r->e)) == 1)
		if (text_z(r, &t, &ct) < 0 ||
		    ARRAY_ROOM(have, nhave, caphave) < 0 ||
		    (have[nhave++] = strdup(t)) == NULL) {
			rc = have == NULL || t == NULL ? -1 : nomem(r);
			break;
		}
	ch_http_done(r->h);
	free(t);
	for (i = 0; rc == 0 && i < s->nlabels; i++) {
		n = (size_t)(strchr(s->labels[i], '=') - s->labels[i]);
		for (j = 0; j < nhave; j++)
			if (strlen(have[j]) == n &&
			    memcmp(have[j], s->labels[i], n) == 0)
				break;
		if (j < nhave)
			continue;
		for (j = 0; j < nhave && len < sizeof(keys) - 8; j++)
			len += (size_t)snprintf(keys + len, sizeof(keys) - len,
			    "%s%s", len ? ", " : "", have[j]);
		if (len >= sizeof(keys) - 8)
			snprintf(keys + sizeof(keys) - 8, 8, ", ...");
		rc = perr_set(r->e, "%s: no sample has a label %.*s (the keys "
		    "there are: %s)", r->src.name, (int)n, s->labels[i],
		    len ? keys : "none");
	}
	for (j = 0; j < nhave; j++)
		free(have[j]);
	free(have);
	return rc < 0 ? -1 : 0;
}

/* The blocks that may hold samples selected: of the sources kept, not
 * wholly outside the window. */
static int
blocks_sql(struct chr *r)
{
	const struct sql_select *s = r->sel;
	struct cbuf { char *p; size_t n, cap; } b = { 0 };
	char num[FMT_NUM_MAX + 4];
	size_t i, kept = 0;
	int any = 0;
	const char *cols = "SELECT first, source_id, stack_id, kind_id, value, "
	    "value_text, time, timed, label_key, label_str, label_num, "
	    "label_num_unit, label_na FROM sample_blocks";
#define PUT(s) do { size_t n_ = strlen(s); if (array_grow((void **)&b.p, \
	    &b.cap, b.n + n_ + 1, 1) < 0) { free(b.p); return nomem(r); } \
	    memcpy(b.p + b.n, s, n_ + 1); b.n += n_; } while (0)

	PUT(cols);
	PUT(" WHERE 1 = 1");
	for (i = 0; i < r->src.n; i++)
		kept += r->src.v[i].keep;
	if (kept < r->src.n) {
		PUT(" AND hasAny(source_id, [");
		for (i = 0; i < r->src.n; i++)
			if (r->src.v[i].keep) {
				num[fmt_u64(num, r->src.v[i].key)] = '\0';
				if (any++)
					PUT(",");
				PUT(num);
			}
		PUT("])");
	}
	/* a block whose samples all have times, all outside the window */
	if (s->window.has_from || s->window.has_to) {
		PUT(" AND NOT (arrayAll(x -> x = 1, timed) AND (0");
		if (s->window.has_from) {
			PUT(" OR time_max < ");
			num[fmt_i64(num, s->window.from)] = '\0';
			PUT(num);
		}
		if (s->window.has_to) {
			PUT(" OR time_min >= ");
			num[fmt_i64(num, s->window.to)] = '\0';
			PUT(num);
		}
		PUT("))");
	}
	/* a script run twice: its blocks once */
	PUT(" ORDER BY made, load, first LIMIT 1 BY made, load, first");
#undef PUT
	r->blocks_sql = b.p;
	return 0;
}

/* Reads an Array(T) of fixed-size numbers into *v (grown). */
static int
arr_u64(struct chr *r, uint64_t **v, size_t cap, uint64_t want)
{
	uint64_t n, i;

	(void)cap;
	if (ch_len(r->h, &n, r->e) < 0)
		return -1;
	if (n != want)
		return perr_set(r->e, "%s: a sample block whose arrays differ "
		    "in length", r->src.name);
	for (i = 0; i < n; i++)
		if (ch_u64(r->h, &(*v)[i], r->e) < 0)
			return -1;
	return 0;
}

static int
arena_put(struct chr *r, const char *p, size_t n, size_t *off)
{
	struct blk *b = &r->b;

	if (array_grow((void **)&b->arena, &b->caparena, b->narena + n + 1,
	    1) < 0)
		return nomem(r);
	memcpy(b->arena + b->narena, p, n);
	b->arena[b->narena + n] = '\0';
	*off = b->narena;
	b->narena += n + 1;
	return 0;
}

static int
arena_text(struct chr *r, size_t *off)
{
	const char *p;
	size_t n;

	if (ch_text(r->h, &p, &n, r->e) < 0)
		return -1;
	return arena_put(r, p, n, off);
}

/* A row of sample_blocks into r->b. */
static int
read_block(struct chr *r)
{
	struct blk *b = &r->b;
	uint64_t n, i, j, m;
	int k;

	b->narena = b->nints = b->nl = 0;
	if (ch_u32(r->h, &b->first, r->e) < 0 || ch_len(r->h, &n, r->e) < 0)
		return -1;
	if (n > CH_BLOCK * 64)
		return perr_set(r->e, "%s: a sample block of %" PRIu64
		    " samples", r->src.name, n);
	if (n > b->cap) {
#define GROW(f) if ((b->f = realloc(b->f, n * sizeof(*b->f))) == NULL) \
	return nomem(r)
		GROW(src); GROW(stk); GROW(knd); GROW(time); GROW(timed);
		GROW(vals); GROW(labels); GROW(vtext);
#undef GROW
		b->cap = n;
	}
	b->n = (uint32_t)n;
	for (i = 0; i < n; i++)
		if (ch_u64(r->h, &b->src[i], r->e) < 0)
			return -1;
	if (arr_u64(r, &b->stk, 0, n) < 0 || arr_u64(r, &b->knd, 0, n) < 0)
		return -1;
	/* value: Array(Array(Int64)) */
	if (ch_len(r->h, &m, r->e) < 0 || m != n)
		return m != n ? perr_set(r->e, "%s: a sample block whose "
		    "arrays differ in length", r->src.name) : -1;
	for (i = 0; i < n; i++) {
		if (ch_len(r->h, &m, r->e) < 0)
			return -1;
		b->vals[i].off = b->nints;
		b->vals[i].n = (uint32_t)m;
		if (array_grow((void **)&b->ints, &b->capints, b->nints + m,
		    sizeof(*b->ints)) < 0)
			return nomem(r);
		for (j = 0; j < m; j++)
			if (ch_i64(r->h, &b->ints[b->nints++], r->e) < 0)
				return -1;
	}
	if (ch_len(r->h, &m, r->e) < 0 || m != n)
		return -1;
	for (i = 0; i < n; i++) {
		if (arena_text(r, &b->vtext[i]) < 0)
			return -1;
		if (b->arena[b->vtext[i]] == '\0')
			b->vtext[i] = SIZE_MAX;
	}
	if (ch_len(r->h, &m, r->e) < 0 || m != n)
		return -1;
	for (i = 0; i < n; i++)
		if (ch_i64(r->h, &b->time[i], r->e) < 0)
			return -1;
	if (ch_len(r->h, &m, r->e) < 0 || m != n)
		return -1;
	for (i = 0; i < n; i++)
		if (ch_u8(r->h, &b->timed[i], r->e) < 0)
			return -1;
	/* labels: key, str, num, num_unit, na; each Array(Array(...)):
	 * the keys first, which tell how many the others hold */
	if (ch_len(r->h, &m, r->e) < 0 || m != n)
		return -1;
	for (i = 0; i < n; i++) {
		if (ch_len(r->h, &m, r->e) < 0)
			return -1;
		b->labels[i].off = b->nl;
		b->labels[i].n = (uint32_t)m;
		if (array_grow((void **)&b->lkey, &b->caplkey, b->nl + m + 1,
		    sizeof(*b->lkey)) < 0)
			return nomem(r);
		for (j = 0; j < m; j++)
			if (arena_text(r, &b->lkey[b->nl++]) < 0)
				return -1;
	}
	if (b->nl + 1 > b->capl) {
		b->capl = b->nl + 1;
		if ((b->lstr = realloc(b->lstr, b->capl * sizeof(size_t))) ==
		    NULL || (b->lunit = realloc(b->lunit, b->capl *
		    sizeof(size_t))) == NULL || (b->lnum = realloc(b->lnum,
		    b->capl * sizeof(int64_t))) == NULL || (b->lna =
		    realloc(b->lna, b->capl)) == NULL) {
			b->capl = 0;
			return nomem(r);
		}
	}
	for (k = 1; k < 5; k++) {
		if (ch_len(r->h, &m, r->e) < 0 || m != n)
			return -1;
		for (i = 0; i < n; i++) {
			if (ch_len(r->h, &m, r->e) < 0)
				return -1;
			if (m != b->labels[i].n)
				return perr_set(r->e, "%s: a sample's labels "
				    "differ in length", r->src.name);
			for (j = 0; j < m; j++) {
				size_t at = b->labels[i].off + j;

				if (k == 1 && arena_text(r, &b->lstr[at]) < 0)
					return -1;
				if (k == 2 && ch_i64(r->h, &b->lnum[at], r->e) <
				    0)
					return -1;
				if (k == 3 && arena_text(r, &b->lunit[at]) < 0)
					return -1;
				if (k == 4 && ch_u8(r->h, &b->lna[at], r->e) <
				    0)
					return -1;
			}
		}
	}
	return 0;
}

/* Whether sample i of the block (its time at *t, summed from the block's
 * deltas) is selected; its source at *sr. */
static int
selected(struct chr *r, uint32_t i, int64_t t, struct sql_source **sr)
{
	const struct sql_select *s = r->sel;
	const struct blk *b = &r->b;
	size_t k, j, l, n;
	int hit;

	if ((*sr = sql_sources_of(&r->src, b->src[i])) == NULL ||
	    !(*sr)->keep)
		return 0;
	if (!sql_sample_in_window(s, *sr, b->timed[i], t))
		return 0;
	/* labels: each key once, any of its values, as a string or a
	 * number */
	for (k = 0; k < s->nlabels; k++) {
		n = (size_t)(strchr(s->labels[k], '=') - s->labels[k]);
		for (j = 0; j < k; j++)
			if (strncmp(s->labels[j], s->labels[k], n + 1) == 0)
				break;
		if (j < k)
			continue;
		for (l = b->labels[i].off, hit = 0; !hit &&
		    l < b->labels[i].off + b->labels[i].n; l++)
			for (j = k; !hit && j < s->nlabels; j++)
				hit = sql_label_matches(s->labels[j],
				    b->arena + b->lkey[l],
				    strlen(b->arena + b->lkey[l]),
				    b->lna[l] & CH_NA_STR ? NULL :
				    b->arena + b->lstr[l],
				    strlen(b->arena + b->lstr[l]),
				    (b->lna[l] & CH_NA_NUM) != 0, b->lnum[l]);
		if (!hit)
			return 0;
	}
	return 1;
}

typedef int (*sample_fn_)(struct chr *r, uint32_t i, int64_t t,
    struct sql_source *sr);

/* Each sample of the blocks selected that the selection keeps, to fn. */
static int
each_sample(struct chr *r, sample_fn_ fn)
{
	struct sql_source *sr;
	int64_t t;
	uint32_t i;
	int rc;

	if (ch_http_query(r->h, r->blocks_sql, r->e) < 0)
		return -1;
	while ((rc = ch_more(r->h, r->e)) == 1) {
		if (read_block(r) < 0) {
			rc = -1;
			break;
		}
		for (i = 0, t = 0; i < r->b.n && rc >= 0; i++) {
			if (r->b.timed[i])
				t = (int64_t)((uint64_t)t +
				    (uint64_t)r->b.time[i]);
			if (selected(r, i, t, &sr) && fn(r, i, t, sr) < 0)
				rc = -1;
		}
		if (rc < 0)
			break;
	}
	ch_http_done(r->h);
	return rc < 0 ? -1 : 0;
}

static int
gather_one(struct chr *r, uint32_t i, int64_t t, struct sql_source *sr)
{
	(void)t;
	sr->has_samples = 1;
	r->nsamples++;
	if (u64map_put(&r->used, r->b.stk[i], 1, NULL) == NULL)
		return nomem(r);
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
			rc = nomem(r);
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
				rc = nomem(r);
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
		return nomem(r);
	rc = ch_http_query(r->h, sql, r->e);
	free(sql);
	return rc;
}

static int
opt_u64(struct chr *r, uint64_t *v, int *na)
{
	*v = 0;
	if (is_null(r, na) < 0 || (!*na && ch_u64(r->h, v, r->e) < 0))
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
			rc = r->locs == NULL ? nomem(r) : -1;
			break;
		}
		l = &r->locs[r->nlocs];
		memset(l, 0, sizeof(*l));
		l->key = key;
		line = col = 0;
		addr = 0;
		if (opt_u64(r, &l->fn, &l->fn_na) < 0 ||
		    is_null(r, &line_na) < 0 ||
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
			if (text_z(r, &t, &ct) < 0 || ARRAY_ROOM(r->texts,
			    r->ntexts, r->captexts) < 0 ||
			    (r->texts[r->ntexts++] = strdup(t)) == NULL)
				rc = r->texts == NULL || t == NULL ? -1 :
				    nomem(r);
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
			rc = nomem(r);
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
		    text_z(r, &fn, &cf) < 0 || text_z(r, &bid, &cb) < 0) {
			rc = -1;
			break;
		}
		for (i = 0; i < 4 && rc >= 0; i++)
			if (ch_u8(r->h, &flag[i], r->e) < 0)
				rc = -1;
		if (rc < 0 || (r->src.whole && u64map_put(&r->map, key, 0,
		    NULL) == NULL)) {
			rc = rc < 0 ? -1 : nomem(r);
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
		if (ch_u64(r->h, &key, r->e) < 0 || text_z(r, &name, &cn) < 0 ||
		    text_z(r, &sys, &cs) < 0 || text_z(r, &fn, &cf) < 0 ||
		    ch_i64(r->h, &start_line, r->e) < 0) {
			rc = -1;
			break;
		}
		if (r->src.whole && u64map_put(&r->fn, key, 0, NULL) == NULL) {
			rc = nomem(r);
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
			rc = types == NULL && n > 0 ? nomem(r) : -1;
			break;
		}
		for (i = 0; i < n && rc >= 0; i++)
			if (text_z(r, &t, &ct) < 0 ||
			    (types[i] = strdup(t)) == NULL)
				rc = -1;
		if (rc >= 0 && (ch_len(r->h, &m, r->e) < 0 || m != n))
			rc = -1;
		if (rc >= 0 && (ARRAY_ROOM(r->kinds, r->nkinds, r->capkinds) <
		    0 || u64map_put(&r->kind_ix, key, (uint32_t)r->nkinds,
		    NULL) == NULL))
			rc = nomem(r);
		if (rc >= 0) {
			r->kinds[r->nkinds].off = r->nvtypes;
			r->kinds[r->nkinds++].n = (uint32_t)n;
		}
		for (i = 0; i < n && rc >= 0; i++) {
			if (text_z(r, &t, &ct) < 0)
				rc = -1;
			else if ((vt = sw_value_type(&r->w, text_of(types[i]),
			    text_of(t))) < 0 || array_grow((void **)&r->vtypes,
			    &r->capvtypes, r->nvtypes + 1,
			    sizeof(*r->vtypes)) < 0)
				rc = nomem(r);
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

static void
blk_free(struct blk *b)
{
	free(b->src);
	free(b->stk);
	free(b->knd);
	free(b->time);
	free(b->timed);
	free(b->vals);
	free(b->labels);
	free(b->vtext);
	free(b->ints);
	free(b->lkey);
	free(b->lstr);
	free(b->lunit);
	free(b->lnum);
	free(b->lna);
	free(b->arena);
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
	if (check_layout(&r) < 0 || read_sources(&r) < 0 ||
	    sql_sources_select(&r.src, s, e) < 0 || check_label_keys(&r) < 0 ||
	    blocks_sql(&r) < 0)
		goto done;
	/* the stacks the samples selected use, unless all are read */
	if (!r.src.whole) {
		if (each_sample(&r, gather_one) < 0)
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
	if (read_kinds(&r) < 0 || each_sample(&r, write_one) < 0)
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
	blk_free(&r.b);
	return rc;
}
