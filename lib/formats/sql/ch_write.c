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
#include "formats/sql/ch.h"
#include "io/tmpfile.h"

/* A growing byte string. */
struct cbuf {
	char *p;
	size_t n, cap;
	int oom;
};

static void
cb_put(struct cbuf *b, const void *p, size_t n)
{
	if (b->oom || array_grow((void **)&b->p, &b->cap, b->n + n + 1, 1) < 0) {
		b->oom = 1;
		return;
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void
cb_str(struct cbuf *b, const char *s)
{
	cb_put(b, s, strlen(s));
}

static void
cb_char(struct cbuf *b, char c)
{
	cb_put(b, &c, 1);
}

static void
cb_i64(struct cbuf *b, int64_t v)
{
	char buf[FMT_NUM_MAX];

	cb_put(b, buf, fmt_i64(buf, v));
}

static void
cb_u64(struct cbuf *b, uint64_t v)
{
	char buf[FMT_NUM_MAX];

	cb_put(b, buf, fmt_u64(buf, v));
}

/* A string literal as ClickHouse's Values format reads it, on one line. */
static void
cb_quoted(struct cbuf *b, const char *s, size_t n)
{
	const char *end = s + n, *run = s;
	char esc[2] = { '\\', 0 };

	cb_char(b, '\'');
	for (; s < end; s++) {
		esc[1] = *s == '\\' ? '\\' : *s == '\'' ? '\'' : *s == '\n' ?
		    'n' : *s == '\r' ? 'r' : *s == '\t' ? 't' : *s == '\0' ?
		    '0' : 0;
		if (esc[1] == 0)
			continue;
		cb_put(b, run, (size_t)(s - run));
		cb_put(b, esc, 2);
		run = s + 1;
	}
	cb_put(b, run, (size_t)(end - run));
	cb_char(b, '\'');
}

/* The content hash of a row: its columns put in order, each text with its
 * length, each NA marked, under a tag per table. */
static void
hb_u64(struct cbuf *b, uint64_t v)
{
	unsigned char le[8];
	int i;

	for (i = 0; i < 8; i++)
		le[i] = (unsigned char)(v >> (8 * i));
	cb_put(b, le, 8);
}

static void
hb_text(struct cbuf *b, const char *s, size_t n)
{
	hb_u64(b, n);
	cb_put(b, s, n);
}

static void
hb_opt(struct cbuf *b, int na, uint64_t v)
{
	cb_char(b, na ? 0 : 1);
	if (!na)
		hb_u64(b, v);
}

static uint64_t
hb_hash(const struct cbuf *b)
{
	static const unsigned char key[16];
	uint64_t h = siphash24(key, b->p, b->n);

	/* the one value a u64map cannot hold */
	return h == U64MAP_EMPTY ? h - 1 : h;
}

/* The tables the script inserts into, each a line of tuples. */
struct tuples {
	struct output o;
	int fd;
	uint64_t n;
};

/* The row that rows to come may add to (a source's or location's
 * attributes, a kind's types, a sample's labels and time). */
enum pending { P_NONE, P_SOURCE, P_LOCATION, P_KIND, P_SAMPLE };

struct ch_writer {
	struct output *o;
	uint64_t made, load, ver;
	struct tuples tb[CH_TABLES];
	struct cbuf row, keys, vals, hb;
	enum pending pending;
	int pending_t;			/* its table's tuples */
	/* the stream's ids -> hashes */
	struct u64map fn, map, loc;	/* -> index in hashes */
	uint64_t *hashes;
	size_t nhashes, caphashes;
	struct u64map seen;		/* hashes written by this load */
	/* stacks and kinds, by the stager's ids (1, 2, ...) */
	uint32_t *frames;		/* the stream's location ids */
	size_t nframes, capframes;
	struct { size_t off; uint32_t n; } *stacks;
	size_t nstacks, capstacks;
	uint64_t *kinds;		/* hashes */
	size_t nkinds, capkinds;
	/* the samples, a record each */
	int sfd;
	struct output so;
	struct cbuf rec;
	uint32_t rec_labels;		/* labels in rec */
	size_t rec_nlabels_at;		/* where their count goes */
	int rec_timed;
	int64_t rec_time;
	uint64_t nsamples;
};

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

/* The row in w->row is a tuple of table t. */
static void
put_tuple(struct ch_writer *w, enum ch_table t)
{
	struct tuples *tp = &w->tb[t];

	if (tp->n++ > 0)
		out_char(&tp->o, ',');
	out_write(&tp->o, w->row.p, w->row.n);
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
	put_tuple(w, CH_FUNCTIONS);
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
	put_tuple(w, CH_MAPPINGS);
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

static uint64_t
source_hash(struct ch_writer *w, int64_t id)
{
	w->hb.n = 0;
	cb_char(&w->hb, 'R');
	hb_u64(&w->hb, w->load);
	hb_u64(&w->hb, (uint64_t)id);
	return hb_hash(&w->hb);
}

static void
source(struct ch_writer *w, const union cell *v, const unsigned char *st)
{
	char num[FMT_NUM_MAX];

	w->row.n = 0;
	cb_char(&w->row, '(');
	cb_u64(&w->row, w->made);
	cb_char(&w->row, ',');
	cb_u64(&w->row, w->load);
	cb_char(&w->row, ',');
	cb_i64(&w->row, v[SRC_ID].i);
	cb_char(&w->row, ',');
	cb_u64(&w->row, source_hash(w, v[SRC_ID].i));
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

/* Sample records: varints (zigzag for signed) and texts with lengths. */
static void
rec_u(struct cbuf *b, uint64_t v)
{
	uint8_t buf[10];

	cb_put(b, buf, varint_put(buf, v));
}

static void
rec_text(struct cbuf *b, const union cell *v, int na)
{
	rec_u(b, na ? 0 : v->s.n + 1);
	if (!na)
		cb_put(b, v->s.p, v->s.n);
}

/* A sample, its values: source, stack, kind, the values (0 and the
 * integer, or 1 and a double's bits), then its labels and time. */
static void
rec_num(struct cbuf *b, struct num n)
{
	uint64_t bits;

	if (num_is_int(n)) {
		rec_u(b, 0);
		rec_u(b, zigzag(n.i));
		return;
	}
	memcpy(&bits, &n.d, 8);
	rec_u(b, 1);
	rec_u(b, bits);
}

static void
sample(struct ch_writer *w, const union cell *v, const unsigned char *st)
{
	const char *more, *end;
	struct cbuf vals = { 0 };
	uint64_t nv = 0;
	int i;

	w->rec.n = 0;
	rec_u(&w->rec, (uint64_t)v[SST_SOURCE].i);
	rec_u(&w->rec, (uint64_t)v[SST_STACK].i);
	rec_u(&w->rec, (uint64_t)v[SST_KIND].i);
	for (i = 0; i < SQL_VALUE_COLUMNS && st[SST_VALUE_1 + i] != CELL_NA;
	    i++, nv++)
		rec_num(&vals, v[SST_VALUE_1 + i].n);
	/* values past the columns come as text, sql_fmt_num's, by commas */
	if (st[SST_MORE_VALUES] != CELL_NA) {
		more = v[SST_MORE_VALUES].s.p;
		end = more + v[SST_MORE_VALUES].s.n;
		for (; more < end; nv++) {
			rec_num(&vals, sql_num_text(&more));
			if (more < end && *more == ',')
				more++;
		}
	}
	rec_u(&w->rec, nv);
	cb_put(&w->rec, vals.p, vals.n);
	if (vals.oom)
		w->rec.oom = 1;
	free(vals.p);
	w->rec_nlabels_at = w->rec.n;
	w->rec_labels = 0;
	w->rec_timed = 0;
}

static void
sample_label(struct ch_writer *w, const union cell *v, const unsigned char *st)
{
	rec_text(&w->rec, &v[LB_KEY], 0);
	rec_text(&w->rec, &v[LB_STR], st[LB_STR] == CELL_NA);
	rec_u(&w->rec, st[LB_NUM] == CELL_NA ? 0 : 1);
	rec_u(&w->rec, zigzag(v[LB_NUM].i));
	rec_text(&w->rec, &v[LB_NUM_UNIT], st[LB_NUM_UNIT] == CELL_NA);
	w->rec_labels++;
}

/* The sample record ends: its labels' count before them, its time. */
static void
sample_end(struct ch_writer *w)
{
	struct cbuf tail = { 0 };
	uint8_t len[10];

	rec_u(&tail, w->rec_labels);
	cb_put(&tail, w->rec.p + w->rec_nlabels_at, w->rec.n -
	    w->rec_nlabels_at);
	rec_u(&tail, (uint64_t)w->rec_timed);
	rec_u(&tail, zigzag(w->rec_time));
	w->rec.n = w->rec_nlabels_at;
	cb_put(&w->rec, tail.p, tail.n);
	free(tail.p);
	if (tail.oom)
		w->rec.oom = 1;
	out_write(&w->so, len, varint_put(len, w->rec.n));
	out_write(&w->so, w->rec.p, w->rec.n);
	w->nsamples++;
}

/* The row waiting for what follows it is complete. */
static void
flush_pending(struct ch_writer *w)
{
	switch (w->pending) {
	case P_SOURCE:
		pairs_end(w);
		put_tuple(w, CH_SOURCES);
		break;
	case P_LOCATION:
		pairs_end(w);
		put_tuple(w, CH_LOCATIONS);
		break;
	case P_KIND:
		pairs_end(w);
		put_tuple(w, CH_VALUE_KINDS);
		break;
	case P_SAMPLE:
		sample_end(w);
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
		sample(w, v, st);
		w->pending = P_SAMPLE;
		break;
	case SQ_SAMPLE_LABELS:
		sample_label(w, v, st);
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
		put_tuple(w, CH_STACKS);
	}
	return w->row.oom || w->hb.oom ? perr_nomem(e) : 0;
}

/* A block of samples being made: a text per column of sample_blocks
 * from CHB_SOURCE on. */
struct block {
	struct cbuf col[CHB_COLS];
	uint32_t n, first;
	int64_t tmin, tmax, last;
	int timed;
};

static void
block_open(struct cbuf *b, uint32_t n)
{
	cb_char(b, n > 0 ? ',' : '[');
}

static void
block_text(struct cbuf *b, const uint8_t **p, const uint8_t *end)
{
	uint64_t n = varint_next(p, end);

	if (n > 0 && (uint64_t)(end - *p) >= n - 1) {
		cb_quoted(b, (const char *)*p, n - 1);
		*p += n - 1;
	} else
		cb_str(b, "''");
}

/* One sample's record into the block: 0, or -1 for a record that is not
 * one of ours. */
static int
block_add(struct ch_writer *w, struct block *k, size_t stack0,
    const uint8_t *p, size_t len)
{
	const uint8_t *end = p + len;
	struct cbuf *c = k->col;
	uint64_t src, stk, knd, nv, i, tag, x, nl;
	char num[FMT_NUM_MAX];
	int ints = 1, timed;
	int64_t t;
	double d;
	const uint8_t *vals;

	src = varint_next(&p, end);
	stk = varint_next(&p, end);
	knd = varint_next(&p, end);
	if (stk == 0 || stk > w->nstacks || knd == 0 || knd > w->nkinds)
		return -1;
	block_open(&c[CHB_SOURCE], k->n);
	cb_u64(&c[CHB_SOURCE], source_hash(w, (int64_t)src));
	block_open(&c[CHB_STACK], k->n);
	cb_u64(&c[CHB_STACK], w->hashes[stack0 + stk - 1]);
	block_open(&c[CHB_KIND], k->n);
	cb_u64(&c[CHB_KIND], w->kinds[knd - 1]);
	/* the values as integers, or all as text when one is not */
	nv = varint_next(&p, end);
	vals = p;
	for (i = 0; i < nv; i++) {
		if (varint_next(&p, end) != 0)
			ints = 0;
		(void)varint_next(&p, end);
	}
	block_open(&c[CHB_VALUE], k->n);
	block_open(&c[CHB_VALUE_TEXT], k->n);
	cb_char(&c[CHB_VALUE], '[');
	cb_char(&c[CHB_VALUE_TEXT], '\'');
	for (p = vals, i = 0; i < nv; i++) {
		tag = varint_next(&p, end);
		x = varint_next(&p, end);
		if (ints) {
			if (i > 0)
				cb_char(&c[CHB_VALUE], ',');
			cb_i64(&c[CHB_VALUE], unzigzag(x));
			continue;
		}
		if (i > 0)
			cb_char(&c[CHB_VALUE_TEXT], ',');
		if (tag == 0)
			cb_i64(&c[CHB_VALUE_TEXT], unzigzag(x));
		else {
			memcpy(&d, &x, 8);
			cb_put(&c[CHB_VALUE_TEXT], num,
			    sql_fmt_num(SQL_CLICKHOUSE, num, num_of_dbl(d)));
		}
	}
	cb_char(&c[CHB_VALUE], ']');
	cb_char(&c[CHB_VALUE_TEXT], '\'');
	/* labels */
	nl = varint_next(&p, end);
	for (i = CHB_LABEL_KEY; i <= CHB_LABEL_NA; i++) {
		block_open(&c[i], k->n);
		cb_char(&c[i], '[');
	}
	for (i = 0; i < nl; i++) {
		unsigned na = 0;

		if (i > 0)
			for (x = CHB_LABEL_KEY; x <= CHB_LABEL_NA; x++)
				cb_char(&c[x], ',');
		block_text(&c[CHB_LABEL_KEY], &p, end);
		if (*p == 0)
			na |= CH_NA_STR;
		block_text(&c[CHB_LABEL_STR], &p, end);
		if (varint_next(&p, end) == 0)
			na |= CH_NA_NUM;
		cb_i64(&c[CHB_LABEL_NUM], unzigzag(varint_next(&p, end)));
		if (*p == 0)
			na |= CH_NA_UNIT;
		block_text(&c[CHB_LABEL_UNIT], &p, end);
		cb_u64(&c[CHB_LABEL_NA], na);
	}
	for (i = CHB_LABEL_KEY; i <= CHB_LABEL_NA; i++)
		cb_char(&c[i], ']');
	/* its time: from the block's timed sample before it (wrapping, as
	 * arrayCumSum and the reader add them up) */
	timed = varint_next(&p, end) != 0;
	t = unzigzag(varint_next(&p, end));
	block_open(&c[CHB_TIME], k->n);
	block_open(&c[CHB_TIMED], k->n);
	cb_i64(&c[CHB_TIME], timed ? (int64_t)((uint64_t)t -
	    (uint64_t)k->last) : 0);
	cb_char(&c[CHB_TIMED], timed ? '1' : '0');
	if (timed) {
		k->last = t;
		if (!k->timed || t < k->tmin)
			k->tmin = t;
		if (!k->timed || t > k->tmax)
			k->tmax = t;
		k->timed = 1;
	}
	k->n++;
	return p == end ? 0 : -1;
}

/* The block as a row of sample_blocks; emptied. */
static void
block_put(struct ch_writer *w, struct block *k)
{
	int i;

	w->row.n = 0;
	cb_char(&w->row, '(');
	cb_u64(&w->row, w->made);
	cb_char(&w->row, ',');
	cb_u64(&w->row, w->load);
	cb_char(&w->row, ',');
	cb_u64(&w->row, k->first);
	cb_char(&w->row, ',');
	/* no time: an empty span, which no window meets */
	cb_i64(&w->row, k->timed ? k->tmin : INT64_MAX);
	cb_char(&w->row, ',');
	cb_i64(&w->row, k->timed ? k->tmax : INT64_MIN);
	for (i = CHB_SOURCE; i < CHB_COLS; i++) {
		cb_char(&w->row, ',');
		cb_put(&w->row, k->col[i].p, k->col[i].n);
		cb_char(&w->row, ']');
		k->col[i].n = 0;
	}
	cb_char(&w->row, ')');
	put_tuple(w, CH_SAMPLE_BLOCKS);
	k->first += k->n;
	k->n = 0;
	k->timed = 0;
	k->last = 0;
}

static int
write_blocks(struct ch_writer *w, size_t stack0, struct perr *e)
{
	struct rec_reader rr;
	struct block k;
	const uint8_t *p;
	size_t n;
	int rc, i, oom = 0;

	memset(&k, 0, sizeof(k));
	k.first = 1;
	out_flush(&w->so);
	if (w->so.err != 0)
		return perr_set(e, "a staging file in TMPDIR: %s",
		    strerror(w->so.err));
	if (lseek(w->sfd, 0, SEEK_SET) < 0)
		return perr_set(e, "a staging file: %s", strerror(errno));
	rec_reader_start(&rr, w->sfd);
	while ((rc = rec_next(&rr, &p, &n)) == 1) {
		if (block_add(w, &k, stack0, p, n) < 0) {
			rc = perr_set(e, "a staging file: a sample record "
			    "not of this writer");
			break;
		}
		if (k.n == CH_BLOCK)
			block_put(w, &k);
	}
	if (rc == 0 && k.n > 0)
		block_put(w, &k);
	if (rc == -1 && rr.err != 0)
		rc = perr_set(e, "a staging file: %s", strerror(rr.err));
	rec_reader_free(&rr);
	for (i = 0; i < CHB_COLS; i++) {
		oom |= k.col[i].oom;
		free(k.col[i].p);
	}
	if (rc == 0 && (oom || w->row.oom))
		rc = perr_nomem(e);
	return rc < 0 ? -1 : 0;
}

/* Copies a table's tuples into the script as one INSERT line. */
static int
insert_line(struct ch_writer *w, enum ch_table t, struct perr *e)
{
	struct tuples *tp = &w->tb[t];
	char buf[1 << 16];
	ssize_t n;

	out_flush(&tp->o);
	if (tp->o.err != 0)
		return perr_set(e, "a staging file in TMPDIR: %s",
		    strerror(tp->o.err));
	if (tp->n == 0)
		return 0;
	out_str(w->o, "INSERT INTO `");
	out_str(w->o, ch_table_name(t));
	out_str(w->o, "` VALUES ");
	if (lseek(tp->fd, 0, SEEK_SET) < 0)
		return perr_set(e, "a staging file: %s", strerror(errno));
	while ((n = read(tp->fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return perr_set(e, "a staging file: %s",
			    strerror(errno));
		}
		out_write(w->o, buf, (size_t)n);
	}
	out_str(w->o, ";\n");
	return 0;
}

int
ch_end(struct ch_writer *w, struct perr *e)
{
	size_t stack0;
	int t;

	flush_pending(w);
	if (hash_stacks(w, &stack0, e) < 0 || write_blocks(w, stack0, e) < 0)
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
