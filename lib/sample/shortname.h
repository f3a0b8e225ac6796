/* shortname.h: a function's name as pprof shortens it for a picture
 * (graph.ShortenFunctionName): Go's package path, Java's package, C++'s
 * namespaces and an anonymous namespace left out, a module's /vN too;
 * the receiver, the class and the template kept. */
#ifndef SHORTNAME_H
#define SHORTNAME_H

#include <stddef.h>

/* The short name of name[0..len) into buf (at most cap bytes, cut there);
 * its length. */
size_t short_name(char *buf, size_t cap, const char *name, size_t len);

/* The part of a short name a colour is chosen by (its package, class
 * or namespace: up to its first '.' or "::"), as a length of it. */
size_t short_name_family(const char *s, size_t len);

#endif
