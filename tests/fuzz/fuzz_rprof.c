/* fuzz_rprof: the Rprof parser; the stream it writes must be valid, and is
 * then written as Rprof and pprof again (writers.h). */
#include "fuzz.h"
#include "writers.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_codec(&rprof_codec, NULL, data, size);
}
