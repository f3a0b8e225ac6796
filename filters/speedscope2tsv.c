/* speedscope2tsv: speedscope files to the profile stream. */
#include "formats/speedscope/speedscope.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_V1,
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Converts speedscope files (py-spy, rbspy, austin, samply, speedscope) "
	"to a\nprofile stream.", opts, "[file ...]",
	"Several files give one stream, a source per profile: a sampled "
	"profile's\nsamples with their weights, an evented one's spans "
	"between events."
};

int
main(int argc, char *argv[])
{
	return cli_convert_codec(&prog, &speedscope_codec, NULL, NULL, argc, argv);
}
