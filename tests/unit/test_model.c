/* test_model.c: lib/model: the assembler. */
#include "unit.h"

/* What the assembler hands over, as text: "id:source:loc,loc;" */
struct seen {
	char text[512];
};

static int
note_sample(void *ctx, struct prof *p, const struct sample *s,
    struct perr *e)
{
	struct seen *sn = ctx;
	size_t i, n = strlen(sn->text);

	(void)e;
	n += (size_t)snprintf(sn->text + n, sizeof(sn->text) - n, "%u:%u:",
	    s->id, p->sources[s->source].id);
	for (i = 0; i < s->nlocs; i++)
		n += (size_t)snprintf(sn->text + n, sizeof(sn->text) - n,
		    "%s%u", i ? "," : "", p->locations[s->locs[i]].id);
	snprintf(sn->text + n, sizeof(sn->text) - n, ";");
	return 0;
}

static int
forget_samples(void *ctx, struct perr *e)
{
	struct seen *sn = ctx;

	(void)e;
	strcat(sn->text, "|");	/* restarted: what follows is all */
	return 0;
}

/* Assembles body in mode; log: with a record of the samples handed over
 * (as from a pipe). */
static int
assembled_with(const char *body, int mode, int log, struct seen *sn)
{
	char text[4096], logpath[64] = "/tmp/unitlogXXXXXX";
	struct stream_reader r;
	struct prof p = { 0 };
	struct perr e;
	struct asm_io io = { note_sample, forget_samples, sn, 0, -1, 0 };
	int rc;

	memset(sn, 0, sizeof(*sn));
	/* a body that begins with its own meta lines is a whole stream */
	snprintf(text, sizeof(text), "%s%s", strncmp(body, "#meta", 5) ?
	    head : "", body);
	ck_assert_int_eq(stream_open(&r, tmpfile_with(text, strlen(text), 0),
	    NULL, &e), 0);
	if (log) {
		io.log_fd = mkstemp(logpath);
		ck_assert_int_ge(io.log_fd, 0);
		unlink(logpath);
	}
	rc = assemble(&r, &p, mode, &io, &e);
	if (log)
		close(io.log_fd);
	stream_close(&r);
	prof_free(&p);
	return rc;
}

static int
assembled(const char *body, int mode, struct seen *sn)
{
	return assembled_with(body, mode, 0, sn);
}

static const char defs[] =
    "#sources\tsource_id\tsource_type\tsource_uri\tsource_timestamp\n"
    "#functions\tfunction_id\tname\tsystem_name\tfilename\tstart_line\n"
    "#locations\tlocation_id\tfunction_id\tline\n"
    "#samples\tsample_id\tsource_id\n"
    "#sample_values\tsample_id\ttype\tunit\tvalue\n"
    "#sample_locations\tsample_id\tdepth\tlocation_id\n";

