#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

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

void
cli_fail(struct perr *e)
{
	cli_warn("%s", e->msg);
	if (cli_out != NULL)
		output_discard(cli_out);
	exit(EXIT_BAD);
}

void
cli_fail_renamed(struct perr *e, const char *from, const char *to)
{
	char *at = strstr(e->msg, from);
	char rest[sizeof(e->msg)];

	if (at != NULL) {
		snprintf(rest, sizeof(rest), "%s", at + strlen(from));
		snprintf(at, sizeof(e->msg) - (size_t)(at - e->msg), "%s%s",
		    to, rest);
	}
	cli_fail(e);
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

static char *tmpfiles[4];
static int ntmpfiles;

static void
remove_tmpfiles(void)
{
	while (ntmpfiles > 0) {
		unlink(tmpfiles[--ntmpfiles]);
		free(tmpfiles[ntmpfiles]);
	}
}

const char *
cli_tmpfile(void)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	int fd;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	if (ntmpfiles == (int)(sizeof(tmpfiles) / sizeof(tmpfiles[0])) ||
	    (path = malloc(strlen(dir) + 24)) == NULL) {
		cli_warn("out of memory");
		exit(EXIT_BAD);
	}
	sprintf(path, "%s/profstream.XXXXXX", dir);
	if ((fd = mkstemp(path)) < 0) {
		cli_warn("%s: %s", path, strerror(errno));
		exit(EXIT_BAD);
	}
	close(fd);
	if (ntmpfiles++ == 0)
		atexit(remove_tmpfiles);
	tmpfiles[ntmpfiles - 1] = path;
	return path;
}

void
cli_out_open(struct cli_out *c, const char *opath, int v1)
{
	struct perr e;

	c->opath = opath;
	c->tmp = v1 ? cli_tmpfile() : NULL;
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
