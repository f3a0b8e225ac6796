/* tsv2speedscope: the profile stream as a speedscope file. */
#include <stdio.h>
#include <unistd.h>

#include "formats/speedscope/speedscope_write.h"
#include "door/door.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_OUTPUT,
	{ 't', "type", "type", "the value to write (default: as pprof shows "
	    "it)" },
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Writes a profile (a stream, or any format) as a speedscope file: "
	"a profile per\nsource, evented where its samples have times, else "
	"sampled.", opts, "[file ...]",
	"Several files are combined (as by tsvcombine) first. Open the file "
	"in\nspeedscope (https://www.speedscope.app, or npx speedscope FILE)."
};

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct speedscope_writer *w;
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
	if ((w = speedscope_writer_new(type, &e)) == NULL)
		cli_fail(&e);
	cli_assemble(&r, in, &p, speedscope_sample, speedscope_restart, w);
	stream_close(&r);
	cli_open(&o, opath);
	if (speedscope_write(w, &p, &o, argc == 1 ? argv[0] : NULL, &e) < 0 ||
	    output_close(&o, &e) < 0)
		cli_fail(&e);
	speedscope_writer_free(w);
	prof_free(&p);
	return EXIT_OK;
}
