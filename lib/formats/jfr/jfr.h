/* jfr.h: Java Flight Recorder recordings (.jfr, JFR 2: the JDK's own
 * recorder; the JDK's event kinds of async-profiler's and Pyroscope's
 * Java agent's) to the stream. */
#ifndef JFR_H
#define JFR_H

#include "base/hash.h"
#include "stream/codec.h"
#include "stream/stream_write.h"

#define SOURCE_JFR "jfr"

struct jfr_reader {
	struct stream_writer w;
	uint32_t nsources, nsamples, nfunctions, nlocations;
	struct strtab fkeys;	/* a function's key -> its id - 1 */
	struct strtab lkeys;	/* a location's key -> its id - 1 */
	int64_t vtypes[24];	/* the value types written (sw_value_type),
				 * by jfr_read.c's enum; -1: not yet */
};

/* The reader (stream/codec.h). A read is one recording, every chunk of
 * it: a source, each execution, allocation, monitor and park event a
 * sample with its thread, state and time (jfr_read.c names the value
 * type of each kind). */
extern const struct codec jfr_codec;

#endif
