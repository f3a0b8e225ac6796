/* markup.h: any bytes as text of XML and HTML (SVG, the report page): the
 * one place that makes a name safe to put in markup, for every program
 * that writes it. */
#ifndef MARKUP_H
#define MARKUP_H

#include <stddef.h>

#include "io/output.h"

/* Writes s[0..n) as XML character data or an attribute value: &, <, >
 * and both quotes as entities; what XML 1.0 cannot hold (bytes that are
 * not UTF-8, U+FFFE, U+FFFF) and control characters (a name is one line:
 * tab, LF and CR too) as U+FFFD, which is how a browser shows bytes it
 * cannot decode. */
void out_xml(struct output *o, const char *s, size_t n);
void out_xml_str(struct output *o, const char *s);
/* Writes s[0..n) as a JSON string, quotes included, safe inside an HTML
 * <script>: '<', '>' and '&' escaped too; bytes that are not UTF-8 as
 * U+FFFD. */
void out_json_string(struct output *o, const char *s, size_t n);
/* Writes p[0..n) in base64 (RFC 4648's alphabet, padded), which JSON
 * strings and HTML text hold as it is. */
void out_base64(struct output *o, const void *p, size_t n);
/* The file at fd, from its start, in base64, read a piece at a time: 0,
 * or -1 with errno set. */
int out_base64_fd(struct output *o, int fd);

#endif
