/* tsv2folded: a profile stream to collapsed stacks, for flame graphs. */
#include <stdio.h>
#include <unistd.h>

#include "formats/folded/folded_write.h"
#include "formats/perf/perf_collapse.h"
#include "cli.h"

enum { O_NORMALIZE = CLI_LONG, O_PERF, O_PID, O_TID, O_KERNEL, O_JIT,
    O_ALL, O_ADDRS };

static const struct cli_opt opts[] = {
	{ 'd', "diff-source", "id", "two values per line: this source's and "
	    "the others'\n(difffolded)" },
	{ 'l', "lines", NULL, "append :line to frames" },
	CLI_OPT_OUTPUT,
	CLI_OPT_SOURCES,
	{ 't', "type", "type", "the value to write (default: as pprof shows "
	    "it)" },
	{ O_NORMALIZE, "normalize", NULL, "with -d: the base's values scaled to "
	    "the others' sum\n(difffolded -n)" },
	{ O_PERF, "perf", NULL, "as stackcollapse-perf.pl: the process "
	    "(comm) the root,\nnames tidied, the first event's values" },
	{ O_PID, "pid", NULL, "--perf, the process \"comm-pid\"" },
	{ O_TID, "tid", NULL, "--perf, the process \"comm-pid/tid\"" },
	{ O_KERNEL, "kernel", NULL, "--perf, kernel frames with _[k]" },
	{ O_JIT, "jit", NULL, "--perf, JIT frames (/tmp/perf-PID.map) with "
	    "_[j]" },
	{ O_ALL, "all", NULL, "--kernel and --jit" },
	{ O_ADDRS, "addrs", NULL, "--perf, the address of a frame of no "
	    "symbol" },
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Writes profile streams (2.0 or 1.0) as collapsed stacks: "
	"root;...;leaf value.", opts, "[file ...]",
	"Several files are combined (as by tsvcombine) first."
};

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct source_set sources = { 0 };
	struct stack_reader sr = { 0 };
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	struct stack_namer namer;
	const char *opath = NULL, *type = NULL;
	unsigned pflags = 0;
	int ch, normalize = 0, perf = 0;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'd':
			sr.opts.base = (uint32_t)cli_number(optarg, 'd',
			    INT32_MAX);
			break;
		case 'l':
			sr.opts.lines = 1;
			break;
		case O_NORMALIZE:
			normalize = 1;
			break;
		case O_PERF: perf = 1; break;
		case O_PID: perf = 1; pflags |= PERF_COLLAPSE_PID; break;
		case O_TID: perf = 1; pflags |= PERF_COLLAPSE_TID; break;
		case O_KERNEL: perf = 1; pflags |= PERF_COLLAPSE_KERNEL; break;
		case O_JIT: perf = 1; pflags |= PERF_COLLAPSE_JIT; break;
		case O_ALL:
			perf = 1;
			pflags |= PERF_COLLAPSE_KERNEL | PERF_COLLAPSE_JIT;
			break;
		case O_ADDRS: perf = 1; pflags |= PERF_COLLAPSE_ADDRS; break;
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
	if (normalize && sr.opts.base == 0) {
		cli_warn("--normalize: there is no base (-d)");
		cli_usage(&prog);
	}
	sr.opts.sources = &sources;
	if (perf) {
		namer = perf_collapse_namer(pflags);
		sr.opts.namer = &namer;
	}
	in = cli_input(&prog, argc, argv, TWICE_LATE);
	cli_assemble(&r, in, &p, stacks_sample, stacks_restart, &sr);
	stream_close(&r);
	cli_check_sources(&sources, 's', 0, &p);
	cli_check_sources(NULL, 'd', sr.opts.base, &p);
	cli_open(&o, opath);
	/* as stackcollapse-perf.pl: the first sample's event */
	if (perf && type == NULL)
		type = sr.st.first_type;
	if (folded_write(&sr.st, &p, &o, type, sr.opts.base != 0, normalize,
	    &e) < 0 ||
	    output_close(&o, &e) < 0)
		cli_fail(&e);
	stack_reader_free(&sr);
	prof_free(&p);
	source_set_free(&sources);
	return EXIT_OK;
}
