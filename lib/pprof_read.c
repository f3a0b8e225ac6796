/*
 * pprof to the stream. protobuf-c decodes the whole profile (through a bump
 * allocator: it makes one allocation per message), every reference is
 * checked, then the tables are written in define-before-use order with ids
 * renumbered 1..n in table order.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include <string.h>

#include "pprof.h"
#include "profile.pb-c.h"
#include "stream.h"

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__Sample Sample;
typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Function Function;
typedef Perftools__Profiles__Mapping Mapping;
typedef Perftools__Profiles__Label Label;

/* A bump allocator for protobuf-c: frees nothing until the end. */
struct arena {
	struct chunk {
		struct chunk *next;
		size_t used, size;
		max_align_t data[];
	} *head;
	int failed;
};

static void *
arena_alloc(void *ctx, size_t n)
{
	struct arena *a = ctx;
	struct chunk *c = a->head;
	size_t size;

	n = (n + 15) & ~(size_t)15;
	if (c == NULL || c->size - c->used < n) {
		/* chunks grow with the profile: fewer, larger ones, which
		 * malloc maps on its own (and the kernel may back with huge
		 * pages) */
		size = c == NULL ? (1u << 20) : c->size * 2;
		if (size > (256u << 20))
			size = 256u << 20;
		if (size < n)
			size = n;
		if ((c = malloc(sizeof(*c) + size)) == NULL) {
			a->failed = 1;
			return NULL;
		}
		if (size >= (2u << 20))
			madvise((void *)(((uintptr_t)c + 4095) & ~(uintptr_t)4095),
			    size - 4096, MADV_HUGEPAGE);
		c->used = 0;
		c->size = size;
		c->next = a->head;
		a->head = c;
	}
	c->used += n;
	return (char *)c->data + c->used - n;
}

static void
arena_free(void *ctx, void *p)
{
	(void)ctx;
	(void)p;
}

