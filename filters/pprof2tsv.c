/* pprof2tsv: pprof profiles to the profile stream. */
#include <stdio.h>
#include <unistd.h>

#include "formats/pprof.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	{ '1', NULL, "write the legacy format 1.0 (when it can hold the data)" },
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Converts pprof profiles (profile.proto, gzipped or not) to a profile "
	"stream.", opts, "[file ...]",
	"Several files give one stream, a source per profile."
};

static void
convert(struct pprof_reader *c, const char *path)
{
	struct input in;
	struct perr e;
	unsigned char *data;
	size_t len;

	if (input_open(&in, path, NULL, &e) < 0)
		cli_fail(&e);
	if (input_slurp(&in, &data, &len, &e) < 0 ||
	    pprof_read(c, data, len, in.compressed, in.name, in.uri, &e) < 0)
		cli_fail(&e);
	input_close(&in);
}

int
main(int argc, char *argv[])
{
	struct pprof_reader c;
	struct cli_out out;
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
	pprof_read_begin(&c, &out.o);
	if (argc == 0)
		convert(&c, NULL);
	for (; argc > 0; argc--, argv++)
		convert(&c, *argv);
	pprof_read_free(&c);
	cli_out_close(&out);
	return EXIT_OK;
}
