/* top_impl.h: what top.c counts and top_table.c reports. */
#ifndef TOP_IMPL_H
#define TOP_IMPL_H

#include "sample/diff.h"
#include "views/top/top.h"

struct key {
	uint32_t name, file;	/* in *strs */
	uint32_t fn;		/* R's line view: the function shown + 1 */
	uint32_t born;		/* R's line view: the sample it came in */
	int64_t line;
	double mem;		/* -m: bytes */
};

struct sums {
	struct numcol self, total;	/* per key */
	struct num sum;		/* over the kept samples */
	double abs;		/* of their absolute values */
};

struct memstate {
	int seen[3];
	double prev[3];
};

struct top {
	struct top_opts opts;
	/* the total before tsvfocus's filters, when the stream says it
	 * (measure_total_before): what the percentages are of */
	struct num before;
	int has_before;
	/* the one unit the last table showed its values in, or NULL */
	const char *shown;
	/* names and files: the profile's strings (a consumer's own are
	 * added there), none before its first sample */
	struct strtab *strs, none;
	struct strtab keymap;		/* name, file, line -> ... */
	uint32_t *keymap_key;		/* ... key, by keymap index */
	size_t capkeymap_key;
	uint32_t *name_key;		/* name alone (no file, no line): its
					 * key + 1, by name */
	size_t capname_key;
	int64_t empty;			/* "" in *strs, + 1 */
	struct key *keys;
	size_t nkeys, capkeys;
	uint32_t *last;			/* per key, the last sample that
					 * counted it: apart, the few bytes
					 * every frame touches */
	size_t caplast;
	struct measure m;
	struct sums *sums;		/* per type of m */
	struct sums *bsums;		/* the same of the base (a diff) */
	size_t nsums, capsums, capbsums;
	struct diff_merge merge;	/* TOP_BASE: its total */
	double *ratio;			/* -normalize, the second pass: per
					 * type, the scale of the others */
	size_t nratio;
	int64_t nokey;			/* R's "<no location>": its key + 1 */
	uint32_t *srctype;		/* per prof source: 1 R, 2 other */
	size_t capsrctype;
	uint32_t *loc_key;		/* prof location -> key + 1 */
	size_t caploc;
	uint32_t *loc_rkey;		/* the same in R's line view */
	size_t caprloc;
	int64_t rname;			/* R's line keys' name: "" in *strs */
	uint32_t *skeys;		/* a sample's keys */
	unsigned char *sinl;		/* ... each frame's .inlined */
	size_t capskeys, capsinl;
	uint32_t serial;
	/* pprof's inline mark: the calls between keys (caller << 32 |
	 * callee -> edge), each once a sample, and whether every one of
	 * them was inline (top_inline.c) */
	struct strtab stacks;		/* a sample's keys and marks */
	unsigned char *stackbuf;
	size_t capstackbuf;
	struct top_stack_w {		/* per type, each stack's: */
		double *w;		/* weight since the last flush */
		unsigned char *seen;	/* 1: a sample of it was not 0 */
		size_t cap;
	} *stack_w;
	size_t nstack_w;
	uint32_t eserial;		/* the stack counting its calls */
	struct u64map edges;
	struct top_edge {
		uint64_t key;
		uint32_t last;		/* the stack that last counted it */
	} *edge;
	size_t nedges, capedges;
	struct top_edge_w {		/* per type, each edge's: */
		double *w;		/* weight */
		unsigned char *out;	/* 1: a call not inline */
		size_t cap;
		int any_inline;		/* a call of the type was */
	} *edge_w;
	size_t nedge_w;
	struct memstate *mem;		/* per prof source */
	size_t capmem;
	double memsum;
};

/* The calls of the sample whose keys are in t->skeys (n of them,
 * innermost first) and whose values are t->m.vals (nv, negated for a
 * base's: sign -1), counted for pprof's inline mark (by its stack, the
 * calls once a stack when the marks are read): 0, or -1 when out of
 * memory. */
int top_inline_add(struct top *t, size_t n, size_t nv, double sign);
/* Key k's mark as pprof prints it: "inline" (every call into it
 * inline), "partial-inline", or "" (none inline, or no call). */
const char *top_inline_mark(const unsigned char *in, size_t k);
/* Each key's calls into it, as bits (1 inline, 2 not), t->nkeys of
 * them, for top_inline_mark, of the calls of type whose weight is cut or
 * more (pprof's edge fraction), the stacks' calls counted first: NULL
 * when out of memory, or (*none set) when no call of the type was
 * inline (no column then). */
unsigned char *top_inline_marks(struct top *t, int64_t type,
    double cut, int *none);
void top_inline_free(struct top *t);

/* The self (total: the total) of key k as c shows it; in a diff, less
 * the base's. */
struct num top_value(const struct top *t, const struct measure_choice *c,
    int total, size_t k);
/* The sum of the kept samples' figures. */
struct num top_sum(const struct top *t, const struct measure_choice *c);
/* The "#" lines before the table: type, unit, total, what was left out
 * (shown of nrows; dropped under cut); ratio: -normalize's. */
void top_header(struct top *t, const struct prof *p, struct output *o,
    const struct measure_choice *c, struct num total, size_t shown,
    size_t nrows, size_t dropped, double cut, double ratio);

#endif
