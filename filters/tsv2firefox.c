/* tsv2firefox: the profile stream as the Firefox Profiler's processed
 * format. */
#include <unistd.h>

#include "formats/firefox/processed_write.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_OUTPUT,
	{ 't', "type", "type", "the value to write (default: as pprof shows "
	    "it)" },
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Writes profile streams (2.0 or 1.0) as the Firefox Profiler's "
	"processed format\n(version 70), which profiler.firefox.com opens: a "
	"thread per source, every\nsample with its time.", opts, "[file ...]",
	"Several files are combined (as by tsvcombine) first. Open the file "
	"at\nhttps://profiler.firefox.com (Load a profile from file)."
};

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct firefox_writer *w;
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL, *type = NULL;
	int ch;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'o':
			opath = optarg;
			break;
		case 't':
			type = optarg;
			break;
		}
	argc -= optind;
	argv += optind;
	in = cli_input(&prog, argc, argv, TWICE_LATE);
	if ((w = firefox_writer_new(type, &e)) == NULL)
		cli_fail(&e);
	cli_assemble(&r, in, &p, firefox_sample, firefox_restart, w);
	stream_close(&r);
	cli_open(&o, opath);
	if (firefox_write(w, &p, &o, &e) < 0 || output_close(&o, &e) < 0)
		cli_fail(&e);
	firefox_writer_free(w);
	prof_free(&p);
	return EXIT_OK;
}
