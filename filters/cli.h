/* cli.h: what every filter's main shares: options and help from one table,
 * messages, exit codes, -o; the library's inputs, outputs and temporary
 * files, exiting with the message when they fail. */
#ifndef CLI_H
#define CLI_H

#include <stdio.h>

#include "base/perr.h"
#include "io/output.h"
#include "io/twice.h"
#include "stream/codec.h"
#include "sample/select.h"

enum { EXIT_OK = 0, EXIT_BAD = 1, EXIT_USAGE = 2 };

/* An option: a short letter (ch < 256) or, long only, an id of 256 and
 * up that cli_getopt returns for it; its long name (--name); its
 * argument's name (NULL: a flag); its help. An older spelling kept
 * working has no name and no help, and alias: the ch it stands for. */
struct cli_opt {
	int ch;
	const char *name;
	const char *arg;
	const char *help;	/* one line, or lines joined by \n */
	int alias;
};

/* Long-only options' ids: each program's from CLI_LONG, the shared ones
 * from CLI_SHARED. */
#define CLI_LONG 256
#define CLI_SHARED 512
enum { CLI_TAGFOCUS = CLI_SHARED, CLI_TAGIGNORE, CLI_TAGSHOW, CLI_TAGHIDE,
	CLI_FROM, CLI_TO, CLI_TAGROOT, CLI_TAGLEAF, CLI_DIFF_BASE, CLI_BASE,
	CLI_RELATIVE };

#define CLI_OPT_OUTPUT { 'o', "output", "file", "write to file, whole or not " \
    "at all (default stdout)" }
#define CLI_OPT_V1 { '1', "v1", NULL, "write the legacy format 1.0 (when it " \
    "can hold the data)" }
#define CLI_OPT_LIMIT { 'Z', "max-input", "size", "stop past size bytes " \
    "decompressed (k, M, G; 4G,\nand 1032 times the compressed size, at " \
    "least 64M)" }, \
    { 'X', "max-expansion", "n", "stop past n frames a byte of input " \
    "(256; 0: no bound)" }
/* pprof's filters, for every program that reads samples to analyse
 * them (cli_focus_option) */
#define CLI_OPT_FOCUS \
	{ 'f', "focus", "re", "keep the samples with a frame that matches" }, \
	{ 'i', "ignore", "re", "drop the samples with a frame that matches" }, \
	{ 'H', "hide", "re", "remove the frames that match" }, \
	{ 'S', "show", "re", "keep only the frames that match" }, \
	{ 'r', "show-from", "re", "cut each stack above its outermost match" }, \
	{ CLI_TAGFOCUS, "tagfocus", "tag", "keep the samples with a label that " \
	    "matches ([key=]re,re\nor a range such as bytes=1mb:)" }, \
	{ CLI_TAGIGNORE, "tagignore", "tag", "drop the samples with a label " \
	    "that matches" }, \
	{ CLI_TAGSHOW, "tagshow", "re", "keep only the labels whose key " \
	    "matches" }, \
	{ CLI_TAGHIDE, "taghide", "re", "remove the labels whose key matches" }, \
	{ CLI_FROM, "from", "time", "keep the samples taken at time or later " \
	    "(RFC 3339\nsuch as 2026-11-27T14:00:00Z, or seconds since 1970)" }, \
	{ CLI_TO, "to", "time", "keep the samples taken before time" }, \
	{ CLI_TAGROOT, "tagroot", "keys", "label values as frames at the root " \
	    "(key,...: the first\nthe new root)" }, \
	{ CLI_TAGLEAF, "tagleaf", "keys", "label values as frames at the leaf " \
	    "(the last\nthe new leaf)" }
/* pprof's diffs, for every view that can subtract a base (cli_base) */
#define CLI_OPT_BASE \
	{ 'd', "diff-source", "ids", "subtract these sources (as --diff-base " \
	    "does)" }, \
	{ CLI_DIFF_BASE, "diff-base", "file", "subtract the profile in file, " \
	    "as pprof's -diff_base\n(percentages of the base's total)" }, \
	{ CLI_BASE, "base", "file", "subtract the profile in file, as pprof's " \
	    "-base" }
