/* rprof2tsv: R's Rprof() output to the profile stream. */
#include <stdio.h>
#include <unistd.h>

#include "rprof.h"
#include "cli.h"

static const char synopsis[] = "[-1] [-o file] [-Z max] [file ...]";

static void
convert(struct rprof_reader *c, const char *path, struct perr *e)
{
	struct input in;
	long i;
	char lines[128];
	int n = 0;

	if (input_open(&in, path, e) < 0)
		cli_fail(e);
	c->dropped = c->ndrop_lines = 0;
	if (rprof_read(c, &in, path != NULL && path[0] != '-' ? path : NULL,
	    e) < 0)
		cli_fail(e);
	if (c->dropped > 0) {
		for (i = 0; i < c->ndrop_lines && n < (int)sizeof(lines) - 16;
		    i++)
			n += snprintf(lines + n, sizeof(lines) - (size_t)n,
			    "%s%ld", i ? ", " : "", c->drop_lines[i]);
		cli_warn("%s: %ld frame%s cut off by the end of a line "
		    "dropped (line%s %s%s)", in.name, c->dropped,
		    c->dropped == 1 ? "" : "s", c->ndrop_lines == 1 ? "" : "s",
		    lines, c->ndrop_lines == 8 ? ", ..." : "");
	}
	input_close(&in);
}

int
main(int argc, char *argv[])
{
	struct rprof_reader c;
	struct cli_out out;
	struct perr e;
	const char *opath = NULL;
	int ch, v1 = 0;

	while ((ch = getopt(argc, argv, "1ho:Z:")) != -1)
		switch (ch) {
		case '1':
			v1 = 1;
			break;
		case 'o':
			opath = optarg;
			break;
		case 'h':
			printf("usage: rprof2tsv %s\n"
			    "Converts R's Rprof() output (any version, gzip "
			    "or not) to a profile stream.\n"
			    "  -1       write the legacy format 1.0 (when it "
			    "can hold the data)\n"
			    "  -o file  write to file (it appears only when "
			    "complete) instead of stdout\n"
			    "Several files give one stream, a source per "
			    "Rprof session.\n"
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
	cli_out_open(&out, opath, v1);
	rprof_begin(&c, &out.o);
	if (argc == 0)
		convert(&c, NULL, &e);
	for (; argc > 0; argc--, argv++)
		convert(&c, *argv, &e);
	rprof_free(&c);
	cli_out_close(&out);
	return EXIT_OK;
}
