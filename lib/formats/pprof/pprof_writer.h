/* pprof_writer.h: what the pprof writer keeps between the samples
 * (pprof_write.c) and the Profile it writes at the end (pprof_emit.c).
 * Not for the filters: they see pprof.h. */
#ifndef PPROF_WRITER_H
#define PPROF_WRITER_H


#include "base/hash.h"
#include "model/runs.h"
#include "formats/pprof/pprof_wire.h"
#include "formats/pprof/pprof.h"

/* A Sample as the writer keeps it: its pprof Location indices (leaf
 * first) and labels as varints, each Location the difference from the one
 * before (zigzag): stacks whose Locations were made together take a byte
 * a frame. Equal Samples have equal records, so records are the
 * aggregate's keys too. */
struct record {
	uint8_t *bytes;
	size_t len, cap;
};

struct pprof_writer {
	int aggregate;
	int spool_fd;		/* without aggregation: the records */
	struct output spool;
	size_t nspooled;
	struct u64map type_ix;	/* type << 32 | unit (prof strings) */
	uint32_t *types;	/* per type: the two prof strings */
	size_t ntypes, captypes;
	/* per type: what its values are multiplied by (1; or, once one had
	 * a fraction, hold_finer's factor), the unit they are then in (a
	 * prof string), and the samples spooled before (in its unit) */
	struct scale {
		int64_t factor;
		uint32_t unit;
		size_t spooled;
	} *scale;
	size_t capscale;
	struct loc_runs runs;	/* pprof Locations */
	/* aggregating: the distinct records, and their values by type,
	 * stride of them per record (types found later are 0 before) */
	struct strtab stacks;
	int64_t *sums;
	size_t stride, capsums;
	struct srcstate {
		int seen;
		double prev[3];	/* vsize.small, vsize.large, nodes */
	} *src;
	size_t nsrc;
	struct record rec;	/* the current sample's */
	int64_t *vals;		/* the current sample's, by type */
	size_t capvals;
};

/* Writes the Profile of w's samples to out (pprof_emit.c); -1 with e
 * set. */
int pprof_emit(struct pprof_writer *w, struct prof *p, struct output *out,
    struct perr *e);

#endif
