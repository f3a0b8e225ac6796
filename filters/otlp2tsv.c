/* otlp2tsv: OpenTelemetry profiles (OTLP) to the profile stream. */
#include "formats/otlp/otlp.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_V1,
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Converts OpenTelemetry profiles (OTLP ProfilesData or an export "
	"request,\nprotobuf, gzipped or not) to a profile stream.", opts,
	"[file ...]",
	"Several files give one stream; every Profile is a source. Reads "
	"the v1.10+\nlayout and the v1.8 and v1.9 ones before it."
};

int
main(int argc, char *argv[])
{
	return cli_convert_codec(&prog, &otlp_codec, NULL, NULL, argc, argv);
}
