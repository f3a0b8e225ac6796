/* otlp2tsv: OpenTelemetry profiles (OTLP) to the profile stream. */
#include <stdio.h>
#include <unistd.h>

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

static void
begin(void *ctx, struct output *o)
{
	otlp_read_begin(ctx, o);
}

static void
convert(void *ctx, const char *path)
{
	struct input in;
	struct perr e = { "" };

	if (input_open(&in, path, NULL, &e) < 0 ||
	    otlp_read_input(ctx, &in, &e) < 0)
		cli_fail(&e);
	input_close(&in);
}

static void
end(void *ctx)
{
	otlp_read_free(ctx);
}

int
main(int argc, char *argv[])
{
	static const struct cli_converter cv = { NULL, begin, convert,
	    end };
	struct otlp_reader c;

	return cli_convert(&prog, &cv, &c, argc, argv);
}
