/* tmpfile.h: temporary files in $TMPDIR (or /tmp), every one the programs
 * make, removed when the program ends however it ends. */
#ifndef TMPFILE_H
#define TMPFILE_H

#include "base/perr.h"

/* A new empty file; *path stays valid until tmp_remove_all. 0, or -1. */
int tmp_file(const char **path, struct perr *e);
/* A new unnamed file open for reading and writing (gone once closed), or
 * -1. */
int tmp_fd(struct perr *e);
/* Removes every file tmp_file made. Safe in a signal handler: it only
 * unlinks. tmp_file arranges for it to run at exit. */
void tmp_remove_all(void);

#endif
