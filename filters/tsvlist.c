/* tsvlist: annotated source of functions, as pprof's -list. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "views/top/list.h"
#include "cli.h"

enum { O_UNIT = CLI_LONG, O_SOURCE_PATH, O_TRIM_PATH, O_ANY_SOURCE };

static const struct cli_opt opts[] = {
	{ 'm', "memory", NULL, "add mem_total: summaryRprof's memory of each "
	    "line, in MB" },
	CLI_OPT_OUTPUT,
	{ 'q', "quiet", NULL, "no # lines" },
	CLI_OPT_SOURCES,
	{ 't', "type", "type", "the value to measure (default: pprof's, or "
	    "R's samples)" },
	{ O_UNIT, "unit", "unit", "show values in unit (as tsvtop's --unit)" },
	{ O_SOURCE_PATH, "source-path", "dirs", "look for source files under "
	    "dirs (':'-separated)\nand their parents, as pprof's -source_path"
	    "\n(default: the working directory); read only\nregular files "
	    "under dirs" },
	{ O_TRIM_PATH, "trim-path", "prefixes", "take these prefixes off the "
	    "files' names first, as\npprof's -trim_path" },
	{ O_ANY_SOURCE, "any-source-file", NULL, "read any file a profile "
	    "names, as pprof does:\nabsolute, in parents, through symlinks" },
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Lists the source of each function matching regex (Go's syntax, as "
	"pprof's)\nwith flat and cum against each line, as go tool pprof "
	"-list; R's lines as\nsummaryRprof(lines = \"show\") counts them.",
	opts, "regex [file ...]",
	"Several files are combined (as by tsvcombine) first. A source file not "
	"found\nis named; its lines are listed without their text."
};

static void
missing(void *ctx, const char *why)
{
	(void)ctx;
	cli_warn("source file %s", why);
}

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct source_set sources = { 0 };
	struct top_opts to = { .by_line = 1 };
	struct list_opts lo = { .missing = missing };
	struct top *t;
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL;
	char err[256];
	const char *rx;
	int ch, rc;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'm':
			to.memory = 1;
			break;
		case 'o':
			opath = optarg;
			break;
		case 'q':
			to.quiet = 1;
			break;
		case 's':
			cli_sources(&prog, &sources, optarg);
			break;
		case 't':
			lo.type = optarg;
			break;
		case O_UNIT:
			to.unit = optarg;
			break;
		case O_SOURCE_PATH:
			lo.search = optarg;
			break;
		case O_TRIM_PATH:
			lo.trim = *optarg != '\0' ? optarg : NULL;
			break;
		case O_ANY_SOURCE:
			lo.anywhere = 1;
			break;
		}
	argc -= optind;
	argv += optind;
	if (argc == 0) {
		cli_warn("a regular expression is needed");
		cli_usage(&prog);
	}
	rx = argv[0];
	if (cli_lone_profile(argc, argv)) {
		cli_warn("'%s' is a file, not a regular expression: read as "
		    "the profile, every function listed (as the regular "
		    "expression .)", argv[0]);
		rx = ".";
		argc++;		/* the file stays an operand */
		argv--;
	}
	if ((lo.match = re_compile(rx, err, sizeof(err))) == NULL) {
		cli_warn("'%s': %s", rx, err);
		cli_usage(&prog);
	}
	to.sources = &sources;
	in = cli_input(&prog, argc - 1, argv + 1, TWICE_LATE);
	if ((t = top_new(&to, &e)) == NULL)
		cli_fail(&e);
	cli_assemble(&r, in, &p, top_sample, top_restart, t);
	stream_close(&r);
	cli_check_sources(&sources, 's', 0, &p);
	cli_open(&o, opath);
	if ((rc = top_list(t, &p, &lo, &o, &e)) < 0 ||
	    output_close(&o, &e) < 0)
		cli_fail(&e);
	if (rc > 0)
		cli_warn("no function matches '%s'", argv[0]);
	top_free(t);
	re_free(lo.match);
	prof_free(&p);
	source_set_free(&sources);
	return rc > 0 ? EXIT_BAD : EXIT_OK;
}
