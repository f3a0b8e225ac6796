/* firefox_impl.h: a Gecko profile's thread as the JSON reader
 * (gecko_read.c) hands it over and gecko_thread.c writes it. */
#ifndef FIREFOX_IMPL_H
#define FIREFOX_IMPL_H

#include <stdint.h>

#include "formats/firefox/firefox.h"
#include "io/input.h"
#include "io/spool.h"

/* Child processes' profiles within their parents': Firefox nests one
 * level; samply none. */
#define GECKO_MAX_NESTING 8

/* A library of a process (its "libs"): where it was mapped, its file,
 * its build id (codeId); its mapping's id once written, else 0. */
struct glib {
	uint64_t start, end, offset;
	char *path, *build_id;
	uint32_t mapping;
};
enum glibkey { GL_START, GL_END, GL_OFFSET, GL_PATH, GL_BUILD_ID };

/* A profile's meta: when its times begin (ms since 1970), its sampling
 * interval (ms), its categories' names by index; its libraries. */
struct gprof {
	double start_ms, interval_ms;
	int64_t start_ns;	/* start_ms as its text says it, exactly */
	int has_start;
	int processed;		/* meta.preprocessedProfileVersion */
	char **cats;
	size_t ncats, capcats;
	struct glib *libs;
	size_t nlibs, caplibs;
};

enum gtable { TB_SAMPLES, TB_STACKS, TB_FRAMES, TB_COUNT };
/* The columns read, by name (schema's keys), of each table. */
enum gfield { F_STACK, F_TIME, F_WEIGHT, F_PREFIX, F_FRAME, F_LOCATION,
	F_IMPLEMENTATION, F_LINE, F_COLUMN, F_CATEGORY, F_COUNT };
enum gtext { GT_NAME, GT_PROCESS_NAME, GT_PROCESS_TYPE, GT_COUNT };

struct gframe {
	uint32_t location;	/* a string's index */
	int64_t impl;		/* a string's index, -1: none */
	int64_t line, column;	/* -1: none */
	int64_t category;	/* -1: none */
};

struct gstack {
	int64_t prefix;		/* a row before, -1 for a root */
	uint32_t frame;
};

/* A profile's string table (Gecko's stringTable, the processed
 * stringArray): each string kept once, by its index. */
struct fstrings {
	struct strtab strs;	/* the strings, distinct */
	uint32_t *ix;		/* an index -> its strs id */
	size_t n, cap;
};

/* A thread as both formats name it, and what its samples weigh. */
struct fthread {
	char text[GT_COUNT][256];
	char pid[32], tid[32];
	int weight_bytes, weight_ms;	/* weightType */
	uint64_t nostack;		/* samples of no stack */
};

struct gthread {
	struct fthread h;
	int col[F_COUNT];	/* each field's column, -1: none */
	int pending;		/* the field a schema's key named, -1 */
	double row[F_COUNT];	/* the row being read (NAN: null) */
	/* samples: (stack + 1, 0 for none; time in ns; weight) spooled */
	struct spool samples;
	int spooled;
	uint64_t nsamples;
	struct gstack *stacks;	/* stackTable */
	size_t nstacks, capstacks;
	struct gframe *frames;
	size_t nframes, capframes;
	struct fstrings strs;	/* stringTable */
	uint32_t *frame_loc;	/* a frame's location id */
	size_t capframe_loc;
};

/* firefox_rows.c: what both readers keep and write. */
/* A frame to the stream: its function (name and file, made when new)
 * unless it has none, its location made when new (keyed by all of it);
 * the location's id, 0 with e set. */
struct flocation {
	int has_function;
	struct text name, file;
	int64_t start_line;	/* the function's, 0: none */
	int64_t line, column;	/* -1: none */
	uint64_t addr;
	int is_addr;		/* an address of native code */
	uint32_t mapping;	/* 0: none */
	int inlined;
	const char *cat;	/* its category's name, "": none */
	struct text impl;	/* its JIT tier, n 0: none */
};
uint32_t firefox_location(struct firefox_reader *c, const struct flocation *f,
    struct perr *e);
/* The string table's next string (what: its name in messages); string
 * i, or NULL (*n its length); the table emptied. */
int firefox_string_add(struct fstrings *t, const char *what, const char *s,
    size_t n, struct perr *e);
const char *firefox_string_at(const struct fstrings *t, int64_t i,
    size_t *n);
void firefox_strings_free(struct fstrings *t);
/* weightType's text into *ms (tracing-ms) or *bytes: 0, or -1 with e
 * set for another. */
int firefox_weight_type(const char *s, size_t n, int *ms, int *bytes,
    struct perr *e);
/* Thread t's source (uri: its file), its attributes, and its samples'
 * value type in *vt: the source's id, 0 with e set. */
uint32_t firefox_source(struct firefox_reader *c, const struct fthread *t,
    const char *uri, double interval_ms, int64_t *vt, struct perr *e);
/* A sample's weight w as its value. */
struct num firefox_weight(const struct fthread *t, double w);
/* A library's mapping, written when first asked for. */
uint32_t firefox_lib_mapping(struct firefox_reader *c, struct glib *l);
/* A number of a profile's JSON: 0, or -1 with e set to its text. */
int firefox_number(const char *s, size_t n, double *v, struct perr *e);
/* Milliseconds written as decimal digits as nanoseconds, exactly: 0, or
 * -1 for another form. */
int gecko_ms_ns(const char *s, size_t n, int64_t *ns);
/* A pid or tid (of size bytes at most), a thread's name (cut to size). */
int gecko_id_text(char *to, size_t size, const char *s, size_t n,
    struct perr *e);
int gecko_text(char *to, size_t size, const char *s, size_t n,
    struct perr *e);

int gecko_thread_begin(struct gthread *t, struct perr *e);
int gecko_thread_id(struct gthread *t, int pid, const char *s, size_t n,
    struct perr *e);
int gecko_thread_text(struct gthread *t, enum gtext k, const char *s,
    size_t n, struct perr *e);
int gecko_weight_type(struct gthread *t, const char *s, size_t n,
    struct perr *e);
int gecko_schema_key(struct gthread *t, enum gtable tb, const char *s,
    size_t n, struct perr *e);
int gecko_schema_index(struct gthread *t, enum gtable tb, double v,
    struct perr *e);
void gecko_row_begin(struct gthread *t);
int gecko_row_cell(struct gthread *t, enum gtable tb, int col, double v,
    struct perr *e);
int gecko_row_end(struct gthread *t, enum gtable tb, struct perr *e);
int gecko_string(struct gthread *t, const char *s, size_t n,
    struct perr *e);
int gecko_category(struct gprof *p, const char *s, size_t n,
    struct perr *e);
/* A library begins; its fields, numbers and texts. */
int gecko_lib_begin(struct gprof *p, struct perr *e);
int gecko_lib_number(struct gprof *p, enum glibkey k, double v,
    struct perr *e);
int gecko_lib_text(struct gprof *p, enum glibkey k, const char *s, size_t n,
    struct perr *e);
/* The thread read: a source of c's, with its samples (none: nothing
 * written), its tables let go. 0, or -1 with e set. */
int gecko_thread_end(struct firefox_reader *c, struct gthread *t,
    struct gprof *p, struct input *in, struct perr *e);
void gecko_thread_free(struct gthread *t);
void gecko_prof_free(struct gprof *p);

#endif
