/*
 * wasi.h's calls, on what WASI has: open(2) on a path made of the
 * template and a counter (the engine's file system is its own: no other
 * process makes names there), standard input opened by its name, and
 * none of the rest.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/wasi.h"

int
mkstemp(char *tmpl)
{
	static unsigned long serial;
	size_t n = strlen(tmpl);
	char *x;
	int fd, tries;

	if (n < 6 || strcmp(tmpl + n - 6, "XXXXXX") != 0) {
		errno = EINVAL;
		return -1;
	}
	x = tmpl + n - 6;
	for (tries = 0; tries < 1000; tries++) {
		snprintf(x, 7, "%06lu", serial++ % 1000000);
		if ((fd = open(tmpl, O_RDWR | O_CREAT | O_EXCL, 0600)) >= 0 ||
		    errno != EEXIST)
			return fd;
	}
	errno = EEXIST;
	return -1;
}

/* Standard input anew: the engine's file system holds it as
 * /dev/stdin; no other descriptor is duplicated. */
int
dup(int fd)
{
	if (fd == STDIN_FILENO)
		return open("/dev/stdin", O_RDONLY);
	errno = ENOTSUP;
	return -1;
}

mode_t
umask(mode_t mask)
{
	(void)mask;
	return 0;
}

int
fchmod(int fd, mode_t mode)
{
	(void)fd;
	(void)mode;
	return 0;
}

char *
realpath(const char *path, char *resolved)
{
	if (resolved != NULL) {
		snprintf(resolved, 4096, "%s", path);
		return resolved;
	}
	return strdup(path);
}

int
madvise(void *addr, size_t len, int advice)
{
	(void)addr;
	(void)len;
	(void)advice;
	return 0;
}
