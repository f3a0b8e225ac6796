/* binary.h: a mapping's binary found on this machine and read through
 * elfutils' libdw: the frames at an address, inlined ones included, as
 * eu-addr2line -f -i gives them. */
#ifndef BINARY_H
#define BINARY_H

#include <stddef.h>
#include <stdint.h>

#include "base/perr.h"

/* Where a binary is looked for, as pprof looks (its PPROF_BINARY_PATH):
 * in each directory of path (':'-separated; NULL: none), under the
 * build ID, the file's base name and its whole path; then by build ID
 * under debug_dir (/usr/lib/debug); then the file itself; then, with
 * debuginfod, by build ID from the servers of $DEBUGINFOD_URLS. */
struct binary_search {
	const char *path;
	const char *debug_dir;
	int debuginfod;		/* ask debuginfod servers by build ID */
};

/* A mapping as the stream gives it. */
struct binary_mapping {
	const char *file;
	const char *build_id;	/* hex, "" for none */
	uint64_t start, limit, offset;
};

/* A frame at an address: strings held by the binary until the next
 * binary_frames. line, column and start_line 0: unknown; name NULL: no
 * name (an address in no symbol). */
struct binary_frame {
	const char *name, *system_name, *file;
	int64_t line, column, start_line;
};

struct binary;

/*
 * The binary of mapping m, found and opened: NULL with why set (no such
 * file; a build ID that differs, its own named; not ELF) when it is not
 * there, or with e set when out of memory (why then NULL).
 */
struct binary *binary_open(const struct binary_mapping *m,
    const struct binary_search *s, char *why, size_t nwhy, struct perr *e);
void binary_close(struct binary *b);
/* The file it was found as. */
const char *binary_path(const struct binary *b);
/* Whether it has DWARF (files, lines, inlined frames) or only symbols. */
int binary_has_dwarf(const struct binary *b);
/*
 * The frames at address addr of the mapping (its memory, as the profile
 * took it), innermost first: *n of them in *frames, 0 when nothing is
 * known there. 0, or -1 with e set (out of memory).
 */
int binary_frames(struct binary *b, uint64_t addr,
    const struct binary_frame **frames, size_t *n, struct perr *e);

#endif
