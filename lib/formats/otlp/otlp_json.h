/* otlp_json.h: OTLP/JSON read as the protobuf messages it stands for
 * (otlp_json.c), each handed to message as it ends. */
#ifndef OTLP_JSON_H
#define OTLP_JSON_H

#include <stdint.h>

#include "formats/json/json.h"

/* A Profile field of the protobuf made of OTLP/JSON of v1.8's layout: its
 * comment_strindices, which v1.10 has not (no layout has this number). */
#define OTLP_JSON_V18_COMMENTS 1000

struct otlp_json {
	/* a message's protobuf (n bytes at p, valid during the call); line:
	 * where its JSON began; v18: it had keys of v1.8's layout (mapped
	 * to v1.10's fields). 0, or -1 with e set. */
	int (*message)(void *ctx, const uint8_t *p, size_t n, long line,
	    int v18, struct perr *e);
	void *ctx;
	struct json_events ev;	/* the reader's own */
};

/* The rest of in: one JSON value after another (a document, or one a
 * line). 0, or -1 with e set ("NAME:LINE: ..."). */
int otlp_json_input(struct otlp_json *j, struct input *in, struct perr *e);
/* The n bytes at p (name and line for messages). */
int otlp_json_bytes(struct otlp_json *j, const void *p, size_t n,
    const char *name, long line, struct perr *e);

#include "io/output.h"
/* The protobuf ProfilesData at p (n bytes) as OTLP/JSON, one line
 * without its end (otlp_json_write.c). 0, or -1 with e set. */
int otlp_json_write(struct output *o, const uint8_t *p, size_t n,
    struct perr *e);

#endif
