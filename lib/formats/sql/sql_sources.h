/* sql_sources.h: a database's sources, held whole (they are few beside
 * the samples), and the rules of a selection that concern them, written
 * once for every engine (SQLite and PostgreSQL's reader, sql_read.c;
 * ClickHouse's, ch_read.c): which sources -s, --where and a window keep,
 * which samples a window and --label keep, and the sources written to
 * the stream, one by one or merged as pprof merges. */
#ifndef SQL_SOURCES_H
#define SQL_SOURCES_H

#include <stdint.h>

#include "base/hash.h"
#include "base/perr.h"
#include "formats/sql/sql_read.h"
#include "stream/stream_write.h"

struct sql_source {
	uint64_t key;		/* the database's own id */
	uint32_t id;		/* what -s names */
	uint32_t out;		/* the stream's id, 0: not written */
	char *type, *uri;	/* uri NULL: NA */
	double timestamp;	/* NaN: NA */
	size_t attr0, nattrs;	/* its attributes, in order */
	int keep;		/* selected by id, attribute and clock */
	int has_samples;	/* some sample selected */
	int matched;		/* --where keys matched, in turn */
	int64_t time_nanos, duration;	/* pprof's, when has_ */
	int has_time_nanos, has_duration;
};

struct sql_sources {
	const char *name;	/* the database, in messages */
	struct sql_source *v;
	size_t n, cap;
	struct { char *key, *value; } *attrs;
	size_t nattrs, capattrs;
	struct u64map ix;	/* key -> index in v */
	int whole;		/* every source kept, no sample filter */
};

/* Adds a source (uri NULL: NA); its attributes come next, in order. 0,
 * or -1 with e set. */
int sql_sources_add(struct sql_sources *l, uint64_t key, uint32_t id,
    const char *type, const char *uri, double timestamp, struct perr *e);
int sql_sources_attr(struct sql_sources *l, const char *key,
    const char *value, struct perr *e);
/* The source of key, or NULL. */
struct sql_source *sql_sources_of(const struct sql_sources *l,
    uint64_t key);
void sql_sources_free(struct sql_sources *l);

/* Marks the sources s keeps (by id, attribute and, for a window, their
 * clocks and spans) and sets l->whole: 0, or -1 with e set (an id or
 * attribute key there is not, nothing kept). */
int sql_sources_select(struct sql_sources *l, const struct sql_select *s,
    struct perr *e);
/* Whether s keeps a sample of source sr by its time (has_time: its own;
 * else its source's span): the window's rule. */
int sql_sample_in_window(const struct sql_select *s,
    const struct sql_source *sr, int has_time, int64_t time);
/* Whether a label (str NULL: NA; num_na: no number) matches term i of
 * s->labels (key=value) by its key and value, as a string or a number. */
int sql_label_matches(const char *term, const char *key, size_t keylen,
    const char *str, size_t strlen_, int num_na, int64_t num);

/* The sources kept (with samples, when samples are filtered) to w, with
 * their attributes, numbered from 1: each as itself, or all as one
 * (merge). */
int sql_sources_write(struct sql_sources *l, struct stream_writer *w,
    int merge, int sample_filter, struct perr *e);

#endif
