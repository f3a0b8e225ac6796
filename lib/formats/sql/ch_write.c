/*
 * A stream as a ClickHouse load script (ch.h): the staged rows (sql.h's
 * sink) given their content hashes and written as one INSERT ... VALUES
 * line a table (clickhouse-client --multiquery ends an INSERT's data at
 * its line's end). Definitions are held (they grow with the distinct
 * ones); samples go to a file of records as they come, and are read back
 * into blocks once the locations' hashes, which their stacks' need, are
 * known.
 */
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/array.h"
#include "base/fmt.h"
#include "base/hash.h"
#include "base/records.h"
#include "base/siphash.h"
#include "base/varint.h"
#include "formats/sql/ch_write_impl.h"
#include "io/tmpfile.h"

static void
tuples_close(struct tuples *t)
{
	if (t->fd >= 0) {
		output_discard(&t->o);
		close(t->fd);
		t->fd = -1;
	}
}

void
ch_free(struct ch_writer *w)
{
	int t;

	if (w == NULL)
		return;
	for (t = 0; t < CH_TABLES; t++)
		tuples_close(&w->tb[t]);
	if (w->sfd >= 0) {
		output_discard(&w->so);
		close(w->sfd);
	}
	free(w->row.p);
	free(w->keys.p);
	free(w->vals.p);
	free(w->hb.p);
	free(w->rec.p);
	u64map_free(&w->fn);
	u64map_free(&w->map);
	u64map_free(&w->loc);
	u64map_free(&w->seen);
	free(w->hashes);
	free(w->frames);
	free(w->stacks);
	free(w->kinds);
	free(w);
}

/* A random 64-bit number, the load's, so that two loads made in the same
 * nanosecond still differ. */
static int
random_u64(uint64_t *v, struct perr *e)
{
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	ssize_t n = -1;

	if (fd >= 0) {
		n = read(fd, v, sizeof(*v));
		close(fd);
	}
	if (n != (ssize_t)sizeof(*v))
		return perr_set(e, "/dev/urandom: %s", n < 0 ? strerror(errno) :
		    "short read");
	return 0;
}

struct ch_writer *
ch_new(struct output *o, const char *dir, const int64_t *epoch,
    struct perr *e)
{
	struct ch_writer *w = calloc(1, sizeof(*w));
	struct timespec ts;
	int t;

	(void)dir;	/* tmp_fd's: $TMPDIR, as every staging file */
	if (w == NULL) {
		perr_nomem(e);
		return NULL;
	}
	w->o = o;
	w->sfd = -1;
	for (t = 0; t < CH_TABLES; t++)
		w->tb[t].fd = -1;
	if (epoch != NULL) {
		/* reproducible: the load's number from its time */
		w->made = (uint64_t)*epoch * 1000000000u;
		w->hb.n = 0;
		cb_char(&w->hb, 'E');
		hb_u64(&w->hb, w->made);
		w->load = hb_hash(&w->hb);
	} else {
		clock_gettime(CLOCK_REALTIME, &ts);
		w->made = (uint64_t)ts.tv_sec * 1000000000u +
		    (uint64_t)ts.tv_nsec;
		if (random_u64(&w->load, e) < 0)
			goto fail;
	}
	w->ver = UINT64_MAX - w->made;
	for (t = 0; t < CH_TABLES; t++)
		if ((w->tb[t].fd = tmp_fd(e)) < 0 || output_fd(&w->tb[t].o,
		    w->tb[t].fd, "a staging file", e) < 0)
			goto fail;
	if ((w->sfd = tmp_fd(e)) < 0 || output_fd(&w->so, w->sfd,
	    "a staging file", e) < 0)
		goto fail;
	return w;
fail:
	ch_free(w);
	return NULL;
}

static uint64_t
hash_of(struct ch_writer *w, struct u64map *m, int64_t id)
{
	uint32_t *ix = u64map_get(m, (uint64_t)id);

	return ix != NULL ? w->hashes[*ix] : 0;
}

static int
remember(struct ch_writer *w, struct u64map *m, int64_t id, uint64_t h,
    int *fresh, struct perr *e)
{
	if (ARRAY_ROOM(w->hashes, w->nhashes, w->caphashes) < 0 ||
	    u64map_put(m, (uint64_t)id, (uint32_t)w->nhashes, NULL) == NULL ||
	    u64map_put(&w->seen, h, 1, fresh) == NULL)
		return perr_nomem(e);
	w->hashes[w->nhashes++] = h;
	return 0;
}

