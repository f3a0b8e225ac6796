/* srcfile.h: a profile's source files found on disk as pprof finds them
 * (-source_path, -trim_path), read whole and cut into lines. */
#ifndef SRCFILE_H
#define SRCFILE_H

#include <stddef.h>

#include "base/perr.h"

struct srcfile {
	char *text;		/* the file, each line's end made a NUL */
	char **line;		/* line[i]: line i + 1, without its end */
	size_t nlines;
};

/* A source file read whole is at most this long (64 MiB). */
#define SRCFILE_MAX (64 << 20)

/* Finds the profile's file name (of n bytes) as pprof does: a prefix of
 * trim (':'-separated; NULL: guessed from search's directories' names,
 * then "/proc/self/cwd/") taken off; an absolute name opened as it is; a
 * relative one looked for under each directory of search (':'-separated;
 * NULL: the working directory) and their parents. What is found is read
 * only when it is a regular file of at most SRCFILE_MAX bytes and, unless
 * anywhere, lies under a directory of search once symlinks and ".." are
 * resolved. 0 when read; 1 when not found, refused or not readable (e
 * says which and why); -1 when out of memory. */
int srcfile_read(struct srcfile *f, const char *name, size_t n,
    const char *search, const char *trim, int anywhere, struct perr *e);
void srcfile_free(struct srcfile *f);

/* The part of path pprof shows, and looks for: trimmed as above, except
 * that no search (NULL) makes no guess. A pointer into path. */
const char *srcfile_trim(const char *path, const char *trim,
    const char *search);

#endif
