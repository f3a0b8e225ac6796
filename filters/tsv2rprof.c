/* tsv2rprof: the profile stream to Rprof text that R's tools read. */
#include <math.h>
#include <stdio.h>
#include <unistd.h>

#include "sample/select.h"
#include "formats/rprof/rprof.h"
#include "door/door.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	{ 'I', "interval", "us", "the sample interval in microseconds of "
	    "sources that do\nnot say (default 20000)" },
	CLI_OPT_OUTPUT,
	{ 's', "sources", "ids", "write these sources only (such as 1,3)" },
	{ 't', "type", "type", "the value that gives each line's repeat "
	    "count (default\nsamples; a time is divided by the interval)" },
	CLI_OPT_LIMIT,
	{ 'i', NULL, "us", NULL, 'I' },
	{ 0 }
};
static const struct cli_prog prog = {
	"Writes a profile stream (2.0 or 1.0) as Rprof text, one session per "
	"source.", opts, "[file ...]",
	"Several files are combined (as by tsvcombine) first."
};

/* What the user should know of what was written. */
static void
report(const struct rprof_writer *w, const char *name)
{
	char what[128];
	int n = 0;

	if (w->skipped > 0)
		cli_warn("%s: %ld samples with no frames and no memory left "
		    "out (Rprof cannot hold them)", name, w->skipped);
	if (w->left_out > 0)
		cli_warn("%s: %ld samples with a repeat count below 0.5 (0 or "
		    "negative among them) left out", name, w->left_out);
	if (fabs(w->rounding) > 1e-9 * fmax(1, w->counted))
		cli_warn("%s: repeat counts rounded to whole lines: %+g lines "
		    "in all (of %g)", name, w->rounding, w->counted);
	if (w->differ) {
		what[0] = '\0';
		if (w->differ & RHDR_INTERVAL)
			n += snprintf(what + n, sizeof(what) - (size_t)n,
			    "sample.interval");
		if (w->differ & RHDR_MEMORY)
			n += snprintf(what + n, sizeof(what) - (size_t)n,
			    "%smemory profiling", n ? ", " : "");
		if (w->differ & RHDR_GC)
			n += snprintf(what + n, sizeof(what) - (size_t)n,
			    "%sGC profiling", n ? ", " : "");
		if (w->differ & RHDR_LINES)
			snprintf(what + n, sizeof(what) - (size_t)n,
			    "%sline profiling", n ? ", " : "");
		cli_warn("%s: the sessions' headers differ (%s): R's "
		    "summaryRprof reads every session by the first header; "
		    "write one source at a time with -s", name, what);
	}
}

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct rprof_writer w;
	struct source_set sources = { 0 };
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL, *type = NULL;
	long interval = 20000;
	int ch;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'I':
			interval = (long)cli_number(optarg, 'I', 1000000000);
			break;
		case 'o':
			opath = optarg;
			break;
		case 's':
			cli_sources(&prog, &sources, optarg);
			break;
		case 't':
			type = optarg;
			break;
		}
	argc -= optind;
	argv += optind;
	in = cli_input(&prog, argc, argv, TWICE_LATE);
	cli_open(&o, opath);
	rprof_write_begin(&w, &o, interval);
	w.count_type = type;
	w.sources = sources.ids.n > 0 ? &sources.ids : NULL;
	if (door_assemble(&r, in.path, in.shown, in.record, &p,
	    rprof_write_sample, rprof_write_restart, &w, ASM_SUMS, &e) < 0)
		cli_fail(&e);
	cli_check_sources(&sources, 's', 0, &p);
	if (rprof_write_end(&w, &p, &e) < 0)
		cli_fail(&e);
	report(&w, r.in.name);
	stream_close(&r);
	prof_free(&p);
	source_set_free(&sources);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	return EXIT_OK;
}
