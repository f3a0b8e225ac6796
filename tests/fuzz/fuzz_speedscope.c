/* fuzz_speedscope: speedscope's file format (lib/formats/speedscope, over
 * lib/formats/json); the stream written must be valid, and is then
 * written by every writer (writers.h). */
#include "fuzz.h"
#include "formats/speedscope/speedscope.h"
#include "writers.h"

READER_FUZZER(speedscope_reader, speedscope_begin, speedscope_read,
    speedscope_free, "speedscope2tsv")
