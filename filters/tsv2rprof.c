/* tsv2rprof: the profile stream to Rprof text that R's tools read. */
#include <stdio.h>
#include <unistd.h>

#include "formats/rprof.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	{ 'i', "interval", "sample interval in microseconds for sources that "
	    "do not say\n(default 20000)" },
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Writes a profile stream (2.0 or 1.0) as Rprof text, one session per "
	"source.", opts, "[file ...]",
	"Several files are combined (as by tsvcombine) first."
};

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct rprof_writer w;
	struct output o;
	struct perr e;
	struct cli_file in;
	const char *opath = NULL;
	long interval = 20000;
	int ch;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'i':
			interval = (long)cli_number(optarg, 'i', 1000000000);
			break;
		case 'o':
			opath = optarg;
			break;
		}
	argc -= optind;
	argv += optind;
	in = cli_input(&prog, argc, argv);
	if (output_open(&o, opath, &e) < 0)
		cli_fail(&e);
	cli_set_output(&o);
	rprof_write_begin(&w, &o, interval);
	if (assemble_file(&r, in.path, in.shown, &p, rprof_write_sample,
	    rprof_write_restart, &w, &e) < 0 || rprof_write_end(&w, &p) < 0)
		cli_fail(&e);
	if (w.skipped > 0)
		cli_warn("%s: %ld samples with no frames and no memory left "
		    "out (Rprof cannot hold them)", r.in.name, w.skipped);
	stream_close(&r);
	prof_free(&p);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	return EXIT_OK;
}
