#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "combine.h"
#include "input.h"
#include "output.h"
#include "v1.h"
#include "cli.h"

extern const char *__progname;
static struct output *cli_out;

void
cli_set_output(struct output *o)
{
	cli_out = o;
}

void
cli_warn(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", __progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Temporary files, removed at exit; shown: the name messages give one
 * instead of its path (what the user named), or NULL. */
static struct {
	char *path;
	const char *shown;
} tmpfiles[4];
static int ntmpfiles;

const char *
cli_shown(const char *name)
{
	int i;

	for (i = 0; i < ntmpfiles; i++)
		if (tmpfiles[i].shown != NULL &&
		    strcmp(name, tmpfiles[i].path) == 0)
			return tmpfiles[i].shown;
	return name;
}

/* Exits with status, leaving no half-written -o file. */
static void __attribute__((noreturn))
die(int status)
{
	if (cli_out != NULL)
		output_discard(cli_out);
	exit(status);
}

void
cli_fail(struct perr *e)
{
	char rest[sizeof(e->msg)], *at;
	int i;

	for (i = 0; i < ntmpfiles; i++)
		if (tmpfiles[i].shown != NULL &&
		    (at = strstr(e->msg, tmpfiles[i].path)) != NULL) {
			snprintf(rest, sizeof(rest), "%s",
			    at + strlen(tmpfiles[i].path));
			snprintf(at, sizeof(e->msg) - (size_t)(at - e->msg),
			    "%s%s", tmpfiles[i].shown, rest);
		}
	cli_warn("%s", e->msg);
	die(EXIT_BAD);
}

void
cli_usage(const char *synopsis)
{
	fprintf(stderr, "usage: %s %s\n", __progname, synopsis);
	exit(EXIT_USAGE);
}

long long
cli_number(const char *arg, int opt, long long max)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || v < 1 || v > max) {
		cli_warn("-%c: '%s' is not a number from 1 to %lld", opt, arg,
		    max);
		exit(EXIT_USAGE);
	}
	return v;
}

static void
remove_tmpfiles(void)
{
	while (ntmpfiles > 0) {
		unlink(tmpfiles[--ntmpfiles].path);
		free(tmpfiles[ntmpfiles].path);
	}
}

const char *
cli_tmpfile(const char *shown)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	int fd;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	if (ntmpfiles == (int)(sizeof(tmpfiles) / sizeof(tmpfiles[0])) ||
	    (path = malloc(strlen(dir) + 24)) == NULL) {
		cli_warn("out of memory");
		die(EXIT_BAD);
	}
	sprintf(path, "%s/profstream.XXXXXX", dir);
	if ((fd = mkstemp(path)) < 0) {
		cli_warn("%s: %s", path, strerror(errno));
		die(EXIT_BAD);
	}
	close(fd);
	if (ntmpfiles++ == 0)
		atexit(remove_tmpfiles);
	tmpfiles[ntmpfiles - 1].path = path;
	tmpfiles[ntmpfiles - 1].shown = shown;
	return path;
}

void
cli_out_open(struct cli_out *c, const char *opath, int v1)
{
	struct perr e;

	c->opath = opath;
	c->tmp = v1 ? cli_tmpfile(NULL) : NULL;
	if (output_open(&c->o, v1 ? c->tmp : opath, &e) < 0)
		cli_fail(&e);
	cli_set_output(&c->o);
}

void
cli_out_close(struct cli_out *c)
{
	struct perr e;

	if (output_close(&c->o, &e) < 0)
		cli_fail(&e);
	if (c->tmp == NULL)
		return;
	if (output_open(&c->o, c->opath, &e) < 0)
		cli_fail(&e);
	cli_set_output(&c->o);
	if (v1_write(c->tmp, &c->o, &e) < 0 || output_close(&c->o, &e) < 0)
		cli_fail(&e);
}

void
cli_limit(const char *arg)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(arg, &end, 10);
	switch (*end) {
	case 'k': case 'K': v <<= 10; end++; break;
	case 'm': case 'M': v <<= 20; end++; break;
	case 'g': case 'G': v <<= 30; end++; break;
	}
	if (errno != 0 || end == arg || *end != '\0' || v == 0 || arg[0] == '-') {
		cli_warn("-Z: '%s' is not a size (such as 100M or 8G)", arg);
		exit(EXIT_USAGE);
	}
	input_set_limit(v);
}

/* Standard input is read more than once (its headers first): it is
 * copied to a temporary file, which is read instead. */
static const char *
spool_stdin(void)
{
	const char *spool = cli_tmpfile("<stdin>");
	char buf[1 << 16];
	ssize_t n;
	int fd;

	if ((fd = open(spool, O_WRONLY)) < 0) {
		cli_warn("%s: %s", spool, strerror(errno));
		die(EXIT_BAD);
	}
	while ((n = read(STDIN_FILENO, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || write(fd, buf, (size_t)n) != n) {
			cli_warn("<stdin>: %s", strerror(errno));
			die(EXIT_BAD);
		}
	}
	close(fd);
	return spool;
}

void
cli_combine(struct output *o, int n, char **paths)
{
	struct combiner *c;
	struct perr e;
	int i, r, ext = 0, seen_stdin = 0;

	for (i = 0; i < n; i++)
		if (strcmp(paths[i], "-") == 0 && seen_stdin++) {
			cli_warn("standard input (-) can be given once");
			die(EXIT_USAGE);
		}
	for (i = 0; i < n; i++)
		if (strcmp(paths[i], "-") == 0)
			paths[i] = (char *)spool_stdin();
	for (i = 0; i < n; i++) {
		if ((r = stream_has_loc_ext(paths[i], &e)) < 0)
			cli_fail(&e);
		ext |= r;
	}
	if ((c = combine_new(o, ext, &e)) == NULL)
		cli_fail(&e);
	for (i = 0; i < n; i++)
		if (combine_add(c, paths[i], &e) < 0)
			cli_fail(&e);
	combine_free(c);
}

const char *
cli_combined(int n, char **paths)
{
	const char *tmp = cli_tmpfile("the combined input");
	struct output o;
	struct perr e;

	if (output_open(&o, tmp, &e) < 0)
		cli_fail(&e);
	cli_set_output(&o);
	cli_combine(&o, n, paths);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	cli_set_output(NULL);
	return tmp;
}

const char *
cli_input(int argc, char **argv)
{
	return argc > 1 ? cli_combined(argc, argv) : argc == 1 ? argv[0] :
	    NULL;
}
