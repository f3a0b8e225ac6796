/* otlp.h: OTLP Profiles (ProfilesData, or the same bytes as an
 * ExportProfilesServiceRequest) to the stream, and back. */
#ifndef OTLP_H
#define OTLP_H

#include "model/assemble.h"
#include "stream/stream_write.h"

struct otlp_reader {
	struct stream_writer w;
	uint32_t nsources, nsamples, nfunctions, nlocations, nmappings;
};

void otlp_read_begin(struct otlp_reader *c, struct output *o);
/* One message: every Profile a source, in define-before-use order, ids
 * following the inputs before. 0, or -1 with e saying what and where. */
int otlp_read(struct otlp_reader *c, const unsigned char *data, size_t len,
    const char *name, const char *uri, struct perr *e);
void otlp_read_free(struct otlp_reader *c);

#endif
