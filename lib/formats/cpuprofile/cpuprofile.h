/* cpuprofile.h: Chrome's and V8's CPU profiles (.cpuprofile: the DevTools
 * protocol's Profiler.Profile, as node --cpu-prof, Chrome, Edge, Deno and
 * Electron write them; and the older tree of "head") to the stream. */
#ifndef CPUPROFILE_H
#define CPUPROFILE_H

#include "base/hash.h"
#include "io/input.h"
#include "stream/codec.h"
#include "stream/stream_write.h"

struct cpuprofile_reader {
	struct stream_writer w;
	uint32_t nsources, nsamples, nfunctions;
	struct strtab fkeys;	/* name \0 url \0 line \0 column -> function
				 * id - 1 (a location each, the same id) */
	uint32_t written;	/* functions written so far */
};

/* The reader (stream/codec.h). A read is one profile: a source; its
 * nodes, functions and locations; a sample per entry of samples, of value
 * samples/count 1, its time in .sample_times. */
extern const struct codec cpuprofile_codec;

#endif