static void
row_start(struct ch_writer *w, uint64_t id)
{
	w->row.n = 0;
	cb_char(&w->row, '(');
	cb_u64(&w->row, id);
	cb_char(&w->row, ',');
}

/* ver, load, position: the load that brought a definition */
static void
row_load(struct ch_writer *w, int64_t position)
{
	cb_u64(&w->row, w->ver);
	cb_char(&w->row, ',');
	cb_u64(&w->row, w->load);
	cb_char(&w->row, ',');
	cb_i64(&w->row, position);
}

static void
row_text(struct ch_writer *w, const union cell *v)
{
	cb_char(&w->row, ',');
	cb_quoted(&w->row, v->s.p, v->s.n);
}

static void
row_opt(struct ch_writer *w, int na, const char *num)
{
	cb_char(&w->row, ',');
	cb_str(&w->row, na ? "NULL" : num);
}

static int
function(struct ch_writer *w, const union cell *v, struct perr *e)
{
	uint64_t h;
	int fresh, c;

	w->hb.n = 0;
	cb_char(&w->hb, 'F');
	for (c = FN_NAME; c <= FN_FILENAME; c++)
		hb_text(&w->hb, v[c].s.p, v[c].s.n);
	hb_u64(&w->hb, (uint64_t)v[FN_START_LINE].i);
	h = hb_hash(&w->hb);
	if (remember(w, &w->fn, v[FN_ID].i, h, &fresh, e) < 0)
		return -1;
	if (!fresh)
		return 0;
	row_start(w, h);
	row_load(w, v[FN_ID].i);
	for (c = FN_NAME; c <= FN_FILENAME; c++)
		row_text(w, &v[c]);
	cb_char(&w->row, ',');
	cb_i64(&w->row, v[FN_START_LINE].i);
	cb_char(&w->row, ')');
	ch_put_tuple(w, CH_FUNCTIONS);
	return 0;
}

static int
mapping(struct ch_writer *w, const union cell *v, struct perr *e)
{
	uint64_t h;
	int fresh, c;

	w->hb.n = 0;
	cb_char(&w->hb, 'M');
	for (c = MAP_START; c <= MAP_OFFSET; c++)
		hb_u64(&w->hb, v[c].u);
	hb_text(&w->hb, v[MAP_FILENAME].s.p, v[MAP_FILENAME].s.n);
	hb_text(&w->hb, v[MAP_BUILD_ID].s.p, v[MAP_BUILD_ID].s.n);
	for (c = MAP_HAS_FUNCTIONS; c <= MAP_HAS_INLINE_FRAMES; c++)
		cb_char(&w->hb, v[c].i ? 1 : 0);
	h = hb_hash(&w->hb);
	if (remember(w, &w->map, v[MAP_ID].i, h, &fresh, e) < 0)
		return -1;
	if (!fresh)
		return 0;
	row_start(w, h);
	row_load(w, v[MAP_ID].i);
	for (c = MAP_START; c <= MAP_OFFSET; c++) {
		cb_char(&w->row, ',');
		cb_u64(&w->row, v[c].u);
	}
	row_text(w, &v[MAP_FILENAME]);
	row_text(w, &v[MAP_BUILD_ID]);
	for (c = MAP_HAS_FUNCTIONS; c <= MAP_HAS_INLINE_FRAMES; c++)
		cb_str(&w->row, v[c].i ? ",1" : ",0");
	cb_char(&w->row, ')');
	ch_put_tuple(w, CH_MAPPINGS);
	return 0;
}

/* A location: its row waits for its attributes (1 when it is new). */
static int
location(struct ch_writer *w, const union cell *v, const unsigned char *st,
    struct perr *e)
{
	uint64_t h, fh = 0, mh = 0;
	char num[FMT_NUM_MAX];
	int fresh;

