/* tsvflame: a flame graph of profile streams, as one SVG. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "views/stacks/chart.h"
#include "views/stacks/flame.h"
#include "cli.h"

enum { O_NORMALIZE = CLI_LONG, O_ID_PREFIX };

static const struct cli_opt opts[] = {
	{ 'C', "chart", NULL, "a flame chart: the samples left to right in "
	    "time order\n(their order, or their times), not merged" },
	{ 'I', "icicle", NULL, "the root at the top" },
	{ 'l', "lines", NULL, "append :line to frames" },
	{ 'd', "diff-source", "id", "colour by the change against this source "
	    "(red grew, blue\nshrank); widths from the others" },
	{ 'W', "min-width", "px", "leave out frames narrower than this "
	    "(default 0.1)" },
	CLI_OPT_OUTPUT,
	CLI_OPT_SOURCES,
	{ 'T', "title", "title", "the title (default: the value type and the "
	    "sources)" },
	{ 't', "type", "type", "the value to draw (default: as pprof shows "
	    "it)" },
	{ 'w', "width", "px", "of the image (default 1200)" },
	{ O_NORMALIZE, "normalize", NULL, "with -d: the base's values scaled to "
	    "the others' sum\n(difffolded -n)" },
	{ O_ID_PREFIX, "id-prefix", "prefix", "put before every id of the SVG "
	    "(letters and '-'),\nso that a page can hold several" },
	CLI_OPT_LIMIT,
	{ 'L', NULL, NULL, NULL, 'l' },
	{ 'm', NULL, "px", NULL, 'W' },
	{ 0 }
};
static const struct cli_prog prog = {
	"Draws profile streams (2.0 or 1.0) as an interactive flame graph (or "
	"chart),\none SVG.", opts, "[file ...]",
	"Several files are combined (as by tsvcombine) first."
};

static double
real(const char *arg, int opt, double min, double max)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno != 0 || end == arg || *end != '\0' || !(v >= min) ||
	    !(v <= max)) {
		cli_warn("-%c: '%s' is not a number from %g to %g", opt, arg,
		    min, max);
		cli_usage(&prog);
	}
	return v;
}

/* --chart: two passes, the stacks then the samples in order. */
static int
chart_main(int argc, char **argv, struct chart_scan *sc,
    const struct flame_opts *fo, const struct source_set *sources,
    const char *opath)
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct input_ref in;
	struct output o;
	struct flame_opts fc = *fo;
	struct chart *ch;
	struct perr e = { "" };
	char *names;

	in = cli_input(&prog, argc, argv, TWICE_WHOLE);
	cli_assemble(&r, in, &p, chart_scan_sample, chart_scan_restart, sc);
	stream_close(&r);
	cli_check_sources(sources, 's', 0, &p);
	if ((names = cli_source_names(&p, sources)) == NULL) {
		perr_nomem(&e);
		cli_fail(&e);
	}
	fc.sources = names;
	if ((ch = chart_new(sc, &p, &fc, &e)) == NULL)
		cli_fail(&e);
	prof_free(&p);
	memset(&p, 0, sizeof(p));
	cli_assemble(&r, in, &p, chart_sample, chart_restart, ch);
	stream_close(&r);
	cli_open(&o, opath);
	if (chart_write(ch, &o, &e) < 0 || output_close(&o, &e) < 0)
		cli_fail(&e);
	chart_free(ch);
	free(names);
	stack_reader_free(&sc->sr);
	prof_free(&p);
	return EXIT_OK;
}

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct source_set sources = { 0 };
	struct stack_reader sr = { 0 };
	struct flame_opts fo = { .width = 1200, .minwidth = 0.1 };
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL;
	char *names;
	int ch, chart = 0;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'd':
			sr.opts.base = (uint32_t)cli_number(optarg, 'd',
			    INT32_MAX);
			fo.diff = 1;
			break;
		case O_NORMALIZE:
			fo.normalize = 1;
			break;
		case 'C':
			chart = 1;
			break;
		case 'I':
			fo.icicle = 1;
			break;
		case 'l':
			sr.opts.lines = 1;
			break;
		case 'W':
			fo.minwidth = real(optarg, 'W', 0, 1e6);
			break;
		case 'o':
			opath = optarg;
			break;
		case 's':
			cli_sources(&prog, &sources, optarg);
			break;
		case 'T':
			fo.title = optarg;
			break;
		case 't':
			fo.type = optarg;
			break;
		case 'w':
			fo.width = real(optarg, 'w', 100, 1e6);
			break;
		case O_ID_PREFIX:
			if (optarg[strspn(optarg, "abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ-")] != '\0' ||
			    strlen(optarg) > 16) {
				cli_warn("--id-prefix: '%s' is not up to 16 "
				    "letters and '-'", optarg);
				cli_usage(&prog);
			}
			fo.id = optarg;
			break;
		}
	argc -= optind;
	argv += optind;
	if (fo.normalize && !fo.diff) {
		cli_warn("--normalize: there is no base (-d)");
		cli_usage(&prog);
	}
	sr.opts.sources = &sources;
	if (chart && fo.diff) {
		cli_warn("--chart: not with -d (a chart shows one profile in "
		    "time)");
		cli_usage(&prog);
	}
	if (chart) {
		struct chart_scan sc = { 0 };
		int rc;
		sc.sr.opts = sr.opts;
		rc = chart_main(argc, argv, &sc, &fo, &sources, opath);
		source_set_free(&sources);
		return rc;
	}
	in = cli_input(&prog, argc, argv, TWICE_LATE);
	cli_assemble(&r, in, &p, stacks_sample, stacks_restart, &sr);
	stream_close(&r);
	cli_check_sources(&sources, 's', 0, &p);
	cli_check_sources(NULL, 'd', sr.opts.base, &p);
	if ((names = cli_source_names(&p, &sources)) == NULL) {
		perr_nomem(&e);
		cli_fail(&e);
	}
	fo.sources = names;
	cli_open(&o, opath);
	if (flame_write(&sr.st, &p, &fo, &o, &e) < 0 ||
	    output_close(&o, &e) < 0)
		cli_fail(&e);
	free(names);
	stack_reader_free(&sr);
	prof_free(&p);
	source_set_free(&sources);
	return EXIT_OK;
}
