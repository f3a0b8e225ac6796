/* tsvcombine: several profile streams into one. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "combine.h"
#include "cli.h"

static const char synopsis[] = "[-o file] [-Z max] file ...";
/* Standard input is read more than once (its headers first): it is
 * copied to a temporary file, which is read instead. */
static const char *
spool_stdin(struct perr *e)
{
	const char *spool = cli_tmpfile();
	char buf[1 << 16];
	ssize_t n;
	int fd;

	if ((fd = open(spool, O_WRONLY)) < 0) {
		perr_set(e, "%s: %s", spool, strerror(errno));
		cli_fail(e);
	}
	while ((n = read(STDIN_FILENO, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || write(fd, buf, (size_t)n) != n) {
			perr_set(e, "<stdin>: %s", strerror(errno));
			cli_fail(e);
		}
	}
	close(fd);
	return spool;
}

int
main(int argc, char *argv[])
{
	struct combiner *c;
	struct output o;
	struct perr e;
	const char *opath = NULL, *spool = NULL;
	int ch, i, ext = 0, r, seen_stdin = 0;

	while ((ch = getopt(argc, argv, "ho:Z:")) != -1)
		switch (ch) {
		case 'o':
			opath = optarg;
			break;
		case 'h':
			printf("usage: tsvcombine %s\n"
			    "Combines profile streams (2.0 or 1.0) into one: "
			    "every source and sample kept,\n"
			    "ids renumbered, equal functions, locations and "
			    "mappings merged.\n"
			    "  -o file  write to file (it appears only when "
			    "complete) instead of stdout\n"
			    "  -        standard input (once)\n"
			    CLI_LIMIT_HELP, synopsis);
			return EXIT_OK;
		case 'Z':
			cli_limit(optarg);
			break;
		default:
			cli_usage(synopsis);
		}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		cli_usage(synopsis);
	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-") == 0) {
			if (seen_stdin++) {
				cli_warn("standard input (-) can be given "
				    "once");
				return EXIT_USAGE;
			}
			argv[i] = (char *)(spool = spool_stdin(&e));
		}
	}
	for (i = 0; i < argc; i++) {
		if ((r = stream_has_loc_ext(argv[i], &e)) < 0)
			cli_fail(&e);
		ext |= r;
	}
	if (output_open(&o, opath, &e) < 0)
		cli_fail(&e);
	cli_set_output(&o);
	if ((c = combine_new(&o, ext, &e)) == NULL)
		cli_fail(&e);
	for (i = 0; i < argc; i++)
		if (combine_add(c, argv[i], &e) < 0) {
			if (argv[i] == spool)	/* name it as the user did */
				cli_fail_renamed(&e, spool, "<stdin>");
			cli_fail(&e);
		}
	combine_free(c);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	return EXIT_OK;
}
