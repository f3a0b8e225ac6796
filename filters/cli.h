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

/* Where a converter writes 2.0 before -1 turns it into 1.0: opens o on a
 * new temporary file, removed at exit; returns its path. */
const char *cli_v2_first(struct output *o, struct perr *e);
/* Then: the 1.0 stream from that file to opath. */
void cli_v1_from(const char *tmp, const char *opath, struct perr *e);

/* -Z: a size with an optional k, M or G suffix, or exits 2; sets the
 * bound on decompressed input. */
void cli_limit(const char *arg);
#define CLI_LIMIT_HELP \
    "  -Z max   stop at max bytes of decompressed input (k, M, G; " \
    "default 4G)\n"

/* Parses a positive decimal for option opt, or exits 2. */
long long cli_number(const char *arg, int opt, long long max);

#endif
