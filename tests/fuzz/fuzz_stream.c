/* fuzz_stream: the stream reader, validator, sample assembler (both
 * modes, and read once as from a pipe, which must give what a file
 * gives), the Rprof and pprof writers, tsvcombine and the analysis
 * filters' library on one input. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "writers.h"
#include "views/stacks/flame.h"
#include "sample/focus.h"
#include "formats/folded/folded_write.h"
#include "views/top/top.h"

static void
sink(void *ctx, const char *msg)
{
	(void)ctx;
	(void)msg;
}

/* The analysis programs' library on the same input. */
static void
analysis(const char *path, size_t size)
{
	struct stream_reader r;
	struct output o;
	struct perr e;
	struct prof p = { 0 };
	struct source_set all = { 0 };
	struct top_opts to = { size % 2, size % 3 == 0, &all };
	struct top *t;
	struct stack_reader sr = { { size % 2, &all, (uint32_t)(size % 3) } };
	struct flame_opts fo = { NULL, size % 2, sr.opts.base != 0, 600, 0,
	    NULL, "fuzz" };
	struct focus_opts fco = { .sources = &all };
	struct focus *f;
	struct re *re;
	int rc;

	if (output_open(&o, "/dev/null", &e) < 0)
		return;
	if ((t = top_new(&to, &e)) != NULL) {
		SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
		    top_sample, top_restart, t, ASM_SUMS, &e), &e);
		if (rc == 0)
			top_write(t, &p, &o, NULL, size % 5 == 0, 0, &e);
		stream_close(&r);
		prof_free(&p);
		top_free(t);
	}
	SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
	    stacks_sample, stacks_restart, &sr, ASM_SUMS, &e), &e);
	if (rc == 0) {
		folded_write(&sr.st, &p, &o, NULL, sr.opts.base != 0, 1, &e);
		flame_write(&sr.st, &p, &fo, &o, &e);
	}
	stream_close(&r);
	prof_free(&p);
	stack_reader_free(&sr);
	if ((re = re_compile("a|main|<|(?i)\\pL\\d", NULL, 0)) != NULL) {
		fco.focus = size % 5 == 0 ? re : NULL;
		fco.hide = size % 5 == 1 ? re : NULL;
		fco.ignore = size % 5 == 2 ? re : NULL;
		fco.show_from = size % 5 == 3 ? re : NULL;
		fco.show = size % 5 == 4 ? re : NULL;
		if ((f = focus_new(&o, &fco, &e)) != NULL) {
			SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
			    focus_sample, focus_restart, f, 0, &e), &e);
			if (rc == 0)
				focus_end(f, &p, &e);
			stream_close(&r);
			prof_free(&p);
			focus_free(f);
		}
		re_free(re);
	}
	output_close(&o, &e);
}

/* tsvtop's table of the stream at path into memory (*out, malloc'ed): read
 * as a file (log_fd -1: read again when a row comes late), or once, as
 * from a pipe, the samples handed over kept in log_fd. */
static int
top_table(const char *path, int log_fd, char **out, size_t *n)
{
	static struct source_set all = { 0 };
	struct top_opts to = { 0, 1, &all };
	struct stream_reader r;
	struct prof p = { 0 };
	struct output o;
	struct perr e;
	struct top *t;
	struct asm_io io = { top_sample, top_restart, NULL, ASM_SUMS, log_fd,
	    0 };
	int fd = memfd_create("table", 0), rc = -1;
	off_t len;

	*out = NULL;
	if (fd < 0 || (t = top_new(&to, &e)) == NULL)
		abort();
	io.ctx = t;
	if (log_fd < 0)
		SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
		    top_sample, top_restart, t, ASM_SUMS, &e), &e);
	else if (stream_open(&r, path, NULL, &e) == 0)
		SAYS_WHY(rc = assemble(&r, &p, ASM_STREAM, &io, &e), &e);
	if (rc == 0 && output_fd(&o, fd, "table", &e) == 0) {
		rc = top_write(t, &p, &o, NULL, 0, 0, &e);
		out_flush(&o);
		output_discard(&o);
	}
	stream_close(&r);
	prof_free(&p);
	top_free(t);
	if (rc == 0 && (len = lseek(fd, 0, SEEK_END)) >= 0 &&
	    (*out = malloc((size_t)len + 1)) != NULL &&
	    pread(fd, *out, (size_t)len, 0) == len)
		*n = (size_t)len;
	else if (rc == 0)
		abort();
	close(fd);
	return rc;
}

/* A stream read once (from a pipe) gives what it gives read as a file,
 * whatever its order. */
static void
once_as_file(const char *path)
{
	char *a, *b;
	size_t na = 0, nb = 0;
	int log = memfd_create("handed", 0), ra, rb;

	if (log < 0)
		abort();
	ra = top_table(path, -1, &a, &na);
	rb = top_table(path, log, &b, &nb);
	if ((ra < 0) != (rb < 0) || (ra == 0 && (na != nb ||
	    memcmp(a, b, na) != 0))) {
		fprintf(stderr, "read once: %d, %zu bytes; as a file: %d, %zu "
		    "bytes\n", rb, nb, ra, na);
		abort();
	}
	free(a);
	free(b);
	close(log);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd = as_file(data, size, path, sizeof(path));
	struct stream_reader r;
	struct perr e;

	if (fd < 0)
		return 0;
	if (stream_open(&r, path, NULL, &e) == 0) {
		r.report = sink;
		validate_stream(&r, &e);
		stream_close(&r);
	}
	write_stream(path, size);
	analysis(path, size);
	once_as_file(path);
	close(fd);
	return 0;
}
