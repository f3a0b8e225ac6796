/* otlp_write_impl.h: what the three parts of tsv2otlp's writer share:
 * otlp_collect.c (the samples kept as the stream is read), otlp_dict.c
 * (the dictionary, deduplicated) and otlp_write.c (the resources, scopes
 * and profiles). */
#ifndef OTLP_WRITE_IMPL_H
#define OTLP_WRITE_IMPL_H

#include <protobuf-c/protobuf-c.h>

#include "base/array.h"
#include "base/hash.h"
#include "base/varint.h"
#include "formats/pb/pb.h"
#include "formats/pb/pb_chunk.h"
#include "model/runs.h"
#include "formats/otlp/otlp.h"
#include "formats/otlp/otlp_wire.h"
#include "formats/otlp/otlp_writer.h"
#include "otlp.pb-c.h"

#define M(x) Opentelemetry__Proto__Profiles__V1development__##x
#define INIT(x) OPENTELEMETRY__PROTO__PROFILES__V1DEVELOPMENT__##x##__INIT
#define NONE UINT32_MAX

/* A raw sample of a timed Sample: its time, its values' row. */
struct oevent {
	uint32_t next;		/* the Sample's next event, NONE: last */
	uint32_t last;		/* the Sample's first event: its last */
	uint32_t row;		/* its values: the source's evals */
	int64_t time;
};

/* A Sample: untimed (head NONE), its values (summed when merged) are row
 * s of its source's sums, s its index; timed, its events' are rows of
 * evals. 16 bytes: there may be one a raw sample. */
struct osample {
	uint32_t stack, attrset, link;	/* link: 0 none, else link + 1 */
	uint32_t head;			/* timed: its first event */
};

struct osrc {
	int seen, merge;
	uint64_t *types;	/* prof strings: type << 32 | unit */
	size_t ntypes, captypes;
	/* per type: what its values are multiplied by (1; or, once one had
	 * a fraction, hold_finer's factor) and the unit they are then in */
	struct oscale {
		int64_t factor;
		uint32_t unit;
	} *scale;
	size_t capscale;
	struct u64map type_ix;
	struct strtab keys;	/* merge keys */
	uint32_t *key_sample;	/* key -> sample */
	size_t capkey_sample;
	struct u64map plain;	/* without link or time, but not a stack's
				 * first (w->first): stack << 32 |
				 * attribute set -> sample */
	struct osample *s;
	size_t ns, caps;
	/* values by type, stride of them a row (re-laid when a type is
	 * new: rare, types come with the first samples) */
	struct numcol sums, evals;	/* cap: the values zeroed */
	size_t allocsums, allocevals;
	size_t stride, nev;
};

struct otlp_writer {
	struct osrc *src;	/* per prof source index */
	size_t capsrc;
	struct oevent *ev;
	size_t nev, capev;
	int64_t *v;		/* a Sample's values of a type */
	size_t capv;
	struct loc_runs runs;	/* the Locations */
	/* per stack: the index + 1 of the first Sample merged on it with
	 * no link or time, where most are found (in the source whose
	 * Sample of that index has that stack and set); the others in
	 * their source's plain map */
	uint32_t *first;
	size_t capfirst;
	/* stacks as their Locations, leaf first: zigzag varints of each
	 * one's difference from the one before (as tsv2pprof keys them) */
	struct strtab stacks;
	size_t stacks_size;	/* the stack table's bytes but [0]'s */
	struct strtab attrs;	/* a label: key, str, unit, num */
	struct strtab attrsets;	/* attrs indices */
	int64_t empty_set;	/* the set of no attribute + 1, 0: not yet */
	struct strtab links;	/* trace id hex, NUL, span id hex */
	uint8_t *key;
	size_t nkey, capkey;
};

/*
 * Writing. The dictionary's tables are made as strtabs of their elements'
 * keys (so equal ones are one); messages are built from them to be packed.
 */
enum { KV_STR = 1, KV_INT, KV_BOOL, KV_STRS, KV_INTS };

/* The strings tsv2otlp writes besides p's, interned in p first (so that
 * a pointer into p taken later stays valid). */
enum {
	S_SOURCE_TYPE, S_SOURCE_URI, S_COMMENT, S_IS_FOLDED, S_FRAME_TYPE,
	S_R, S_BUILD_ID, S_HAS_FUNCTIONS, S_HAS_FILENAMES, S_HAS_LINE_NUMBERS,
	S_HAS_INLINE_FRAMES, S_MARKED, NCONST
};

struct dict {
	/* string_table: strings of p (they are unique), [0] "", in the
	 * order of first use; sout[s] is string s's index + 1 */
	struct prof *p;
	uint32_t *sout, *spix;
	size_t nstr, capspix;
	uint32_t k[NCONST];		/* the strings above, in p */
	struct strtab kv;		/* attribute_table - 1 */
	uint32_t *fn_map, *map_map;	/* prof index -> table index, 0 */
	size_t capfn, capmap;
	uint32_t *fns, *maps;		/* table index - 1 -> prof index */
	size_t nfns, capfns, nmaps, capmaps;
	int32_t *runs;			/* a stack's Locations */
	size_t capruns_of;
	uint8_t *enc;
	size_t capenc;
	struct pb_chunk e;			/* a Location's fields, */
	int32_t *attrs;			/* its attributes */
	size_t capattrs;
	uint32_t *set_off, *set_kv;	/* per attribute set: its kv */
	uint32_t *set_size;		/* its Sample field's bytes */
	size_t nset_kv, capset_kv;
	uint8_t *key;
	size_t nkey, capkey;
	int failed;
};


/* A length-delimited field of n bytes, of a field number below 16. */
static inline size_t
len_field(size_t n)
{
	return 1 + varint_len(n) + n;
}

/* Field f, a varint left out when 0 (proto3), of a message in b at n. */
static inline size_t
put_varint_field(uint8_t *b, size_t n, uint32_t f, uint64_t v)
{
	if (v == 0)
		return n;
	n += varint_put(b + n, pb_tag(f, PB_VARINT));
	return n + varint_put(b + n, v);
}

/* otlp_dict.c */
int ow_dict_start(struct dict *d, struct prof *p);
int32_t ow_sidx(struct dict *d, uint32_t s);
int32_t ow_psidx(struct dict *d, uint32_t s);
int32_t ow_kv_str(struct dict *d, uint32_t key, uint32_t value);
int32_t ow_kv_int(struct dict *d, uint32_t key, int64_t v, uint32_t unit);
int32_t ow_kv_bool(struct dict *d, uint32_t key, int v);
int32_t ow_kv_array(struct dict *d, uint32_t key, int kind8,
    const void *v, size_t n, size_t size);
int ow_make_sets(struct otlp_writer *w, struct dict *d);
int64_t ow_stack_runs(struct otlp_writer *w, struct dict *d, size_t i);
int ow_put_dictionary(struct otlp_writer *w, struct dict *d,
    const uint8_t *run_r, struct output *out);
size_t ow_unhex(const char *s, uint8_t *b, size_t n);
M(AnyValue) ow_any_value(void);

#endif