/* pprof's -relative_percentages, for the views that give percentages */
#define CLI_OPT_RELATIVE { CLI_RELATIVE, "relative", NULL, "percentages of " \
    "what the filters left, not of the total\nbefore them (pprof's " \
    "-relative_percentages)" }
#define CLI_OPT_SOURCES { 's', "sources", "ids", "keep the samples of these " \
    "sources (such as 1,3)" }

struct cli_prog {
	const char *purpose;		/* one line */
	const struct cli_opt *opts;	/* ended by { 0 } */
	const char *operands;		/* "[file ...]" */
	const char *notes;		/* after the options, or NULL */
};

/*
 * getopt_long over the program's table: returns each of its options' ch
 * (with optarg), -1 at the end of the options; as GNU's, options may come
 * after operands (unless POSIXLY_CORRECT is set) and -- ends them.
 * Handles by itself -h and --help (usage on stdout, exit 0), -V and
 * --version (exit 0), -Z (the bound on decompressed input) and unknown
 * options (usage on stderr, exit 2).
 */
/* pprof's flags (-cum, -sample_index=x, --diff_base) in argv answered
 * with the option that does the same, as a usage error (exit 2); called
 * by cli_getopt before it reads argv. */
void cli_pprof_habits(const struct cli_prog *prog, int argc, char **argv);
/* Whether the operands left are one file and nothing is piped in: the
 * profile given alone where a regular expression comes first (pprof's
 * -peek and -list take theirs as a flag's value). */
int cli_lone_profile(int argc, char **argv);
/* A size with an optional k, M or G suffix (of 1024), as -Z takes it;
 * else a usage error naming opt. 0 only where zero_ok. */
unsigned long long cli_size(const struct cli_prog *prog, const char *arg,
    const char *opt, int zero_ok);
int cli_getopt(const struct cli_prog *prog, int argc, char **argv);
/* The usage text, on fp. */
void cli_show_usage(const struct cli_prog *prog, FILE *fp);
/* Usage on stderr, exit 2. */
void cli_usage(const struct cli_prog *prog) __attribute__((noreturn));
/* A reader about to read standard input: when it is a terminal, usage
 * and exit 2 rather than wait for what will not come. */
void cli_not_a_terminal(const struct cli_prog *prog);

/* Prints "prog: msg" to stderr. */
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints e's message and exits 1, removing a half-written -o file. */
void cli_fail(struct perr *e) __attribute__((noreturn));
/* Exits with status, leaving no half-written -o file. */
void cli_exit(int status) __attribute__((noreturn));
/* The output cli_fail discards. */
void cli_set_output(struct output *o);

/* A temporary file (io/tmpfile.h), or exit 1. */
const char *cli_tmpfile(void);
int cli_tmpfd(void);

/* A converter's output: opath (NULL: stdout), or with -1 (v1) a
 * temporary 2.0 file that cli_out_close turns into 1.0 at opath. Both
 * exit 1 on failure. */
struct cli_out {
	struct output o;
	const char *opath, *tmp;
};
void cli_out_open(struct cli_out *c, const char *opath, int v1);
void cli_out_close(struct cli_out *c);

/* A converter's main after its table (which has -1 and -o; option gets
 * the others): begin
 * writes the preamble, convert reads each operand (NULL: standard input)
 * into the stream, end frees; returns the exit status. */
struct cli_converter {
	void (*option)(void *ctx, int ch, const char *arg);	/* or NULL */
	void (*begin)(void *ctx, struct output *o);
	void (*convert)(void *ctx, const char *path);
	void (*end)(void *ctx);
};
int cli_convert(const struct cli_prog *prog, const struct cli_converter *cv,
    void *ctx, int argc, char **argv);
/* A converter program whole: cli_convert with the format's reader
 * (stream/codec.h) begun with options, each operand read and what it
 * left out said on stderr. option: the program's own letters, into
 * options (NULL: it has none). */
int cli_convert_codec(const struct cli_prog *prog, const struct codec *c,
    void (*option)(void *options, int ch, const char *arg), void *options,
    int argc, char **argv);

/* The input at path read as how says (io/twice.h), or exit 1. */
struct source_set;

