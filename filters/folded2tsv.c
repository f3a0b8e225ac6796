/* folded2tsv: collapsed stacks to the profile stream. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

struct conv {
	struct folded_reader r;
	struct text type, unit;
	int skip_invalid, lines;
};

static void
option(void *ctx, int ch, const char *arg)
{
	struct conv *c = ctx;
	const char *slash;

	if (ch == 'k') {
		c->skip_invalid = 1;
		return;
	}
	if (ch == 'L') {
		c->lines = 1;
		return;
	}
	slash = strchr(arg, '/');	/* -t */
	if (slash == NULL || slash == arg || slash[1] == '\0') {
		cli_warn("-t: '%s' is not type/unit (such as cpu/nanoseconds)",
		    arg);
		cli_usage(&prog);
	}
	c->type = text_n(arg, (size_t)(slash - arg));
	c->unit = text_of(slash + 1);
}

static void
begin(void *ctx, struct output *o)
{
	struct conv *c = ctx;
	struct perr e = { "" };

	if (folded_begin(&c->r, o, c->type, c->unit, c->skip_invalid, &e) < 0)
		cli_fail(&e);
	c->r.lines = c->lines;
}

static void
convert(void *ctx, const char *path)
{
	struct conv *c = ctx;
	struct input in;
	struct perr e = { "" };

	if (input_open(&in, path, NULL, &e) < 0 ||
	    folded_read(&c->r, &in, &e) < 0)
		cli_fail(&e);
	/* as flamegraph.pl and inferno say it */
	if (c->r.skipped > 0)
		cli_warn("%s: left out %llu line%s that %s no collapsed stack "
		    "(the first: line %ld)", in.name,
		    (unsigned long long)c->r.skipped, c->r.skipped == 1 ? "" :
		    "s", c->r.skipped == 1 ? "is" : "are", c->r.first_skipped);
	input_close(&in);
}

static void
end(void *ctx)
{
	struct conv *c = ctx;

	folded_free(&c->r);
}

int
main(int argc, char *argv[])
{
	static const struct cli_converter cv = { option, begin, convert, end };
	struct conv c = { .type = { "", 0 } };

	return cli_convert(&prog, &cv, &c, argc, argv);
}
