/* firefox.h: the Firefox Profiler's Gecko format (what Firefox itself,
 * samply, simpleperf and `perf script report gecko` write) and its
 * processed format (what profiler.firefox.com saves, processed.h) to
 * the stream. */
#ifndef FIREFOX_H
#define FIREFOX_H

#include "base/hash.h"
#include "stream/codec.h"
#include "stream/stream_write.h"

#define SOURCE_FIREFOX "firefox"

struct firefox_reader {
	struct stream_writer w;
	uint32_t nsources, nsamples, nfunctions, nlocations, nmappings;
	struct strtab fkeys;	/* name \0 file -> function id - 1 */
	struct strtab lkeys;	/* a location's key -> location id - 1 */
	char *kbuf;		/* a function's key being made */
	size_t capkbuf;
};

/* The reader (stream/codec.h). A read is one file: every thread of every
 * process a source, its samples with their times (Unix time: the
 * process's meta.startTime), each frame a location of its function
 * (name and file as the location string says them, line and column),
 * its category and JIT tier as location attributes; an address of
 * native code a location of that address. */
extern const struct codec firefox_codec;

#endif
