/* tagfilter.h: pprof's -tagfocus and -tagignore on a sample's labels
 * (.sample_labels), and its -tagshow / -taghide on their keys, as google/
 * pprof reads them: "[key=]value", value a numeric range ("32kb", "1mb:",
 * ":64kb", "12kb:64mb", units as pprof's measurement knows them) or, if
 * not, regular expressions separated by commas (without a key each must
 * match some label's "key:value"; with one, any may match one of that
 * key's values). */
#ifndef TAGFILTER_H
#define TAGFILTER_H

#include "re/re.h"
#include "model/prof.h"

struct tag_filter;

/* The filter of spec; NULL with why in err (a pattern Go refuses, or no
 * memory). */
struct tag_filter *tag_filter_new(const char *spec, char *err,
    size_t errlen);
void tag_filter_free(struct tag_filter *t);
/* Whether spec was read as a numeric range (pprof says so). */
int tag_filter_is_range(const struct tag_filter *t);
/* Whether sample s of p has a label the filter matches. */
int tag_filter_match(struct tag_filter *t, const struct prof *p,
    const struct sample *s);

/* The unit of a numeric label as pprof takes it: its own, else bytes for
 * "alignment" and "request", else its key. */
const char *tag_num_unit(const struct prof *p, const struct slabel *l);

#endif
