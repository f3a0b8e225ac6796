#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/tmpfile.h"

/* a program makes two or three, and one per operand of another format
 * that it reads twice (tsvcombine cpu*.pb.gz): its stream */
#define MAX_TMPFILES 65536

static char *paths[MAX_TMPFILES];
static volatile int npaths;

/* Makes a file from $TMPDIR/profstream.XXXXXX: its descriptor, the path
 * in *path (malloc'd), or -1. */
static int
make(char **path, struct perr *e)
{
	const char *dir = getenv("TMPDIR");
	int fd;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	if ((*path = malloc(strlen(dir) + 24)) == NULL)
		return perr_nomem(e);
	sprintf(*path, "%s/profstream.XXXXXX", dir);
	if ((fd = mkstemp(*path)) < 0) {
		perr_set(e, "%s: %s", *path, strerror(errno));
		free(*path);
		return -1;
	}
	return fd;
}

int
tmp_file(const char **path, struct perr *e)
{
	char *p;
	int fd;

	if (npaths == MAX_TMPFILES)
		return perr_set(e, "more than %d temporary files",
		    MAX_TMPFILES);
	if ((fd = make(&p, e)) < 0)
		return -1;
	close(fd);
	if (npaths == 0)
		atexit(tmp_remove_all);
	paths[npaths] = p;
	npaths++;		/* after: a handler sees whole entries */
	*path = p;
	return 0;
}

int
tmp_fd(struct perr *e)
{
	char *path;
	int fd = make(&path, e);

	if (fd >= 0)
		unlink(path);	/* gone when closed, whatever happens */
	free(path);
	return fd;
}

void
tmp_remove_all(void)
{
	int i;

	for (i = 0; i < npaths; i++)
		unlink(paths[i]);
}
