/* fuzz_rprof: the Rprof parser; the stream it writes must be valid, and is
 * then written as Rprof and pprof again (writers.h). */
#include "fuzz.h"
#include "writers.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], spath[64];
	int fd = as_file(data, size, path, sizeof(path)), sfd, rc = -1;
	struct rprof_reader c;
	struct input in;
	struct output o;
	struct perr e;

	if (fd < 0)
		return 0;
	if ((sfd = stream_file(&o, spath, sizeof(spath))) >= 0) {
		if (rprof_begin(&c, &o, &e) == 0 &&
		    input_open(&in, path, NULL, &e) == 0) {
			SAYS_WHY(rc = rprof_read(&c, &in, &e), &e);
			input_close(&in);
		}
		rprof_free(&c);
		if (rc == 0)
			check_stream(&o, spath, "rprof2tsv", size);
		else
			output_discard(&o);
		close(sfd);
	}
	close(fd);
	return 0;
}
