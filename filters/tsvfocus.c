/* tsvfocus: pprof's focus, ignore, hide and show_from on a profile
 * stream, writing a stream. */
#include <stdio.h>
#include <unistd.h>

#include "sample/focus.h"
#include "door/door.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_FOCUS,
	CLI_OPT_OUTPUT,
	CLI_OPT_SOURCES,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Filters the samples and frames of profile streams (2.0 or 1.0) as "
	"pprof's\n-focus, -ignore, -hide, -show and -show_from do; writes a "
	"stream.",
	opts, "[file ...]",
	"Regular expressions are Go's (as pprof's), matched anywhere in a "
	"function's name\nor file name, or a mapping's file; an empty one "
	"filters nothing. Several files\nare combined (as by tsvcombine) "
	"first."
};

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct source_set sources = { 0 };
	struct focus_opts fo = { 0 };
	struct focus *f;
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL, *tagroot = NULL, *tagleaf = NULL;
	const struct source *src;
	size_t i;
	int ch;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'f': case 'i': case 'H': case 'S': case 'r':
		case CLI_TAGFOCUS: case CLI_TAGIGNORE: case CLI_TAGSHOW:
		case CLI_TAGHIDE: case CLI_FROM: case CLI_TO:
			cli_focus_option(&prog, &fo, ch, optarg);
			break;
		case CLI_TAGROOT:
			tagroot = optarg;
			break;
		case CLI_TAGLEAF:
			tagleaf = optarg;
			break;
		case 'o':
			opath = optarg;
			break;
		case 's':
			cli_sources(&prog, &sources, optarg);
			break;
		}
	argc -= optind;
	argv += optind;
	fo.sources = &sources;
	if ((tagroot != NULL || tagleaf != NULL) && (fo.label_frames =
	    label_frames_new(tagroot, tagleaf)) == NULL) {
		cli_warn("out of memory");
		cli_exit(EXIT_BAD);
	}
	in = cli_input(&prog, argc, argv, TWICE_LATE);
	cli_open(&o, opath);
	if ((f = focus_new(&o, &fo, &e)) == NULL ||
	    door_assemble(&r, in.path, in.shown, in.record, &p,
	    focus_sample, focus_restart, f, 0, &e) < 0)
		cli_fail(&e);
	cli_check_sources(&sources, 's', 0, &p);
	if (focus_end(f, &p, &e) < 0)
		cli_fail(&e);
	cli_focus_report(&fo, focus_unmatched(f));
	for (i = 0; (src = focus_clock_source(f, &p, &i)) != NULL; )
		cli_warn("--from/--to: source %u (%s) is left out: its times "
		    "are on %s's clock, not Unix time", src->id,
		    src->uri == PROF_NONE ? "NA" : prof_str(&p, src->uri),
		    prof_attr(&p, src, ATTR_CLOCK));
	stream_close(&r);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	focus_free(f);
	prof_free(&p);
	cli_focus_free(&fo);
	source_set_free(&sources);
	return EXIT_OK;
}
