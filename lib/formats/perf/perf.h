/* perf.h: Linux perf's `perf script` text to the stream. */
#ifndef PERF_H
#define PERF_H

#include "base/hash.h"
#include "io/input.h"
#include "stream/codec.h"
#include "stream/stream_write.h"

#define SOURCE_PERF "perf"
/* the labels of a sample */
#define LABEL_PERF_COMM "comm"
#define LABEL_PERF_PID "pid"
#define LABEL_PERF_TID "tid"
#define LABEL_PERF_CPU "cpu"

struct perf_reader {
	struct stream_writer w;
	uint32_t nsources, nsamples;
	struct strtab dsos;	/* -> mapping id - 1 */
	struct strtab syms;	/* -> function id - 1 */
	struct strtab locs;	/* pc, dso, symbol, inlined -> location id - 1 */
	struct strtab events;	/* event -> value type handle (vt[]) */
	struct strtab mods;	/* "source:event:modifiers" said */
	int64_t *vt;
	size_t capvt;
	char *key;
	size_t capkey;
	/* the sample being read */
	struct pframe {
		uint32_t loc;
	} *frames;
	size_t nframes, capframes;
	char *comm;
	size_t ncomm, capcomm;
	int64_t pid, tid, cpu, time;
	int has_pid, has_cpu, has_time, in_sample;
	char *event;
	size_t nevent, capevent;
	int64_t period;
	int period_seen;	/* the file prints periods */
	/* the file's samples' clock: Unix time less its time, from its
	 * header's "reference time" (perf record -k); else its times stay
	 * perf's, the source marked (ATTR_CLOCK) once (clock_said) */
	int64_t clock_offset;
	int has_reference, clock_said;
	long first_line;	/* of the sample */
	/* the input's last sample, not ended by its blank line (a file cut
	 * short: its frames may be too): its first line, 0: none; left
	 * out, as stackcollapse-perf.pl leaves it out */
	long cut_sample;
};

/* The reader (stream/codec.h). A read is one file of `perf script`
 * output: a source; a sample per sample, of the value of its event (its
 * period), its time, its comm, pid, tid and cpu as labels; a location per
 * address of a symbol of a file (dso), kernel and user frames told apart
 * (profile.frame.type). Its damage: a last sample cut short. */
extern const struct codec perf_codec;

#endif
