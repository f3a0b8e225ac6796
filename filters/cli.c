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

static char v2tmp[] = "/tmp/profstream-v2XXXXXX";
static int v2tmp_made;

static void
v2tmp_remove(void)
{
	if (v2tmp_made)
		unlink(v2tmp);
}

const char *
cli_v2_first(struct output *o, struct perr *e)
{
	int fd = mkstemp(v2tmp);

	if (fd < 0) {
		perr_set(e, "%s: %s", v2tmp, strerror(errno));
		cli_fail(e);
	}
	close(fd);
	v2tmp_made = 1;
	atexit(v2tmp_remove);
	if (output_open(o, v2tmp, e) < 0)
		cli_fail(e);
	return v2tmp;
}

void
cli_v1_from(const char *tmp, const char *opath, struct perr *e)
{
	struct output o;

	if (output_open(&o, opath, e) < 0)
		cli_fail(e);
	cli_set_output(&o);
	if (v1_write(tmp, &o, e) < 0 || output_close(&o, e) < 0)
		cli_fail(e);
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
