/* firefox2tsv: the Firefox Profiler's Gecko and processed formats to the
 * profile stream. */
#include "formats/firefox/firefox.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_V1,
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Converts the Firefox Profiler's Gecko format (Firefox's own profile, "
	"samply's\nraw one) and its processed format (what "
	"profiler.firefox.com saves,\nversions 41 to 70) to a profile "
	"stream.", opts, "[file ...]",
	"Several files give one stream, a source per thread; every sample "
	"with its time."
};

int
main(int argc, char *argv[])
{
	return cli_convert_codec(&prog, &firefox_codec, NULL, NULL, argc,
	    argv);
}
