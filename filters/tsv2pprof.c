/* tsv2pprof: the profile stream to one pprof profile. */
#include <stdio.h>
#include <unistd.h>
#include <zlib.h>

#include "pprof.h"
#include "cli.h"

static const char synopsis[] = "[-nu] [-o file] [-Z max] [file ...]";

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct pprof_writer *w;
	struct output o;
	struct perr e;
	const char *opath = NULL, *path;
	int ch, raw = 0, aggregate = 1;

	while ((ch = getopt(argc, argv, "hno:uZ:")) != -1)
		switch (ch) {
		case 'n':
			aggregate = 0;
			break;
		case 'o':
			opath = optarg;
			break;
		case 'u':
			raw = 1;
			break;
		case 'h':
			printf("usage: tsv2pprof %s\n"
			    "Writes a profile stream (2.0 or 1.0) as one pprof "
			    "profile, gzip-compressed.\n"
			    "  -n       one pprof sample per stream sample (no "
			    "aggregation)\n"
			    "  -o file  write to file (it appears only when "
			    "complete) instead of stdout\n"
			    "  -u       uncompressed protobuf\n"
			    CLI_LIMIT_HELP
			    "Several files are combined (as by tsvcombine) "
			    "first.\n", synopsis);
			return EXIT_OK;
		case 'Z':
			cli_limit(optarg);
			break;
		default:
			cli_usage(synopsis);
		}
	argc -= optind;
	argv += optind;
	if (opath == NULL && isatty(STDOUT_FILENO)) {
		cli_warn("will not write a binary profile to a terminal: "
		    "redirect it or use -o");
		return EXIT_USAGE;
	}
	path = cli_input(argc, argv);
	if ((w = pprof_write_new(aggregate, &e)) == NULL)
		cli_fail(&e);
	if (samples_read_file(&r, path, &p, pprof_write_sample,
	    pprof_write_restart, w, &e) < 0)
		cli_fail(&e);
	stream_close(&r);
	if (output_open(&o, opath, &e) < 0)
		cli_fail(&e);
	cli_set_output(&o);
	if ((!raw && output_gzip(&o, Z_DEFAULT_COMPRESSION, &e) < 0) ||
	    pprof_write_end(w, &p, &o, &e) < 0 || output_close(&o, &e) < 0)
		cli_fail(&e);
	pprof_write_free(w);
	prof_free(&p);
	return EXIT_OK;
}
