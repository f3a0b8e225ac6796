#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* F_SETPIPE_SZ */
#endif
#include <fcntl.h>

#include "base/pipe.h"

void
pipe_widen(int fd)
{
#ifdef F_SETPIPE_SZ
	/* the default pipe-max-size: no more is had without privileges */
	const int want = 1 << 20;
	int now = fcntl(fd, F_GETPIPE_SZ);

	if (now >= 0 && now < want)	/* a pipe, and narrower */
		(void)fcntl(fd, F_SETPIPE_SZ, want);
#else
	(void)fd;
#endif
}
