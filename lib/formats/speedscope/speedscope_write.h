/* speedscope.h: a profile as speedscope's JSON file format (its
 * published spec), which speedscope opens: a frame per location, a profile
 * per source, evented where the samples have times, else sampled; the
 * value a report shows (measure.h). */
#ifndef SPEEDSCOPE_WRITE_H
#define SPEEDSCOPE_WRITE_H

#include "model/assemble.h"

#define SPEEDSCOPE_SCHEMA "https://www.speedscope.app/file-format-schema.json"

/* hand speedscope_sample to assemble, then speedscope_write */
struct speedscope_writer;
/* type: the value to write (-t), NULL for the default */
struct speedscope_writer *speedscope_writer_new(const char *type,
    struct perr *e);
int speedscope_sample(void *w, struct prof *p, const struct sample *s,
    struct perr *e);
int speedscope_restart(void *w, struct perr *e);
/* The file; name: the file's name when no source says one. */
int speedscope_write(struct speedscope_writer *w, const struct prof *p,
    struct output *o, const char *name, struct perr *e);
void speedscope_writer_free(struct speedscope_writer *w);

#endif
