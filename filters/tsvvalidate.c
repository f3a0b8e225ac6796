/* tsvvalidate: checks profile streams against every rule of the format. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "door/door.h"
#include "stream/validate.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	{ 'q', "quiet", NULL, "print nothing; the exit status tells" },
	{ 'M', "max-problems", "n", "show at most n problems per file "
	    "(default 20)" },
	CLI_OPT_LIMIT,
	{ 'm', NULL, "n", NULL, 'M' },
	{ 0 }
};
static const struct cli_prog prog = {
	"Checks profile streams (format 2.0 or 1.0) against every rule of the "
	"format.", opts, "[file ...]",
	"Exit status: 0 valid, 1 invalid or unreadable, 2 usage."
};

static int quiet;
static long long max_shown = 20, shown;

static void
report(void *ctx, const char *msg)
{
	(void)ctx;
	if (!quiet && shown++ < max_shown)
		cli_warn("%s", msg);
}

static int
validate_file(const char *path)
{
	struct stream_reader r;
	struct perr e = { "" };
	char name[512];
	int rc;

	/* another format: its converter's stream */
	if (door_stream_open(&r, path, cli_tmpfile(), name, sizeof(name),
	    &e) < 0) {
		cli_warn("%s", e.msg);
		stream_close(&r);
		return EXIT_BAD;
	}
	r.report = report;
	shown = 0;
	rc = validate_stream(&r, &e);
	if (rc < 0 && !quiet && e.msg[0] != '\0')
		cli_warn("%s", e.msg);
	if (!quiet && shown > max_shown)
		cli_warn("%s: %lld more problems not shown", r.in.name,
		    shown - max_shown);
	rc = rc < 0 || r.nerrors > 0 ? EXIT_BAD : EXIT_OK;
	stream_close(&r);
	return rc;
}

int
main(int argc, char *argv[])
{
	int ch, rc = EXIT_OK;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'q':
			quiet = 1;
			break;
		case 'M':
			max_shown = cli_number(optarg, 'm', 1000000000);
			break;
		}
	argc -= optind;
	argv += optind;
	if (argc == 0) {
		cli_not_a_terminal(&prog);
		return validate_file(NULL);
	}
	for (; argc > 0; argc--, argv++)
		if (validate_file(*argv) != EXIT_OK)
			rc = EXIT_BAD;
	return rc;
}
