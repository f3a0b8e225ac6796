/* jfr2tsv: Java Flight Recorder recordings to the profile stream. */
#include "formats/jfr/jfr.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_V1,
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Converts Java Flight Recorder recordings (.jfr, JFR 2: the JDK's "
	"recorder) to a\nprofile stream: execution, allocation, monitor and "
	"park events.", opts, "[file ...]",
	"Several files give one stream, a source per recording; every sample "
	"with its\nthread, state and time."
};

int
main(int argc, char *argv[])
{
	return cli_convert_codec(&prog, &jfr_codec, NULL, NULL, argc, argv);
}
