/* pprof2tsv: pprof profiles to the profile stream. */
#include <stdio.h>
#include <unistd.h>

#include "pprof.h"
#include "cli.h"

static const char synopsis[] = "[-1] [-o file] [-Z max] [file ...]";

static void
convert(struct pprof_reader *c, const char *path, struct perr *e)
{
	struct input in;
	unsigned char *data;
	size_t len;

	if (input_open(&in, path, e) < 0)
		cli_fail(e);
	if (input_slurp(&in, &data, &len, e) < 0 ||
	    pprof_read(c, data, len, in.compressed, in.name,
	    path != NULL && path[0] != '-' ? path : NULL, e) < 0)
		cli_fail(e);
	input_close(&in);
}

int
main(int argc, char *argv[])
{
	struct pprof_reader c;
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
			printf("usage: pprof2tsv %s\n"
			    "Converts pprof profiles (profile.proto, gzipped "
			    "or not) to a profile stream.\n"
			    "  -1       write the legacy format 1.0 (when it "
			    "can hold the data)\n"
			    "  -o file  write to file (it appears only when "
			    "complete) instead of stdout\n"
			    "Several files give one stream, a source per "
			    "profile.\n"
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
	pprof_read_begin(&c, &out.o);
	if (argc == 0)
		convert(&c, NULL, &e);
	for (; argc > 0; argc--, argv++)
		convert(&c, *argv, &e);
	cli_out_close(&out);
	return EXIT_OK;
}
