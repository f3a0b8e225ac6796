/* fuzz_stream: the stream reader, validator, sample assembler (both
 * modes), the Rprof and pprof writers, tsvcombine and the analysis
 * filters' library on one input. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "writers.h"
#include "analysis/flame.h"
#include "analysis/focus.h"
#include "analysis/folded.h"
#include "analysis/top.h"

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
	close(fd);
	return 0;
}
