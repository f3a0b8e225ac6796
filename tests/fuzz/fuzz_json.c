/* fuzz_json: the files OTLP Profiles come in beyond one protobuf message:
 * OTLP/JSON (a document, one a line), the Collector's framed messages,
 * zstd (lib/formats/json, otlp_json, otlp_file); the stream written must
 * be valid, and is then written by every writer (writers.h). */
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

	if (fd < 0)
		return 0;
	if ((sfd = stream_file(&o, spath, sizeof(spath))) >= 0) {
		otlp_read_begin(&c, &o);
		if (input_open(&in, path, NULL, &e) == 0) {
			in.limit = 64u << 20;
			SAYS_WHY(rc = otlp_read_input(&c, &in, &e), &e);
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
