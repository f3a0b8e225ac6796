/* tsv2rprof: the profile stream to Rprof text that R's tools read. */
#include <stdio.h>
#include <unistd.h>

#include "rprof.h"
#include "cli.h"

static const char synopsis[] = "[-o file] [-i interval] [-Z max] [file ...]";

static void
convert(const char *path, struct output *o, long interval, struct perr *e)
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct rprof_writer w;

	rprof_write_begin(&w, o, interval, e);
	if (samples_read_file(&r, path, &p, rprof_write_sample,
	    rprof_write_restart, &w, e) < 0 || rprof_write_end(&w, &p) < 0) {
		stream_close(&r);
		cli_fail(e);
	}
	if (w.skipped > 0)
		cli_warn("%s: %ld samples with no frames and no memory left "
		    "out (Rprof cannot hold them)", cli_shown(r.in.name),
		    w.skipped);
	stream_close(&r);
	prof_free(&p);
}

int
main(int argc, char *argv[])
{
	struct output o;
	struct perr e;
	const char *opath = NULL, *path;
	long interval = 20000;
	int ch;

	while ((ch = getopt(argc, argv, "ho:i:Z:")) != -1)
		switch (ch) {
		case 'o':
			opath = optarg;
			break;
		case 'i':
			interval = (long)cli_number(optarg, 'i', 1000000000);
			break;
		case 'h':
			printf("usage: tsv2rprof %s\n"
			    "Writes a profile stream (2.0 or 1.0) as Rprof "
			    "text, one session per source.\n"
			    "  -o file      write to file (it appears only "
			    "when complete) instead of stdout\n"
			    "  -i interval  sample interval in microseconds "
			    "for sources that do not say\n"
			    "               (default 20000)\n"
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
	path = cli_input(argc, argv);
	if (output_open(&o, opath, &e) < 0)
		cli_fail(&e);
	cli_set_output(&o);
	convert(path, &o, interval, &e);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	return EXIT_OK;
}
