/*
 * One door for every format: what a file is (stream/sniff.h), and its
 * converter's stream, as text into a file or as rows straight into the
 * assembler. The converters are the same code the converter programs
 * run, with their defaults, so a program given cpu.pb.gz sees what
 * `pprof2tsv cpu.pb.gz |` would have given it.
 */
#include <stdio.h>
#include <string.h>

#include "door/door.h"
#include "formats/cpuprofile/cpuprofile.h"
#include "formats/firefox/firefox.h"
#include "formats/folded/folded.h"
#include "formats/legacy/legacy_read.h"
#include "formats/otlp/otlp.h"
#include "formats/pb/pb.h"
#include "formats/perf/perf.h"
#include "formats/rprof/rprof.h"
#include "formats/speedscope/speedscope.h"
#include "formats/sql/sql_read.h"
#include "stream/stream_read.h"

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
	&firefox_codec, NULL
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

/* The converter's rows, each as the assembler's next. */
struct pushed {
	struct assembler *a;
	struct prof *p;
};

static int
take(void *ctx)
{
	struct pushed *to = ctx;
	int rc = asm_take(to->a);

	/* a converter writes rows in define-before-use order: none comes
	 * late for a sample handed over */
	return rc == ASM_UNORDERED ? -1 : rc;
}

static int
door_frame(void *ctx, uint32_t sample, uint32_t depth, uint32_t location)
{
	struct pushed *to = ctx;

	return asm_frame(to->a, sample, depth, location);
}

/* room made at once for the tables the converter says are coming */
static void
hint(void *ctx, enum table_id t, size_t n, size_t bytes)
{
	struct pushed *to = ctx;

	(void)prof_reserve(to->p, t, n, bytes);	/* a hint: may fail */
}

/* The input of r, a format of kind k, through its converter's rows into
 * the assembler. Messages about the rows name the input "NAME (its
 * stream)" and their lines those of the converter's text. */
static int
door_push(struct stream_reader *r, enum sniff_kind k, struct prof *p,
    struct asm_io *io, struct perr *e)
{
	struct stream_reader v;
	struct stream_rows rows;
	struct pushed to;
	struct assembler *a;
	struct output o;
	struct perr ce = { "" };
	char name[512];
	int rc, j;

	snprintf(name, sizeof(name), "%s (its stream)", r->in.name);
	memset(&v, 0, sizeof(v));
	v.in.fd = -1;
	v.in.name = name;
	for (j = 0; j < RECENT_TABLES; j++)
		v.recent[j] = T_NONE;
	if ((a = asm_open(&v, p, ASM_STREAM, io, e)) == NULL)
		return -1;
	memset(&rows, 0, sizeof(rows));
	rows.r = &v;
	to.a = a;
	to.p = p;
	rows.take = take;
	rows.hint = hint;
	rows.frame = door_frame;
	rows.ctx = &to;
	rows.e = e;
	memset(&o, 0, sizeof(o));
	o.fd = -1;
	o.name = name;
	o.rows = &rows;
	ce.msg[0] = '\0';
	rc = door_read(&r->in, k, &o, &ce);
	/* the file is read: its memory goes before the consumer's peak */
	input_release(&r->in);
	if (rows.failed) {
		if (e->msg[0] == '\0')
			perr_set(e, "%s: a converter's row came out of order",
			    name);
		rc = -1;
	} else if (rc < 0)
		*e = ce;
	rc = asm_close(a, rc);
	if (rc < 0 && rows.failed && strstr(e->msg, name) == NULL)
		perr_at(e, name);
	return rc;
}

int
door_assemble(struct stream_reader *r, const char *path, const char *shown,
    const char *spool, struct prof *p, sample_fn emit,
    int (*restart)(void *ctx, struct perr *e), void *ctx, unsigned flags,
    struct perr *e)
{
	struct asm_io io = { emit, restart, ctx, flags & ~ASM_ANY, -1, 0 };
	int rc;

	e->msg[0] = '\0';
	rc = assemble_file(r, path, shown, spool, p, emit, restart, ctx,
	    flags | ASM_ANY, e);
	if (rc != ASM_FOREIGN)
		return rc;
	e->msg[0] = '\0';
	return door_push(r, (enum sniff_kind)r->foreign, p, &io, e);
}

int
door_stream_file(const char *path, const char *shown,
    const char *(*tmp)(void), const char **converted, struct perr *e)
{
	struct input in;
	struct output o;
	enum sniff_kind k;
	int rc;

	*converted = NULL;
	if (input_open(&in, path, shown, e) < 0)
		return -1;
	if (sniff_peek(&in, &k, e) < 0) {
		input_close(&in);
		return -1;
	}
	if (k == SNIFF_STREAM || k == SNIFF_UNKNOWN || k == SNIFF_EMPTY) {
		input_close(&in);
		return 0;
	}
	*converted = tmp();
	if (output_open(&o, *converted, e) < 0) {
		input_close(&in);
		return -1;
	}
	rc = door_read(&in, k, &o, e);
	input_close(&in);
	if (rc < 0) {
		output_discard(&o);
		return -1;
	}
	return output_close(&o, e);
}

int
door_stream_open(struct stream_reader *r, const char *path, const char *tmp,
    char *name, size_t size, struct perr *e)
{
	struct output o;
	enum sniff_kind k;
	int rc;

	if (stream_open(r, path, NULL, e) < 0)
		return -1;
	if (sniff_peek(&r->in, &k, e) < 0)
		return -1;
	if (k == SNIFF_STREAM || k == SNIFF_UNKNOWN || k == SNIFF_EMPTY)
		return 0;
	snprintf(name, size, "%s (its stream)", r->in.name);
	if (output_open(&o, tmp, e) < 0)
		return -1;
	if ((rc = door_read(&r->in, k, &o, e)) < 0)
		output_discard(&o);
	else
		rc = output_close(&o, e);
	stream_close(r);
	return rc < 0 ? -1 : stream_open(r, tmp, name, e);
}
