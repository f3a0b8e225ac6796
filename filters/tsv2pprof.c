/* tsv2pprof: the profile stream to one pprof profile. */
#include <stdio.h>
#include <unistd.h>
#include <zlib.h>

#include "formats/pprof/pprof.h"
#include "door/door.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	{ 'N', "no-aggregate", NULL, "one pprof sample per stream sample" },
	CLI_OPT_OUTPUT,
	{ 'u', "uncompressed", NULL, "uncompressed protobuf" },
	{ '9', "best", NULL, "a smaller file (gzip level 9; default 1, as Go "
	    "writes)" },
	CLI_OPT_LIMIT,
	{ 'n', NULL, NULL, NULL, 'N' },
	{ 0 }
};
static const struct cli_prog prog = {
	"Writes a profile stream (2.0 or 1.0) as one pprof profile, "
	"gzip-compressed.", opts, "[file ...]",
	"Several files are combined (as by tsvcombine) first."
};

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct pprof_writer *w;
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL;
	int ch, raw = 0, aggregate = 1, level = 1, spool_fd = -1;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'N':
			aggregate = 0;
			break;
		case 'o':
			opath = optarg;
			break;
		case 'u':
			raw = 1;
			break;
		case '9':
			level = 9;
			break;
		}
	argc -= optind;
	argv += optind;
	if (opath == NULL && isatty(STDOUT_FILENO)) {
		cli_warn("will not write a binary profile to a terminal: "
		    "redirect it or use -o");
		return EXIT_USAGE;
	}
	in = cli_input(&prog, argc, argv, TWICE_LATE);
	if (!aggregate)
		spool_fd = cli_tmpfd();
	if ((w = pprof_write_new(aggregate, spool_fd, &e)) == NULL)
		cli_fail(&e);
	if (door_assemble(&r, in.path, in.shown, in.record, &p,
	    pprof_write_sample, pprof_write_restart, w, ASM_SUMS, &e) < 0)
		cli_fail(&e);
	stream_close(&r);
	cli_open(&o, opath);
	if ((!raw && output_gzip(&o, level, &e) < 0) ||
	    pprof_write_end(w, &p, &o, &e) < 0 || output_close(&o, &e) < 0)
		cli_fail(&e);
	pprof_write_free(w);
	prof_free(&p);
	return EXIT_OK;
}
