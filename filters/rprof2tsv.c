/* rprof2tsv: R's Rprof() output to the profile stream. */
#include <stdio.h>
#include <unistd.h>

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

static void
begin(void *ctx, struct output *o)
{
	struct perr e = { "" };

	if (rprof_begin(ctx, o, &e) < 0)
		cli_fail(&e);
}

static void
convert(void *ctx, const char *path)
{
	struct rprof_reader *c = ctx;
	struct input in;
	struct perr e = { "" };
	char msg[512];

	if (input_open(&in, path, NULL, &e) < 0)
		cli_fail(&e);
	c->dropped = c->ndrop_lines = 0;
	if (rprof_read(c, &in, &e) < 0)
		cli_fail(&e);
	if (rprof_damage(c, in.name, msg, sizeof(msg)))
		cli_warn("%s", msg);
	input_close(&in);
}

static void
end(void *ctx)
{
	rprof_free(ctx);
}

int
main(int argc, char *argv[])
{
	static const struct cli_converter cv = { NULL, begin, convert,
	    end };
	struct rprof_reader c;

	return cli_convert(&prog, &cv, &c, argc, argv);
}
