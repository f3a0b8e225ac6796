/*
 * failalloc: runs the library's main paths with the Nth allocation failing,
 * for every N until a run needs no more, and checks that every failure
 * comes back as -1 with a message (issue 16 F1: paths that returned -1
 * with none printed stack bytes). Linked with --wrap for malloc, calloc
 * and realloc; ASan, in CI, also sees what a failure path leaks.
 *
 * Once reading began, an out-of-memory message must name the file (F14).
 *
 * failalloc DATA_DIR: exits 0 when every path says why, 1 otherwise.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "views/top/top.h"
#include "formats/folded/folded.h"
#include "formats/legacy/legacy_read.h"
#include "formats/pprof/pprof.h"
#include "formats/rprof/rprof.h"
#include "model/assemble.h"
#include "model/combine.h"
#include "io/input.h"
#include "io/output.h"
#include "stream/stream_read.h"
#include "stream/validate.h"

void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);

/* atomic: gzip output allocates in its threads too */
static _Atomic long countdown = -1;	/* allocations until one fails; -1 never */
static _Atomic int failed;		/* that one failed */
static _Atomic long allocs;		/* allocations of this run */
static long at_open = -1;	/* allocations before the first input_open */

int __real_input_open(struct input *, const char *, const char *,
    struct perr *);

/* An out-of-memory once reading began must name a file. */
int
__wrap_input_open(struct input *in, const char *path, const char *shown,
    struct perr *e)
{
	if (at_open < 0)
		at_open = allocs;
	return __real_input_open(in, path, shown, e);
}

static int
fail_now(void)
{
	allocs++;
	if (countdown < 0)
		return 0;
	if (atomic_fetch_sub(&countdown, 1) == 0) {
		failed = 1;
		return 1;
	}
	return 0;
}

void *
__wrap_malloc(size_t n)
{
	return fail_now() ? NULL : __real_malloc(n);
}

void *
__wrap_calloc(size_t n, size_t k)
{
	return fail_now() ? NULL : __real_calloc(n, k);
}

void *
__wrap_realloc(void *p, size_t n)
{
	return fail_now() ? NULL : __real_realloc(p, n);
}

static char path[4][1024];

static int
pprof_scenario(struct perr *e, const char *file)
{
	struct pprof_reader c;
	struct output o;
	struct input in;
	unsigned char *d;
	size_t n;
	int rc = -1;

	if (output_open(&o, "/dev/null", e) < 0)
		return -1;
	pprof_read_begin(&c, &o);
	if (input_open(&in, file, NULL, e) == 0) {
		if (input_slurp(&in, &d, &n, e) == 0)
			rc = pprof_any_read(&c, d, n, in.compressed, "f", NULL,
			    e);
		input_close(&in);
	}
	pprof_read_free(&c);
	if (output_close(&o, rc < 0 ? NULL : e) < 0)
		rc = -1;
	return rc;
}

static int
pprof_proto(struct perr *e)
{
	return pprof_scenario(e, path[0]);
}

static int
pprof_legacy(struct perr *e)
{
	return pprof_scenario(e, path[1]);
}

static int
rprof(struct perr *e)
{
	void *c;
	struct output o;
	struct input in;
	int rc = -1;

	if (output_open(&o, "/dev/null", e) < 0)
		return -1;
	if ((c = codec_open(&rprof_codec, &o, NULL, e)) != NULL) {
		if (input_open(&in, path[2], NULL, e) == 0) {
			rc = rprof_codec.read(c, &in, e);
			input_close(&in);
		}
		codec_close(&rprof_codec, c);
	}
	if (output_close(&o, rc < 0 ? NULL : e) < 0)
		rc = -1;
	return rc;
}

/* The stream of the Rprof file, for the stream readers. */
static const char *stream_path = "/tmp/failalloc.tsv";

static int
validate(struct perr *e)
{
	struct stream_reader r;
	int rc;

	if (stream_open(&r, stream_path, NULL, e) < 0)
		return -1;
	rc = validate_stream(&r, e);
	stream_close(&r);
	return rc;
}

