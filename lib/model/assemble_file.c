/*
 * A stream's file (or standard input) through the assembler: streaming,
 * and when a row comes late for a sample already handed over, the samples
 * handed over again: a file is read again from the start, buffering; a
 * pipe, read once, gives them back from the record kept of them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "model/assemble.h"
#include "stream/validate.h"

static void
keep_first(void *ctx, const char *msg)
{
	struct perr *first = ctx;

	if (first->msg[0] == '\0')
		snprintf(first->msg, sizeof(first->msg), "%s", msg);
}

/* Buffering finds some problems only at the end: the validator's first
 * message, which names the row, is what every reader says of an invalid
 * stream it can read twice. e is kept when the validator finds nothing
 * (the stream is valid: the reader's own refusal). */
static void
validator_says(const char *path, const char *shown, struct perr *e)
{
	struct stream_reader v;
	struct perr first, ignored;

	first.msg[0] = '\0';
	if (stream_open(&v, path, shown, &ignored) < 0)
		return;
	v.report = keep_first;
	v.ctx = &first;
	if (validate_stream(&v, &ignored) == 0 && first.msg[0] != '\0')
		*e = first;
	stream_close(&v);
}

static int
assemble_path(struct stream_reader *r, const char *path, const char *shown,
    const char *spool, struct prof *p, struct asm_io *io, struct perr *e)
{
	int is_stdin = input_is_stdin(path), rc;
	off_t start;

	if (stream_open(r, path, shown, e) < 0)
		return -1;
	r->foreign_ok = (io->flags & ASM_ANY) != 0;
	/* where it can be read again from: a file, not a pipe */
	start = lseek(r->in.fd, 0, SEEK_CUR);
	io->log_fd = -1;
	if (start < 0 && spool != NULL &&
	    (io->log_fd = open(spool, O_RDWR | O_TRUNC)) < 0)
		return perr_set(e, "%s: %s", spool, strerror(errno));
	rc = assemble(r, p, ASM_STREAM, io, e);
	if (io->log_fd >= 0)
		close(io->log_fd);
	if (rc == ASM_FOREIGN)
		return rc;
	if (rc != ASM_UNORDERED) {
		if (rc < 0 && io->buffered && start >= 0)
			validator_says(path, shown, e);
		return rc;
	}
	stream_close(r);
	if (start < 0 || (is_stdin && lseek(STDIN_FILENO, start, SEEK_SET) <
	    0))
		return perr_set(e, "%s: the stream is not in "
		    "define-before-use order, and a pipe cannot be read "
		    "twice: give it as a file", shown != NULL ? shown :
		    is_stdin ? "<stdin>" : path);
	prof_free(p);
	io->log_fd = -1;
	if (io->restart(io->ctx, e) < 0 || stream_open(r, path, shown, e) < 0)
		return -1;
	if ((rc = assemble(r, p, ASM_BUFFER, io, e)) < 0)
		validator_says(path, shown, e);
	return rc;
}

int
assemble_file(struct stream_reader *r, const char *path, const char *shown,
    const char *spool, struct prof *p, sample_fn emit,
    int (*restart)(void *, struct perr *), void *ctx, unsigned flags,
    struct perr *e)
{
	struct asm_io io = { emit, restart, ctx, flags, -1, 0 };
	int rc = assemble_path(r, path, shown, spool, p, &io, e);

	if (rc == ASM_FOREIGN)
		return rc;
	return rc < 0 ? perr_at(e, shown != NULL ? shown : input_is_stdin(path)
	    ? "<stdin>" : path) : rc;
}
