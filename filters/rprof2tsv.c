/* rprof2tsv: R's Rprof() output to the profile stream. */
#include <stdio.h>
#include <unistd.h>

#include "formats/rprof.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	{ '1', NULL, "write the legacy format 1.0 (when it can hold the data)" },
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Converts R's Rprof() output (any version, gzip or not) to a profile "
	"stream.", opts, "[file ...]",
	"Several files give one stream, a source per Rprof session."
};

static void
convert(struct rprof_reader *c, const char *path)
{
	struct input in;
	struct perr e;
	long i;
	char lines[128];
	int n = 0;

	if (input_open(&in, path, NULL, &e) < 0)
		cli_fail(&e);
	c->dropped = c->ndrop_lines = 0;
	if (rprof_read(c, &in, &e) < 0)
		cli_fail(&e);
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

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case '1':
			v1 = 1;
			break;
		case 'o':
			opath = optarg;
			break;
		}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		cli_not_a_terminal(&prog);
	cli_out_open(&out, opath, v1);
	if (rprof_begin(&c, &out.o, &e) < 0)
		cli_fail(&e);
	if (argc == 0)
		convert(&c, NULL);
	for (; argc > 0; argc--, argv++)
		convert(&c, *argv);
	rprof_free(&c);
	cli_out_close(&out);
	return EXIT_OK;
}
