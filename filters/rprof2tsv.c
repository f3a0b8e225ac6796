/* rprof2tsv: R's Rprof() output to the profile stream. */
#include "formats/rprof/rprof.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_V1,
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Converts R's Rprof() output (any version, gzip or not) to a profile "
	"stream.", opts, "[file ...]",
	"Several files give one stream, a source per Rprof session."
};

int
main(int argc, char *argv[])
{
	return cli_convert_codec(&prog, &rprof_codec, NULL, NULL, argc, argv);
}
