/* fuzz_perf: perf script's text (lib/formats/perf); the stream written
 * must be valid, and is then written by every writer (writers.h). */
#include "fuzz.h"
#include "formats/perf/perf.h"
#include "writers.h"

READER_FUZZER(perf_reader, perf_begin, perf_read, perf_free, "perf2tsv")
