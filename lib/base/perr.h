/* perr.h: errors returned by the library (it never prints or exits). */
#ifndef PERR_H
#define PERR_H

#include <stdarg.h>

struct perr {
	char msg[1024];
};

/* Formats msg into e (when e is not NULL) and returns -1, so callers can
 * write "return perr_set(e, ...)". */
int perr_set(struct perr *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int perr_vset(struct perr *e, const char *fmt, va_list ap);
int perr_nomem(struct perr *e);
/* Names the input in an out-of-memory message, made where no name is
 * known ("NAME: out of memory"); returns -1. */
int perr_at(struct perr *e, const char *name);

#endif
