/* processed_write.h: a profile as the Firefox Profiler's processed format
 * (version 70, processed.h), which profiler.firefox.com opens: a thread
 * per source, every sample with its time and its weight (the value a
 * report shows, measure.h), the tables shared. */
#ifndef PROCESSED_WRITE_H
#define PROCESSED_WRITE_H

#include "model/assemble.h"

/* hand firefox_sample to assemble, then firefox_write */
struct firefox_writer;
/* type: the value to write (-t), NULL for the default */
struct firefox_writer *firefox_writer_new(const char *type, struct perr *e);
int firefox_sample(void *w, struct prof *p, const struct sample *s,
    struct perr *e);
int firefox_restart(void *w, struct perr *e);
int firefox_write(struct firefox_writer *w, const struct prof *p,
    struct output *o, struct perr *e);
void firefox_writer_free(struct firefox_writer *w);

#endif
