/* fuzz_firefox: the Firefox Profiler's Gecko format (lib/formats/firefox,
 * over lib/formats/json); the stream written must be valid, and is then
 * written by every writer (writers.h). */
#include "fuzz.h"
#include "formats/firefox/firefox.h"
#include "writers.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_codec(&firefox_codec, NULL, data, size);
}
