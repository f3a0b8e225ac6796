/* focus.h: pprof's filters on a stream, writing a stream: -focus, -ignore,
 * -hide, -show_from and the tag filters with google/pprof's semantics
 * (FilterSamplesByName, ShowFrom, FilterSamplesByTag, then
 * FilterTagsByName), over pprof Locations (a run of .inlined frames and the
 * frame they are inlined into; a single frame for Rprof). */
#ifndef FOCUS_H
#define FOCUS_H

#include "base/when.h"
#include "re/re.h"
#include "sample/labelframes.h"
#include "sample/select.h"
#include "sample/tagfilter.h"
#include "model/assemble.h"

struct focus_opts {
	/* Go's regexps, as pprof's -focus, -ignore, -hide, -show and
	 * -show_from; NULL: none */
	struct re *focus, *ignore, *hide, *show, *show_from;
	/* pprof's -tagfocus, -tagignore (tagfilter.h), -tagshow and
	 * -taghide (on label keys) */
	struct tag_filter *tagfocus, *tagignore;
	struct re *tagshow, *taghide;
	const struct source_set *sources;
	/* --from/--to: the samples taken in it (when_window_set): at their
	 * own time, else in their source's span (when_source_span) */
	struct when_window window;
	/* pprof's -tagroot/-tagleaf: label values as frames, made before
	 * the filters look at the frames (NULL: none) */
	struct label_frames *label_frames;
};

struct focus;

/* A filter writing to o (its preamble with the first sample, or at the
 * end). */
struct focus *focus_new(struct output *o, const struct focus_opts *opts,
    struct perr *e);
/* The assembler's callback and restart; focus_end writes what is left
 * (sources no kept sample used) and frees. */
int focus_sample(void *f, struct prof *p, const struct sample *s,
    struct perr *e);
int focus_restart(void *f, struct perr *e);
int focus_end(struct focus *f, const struct prof *p, struct perr *e);
void focus_free(struct focus *f);

/* The filters that matched no location of a kept sample (pprof's "Focus
 * expression matched no samples"), as FOCUS_* bits. */
enum {
	FOCUS_FOCUS = 1, FOCUS_IGNORE = 2, FOCUS_HIDE = 4, FOCUS_SHOW = 8,
	FOCUS_SHOW_FROM = 16, FOCUS_TAGFOCUS = 32, FOCUS_TAGIGNORE = 64,
	FOCUS_TAGSHOW = 128, FOCUS_TAGHIDE = 256, FOCUS_WINDOW = 512,
	FOCUS_TAGROOT = 1024, FOCUS_TAGLEAF = 2048
};
unsigned focus_unmatched(const struct focus *f);
/* The sources a window left out, their times on a clock of their own
 * (ATTR_CLOCK), from *i (0 at first) on: NULL after the last. */
const struct source *focus_clock_source(const struct focus *f,
    const struct prof *p, size_t *i);

#endif
