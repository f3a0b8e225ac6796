/* pprof.h: pprof profiles (profile.proto) to the stream and back. */
#ifndef PPROF_H
#define PPROF_H

#include <stdint.h>

#include "io/input.h"
#include "stream/stream_write.h"
#include "model/assemble.h"

#define PPROF_NONAME SCHEMA_EMPTY	/* a function with neither name */

/* pprof to stream: call pprof_read per profile, between begin and end. */
struct pprof_reader {
	struct stream_writer w;
	uint32_t nsources, nsamples, nlocations, nfunctions, nmappings;
	/* the input the data was slurped from, or NULL: its pages are let
	 * go as they are read (input_drop) */
	struct input *in;
};

void pprof_read_begin(struct pprof_reader *c, struct output *o);
void pprof_read_free(struct pprof_reader *c);
/* Converts the profile.proto in data (gzip or not: input does that) from
 * the file named name (uri NULL: standard input): 0, or -1 with e set.
 * others: data that is no profile.proto may be another format (it is
 * neither checked nor written): PPROF_OTHER. */
#define PPROF_OTHER 1
int pprof_read(struct pprof_reader *c, const unsigned char *data, size_t len,
    int compressed, const char *name, const char *uri, int others,
    struct perr *e);
/* What data of that compression (INPUT_*) is when it is no protobuf. */
const char *pprof_not_protobuf(int compressed);

/* stream to pprof */
struct pprof_writer;

/* aggregate: a pprof Sample per distinct stack and labels, their values
 * summed; else one per sample, each sample kept in spool_fd (an empty
 * temporary file, read and write) until the end, so that memory does not
 * grow with samples. */
struct pprof_writer *pprof_write_new(int aggregate, int spool_fd,
    struct perr *e);
int pprof_write_sample(void *w, struct prof *p, const struct sample *s,
    struct perr *e);
/* Forgets the samples (to read the stream again). */
int pprof_write_restart(void *w, struct perr *e);
/* Writes the profile (raw protobuf) to o. */
int pprof_write_end(struct pprof_writer *w, struct prof *p,
    struct output *o, struct perr *e);
void pprof_write_free(struct pprof_writer *w);

#endif
