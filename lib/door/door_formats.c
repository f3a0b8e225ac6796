/*
 * The formats the door reads (door.h): every format's reader, by what a
 * file's first bytes say it is (stream/sniff.h), through one table of
 * codecs; binary data and protobuf told apart first. A build that reads
 * streams alone links door_formats_none.c instead (the page's engine).
 */
#include <stdio.h>
#include <string.h>

#include "door/door.h"
#include "formats/cpuprofile/cpuprofile.h"
#include "formats/firefox/firefox.h"
#include "formats/folded/folded.h"
#include "formats/jfr/jfr.h"
#include "formats/legacy/legacy_read.h"
#include "formats/otlp/otlp.h"
#include "formats/pb/pb.h"
#include "formats/perf/perf.h"
#include "formats/rprof/rprof.h"
#include "formats/speedscope/speedscope.h"
#include "formats/sql/sql_read.h"

static void (*warn)(const char *msg);

void
door_set_warn(void (*fn)(const char *msg))
{
	warn = fn;
}

/* Every format a program reads, by what its first bytes say it is. */
static const struct codec *const door_codecs[] = {
	&rprof_codec, &pprof_codec, &otlp_codec, &folded_codec,
	&cpuprofile_codec, &speedscope_codec, &perf_codec, &sqlite_codec,
	&firefox_codec, &jfr_codec, NULL
};

const struct codec *
door_codec(enum sniff_kind k)
{
	const struct codec *const *c;

	for (c = door_codecs; *c != NULL; c++)
		if ((*c)->kinds & SNIFF_BIT(k))
			return *c;
	return NULL;
}

/* One input through c with its defaults; what it left out and went on
 * told to warn, as its converter tells it on stderr. */
static int
door_codec_read(const struct codec *c, struct input *in, struct output *o,
    struct perr *e)
{
	void *reader;
	char msg[512];
	int rc;

	if ((reader = codec_open(c, o, NULL, e)) == NULL)
		return -1;
	rc = c->read(reader, in, e);
	if (rc == 0 && warn != NULL && c->damage != NULL &&
	    c->damage(reader, in->name, msg, sizeof(msg)))
		warn(msg);
	codec_close(c, reader);
	return rc;
}

/* Binary data pprof did not read either: said so, with what pprof said. */
static int
unknown_binary(const char *name, struct perr *e)
{
	char why[sizeof(e->msg)];
	size_t n = strlen(name);

	snprintf(why, sizeof(why), "%s", strncmp(e->msg, name, n) == 0 &&
	    e->msg[n] == ':' ? e->msg + n + 2 : e->msg);
	return perr_set(e, "%s: %s (%s)", name, sniff_advice(SNIFF_BINARY),
	    why);
}

/* A compressed protobuf's top-level fields as they come. */
struct walk {
	struct pb_walk w;
	const struct input *in;
};

static int
walk_check(void *ctx, const unsigned char *p, size_t n, int end,
    struct perr *e)
{
	struct walk *k = ctx;
	int rc = pb_walk(&k->w, p, n, end);

	return rc == 0 ? 0 : perr_set(e, "%s: not a profile: a protobuf %s "
	    "at byte %zu of what %s gives", k->in->name, pb_strerror(rc),
	    k->w.at, k->in->compressed == INPUT_GZIP ? "gzip" : "zstd");
}

int
door_read(struct input *in, enum sniff_kind k, struct output *o,
    struct perr *e)
{
	struct walk wk = { { 0 }, in };
	struct input_check check = { walk_check, &wk };
	unsigned char *data;
	size_t len;

	switch (k) {
	case SNIFF_BINARY:	/* maybe a legacy binary profile */
		if (door_codec_read(&pprof_codec, in, o, e) == 0)
			return 0;
		return unknown_binary(in->name, e);
	case SNIFF_PROTOBUF:
		/* told by its first fields, else by all of them, read as
		 * they can begin a message */
		if (sniff_input(in, &k, e) < 0)
			return -1;
		if (k != SNIFF_PROTOBUF)
			return door_read(in, k, o, e);
		if (input_slurp_checked(in, &check, &data, &len, e) < 0)
			return -1;
		return door_read(in, sniff_protobuf(data, len), o, e);
	default:
		if (door_codec(k) != NULL)
			return door_codec_read(door_codec(k), in, o, e);
		return perr_set(e, "%s: %s", in->name, sniff_advice(k));
	}
}

