/* tsvcombine: several profile streams into one. */
#include <stdio.h>
#include <unistd.h>

#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Combines profile streams (2.0 or 1.0) into one: every source and "
	"sample kept,\nids renumbered, equal functions, locations and "
	"mappings merged.", opts, "file ...",
	"A file named - is standard input (once)."
};

int
main(int argc, char *argv[])
{
	struct output o;
	struct perr e = { "" };
	const char *opath = NULL;
	int ch;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		if (ch == 'o')
			opath = optarg;
	argc -= optind;
	argv += optind;
	if (argc == 0)
		cli_usage(&prog);
	cli_open(&o, opath);
	cli_combine(&o, argc, argv);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	return EXIT_OK;
}
