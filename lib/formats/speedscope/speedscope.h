/* speedscope.h: speedscope's JSON file format (its published spec:
 * shared.frames, then profiles "sampled" or "evented"), as py-spy, rbspy,
 * austin, dotnet-trace, samply and speedscope itself write it, to the
 * stream (its writer: formats/speedscope/speedscope_write.h). */
#ifndef SPEEDSCOPE_H
#define SPEEDSCOPE_H

#include "base/hash.h"
#include "io/input.h"
#include "stream/codec.h"
#include "stream/stream_write.h"

#define SOURCE_SPEEDSCOPE "speedscope"

struct speedscope_reader {
	struct stream_writer w;
	uint32_t nsources, nsamples, nfunctions, nlocations;
	struct strtab fkeys;	/* name \0 file \0 line -> function id - 1 */
};

/* The reader (stream/codec.h). A read is one file: a source per
 * profile, a function per frame name and file, a location per frame; a
 * sampled profile's samples with their weights, an evented one's time
 * between an open and a close as samples, each with its time in
 * .sample_times where the unit is one of time. */
extern const struct codec speedscope_codec;

#endif
