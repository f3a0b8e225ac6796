#include <pthread.h>
#include <stdlib.h>

#include "base/worker.h"

struct worker {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	worker_fn *fn;
	void *ctx;
	char *buf;		/* handed over, or the spare */
	size_t len;
	int flag;
	int busy, quit;
};

/* Waits, with w->lock held, until the thread is idle. */
static void
idle_locked(struct worker *w)
{
	while (w->busy)
		pthread_cond_wait(&w->cond, &w->lock);
}

static void *
run(void *arg)
{
	struct worker *w = arg;

	pthread_mutex_lock(&w->lock);
	for (;;) {
		while (!w->busy && !w->quit)
			pthread_cond_wait(&w->cond, &w->lock);
		if (!w->busy)
			break;
		pthread_mutex_unlock(&w->lock);
		w->fn(w->ctx, w->buf, w->len, w->flag);
		pthread_mutex_lock(&w->lock);
		w->busy = 0;
		pthread_cond_broadcast(&w->cond);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

struct worker *
worker_start(worker_fn *fn, void *ctx, size_t cap)
{
	struct worker *w = calloc(1, sizeof(*w));

	if (w == NULL)
		return NULL;
	w->fn = fn;
	w->ctx = ctx;
	if ((w->buf = malloc(cap)) == NULL)
		goto fail;
	if (pthread_mutex_init(&w->lock, NULL) != 0)
		goto fail;
	if (pthread_cond_init(&w->cond, NULL) != 0) {
		pthread_mutex_destroy(&w->lock);
		goto fail;
	}
	if (pthread_create(&w->thread, NULL, run, w) != 0) {
		pthread_cond_destroy(&w->cond);
		pthread_mutex_destroy(&w->lock);
		goto fail;
	}
	return w;
fail:
	free(w->buf);
	free(w);
	return NULL;
}

void
worker_wait(struct worker *w)
{
	pthread_mutex_lock(&w->lock);
	idle_locked(w);
	pthread_mutex_unlock(&w->lock);
}

char *
worker_give(struct worker *w, char *buf, size_t len, int flag)
{
	char *spare;

	pthread_mutex_lock(&w->lock);
	idle_locked(w);
	spare = w->buf;
	w->buf = buf;
	w->len = len;
	w->flag = flag;
	w->busy = 1;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
	return spare;
}

void
worker_stop(struct worker *w)
{
	if (w == NULL)
		return;
	pthread_mutex_lock(&w->lock);
	idle_locked(w);
	w->quit = 1;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
	pthread_join(w->thread, NULL);
	pthread_cond_destroy(&w->cond);
	pthread_mutex_destroy(&w->lock);
	free(w->buf);
	free(w);
}