static void
arena_release(struct arena *a)
{
	struct chunk *c, *next;

	for (c = a->head; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
}

void
pprof_read_begin(struct pprof_reader *c, struct output *o)
{
	memset(c, 0, sizeof(*c));
	c->o = o;
	stream_write_preamble(o, V20, STREAM_V2_TABLES |
	    (1u << T_SOURCE_ATTRIBUTES) | (1u << T_MAPPINGS) |
	    (1u << T_SAMPLE_LABELS), 1);
}

/* Names what a file that is not a protobuf profile looks like. */
static const char *
legacy_kind(const unsigned char *d, size_t n)
{
	static const unsigned char z[8];
	size_t i;

	if (n >= 16 && memcmp(d, z, 8) == 0 && (d[8] == 3 || d[15] == 3))
		return "legacy gperftools CPU profile (64-bit)";
	if (n >= 12 && memcmp(d, z, 4) == 0 && (d[4] == 3 || d[7] == 3))
		return (d[8] == 1 || d[11] == 1) ?
		    "legacy Java CPU profile" :
		    "legacy gperftools CPU profile (32-bit)";
#define STARTS(s) (n >= sizeof(s) - 1 && memcmp(d, s, sizeof(s) - 1) == 0)
	if (STARTS("--- contention"))
		return "legacy contention profile (text)";
	if (STARTS("--- threadz"))
		return "legacy thread profile (text)";
	if (STARTS("--- heapz") || STARTS("heap profile:") ||
	    STARTS("heap_v2/"))
		return "legacy heap profile (text)";
	if (STARTS("format = java"))
		return "legacy Java profile (text)";
#undef STARTS
	for (i = 0; i < n && i < 64 && d[i] != '\n'; i++)
		if (d[i] < 0x20 && d[i] != '\t' && d[i] != '\r')
			return NULL;
	for (n = 0; n + 15 <= i; n++)
		if (memcmp(d + n, " profile: total", 15) == 0)
			return "legacy Go count profile";
	return i > 0 ? "text, not a pprof profile" : NULL;
}

struct ctx {
	const Profile *p;
	const char *name;
	struct perr *e;
	struct u64map fn, loc, map;	/* pprof id -> index */
	int fn_dense, loc_dense, map_dense;	/* ids are 1..n in order */
	uint32_t *loc_first;		/* per Location: first stream id */
	uint32_t *loc_rows;		/* per Location: its stream rows */
};

/* The index of id in a table of n: directly when ids are 1..n in table
 * order (as the Go runtime and google/pprof write them), else by the map. */
static uint32_t *
find_id(struct u64map *m, int dense, size_t n, uint64_t id, uint32_t *tmp)
{
	if (dense) {
		if (id == 0 || id > n)
			return NULL;
		*tmp = (uint32_t)(id - 1);
		return tmp;
	}
	return u64map_get(m, id);
}

static int
str_ok(struct ctx *x, int64_t i, const char *what)
{
	if (i < 0 || (uint64_t)i >= x->p->n_string_table)
		return perr_set(x->e, "%s: %s: string index %lld out of range "
		    "(the string table has %zu)", x->name, what, (long long)i,
		    x->p->n_string_table);
	return 0;
}

static const ProtobufCBinaryData *
str(struct ctx *x, int64_t i)
{
	return &x->p->string_table[i];
}

static void
w_str(struct output *o, struct ctx *x, int64_t i)
{
	row_str(o, (const char *)str(x, i)->data, str(x, i)->len);
}

/* Maps ids of a table to indices, refusing 0 and repeats. */
static int
index_ids(struct ctx *x, struct u64map *m, int *dense, size_t n,
    const void *const *items, size_t id_off, const char *what)
{
	size_t i;
	int added;
	uint64_t id;

	for (i = 0; i < n; i++) {
		memcpy(&id, (const char *)items[i] + id_off, sizeof(id));
		if (id != i + 1)
			break;
	}
	if ((*dense = i == n))
		return 0;
	for (i = 0; i < n; i++) {
		memcpy(&id, (const char *)items[i] + id_off, sizeof(id));
		if (id == 0)
			return perr_set(x->e, "%s: %s %zu has id 0", x->name,
			    what, i + 1);
		if (u64map_put(m, id, (uint32_t)i, &added) == NULL)
			return perr_nomem(x->e);
		if (!added)
			return perr_set(x->e, "%s: %s id %llu repeated",
			    x->name, what, (unsigned long long)id);
	}
	return 0;
}

static int
check(struct ctx *x)
{
	const Profile *p = x->p;
	size_t i, j;
	uint32_t tmp, *ix;

	if (p->n_string_table == 0 || p->string_table[0].len != 0)
		return perr_set(x->e, "%s: the string table must begin with "
		    "\"\"", x->name);
	for (i = 1; i < p->n_string_table; i++)
		if (p->string_table[i].len > 0 &&
		    memchr(p->string_table[i].data, '\0',
		    p->string_table[i].len) != NULL)
			return perr_set(x->e, "%s: string %zu has a NUL byte, "
			    "which the stream cannot hold", x->name, i);
	if (index_ids(x, &x->fn, &x->fn_dense, p->n_function,
	    (const void *const *)p->function, offsetof(Function, id),
	    "function") < 0 ||
	    index_ids(x, &x->loc, &x->loc_dense, p->n_location,
	    (const void *const *)p->location, offsetof(Location, id),
	    "location") < 0 ||
	    index_ids(x, &x->map, &x->map_dense, p->n_mapping,
	    (const void *const *)p->mapping, offsetof(Mapping, id),
	    "mapping") < 0)
		return -1;
	for (i = 0; i < p->n_sample_type; i++)
		if (str_ok(x, p->sample_type[i]->type, "sample type") < 0 ||
		    str_ok(x, p->sample_type[i]->unit, "sample unit") < 0)
			return -1;
	for (i = 0; i < p->n_function; i++)
		if (str_ok(x, p->function[i]->name, "function name") < 0 ||
		    str_ok(x, p->function[i]->system_name, "system name") < 0 ||
		    str_ok(x, p->function[i]->filename, "file name") < 0)
			return -1;
	for (i = 0; i < p->n_mapping; i++)
		if (str_ok(x, p->mapping[i]->filename, "mapping file") < 0 ||
		    str_ok(x, p->mapping[i]->build_id, "build id") < 0)
			return -1;
	for (i = 0; i < p->n_location; i++) {
		Location *l = p->location[i];
		if (l->mapping_id != 0 && find_id(&x->map, x->map_dense,
		    p->n_mapping, l->mapping_id, &tmp) == NULL)
			return perr_set(x->e, "%s: location %llu: mapping %llu "
			    "does not exist", x->name, (unsigned long long)
			    l->id, (unsigned long long)l->mapping_id);
		for (j = 0; j < l->n_line; j++) {
			if ((ix = find_id(&x->fn, x->fn_dense, p->n_function,
			    l->line[j]->function_id, &tmp)) == NULL)
				return perr_set(x->e, "%s: location %llu: "
				    "function %llu does not exist", x->name,
				    (unsigned long long)l->id,
				    (unsigned long long)l->line[j]->function_id);
			/* from here on the field holds the index */
			l->line[j]->function_id = *ix;
			if (l->line[j]->line < 0 || l->line[j]->line > INT32_MAX
			    || l->line[j]->column < 0 ||
			    l->line[j]->column > INT32_MAX)
				return perr_set(x->e, "%s: location %llu: line "
				    "or column out of range", x->name,
				    (unsigned long long)l->id);
		}
	}
	for (i = 0; i < p->n_sample; i++) {
		Sample *s = p->sample[i];
		if (s->n_value != p->n_sample_type)
			return perr_set(x->e, "%s: sample %zu has %zu values "
			    "for %zu sample types", x->name, i + 1, s->n_value,
			    p->n_sample_type);
		for (j = 0; j < s->n_location_id; j++) {
			if ((ix = find_id(&x->loc, x->loc_dense, p->n_location,
			    s->location_id[j], &tmp)) == NULL)
				return perr_set(x->e, "%s: sample %zu: location "
				    "%llu does not exist", x->name, i + 1,
				    (unsigned long long)s->location_id[j]);
			s->location_id[j] = *ix;	/* the index, now */
		}
		for (j = 0; j < s->n_label; j++)
			if (str_ok(x, s->label[j]->key, "label key") < 0 ||
			    str_ok(x, s->label[j]->str, "label") < 0 ||
			    str_ok(x, s->label[j]->num_unit, "label unit") < 0)
				return -1;
	}
	if (str_ok(x, p->drop_frames, "drop_frames") < 0 ||
	    str_ok(x, p->keep_frames, "keep_frames") < 0 ||
	    str_ok(x, p->default_sample_type, "default_sample_type") < 0 ||
	    str_ok(x, p->doc_url, "doc_url") < 0)
		return -1;
	if (p->period_type != NULL &&
	    (str_ok(x, p->period_type->type, "period type") < 0 ||
	    str_ok(x, p->period_type->unit, "period unit") < 0))
		return -1;
	for (i = 0; i < p->n_comment; i++)
		if (str_ok(x, p->comment[i], "comment") < 0)
			return -1;
	return 0;
}

static void
attr_str(struct output *o, struct ctx *x, uint32_t src, const char *key,
    int64_t i, int always)
{
	if (i == 0 && !always)
		return;
	row_begin(o, T_SOURCE_ATTRIBUTES);
	row_u64(o, src);
	row_cstr(o, key);
	w_str(o, x, i);
	row_end(o);
}

static void
attr_num(struct output *o, uint32_t src, const char *key, int64_t v)
{
	char num[FMT_NUM_MAX + 1];

	if (v == 0)
		return;
	num[fmt_i64(num, v)] = '\0';
	row_begin(o, T_SOURCE_ATTRIBUTES);
	row_u64(o, src);
	row_cstr(o, key);
	row_cstr(o, num);
	row_end(o);
}

static void
header(struct pprof_reader *c, struct ctx *x, const char *uri)
{
	struct output *o = c->o;
	const Profile *p = x->p;
	uint32_t src = ++c->nsources;
	size_t i;

	row_begin(o, T_SOURCES);
	row_u64(o, src);
	row_cstr(o, "pprof");
	if (uri != NULL)
		row_cstr(o, uri);
	else
		row_na(o);
	if (p->time_nanos != 0)
		row_dbl(o, (double)p->time_nanos / 1e9);
	else
		row_na(o);
	row_end(o);
	if (p->period_type != NULL) {	/* even empty: it was there */
		attr_str(o, x, src, "pprof.period_type", p->period_type->type,
		    1);
		attr_str(o, x, src, "pprof.period_unit", p->period_type->unit,
		    1);
	}
	attr_num(o, src, "pprof.period", p->period);
	attr_num(o, src, "pprof.time_nanos", p->time_nanos);
	attr_num(o, src, "pprof.duration_nanos", p->duration_nanos);
	attr_str(o, x, src, "pprof.drop_frames", p->drop_frames, 0);
	attr_str(o, x, src, "pprof.keep_frames", p->keep_frames, 0);
	attr_str(o, x, src, "pprof.doc_url", p->doc_url, 0);
	attr_str(o, x, src, "pprof.default_sample_type",
	    p->default_sample_type, 0);
	for (i = 0; i < p->n_comment; i++) {
		row_begin(o, T_SOURCE_ATTRIBUTES);
		row_u64(o, src);
		row_cstr(o, "pprof.profile.comment");
		w_str(o, x, p->comment[i]);
		row_end(o);
	}
}

static void
definitions(struct pprof_reader *c, struct ctx *x)
{
	struct output *o = c->o;
	const Profile *p = x->p;
	size_t i, j;
	int64_t name, sys;

	for (i = 0; i < p->n_mapping; i++) {
		const Mapping *m = p->mapping[i];
		row_begin(o, T_MAPPINGS);
		row_u64(o, c->nmappings + i + 1);
		row_hex(o, m->memory_start);
		row_hex(o, m->memory_limit);
		row_hex(o, m->file_offset);
		w_str(o, x, m->filename);
		w_str(o, x, m->build_id);
		row_lgl(o, m->has_functions);
		row_lgl(o, m->has_filenames);
		row_lgl(o, m->has_line_numbers);
		row_lgl(o, m->has_inline_frames);
		row_end(o);
	}
	for (i = 0; i < p->n_function; i++) {
		const Function *f = p->function[i];
		name = str(x, f->name)->len ? f->name : f->system_name;
		sys = str(x, f->system_name)->len ? f->system_name : f->name;
		row_begin(o, T_FUNCTIONS);
		row_u64(o, c->nfunctions + i + 1);
		if (str(x, name)->len == 0) {
			row_cstr(o, PPROF_NONAME);
			row_cstr(o, PPROF_NONAME);
		} else {
			w_str(o, x, name);
			w_str(o, x, sys);
		}
		w_str(o, x, f->filename);
		row_int(o, f->start_line);
		row_end(o);
	}
	/* each Location: a row per line, innermost first, or one row */
	for (i = 0; i < p->n_location; i++) {
		const Location *l = p->location[i];
		uint32_t tmp, *m = l->mapping_id ? find_id(&x->map,
		    x->map_dense, p->n_mapping, l->mapping_id, &tmp) : NULL;
		x->loc_first[i] = c->nlocations + 1;
		x->loc_rows[i] = l->n_line ? (uint32_t)l->n_line : 1;
		for (j = 0; j < (l->n_line ? l->n_line : 1); j++) {
			row_begin(o, T_LOCATIONS);
			row_u64(o, ++c->nlocations);
			if (l->n_line) {
				row_u64(o, c->nfunctions + 1 +
				    l->line[j]->function_id);
				row_int(o, l->line[j]->line);
			} else {
				row_na(o);
				row_na(o);
			}
			row_hex(o, l->address);
			if (m != NULL)
				row_u64(o, c->nmappings + 1 + *m);
			else
				row_na(o);
			row_lgl(o, l->is_folded);
			row_lgl(o, l->n_line && j + 1 < l->n_line);
			row_int(o, l->n_line ? l->line[j]->column : 0);
			row_end(o);
		}
	}
	c->nmappings += (uint32_t)p->n_mapping;
	c->nfunctions += (uint32_t)p->n_function;
}

/* The decimal text of every stream location id, for the hot loop. */
static char *
loc_texts(struct ctx *x, uint32_t first, uint32_t n, uint32_t **offs)
{
	char *t = malloc((size_t)n * 11 + 1);
	uint32_t i, off = 0;

	*offs = malloc(((size_t)n + 1) * sizeof(**offs));
	if (t == NULL || *offs == NULL) {
		free(t);
		free(*offs);
		perr_nomem(x->e);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		(*offs)[i] = off;
		off += (uint32_t)fmt_u64(t + off, (uint64_t)first + i);
	}
	(*offs)[n] = off;
	return t;
}

static char *
type_texts(struct ctx *x, size_t **offs)
{
	const Profile *p = x->p;
	struct output mem = { 0 };
	size_t i, cap = 64;

	for (i = 0; i < p->n_sample_type; i++)
		cap += 2 * (str(x, p->sample_type[i]->type)->len +
		    str(x, p->sample_type[i]->unit)->len) + 8;
	/* an output with a buffer that never needs flushing */
	mem.buf = malloc(cap);
	mem.cap = cap;
	*offs = malloc((p->n_sample_type + 1) * sizeof(**offs));
	if (mem.buf == NULL || *offs == NULL) {
		free(mem.buf);
		free(*offs);
		perr_nomem(x->e);
		return NULL;
	}
	for (i = 0; i < p->n_sample_type; i++) {
		(*offs)[i] = mem.len;
		w_str(&mem, x, p->sample_type[i]->type);
		w_str(&mem, x, p->sample_type[i]->unit);
		out_char(&mem, '\t');
	}
	(*offs)[i] = mem.len;
	return mem.buf;
}

static int
samples(struct pprof_reader *c, struct ctx *x, uint32_t first_loc)
{
	struct output *o = c->o;
	const Profile *p = x->p;
	size_t i, j, k, n, sidlen, depth, len;
	char sid[FMT_NUM_MAX], *q;
	uint32_t li, *offs, id;
	char *texts = loc_texts(x, first_loc, c->nlocations - first_loc + 1,
	    &offs), *types;
	size_t *toffs;

	if (texts == NULL)
		return -1;
	/* "\ttype\tunit\t" of each sample type, escaped once */
	if ((types = type_texts(x, &toffs)) == NULL) {
		free(texts);
		free(offs);
		return -1;
	}
	for (i = 0; i < p->n_sample; i++) {
		const Sample *s = p->sample[i];
		sidlen = fmt_u64(sid, ++c->nsamples);
		out_str(o, "samples\t");
		out_write(o, sid, sidlen);
		out_char(o, '\t');
		out_u64(o, c->nsources);
		out_char(o, '\n');
		for (j = 0; j < s->n_value; j++) {
			out_str(o, "sample_values\t");
			out_write(o, sid, sidlen);
			out_write(o, types + toffs[j], toffs[j + 1] - toffs[j]);
			out_dbl(o, (double)s->value[j]);
			out_char(o, '\n');
		}
		depth = 0;
		for (j = 0; j < s->n_location_id; j++) {
			li = (uint32_t)s->location_id[j];
			n = x->loc_rows[li];
			for (k = 0; k < n; k++) {
				/* sample_locations \t sid \t depth \t id \n */
				id = x->loc_first[li] + (uint32_t)k - first_loc;
				len = offs[id + 1] - offs[id];
				q = out_reserve(o, 17 + sidlen + FMT_NUM_MAX +
				    len + 3);
				memcpy(q, "sample_locations\t", 17);
				memcpy(q + 17, sid, sidlen);
				q += 17 + sidlen;
				*q++ = '\t';
				q += fmt_u64(q, ++depth);
				*q++ = '\t';
				memcpy(q, texts + offs[id], len);
				q += len;
				*q++ = '\n';
				o->len = (size_t)(q - o->buf);
			}
		}
		for (j = 0; j < s->n_label; j++) {
			const Label *l = s->label[j];
			row_begin(o, T_SAMPLE_LABELS);
			out_char(o, '\t');
			out_write(o, sid, sidlen);
			w_str(o, x, l->key);
			if (l->str != 0) {
				w_str(o, x, l->str);
				row_na(o);
				row_na(o);
			} else {
				row_na(o);
				row_int(o, l->num);
				if (l->num_unit != 0)
					w_str(o, x, l->num_unit);
				else
					row_na(o);
			}
			row_end(o);
		}
	}
	free(texts);
	free(offs);
	free(types);
	free(toffs);
	return 0;
}

int
pprof_read(struct pprof_reader *c, const unsigned char *data, size_t len,
    int compressed, const char *name, const char *uri, struct perr *e)
{
	struct arena a = { 0 };
	ProtobufCAllocator alloc = { arena_alloc, arena_free, &a };
	struct ctx x;
	Profile *p;
	const char *kind;
	int rc = -1;

	memset(&x, 0, sizeof(x));
	x.name = name;
	x.e = e;
	if (len == 0)
		return perr_set(e, "%s: empty input: not a pprof profile", name);
	p = perftools__profiles__profile__unpack(&alloc, len, data);
	if (p == NULL) {
		if (a.failed)
			rc = perr_nomem(e);
		else if ((kind = legacy_kind(data, len)) != NULL)
			rc = perr_set(e, "%s: %s: not supported (only "
			    "profile.proto, gzipped or not)", name, kind);
		else
			rc = perr_set(e, "%s: not a pprof profile: %s", name,
			    compressed ? "gzip-compressed, but not a valid "
			    "protobuf inside" : "neither gzip nor a valid "
			    "protobuf");
		arena_release(&a);
		return rc;
	}
	x.p = p;
	if (check(&x) == 0) {
		x.loc_first = malloc((p->n_location + 1) *
		    sizeof(*x.loc_first));
		x.loc_rows = malloc((p->n_location + 1) * sizeof(*x.loc_rows));
		if (x.loc_first == NULL || x.loc_rows == NULL)
			perr_nomem(e);
		else {
			uint32_t first_loc = c->nlocations + 1;
			header(c, &x, uri);
			definitions(c, &x);
			rc = samples(c, &x, first_loc);
		}
	}
	free(x.loc_first);
	free(x.loc_rows);
	u64map_free(&x.fn);
	u64map_free(&x.loc);
	u64map_free(&x.map);
	arena_release(&a);
	return rc;
}
