/* rprof.h: R's Rprof() output to the stream and back. */
#ifndef RPROF_H
#define RPROF_H

#include <stdint.h>

#include "base/hash.h"
#include "io/input.h"
#include "stream/codec.h"
#include "stream/stream_write.h"

#define RPROF_TOPLEVEL "<toplevel>"	/* the function of a bare ref */

struct rprof_frame {
	const char *name;
	size_t len;
	uint32_t path;		/* index in paths + 1, 0: no ref */
	uint32_t line;
};

struct rprof_reader {
	struct stream_writer w;
	uint32_t vt_samples, vt_mem[RMEM_COUNT];	/* value types */
	struct strtab funcs;	/* name \0 path index -> function id - 1 */
	struct strtab paths;	/* file paths of #File lines */
	struct u64map locs;	/* function id << 32 | line -> location id */
	struct u64map files;	/* #File number -> paths index + 1 */
	uint32_t nlocs, nsamples, nsources;
	struct rprof_frame *frames;
	size_t nframes, fcap;
	size_t nfuncs_written;
	char *key;
	size_t keycap;
	/* the session's stacks seen (a sample line after its memory
	 * prefix) and their location ids: a repeated line, as most are, is
	 * looked up once instead of parsed */
	struct strtab stacks;
	struct rprof_stack {
		uint32_t off, n;	/* in stack_locs */
	} *stack_at;
	size_t capstack;
	uint32_t *stack_locs;
	size_t nstack_locs, capstack_locs;
	/* per session */
	int in_session, memory, unquoted, quoting_known;
	/* damage: frames cut off by the end of a line */
	long dropped, ndrop_lines, drop_lines[8];
};

/* The reader (stream/codec.h): each session of each input a source (its
 * uri in->uri); its damage R's frames cut off by the end of a line. */
extern const struct codec rprof_codec;

#include "model/assemble.h"

/* How written headers differ from the first one. */
enum { RHDR_MEMORY = 1, RHDR_GC = 2, RHDR_LINES = 4, RHDR_INTERVAL = 8 };

/* The stream to Rprof text: hand rprof_write_sample to assemble, then
 * call rprof_write_end. Set count_type and sources after begin. */
struct rprof_writer {
	struct output *o;
	long default_interval;		/* -i, when no source says */
	const char *count_type;		/* -t: the repeat count's value type
					 * (NULL: samples) */
	const struct u64map *sources;	/* -s: source ids written (NULL: all) */
	uint32_t source;		/* index of the current session */
	size_t next_source;		/* sources before it are written */
	int held;			/* header waits for the session's end */
	int memory, lines;		/* of the current session */
	int crlf;			/* its lines end in CRLF (R on Windows) */
	uint64_t interval;		/* of the current session, us */
	struct u64map fileno;		/* filename string -> #File number */
	uint32_t nfiles;
	char *line, *heldbuf;
	size_t nline, capline, nheld, capheld;
	/* what the caller tells the user */
	long skipped;			/* samples R could not have written */
	long left_out;			/* repeat counts below 0.5 */
	double rounding, counted;	/* rounded minus exact; exact, summed */
	long nheaders;
	int first_flags, differ;	/* RHDR_* of the first; what differs */
	uint64_t first_interval;
	struct perr missing;		/* a sample without the count type */
};

void rprof_write_begin(struct rprof_writer *w, struct output *o,
    long default_interval);
int rprof_write_sample(void *w, struct prof *p, const struct sample *s,
    struct perr *e);
/* Ends the last session; -1 with e set when a sample had no value of the
 * count type (found as they came, told here: a sample may get a value from
 * a row that comes late). */
int rprof_write_end(struct rprof_writer *w, const struct prof *p,
    struct perr *e);
/* Frees w without writing what it holds. */
void rprof_write_free(struct rprof_writer *w);
/* assemble_file's restart: w and its output as they were at begin. */
int rprof_write_restart(void *w, struct perr *e);

#endif
