/* cpuprofile_impl.h: V8's profile as its readers gather it, whichever file
 * it came in (a .cpuprofile, or a trace's Profile and ProfileChunk
 * events): the call tree's nodes, kept; the samples and their time
 * deltas in temporary files (spools), as runs of them (a trace's chunks
 * of several profiles lie in one spool); then written to the stream. */
#ifndef CPUPROFILE_IMPL_H
#define CPUPROFILE_IMPL_H

#include "base/hash.h"
#include "formats/cpuprofile/cpuprofile.h"
#include "formats/json/json_place.h"
#include "io/spool.h"

struct cpx_node {
	int64_t id, parent_id;	/* parent_id 0: none said */
	uint32_t parent;	/* index, UINT32_MAX: none */
	uint32_t fn;		/* function id; 0: its key kept (defer) */
	uint64_t koff;		/* deferred: its key in x->keys ... */
	uint32_t klen;		/* ... of klen bytes */
	int root;		/* the tree's "(root)" */
	int state;		/* resolving: 0 new, 1 on the path, 2 done */
};

/* A run of numbers in a spool: from offset off (spool_tell's), n of
 * them. */
struct cpx_run {
	uint64_t off, n;
};

/* A node's fields as they come (cpx_node_int, cpx_node_str). */
enum cpx_field { CPX_ID, CPX_PARENT, CPX_LINE, CPX_COLUMN, CPX_NAME,
	CPX_URL };

struct cpx {
	struct cpuprofile_reader *c;
	struct input *in;
	struct json_place pl;	/* the reader's place in the JSON */
	struct cpx_node *nodes;
	size_t nnodes, capnodes;
	int in_node;		/* a node's fields are being read */
	struct cpx_node cur;
	char *name, *url;	/* the current node's (copied) */
	size_t nname, nurl, capname, capurl;
	int64_t line, column;
	int has_line;		/* lineNumber given (-1 too) */
	int64_t (*kids)[2];	/* child id, parent index */
	size_t nkids, capkids;
	uint32_t *head_stack;	/* the old format: the nodes open */
	size_t nhead, caphead;
	/* the samples (node ids) and their deltas, as runs in spools */
	struct spool *samples, *deltas;
	struct cpx_run *sruns, *druns;
	size_t nsruns, capsruns, ndruns, capdruns;
	uint64_t nsamples, ndeltas;
	int stamps;		/* "timestamps" (absolute), not deltas */
	double start, end;
	int has_start, has_end;
	int64_t first_stamp, last_stamp, prev_stamp;
	int64_t offset;		/* V8's clock to Unix time, ns; 0: none */
	const char *clock_from;	/* what placed it, given by the reader */
	int disordered;		/* a time before the one before it */
	struct u64map ix;	/* node id -> index */
	char *fkey;
	size_t capfkey;
	/* a trace's nodes come as V8 made them: their functions are
	 * numbered once the tree is whole (cpx_number), in the order the
	 * .cpuprofile of the same profile lists them; till then their keys
	 * are kept here */
	int defer;
	char *keys;
	size_t nkeys, capkeys;
};

int cpx_nomem(struct perr *e);
/* The number at s (n bytes) as an integer: 0, or -1 with e set. */
int cpx_integer(const char *s, size_t n, int64_t *v, struct perr *e);
/* A node begins; its fields; it ends (its function found or made, the
 * node kept): 0, or -1 with e set. */
void cpx_node_begin(struct cpx *x);
int cpx_node_int(struct cpx *x, enum cpx_field f, int64_t v, struct perr *e);
int cpx_node_str(struct cpx *x, enum cpx_field f, const char *s, size_t n,
    struct perr *e);
int cpx_node_end(struct cpx *x, struct perr *e);
/* A child of the node being read, by its id: 0, or -1. */
int cpx_kid(struct cpx *x, int64_t id, struct perr *e);
/* n samples or deltas put at off of their spool: a run of x's. */
int cpx_samples_run(struct cpx *x, uint64_t off, uint64_t n, struct perr *e);
int cpx_deltas_run(struct cpx *x, uint64_t off, uint64_t n, struct perr *e);
/* The tree's edges, each node's parent: 0, or -1 (two parents, an id
 * twice, a parent not there, a cycle). */
int cpx_resolve(struct cpx *x, struct perr *e);
/* A deferred tree's functions numbered, its nodes in preorder, children
 * by id (V8's order of a .cpuprofile's nodes): 0, or -1 with e set. */
int cpx_number(struct cpx *x, struct perr *e);
/* The n bytes at key, a node's kept key, added to x's keys at *off:
 * 0, or -1. */
int cpx_keep_key(struct cpx *x, const char *key, size_t n, uint64_t *off,
    struct perr *e);
/* The profile a source: its attributes, then more of the caller's
 * (*source: its id), then cpx_emit its samples, the spools rewound
 * (reading). 0, or -1 with e set. */
int cpx_source(struct cpx *x, uint32_t *source, struct perr *e);
int cpx_emit(struct cpx *x, uint32_t source, struct perr *e);
void cpx_free(struct cpx *x);

/* The CPU profiles of Chrome's trace events (trace_read.c), each a
 * source: 0, or -1 with e set. */
int cpx_trace_read(struct cpuprofile_reader *c, struct input *in,
    struct perr *e);

#endif
