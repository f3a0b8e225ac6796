/* assembler.h: the sample assembler's state, shared by assemble.c (the
 * rows of samples, streaming and buffering) and assemble_defs.c (the rows
 * that define the model). Not for use outside them. */
#ifndef ASSEMBLER_H
#define ASSEMBLER_H

#include "model/assemble.h"
#include "model/handed.h"

struct pending_attr {
	uint32_t source_id;	/* or the location's id */
	struct attr a;
};

/* Buffering: where a reference was first made to what was not yet
 * defined, to say so as the validator does. */
struct ref {
	long line;
	enum table_id table;
	int col;
};

#define RECENT 8

/* Streaming's word for a row out of order (buffering takes it), and both
 * modes' for a late row; neither leaves assemble(). */
enum { UNORDERED = -10, LATE = -11 };

struct assembler {
	struct stream_reader *r;
	struct prof *p;
	int mode;
	struct asm_io *io;
	struct perr *e;
	struct sample cur;		/* streaming: the sample being read */
	long cur_line;			/* its samples row */
	uint32_t last_emitted;
	int switched;			/* streamed, then buffered: ids up to
					 * last_emitted were handed over */
	size_t nresolved;		/* locations resolved as they came */
	struct handed handed;		/* with io->log_fd: samples handed over */
	int handing, handed_open;
	struct u64map sample_ix;	/* buffering: id -> index in all */
	struct sample *all;
	long *all_line;			/* per sample in all: its samples row */
	size_t nall, capall, capall_line;
	struct pending_attr *attrs;	/* buffering: attributes */
	size_t nattrs, capattrs;
	struct pending_attr *lattrs;	/* ... and locations' */
	size_t nlattrs, caplattrs;
	struct u64map ref_ix;		/* buffering: table << 32 | id -> refs */
	struct ref *refs;
	size_t nrefs, caprefs;
	uint32_t v1_next_id;		/* 1.0: sample ids handed out */
	/* buffering 1.0: by index in all, the count of samples a row stands
	 * for less one (held once, as a row of value 10^8 would take GBs) */
	uint32_t *more;
	size_t capmore;
	struct recent {
		uint32_t idx;
		char first;
		size_t len;
	} recent[RECENT];
	unsigned next_recent;
	/* ASM_SUMS: per value type (prof string), the magnitudes summed */
	struct u64map mag_ix;
	double *mag;
	size_t nmag, capmag;
};

int asm_nomem(struct assembler *a);
/* Buffering: the row refers from column col to id of table t, not yet
 * defined; the first such reference is kept for the message. */
int asm_note_ref(struct assembler *a, enum table_id t, uint32_t id, int col);
/* id of table t is not defined: said at its first reference, as the
 * validator says it. */
int asm_undefined(struct assembler *a, enum table_id t, uint32_t id);
/* A problem with column col of the current row. */
int asm_bad(struct assembler *a, enum table_id t, int col, const char *fmt,
    uint32_t id);
/* Cell c of the current row as one of p's strings (PROF_NONE: NA); -1
 * when out of memory. _cached: for the few strings every row repeats. */
int64_t asm_cell_str(struct assembler *a, int c);
int64_t asm_cell_str_cached(struct assembler *a, int c);
/* A location's function and mapping ids to indices: 0, or -1 said. */
int asm_resolve_location(struct assembler *a, struct location *l);
int asm_add_attr(struct assembler *a, struct source *s, struct attr at);
/* A row of a defining table (sources, their attributes, functions,
 * locations, mappings): 0, -1 said, or UNORDERED (nothing changed). */
int asm_definition(struct assembler *a);

#endif
