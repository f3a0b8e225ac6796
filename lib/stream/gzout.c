#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "base/deflate.h"
#include "base/worker.h"
#include "stream/gzout.h"

#define WINDOW DEFLATE_WINDOW	/* what a piece may refer back to */

/* A thread and the piece it deflates. Between worker_give and
 * worker_wait, all but w is the thread's. */
struct lane {
	struct worker *w;	/* NULL: deflated on the caller's thread */
	struct deflate *fast;	/* level 1: base/deflate.c, on joined */
	unsigned char *joined;	/* dict, then the piece */
	z_stream z;		/* other levels: zlib */
	int z_ready;
	size_t ndict;		/* joined's first: the input before the piece */
	unsigned char *out;	/* its piece, deflated */
	size_t nout, capout;
	uLong crc, len;		/* of its piece's input */
	int pending;		/* a piece deflated or under way, not written */
	int nomem;
};

struct gzout {
	struct lane lane[2];
	int next;		/* the lane of the next piece */
	unsigned char window[WINDOW];	/* the last input handed over */
	size_t nwindow;
	uLong crc, len;		/* of the pieces written */
	gzout_write_fn *write;
	void *ctx;
	int nomem;
};

/* l->out with room for need more bytes: 0, or -1 (l->nomem). */
static int
room(struct lane *l, size_t need)
{
	unsigned char *p;

	if (l->capout - l->nout >= need)
		return 0;
	if ((p = realloc(l->out, l->nout + need)) == NULL) {
		l->nomem = 1;
		return -1;
	}
	l->out = p;
	l->capout = l->nout + need;
	return 0;
}

/* The thread's work (worker_fn): buf deflated into l->out, a sync flush at
 * its end (byte-aligned, not final), or the final block. */
static void
deflate_piece_of(void *arg, char *buf, size_t len, int last)
{
	struct lane *l = arg;
	z_stream *z = &l->z;
	size_t need;

	l->nout = 0;
	l->len = (uLong)len;
	l->crc = crc32(0L, (const Bytef *)buf, (uInt)len);
	if (l->fast != NULL) {
		if (room(l, deflate_bound(len)) < 0)
			return;
		memcpy(l->joined + l->ndict, buf, len);
		l->nout = deflate_piece(l->fast, l->joined, l->ndict,
		    l->ndict + len, last, l->out);
		return;
	}
	deflateReset(z);
	if (l->ndict > 0)
		deflateSetDictionary(z, l->joined, (uInt)l->ndict);
	z->next_in = (Bytef *)buf;
	z->avail_in = (uInt)len;
	need = deflateBound(z, (uLong)len) + 64;	/* and the flush */
	do {
		if (room(l, need) < 0)
			return;
		z->next_out = l->out + l->nout;
		z->avail_out = (uInt)(l->capout - l->nout);
		deflate(z, last ? Z_FINISH : Z_SYNC_FLUSH);
		l->nout = l->capout - z->avail_out;
		need = 4096;
	} while (z->avail_out == 0);
}

/* Waits for lane l, then writes the piece it holds: the oldest one
 * pending, as pieces alternate between the lanes. */
static void
settle(struct gzout *g, struct lane *l)
{
	if (l->w != NULL)
		worker_wait(l->w);
	if (!l->pending)
		return;
	l->pending = 0;
	g->nomem |= l->nomem;
	if (g->nomem)
		return;
	g->write(g->ctx, (const char *)l->out, l->nout);
	g->crc = crc32_combine(g->crc, l->crc, (z_off_t)l->len);
	g->len += l->len;
}

/* The last WINDOW bytes handed over, buf's included. */
static void
slide(struct gzout *g, const char *buf, size_t len)
{
	size_t keep;

	if (len >= WINDOW) {
		memcpy(g->window, buf + len - WINDOW, WINDOW);
		g->nwindow = WINDOW;
		return;
	}
	keep = g->nwindow < WINDOW - len ? g->nwindow : WINDOW - len;
	memmove(g->window, g->window + g->nwindow - keep, keep);
	memcpy(g->window + keep, buf, len);
	g->nwindow = keep + len;
}

static char *
put(struct gzout *g, char *buf, size_t len, int last)
{
	struct lane *l = &g->lane[g->next];

	if (len == 0 && !last)
		return buf;
	settle(g, l);
	memcpy(l->joined, g->window, g->nwindow);
	l->ndict = g->nwindow;
	slide(g, buf, len);
	l->pending = 1;
	g->next ^= 1;
	if (l->w == NULL) {
		deflate_piece_of(l, buf, len, last);
		return buf;
	}
	return worker_give(l->w, buf, len, last);
}

struct gzout *
gzout_start(int level, size_t cap, gzout_write_fn *write, void *ctx)
{
	/* as zlib writes it: no name, no time, Unix */
	unsigned char head[10] = { 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3 };
	struct gzout *g = calloc(1, sizeof(*g));
	struct lane *l;

	if (g == NULL)
		return NULL;
	g->write = write;
	g->ctx = ctx;
	g->crc = crc32(0L, NULL, 0);
	for (l = g->lane; l < g->lane + 2; l++) {
		if ((l->joined = malloc(WINDOW + cap)) == NULL)
			goto fail;
		if (level == 1) {
			if ((l->fast = deflate_new()) == NULL)
				goto fail;
		} else {
			if (deflateInit2(&l->z, level, Z_DEFLATED, -15, 8,
			    Z_DEFAULT_STRATEGY) != Z_OK)
				goto fail;
			l->z_ready = 1;
		}
		l->w = worker_start(deflate_piece_of, l, cap);
	}
	head[8] = level == 9 ? 2 : level == 1 ? 4 : 0;	/* gzip's XFL */
	write(ctx, (const char *)head, sizeof(head));
	return g;
fail:
	gzout_free(g);
	return NULL;
}

char *
gzout_put(struct gzout *g, char *buf, size_t len)
{
	return put(g, buf, len, 0);
}

static void
le32(unsigned char *p, uLong v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

int
gzout_finish(struct gzout *g, char **buf, size_t len)
{
	unsigned char tail[8];

	*buf = put(g, *buf, len, 1);
	settle(g, &g->lane[g->next]);		/* the one before the last */
	settle(g, &g->lane[g->next ^ 1]);	/* the last */
	if (g->nomem)
		return -1;
	le32(tail, g->crc);
	le32(tail + 4, g->len);		/* ISIZE: the length mod 2^32 */
	g->write(g->ctx, (const char *)tail, sizeof(tail));
	return 0;
}

void
gzout_free(struct gzout *g)
{
	struct lane *l;

	if (g == NULL)
		return;
	for (l = g->lane; l < g->lane + 2; l++) {
		worker_stop(l->w);
		if (l->z_ready)
			deflateEnd(&l->z);
		deflate_free(l->fast);
		free(l->joined);
		free(l->out);
	}
	free(g);
}
