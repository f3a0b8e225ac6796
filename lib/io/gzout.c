/*
 * gzip output: a member per buffer, compressed by libdeflate on two lanes,
 * each a thread of its own. Buffers go to the lanes in turn, so the members
 * are written in order by writing, before a lane takes a new buffer, the
 * member it made of its last one.
 */
#include <pthread.h>
#include <stdlib.h>

#include <libdeflate.h>

#include "io/gzout.h"

enum { IDLE, WORK, DONE };

struct lane {
	struct libdeflate_compressor *c;
	char *in;		/* the buffer it has: the caller's, swapped */
	size_t nin;
	char *out;		/* its member */
	size_t nout, capout;
	int state;
	int quit;
	int threaded;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

struct gzout {
	struct lane lane[2];
	int next;		/* the lane of the next buffer */
	size_t nmembers;	/* given to the lanes */
	gzout_write_fn *write;
	void *ctx;
};

static void
compress(struct lane *l)
{
	l->nout = libdeflate_gzip_compress(l->c, l->in, l->nin, l->out,
	    l->capout);
}

static void *
lane_main(void *arg)
{
	struct lane *l = arg;

	pthread_mutex_lock(&l->mu);
	for (;;) {
		while (l->state != WORK && !l->quit)
			pthread_cond_wait(&l->cv, &l->mu);
		if (l->state != WORK)
			break;
		pthread_mutex_unlock(&l->mu);
		compress(l);
		pthread_mutex_lock(&l->mu);
		l->state = DONE;
		pthread_cond_broadcast(&l->cv);
	}
	pthread_mutex_unlock(&l->mu);
	return NULL;
}

/* Waits for the lane's member, and writes it. */
static void
drain(struct gzout *g, struct lane *l)
{
	if (l->threaded) {
		pthread_mutex_lock(&l->mu);
		while (l->state == WORK)
			pthread_cond_wait(&l->cv, &l->mu);
		pthread_mutex_unlock(&l->mu);
	}
	if (l->state == DONE)
		g->write(g->ctx, l->out, l->nout);
	l->state = IDLE;
}

struct gzout *
gzout_start(int level, size_t cap, gzout_write_fn *write, void *ctx)
{
	struct gzout *g = calloc(1, sizeof(*g));
	struct lane *l;
	int i;

	if (g == NULL)
		return NULL;
	g->write = write;
	g->ctx = ctx;
	for (i = 0; i < 2; i++) {
		l = &g->lane[i];
		if ((l->c = libdeflate_alloc_compressor(level)) == NULL)
			goto fail;
		l->capout = libdeflate_gzip_compress_bound(l->c, cap);
		if ((l->in = malloc(cap)) == NULL ||
		    (l->out = malloc(l->capout)) == NULL)
			goto fail;
		pthread_mutex_init(&l->mu, NULL);
		pthread_cond_init(&l->cv, NULL);
		l->threaded = pthread_create(&l->thread, NULL, lane_main, l)
		    == 0;
	}
	return g;
fail:
	gzout_free(g);
	return NULL;
}

char *
gzout_put(struct gzout *g, char *buf, size_t len)
{
	struct lane *l = &g->lane[g->next];
	char *spare;

	drain(g, l);
	spare = l->in;
	l->in = buf;
	l->nin = len;
	g->next ^= 1;
	g->nmembers++;
	if (!l->threaded) {
		compress(l);
		l->state = DONE;
		return spare;
	}
	pthread_mutex_lock(&l->mu);
	l->state = WORK;
	pthread_cond_broadcast(&l->cv);
	pthread_mutex_unlock(&l->mu);
	return spare;
}

int
gzout_finish(struct gzout *g, char **buf, size_t len)
{
	/* an empty output is still one member, as gzip writes it */
	if (len > 0 || g->nmembers == 0)
		*buf = gzout_put(g, *buf, len);
	/* the older of the two first */
	drain(g, &g->lane[g->next]);
	drain(g, &g->lane[g->next ^ 1]);
	return 0;
}

void
gzout_free(struct gzout *g)
{
	struct lane *l;
	int i;

	if (g == NULL)
		return;
	for (i = 0; i < 2; i++) {
		l = &g->lane[i];
		if (l->threaded) {
			pthread_mutex_lock(&l->mu);
			l->quit = 1;
			pthread_cond_broadcast(&l->cv);
			pthread_mutex_unlock(&l->mu);
			pthread_join(l->thread, NULL);
			pthread_mutex_destroy(&l->mu);
			pthread_cond_destroy(&l->cv);
		}
		libdeflate_free_compressor(l->c);
		free(l->in);
		free(l->out);
	}
	free(g);
}

int
gzip_bytes(int level, const void *in, size_t n, unsigned char **out,
    size_t *nout)
{
	struct libdeflate_compressor *c;
	size_t cap;

	*out = NULL;
	*nout = 0;
	if ((c = libdeflate_alloc_compressor(level)) == NULL)
		return -1;
	cap = libdeflate_gzip_compress_bound(c, n);
	if ((*out = malloc(cap)) == NULL) {
		libdeflate_free_compressor(c);
		return -1;
	}
	*nout = libdeflate_gzip_compress(c, in, n, *out, cap);
	libdeflate_free_compressor(c);
	if (*nout == 0) {
		free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}
