/* fuzz_cpuprofile: Chrome's and V8's CPU profiles (lib/formats/cpuprofile,
 * over lib/formats/json); the stream written must be valid, and is then
 * written by every writer (writers.h). */
#include "fuzz.h"
#include "formats/cpuprofile/cpuprofile.h"
#include "writers.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_codec(&cpuprofile_codec, NULL, data, size);
}
