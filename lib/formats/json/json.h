/* json.h: JSON read as events, for every codec whose format is JSON
 * (OTLP/JSON; speedscope's; Chrome's .cpuprofile). One reader, streaming
 * (memory follows what a codec keeps, not the text), with the suite's
 * bounds: nesting, a string's length, and messages that name the file
 * and line. */
#ifndef JSON_H
#define JSON_H

#include <stddef.h>

#include "base/perr.h"
#include "io/input.h"

#define JSON_MAX_DEPTH 512		/* deeper nesting is refused */
#define JSON_MAX_STRING (16u << 20)	/* so is a longer string */
#define JSON_STOP (-2)			/* an event's: stop, e as it is */

/* What a codec does with each event: 0 to go on, or -1 with e set to
 * what is wrong (the reader puts the file and line before it), or
 * JSON_STOP with e set to a message that is whole as it is (the output's
 * error: no line of the text is to blame). value_end:
 * a value at the outermost level ended (a document; a line of NDJSON).
 * Any may be NULL. */
struct json_reader;
struct json_events {
	int (*null)(void *ctx, struct perr *e);
	int (*boolean)(void *ctx, int b, struct perr *e);
	/* a number's text, as written */
	int (*number)(void *ctx, const char *s, size_t n, struct perr *e);
	/* a string, unescaped (it may hold a NUL) */
	int (*string)(void *ctx, const char *s, size_t n, struct perr *e);
	int (*start_map)(void *ctx, struct perr *e);
	int (*key)(void *ctx, const char *s, size_t n, struct perr *e);
	int (*end_map)(void *ctx, struct perr *e);
	int (*start_array)(void *ctx, struct perr *e);
	int (*end_array)(void *ctx, struct perr *e);
	int (*value_end)(void *ctx, struct perr *e);
	void *ctx;
	struct json_reader *reader;	/* set while reading: json_line */
};

/* Reads the rest of in as JSON values, one after another (a document,
 * or one a line): 0, or -1 with e set ("NAME:LINE: ..."). */
int json_read_input(struct input *in, struct json_events *ev,
    struct perr *e);
/* The same of the n bytes at p, named name in messages, whose first line
 * is line. */
int json_read_bytes(const void *p, size_t n, const char *name, long line,
    struct json_events *ev, struct perr *e);
/* The same, fed piece bytes at a time (0: at once), as json_read_input
 * is fed a chunk at a time: for tests, tokens cut anywhere. */
int json_read_split(const void *p, size_t n, size_t piece, const char *name,
    struct json_events *ev, struct perr *e);
/* The n bytes of a number's text as strtod rounds them, a finite double:
 * 0, or -1 when they are not one (or longer than 63 bytes). */
int json_double(const char *s, size_t n, double *v);
/* The line of the event being handled (a codec notes where a value
 * began). */
struct json_reader;
long json_line(const struct json_reader *r);

#endif