	if (st[LOC_FUNCTION] != CELL_NA)
		fh = hash_of(w, &w->fn, v[LOC_FUNCTION].i);
	if (st[LOC_MAPPING] != CELL_NA)
		mh = hash_of(w, &w->map, v[LOC_MAPPING].i);
	w->hb.n = 0;
	cb_char(&w->hb, 'L');
	hb_opt(&w->hb, st[LOC_FUNCTION] == CELL_NA, fh);
	hb_opt(&w->hb, st[LOC_LINE] == CELL_NA, (uint64_t)v[LOC_LINE].i);
	hb_opt(&w->hb, st[LOC_ADDRESS] == CELL_NA, v[LOC_ADDRESS].u);
	hb_opt(&w->hb, st[LOC_MAPPING] == CELL_NA, mh);
	cb_char(&w->hb, v[LOC_IS_FOLDED].i ? 1 : 0);
	cb_char(&w->hb, v[LOC_INLINED].i ? 1 : 0);
	hb_u64(&w->hb, (uint64_t)v[LOC_COLUMN].i);
	h = hb_hash(&w->hb);
	if (remember(w, &w->loc, v[LOC_ID].i, h, &fresh, e) < 0)
		return -1;
	if (!fresh)
		return 0;
	row_start(w, h);
	row_load(w, v[LOC_ID].i);
	num[fmt_u64(num, fh)] = '\0';
	row_opt(w, st[LOC_FUNCTION] == CELL_NA, num);
	num[fmt_i64(num, v[LOC_LINE].i)] = '\0';
	row_opt(w, st[LOC_LINE] == CELL_NA, num);
	num[fmt_u64(num, v[LOC_ADDRESS].u)] = '\0';
	row_opt(w, st[LOC_ADDRESS] == CELL_NA, num);
	num[fmt_u64(num, mh)] = '\0';
	row_opt(w, st[LOC_MAPPING] == CELL_NA, num);
	cb_str(&w->row, v[LOC_IS_FOLDED].i ? ",1" : ",0");
	cb_str(&w->row, v[LOC_INLINED].i ? ",1" : ",0");
	cb_char(&w->row, ',');
	cb_i64(&w->row, v[LOC_COLUMN].i);
	return 1;
}

static void
source(struct ch_writer *w, const union cell *v, const unsigned char *st)
{
	char num[FMT_NUM_MAX];

	ch_row_of_load(w);
	cb_i64(&w->row, v[SRC_ID].i);
	cb_char(&w->row, ',');
	cb_u64(&w->row, ch_source_hash(w, v[SRC_ID].i));
	row_text(w, &v[SRC_TYPE]);
	cb_char(&w->row, ',');
	if (st[SRC_URI] == CELL_NA)
		cb_str(&w->row, "NULL");
	else
		cb_quoted(&w->row, v[SRC_URI].s.p, v[SRC_URI].s.n);
	num[sql_fmt_num(SQL_CLICKHOUSE, num, v[SRC_TIMESTAMP].n)] = '\0';
	row_opt(w, st[SRC_TIMESTAMP] == CELL_NA, num);
}

/* Pairs (a source's or location's attributes, a kind's types and
 * units): two arrays, closing the row. */
static void
pair_add(struct ch_writer *w, const union cell *k, const union cell *v)
{
	cb_char(&w->keys, w->keys.n ? ',' : '[');
	cb_quoted(&w->keys, k->s.p, k->s.n);
	cb_char(&w->vals, w->vals.n ? ',' : '[');
	cb_quoted(&w->vals, v->s.p, v->s.n);
}

static void
array_end(struct cbuf *row, struct cbuf *a)
{
	cb_char(row, ',');
	if (a->n > 0) {
		cb_put(row, a->p, a->n);
		cb_char(row, ']');
	} else
		cb_str(row, "[]");
	a->n = 0;
}

static void
pairs_end(struct ch_writer *w)
{
	array_end(&w->row, &w->keys);
	array_end(&w->row, &w->vals);
	cb_char(&w->row, ')');
}

/* The row waiting for what follows it is complete. */
static void
flush_pending(struct ch_writer *w)
{
	switch (w->pending) {
	case P_SOURCE:
		pairs_end(w);
		ch_put_tuple(w, CH_SOURCES);
		break;
	case P_LOCATION:
		pairs_end(w);
		ch_put_tuple(w, CH_LOCATIONS);
		break;
	case P_KIND:
		pairs_end(w);
		ch_put_tuple(w, CH_VALUE_KINDS);
		break;
	case P_SAMPLE:
		ch_sample_end(w);
		break;
	case P_NONE:
		break;
	}
	w->pending = P_NONE;
}

/* A stack of the stager's: its frames, the stream's location ids ("12,5,3",
 * leaf first), hashed once the locations are known. */
