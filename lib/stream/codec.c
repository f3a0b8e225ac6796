/* A format's reader, made and ended the same way for every format. */
#include <stdlib.h>

#include "stream/codec.h"

void *
codec_open(const struct codec *c, struct output *o, const void *options,
    struct perr *e)
{
	void *reader;

	if ((reader = calloc(1, c->size)) == NULL) {
		perr_nomem(e);
		return NULL;
	}
	if (c->begin(reader, o, options, e) < 0) {
		free(reader);
		return NULL;
	}
	return reader;
}

void
codec_close(const struct codec *c, void *reader)
{
	if (reader == NULL)
		return;
	c->free(reader);
	free(reader);
}
