/* tsvsymbolize: names, files and lines for the bare addresses of profile
 * streams, from the binaries on this machine; writes a stream. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "door/door.h"
#include "symbolize/symbolize.h"
#include "cli.h"

enum { OPT_DEBUG_DIR = CLI_LONG, OPT_KALLSYMS, OPT_DEBUGINFOD };

static const struct cli_opt opts[] = {
	{ 'b', "binary-path", "dirs", "look for binaries in these "
	    "directories (':' between\nthem) first, as pprof does "
	    "(default:\n$PPROF_BINARY_PATH, else $HOME/pprof/binaries)" },
	{ OPT_DEBUG_DIR, "debug-dir", "dir", "separate debug files by build "
	    "ID under\ndir/.build-id (default /usr/lib/debug)" },
	{ OPT_DEBUGINFOD, "debuginfod", NULL, "fetch the binaries not here by "
	    "build ID from the\ndebuginfod servers of $DEBUGINFOD_URLS "
	    "(else none)" },
	{ OPT_KALLSYMS, "kallsyms", "file", "name perf's kernel frames by "
	    "the symbols of file:\n/proc/kallsyms for a profile taken here "
	    "since this boot" },
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Gives the locations of profile streams (2.0 or 1.0) that have an "
	"address and a\nmapping but no function their function, file and "
	"line, inlined frames\nincluded, from the mapping's binary (read "
	"with elfutils' libdw), as go tool\npprof -symbolize=local does; "
	"writes a stream.",
	opts, "[file ...]",
	"Addresses it cannot resolve stay as they were, said once per "
	"mapping. Several\nfiles are combined (as by tsvcombine) first."
};

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct symbolize_opts so = { { 0 } };
	struct symbolizer *z;
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL, *file, *why, *home;
	char *dflt = NULL;
	uint64_t count;
	size_t i;
	int ch;

	so.search.path = getenv("PPROF_BINARY_PATH");
	so.search.debug_dir = "/usr/lib/debug";
	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'b':
			so.search.path = optarg;
			break;
		case OPT_DEBUG_DIR:
			so.search.debug_dir = optarg;
			break;
		case OPT_KALLSYMS:
			so.kallsyms = optarg;
			break;
		case OPT_DEBUGINFOD:
			so.search.debuginfod = 1;
			break;
		case 'o':
			opath = optarg;
			break;
		}
	argc -= optind;
	argv += optind;
	/* libdw asks debuginfod servers for debug files whenever
	 * $DEBUGINFOD_URLS names some (Debian sets it for every login):
	 * only when asked, as pprof and Perfetto */
	if (!so.search.debuginfod)
		unsetenv("DEBUGINFOD_URLS");
	else if (getenv("DEBUGINFOD_URLS") == NULL ||
	    *getenv("DEBUGINFOD_URLS") == '\0') {
		cli_warn("--debuginfod: $DEBUGINFOD_URLS names no server");
		cli_exit(EXIT_USAGE);
	}
	/* pprof's default: $HOME/pprof/binaries */
	if ((so.search.path == NULL || *so.search.path == '\0') &&
	    (home = getenv("HOME")) != NULL && *home != '\0') {
		if ((dflt = malloc(strlen(home) + 20)) == NULL) {
			cli_warn("out of memory");
			cli_exit(EXIT_BAD);
		}
		snprintf(dflt, strlen(home) + 20, "%s/pprof/binaries", home);
		so.search.path = dflt;
	}
	in = cli_input(&prog, argc, argv, TWICE_LATE);
	cli_open(&o, opath);
	if ((z = symbolizer_new(&o, &so, &e)) == NULL ||
	    door_assemble(&r, in.path, in.shown, in.record, &p,
	    symbolizer_sample, symbolizer_restart, z, 0, &e) < 0 ||
	    symbolizer_end(z, &p, &e) < 0)
		cli_fail(&e);
	for (i = 0; (file = symbolizer_left(z, i, &count, &why)) != NULL;
	    i++)
		cli_warn("%s: %llu location%s left as %s: %s", *file != '\0' ?
		    file : "a mapping of no file", (unsigned long long)count,
		    count == 1 ? "" : "s", count == 1 ? "it was" : "they were",
		    why);
	stream_close(&r);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	symbolizer_free(z);
	prof_free(&p);
	free(dflt);
	return EXIT_OK;
}