struct input_ref cli_ref(const char *path, enum twice how);
/* Whether the file at path (not standard input) is of a format the door
 * converts, not a stream; exits 1 when it cannot be read. */
int cli_foreign(const char *path);
/* Combines the streams at paths into o as tsvcombine does ("-": standard
 * input, once). Exits 1 on bad input, 2 on "-" twice. */
void cli_combine(struct output *o, int n, char **paths);
/* The one stream a writer reads from its operands: standard input for
 * none, the file for one (to be read as how says), several combined into
 * a temporary file. */
struct input_ref cli_input(const struct cli_prog *prog, int argc,
    char **argv, enum twice how);
/* The base (a file, as pprof's -diff_base and -base take) and the
 * operands (standard input for none) combined into a temporary file, the
 * base's sources, the first ones, added to bases. */
struct input_ref cli_input_diff(const struct cli_prog *prog,
    const char *base, int argc, char **argv, struct source_set *bases);
/* A base to subtract: -d's sources, or --diff-base's or --base's file,
 * one kind only (as pprof refuses -base with -diff_base; the same option
 * again: the last). */
struct cli_base {
	int opt;		/* 'd', CLI_DIFF_BASE, CLI_BASE; 0: none */
	const char *file;
	struct source_set ids;	/* -d's; after cli_base_input, the file's */
};
/* Takes option ch (arg) of CLI_OPT_BASE: 1, or 0 when ch is another. */
int cli_base_option(const struct cli_prog *prog, struct cli_base *b, int ch,
    const char *arg);
/* The operands, with the base's file first when there is one (as
 * cli_input_diff). */
struct input_ref cli_base_input(const struct cli_prog *prog,
    struct cli_base *b, int argc, char **argv, enum twice how);
/* After reading: -d's sources are in p, or exit 1. */
void cli_base_check(const struct cli_base *b, const struct prof *p);
/* A 2.0 copy of the 1.0 stream in (a file), in a temporary file, as
 * tsvcombine converts it. */
struct input_ref cli_to_v2(struct input_ref in);

struct prof;
struct sample;
struct stream_reader;
/* -s: the source ids in arg, or usage and exit 2. */
void cli_sources(const struct cli_prog *prog, struct source_set *s,
    const char *arg);
struct focus_opts;
/* pprof's filters (-f focus, -i ignore, -H hide, -S show, -r show_from):
 * arg compiled (Go's syntax) into fo, or usage and exit 2; "" is none. */
void cli_focus_option(const struct cli_prog *prog, struct focus_opts *fo,
    int ch, const char *arg);
/* Says, as pprof does, which filters matched nothing (focus_unmatched). */
void cli_focus_report(const struct focus_opts *fo, unsigned unmatched);
void cli_focus_free(struct focus_opts *fo);
/* After reading: the sources of s (-s), or the source id (-d; 0: none),
 * are in p, or exit 1 naming those there are. */
void cli_check_sources(const struct source_set *s, int opt, uint32_t id,
    const struct prof *p);
/* in read through the assembler into p and emit (restart: read it again),
 * or exit 1; r is left open for its name. */
void cli_assemble(struct stream_reader *r, struct input_ref in, struct prof *p,
    int (*emit)(void *, struct prof *, const struct sample *, struct perr *),
    int (*restart)(void *, struct perr *), void *ctx);
/* o on opath (NULL: stdout), the output cli_fail discards; or exit 1.
 * Every program's output: held (cli_hold), so that a program that fails
 * sends nothing downstream, and one that starts over takes nothing
 * back. */
void cli_open(struct output *o, const char *opath);
/* o, when a pipe or terminal, spooled in a temporary file until
 * output_close (a file is written under a temporary name already). */
void cli_hold(struct output *o);

/* A fraction from 0 to 1 for the long option name, or usage and exit 2. */
double cli_fraction(const struct cli_prog *prog, const char *arg,
    const char *name);
/* Parses a positive decimal for option opt, or exits 2. */
long long cli_number(const char *arg, int opt, long long max);

/* The sources kept, for a default title: their URIs' base names (the
 * first few), or how many. NULL when out of memory; the caller frees
 * it. */
char *cli_source_names(const struct prof *p, const struct source_set *keep);

#endif
