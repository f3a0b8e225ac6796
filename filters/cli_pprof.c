/*
 * A pprof user's habits answered: pprof's flags take one dash and
 * underscores (-cum, -sample_index=alloc_space, --diff_base), which
 * getopt would read as bundles of letters (-cum as -c -u -m) or not
 * know. Such a word is answered with the option that does the same,
 * here or in the program that does it; and a profile given alone where
 * a regular expression comes first is read as the profile.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

extern const char *__progname;

/* pprof's flag, our long option of the same meaning (in the programs
 * that have it), else what does it here */
static const struct {
	const char *flag, *ours, *elsewhere;
} pprof_flags[] = {
	{ "top", NULL, "tsvtop FILE" },
	{ "text", NULL, "tsvtop FILE" },
	{ "cum", "cum", "tsvtop -c FILE" },
	{ "flat", NULL, "tsvtop FILE (its order)" },
	{ "lines", "lines", "tsvtop -l FILE" },
	{ "peek", NULL, "tsvpeek REGEX FILE" },
	{ "tree", "tree", "tsvpeek --tree FILE" },
	{ "list", NULL, "tsvlist REGEX FILE" },
	{ "dot", NULL, "tsvgraph FILE" },
	{ "svg", NULL, "tsvgraph FILE | dot -Tsvg" },
	{ "png", NULL, "tsvgraph FILE | dot -Tpng" },
	{ "pdf", NULL, "tsvgraph FILE | dot -Tpdf" },
	{ "web", NULL, "tsvreport FILE" },
	{ "http", NULL, "tsvreport -o page.html FILE" },
	{ "weblist", NULL, "tsvreport FILE" },
	{ "flame", NULL, "tsvflame FILE" },
	{ "traces", NULL, "tsv2folded FILE" },
	{ "raw", NULL, "tsvcombine FILE (the stream)" },
	{ "proto", NULL, "tsv2pprof FILE" },
	{ "tags", "tags", "tsvtop --tags FILE" },
	{ "focus", "focus", "tsvfocus -f REGEX FILE | ..." },
	{ "ignore", "ignore", "tsvfocus -i REGEX FILE | ..." },
	{ "hide", "hide", "tsvfocus -H REGEX FILE | ..." },
	{ "show", "show", "tsvfocus -S REGEX FILE | ..." },
	{ "show_from", "show-from", "tsvfocus -r REGEX FILE | ..." },
	{ "tagfocus", "tagfocus", "tsvfocus --tagfocus TAG FILE | ..." },
	{ "tagignore", "tagignore", "tsvfocus --tagignore TAG FILE | ..." },
	{ "tagshow", "tagshow", "tsvfocus --tagshow REGEX FILE | ..." },
	{ "taghide", "taghide", "tsvfocus --taghide REGEX FILE | ..." },
	{ "tagroot", "tagroot", "tsvfocus --tagroot KEYS FILE | ..." },
	{ "tagleaf", "tagleaf", "tsvfocus --tagleaf KEYS FILE | ..." },
	{ "sample_index", "type", "-t TYPE (tsvtop, tsvpeek, tsvgraph ...)" },
	{ "nodecount", "nodecount", "tsvtop -n, tsvgraph --nodecount" },
	{ "nodefraction", "nodefraction", "tsvtop or tsvgraph "
	    "--nodefraction" },
	{ "edgefraction", "edgefraction", "tsvgraph --edgefraction" },
	{ "relative_percentages", "relative", "tsvtop, tsvpeek or tsvgraph "
	    "--relative" },
	{ "diff_base", "diff-base", "tsvtop, tsvpeek or tsvgraph "
	    "--diff-base FILE" },
	{ "base", "base", "tsvtop, tsvpeek or tsvgraph --base FILE" },
	{ "normalize", "normalize", "tsvtop --normalize" },
	{ "unit", "unit", "tsvtop --unit UNIT" },
	{ "output", "output", "-o FILE" },
	{ "title", "title", "tsvgraph or tsvflame -T TITLE" },
	{ "source_path", "source-path", "tsvlist --source-path DIR" },
};

/* The option of prog named name (with '-' for '_'), or NULL. */
static const struct cli_opt *
ours(const struct cli_prog *prog, const char *name, size_t len)
{
	const struct cli_opt *o;
	size_t i;

	for (o = prog->opts; o->ch != 0; o++) {
		if (o->name == NULL || strlen(o->name) != len)
			continue;
		for (i = 0; i < len; i++)
			if (o->name[i] != (name[i] == '_' ? '-' : name[i]))
				break;
		if (i == len)
			return o;
	}
	return NULL;
}

static void
answer(const struct cli_prog *prog, const char *arg, const struct cli_opt *o,
    const char *elsewhere)
{
	if (o != NULL && o->alias != 0) {	/* an older spelling */
		const struct cli_opt *a;
		for (a = prog->opts; a->ch != 0; a++)
			if (a->ch == o->alias && a->alias == 0)
				break;
		if (a->ch != 0)
			o = a;
	}
	if (o != NULL && o->ch < CLI_LONG)
		cli_warn("%s is pprof's spelling: here --%s (-%c)", arg,
		    o->name, o->ch);
	else if (o != NULL)
		cli_warn("%s is pprof's spelling: here --%s", arg, o->name);
	else
		cli_warn("%s is pprof's: here %s", arg, elsewhere);
	cli_usage(prog);
}

void
cli_pprof_habits(const struct cli_prog *prog, int argc, char **argv)
{
	const struct cli_opt *o;
	const char *w;
	size_t i, k, len;
	int j, dashes;

	for (j = 1; j < argc; j++) {
		if (strcmp(argv[j], "--") == 0)
			return;
		dashes = argv[j][0] != '-' ? 0 : argv[j][1] == '-' ? 2 : 1;
		if (dashes == 0)
			continue;
		w = argv[j] + dashes;
		len = strcspn(w, "=");
		/* one dash: a word of three letters at least (-cl is -c -l) */
		if (len < (dashes == 1 ? 3u : 1u) ||
		    strspn(w, "abcdefghijklmnopqrstuvwxyz_") < len)
			continue;
		o = ours(prog, w, len);
		if (dashes == 2 && o != NULL && memchr(w, '_', len) == NULL)
			continue;	/* ours, as it is spelt */
		if (o != NULL) {
			answer(prog, argv[j], o, NULL);
			continue;
		}
		for (i = 0; i < sizeof(pprof_flags) / sizeof(pprof_flags[0]);
		    i++) {
			k = strlen(pprof_flags[i].flag);
			if (k != len || memcmp(pprof_flags[i].flag, w, k) != 0)
				continue;
			o = pprof_flags[i].ours ? ours(prog,
			    pprof_flags[i].ours, strlen(pprof_flags[i].ours)) :
			    NULL;
			answer(prog, argv[j], o, pprof_flags[i].elsewhere);
		}
	}
}

int
cli_lone_profile(int argc, char **argv)
{
	struct stat st;

	return argc == 1 && isatty(STDIN_FILENO) && stat(argv[0], &st) == 0 &&
	    S_ISREG(st.st_mode);
}
