/* fuzz_stream: the stream reader, validator, sample assembler (both
 * modes), the Rprof and pprof writers, and tsvcombine on one input. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "combine.h"
#include "pprof.h"
#include "rprof.h"
#include "validate.h"

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

	if (fd < 0)
		return 0;
	if (stream_open(&r, path, &e) == 0) {
		r.report = sink;
		validate_stream(&r, &e);
		stream_close(&r);
	}
	if (output_open(&o, "/dev/null", &e) == 0) {
		rprof_write_begin(&rw, &o, 20000, &e);
		if (samples_read_file(&r, path, &p, rprof_write_sample,
		    rprof_write_restart, &rw, &e) == 0)
			rprof_write_end(&rw, &p);
		else
			rprof_write_free(&rw);
		stream_close(&r);
		prof_free(&p);
		output_close(&o, &e);
	}
	if ((pw = pprof_write_new(size % 2, &e)) != NULL &&
	    output_open(&o, "/dev/null", &e) == 0) {
		if (samples_read_file(&r, path, &p, pprof_write_sample,
		    pprof_write_restart, pw, &e) == 0)
			pprof_write_end(pw, &p, &o, &e);
		stream_close(&r);
		prof_free(&p);
		output_close(&o, &e);
	}
	pprof_write_free(pw);
	if (output_open(&o, "/dev/null", &e) == 0) {
		if ((c = combine_new(&o, size % 3 == 0, &e)) != NULL) {
			combine_add(c, path, &e);
			combine_free(c);
		}
		output_close(&o, &e);
	}
	close(fd);
	return 0;
}
