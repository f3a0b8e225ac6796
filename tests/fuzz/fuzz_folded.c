/* fuzz_folded: the collapsed-stacks reader; the stream it writes must be
 * valid, and is then written as pprof and Rprof (writers.h). */
#include "fuzz.h"
#include "formats/folded/folded.h"
#include "writers.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], spath[64];
	int fd = as_file(data, size, path, sizeof(path)), sfd, rc = -1;
	struct folded_reader c;
	struct input in;
	struct output o;
	struct perr e;

	if (fd < 0)
		return 0;
	if ((sfd = stream_file(&o, spath, sizeof(spath))) >= 0) {
		/* odd sizes with -k */
		if (folded_begin(&c, &o, text_n("", 0), text_n("", 0),
		    (int)(size & 1), &e) == 0 && input_open(&in, path, NULL, &e) == 0) {
			SAYS_WHY(rc = folded_read(&c, &in, &e), &e);
			input_close(&in);
		}
		folded_free(&c);
		if (rc == 0)
			check_stream(&o, spath, "folded2tsv", size);
		else
			output_discard(&o);
		close(sfd);
	}
	close(fd);
	return 0;
}
