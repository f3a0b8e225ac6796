/*
 * A part of the report page: what a writer wrote, in a temporary file,
 * or why it could not; read back whole for the page (report_impl.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/markup.h"
#include "io/tmpfile.h"
#include "views/report/report_impl.h"

void
part_init(struct part *p)
{
	p->fd = -1;
	p->why[0] = '\0';
}

/* A part in a temporary file, for a writer. */
int
part_open(struct part *pt, struct output *po, struct perr *e)
{
	if ((pt->fd = tmp_fd(e)) < 0 ||
	    output_fd(po, pt->fd, "a part of the report", e) < 0)
		return -1;
	return 0;
}

/* Ends a part: rc, the writer's (< 0: e says why), kept as why not. */
int
part_close(struct part *pt, struct output *po, int rc, struct perr *e)
{
	out_flush(po);
	output_discard(po);
	if (po->err != 0)
		return perr_set(e, "a temporary file: %s", strerror(po->err));
	if (rc < 0) {
		snprintf(pt->why, sizeof(pt->why), "%s", e->msg);
		close(pt->fd);
		pt->fd = -1;
	}
	return 0;
}

/* The part's bytes whole (NUL-terminated), or NULL. */
char *
part_text(const struct part *pt, size_t *n)
{
	off_t len;
	char *buf;

	*n = 0;
	if (pt->fd < 0 || (len = lseek(pt->fd, 0, SEEK_END)) < 0 ||
	    (buf = malloc((size_t)len + 1)) == NULL)
		return NULL;
	if (pread(pt->fd, buf, (size_t)len, 0) != len) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	*n = (size_t)len;
	return buf;
}

/* A part's text as a JSON string ("" when there is none). */
int
json_text(struct output *o, const struct part *pt)
{
	size_t n;
	char *t = NULL;

	if (pt->fd >= 0 && (t = part_text(pt, &n)) == NULL)
		return -1;
	out_json_string(o, t != NULL ? t : "", t != NULL ? n : 0);
	free(t);
	return 0;
}

/* A picture inline (its XML declaration left out), or why there is none:
 * what its view's section holds. */
int
svg_inner(struct output *o, const char *name, const struct part *pt)
{
	size_t n;
	char *t, *body;

	if (pt->fd < 0) {
		out_str(o, "<p class=\"note\">No ");
		out_str(o, name);
		out_str(o, ": ");
		out_xml_str(o, pt->why);
		out_str(o, "</p>\n");
		return 0;
	}
	if ((t = part_text(pt, &n)) == NULL)
		return -1;
	/* from the <svg> on: no XML prolog, doctype or comment */
	body = strstr(t, "<svg");
	body = body != NULL ? body : t;
	out_write(o, body, n - (size_t)(body - t));
	free(t);
	return 0;
}
