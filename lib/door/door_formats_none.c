/*
 * No format but the stream (door.h): a build that reads profile streams
 * alone (the page's engine, given the stream its page holds) names what
 * a file is and refuses it.
 */
#include "door/door.h"

void
door_set_warn(void (*fn)(const char *msg))
{
	(void)fn;
}

const struct codec *
door_codec(enum sniff_kind k)
{
	(void)k;
	return NULL;
}

int
door_read(struct input *in, enum sniff_kind k, struct output *o,
    struct perr *e)
{
	(void)o;
	return perr_set(e, "%s: %s; this build reads profile streams alone",
	    in->name, sniff_advice(k));
}
