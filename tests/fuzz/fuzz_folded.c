/* fuzz_folded: the collapsed-stacks reader; the stream it writes must be
 * valid, and is then written as pprof and Rprof (writers.h). */
#include "fuzz.h"
#include "formats/folded/folded.h"
#include "writers.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* odd sizes with -k */
	struct folded_options opt = { { "", 0 }, { "", 0 }, (int)(size & 1),
	    0 };

	return fuzz_codec(&folded_codec, &opt, data, size);
}