static int
stack(struct ch_writer *w, const union cell *v, struct perr *e)
{
	const char *p = v[STK_FRAMES].s.p, *end = p + v[STK_FRAMES].s.n;
	uint64_t id;

	if (ARRAY_ROOM(w->stacks, w->nstacks, w->capstacks) < 0)
		return perr_nomem(e);
	w->stacks[w->nstacks].off = w->nframes;
	w->stacks[w->nstacks].n = 0;
	while (p < end) {
		for (id = 0; p < end && *p != ','; p++)
			id = id * 10 + (uint64_t)(*p - '0');
		p += p < end;
		if (ARRAY_ROOM(w->frames, w->nframes, w->capframes) < 0)
			return perr_nomem(e);
		w->frames[w->nframes++] = (uint32_t)id;
		w->stacks[w->nstacks].n++;
	}
	w->nstacks++;
	return 0;
}

/* A kind of the stager's: its hash, of its key (types and units as
 * text); its row waits for its types. */
static int
kind(struct ch_writer *w, const union cell *v, struct perr *e)
{
	uint64_t h;

	w->hb.n = 0;
	cb_char(&w->hb, 'K');
	hb_text(&w->hb, v[VK_TYPES].s.p, v[VK_TYPES].s.n);
	h = hb_hash(&w->hb);
	if (ARRAY_ROOM(w->kinds, w->nkinds, w->capkinds) < 0)
		return perr_nomem(e);
	w->kinds[w->nkinds++] = h;
	row_start(w, h);
	row_load(w, v[VK_ID].i);
	return 0;
}

static int
ch_row(void *ctx, enum sql_table t, const union cell *v,
    const unsigned char *st, struct perr *e)
{
	struct ch_writer *w = ctx;
	int rc = 0;

	if (!((t == SQ_SOURCE_ATTRIBUTES && w->pending == P_SOURCE) ||
	    (t == SQ_LOCATION_ATTRIBUTES && w->pending == P_LOCATION) ||
	    (t == SQ_VALUE_TYPES && w->pending == P_KIND) ||
	    ((t == SQ_SAMPLE_LABELS || t == SQ_SAMPLE_TIMES) &&
	    w->pending == P_SAMPLE)))
		flush_pending(w);
	switch (t) {
	case SQ_SOURCES:
		source(w, v, st);
		w->pending = P_SOURCE;
		break;
	case SQ_SOURCE_ATTRIBUTES:
		if (w->pending == P_SOURCE)
			pair_add(w, &v[SA_KEY], &v[SA_VALUE]);
		break;
	case SQ_MAPPINGS:
		rc = mapping(w, v, e);
		break;
	case SQ_FUNCTIONS:
		rc = function(w, v, e);
		break;
	case SQ_LOCATIONS:
		if ((rc = location(w, v, st, e)) > 0) {
			w->pending = P_LOCATION;
			rc = 0;
		}
		break;
	case SQ_LOCATION_ATTRIBUTES:
		/* a location merged with one of this load has that one's */
		if (w->pending == P_LOCATION)
			pair_add(w, &v[LA_KEY], &v[LA_VALUE]);
		break;
	case SQ_STACKS:
		rc = stack(w, v, e);
		break;
	case SQ_VALUE_KINDS:
		if ((rc = kind(w, v, e)) == 0)
			w->pending = P_KIND;
		break;
	case SQ_VALUE_TYPES:
		if (w->pending == P_KIND)
			pair_add(w, &v[VT_TYPE], &v[VT_UNIT]);
		break;
	case SQ_SAMPLE_STACKS:
		ch_sample(w, v, st);
		w->pending = P_SAMPLE;
		break;
	case SQ_SAMPLE_LABELS:
		ch_sample_label(w, v, st);
		break;
	case SQ_SAMPLE_TIMES:
		w->rec_timed = 1;
		w->rec_time = v[STM_TIME].i;
		break;
	case SQ_COUNT:
		break;
	}
	if (rc == 0 && (w->row.oom || w->keys.oom || w->vals.oom ||
	    w->hb.oom || w->rec.oom))
		rc = perr_nomem(e);
	return rc;
}

/* An output on fd emptied, to be written from its start. */
static int
refill(struct output *o, int fd, struct perr *e)
{
	output_discard(o);
	if (ftruncate(fd, 0) < 0 || lseek(fd, 0, SEEK_SET) < 0)
		return perr_set(e, "a staging file: %s", strerror(errno));
	return output_fd(o, fd, "a staging file", e);
}

