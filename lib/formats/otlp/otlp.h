/* otlp.h: OTLP Profiles (ProfilesData, or the same bytes as an
 * ExportProfilesServiceRequest) to the stream, and back. */
#ifndef OTLP_H
#define OTLP_H

#include "io/input.h"
#include "model/assemble.h"
#include "stream/codec.h"
#include "stream/stream_write.h"

struct otlp_reader {
	struct stream_writer w;
	uint32_t nsources, nsamples, nfunctions, nlocations, nmappings;
	int json;	/* the message was JSON: noted in its sources, and
			 * its errors say no byte offset; 2: of v1.8's
			 * layout (otlp_json.h) */
	/* the input the message was slurped from, or NULL: its pages are
	 * let go as they are read (input_drop) */
	struct input *in;
};

void otlp_read_begin(struct otlp_reader *c, struct output *o);
/* One message: every Profile a source, in define-before-use order, ids
 * following the inputs before. 0, or -1 with e saying what and where. */
int otlp_read(struct otlp_reader *c, const unsigned char *data, size_t len,
    const char *name, const char *uri, struct perr *e);
void otlp_read_free(struct otlp_reader *c);
/* Every message of an OTLP file, each as otlp_read reads one: a protobuf
 * message; the Collector's file exporter's messages, each after its
 * length in 4 bytes (big-endian), protobuf or JSON, zstd-compressed or
 * not; OTLP/JSON, a document or one message a line. in is not read past
 * its peek. 0, or -1 with e set. */
int otlp_read_input(struct otlp_reader *c, struct input *in, struct perr *e);
/* The reader (stream/codec.h): otlp_read_input per input. */
extern const struct codec otlp_codec;

#endif
