/* tsvtop: the top functions of a profile stream, by self or total. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "views/top/tags.h"
#include "views/top/top.h"
#include "cli.h"

enum { O_UNIT = CLI_LONG, O_NODEFRACTION, O_ALL, O_SAMPLE_INDEX,
    O_NORMALIZE, O_TAGS };

static const struct cli_opt opts[] = {
	{ 'c', "cum", NULL, "sort by total (cumulative) instead of self" },
	{ 'l', "lines", NULL, "a row per line (pprof's -lines; R's sources: "
	    "as\nsummaryRprof(lines = \"show\"))" },
	{ 'm', "memory", NULL, "add mem_total: summaryRprof's memory, in MB" },
	{ 'n', "nodecount", "rows", "print the first rows rows" },
	CLI_OPT_OUTPUT,
	{ 'q', "quiet", NULL, "no # lines before the table" },
	CLI_OPT_SOURCES,
	{ 't', "type", "type", "the value to measure (default: pprof's, or "
	    "R's samples)" },
	{ O_UNIT, "unit", "unit", "show values in unit (ns .. hrs, B .. PB; "
	    "auto: as pprof\nlabels them); R's samples in a time unit: as "
	    "time" },
	{ O_NODEFRACTION, "nodefraction", "f", "leave out rows whose total is "
	    "under f of the total\n(default 0.005 as pprof, 0 for R's "
	    "profiles)" },
	{ O_ALL, "all", NULL, "every row: of no value too, and those\n"
	    "--nodefraction drops" },
	CLI_OPT_RELATIVE,
	CLI_OPT_BASE,
	{ O_NORMALIZE, "normalize", NULL, "scale the profile to the base's "
	    "total first" },
	{ O_TAGS, "tags", NULL, "the labels' table instead, as pprof's -tags" },
	CLI_OPT_LIMIT,
	{ O_SAMPLE_INDEX, "sample-index", "type", NULL, 't' },
	{ 0 }
};
static const struct cli_prog prog = {
	"Prints the self and total of each function of profile streams "
	"(2.0 or 1.0), as\nsummaryRprof and go tool pprof -top do.", opts,
	"[file ...]",
	"Several files are combined (as by tsvcombine) first."
};

/* --tags: pprof's -tags. */
static int
tags_main(int argc, char **argv, const struct top_opts *to,
    const char *opath, const char *type)
{
	struct tags_opts tgo = { to->sources, to->unit, to->quiet };
	struct stream_reader r;
	struct prof p = { 0 };
	struct input_ref in;
	struct output o;
	struct perr e = { "" };
	struct tags *t;

	in = cli_input(&prog, argc, argv, TWICE_LATE);
	if ((t = tags_new(&tgo, &e)) == NULL)
		cli_fail(&e);
	cli_assemble(&r, in, &p, tags_sample, tags_restart, t);
	stream_close(&r);
	cli_check_sources(to->sources, 's', 0, &p);
	cli_open(&o, opath);
	if (tags_write(t, &p, &o, type, &e) < 0 || output_close(&o, &e) < 0)
		cli_fail(&e);
	tags_free(t);
	prof_free(&p);
	return EXIT_OK;
}

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct source_set sources = { 0 };
	struct cli_base base = { 0 };
	struct top_opts to = { .nodefraction = -1 };
	struct top *t;
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL, *type = NULL;
	long long nrows = 0;
	int ch, by_total = 0, tags = 0;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1) {
		if (cli_base_option(&prog, &base, ch, optarg))
			continue;
		switch (ch) {
		case 'c':
			by_total = 1;
			break;
		case O_NORMALIZE:
			to.normalize = 1;
			break;
		case O_TAGS:
			tags = 1;
			break;
		case CLI_RELATIVE:
			to.relative = 1;
			break;
		case 'l':
			to.by_line = 1;
			break;
		case 'm':
			to.memory = 1;
			break;
		case 'n':
			nrows = cli_number(optarg, 'n', 1LL << 40);
			break;
		case 'o':
			opath = optarg;
			break;
		case 's':
			cli_sources(&prog, &sources, optarg);
			break;
		case 't':
			type = optarg;
			break;
		case 'q':
			to.quiet = 1;
			break;
		case O_UNIT:
			to.unit = optarg;
			break;
		case O_NODEFRACTION:
			to.nodefraction = cli_fraction(&prog, optarg,
			    "nodefraction");
			break;
		case O_ALL:
			to.all = 1;
			break;
		}
	}
	to.diff = base.opt == 0 ? TOP_PLAIN : base.opt == CLI_BASE ? TOP_BASE :
	    TOP_DIFF_BASE;
	argc -= optind;
	argv += optind;
	to.sources = &sources;
	to.base = &base.ids;
	if (to.normalize && to.diff == TOP_PLAIN) {
		cli_warn("--normalize: there is no base (--diff-base, --base, "
		    "-d)");
		cli_usage(&prog);
	}
	if (tags && to.diff != TOP_PLAIN) {
		cli_warn("--tags: not with a base");
		cli_usage(&prog);
	}
	if (tags)
		return tags_main(argc, argv, &to, opath, type);
	in = cli_base_input(&prog, &base, argc, argv, to.normalize ?
	    TWICE_WHOLE : TWICE_LATE);
	if ((t = top_new(&to, &e)) == NULL)
		cli_fail(&e);
	if (to.normalize) {	/* a first pass for the sums to scale by */
		cli_assemble(&r, in, &p, top_sample, top_restart, t);
		stream_close(&r);
		prof_free(&p);
		memset(&p, 0, sizeof(p));
		if (top_normalize(t, &e) < 0)
			cli_fail(&e);
	}
	cli_assemble(&r, in, &p, top_sample, top_restart, t);
	stream_close(&r);
	cli_check_sources(&sources, 's', 0, &p);
	cli_base_check(&base, &p);
	cli_open(&o, opath);
	if (top_write(t, &p, &o, type, by_total, (size_t)nrows, &e) < 0 ||
	    output_close(&o, &e) < 0)
		cli_fail(&e);
	top_free(t);
	prof_free(&p);
	source_set_free(&sources);
	source_set_free(&base.ids);
	return EXIT_OK;
}
