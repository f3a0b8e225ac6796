/* fuzz_stream: the stream reader, validator, sample assembler (both
 * modes), the Rprof and pprof writers, and tsvcombine on one input. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "analysis/flame.h"
#include "analysis/focus.h"
#include "analysis/folded.h"
#include "analysis/top.h"
#include "model/combine.h"
#include "formats/pprof.h"
#include "formats/rprof.h"
#include "stream/validate.h"

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
	struct focus_opts fco = { NULL, NULL, NULL, NULL, &all, size % 2 };
	struct focus *f;
	regex_t re;
	int rc;

	if (output_open(&o, "/dev/null", &e) < 0)
		return;
	if ((t = top_new(&to, &e)) != NULL) {
		SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
		    top_sample, top_restart, t, &e), &e);
		if (rc == 0)
			top_write(t, &o, NULL, size % 5 == 0, 0, &e);
		stream_close(&r);
		prof_free(&p);
		top_free(t);
	}
	SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
	    stacks_sample, stacks_restart, &sr, &e), &e);
	if (rc == 0) {
		folded_write(&sr.st, &o, NULL, sr.opts.base != 0, &e);
		flame_write(&sr.st, &fo, &o, &e);
	}
	stream_close(&r);
	prof_free(&p);
	stack_reader_free(&sr);
	if (regcomp(&re, "a|main|<", REG_EXTENDED | REG_NOSUB) == 0) {
		fco.focus = size % 4 == 0 ? &re : NULL;
		fco.hide = size % 4 == 1 ? &re : NULL;
		fco.ignore = size % 4 == 2 ? &re : NULL;
		fco.show_from = size % 4 == 3 ? &re : NULL;
		if ((f = focus_new(&o, &fco, &e)) != NULL) {
			SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
			    focus_sample, focus_restart, f, &e), &e);
			if (rc == 0)
				focus_end(f, &p, &e);
			stream_close(&r);
			prof_free(&p);
			focus_free(f);
		}
		regfree(&re);
	}
	output_close(&o, &e);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd = as_file(data, size, path, sizeof(path));
	struct stream_reader r;
	struct output o;
	struct perr e;
	struct prof p = { 0 };
	struct rprof_writer rw;
	struct pprof_writer *pw;
	struct combiner *c;
	int rc;

	if (fd < 0)
		return 0;
	if (stream_open(&r, path, NULL, &e) == 0) {
		r.report = sink;
		validate_stream(&r, &e);
		stream_close(&r);
	}
	if (output_open(&o, "/dev/null", &e) == 0) {
		rprof_write_begin(&rw, &o, 20000);
		SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
		    rprof_write_sample, rprof_write_restart, &rw, &e), &e);
		if (rc == 0)
			rprof_write_end(&rw, &p);
		else
			rprof_write_free(&rw);
		stream_close(&r);
		prof_free(&p);
		output_close(&o, &e);
	}
	if ((pw = pprof_write_new(size % 2, &e)) != NULL &&
	    output_open(&o, "/dev/null", &e) == 0) {
		SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
		    pprof_write_sample, pprof_write_restart, pw, &e), &e);
		if (rc == 0)
			SAYS_WHY(pprof_write_end(pw, &p, &o, &e), &e);
		stream_close(&r);
		prof_free(&p);
		output_close(&o, &e);
	}
	pprof_write_free(pw);
	if (output_open(&o, "/dev/null", &e) == 0) {
		if ((c = combine_new(&o, size % 3 == 0, &e)) != NULL) {
			SAYS_WHY(combine_add(c, path, NULL, &e), &e);
			combine_free(c);
		}
		output_close(&o, &e);
	}
	analysis(path, size);
	close(fd);
	return 0;
}
