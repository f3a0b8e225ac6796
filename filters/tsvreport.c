/* tsvreport: one self-contained HTML page of profile streams. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "views/report/report.h"
#include "io/graphviz.h"
#include "model/combine.h"
#include "cli.h"
#include "engine_wasm.h"

enum { O_UNIT = CLI_LONG, O_SOURCE_PATH, O_TRIM_PATH, O_ANY_SOURCE,
    O_MAX_EXTRA };

static const struct cli_opt opts[] = {
	{ 'm', "memory", NULL, "add mem_total: summaryRprof's memory, in MB" },
	CLI_OPT_OUTPUT,
	CLI_OPT_SOURCES,
	{ 'T', "title", "title", "the page's title (default: the sources)" },
	{ 't', "type", "type", "the value to show (default: pprof's, or R's "
	    "samples)" },
	{ O_UNIT, "unit", "unit", "the table's unit (as tsvtop's --unit)" },
	{ 'w', "width", "px", "of the flame graph and chart (default 1200)" },
	{ O_SOURCE_PATH, "source-path", "dirs", "add the source pane: files "
	    "found as tsvlist finds\nthem (':'-separated)" },
	{ O_TRIM_PATH, "trim-path", "prefixes", "as tsvlist's --trim-path" },
	{ O_ANY_SOURCE, "any-source-file", NULL, "as tsvlist's: any file a "
	    "profile names" },
	{ O_MAX_EXTRA, "max-extra", "size", "what the other sample types and "
	    "the refine stream\nmay add to the page (default 32M, or the "
	    "first type's\nsize; 0: no bound)" },
	CLI_OPT_BASE,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Writes one self-contained HTML page of profile streams (2.0 or 1.0): "
	"the top\ntable, callers and callees, source, flame graph and flame "
	"chart, call graph\n(laid out by Graphviz's dot, when installed).",
	opts, "[file ...]",
	"Several files are combined (as by tsvcombine) first. The input is read "
	"twice,\nand twice more for the refine controls' stream."
};

/* The source files left out of the page: said once, at the end. */
static struct {
	size_t n;
	char first[512];
} left_out;

static void
missing(void *ctx, const char *why)
{
	(void)ctx;
	if (left_out.n++ == 0)
		snprintf(left_out.first, sizeof(left_out.first), "%s", why);
}

/* The stream the page's refine controls read: the input combined, as
 * sent (nothing of where it was made), in a temporary file. */
static void
page_stream(struct report *rep, struct input_ref in, const char *trim)
{
	struct output o;
	struct perr e = { "" };
	int fd = cli_tmpfd();

	if (output_fd(&o, fd, "the page's stream", &e) < 0)
		cli_fail(&e);
	if (combine_inputs_sent(&o, 1, &in, trim, &e) < 0)
		cli_fail(&e);
	out_flush(&o);
	if ((o.err != 0 || o.why != NULL) && output_error(&o, &e) < 0)
		cli_fail(&e);
	if (report_stream(rep, fd, &e) < 0)
		cli_fail(&e);
	output_discard(&o);
	close(fd);
}

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct source_set sources = { 0 };
	struct cli_base base = { 0 };
	struct report_opts ro = { .width = 1200 };
	unsigned long long extra;
	struct report *rep;
	struct chart *ch;
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL;
	char *names = NULL, *end;
	int c;

	while ((c = cli_getopt(&prog, argc, argv)) != -1) {
		if (cli_base_option(&prog, &base, c, optarg))
			continue;
		switch (c) {
		case 'm':
			ro.memory = 1;
			break;
		case 'o':
			opath = optarg;
			break;
		case 's':
			cli_sources(&prog, &sources, optarg);
			ro.sources_arg = optarg;
			break;
		case 'T':
			ro.title = optarg;
			break;
		case 't':
			ro.type = optarg;
			break;
		case O_UNIT:
			ro.unit = optarg;
			break;
		case 'w':
			errno = 0;
			ro.width = strtod(optarg, &end);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    !(ro.width >= 100 && ro.width <= 1e6)) {
				cli_warn("-w: '%s' is not a number from 100 to "
				    "1e6", optarg);
				cli_usage(&prog);
			}
			break;
		case O_SOURCE_PATH:
			ro.search = optarg;
			break;
		case O_TRIM_PATH:
			ro.trim = *optarg != '\0' ? optarg : NULL;
			break;
		case O_ANY_SOURCE:
			ro.anywhere = 1;
			break;
		case O_MAX_EXTRA:
			extra = cli_size(&prog, optarg, "--max-extra", 1);
			ro.extra = extra == 0 || extra > SIZE_MAX ? SIZE_MAX :
			    (size_t)extra;
			break;
		}
	}
	argc -= optind;
	argv += optind;
	ro.sources = &sources;
	ro.base = &base.ids;
	ro.diff = base.opt == 0 ? CG_PLAIN : base.opt == CLI_BASE ? CG_BASE :
	    CG_DIFF_BASE;
	ro.missing = missing;
	if (graphviz_found())
		ro.layout = graphviz_layout;
	ro.engine = engine_wasm_gz;
	ro.nengine = engine_wasm_gz_size;
	if ((rep = report_new(&ro, &e)) == NULL)
		cli_fail(&e);
	/* two passes: everything but the chart, then the chart */
	in = cli_base_input(&prog, &base, argc, argv, TWICE_WHOLE);
	cli_assemble(&r, in, &p, report_sample, report_restart, rep);
	stream_close(&r);
	cli_check_sources(&sources, 's', 0, &p);
	cli_base_check(&base, &p);
	if (ro.title == NULL) {
		if ((names = cli_source_names(&p, &sources)) == NULL) {
			perr_nomem(&e);
			cli_fail(&e);
		}
		report_title(rep, names);
	}
	if (report_parts(rep, &p, &ch, &e) < 0)
		cli_fail(&e);
	if (report_wants_stream(rep))
		page_stream(rep, in, ro.trim);
	if (left_out.n == 1)
		cli_warn("a source file left out of the page: %s",
		    left_out.first);
	else if (left_out.n > 1)
		cli_warn("%zu source files left out of the page, the first: %s",
		    left_out.n, left_out.first);
	prof_free(&p);
	memset(&p, 0, sizeof(p));
	if (ch != NULL) {
		cli_assemble(&r, in, &p, report_chart_sample,
		    report_chart_restart, rep);
		stream_close(&r);
	}
	cli_open(&o, opath);
	if (report_write(rep, &o, &e) < 0 || output_close(&o, &e) < 0)
		cli_fail(&e);
	report_free(rep);
	free(names);
	prof_free(&p);
	source_set_free(&sources);
	source_set_free(&base.ids);
	return EXIT_OK;
}
