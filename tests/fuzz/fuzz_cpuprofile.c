/* fuzz_cpuprofile: Chrome's and V8's CPU profiles (lib/formats/cpuprofile,
 * over lib/formats/json); the stream written must be valid, and is then
 * written by every writer (writers.h). */
#include "fuzz.h"
#include "formats/cpuprofile/cpuprofile.h"
#include "writers.h"

READER_FUZZER(cpuprofile_reader, cpuprofile_begin, cpuprofile_read,
    cpuprofile_free, "cpuprofile2tsv")
