/* folded2tsv: collapsed stacks to the profile stream. */
#include <string.h>

#include "formats/folded/folded.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_V1,
	CLI_OPT_OUTPUT,
	{ 'k', "skip-invalid", NULL, "leave out lines that are no collapsed "
	    "stack, with their\ncount on stderr" },
	{ 't', "type", "type/unit", "what the values are (default: austin's "
	    "mode, else\nsamples/count)" },
	{ 'L', "lines", NULL, "Pyroscope's lines format: a stack a line, no "
	    "value\n(a sample each)" },
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Converts collapsed stacks (root;...;leaf value, one- or two-valued) "
	"to a\nprofile stream.", opts, "[file ...]",
	"Several files give one stream, a source per file (two for the "
	"two-valued form)."
};

static void
option(void *ctx, int ch, const char *arg)
{
	struct folded_options *opt = ctx;
	const char *slash;

	if (ch == 'k') {
		opt->skip_invalid = 1;
		return;
	}
	if (ch == 'L') {
		opt->lines = 1;
		return;
	}
	slash = strchr(arg, '/');	/* -t */
	if (slash == NULL || slash == arg || slash[1] == '\0') {
		cli_warn("-t: '%s' is not type/unit (such as cpu/nanoseconds)",
		    arg);
		cli_usage(&prog);
	}
	opt->type = text_n(arg, (size_t)(slash - arg));
	opt->unit = text_of(slash + 1);
}

int
main(int argc, char *argv[])
{
	struct folded_options opt = { { "", 0 }, { "", 0 }, 0, 0 };

	return cli_convert_codec(&prog, &folded_codec, option, &opt, argc,
	    argv);
}
