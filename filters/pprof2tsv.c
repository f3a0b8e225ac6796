/* pprof2tsv: pprof profiles to the profile stream. */
#include "formats/legacy/legacy_read.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_V1,
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Converts pprof profiles (profile.proto, gzipped or not) to a profile "
	"stream.", opts, "[file ...]",
	"Several files give one stream, a source per profile. The older "
	"formats\ngoogle/pprof reads (gperftools CPU, heapz, growthz, "
	"contentionz, threadz,\nGo's debug=1 texts, Java's) are read as it "
	"reads them."
};

int
main(int argc, char *argv[])
{
	return cli_convert_codec(&prog, &pprof_codec, NULL, NULL, argc, argv);
}
