/* wasi.h: the POSIX calls WASI has not, for the page's engine alone
 * (make wasm includes this header in every file it compiles; wasi.c
 * defines them): a temporary file is made by name in the engine's memory
 * file system; standard input is opened again by its name there (no other
 * descriptor is duplicated); modes and masks are the engine's files'
 * own. */
#ifndef WASI_H
#define WASI_H
#ifdef __wasi__

#include <stddef.h>
#include <sys/types.h>

int mkstemp(char *tmpl);
int dup(int fd);
mode_t umask(mode_t mask);
int fchmod(int fd, mode_t mode);
char *realpath(const char *path, char *resolved);
int madvise(void *addr, size_t len, int advice);

#endif
#endif
