/*
 * Source files named by a profile, found where pprof's -list finds them:
 * profiles name files as they were on the machine that built the
 * program, so a prefix is trimmed and the rest looked for locally.
 */
#include <errno.h>
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

static FILE *
open_in(const char *path, const char *search)
{
	char dir[4096], name[8192];
	const char *part;
	size_t n;
	FILE *fp;

	while ((part = next_part(&search, &n)) != NULL) {
		if (n == 0 || n >= sizeof(dir))
			continue;
		memcpy(dir, part, n);
		dir[n] = '\0';
		do {
			snprintf(name, sizeof(name), "%s/%s", dir, path);
			if ((fp = fopen(name, "r")) != NULL)
				return fp;
		} while (parent(dir) == 0);
	}
	return NULL;
}

/* Reads fp whole into f, cut into lines as Go's bufio.Scanner cuts them
 * (a "\r" before a line's end dropped). */
static int
read_lines(struct srcfile *f, FILE *fp)
{
	size_t len = 0, cap = 0, nread, caplines = 0, i, start;

	for (;;) {
		if (array_grow((void **)&f->text, &cap, len + 65536 + 1, 1) < 0)
			return -1;
		nread = fread(f->text + len, 1, cap - len - 1, fp);
		len += nread;
		if (nread == 0)
			break;
	}
	if (ferror(fp))
		return 1;
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
    const char *search, const char *trim, struct perr *e)
{
	char path[4096], cwd[4096];
	const char *rel;
	FILE *fp;
	int rc;

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
	fp = rel[0] == '/' ? fopen(rel, "r") : open_in(rel, search);
	if (fp == NULL) {
		if (rel[0] == '/')
			perr_set(e, "%s: %s", rel, strerror(errno));
		else
			perr_set(e, "%s: not found under %s or its parents",
			    rel, search);
		return 1;
	}
	rc = read_lines(f, fp);
	fclose(fp);
	if (rc != 0) {
		srcfile_free(f);
		if (rc > 0)
			perr_set(e, "%s: read error", rel);
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
