/* door.h: one door for every format. Every program that reads a stream
 * reads, through here, every format a converter reads, as if the file
 * were piped through its converter: an analysis straight from the
 * converter's rows (no text between them), and a program that reads its
 * input twice from the converter's stream in a temporary file. */
#ifndef DOOR_H
#define DOOR_H

#include "io/input.h"
#include "io/output.h"
#include "model/assemble.h"
#include "stream/codec.h"
#include "stream/sniff.h"

/* The reader of a kind of file (stream/codec.h), or NULL: none reads it
 * as it is (a protobuf not yet told pprof's or OTLP's, binary data). */
const struct codec *door_codec(enum sniff_kind k);

/* Who hears what a converter would have said on stderr and goes on (R's
 * frames cut off by the end of a line): fn gets "NAME: ..."; NULL: none. */
void door_set_warn(void (*fn)(const char *msg));

/* Writes the stream of in, of kind k (sniff.h; in not read past its
 * peek), to o, as the kind's converter would with its defaults: 0, or -1
 * with e set. o may take rows (stream_write.h). */
int door_read(struct input *in, enum sniff_kind k, struct output *o,
    struct perr *e);

/* assemble_file (model/assemble.h) over any format: a stream as it does;
 * another format through its converter's rows. */
int door_assemble(struct stream_reader *r, const char *path,
    const char *shown, const char *spool, struct prof *p, sample_fn emit,
    int (*restart)(void *ctx, struct perr *e), void *ctx, unsigned flags,
    struct perr *e);

/* A file to read as a stream: the input at path (shown: its name in
 * messages) when it is one, *converted 0; else its converter's stream,
 * written to the file tmp() names (a temporary file), *converted 1. 0, or
 * -1 with e set (a format nothing reads named as what it is). */
int door_stream_file(const char *path, const char *shown,
    const char *(*tmp)(void), const char **converted, struct perr *e);

/* stream_open over any format: r on path's stream, or on its converter's
 * stream written to tmp (a temporary file's name) and named in messages
 * "NAME (its stream)", made in name (size bytes). 0, or -1 with e set. */
int door_stream_open(struct stream_reader *r, const char *path,
    const char *tmp, char *name, size_t size, struct perr *e);

#endif
