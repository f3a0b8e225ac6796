/* cli.h: what every filter's main shares: messages, exit codes, -o. */
#ifndef CLI_H
#define CLI_H

#include "perr.h"

enum { EXIT_OK = 0, EXIT_BAD = 1, EXIT_USAGE = 2 };

/* Prints "prog: msg" to stderr. */
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints e's message and exits 1, removing a half-written -o file. */
void cli_fail(struct perr *e) __attribute__((noreturn));
/* cli_fail with the file name from (a temporary file) shown as to. */
void cli_fail_renamed(struct perr *e, const char *from, const char *to)
    __attribute__((noreturn));
/* Prints the usage line and exits 2. */
void cli_usage(const char *synopsis) __attribute__((noreturn));
/* The output cli_fail discards. */
void cli_set_output(struct output *o);
/* Creates an empty temporary file in $TMPDIR (or /tmp), removed at exit;
 * returns its path, or exits 1. */
const char *cli_tmpfile(void);

/* A converter's output: opath (NULL: stdout), or with -1 (v1) a
 * temporary 2.0 file that cli_out_close turns into 1.0 at opath. Both
 * exit 1 on failure. */
struct cli_out {
	struct output o;
	const char *opath, *tmp;
};
void cli_out_open(struct cli_out *c, const char *opath, int v1);
void cli_out_close(struct cli_out *c);

/* -Z: a size with an optional k, M or G suffix, or exits 2; sets the
 * bound on decompressed input. */
void cli_limit(const char *arg);
#define CLI_LIMIT_HELP \
    "  -Z max   stop at max bytes of decompressed input (k, M, G; " \
    "default 4G)\n"

/* Parses a positive decimal for option opt, or exits 2. */
long long cli_number(const char *arg, int opt, long long max);

#endif
