/* writers.h: what the harnesses do with a stream once they have one: the
 * validator (a converter's own output must pass it), then every writer
 * and tsvcombine on it, so huge values, deep stacks and large counts that
 * a reader lets through reach the code that sums, scales and copies them. */
#ifndef FUZZ_WRITERS_H
#define FUZZ_WRITERS_H

#include <fcntl.h>

#include "formats/legacy/legacy_read.h"
#include "formats/otlp/otlp.h"
#include "formats/otlp/otlp_writer.h"
#include "formats/pprof/pprof.h"
#include "formats/rprof/rprof.h"
#include "model/combine.h"
#include "stream/validate.h"

static void
must_be_valid(void *ctx, const char *msg)
{
	fprintf(stderr, "%s wrote an invalid stream: %s\n", (const char *)ctx,
	    msg);
	abort();
}

/* A memory file for a reader's stream: output_fd on it, then
 * stream_written. Returns the fd, -1 when none. */
static int
stream_file(struct output *o, char *path, size_t pathlen)
{
	int fd = memfd_create("stream", 0);
	struct perr e;

	if (fd < 0)
		return -1;
	if (output_fd(o, fd, "stream", &e) < 0) {
		close(fd);
		return -1;
	}
	snprintf(path, pathlen, "/proc/self/fd/%d", fd);
	return fd;
}

/* An output that fails past 1 MiB (a memory file that may not grow):
 * Rprof text repeats a line per sample, and a count of 2^31 is legal. */
static int
capped_output(struct output *o)
{
	int fd = memfd_create("rprof", MFD_ALLOW_SEALING);
	struct perr e;

	if (fd < 0)
		return -1;
	if (ftruncate(fd, 1 << 20) < 0 || fcntl(fd, F_ADD_SEALS,
	    F_SEAL_GROW | F_SEAL_SHRINK) < 0 ||
	    output_fd(o, fd, "rprof", &e) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static void check_otlp(int fd, size_t len);

/* The Rprof, pprof and OTLP writers and tsvcombine on the stream in
 * path; what the OTLP writer wrote must read back. */
static void
write_stream(const char *path, size_t size)
{
	struct stream_reader r;
	struct output o;
	struct perr e;
	struct prof p = { 0 };
	struct rprof_writer rw;
	struct pprof_writer *pw = NULL;
	struct combiner *c;
	int rc, fd;

	if ((fd = capped_output(&o)) >= 0) {
		rprof_write_begin(&rw, &o, 20000);
		SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
		    rprof_write_sample, rprof_write_restart, &rw, ASM_SUMS,
		    &e), &e);
		if (rc == 0)
			rprof_write_end(&rw, &p, &e);
		else
			rprof_write_free(&rw);
		stream_close(&r);
		prof_free(&p);
		out_flush(&o);
		output_discard(&o);
		close(fd);
	}
	/* without aggregation the samples go to a spool */
	fd = size % 2 ? -1 : memfd_create("spool", 0);
	if ((size % 2 || fd >= 0) &&
	    (pw = pprof_write_new(size % 2, fd, &e)) != NULL &&
	    output_open(&o, "/dev/null", &e) == 0) {
		SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
		    pprof_write_sample, pprof_write_restart, pw, ASM_SUMS,
		    &e), &e);
		if (rc == 0)
			SAYS_WHY(pprof_write_end(pw, &p, &o, &e), &e);
		stream_close(&r);
		prof_free(&p);
		output_close(&o, &e);
	}
	pprof_write_free(pw);
	if (fd >= 0)
		close(fd);
	if ((fd = memfd_create("otlp", 0)) >= 0) {
		struct otlp_writer *ow = otlp_writer_new(&e);
		if (ow != NULL && output_fd(&o, fd, "otlp", &e) == 0) {
			SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
			    otlp_sample, otlp_restart, ow, ASM_SUMS, &e), &e);
			if (rc == 0)
				SAYS_WHY(rc = otlp_write(ow, &p, &o, &e), &e);
			stream_close(&r);
			prof_free(&p);
			out_flush(&o);
			if (rc == 0 && o.err == 0)
				check_otlp(fd, (size_t)lseek(fd, 0, SEEK_CUR));
			output_discard(&o);
		}
		otlp_writer_free(ow);
		close(fd);
	}
	if (output_open(&o, "/dev/null", &e) == 0) {
		if ((c = combine_new(&o, size % 3 == 0, &e)) != NULL) {
			SAYS_WHY(combine_add(c, path, NULL, &e), &e);
			combine_free(c);
		}
		output_close(&o, &e);
	}
}

/* The stream the reader named reader wrote to o (whose fd is a
 * stream_file) must be valid; then the writers read it. */
static void
check_stream(struct output *o, const char *path, const char *reader,
    size_t size)
{
	struct stream_reader r;
	struct perr e;

	out_flush(o);
	if (o->err) {
		output_discard(o);
		return;
	}
	output_discard(o);
	if (stream_open(&r, path, NULL, &e) == 0) {
		r.report = must_be_valid;
		r.ctx = (void *)reader;
		validate_stream(&r, &e);
		stream_close(&r);
	}
	write_stream(path, size);
}

/* tsv2otlp's output, in fd: otlp2tsv must read it, into a valid
 * stream. */
static void
check_otlp(int fd, size_t len)
{
	struct otlp_reader c;
	struct stream_reader r;
	struct output o;
	struct perr e;
	unsigned char *d;
	char spath[64];
	int sfd;

	if (len == 0 || (d = malloc(len)) == NULL)
		return;
	if (pread(fd, d, len, 0) != (ssize_t)len) {
		free(d);
		return;
	}
	if ((sfd = stream_file(&o, spath, sizeof(spath))) >= 0) {
		otlp_read_begin(&c, &o);
		if (otlp_read(&c, d, len, "otlp", NULL, &e) < 0) {
			fprintf(stderr, "otlp2tsv refused what tsv2otlp "
			    "wrote: %s\n", e.msg);
			abort();
		}
		otlp_read_free(&c);
		out_flush(&o);
		output_discard(&o);
		if (stream_open(&r, spath, NULL, &e) == 0) {
			r.report = must_be_valid;
			r.ctx = (void *)"otlp2tsv (of tsv2otlp's)";
			validate_stream(&r, &e);
			stream_close(&r);
		}
		close(sfd);
	}
	free(d);
}

/* The harness of a format's reader (stream/codec.h) begun with options:
 * its stream must be valid, then goes to every writer. */
static int
fuzz_codec(const struct codec *c, const void *options, const uint8_t *data,
    size_t size)
{
	char path[64], spath[64];
	int fd = as_file(data, size, path, sizeof(path)), sfd, rc = -1;
	void *reader;
	struct input in;
	struct output o;
	struct perr e;

	if (fd < 0)
		return 0;
	if ((sfd = stream_file(&o, spath, sizeof(spath))) >= 0) {
		if ((reader = codec_open(c, &o, options, &e)) != NULL) {
			if (input_open(&in, path, NULL, &e) == 0) {
				SAYS_WHY(rc = c->read(reader, &in, &e), &e);
				input_close(&in);
			}
			codec_close(c, reader);
		}
		if (rc == 0)
			check_stream(&o, spath, c->program, size);
		else
			output_discard(&o);
		close(sfd);
	}
	close(fd);
	return 0;
}

#endif
