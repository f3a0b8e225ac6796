/* tsvfocus: pprof's focus, ignore, hide and show_from on a profile
 * stream, writing a stream. */
#include <regex.h>
#include <stdio.h>
#include <unistd.h>

#include "analysis/focus.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	{ 'f', "re", "keep the samples with a frame that matches (focus)" },
	{ 'H', "re", "remove the frames that match (hide)" },
	{ 'i', "re", "drop the samples with a frame that matches (ignore)" },
	CLI_OPT_OUTPUT,
	{ 'r', "re", "cut each stack above its outermost match (show_from)" },
	{ 's', "sources", "keep these sources and their samples (ids: 1,3)" },
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Filters the samples and frames of profile streams (2.0 or 1.0) as "
	"pprof's\n-focus, -ignore, -hide and -show_from do; writes a stream.",
	opts, "[file ...]",
	"Regular expressions are POSIX extended, matched anywhere in a "
	"function's name or\nfile name, or a mapping's file. Several files "
	"are combined (as by tsvcombine) first."
};

static regex_t *
compile(regex_t *re, const char *arg, int opt)
{
	char msg[256];
	int rc;

	if ((rc = regcomp(re, arg, REG_EXTENDED | REG_NOSUB)) != 0) {
		regerror(rc, re, msg, sizeof(msg));
		cli_warn("-%c: '%s': %s", opt, arg, msg);
		cli_usage(&prog);
	}
	return re;
}

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct source_set sources = { 0 };
	struct focus_opts fo = { 0 };
	struct focus *f;
	regex_t re[4];
	struct output o;
	struct perr e;
	struct input_ref in;
	const char *opath = NULL;
	int ch;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'f':
			fo.focus = compile(&re[0], optarg, ch);
			break;
		case 'i':
			fo.ignore = compile(&re[1], optarg, ch);
			break;
		case 'H':
			fo.hide = compile(&re[2], optarg, ch);
			break;
		case 'r':
			fo.show_from = compile(&re[3], optarg, ch);
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
	in = cli_input(&prog, argc, argv, TWICE_LATE);
	cli_open(&o, opath);
	cli_hold(&o);
	if ((f = focus_new(&o, &fo, &e)) == NULL ||
	    assemble_file(&r, in.path, in.shown, in.record, &p,
	    focus_sample, focus_restart, f, 0, &e) < 0)
		cli_fail(&e);
	cli_check_sources(&sources, 's', 0, &p);
	if (focus_end(f, &p, &e) < 0)
		cli_fail(&e);
	stream_close(&r);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	focus_free(f);
	prof_free(&p);
	for (ch = 0; ch < 4; ch++)
		if ((&fo.focus)[ch] != NULL)
			regfree(&re[ch]);
	source_set_free(&sources);
	return EXIT_OK;
}
