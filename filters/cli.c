#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/focus.h"
#include "analysis/select.h"
#include "base/heap.h"
#include "model/combine.h"
#include "io/input.h"
#include "io/tmpfile.h"
#include "stream/stream_read.h"
#include "formats/v1/v1.h"
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

/* -Z: a size with an optional k, M or G suffix */
static void
limit(const struct cli_prog *prog, const char *arg)
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
	if (errno != 0 || end == arg || *end != '\0' || v == 0 ||
	    arg[0] == '-' || v > (~0ULL >> shift)) {
		cli_warn("-Z: '%s' is not a size (such as 100M or 8G)", arg);
		cli_usage(prog);
	}
	input_set_limit(v << shift);
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
 * here could become standard error, and warnings land in it), and the
 * fatal signals that would leave temporary files. */
static void
setup(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	size_t i;
	int fd;

	for (fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF &&
		    open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) != fd)
			_exit(EXIT_BAD);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (signal(sigs[i], on_signal) == SIG_IGN)
			signal(sigs[i], SIG_IGN);	/* as the shell set it */
	input_set_warn(input_warning);
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
	cli_warn("%s", e->msg[0] != '\0' ? e->msg : "failed (no reason "
	    "given: a bug)");
	die(EXIT_BAD);
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

const char *
cli_tmpfile(void)
{
	const char *path;
	struct perr e;

	if (tmp_file(&path, &e) < 0)
		cli_fail(&e);
	return path;
}

