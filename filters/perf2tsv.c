/* perf2tsv: Linux perf script output to the profile stream. */
#include "formats/perf/perf.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_V1,
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Converts Linux perf script output to a profile stream.", opts,
	"[file ...]",
	"Several files give one stream, a source per file; every sample with "
	"its\nevent's period, time, command, pid, tid and cpu."
};

int
main(int argc, char *argv[])
{
	return cli_convert_codec(&prog, &perf_codec, NULL, NULL, argc, argv);
}
