#include <stdio.h>

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

int
perr_nomem(struct perr *e)
{
	return perr_set(e, "out of memory");
}
