/* cli.h: what every filter's main shares: messages, exit codes, -o,
 * temporary files, combining several inputs. */
#ifndef CLI_H
#define CLI_H

#include "perr.h"

enum { EXIT_OK = 0, EXIT_BAD = 1, EXIT_USAGE = 2 };

/* Prints "prog: msg" to stderr. */
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints e's message and exits 1, removing a half-written -o file. */
void cli_fail(struct perr *e) __attribute__((noreturn));
/* name, or for a temporary file the name cli_tmpfile was given for it. */
const char *cli_shown(const char *name);
/* Prints the usage line and exits 2. */
void cli_usage(const char *synopsis) __attribute__((noreturn));
/* The output cli_fail discards. */
void cli_set_output(struct output *o);
/* Creates an empty temporary file in $TMPDIR (or /tmp), removed at exit;
 * returns its path, or exits 1. Messages name it shown (what the user
 * gave) unless that is NULL. */
const char *cli_tmpfile(const char *shown);

/* A converter's output: opath (NULL: stdout), or with -1 (v1) a
 * temporary 2.0 file that cli_out_close turns into 1.0 at opath. Both
 * exit 1 on failure. */
struct cli_out {
	struct output o;
	const char *opath, *tmp;
};
void cli_out_open(struct cli_out *c, const char *opath, int v1);
void cli_out_close(struct cli_out *c);

/* Combines the streams at paths into o as tsvcombine does ("-": standard
 * input, once; paths[i] then becomes a temporary copy of it). Exits 1 on
 * bad input, 2 on "-" twice. */
void cli_combine(struct output *o, int n, char **paths);
/* The same into a temporary file, removed at exit; its path. */
const char *cli_combined(int n, char **paths);
/* The one stream a writer reads from its operands: NULL (standard input)
 * for none, the file for one, cli_combined for several. */
const char *cli_input(int argc, char **argv);

/* -Z: a size with an optional k, M or G suffix, or exits 2; sets the
 * bound on decompressed input. */
void cli_limit(const char *arg);
#define CLI_LIMIT_HELP \
    "  -Z max   stop at max bytes of decompressed input (k, M, G; " \
    "default 4G)\n"

/* Parses a positive decimal for option opt, or exits 2. */
long long cli_number(const char *arg, int opt, long long max);

#endif
