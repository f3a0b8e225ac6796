/* cpuprofile2tsv: Chrome's and V8's CPU profiles to the profile stream. */
#include "formats/cpuprofile/cpuprofile.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_V1,
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Converts Chrome's and V8's CPU profiles (.cpuprofile: node "
	"--cpu-prof,\nDevTools; and those in Chrome's trace events: the "
	"Performance panel's\nsaved profile) to a profile stream.", opts,
	"[file ...]",
	"Several files give one stream, a source per profile; every sample "
	"with its\ntime."
};

int
main(int argc, char *argv[])
{
	return cli_convert_codec(&prog, &cpuprofile_codec, NULL, NULL, argc, argv);
}
