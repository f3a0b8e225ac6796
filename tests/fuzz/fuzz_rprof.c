/* fuzz_rprof: the Rprof parser. */
#include "fuzz.h"
#include "rprof.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd = as_file(data, size, path, sizeof(path));
	struct rprof_reader c;
	struct input in;
	struct output o;
	struct perr e;

	if (fd < 0)
		return 0;
	if (output_open(&o, "/dev/null", &e) == 0) {
		rprof_begin(&c, &o);
		if (input_open(&in, path, &e) == 0) {
			rprof_read(&c, &in, "fuzz", &e);
			input_close(&in);
		}
		rprof_free(&c);
		output_close(&o, &e);
	}
	close(fd);
	return 0;
}
