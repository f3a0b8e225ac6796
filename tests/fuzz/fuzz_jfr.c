/* fuzz_jfr: Java Flight Recorder recordings (lib/formats/jfr); the stream
 * written must be valid, and is then written by every writer
 * (writers.h). */
#include "fuzz.h"
#include "formats/jfr/jfr.h"
#include "writers.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_codec(&jfr_codec, NULL, data, size);
}
