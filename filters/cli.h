/* cli.h: what every filter's main shares: messages, exit codes, -o. */
#ifndef CLI_H
#define CLI_H

#include "perr.h"

enum { EXIT_OK = 0, EXIT_BAD = 1, EXIT_USAGE = 2 };

/* Prints "prog: msg" to stderr. */
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints e's message and exits 1, removing a half-written -o file. */
void cli_fail(struct perr *e) __attribute__((noreturn));
/* Prints the usage line and exits 2. */
void cli_usage(const char *synopsis) __attribute__((noreturn));
/* The output cli_fail discards. */
void cli_set_output(struct output *o);
/* Parses a positive decimal for option opt, or exits 2. */
long long cli_number(const char *arg, int opt, long long max);

#endif
