/* fuzz_symbolize: tsvsymbolize's library on any input the door reads
 * (its mappings name binaries, found on the binary path of the test
 * data, tests/data/symbolize, or not at all, and the kernel's symbols);
 * the stream written must be valid, and is then written by every writer
 * (writers.h). Run from the clone's top. */
#include "fuzz.h"
#include "door/door.h"
#include "symbolize/symbolize.h"
#include "writers.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct symbolize_opts so = {
		.search = { "tests/data/symbolize", "tests/data/symbolize", 0 },
		.kallsyms = "tests/data/symbolize/kallsyms",
	};
	struct stream_reader r;
	struct prof p = { 0 };
	struct symbolizer *z;
	struct output o;
	struct perr e;
	char path[64], spath[64];
	int fd = as_file(data, size, path, sizeof(path)), sfd, rc = -1;

	if (fd < 0)
		return 0;
	if ((sfd = stream_file(&o, spath, sizeof(spath))) >= 0) {
		SAYS_WHY(rc = (z = symbolizer_new(&o, &so, &e)) == NULL ? -1 :
		    door_assemble(&r, path, NULL, NULL, &p, symbolizer_sample,
		    symbolizer_restart, z, 0, &e), &e);
		if (rc == 0)
			SAYS_WHY(rc = symbolizer_end(z, &p, &e), &e);
		stream_close(&r);
		if (rc == 0)
			check_stream(&o, spath, "tsvsymbolize", size);
		else
			output_discard(&o);
		symbolizer_free(z);
		prof_free(&p);
		close(sfd);
	}
	close(fd);
	return 0;
}
