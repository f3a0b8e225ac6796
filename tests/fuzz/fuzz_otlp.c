/* fuzz_otlp: the OTLP Profiles decoder (every layout it reads); the
 * stream it writes must be valid, and is then written by every writer,
 * OTLP's own read back (writers.h). */
#include "fuzz.h"
#include "writers.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], spath[64];
	int fd = as_file(data, size, path, sizeof(path)), sfd, rc = -1;
	struct otlp_reader c;
	struct input in;
	struct output o;
	struct perr e;
	unsigned char *d;
	size_t n;

	if (fd < 0)
		return 0;
	if ((sfd = stream_file(&o, spath, sizeof(spath))) >= 0) {
		otlp_read_begin(&c, &o);
		if (input_open(&in, path, NULL, &e) == 0) {
			if (input_slurp(&in, &d, &n, &e) == 0)
				SAYS_WHY(rc = otlp_read(&c, d, n, "fuzz", NULL,
				    &e), &e);
			input_close(&in);
		}
		otlp_read_free(&c);
		if (rc == 0)
			check_stream(&o, spath, "otlp2tsv", size);
		else
			output_discard(&o);
		close(sfd);
	}
	close(fd);
	return 0;
}
