/* fuzz_stream: the stream reader, validator, sample assembler (both
 * modes), the Rprof and pprof writers, and tsvcombine on one input. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
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
		SAYS_WHY(rc = assemble_file(&r, path, NULL, &p,
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
		SAYS_WHY(rc = assemble_file(&r, path, NULL, &p,
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
	close(fd);
	return 0;
}
