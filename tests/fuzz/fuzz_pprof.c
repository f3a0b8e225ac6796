/* fuzz_pprof: the pprof decoder (gzip or not), then the stream it writes
 * read back and written as pprof again. */
#include "fuzz.h"
#include "formats/pprof.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd = as_file(data, size, path, sizeof(path));
	struct pprof_reader c;
	struct input in;
	struct output o;
	struct perr e;
	unsigned char *d;
	size_t n;

	if (fd < 0)
		return 0;
	if (output_open(&o, "/dev/null", &e) == 0) {
		pprof_read_begin(&c, &o);
		if (input_open(&in, path, NULL, &e) == 0) {
			in.limit = 64u << 20;
			if (input_slurp(&in, &d, &n, &e) == 0)
				SAYS_WHY(pprof_read(&c, d, n, in.compressed,
				    "fuzz", NULL, &e), &e);
			input_close(&in);
		}
		pprof_read_free(&c);
		output_close(&o, &e);
	}
	close(fd);
	return 0;
}
