#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "io/input.h"
#include "io/tmpfile.h"
#include "io/twice.h"

/* A pipe, as far as reading it again goes: standard input that cannot
 * seek, or a named file that is neither a regular file nor a directory
 * (which open and read refuse with their own message). */
static int
is_pipe(const char *path, int whole)
{
	struct stat st;

	if (input_is_stdin(path))	/* read to its end by the first pass */
		return whole || lseek(STDIN_FILENO, 0, SEEK_CUR) < 0;
	return stat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
	    !S_ISDIR(st.st_mode);
}

/* Copies the input at path into the file copy. */
static int
copy(const char *path, const char *name, const char *copy, struct perr *e)
{
	char buf[1 << 16];
	ssize_t n;
	int in, out, rc = 0;

	in = input_is_stdin(path) ? dup(STDIN_FILENO) : open(path, O_RDONLY);
	if (in < 0)
		return perr_set(e, "%s: %s", name, strerror(errno));
	if ((out = open(copy, O_WRONLY | O_TRUNC)) < 0) {
		close(in);
		return perr_set(e, "%s: %s", copy, strerror(errno));
	}
	while (rc == 0 && (n = read(in, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || write(out, buf, (size_t)n) != n)
			rc = perr_set(e, "%s: %s", n < 0 ? name : copy,
			    strerror(errno));
	}
	if (close(out) != 0 && rc == 0)
		rc = perr_set(e, "%s: %s", copy, strerror(errno));
	close(in);
	return rc;
}

int
input_ref(struct input_ref *r, const char *path, enum twice how,
    struct perr *e)
{
	const char *name = input_is_stdin(path) ? "<stdin>" : path;

	r->path = input_is_stdin(path) ? NULL : path;
	r->shown = NULL;
	r->record = NULL;
	if (!is_pipe(path, how == TWICE_WHOLE))
		return 0;
	if (how == TWICE_LATE)
		return tmp_file(&r->record, e);
	if (tmp_file(&r->path, e) < 0 || copy(path, name, r->path, e) < 0)
		return -1;
	r->shown = name;
	return 0;
}
