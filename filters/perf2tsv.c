/* perf2tsv: Linux perf script output to the profile stream. */
#include <stdio.h>
#include <unistd.h>

#include "formats/perf/perf.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_V1,
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Converts Linux perf script output to a profile stream.", opts,
	"[file ...]",
	"Several files give one stream, a source per file; every sample with "
	"its\nevent's period, time, command, pid, tid and cpu."
};

static void
begin(void *ctx, struct output *o)
{
	perf_begin(ctx, o);
}

static void
convert(void *ctx, const char *path)
{
	struct input in;
	struct perr e = { "" };
	char msg[512];

	if (input_open(&in, path, NULL, &e) < 0 ||
	    perf_read(ctx, &in, &e) < 0)
		cli_fail(&e);
	if (perf_damage(ctx, in.name, msg, sizeof(msg)))
		cli_warn("%s", msg);
	input_close(&in);
}

static void
end(void *ctx)
{
	perf_free(ctx);
}

int
main(int argc, char *argv[])
{
	static const struct cli_converter cv = { NULL, begin, convert,
	    end };
	struct perf_reader c;

	return cli_convert(&prog, &cv, &c, argc, argv);
}
