/* tsvgraph: the call graph of profile streams as Graphviz DOT, as go tool
 * pprof -dot draws it. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "views/graph/dot.h"
#include "cli.h"

enum { O_UNIT = CLI_LONG, O_NODEFRACTION, O_EDGEFRACTION, O_NODECOUNT,
    O_ALL };

static const struct cli_opt opts[] = {
	CLI_OPT_OUTPUT,
	CLI_OPT_SOURCES,
	{ 'T', "title", "title", "the graph's name (default: unnamed, as "
	    "pprof's)" },
	{ 't', "type", "type", "the value to measure (default: pprof's, or "
	    "R's samples)" },
	{ O_UNIT, "unit", "unit", "show values in unit (as tsvtop's --unit)" },
	{ O_NODEFRACTION, "nodefraction", "f", "leave out functions whose cum "
	    "is under f of the total\n(default 0.005, as pprof)" },
	{ O_EDGEFRACTION, "edgefraction", "f", "leave out calls under f of the "
	    "total (default 0.001)" },
	{ O_NODECOUNT, "nodecount", "n", "at most n functions (default 80; 0: "
	    "all)" },
	{ O_ALL, "all", NULL, "no pruning: every function and call" },
	CLI_OPT_RELATIVE,
	CLI_OPT_BASE,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Writes the call graph of profile streams (2.0 or 1.0) as Graphviz "
	"DOT, as\ngo tool pprof -dot draws it.", opts, "[file ...]",
	"Several files are combined (as by tsvcombine) first. Draw it with dot "
	"-Tsvg."
};

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct source_set sources = { 0 };
	struct cli_base base = { 0 };
	struct callgraph g = { 0 };
	struct dot_opts dopts = { NULL, NULL, 0.005, 0.001, 80, NULL };
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL;
	int ch;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1) {
		if (cli_base_option(&prog, &base, ch, optarg))
			continue;
		switch (ch) {
		case 'o':
			opath = optarg;
			break;
		case 's':
			cli_sources(&prog, &sources, optarg);
			break;
		case 'T':
			dopts.title = optarg;
			break;
		case 't':
			dopts.type = optarg;
			break;
		case O_UNIT:
			dopts.unit = optarg;
			break;
		case O_NODEFRACTION:
			dopts.nodefraction = cli_fraction(&prog, optarg,
			    "nodefraction");
			break;
		case O_EDGEFRACTION:
			dopts.edgefraction = cli_fraction(&prog, optarg,
			    "edgefraction");
			break;
		case O_NODECOUNT:
			dopts.nodecount = optarg[0] == '0' && optarg[1] ==
			    '\0' ? 0 : (long)cli_number(optarg, 0, 1L << 30);
			break;
		case O_ALL:
			dopts.nodefraction = dopts.edgefraction = 0;
			dopts.nodecount = 0;
			break;
		case CLI_RELATIVE:
			dopts.relative = 1;
			break;
		}
	}
	argc -= optind;
	argv += optind;
	g.sources = &sources;
	g.keep_stacks = 1;
	g.base = &base.ids;
	g.diff = base.opt == 0 ? CG_PLAIN : base.opt == CLI_BASE ? CG_BASE :
	    CG_DIFF_BASE;
	in = cli_base_input(&prog, &base, argc, argv, TWICE_LATE);
	cli_assemble(&r, in, &p, cg_sample, cg_restart, &g);
	stream_close(&r);
	cli_check_sources(&sources, 's', 0, &p);
	cli_base_check(&base, &p);
	cli_open(&o, opath);
	if (dot_write(&g, &p, &dopts, &o, &e) < 0 || output_close(&o, &e) < 0)
		cli_fail(&e);
	cg_free(&g);
	prof_free(&p);
	source_set_free(&sources);
	source_set_free(&base.ids);
	return EXIT_OK;
}