int
cli_tmpfd(void)
{
	struct perr e;
	int fd = tmp_fd(&e);

	if (fd < 0)
		cli_fail(&e);
	return fd;
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

int
cli_convert(const struct cli_prog *prog, const struct cli_converter *cv,
    void *ctx, int argc, char **argv)
{
	struct cli_out out;
	const char *opath = NULL;
	int ch, v1 = 0;

	while ((ch = cli_getopt(prog, argc, argv)) != -1)
		if (ch == '1')
			v1 = 1;
		else if (ch == 'o')
			opath = optarg;
		else
			cv->option(ctx, ch, optarg);
	argc -= optind;
	argv += optind;
	if (argc == 0)
		cli_not_a_terminal(prog);
	cli_out_open(&out, opath, v1);
	cv->begin(ctx, &out.o);
	if (argc == 0)
		cv->convert(ctx, NULL);
	for (; argc > 0; argc--, argv++)
		cv->convert(ctx, *argv);
	cv->end(ctx);
	cli_out_close(&out);
	return EXIT_OK;
}

struct input_ref
cli_ref(const char *path, enum twice how)
{
	struct input_ref r;
	struct perr e;

	if (input_ref(&r, path, how, &e) < 0)
		cli_fail(&e);
	return r;
}

static void
combine_paths(struct output *o, int n, char **paths, uint32_t *first)
{
	struct input_ref *in;
	struct perr e;
	int i, seen_stdin = 0;

	for (i = 0; i < n; i++)
		if (input_is_stdin(paths[i]) && seen_stdin++) {
			cli_warn("standard input (-) can be given once");
			die(EXIT_USAGE);
		}
	if ((in = calloc((size_t)n + 1, sizeof(*in))) == NULL) {
		cli_warn("out of memory");
		die(EXIT_BAD);
	}
	for (i = 0; i < n; i++)
		in[i] = cli_ref(paths[i], TWICE_WHOLE);
	if (combine_inputs_counted(o, (size_t)n, in, first, &e) < 0)
		cli_fail(&e);
	free(in);
}

void
cli_combine(struct output *o, int n, char **paths)
{
	combine_paths(o, n, paths, NULL);
}

/* A temporary file holding the n operands combined; the first's number
 * of sources into *first unless NULL. */
static struct input_ref
combined(int n, char **paths, const char *shown, uint32_t *first)
{
	struct input_ref f = { cli_tmpfile(), shown, NULL };
	struct output o;
	struct perr e;

	if (output_open(&o, f.path, &e) < 0)
		cli_fail(&e);
	cli_set_output(&o);
	combine_paths(&o, n, paths, first);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	cli_set_output(NULL);
	return f;
}

struct input_ref
cli_to_v2(struct input_ref in)
{
	struct input_ref v2 = { cli_tmpfile(), in.shown, NULL };
	struct output o;
	struct perr e;

	if (output_open(&o, v2.path, &e) < 0)
		cli_fail(&e);
	cli_set_output(&o);
	if (combine_inputs(&o, 1, &in, &e) < 0 || output_close(&o, &e) < 0)
		cli_fail(&e);
	cli_set_output(NULL);
	return v2;
}

struct input_ref
cli_input(const struct cli_prog *prog, int argc, char **argv,
    enum twice how)
{
	if (argc == 0)
		cli_not_a_terminal(prog);
	if (argc <= 1)
		return cli_ref(argc == 1 ? argv[0] : NULL, how);
	return combined(argc, argv, "the combined input", NULL);
}

struct input_ref
cli_input_diff(const struct cli_prog *prog, const char *base, int argc,
    char **argv, struct source_set *bases)
{
	char **paths;
	uint32_t n = 0, i;
	struct input_ref r;

	if (argc == 0)
		cli_not_a_terminal(prog);
	if ((paths = calloc((size_t)argc + 2, sizeof(*paths))) == NULL) {
		cli_warn("out of memory");
		die(EXIT_BAD);
	}
	paths[0] = (char *)base;
	for (i = 0; i < (uint32_t)argc; i++)
		paths[i + 1] = argv[i];
	r = combined(argc > 0 ? argc + 1 : 2, paths, "the combined input",
	    &n);
	free(paths);
	for (i = 1; i <= n; i++)
		if (source_set_add(bases, i) < 0) {
			cli_warn("out of memory");
			die(EXIT_BAD);
		}
	if (n == 0) {
		cli_warn("%s: the base has no source", base);
		die(EXIT_BAD);
	}
	return r;
}

void
cli_sources(const struct cli_prog *prog, struct source_set *s,
    const char *arg)
{
	struct perr e;

	if (source_set_parse(s, arg, &e) < 0) {
		cli_warn("-s: %s", e.msg);
		cli_usage(prog);
	}
}

void
cli_focus_option(const struct cli_prog *prog, struct focus_opts *fo, int ch,
    const char *arg)
{
	struct re **slot, *re;
	struct tag_filter **tslot = NULL;
	const char *name = NULL;
	char err[256];

	switch (ch) {
	case 'f': slot = &fo->focus; break;
	case 'i': slot = &fo->ignore; break;
	case 'H': slot = &fo->hide; break;
	case 'S': slot = &fo->show; break;
	case CLI_TAGFOCUS: tslot = &fo->tagfocus; name = "tagfocus"; break;
	case CLI_TAGIGNORE: tslot = &fo->tagignore; name = "tagignore"; break;
	case CLI_TAGSHOW: slot = &fo->tagshow; name = "tagshow"; break;
	case CLI_TAGHIDE: slot = &fo->taghide; name = "taghide"; break;
	default: slot = &fo->show_from; break;
	}
	if (tslot != NULL) {
		tag_filter_free(*tslot);
		*tslot = NULL;
		if (*arg == '\0')
			return;
		if ((*tslot = tag_filter_new(arg, err, sizeof(err))) == NULL) {
			cli_warn("--%s: '%s': %s", name, arg, err);
			cli_usage(prog);
		}
		/* pprof says it too */
		if (tag_filter_is_range(*tslot))
			cli_warn("--%s: '%s' is a range, not a regular "
			    "expression", name, arg);
		return;
	}
	re_free(*slot);
	*slot = NULL;
	if (*arg == '\0')	/* as pprof: no filter */
		return;
	if ((re = re_compile(arg, err, sizeof(err))) == NULL) {
		if (name != NULL)
			cli_warn("--%s: '%s': %s", name, arg, err);
		else
			cli_warn("-%c: '%s': %s", ch, arg, err);
		cli_usage(prog);
	}
	*slot = re;
}

void
cli_focus_report(const struct focus_opts *fo, unsigned unmatched)
{
	static const struct { unsigned bit; const char *opt, *what; } f[] = {
		{ FOCUS_FOCUS, "-f", "focus" }, { FOCUS_IGNORE, "-i", "ignore" },
		{ FOCUS_HIDE, "-H", "hide" }, { FOCUS_SHOW, "-S", "show" },
		{ FOCUS_SHOW_FROM, "-r", "show_from" },
		{ FOCUS_TAGFOCUS, "--tagfocus", "tagfocus" },
		{ FOCUS_TAGIGNORE, "--tagignore", "tagignore" },
		{ FOCUS_TAGSHOW, "--tagshow", "tagshow" },
		{ FOCUS_TAGHIDE, "--taghide", "taghide" },
	};
	size_t i;

	(void)fo;
	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if (unmatched & f[i].bit)
			cli_warn("%s: the %s expression matched no samples",
			    f[i].opt, f[i].what);
}

void
cli_focus_free(struct focus_opts *fo)
{
	re_free(fo->focus);
	re_free(fo->ignore);
	re_free(fo->hide);
	re_free(fo->show);
	re_free(fo->show_from);
	re_free(fo->tagshow);
	re_free(fo->taghide);
	tag_filter_free(fo->tagfocus);
	tag_filter_free(fo->tagignore);
}

void
cli_check_sources(const struct source_set *s, int opt, uint32_t id,
    const struct prof *p)
{
	struct perr e;

	if (s != NULL ? source_set_check(s, p, &e) < 0 : id != 0 &&
	    source_check(id, p, &e) < 0) {
		cli_warn("-%c: %s", opt, e.msg);
		die(EXIT_BAD);
	}
}

void
cli_assemble(struct stream_reader *r, struct input_ref in, struct prof *p,
    int (*emit)(void *, struct prof *, const struct sample *, struct perr *),
    int (*restart)(void *, struct perr *), void *ctx)
{
	struct perr e;

	if (assemble_file(r, in.path, in.shown, in.record, p, emit, restart,
	    ctx, ASM_SUMS, &e) < 0)
		cli_fail(&e);
}

void
cli_open(struct output *o, const char *opath)
{
	struct perr e;

	if (output_open(o, opath, &e) < 0)
		cli_fail(&e);
	cli_set_output(o);
}

void
cli_hold(struct output *o)
{
	const char *spool = cli_tmpfile();
	int fd = open(spool, O_RDWR);

	if (fd < 0) {
		cli_warn("%s: %s", spool, strerror(errno));
		die(EXIT_BAD);
	}
	if (output_hold(o, fd) == 0)
		close(fd);
}

/* The default title's sources: their URIs, or how many. */
char *
cli_source_names(const struct prof *p, const struct source_set *keep)
{
	size_t i, n = 0, cap = 256, k = 0;
	char *s = malloc(cap);

	if (s == NULL)
		return NULL;
	s[0] = '\0';
	for (i = 0; i < p->nsources; i++) {
		const struct source *src = &p->sources[i];
		const char *uri = src->uri == PROF_NONE ? "<stdin>" :
		    prof_str(p, src->uri);
		if (!source_set_has_id(keep, src->id) ||
		    (n > 0 && strstr(s, uri) != NULL))
			continue;
		k++;
		if (n + strlen(uri) + 3 < cap && n < 120)
			n += (size_t)snprintf(s + n, cap - n, "%s%s",
			    n ? ", " : "", uri);
	}
	if (n >= 120)
		snprintf(s + n, cap - n, ", ... (%zu sources)", k);
	return s;
}
