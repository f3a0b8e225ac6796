/* pprof2tsv: pprof profiles to the profile stream. */
#include <stdio.h>
#include <unistd.h>

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

static void
begin(void *ctx, struct output *o)
{
	pprof_read_begin(ctx, o);
}

static void
convert(void *ctx, const char *path)
{
	struct pprof_reader *c = ctx;
	struct input in;
	struct perr e = { "" };

	if (input_open(&in, path, NULL, &e) < 0 ||
	    pprof_any_read_input(c, &in, &e) < 0)
		cli_fail(&e);
	input_close(&in);
}

static void
end(void *ctx)
{
	pprof_read_free(ctx);
}

int
main(int argc, char *argv[])
{
	static const struct cli_converter cv = { NULL, begin, convert,
	    end };
	struct pprof_reader c;

	return cli_convert(&prog, &cv, &c, argc, argv);
}
