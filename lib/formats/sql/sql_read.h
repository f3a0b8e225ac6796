/* sql_read.h: what a profile database holds (tsv2sql's tables), or a
 * selection of it, back out as a stream. */
#ifndef SQL_READ_H
#define SQL_READ_H

#include <stdint.h>

#include "base/when.h"
#include "formats/sql/sql_query.h"
#include "io/output.h"
#include "stream/codec.h"

/*
 * Which samples: of the sources with these ids (none: every source)
 * whose attributes match every key of where ("key=value"; a key given
 * twice matches either value), those with a label of every key of
 * labels ("key=value", a string label or a number), taken in [from, to)
 * (nanoseconds since 1970: the sample's time where it has one, else its
 * source's span from source_timestamp (pprof.time_nanos) for
 * pprof.duration_nanos, which must meet the window); a window leaves out
 * a source whose times are on a clock of its own.
 */
struct sql_select {
	const uint32_t *ids;
	size_t nids;
	char *const *where;
	size_t nwhere;
	char *const *labels;
	size_t nlabels;
	struct when_window window;
	int merge;		/* every sample of one source */
	/* told of each source a window leaves out, its times on a clock of
	 * its own (ATTR_CLOCK: no Unix time); NULL: nobody */
	void (*left_out)(void *ctx, uint32_t source, const char *uri,
	    const char *clock);
	void *ctx;
};

/*
 * Writes the stream of the samples selected to o: their sources with
 * their attributes, the functions, mappings and locations their stacks
 * use (every one the database holds when nothing is selected), the
 * samples with their values, stacks, labels and times; ids renumbered
 * from 1 in the database's order, as tsvcombine numbers them, so that a
 * database read whole is tsvcombine of the streams added to it. Memory
 * grows with the distinct stacks, locations and functions, not with the
 * samples. -1 with e set: a database of another program or layout, a
 * selection that matches nothing, the database's error.
 */
int sql_read(struct sql_conn *c, const struct sql_select *s,
    struct output *o, struct perr *e);

/* tsv2sql's SQLite database read whole, as a format (stream/codec.h):
 * what sql2tsv FILE writes. */
extern const struct codec sqlite_codec;

#endif
