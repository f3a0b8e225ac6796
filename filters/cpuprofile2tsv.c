/* cpuprofile2tsv: Chrome's and V8's CPU profiles to the profile stream. */
#include <stdio.h>
#include <unistd.h>

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
	"--cpu-prof,\nDevTools) to a profile stream.", opts, "[file ...]",
	"Several files give one stream, a source per profile; every sample "
	"with its\ntime."
};

static void
begin(void *ctx, struct output *o)
{
	cpuprofile_begin(ctx, o);
}

static void
convert(void *ctx, const char *path)
{
	struct input in;
	struct perr e = { "" };

	if (input_open(&in, path, NULL, &e) < 0 ||
	    cpuprofile_read(ctx, &in, &e) < 0)
		cli_fail(&e);
	input_close(&in);
}

static void
end(void *ctx)
{
	cpuprofile_free(ctx);
}

int
main(int argc, char *argv[])
{
	static const struct cli_converter cv = { NULL, begin, convert,
	    end };
	struct cpuprofile_reader c;

	return cli_convert(&prog, &cv, &c, argc, argv);
}
