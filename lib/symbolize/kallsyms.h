/* kallsyms.h: a kernel's symbols as /proc/kallsyms lists them, for the
 * frames perf names [kernel.kallsyms]: an address is the symbol at or
 * below it, one of several at one address chosen as perf chooses. */
#ifndef KALLSYMS_H
#define KALLSYMS_H

#include <stdint.h>

#include "base/perr.h"

struct kallsyms;

/* The symbols of the file at path (its text symbols): NULL with e set
 * when it cannot be read, holds none, or hides their addresses (all 0:
 * kernel.kptr_restrict). */
struct kallsyms *kallsyms_load(const char *path, struct perr *e);
void kallsyms_free(struct kallsyms *k);
/* The symbol at or below addr, NULL when addr is below the first. */
const char *kallsyms_find(const struct kallsyms *k, uint64_t addr);

#endif
