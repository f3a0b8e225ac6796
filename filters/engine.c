/* engine: the report page's engine, built for WebAssembly alone (make
 * wasm): the analysis programs in one module, each the same code as its
 * program, run as the one argv[0] names. The page (and make check, under
 * node) runs tsvfocus with the page's refine, then the view, on the
 * stream the page holds. */
#include <stdio.h>
#include <string.h>

int tsvfocus_main(int, char **);
int tsvtop_main(int, char **);
int tsvpeek_main(int, char **);
int tsvgraph_main(int, char **);
int tsvflame_main(int, char **);

static const struct {
	const char *name;
	int (*run)(int, char **);
} engine_progs[] = {
	{ "tsvfocus", tsvfocus_main }, { "tsvtop", tsvtop_main },
	{ "tsvpeek", tsvpeek_main }, { "tsvgraph", tsvgraph_main },
	{ "tsvflame", tsvflame_main },
};

/* what the programs' messages begin with (WASI's libc sets it not) */
extern const char *__progname;

int
main(int argc, char *argv[])
{
	const char *name = argc > 0 ? strrchr(argv[0], '/') : NULL;
	size_t i;

	name = name != NULL ? name + 1 : argc > 0 ? argv[0] : "";
	__progname = name;
	for (i = 0; i < sizeof(engine_progs) / sizeof(engine_progs[0]); i++)
		if (strcmp(name, engine_progs[i].name) == 0)
			return engine_progs[i].run(argc, argv);
	fprintf(stderr, "engine: no program named %s\n", name);
	return 2;
}
