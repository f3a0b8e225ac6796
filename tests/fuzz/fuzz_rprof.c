/* fuzz_rprof: the Rprof parser. */
#include "fuzz.h"
#include "formats/rprof.h"

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
		if (rprof_begin(&c, &o, &e) == 0 &&
		    input_open(&in, path, NULL, &e) == 0) {
			SAYS_WHY(rprof_read(&c, &in, &e), &e);
			input_close(&in);
		}
		rprof_free(&c);
		output_close(&o, &e);
	}
	close(fd);
	return 0;
}
