/* cli.c: what every filter shares about its options: parsing them
 * (getopt_long over each program's one table), -h/--help, --version and
 * usage from that table, messages and exit codes, signals. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/heap.h"
#include "io/input.h"
#include "io/tmpfile.h"
#include "door/door.h"
#include "cli.h"

extern const char *__progname;
static struct output *cli_out;

/* "-c, --cum" or "    --unit", and " arg", into buf. */
static int
opt_name(const struct cli_opt *o, char *buf, size_t n)
{
	return snprintf(buf, n, "%s%c%s%s%s%s%s", o->ch < CLI_LONG ? "-" : "",
	    o->ch < CLI_LONG ? o->ch : ' ', o->ch < CLI_LONG && o->name ?
	    ", " : o->ch < CLI_LONG ? "" : "   ", o->name ? "--" : "",
	    o->name ? o->name : "", o->arg ? " " : "", o->arg ? o->arg : "");
}

/* Prints item on the synopsis, on a new line when it would pass column
 * 80 (its items line up after "usage: prog"). */
static void
item(FILE *fp, int *col, int indent, const char *item)
{
	int n = (int)strlen(item);

	if (*col + n > 79) {
		fprintf(fp, "\n%*s", indent, "");
		*col = indent;
	}
	*col += fprintf(fp, "%s", item);
}

static void
synopsis(const struct cli_prog *prog, FILE *fp)
{
	const struct cli_opt *o;
	char buf[128];
	size_t n = 0;
	int col, indent;

	col = indent = fprintf(fp, "usage: %s", __progname);
	for (o = prog->opts; o->ch != 0; o++)
		if (o->arg == NULL && o->help != NULL && o->ch < CLI_LONG &&
		    n + 4 < sizeof(buf))
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%c",
			    n ? "" : " [-", o->ch);
	if (n > 0) {
		snprintf(buf + n, sizeof(buf) - n, "]");
		item(fp, &col, indent, buf);
	}
	for (o = prog->opts; o->ch != 0; o++)
		if (o->help != NULL && (o->arg != NULL || o->ch >= CLI_LONG)) {
			if (o->ch < CLI_LONG)
				snprintf(buf, sizeof(buf), " [-%c %s]", o->ch,
				    o->arg);
			else
				snprintf(buf, sizeof(buf), " [--%s%s%s]", o->name,
				    o->arg ? " " : "", o->arg ? o->arg : "");
			item(fp, &col, indent, buf);
		}
	snprintf(buf, sizeof(buf), " %s", prog->operands);
	item(fp, &col, indent, buf);
	fputc('\n', fp);
}

#define HELP_COL 24	/* where an option's help begins */

void
cli_show_usage(const struct cli_prog *prog, FILE *fp)
{
	const struct cli_opt *o;
	const char *p, *nl;
	char name[64];
	int w;

	synopsis(prog, fp);
	fprintf(fp, "%s\n", prog->purpose);
	for (o = prog->opts; o->ch != 0; o++) {
		if (o->help == NULL)
			continue;	/* an older spelling */
		opt_name(o, name, sizeof(name));
		w = fprintf(fp, "  %s", name);
		if (w >= HELP_COL - 1) {
			fputc('\n', fp);
			w = 0;
		}
		/* continuation lines line up under the first */
		for (p = o->help; (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
			fprintf(fp, "%*s%.*s\n", HELP_COL - w, "", (int)(nl - p),
			    p);
			w = 0;
		}
		fprintf(fp, "%*s%s\n", HELP_COL - w, "", p);
	}
	fprintf(fp, "%-*sthis help; -V, --version: the version\n", HELP_COL,
	    "  -h, --help");
	if (prog->notes != NULL)
		fprintf(fp, "%s\n", prog->notes);
	fprintf(fp, "See %s(1) (in the source tree: man ./man/%s.1).\n",
	    __progname, __progname);
}

void
cli_usage(const struct cli_prog *prog)
{
	synopsis(prog, stderr);
	fprintf(stderr, "Try '%s --help', or man %s (in the source tree: "
	    "man ./man/%s.1).\n", __progname, __progname, __progname);
	exit(EXIT_USAGE);
}

static void
version(void)
{
	printf("%s (profstream) %s\n", __progname, PROFSTREAM_VERSION);
	exit(EXIT_OK);
}

unsigned long long
cli_size(const struct cli_prog *prog, const char *arg, const char *opt,
    int zero_ok)
{
	char *end;
	unsigned long long v;
	int shift = 0;

	errno = 0;
	v = strtoull(arg, &end, 10);
	switch (*end) {
	case 'k': case 'K': shift = 10; end++; break;
	case 'm': case 'M': shift = 20; end++; break;
	case 'g': case 'G': shift = 30; end++; break;
	}
	if (errno != 0 || end == arg || *end != '\0' || (v == 0 && !zero_ok) ||
	    arg[0] == '-' || v > (~0ULL >> shift)) {
		cli_warn("%s: '%s' is not a size (such as 100M or 8G)", opt,
		    arg);
		cli_usage(prog);
	}
	return v << shift;
}

/* -Z: a size with an optional k, M or G suffix */
static void
limit(const struct cli_prog *prog, const char *arg)
{
	input_set_limit(cli_size(prog, arg, "-Z", 0));
}

/* -X: frames a stream may hold per byte of input, 0 for no bound */
static void
expansion(const struct cli_prog *prog, const char *arg)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || arg[0] == '-') {
		cli_warn("-X: '%s' is not a number of frames (such as 1024, "
		    "or 0: no bound)", arg);
		cli_usage(prog);
	}
	input_set_expansion(v);
}

