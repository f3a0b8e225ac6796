/* list.h: pprof's -list: the source of each function whose name matches,
 * its lines' flat and cum (R's sources: summaryRprof's self and total of
 * each line) against them, counted by top.c's line view. */
#ifndef LIST_H
#define LIST_H

#include "re/re.h"
#include "views/top/top.h"

struct list_opts {
	struct re *match;		/* of the functions' names */
	const char *type;		/* NULL: the default (measure.h) */
	const char *search;		/* pprof's -source_path; NULL: "." */
	const char *trim;		/* pprof's -trim_path; NULL: guessed */
	int anywhere;			/* read files outside search too */
	/* told of each source file not found, once (the library does not
	 * print) */
	void (*missing)(void *ctx, const char *why);
	void *ctx;
};

/* Writes the listing of t (made with by_line set): 0; 1 when no function
 * matches; -1 with e saying why. */
int top_list(struct top *t, const struct prof *p, const struct list_opts *lo,
    struct output *o, struct perr *e);

#endif
