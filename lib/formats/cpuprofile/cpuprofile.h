/* cpuprofile.h: Chrome's and V8's CPU profiles (.cpuprofile: the DevTools
 * protocol's Profiler.Profile, as node --cpu-prof, Chrome, Edge, Deno and
 * Electron write them; and the older tree of "head") to the stream. */
#ifndef CPUPROFILE_H
#define CPUPROFILE_H

#include "base/hash.h"
#include "io/input.h"
#include "stream/stream_write.h"

struct cpuprofile_reader {
	struct stream_writer w;
	uint32_t nsources, nsamples, nfunctions;
	struct strtab fkeys;	/* name \0 url \0 line \0 column -> function
				 * id - 1 (a location each, the same id) */
	uint32_t written;	/* functions written so far */
};

void cpuprofile_begin(struct cpuprofile_reader *c, struct output *o);
/* One profile: a source; its nodes, functions and locations; a sample per
 * entry of samples, of value samples/count 1, its time in .sample_times.
 * 0, or -1 with e set ("NAME:LINE: ..."). */
int cpuprofile_read(struct cpuprofile_reader *c, struct input *in,
    struct perr *e);
void cpuprofile_free(struct cpuprofile_reader *c);

#endif
