#include <stdio.h>
#include <string.h>

#include "base/perr.h"

int
perr_vset(struct perr *e, const char *fmt, va_list ap)
{
	if (e != NULL)
		vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	return -1;
}

int
perr_set(struct perr *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	perr_vset(e, fmt, ap);
	va_end(ap);
	return -1;
}

#define NOMEM "out of memory"

int
perr_nomem(struct perr *e)
{
	return perr_set(e, NOMEM);
}

int
perr_at(struct perr *e, const char *name)
{
	if (e != NULL && strcmp(e->msg, NOMEM) == 0)
		perr_set(e, "%s: " NOMEM, name);
	return -1;
}
