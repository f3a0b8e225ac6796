/* worker.h: a second thread that takes buffers one at a time and hands
 * each to a function (to deflate it, say), while the caller fills the
 * next: two buffers, two cores. */
#ifndef WORKER_H
#define WORKER_H

#include <stddef.h>

/* What the thread does with a buffer; flag is the caller's. */
typedef void worker_fn(void *ctx, char *buf, size_t len, int flag);

struct worker;

/* A thread calling fn(ctx, ...) on what it is given, with a spare buffer
 * of cap bytes; NULL when a thread or the memory cannot be had (the
 * caller then calls fn itself). */
struct worker *worker_start(worker_fn *fn, void *ctx, size_t cap);
/* Once the thread is idle, gives it buf[0..len) and flag; returns the
 * buffer to fill next, of the same capacity (the spare). */
char *worker_give(struct worker *w, char *buf, size_t len, int flag);
/* Waits until the thread is idle: whatever fn touches is the caller's
 * again until the next worker_give. */
void worker_wait(struct worker *w);
/* Waits, ends the thread, frees it and the buffer it holds. NULL: none. */
void worker_stop(struct worker *w);

#endif
