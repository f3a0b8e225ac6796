/* fuzz_folded: the collapsed-stacks reader, and the stream it writes
 * checked by the validator. */
#include "fuzz.h"
#include "formats/folded.h"
#include "stream/validate.h"

static void
must_be_valid(void *ctx, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "folded2tsv wrote an invalid stream: %s\n", msg);
	abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], out[64];
	int fd = as_file(data, size, path, sizeof(path)), rc = -1;
	struct folded_reader c;
	struct stream_reader r;
	struct input in;
	struct output o;
	struct perr e;

	if (fd < 0)
		return 0;
	snprintf(out, sizeof(out), "/tmp/fuzz_folded.%d.tsv", (int)getpid());
	if (output_open(&o, out, &e) == 0) {
		if (folded_begin(&c, &o, text_of("samples"), text_of("count"),
		    &e) == 0 && input_open(&in, path, NULL, &e) == 0) {
			in.limit = 64u << 20;
			SAYS_WHY(rc = folded_read(&c, &in, &e), &e);
			input_close(&in);
		}
		folded_free(&c);
		if (output_close(&o, &e) == 0 && rc == 0 &&
		    stream_open(&r, out, NULL, &e) == 0) {
			r.report = must_be_valid;
			validate_stream(&r, &e);
			stream_close(&r);
		}
	}
	unlink(out);
	close(fd);
	return 0;
}