/* The samples come again: those staged, and their stacks and kinds, go. */
static int
ch_restart(void *ctx, struct perr *e)
{
	struct ch_writer *w = ctx;

	w->pending = P_NONE;
	w->nstacks = w->nframes = w->nkinds = 0;
	w->nsamples = 0;
	w->tb[CH_VALUE_KINDS].n = 0;
	if (refill(&w->so, w->sfd, e) < 0 ||
	    refill(&w->tb[CH_VALUE_KINDS].o, w->tb[CH_VALUE_KINDS].fd, e) < 0)
		return -1;
	return 0;
}

struct sql_sink
ch_writer_sink(struct ch_writer *w)
{
	struct sql_sink k = { ch_row, ch_restart, w, SQL_CLICKHOUSE };

	return k;
}

/* The stacks' hashes, of their locations', and their rows; the stager's
 * ids -> hashes in hashes[0 ..) from *first. */
static int
hash_stacks(struct ch_writer *w, size_t *first, struct perr *e)
{
	size_t i, j;
	uint64_t h, lh;
	uint32_t *ix;
	int fresh;

	*first = w->nhashes;
	for (i = 0; i < w->nstacks; i++) {
		w->hb.n = 0;
		cb_char(&w->hb, 'S');
		w->row.n = 0;
		for (j = 0; j < w->stacks[i].n; j++) {
			ix = u64map_get(&w->loc, w->frames[w->stacks[i].off + j]);
			if (ix == NULL)
				return perr_set(e, "a stack's location %" PRIu32
				    " is not in the stream",
				    w->frames[w->stacks[i].off + j]);
			lh = w->hashes[*ix];
			hb_u64(&w->hb, lh);
			cb_char(&w->row, j ? ',' : '[');
			cb_u64(&w->row, lh);
		}
		h = hb_hash(&w->hb);
		if (ARRAY_ROOM(w->hashes, w->nhashes, w->caphashes) < 0 ||
		    u64map_put(&w->seen, h, 1, &fresh) == NULL)
			return perr_nomem(e);
		w->hashes[w->nhashes++] = h;
		if (!fresh)
			continue;
		/* (hash, [frames]) */
		{
			struct cbuf t = w->row;

			w->row = (struct cbuf){ 0 };
			row_start(w, h);
			w->row.n--;	/* no comma: the frames follow */
			cb_char(&w->row, ',');
			if (t.n > 0) {
				cb_put(&w->row, t.p, t.n);
				cb_char(&w->row, ']');
			} else
				cb_str(&w->row, "[]");
			cb_char(&w->row, ')');
			free(t.p);
		}
		ch_put_tuple(w, CH_STACKS);
	}
	return w->row.oom || w->hb.oom ? perr_nomem(e) : 0;
}

/* Copies a table's tuples into the script as one INSERT line. */
static int
insert_line(struct ch_writer *w, enum ch_table t, struct perr *e)
{
	struct tuples *tp = &w->tb[t];

	out_flush(&tp->o);
	if (tp->o.err != 0)
		return perr_set(e, "a staging file in TMPDIR: %s",
		    strerror(tp->o.err));
	if (tp->n == 0)
		return 0;
	out_str(w->o, "INSERT INTO `");
	out_str(w->o, ch_table_name(t));
	out_str(w->o, "` VALUES ");
	if (out_copy_file(w->o, tp->fd, "a staging file", e) < 0)
		return -1;
	out_str(w->o, ";\n");
	return 0;
}

int
ch_end(struct ch_writer *w, struct perr *e)
{
	size_t stack0;
	int t;

	flush_pending(w);
	if (hash_stacks(w, &stack0, e) < 0 || ch_write_blocks(w, stack0, e) < 0)
		return -1;
	/* a Distributed table's INSERT returns once its shards have the
	 * rows (else the server sends them later); and for each INSERT
	 * the rows are one block, written whole or not at all */
	out_str(w->o, "-- a profile stream, added to the profiles this "
	    "database holds (tsv2sql -D clickhouse)\n"
	    "SET insert_distributed_sync = 1;\n");
	ch_schema(w->o, NULL);
	/* its sources last: a load cut short has none, and sql2tsv reads
	 * the samples of sources only */
	for (t = 0; t < CH_TABLES; t++)
		if (insert_line(w, t, e) < 0)
			return -1;
	return 0;
}
