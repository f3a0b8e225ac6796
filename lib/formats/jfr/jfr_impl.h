/* jfr_impl.h: one chunk of a recording, in memory (jfr_chunk.c): its
 * header, its metadata's classes and their fields, its constant pools'
 * entries (where each lies in the chunk), and a cursor that reads its
 * values as the metadata describes them. */
#ifndef JFR_IMPL_H
#define JFR_IMPL_H

#include <stdint.h>

#include "base/hash.h"
#include "base/perr.h"

#define JFR_HEADER 68		/* bytes of a chunk's header */

/* The primitive types of the metadata, by their names. */
enum jprim { JP_STRUCT, JP_BOOLEAN, JP_BYTE, JP_CHAR, JP_SHORT, JP_INT,
	JP_LONG, JP_FLOAT, JP_DOUBLE, JP_STRING };

struct jfield {
	uint32_t name;		/* a metadata string */
	int64_t type;		/* its class's id */
	int32_t cls;		/* its class's index, -1: unknown */
	int cp, array;		/* a constant pool reference; an array */
};

struct jclass {
	int64_t id;
	uint32_t name;		/* a metadata string */
	enum jprim prim;
	size_t field0, nfields;
};

struct jchunk {
	unsigned char *buf;	/* the chunk, whole */
	size_t len;
	int64_t start_nanos, start_ticks, ticks_per_second;
	char **strs;		/* the metadata's strings */
	size_t nstrs, capstrs;
	struct jclass *cls;
	size_t ncls, capcls;
	struct jfield *flds;
	size_t nflds, capflds;
	struct u64map cls_by_id;	/* class id -> index */
	int32_t string_cls;	/* java.lang.String's index, -1 */
	/* the constant pools: (class id, entry id) -> where its value is */
	struct strtab pool_keys;
	uint32_t *pool_off;
	size_t cappool;
	char *sbuf;		/* a string read (jfr_string) */
	size_t capsbuf;
};

/* A place in the chunk. */
struct jcur {
	const unsigned char *p, *end;
};

/* The chunk in c->buf (c->len bytes): its header, metadata and constant
 * pools read. 0, or -1 with e set. */
int jfr_chunk_open(struct jchunk *c, struct perr *e);
void jfr_chunk_free(struct jchunk *c);
/* Metadata string i, or "". */
const char *jfr_str(const struct jchunk *c, uint32_t i);
/* The class named name, or -1. */
int32_t jfr_class_named(const struct jchunk *c, const char *name);

/* JFR's integers: LEB128, the ninth byte whole. A read past the end
 * sets *bad. */
uint64_t jfr_varint(struct jcur *k, int *bad);
/* Skips a value of class cls (an array, a reference when so). 0, or -1
 * with e set. */
int jfr_skip(struct jchunk *c, struct jcur *k, int32_t cls, int array,
    int cp, struct perr *e);
/* The string at k (any of JFR's encodings, a pool's too) as UTF-8 in
 * c->sbuf: its length, *null when it is null; -1 with e set. */
int64_t jfr_string(struct jchunk *c, struct jcur *k, int *null,
    struct perr *e);
/* A cursor at constant pool entry id of class cls: 0, or -1 when there is
 * none. */
int jfr_pool(const struct jchunk *c, int32_t cls, uint64_t id,
    struct jcur *k);
/* A cursor at field name of the value of class cls at k (skipping the
 * fields before it); *fld its field. 0, or 1 when cls has no such field,
 * -1 with e set. */
int jfr_field(struct jchunk *c, struct jcur *k, int32_t cls,
    const char *name, const struct jfield **fld, struct perr *e);
/* Ticks to nanoseconds, as the JDK converts them: since 1970, or a
 * duration. 0, or -1 when they are past an int64. */
int jfr_time(const struct jchunk *c, int64_t ticks, int64_t *ns);
int jfr_duration(const struct jchunk *c, int64_t ticks, int64_t *ns);

/* What a recording's chunks are read with (jfr_read.c), their events
 * too (jfr_events.c). */
struct jfr_reader;
struct jx {
	struct jfr_reader *r;
	struct jchunk c;
	uint32_t source;
	int8_t *kind_of;		/* by class index: enum jkind, -1 */
	struct u64map fn_of;		/* method id -> function id */
	struct u64map stack_of;		/* stack trace id -> its run + 1 */
	uint32_t *runs;			/* each stack's locations: count,
					 * then ids, leaf first */
	size_t nruns, capruns;
	char *kbuf;
	size_t capkbuf;
	uint64_t truncated, nostack;
	int64_t wall_ns;		/* async-profiler's wall interval,
					 * from its settings; 0: unknown */
	uint64_t wall_untimed;		/* wall samples read without it */
	uint64_t cpu_time_lost;		/* jdk.CPUTimeSamplesLost's sum */
	unsigned char *pend;		/* a piece of the input, read from
					 * pos */
	size_t npend, pos, cappend;
};

/* The events of the chunk in x->c, in order, each of a kind jfr2tsv
 * reads a sample. 0, or -1 with e set. */
int jfr_chunk_events(struct jx *x, struct perr *e);

#endif
