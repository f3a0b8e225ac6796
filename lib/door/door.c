/*
 * One door for every format: a file's converter's stream (door_read,
 * door_formats.c: which formats there are), as text into a file or as
 * rows straight into the assembler. The converters are the same code the
 * converter programs run, with their defaults, so a program given
 * cpu.pb.gz sees what `pprof2tsv cpu.pb.gz |` would have given it.
 */
#include <stdio.h>
#include <string.h>

#include "door/door.h"
#include "stream/stream_read.h"

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
