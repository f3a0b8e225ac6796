/*
 * Source files named by a profile, found where pprof's -list finds them:
 * profiles name files as they were on the machine that built the
 * program, so a prefix is trimmed and the rest looked for locally. A
 * profile is data from elsewhere: what it names is read only when it is
 * a regular file under the source path (a page made to be sent must not
 * carry /etc/passwd because a profile named it), and only so much.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/array.h"
#include "io/srcfile.h"

/* The next ':'-separated part of *list (NULL at the end). */
static const char *
next_part(const char **list, size_t *n)
{
	const char *p = *list, *c;

	if (p == NULL)
		return NULL;
	c = strchr(p, ':');
	*n = c != NULL ? (size_t)(c - p) : strlen(p);
	*list = c != NULL ? c + 1 : NULL;
	return p;
}

/* The last component of dir (n bytes), trailing slashes aside. */
static const char *
base_name(const char *dir, size_t *n)
{
	size_t end = *n, start;

	while (end > 1 && dir[end - 1] == '/')
		end--;
	start = end;
	while (start > 0 && dir[start - 1] != '/')
		start--;
	*n = end - start;
	return dir + start;
}

/* What pprof trims off a file's name: with no trim given, everything up
 * to a search directory's own name ("/project/" in
 * "/build/project/x.c"), then a given prefix or /proc/self/cwd/. */
const char *
srcfile_trim(const char *path, const char *trim, const char *search)
{
	static const char *const cwd[] = { "/proc/self/cwd/./",
	    "/proc/self/cwd/" };
	const char *part, *b, *hit;
	char want[4096];
	size_t n, bn, i;

	while (trim == NULL && search != NULL && (part = next_part(&search, &n)) != NULL) {
		bn = n;
		b = base_name(part, &bn);
		if (bn + 2 >= sizeof(want))
			continue;
		want[0] = '/';
		memcpy(want + 1, b, bn);
		want[bn + 1] = '/';
		want[bn + 2] = '\0';
		if ((hit = strstr(path, want)) != NULL)
			return hit + bn + 2;
	}
	while ((part = next_part(&trim, &n)) != NULL) {
		while (n > 0 && part[n - 1] == '/')
			n--;
		if (n > 0 && strncmp(path, part, n) == 0 && path[n] == '/')
			return path + n + 1;
	}
	for (i = 0; i < 2; i++)
		if (strncmp(path, cwd[i], strlen(cwd[i])) == 0)
			return path + strlen(cwd[i]);
	return path;
}

/* dir's parent, lexically, in place: 0, or -1 at the top ("/", "."). */
static int
parent(char *dir)
{
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	while (n > 0 && dir[n - 1] != '/')
		n--;
	if (n == 0) {
		if (strcmp(dir, ".") == 0 || dir[0] == '\0')
			return -1;
		strcpy(dir, ".");
		return 0;
	}
	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (strcmp(dir, "/") == 0)
		return -1;
	dir[n] = '\0';
	return 0;
}

/* Whether path (resolved) lies under one of search's directories
 * (resolved), or is one of them. */
static int
under_search(const char *path, const char *search)
{
	char dir[4096], real[PATH_MAX];
	const char *part;
	size_t n;

	while ((part = next_part(&search, &n)) != NULL) {
		if (n == 0 || n >= sizeof(dir))
			continue;
		memcpy(dir, part, n);
		dir[n] = '\0';
		if (realpath(dir, real) == NULL)
			continue;
		n = strlen(real);
		if (strcmp(real, "/") == 0 || (strncmp(path, real, n) == 0 &&
		    (path[n] == '/' || path[n] == '\0')))
			return 1;
	}
	return 0;
}

/* Opens name if it may be read: a regular file (no device, FIFO or
 * directory: O_NONBLOCK so that a FIFO cannot hang the open), within
 * SRCFILE_MAX, and unless anywhere, under a search directory once its
 * symlinks and ".." are resolved. fd, or -1 with why set (errno's text
 * for a file not there: the search goes on). */
