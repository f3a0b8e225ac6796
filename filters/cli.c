#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "output.h"
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
