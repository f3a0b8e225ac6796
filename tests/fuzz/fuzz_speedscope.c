/* fuzz_speedscope: speedscope's file format (lib/formats/speedscope, over
 * lib/formats/json); the stream written must be valid, and is then
 * written by every writer (writers.h). */
#include "fuzz.h"
#include "formats/speedscope/speedscope.h"
#include "writers.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_codec(&speedscope_codec, NULL, data, size);
}