static int
open_checked(const char *name, const char *search, int anywhere,
    char *why, size_t whysize, int *found)
{
	char real[PATH_MAX];
	struct stat st;
	int fd;

	*found = 0;
	if (realpath(name, real) == NULL) {
		snprintf(why, whysize, "%s: %s", name, strerror(errno));
		return -1;
	}
	*found = 1;
	if (!anywhere && !under_search(real, search)) {
		snprintf(why, whysize, "%s is outside the source path (%s)",
		    real, search);
		return -1;
	}
	if ((fd = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
		snprintf(why, whysize, "%s: %s", real, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(why, whysize, "%s is not a regular file", real);
		close(fd);
		return -1;
	}
	if (st.st_size > SRCFILE_MAX) {
		snprintf(why, whysize, "%s is larger than %d MB", real,
		    SRCFILE_MAX >> 20);
		close(fd);
		return -1;
	}
	return fd;
}

/* The file of relative path under a search directory or, as pprof looks,
 * one of its parents (found there, it must still lie under one unless
 * anywhere): fd, or -1 with why set. */
static int
open_in(const char *path, const char *search, int anywhere, char *why,
    size_t whysize)
{
	char dir[4096], name[8192], reason[PATH_MAX + 128];
	const char *part, *list = search;
	size_t n;
	int fd, found, refused = 0;

	while ((part = next_part(&list, &n)) != NULL) {
		if (n == 0 || n >= sizeof(dir))
			continue;
		memcpy(dir, part, n);
		dir[n] = '\0';
		do {
			snprintf(name, sizeof(name), "%s/%s", dir, path);
			fd = open_checked(name, search, anywhere, reason,
			    sizeof(reason), &found);
			if (fd >= 0)
				return fd;
			if (found && !refused) {	/* the first refusal */
				snprintf(why, whysize, "%s", reason);
				refused = 1;
			}
		} while (parent(dir) == 0);
	}
	if (!refused)
		snprintf(why, whysize, "%s: not found under %s or its parents",
		    path, search);
	return -1;
}

/* Reads fd whole into f, cut into lines as Go's bufio.Scanner cuts them
 * (a "\r" before a line's end dropped); at most SRCFILE_MAX bytes (a file
 * that grows while read stops there). 0, 1 (read error, too long), -1. */
static int
read_lines(struct srcfile *f, int fd)
{
	size_t len = 0, cap = 0, caplines = 0, i, start;
	ssize_t nread;

	for (;;) {
		if (array_grow((void **)&f->text, &cap, len + 65536 + 1, 1) < 0)
			return -1;
		nread = read(fd, f->text + len, cap - len - 1);
		if (nread < 0 && errno == EINTR)
			continue;
		if (nread < 0)
			return 1;
		if (nread == 0)
			break;
		len += (size_t)nread;
		if (len > SRCFILE_MAX)
			return 1;
	}
	f->text[len] = '\0';
	for (start = i = 0; i <= len; i++) {
		if (i < len && f->text[i] != '\n')
			continue;
		if (i == len && start == len)
			break;
		if (array_grow((void **)&f->line, &caplines, f->nlines + 1,
		    sizeof(*f->line)) < 0)
			return -1;
		f->text[i] = '\0';
		if (i > start && f->text[i - 1] == '\r')
			f->text[i - 1] = '\0';
		f->line[f->nlines++] = f->text + start;
		start = i + 1;
	}
	return 0;
}

int
srcfile_read(struct srcfile *f, const char *name, size_t n,
    const char *search, const char *trim, int anywhere, struct perr *e)
{
	char path[4096], cwd[4096], why[PATH_MAX + 256];
	const char *rel;
	int fd, rc, found;

	memset(f, 0, sizeof(*f));
	if (search == NULL)	/* pprof's: the working directory */
		search = getcwd(cwd, sizeof(cwd)) != NULL ? cwd : ".";
	if (n == 0 || n >= sizeof(path) || memchr(name, '\0', n) != NULL) {
		perr_set(e, "no file to read");
		return 1;
	}
	memcpy(path, name, n);
	path[n] = '\0';
	rel = srcfile_trim(path, trim, search);
	fd = rel[0] == '/' ? open_checked(rel, search, anywhere, why,
	    sizeof(why), &found) : open_in(rel, search, anywhere, why,
	    sizeof(why));
	if (fd < 0) {
		perr_set(e, "%s", why);
		return 1;
	}
	rc = read_lines(f, fd);
	close(fd);
	if (rc != 0) {
		srcfile_free(f);
		if (rc > 0)
			perr_set(e, "%s: a read error, or past %d MB", rel,
			    SRCFILE_MAX >> 20);
		return rc < 0 ? perr_nomem(e) : 1;
	}
	return 0;
}

void
srcfile_free(struct srcfile *f)
{
	free(f->text);
	free(f->line);
	memset(f, 0, sizeof(*f));
}
