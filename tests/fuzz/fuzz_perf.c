/* fuzz_perf: perf script's text (lib/formats/perf); the stream written
 * must be valid, and is then written by every writer (writers.h). */
#include "fuzz.h"
#include "formats/perf/perf.h"
#include "writers.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_codec(&perf_codec, NULL, data, size);
}