static int
pprof_writer(int aggregate, int gzip, struct perr *e)
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct pprof_writer *w;
	struct output o;
	FILE *spool = aggregate ? NULL : tmpfile();
	int rc = -1;

	if (!aggregate && spool == NULL)
		return perr_set(e, "tmpfile failed");
	if ((w = pprof_write_new(aggregate, spool ? fileno(spool) : -1,
	    e)) == NULL) {
		if (spool != NULL)
			fclose(spool);
		return -1;
	}
	if (assemble_file(&r, stream_path, NULL, NULL, &p,
	    pprof_write_sample, pprof_write_restart, w, ASM_SUMS, e) == 0) {
		if (output_open(&o, "/dev/null", e) == 0) {
			rc = gzip ? output_gzip(&o, 1, e) : 0;
			if (rc == 0)
				rc = pprof_write_end(w, &p, &o, e);
			if (output_close(&o, rc < 0 ? NULL : e) < 0)
				rc = -1;
		}
	}
	stream_close(&r);
	pprof_write_free(w);
	prof_free(&p);
	if (spool != NULL)
		fclose(spool);
	return rc;
}

static int
to_pprof(struct perr *e)
{
	return pprof_writer(1, 0, e);
}

static int
to_pprof_gzip(struct perr *e)
{
	return pprof_writer(1, 1, e);
}

static int
to_pprof_each(struct perr *e)
{
	return pprof_writer(0, 0, e);
}

static int
to_rprof(struct perr *e)
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct rprof_writer w;
	struct output o;
	int rc = -1;

	if (output_open(&o, "/dev/null", e) < 0)
		return -1;
	rprof_write_begin(&w, &o, 20000);
	if (assemble_file(&r, stream_path, NULL, NULL, &p,
	    rprof_write_sample, rprof_write_restart, &w, ASM_SUMS, e) == 0)
		rc = rprof_write_end(&w, &p, e);
	stream_close(&r);
	rprof_write_free(&w);
	prof_free(&p);
	if (output_close(&o, rc < 0 ? NULL : e) < 0)
		rc = -1;
	return rc;
}

static int
combine(struct perr *e)
{
	struct output o;
	struct combiner *c;
	int rc = -1;

	if (output_open(&o, "/dev/null", e) < 0)
		return -1;
	if ((c = combine_new(&o, 0, e)) != NULL) {
		rc = combine_add(c, stream_path, NULL, e) < 0 ||
		    combine_add(c, stream_path, NULL, e) < 0 ? -1 : 0;
		combine_free(c);
	}
	if (output_close(&o, rc < 0 ? NULL : e) < 0)
		rc = -1;
	return rc;
}

static int
top(struct perr *e)
{
	static struct source_set all = { { 0 }, 1 };
	struct top_opts opts = { 1, 1, &all };
	struct stream_reader r;
	struct prof p = { 0 };
	struct top *t = top_new(&opts, e);
	struct output o;
	int rc = -1;

	if (t == NULL)
		return -1;
	if (assemble_file(&r, stream_path, NULL, NULL, &p, top_sample,
	    top_restart, t, ASM_SUMS, e) == 0 &&
	    output_open(&o, "/dev/null", e) == 0) {
		rc = top_write(t, &p, &o, NULL, 0, 0, e);
		if (output_close(&o, rc < 0 ? NULL : e) < 0)
			rc = -1;
	}
	stream_close(&r);
	top_free(t);
	prof_free(&p);
	return rc;
}

/* tsvtop from a pipe with a row for its first sample last: what was
 * handed over is kept in a temporary file and handed over again */
static const char *later_path = "/tmp/failalloc-later.tsv";

static int
top_late(struct perr *e)
{
	static struct source_set all = { { 0 }, 1 };
	struct top_opts opts = { 0, 0, &all };
	struct stream_reader r;
	struct prof p = { 0 };
	struct top *t = top_new(&opts, e);
	struct asm_io io = { top_sample, top_restart, NULL, ASM_SUMS, -1, 0 };
	FILE *log = tmpfile();
	int rc = -1;

	if (t == NULL || log == NULL) {
		top_free(t);
		if (log != NULL)
			fclose(log);
		return t == NULL ? -1 : perr_set(e, "tmpfile failed");
	}
	io.ctx = t;
	io.log_fd = fileno(log);
	if (stream_open(&r, later_path, NULL, e) == 0) {
		if ((rc = assemble(&r, &p, ASM_STREAM, &io, e)) < 0)
			perr_at(e, later_path);
		stream_close(&r);
	}
	fclose(log);
	top_free(t);
	prof_free(&p);
	return rc;
}

