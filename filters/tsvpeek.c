/* tsvpeek: callers and callees of functions, as pprof's -peek. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "views/graph/peek.h"
#include "cli.h"

enum { O_UNIT = CLI_LONG, O_TREE, O_TABLE };

static const struct cli_opt opts[] = {
	CLI_OPT_OUTPUT,
	{ 'q', "quiet", NULL, "no lines before the blocks (the table)" },
	{ O_TABLE, "table", NULL, "a table of rows (for scripts), not "
	    "pprof's blocks" },
	CLI_OPT_SOURCES,
	{ 't', "type", "type", "the value to measure (default: pprof's, or "
	    "R's samples)" },
	{ O_UNIT, "unit", "unit", "show values in unit (as tsvtop's --unit)" },
	{ O_TREE, "tree", NULL, "every function, as pprof's -tree (no regex "
	    "then)" },
	CLI_OPT_RELATIVE,
	CLI_OPT_BASE,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"For each function matching regex (Go's syntax, as pprof's), its "
	"callers and\ncallees with the values of the calls, as go tool pprof "
	"-peek.", opts, "regex [file ...]",
	"Several files are combined (as by tsvcombine) first."
};

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct source_set sources = { 0 };
	struct cli_base base = { 0 };
	struct callgraph g;
	struct peek_opts po = { 0 };
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL;
	char err[256];
	int ch, tree = 0, rc;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1) {
		if (cli_base_option(&prog, &base, ch, optarg))
			continue;
		switch (ch) {
		case 'o':
			opath = optarg;
			break;
		case 'q':
			po.quiet = 1;
			break;
		case 's':
			cli_sources(&prog, &sources, optarg);
			break;
		case 't':
			po.type = optarg;
			break;
		case O_UNIT:
			po.unit = optarg;
			break;
		case O_TREE:
			tree = 1;
			break;
		case O_TABLE:
			po.table = 1;
			break;
		case CLI_RELATIVE:
			po.relative = 1;
			break;
		}
	}
	argc -= optind;
	argv += optind;
	if (!tree && cli_lone_profile(argc, argv)) {
		cli_warn("'%s' is a file, not a regular expression: read as "
		    "the profile, every function shown (as --tree)", argv[0]);
		tree = 1;
	}
	if (!tree) {
		if (argc == 0) {
			cli_warn("a regular expression is needed (or --tree)");
			cli_usage(&prog);
		}
		if ((po.match = re_compile(argv[0], err, sizeof(err))) ==
		    NULL) {
			cli_warn("'%s': %s", argv[0], err);
			cli_usage(&prog);
		}
		argc--;
		argv++;
	}
	memset(&g, 0, sizeof(g));
	g.sources = &sources;
	g.base = &base.ids;
	g.diff = base.opt == 0 ? CG_PLAIN : base.opt == CLI_BASE ? CG_BASE :
	    CG_DIFF_BASE;
	in = cli_base_input(&prog, &base, argc, argv, TWICE_LATE);
	cli_assemble(&r, in, &p, cg_sample, cg_restart, &g);
	stream_close(&r);
	cli_check_sources(&sources, 's', 0, &p);
	cli_base_check(&base, &p);
	cli_open(&o, opath);
	if ((rc = peek_write(&g, &p, &po, &o, &e)) < 0 ||
	    output_close(&o, &e) < 0)
		cli_fail(&e);
	if (rc > 0)
		cli_warn("no function matches '%s'", tree ? "" : argv[-1]);
	cg_free(&g);
	re_free(po.match);
	prof_free(&p);
	source_set_free(&sources);
	source_set_free(&base.ids);
	return rc > 0 ? EXIT_BAD : EXIT_OK;
}
