/* output.h: buffered writing to stdout or to a file that appears only when
 * complete, optionally gzip-compressed; numbers written as base/fmt.h
 * formats them. */
#ifndef OUTPUT_H
#define OUTPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/fmt.h"
#include "base/perr.h"

struct output {
	int fd;
	const char *name;	/* for messages */
	char *path, *tmp;	/* final and temporary file, or NULL */
	char *buf;
	size_t len, cap;
	struct gzout *gz;	/* when compressing */
	int err;		/* first errno of a failed write */
	const char *why;	/* with err: what was refused, not errno's */
	char why_text[512];	/* why's own copy (output_refuse) */
	int close_fd;		/* fd was opened here (a device) */
	uint64_t flushed;	/* bytes handed to write(2) */
	long long start;	/* offset of the first byte, -1: unseekable */
	int held;		/* writes go to a spool until output_close */
	int real_fd;		/* while held: the output itself */
	/* not bytes but a stream's rows, to a reader of this process: the
	 * stream writer takes them; a type of a floor above, opaque here
	 * (struct stream_rows, stream/stream_write.h) */
	void *rows;
};

/* Opens path (NULL or "-" for stdout). A file is written under a temporary
 * name beside it and renamed by output_close. */
int output_open(struct output *o, const char *path, struct perr *e);
/* An output on an open descriptor (a temporary file, say), named name in
 * messages: flush it with out_flush (o->err tells of a write error), free
 * it with output_discard, which leaves fd open. */
int output_fd(struct output *o, int fd, const char *name, struct perr *e);
/* Compresses everything written from now on as one gzip member, deflated
 * by two threads where they can be had (gzout.h). A compressed output
 * cannot be rewound. */
int output_gzip(struct output *o, int level, struct perr *e);
/* Flushes and closes; reports any write error; renames a file into place.
 * On error the temporary file is removed. */
int output_close(struct output *o, struct perr *e);
/* Fails o (no more is written) with err and why, a message copied:
 * what a writer refused, said when o is closed. */
void output_refuse(struct output *o, int err, const char *why);
/* The message of o's failed write (o->err set), into e; -1. */
int output_error(const struct output *o, struct perr *e);
/* Gives up: removes the temporary file, never touches path. */
void output_discard(struct output *o);

/* When o cannot take back what it was given (a pipe, a terminal: see
 * output_rewind), writes go to spool_fd, an empty temporary file, until
 * output_close copies them to o: a program that may start over then never
 * sends downstream what it would have to take back. Call it before any
 * write. Returns 1 when o is held, 0 when it needs no spool. */
int output_hold(struct output *o, int spool_fd);

/* Forgets everything written so far, to write it anew; fails when part of
 * it already went to a pipe or terminal. */
int output_rewind(struct output *o, struct perr *e);
/* The same back to mark, a count of bytes written (flushed + len). */
int output_rewind_to(struct output *o, uint64_t mark, struct perr *e);

void out_flush(struct output *o);
/* Writes the whole of file fd, from its start, to o (a staging file into
 * a script): 0, or -1 with e set, naming the file what. */
int out_copy_file(struct output *o, int fd, const char *what, struct perr *e);

static inline char *
out_reserve(struct output *o, size_t n)
{
	if (o->cap - o->len < n)
		out_flush(o);
	return o->buf + o->len;
}

void out_write_big(struct output *o, const void *p, size_t n);

static inline void
out_write(struct output *o, const void *p, size_t n)
{
	if (n == 0)		/* p may then be NULL, which memcpy forbids */
		return;
	if (o->cap - o->len >= n) {
		memcpy(o->buf + o->len, p, n);
		o->len += n;
	} else
		out_write_big(o, p, n);
}

static inline void
out_char(struct output *o, char c)
{
	if (o->len == o->cap)
		out_flush(o);
	o->buf[o->len++] = c;
}

static inline void
out_str(struct output *o, const char *s)
{
	out_write(o, s, strlen(s));
}

static inline void
out_u64(struct output *o, uint64_t v)
{
	char *p = out_reserve(o, FMT_NUM_MAX);
	o->len += fmt_u64(p, v);
}

static inline void
out_i64(struct output *o, int64_t v)
{
	char *p = out_reserve(o, FMT_NUM_MAX);
	o->len += fmt_i64(p, v);
}

static inline void
out_hex(struct output *o, uint64_t v)
{
	char *p = out_reserve(o, FMT_NUM_MAX);
	o->len += fmt_hex(p, v);
}

static inline void
out_dbl(struct output *o, double v)
{
	char *p = out_reserve(o, FMT_NUM_MAX);
	o->len += fmt_dbl(p, v);
}

static inline void
out_num(struct output *o, struct num v)
{
	char *p = out_reserve(o, FMT_NUM_MAX);
	o->len += fmt_num(p, v);
}

#endif
