/* otlp_writer.h: tsv2otlp's writer: the assembler's callback keeps the
 * samples (otlp_write.c), otlp_write writes one ProfilesData. */
#ifndef OTLP_WRITER_H
#define OTLP_WRITER_H

#include "model/assemble.h"

struct otlp_writer;

struct otlp_writer *otlp_writer_new(struct perr *e);
void otlp_writer_free(struct otlp_writer *w);
int otlp_sample(void *w, struct prof *p, const struct sample *s,
    struct perr *e);
int otlp_restart(void *w, struct perr *e);
/* The whole message to o. 0, or -1 with e saying why. */
int otlp_write(struct otlp_writer *w, struct prof *p,
    struct output *o, struct perr *e);
/* The message in a form (otlp_forms.c): protobuf; a line of OTLP/JSON;
 * protobuf after its length in 4 bytes, big-endian (the Collector's file
 * exporter's). spool_fd: an empty temporary file, for the two last. */
enum { OTLP_PROTOBUF, OTLP_JSON, OTLP_FRAMED };
int otlp_write_form(struct otlp_writer *w, struct prof *p, struct output *o,
    int form, int spool_fd, struct perr *e);

#endif
