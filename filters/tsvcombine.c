/* tsvcombine: several profile streams into one. */
#include <stdio.h>
#include <unistd.h>

#include "output.h"
#include "cli.h"

static const char synopsis[] = "[-o file] [-Z max] file ...";

int
main(int argc, char *argv[])
{
	struct output o;
	struct perr e;
	const char *opath = NULL;
	int ch;

	while ((ch = getopt(argc, argv, "ho:Z:")) != -1)
		switch (ch) {
		case 'o':
			opath = optarg;
			break;
		case 'h':
			printf("usage: tsvcombine %s\n"
			    "Combines profile streams (2.0 or 1.0) into one: "
			    "every source and sample kept,\n"
			    "ids renumbered, equal functions, locations and "
			    "mappings merged.\n"
			    "  -o file  write to file (it appears only when "
			    "complete) instead of stdout\n"
			    "  -        standard input (once)\n"
			    CLI_LIMIT_HELP, synopsis);
			return EXIT_OK;
		case 'Z':
			cli_limit(optarg);
			break;
		default:
			cli_usage(synopsis);
		}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		cli_usage(synopsis);
	if (output_open(&o, opath, &e) < 0)
		cli_fail(&e);
	cli_set_output(&o);
	cli_combine(&o, argc, argv);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	return EXIT_OK;
}