static int
folded(struct perr *e)
{
	void *c;
	struct output o;
	struct input in;
	int rc = -1;

	if (output_open(&o, "/dev/null", e) < 0)
		return -1;
	if ((c = codec_open(&folded_codec, &o, NULL, e)) != NULL) {
		if (input_open(&in, path[3], NULL, e) == 0) {
			rc = folded_codec.read(c, &in, e);
			input_close(&in);
		}
		codec_close(&folded_codec, c);
	}
	if (output_close(&o, rc < 0 ? NULL : e) < 0)
		rc = -1;
	return rc;
}

int
main(int argc, char *argv[])
{
	static const struct {
		const char *name;
		int (*run)(struct perr *);
	} scenarios[] = {
		{ "pprof2tsv (profile.proto)", pprof_proto },
		{ "pprof2tsv (legacy)", pprof_legacy },
		{ "rprof2tsv", rprof },
		{ "tsvvalidate", validate },
		{ "tsv2pprof", to_pprof },
		{ "tsv2pprof, gzip", to_pprof_gzip },
		{ "tsv2pprof -n", to_pprof_each },
		{ "tsv2rprof", to_rprof },
		{ "tsvcombine", combine },
		{ "tsvtop -l -m", top },
		{ "tsvtop, a late row from a pipe", top_late },
		{ "folded2tsv", folded },
	};
	struct perr e;
	size_t i;
	long n, silent = 0, unnamed = 0, runs = 0;
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: failalloc data-dir\n");
		return 2;
	}
	snprintf(path[0], sizeof(path[0]), "%s/pprof/go-1.19/go.heap.pb.gz",
	    argv[1]);
	snprintf(path[1], sizeof(path[1]), "%s/pprof/google-pprof/profile/"
	    "testdata/cppbench.contention", argv[1]);
	snprintf(path[2], sizeof(path[2]), "%s/rprof/r-4.2/memory-gc-line.out",
	    argv[1]);
	snprintf(path[3], sizeof(path[3]), "%s/folded/"
	    "perf-rust-Yamakaky-dcpu-collapsed-pid.txt", argv[1]);
	{	/* the stream, written with nothing failing */
		void *c = NULL;
		struct output o;
		struct input in;
		if (output_open(&o, stream_path, &e) < 0 ||
		    (c = codec_open(&rprof_codec, &o, NULL, &e)) == NULL ||
		    input_open(&in, path[2], NULL, &e) < 0 ||
		    rprof_codec.read(c, &in, &e) < 0 ||
		    output_close(&o, &e) < 0) {
			fprintf(stderr, "failalloc: %s\n", e.msg);
			return 1;
		}
		input_close(&in);
		codec_close(&rprof_codec, c);
	}
	{	/* the stream and a row for its first sample */
		FILE *in = fopen(stream_path, "r"), *out = fopen(later_path,
		    "w");
		int ch;
		if (in == NULL || out == NULL) {
			fprintf(stderr, "failalloc: cannot write %s\n",
			    later_path);
			return 1;
		}
		while ((ch = getc(in)) != EOF)
			putc(ch, out);
		fputs("sample_values\t1\tlater\tcount\t7\n", out);
		fclose(in);
		if (fclose(out) != 0) {
			fprintf(stderr, "failalloc: cannot write %s\n",
			    later_path);
			return 1;
		}
	}
	for (i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++) {
		for (n = 0;; n++) {
			e.msg[0] = '\0';
			countdown = n;
			failed = 0;
			allocs = 0;
			at_open = -1;
			rc = scenarios[i].run(&e);
			countdown = -1;
			runs++;
			if (rc < 0 && e.msg[0] == '\0') {
				printf("%s: allocation %ld failing: -1 without "
				    "a message\n", scenarios[i].name, n + 1);
				silent++;
			}
			if (rc < 0 && strcmp(e.msg, "out of memory") == 0 &&
			    at_open >= 0 && n >= at_open) {
				printf("%s: allocation %ld failing: no file "
				    "named\n", scenarios[i].name, n + 1);
				unnamed++;
			}
			if (!failed) {
				if (rc < 0)
					printf("%s: fails with no allocation "
					    "failing: %s\n", scenarios[i].name,
					    e.msg);
				break;
			}
		}
		printf("%s: %ld allocations, each failing in turn\n",
		    scenarios[i].name, n);
	}
	remove(stream_path);
	remove(later_path);
	printf("failalloc: %ld runs, %ld without a message, %ld without the "
	    "file when reading\n", runs, silent, unnamed);
	return silent > 0 || unnamed > 0;
}
