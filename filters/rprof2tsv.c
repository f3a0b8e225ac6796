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
	struct perr e;

	if (rprof_begin(ctx, o, &e) < 0)
		cli_fail(&e);
}

static void
convert(void *ctx, const char *path)
{
	struct rprof_reader *c = ctx;
	struct input in;
	struct perr e;
	long i;
	char lines[128];
	int n = 0;

	if (input_open(&in, path, NULL, &e) < 0)
		cli_fail(&e);
	c->dropped = c->ndrop_lines = 0;
	if (rprof_read(c, &in, &e) < 0)
		cli_fail(&e);
	if (c->dropped > 0) {
		for (i = 0; i < c->ndrop_lines && n < (int)sizeof(lines) - 16;
		    i++)
			n += snprintf(lines + n, sizeof(lines) - (size_t)n,
			    "%s%ld", i ? ", " : "", c->drop_lines[i]);
		cli_warn("%s: %ld frame%s cut off by the end of a line "
		    "dropped (line%s %s%s)", in.name, c->dropped,
		    c->dropped == 1 ? "" : "s", c->ndrop_lines == 1 ? "" : "s",
		    lines, c->ndrop_lines == 8 ? ", ..." : "");
	}
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