START_TEST(assembler)
{
	struct seen sn;
	char body[4096];

	/* define-before-use: both modes give the same */
	snprintf(body, sizeof(body), "%s"
	    "sources\t7\tx\tNA\tNA\n"
	    "functions\t1\tf\tf\t\t0\n"
	    "locations\t5\t1\t0\nlocations\t6\t1\t1\n"
	    "samples\t1\t7\nsample_values\t1\tsamples\tcount\t1\n"
	    "sample_locations\t1\t1\t6\nsample_locations\t1\t2\t5\n"
	    "samples\t2\t7\nsample_values\t2\tsamples\tcount\t1\n", defs);
	ck_assert_int_eq(assembled(body, ASM_STREAM, &sn), 0);
	ck_assert_str_eq(sn.text, "1:7:6,5;2:7:;");
	ck_assert_int_eq(assembled(body, ASM_BUFFER, &sn), 0);
	ck_assert_str_eq(sn.text, "1:7:6,5;2:7:;");
	/* samples backwards, depths backwards, definitions last */
	snprintf(body, sizeof(body), "%s"
	    "samples\t2\t7\nsample_values\t2\tsamples\tcount\t1\n"
	    "samples\t1\t7\nsample_values\t1\tsamples\tcount\t1\n"
	    "sample_locations\t1\t2\t5\nsample_locations\t1\t1\t6\n"
	    "locations\t5\t1\t0\nlocations\t6\t1\t1\n"
	    "functions\t1\tf\tf\t\t0\n"
	    "sources\t7\tx\tNA\tNA\n", defs);
	/* streaming turns to buffering at the first row, in place */
	ck_assert_int_eq(assembled(body, ASM_STREAM, &sn), 0);
	ck_assert_str_eq(sn.text, "1:7:6,5;2:7:;");
	ck_assert_int_eq(assembled(body, ASM_BUFFER, &sn), 0);
	ck_assert_str_eq(sn.text, "1:7:6,5;2:7:;");
	/* out of order after a sample went: the rest is held, and goes
	 * after it */
	snprintf(body, sizeof(body), "%s"
	    "sources\t7\tx\tNA\tNA\nfunctions\t1\tf\tf\t\t0\n"
	    "locations\t5\t1\t0\n"
	    "samples\t1\t7\nsample_values\t1\tsamples\tcount\t1\n"
	    "sample_locations\t1\t1\t5\n"
	    "samples\t3\t7\nsample_locations\t3\t1\t6\n"
	    "samples\t2\t7\nsample_values\t2\tsamples\tcount\t1\n"
	    "sample_values\t3\tsamples\tcount\t1\n"
	    "locations\t6\t1\t1\n", defs);
	ck_assert_int_eq(assembled(body, ASM_STREAM, &sn), 0);
	ck_assert_str_eq(sn.text, "1:7:5;2:7:;3:7:6;");
	/* a row for a sample handed over already: without a record of
	 * them, the caller must read again; with one, all go again */
	snprintf(body, sizeof(body), "%s"
	    "sources\t7\tx\tNA\tNA\nfunctions\t1\tf\tf\t\t0\n"
	    "locations\t5\t1\t0\nlocations\t6\t1\t1\n"
	    "samples\t1\t7\nsample_values\t1\tsamples\tcount\t1\n"
	    "sample_locations\t1\t1\t5\n"
	    "samples\t2\t7\nsample_values\t2\tsamples\tcount\t1\n"
	    "samples\t3\t7\nsample_values\t3\tsamples\tcount\t1\n"
	    "sample_locations\t1\t2\t6\n", defs);
	ck_assert_int_eq(assembled(body, ASM_STREAM, &sn), ASM_UNORDERED);
	ck_assert_int_eq(assembled_with(body, ASM_STREAM, 1, &sn), 0);
	ck_assert_str_eq(sn.text, "1:7:5;2:7:;|1:7:5,6;2:7:;3:7:;");
	ck_assert_int_eq(assembled(body, ASM_BUFFER, &sn), 0);
	ck_assert_str_eq(sn.text, "1:7:5,6;2:7:;3:7:;");
	/* 1.0: value repeats, the list gives the depths */
	ck_assert_int_eq(assembled("#meta\tkey\tvalue\nmeta\tversion\t1.0\n"
	    "#functions\tfunction_id\tname\tsystem_name\tfilename\tstart_line\n"
	    "#locations\tlocation_id\tfunction_id\tline\n"
	    "#sample_types\ttype\tunit\n#samples\tvalue\tlocations\n"
	    "functions\t1\tf\tf\t\t0\nlocations\t1\t1\t0\nlocations\t2\t1\t2\n"
	    "sample_types\tsamples\tcount\nsamples\t2\t2,1\n", ASM_STREAM,
	    &sn), 0);
	ck_assert_str_eq(sn.text, "1:1:2,1;2:1:2,1;");
}
END_TEST

Suite *
suite_model(void)
{
	Suite *s = suite_create("model");

	ADD_TEST(s, assembler);
	return s;
}
