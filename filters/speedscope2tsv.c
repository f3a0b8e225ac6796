/* speedscope2tsv: speedscope files to the profile stream. */
#include <stdio.h>
#include <unistd.h>

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

static void
begin(void *ctx, struct output *o)
{
	speedscope_begin(ctx, o);
}

static void
convert(void *ctx, const char *path)
{
	struct input in;
	struct perr e = { "" };

	if (input_open(&in, path, NULL, &e) < 0 ||
	    speedscope_read(ctx, &in, &e) < 0)
		cli_fail(&e);
	input_close(&in);
}

static void
end(void *ctx)
{
	speedscope_free(ctx);
}

int
main(int argc, char *argv[])
{
	static const struct cli_converter cv = { NULL, begin, convert,
	    end };
	struct speedscope_reader c;

	return cli_convert(&prog, &cv, &c, argc, argv);
}