/* A fatal signal: what would be left behind goes, then the signal's own
 * end (a pipe's reader gone stays a quiet end). Only unlink: it is safe
 * in a handler. */
static void
on_signal(int sig)
{
	if (cli_out != NULL && cli_out->tmp != NULL)
		unlink(cli_out->tmp);
	tmp_remove_all();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* The input layer's warnings (trailing garbage after gzip data), each
 * said once though an input may be read twice (out of order, combined). */
static void
input_warning(const char *msg)
{
	static char *said[16];
	static size_t nsaid;
	size_t i;

	for (i = 0; i < nsaid; i++)
		if (strcmp(said[i], msg) == 0)
			return;
	if (nsaid < sizeof(said) / sizeof(said[0]))
		said[nsaid++] = strdup(msg);	/* NULL: said again, no harm */
	cli_warn("%s", msg);
}

/* Before anything is opened: descriptors 0 to 2 open (else a file opened
 * here could become standard output or error, and output or warnings
 * land in it), and the
 * fatal signals that would leave temporary files. */
static void
setup(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	size_t i;
	int fd;

	/* a closed standard output is held by /dev/null opened for reading,
	 * so that writing to it fails as writing to a closed one would
	 * (EBADF), through the output's one error path: a message and exit
	 * 1, never the output lost with exit 0 */
	for (fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF &&
		    open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY) != fd)
			_exit(EXIT_BAD);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (signal(sigs[i], on_signal) == SIG_IGN)
			signal(sigs[i], SIG_IGN);	/* as the shell set it */
	input_set_warn(input_warning);
	door_set_warn(input_warning);
	heap_prefer_huge_pages();
}

int
cli_getopt(const struct cli_prog *prog, int argc, char **argv)
{
	static char optstring[128];
	static struct option longs[64];
	const struct cli_opt *o;
	size_t n = 0, nl = 0;
	int ch, i;

	if (optstring[0] == '\0') {
		setup();
		optstring[n++] = ':';	/* a missing argument is ours to say */
		for (o = prog->opts; o->ch != 0; o++) {
			if (o->ch < CLI_LONG && n + 4 < sizeof(optstring)) {
				optstring[n++] = (char)o->ch;
				if (o->arg != NULL)
					optstring[n++] = ':';
			}
			if (o->name != NULL && nl + 3 < sizeof(longs) /
			    sizeof(longs[0]))
				longs[nl++] = (struct option){ o->name,
				    o->arg ? required_argument : no_argument,
				    NULL, o->ch };
		}
		memcpy(optstring + n, "hV", 3);
		longs[nl++] = (struct option){ "help", no_argument, NULL, 'h' };
		longs[nl++] = (struct option){ "version", no_argument, NULL,
		    'V' };
		opterr = 0;
		cli_pprof_habits(prog, argc, argv);
	}
	for (;;) {
		switch (ch = getopt_long(argc, argv, optstring, longs, NULL)) {
		case 'h':
			cli_show_usage(prog, stdout);
			exit(EXIT_OK);
		case 'V':
			version();
			break;
		case 'Z':
			limit(prog, optarg);
			continue;
		case 'X':
			expansion(prog, optarg);
			continue;
		case ':':
			if (optopt != 0 && optopt < CLI_LONG &&
			    strncmp(argv[optind - 1], "--", 2) != 0)
				cli_warn("option -%c needs an argument", optopt);
			else
				cli_warn("option %s needs an argument",
				    argv[optind - 1]);
			cli_usage(prog);
		case '?':
			if (optopt != 0)
				cli_warn("unknown option -%c", optopt);
			else
				cli_warn("unknown option %s", argv[optind - 1]);
			cli_usage(prog);
		}
		/* an older spelling is the option it stands for */
		for (i = 0; ch != -1 && prog->opts[i].ch != 0; i++)
			if (prog->opts[i].ch == ch && prog->opts[i].alias != 0)
				return prog->opts[i].alias;
		return ch;
	}
}

void
cli_not_a_terminal(const struct cli_prog *prog)
{
	if (isatty(STDIN_FILENO)) {
		cli_warn("no input: give files, or a stream on standard input");
		cli_usage(prog);
	}
}

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
cli_exit(int status)
{
	if (cli_out != NULL)
		output_discard(cli_out);
	exit(status);
}

void
cli_fail(struct perr *e)
{
	cli_warn("%s", e->msg[0] != '\0' ? e->msg : "failed (no reason "
	    "given: a bug)");
	cli_exit(EXIT_BAD);
}

double
cli_fraction(const struct cli_prog *prog, const char *arg, const char *name)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno != 0 || end == arg || *end != '\0' || !(v >= 0 && v <= 1)) {
		cli_warn("--%s: '%s' is not a fraction from 0 to 1", name, arg);
		cli_usage(prog);
	}
	return v;
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
