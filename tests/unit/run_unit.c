/* run_unit.c: Check unit tests of the stream library. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "base/hash.h"
#include "base/heap.h"
#include "base/pipe.h"
#include "base/re.h"
#include "formats/legacy/legacy.h"
#include "formats/pprof/pprof_wire.h"
#include "model/assemble.h"
#include "io/output.h"
#include "stream/stream_read.h"
#include "stream/stream_write.h"
#include "stream/validate.h"

/* Writes text to a temporary file; returns its path (static storage). */
static const char *
tmpfile_with(const char *text, size_t n, int gzip)
{
	static char path[64];
	int fd;
	gzFile gz;

	strcpy(path, "/tmp/unitXXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	if (gzip) {
		gz = gzdopen(fd, "wb");
		ck_assert_int_eq(gzwrite(gz, text, (unsigned)n), (int)n);
		gzclose(gz);
	} else {
		ck_assert_int_eq(write(fd, text, n), (ssize_t)n);
		close(fd);
	}
	return path;
}

/* Runs body(o) into a temporary file and returns what it wrote. */
static char *
captured(void (*body)(struct output *, const void *), const void *arg)
{
	struct output o;
	struct perr e;
	char path[] = "/tmp/unitoutXXXXXX", *buf = calloc(1, 1 << 16);
	int fd = mkstemp(path);
	FILE *f;

	close(fd);
	ck_assert_int_eq(output_open(&o, path, &e), 0);
	body(&o, arg);
	ck_assert_int_eq(output_close(&o, &e), 0);
	f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	(void)!fread(buf, 1, (1 << 16) - 1, f);
	fclose(f);
	unlink(path);
	return buf;
}

/* Text of n bytes like a stream's rows, compressible but not trivially. */
static char *
rows_text(size_t n)
{
	char *t = malloc(n + 64);
	size_t at = 0;
	uint32_t x = 12345;

	ck_assert_ptr_nonnull(t);
	while (at < n) {
		x = x * 1103515245u + 12345u;
		at += (size_t)sprintf(t + at, "sample_locations\t%u\t%u\t%u\n",
		    x >> 20, (x >> 8) & 63, x % 1000);
	}
	return t;
}

/* Writes text[0..n) gzip-compressed at level, in pieces of up to 100 KB
 * (several of the output's buffers), and reads it back with zlib's
 * inflate, member after member to the file's end. */
static void
gzip_round_trip(const char *text, size_t n, int level)
{
	char path[] = "/tmp/unitgzXXXXXX";
	struct output o;
	struct perr e;
	unsigned char *file, *back;
	size_t nfile, at, k;
	z_stream z;
	FILE *f;
	int rc, fd = mkstemp(path);

	close(fd);
	ck_assert_int_eq(output_open(&o, path, &e), 0);
	ck_assert_int_eq(output_gzip(&o, level, &e), 0);
	for (at = 0; at < n; at += k) {
		k = (at * 7 + 1) % 100000 + 1;
		if (k > n - at)
			k = n - at;
		out_write(&o, text + at, k);
	}
	ck_assert_int_eq(output_close(&o, &e), 0);
	f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	file = malloc(n + (1 << 16));
	back = malloc(n + 1);
	ck_assert(file != NULL && back != NULL);
	nfile = fread(file, 1, n + (1 << 16), f);
	fclose(f);
	unlink(path);
	memset(&z, 0, sizeof(z));
	ck_assert_int_eq(inflateInit2(&z, 15 + 16), Z_OK);
	z.next_in = file;
	z.avail_in = (uInt)nfile;
	z.next_out = back;
	z.avail_out = (uInt)n + 1;
	/* a member per buffer of the output, read on as gzip does */
	while ((rc = inflate(&z, Z_FINISH)) == Z_STREAM_END && z.avail_in > 0)
		ck_assert_int_eq(inflateReset(&z), Z_OK);
	ck_assert_int_eq(rc, Z_STREAM_END);
	ck_assert_uint_eq(z.avail_in, 0);
	ck_assert_uint_eq((size_t)(z.next_out - back), n);
	ck_assert(memcmp(back, text, n) == 0);
	inflateEnd(&z);
	free(file);
	free(back);
}

START_TEST(gzip_output)
{
	/* nothing, a byte, around one buffer (256 KB), several */
	static const size_t sizes[] = { 0, 1, 32767, 32768, 262143, 262144,
	    262145, 3 * 262144 + 12345, 2500000 };
	char *text = rows_text(2500000);
	size_t i;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		gzip_round_trip(text, sizes[i], 1);
		gzip_round_trip(text, sizes[i], 9);
	}
	free(text);
	/* long matches (one byte repeated), incompressible bytes (stored
	 * blocks), codes too deep */
	text = malloc(700000);
	ck_assert_ptr_nonnull(text);
	memset(text, 'x', 700000);
	gzip_round_trip(text, 700000, 1);
	for (i = 0; i < 700000; i++)
		text[i] = (char)(((uint64_t)i * 2654435761u) >> 13);
	gzip_round_trip(text, 700000, 1);
	free(text);
}
END_TEST

static void
write_escaped(struct output *o, const void *arg)
{
	const char *s = arg;
	out_escaped(o, s, strlen(s));
}

START_TEST(escape_write)
{
	char *got;

	got = captured(write_escaped, "a\tb\nc\rd\\e");
	ck_assert_str_eq(got, "a\\tb\\nc\\rd\\\\e");
	free(got);
	got = captured(write_escaped, "NA");
	ck_assert_str_eq(got, "\\NA");
	free(got);
	got = captured(write_escaped, "NAN");
	ck_assert_str_eq(got, "NAN");
	free(got);
}
END_TEST

/* Every special byte at every place of strings of 1 to 24 bytes (the
 * scan goes eight at a time), with another one: case n of escape_cases. */
static const char escape_special[] = "\t\n\r\\";

static int
escape_case(size_t n, char *s)
{
	size_t len, at, k, i;

	for (len = 1; len <= 24; len++)
		for (at = 0; at < len; at++)
			for (k = 0; k < 4; k++)
				if (n-- == 0) {
					for (i = 0; i < len; i++)
						s[i] = (char)(i % 2 ? 'x' : 0xe9);
					s[at] = escape_special[k];
					s[len - 1 - at / 2] =
					    escape_special[(k + 1) % 4];
					s[len] = '\0';
					return 1;
				}
	return 0;
}

static void
write_escape_cases(struct output *o, const void *arg)
{
	char s[32];
	size_t n;

	(void)arg;
	for (n = 0; escape_case(n, s); n++) {
		out_escaped(o, s, strlen(s));
		out_char(o, '\n');	/* never in what is escaped */
	}
}

START_TEST(escape_write_everywhere)
{
	char s[32], *want = malloc(1 << 16), *got, *e;
	size_t n, i, k = 0;

	for (n = 0; escape_case(n, s); n++) {
		for (i = 0; s[i] != '\0'; i++)
			if ((e = strchr(escape_special, s[i])) != NULL) {
				want[k++] = '\\';
				want[k++] = "tnr\\"[e - escape_special];
			} else
				want[k++] = s[i];
		want[k++] = '\n';
	}
	want[k] = '\0';
	ck_assert_uint_lt(k, 1 << 15);
	got = captured(write_escape_cases, NULL);
	for (i = 0; got[i] == want[i] && want[i] != '\0'; i++)
		;
	ck_assert_msg(got[i] == want[i], "byte %zu: 0x%02x against 0x%02x", i,
	    (unsigned char)got[i], (unsigned char)want[i]);
	free(got);
	free(want);
}
END_TEST

static const char head[] = "#meta\tkey\tvalue\nmeta\tversion\t2.0\n";

/* Opens a stream of head + body and returns the first data row. */
static void
first_row(struct stream_reader *r, const char *body, int want)
{
	char text[4096];
	struct perr e;

	snprintf(text, sizeof(text), "%s%s", head, body);
	ck_assert_int_eq(stream_open(r, tmpfile_with(text, strlen(text), 0), NULL,
	    &e), 0);
	ck_assert_int_eq(stream_next(r, &e), 1);	/* meta row */
	ck_assert_int_eq(stream_next(r, &e), want);
	if (want < 0)
		ck_assert_ptr_nonnull(strstr(e.msg, ":"));
}

START_TEST(escape_read)
{
	struct stream_reader r;

	first_row(&r, "#functions\tfunction_id\tname\tsystem_name\tfilename"
	    "\tstart_line\nfunctions\t1\ta\\tb\\nc\\rd\\\\e\\x\t\\NA\tN\\A"
	    "\t0\n", 1);
	ck_assert_str_eq(r.row.v[FN_NAME].s.p, "a\tb\nc\rd\\ex");
	ck_assert_str_eq(r.row.v[FN_SYSNAME].s.p, "NA");
	ck_assert_int_eq(r.row.st[FN_SYSNAME], CELL_OK);
	ck_assert_str_eq(r.row.v[FN_FILENAME].s.p, "NA");
	stream_close(&r);
	/* a real NA where none is allowed */
	first_row(&r, "#functions\tfunction_id\tname\tsystem_name\tfilename"
	    "\tstart_line\nfunctions\t1\ta\tb\tNA\t0\n", -1);
	stream_close(&r);
}
END_TEST

/* The writer: the preamble, every table's row with its NA rules. */
static void
write_rows(struct output *o, const void *arg)
{
	struct stream_writer w;
	struct stream_id sid, loc;
	struct sw_stack frames;
	struct sw_location l1 = { .id = 1, .function_id = 1, .line = 7,
	    .address = 0x10, .mapping_id = 1, .inlined = 1, .column = 3 };
	struct sw_location l2 = { .id = 2, .line_na = 1, .address_na = 1 };
	struct sw_mapping m = { .id = 1, .start = 0x1000, .limit = 0x2000,
	    .filename = { "/bin/x", 6 }, .build_id = { "", 0 },
	    .has_functions = 1 };
	struct sw_label str = { .key = { "k", 1 }, .str = { "v", 1 } };
	struct sw_label num = { .key = { "n", 1 }, .str = { NULL, 0 },
	    .num = -5, .num_unit = { NULL, 0 } };
	int64_t vt;

	(void)arg;
	sw_begin(&w, o, V20, SCHEMA_EXTENSIONS, 1);
	sw_source(&w, 1, text_of("pprof"), TEXT_NA, NAN);
	sw_source_attr(&w, 1, text_of("k"), text_of("NA"));
	sw_mapping(&w, &m);
	sw_function(&w, 1, text_of("f\tg"), text_of("f"), text_n(NULL, 0), -1);
	sw_location(&w, &l1);
	sw_location(&w, &l2);
	stream_id_set(&sid, 1);
	sw_sample(&w, &sid, 1);
	vt = sw_value_type(&w, text_of("cpu"), text_of("nanoseconds"));
	ck_assert_int_ge(vt, 0);
	sw_sample_value(&w, &sid, (uint32_t)vt, num_of_dbl(1.5));
	ck_assert_int_eq(sw_value_type(&w, text_of("cpu"),
	    text_of("nanoseconds")), vt);
	stream_id_set(&loc, 2);
	sw_stack_begin(&w, &frames, &sid);
	sw_stack_frame(&w, &frames, &loc);
	sw_sample_label(&w, &sid, &str);
	sw_sample_label(&w, &sid, &num);
	sw_free(&w);
}

static void
write_v1(struct output *o, const void *arg)
{
	struct stream_writer w;
	uint32_t ids[] = { 3, 1 };

	(void)arg;
	sw_begin(&w, o, V10, SCHEMA_EXTENSIONS, 1);
	sw_v1_sample_type(&w, text_of("samples"), text_of("count"));
	sw_v1_sample(&w, 2, ids, 2);
	sw_v1_sample(&w, 1, ids, 0);
	sw_free(&w);
}

/* A stack of 120 frames (depths of one to three digits) of the widest
 * sample id, location ids of every width. */
static void
write_deep_stack(struct output *o, const void *arg)
{
	struct stream_writer w;
	struct stream_id sid, loc;
	struct sw_stack frames;
	uint32_t d, v;

	(void)arg;
	sw_begin(&w, o, V20, 0, 0);
	stream_id_set(&sid, UINT32_MAX);
	sw_stack_begin(&w, &frames, &sid);
	for (d = 1, v = 7; d <= 120; d++, v = v * 10 % 4000000007u) {
		stream_id_set(&loc, v);
		sw_stack_frame(&w, &frames, &loc);
	}
	sw_free(&w);
}

START_TEST(deep_stack)
{
	char *got = captured(write_deep_stack, NULL), *rows, *want;
	size_t n = 0, cap = 120 * 48;
	uint32_t d, v;

	want = malloc(cap);
	ck_assert_ptr_nonnull(want);
	for (d = 1, v = 7; d <= 120; d++, v = v * 10 % 4000000007u)
		n += (size_t)snprintf(want + n, cap - n,
		    "sample_locations\t4294967295\t%u\t%u\n", d, v);
	rows = strstr(got, "\nsample_locations\t");
	ck_assert_ptr_nonnull(rows);
	ck_assert_str_eq(rows + 1, want);
	free(want);
	free(got);
}
END_TEST

static void
count_problem(void *ctx, const char *msg)
{
	(void)msg;
	++*(int *)ctx;
}

START_TEST(writer)
{
	char *got = captured(write_rows, NULL);
	struct stream_reader r;
	struct perr e;
	int problems = 0;

	ck_assert_str_eq(got,
	    "#meta\tkey\tvalue\n"
	    "meta\tversion\t2.0\n"
	    "#sources\tsource_id\tsource_type\tsource_uri\tsource_timestamp\n"
	    "#.source_attributes\tsource_id\tkey\tvalue\n"
	    "#.mappings\tmapping_id\tmemory_start\tmemory_limit\tfile_offset"
	    "\tfilename\tbuild_id\thas_functions\thas_filenames"
	    "\thas_line_numbers\thas_inline_frames\n"
	    "#functions\tfunction_id\tname\tsystem_name\tfilename\tstart_line\n"
	    "#locations\tlocation_id\tfunction_id\tline\t.address\t.mapping_id"
	    "\t.is_folded\t.inlined\t.column\n"
	    "#samples\tsample_id\tsource_id\n"
	    "#sample_values\tsample_id\ttype\tunit\tvalue\n"
	    "#sample_locations\tsample_id\tdepth\tlocation_id\n"
	    "#.sample_labels\tsample_id\tkey\tstr\tnum\tnum_unit\n"
	    "sources\t1\tpprof\tNA\tNA\n"
	    ".source_attributes\t1\tk\t\\NA\n"
	    ".mappings\t1\t0x1000\t0x2000\t0x0\t/bin/x\t\tTRUE\tFALSE\tFALSE"
	    "\tFALSE\n"
	    "functions\t1\tf\\tg\tf\t\t-1\n"
	    "locations\t1\t1\t7\t0x10\t1\tFALSE\tTRUE\t3\n"
	    "locations\t2\tNA\tNA\tNA\tNA\tFALSE\tFALSE\t0\n"
	    "samples\t1\t1\n"
	    "sample_values\t1\tcpu\tnanoseconds\t1.5\n"
	    "sample_locations\t1\t1\t2\n"
	    ".sample_labels\t1\tk\tv\tNA\tNA\n"
	    ".sample_labels\t1\tn\tNA\t-5\tNA\n");
	/* and the reader takes it back, start_line -1 included (the spec
	 * keeps a negative one as written) */
	ck_assert_int_eq(stream_open(&r, tmpfile_with(got, strlen(got), 0),
	    NULL, &e), 0);
	r.report = count_problem;
	r.ctx = &problems;
	ck_assert_int_eq(validate_stream(&r, &e), 0);
	stream_close(&r);
	ck_assert_int_eq(problems, 0);
	free(got);
	got = captured(write_v1, NULL);
	ck_assert_str_eq(got,
	    "#meta\tkey\tvalue\n"
	    "meta\tversion\t1.0\n"
	    "#functions\tfunction_id\tname\tsystem_name\tfilename\tstart_line\n"
	    "#locations\tlocation_id\tfunction_id\tline\t.address\t.mapping_id"
	    "\t.is_folded\t.inlined\t.column\n"
	    "#sample_types\ttype\tunit\n"
	    "#samples\tvalue\tlocations\n"
	    "sample_types\tsamples\tcount\n"
	    "samples\t2\t3,1\n"
	    "samples\t1\t\n");
	free(got);
}
END_TEST

/* The wire layer on hand-made bytes. */
START_TEST(wire)
{
	static const uint8_t ok[] = {
		0x08, 0x96, 0x01,		/* 1: varint 150 */
		0x11, 1, 0, 0, 0, 0, 0, 0, 0,	/* 2: fixed64 1 */
		0x1d, 2, 0, 0, 0,		/* 3: fixed32 2 */
		0x22, 3, 0x01, 0x80, 0x01,	/* 4: packed 1, 128 */
		0x28, 0x7f,			/* 5: varint 127 */
	};
	static const uint8_t longv[] = { 0x08, 0xff, 0xff, 0xff, 0xff, 0xff,
	    0xff, 0xff, 0xff, 0xff, 0xff, 0x01 };
	static const uint8_t cut[] = { 0x08, 0x80 };
	static const uint8_t past[] = { 0x0a, 0x05, 1, 2 };
	static const uint8_t group[] = { 0x0b };
	static const uint8_t zero[] = { 0x00, 0x01 };
	static const uint8_t max[] = { 0x08, 0xff, 0xff, 0xff, 0xff, 0xff,
	    0xff, 0xff, 0xff, 0xff, 0x01 };
	struct pb b = { ok, ok + sizeof(ok) }, t;
	struct pb_field f;
	uint64_t *arr = NULL;
	size_t n = 0, cap = 0;

	ck_assert_int_eq(pb_field(&b, &f), 1);
	ck_assert(f.num == 1 && f.wire == PB_VARINT && f.val == 150);
	ck_assert_int_eq(pb_field(&b, &f), 1);
	ck_assert(f.num == 2 && f.wire == PB_I64 && f.val == 1);
	ck_assert_int_eq(pb_field(&b, &f), 1);
	ck_assert(f.num == 3 && f.wire == PB_I32 && f.val == 2);
	ck_assert_int_eq(pb_field(&b, &f), 1);
	ck_assert(f.num == 4 && f.wire == PB_LEN);
	ck_assert_int_eq(pb_repeated(&f, &arr, &n, &cap), PB_OK);
	ck_assert_int_eq(pb_field(&b, &f), 1);
	ck_assert_int_eq(pb_repeated(&f, &arr, &n, &cap), PB_OK);
	ck_assert(n == 3 && arr[0] == 1 && arr[1] == 128 && arr[2] == 127);
	ck_assert_int_eq(pb_field(&b, &f), 0);
	free(arr);
#define ONE(bytes) (t.p = bytes, t.end = bytes + sizeof(bytes), \
	pb_field(&t, &f))
	ck_assert_int_eq(ONE(longv), PB_LONG_VARINT);
	ck_assert_int_eq(ONE(cut), PB_CUT);
	ck_assert_int_eq(ONE(past), PB_LENGTH);
	ck_assert_int_eq(ONE(group), PB_GROUP);
	ck_assert_int_eq(ONE(zero), PB_FIELD_NUMBER);
	ck_assert_int_eq(ONE(max), 1);
	ck_assert(f.val == UINT64_MAX);
#undef ONE
	f.wire = PB_I64;
	ck_assert_int_eq(pb_repeated(&f, &arr, &n, &cap), PB_WRONG_TYPE);
	ck_assert_str_eq(pb_strerror(PB_CUT), "a field cut short");
}
END_TEST

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
	struct asm_io io = { note_sample, forget_samples, sn, -1, 0 };
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

START_TEST(exact_values)
{
	char buf[FMT_NUM_MAX];
	struct num a = num_of_i64(9007199254740993), b = num_of_i64(INT64_MAX);

	ck_assert(num_is_int(a) && a.d == 0x1p53);
	buf[fmt_num(buf, a)] = '\0';
	ck_assert_str_eq(buf, "9007199254740993");
	buf[fmt_num(buf, num_add(a, a))] = '\0';
	ck_assert_str_eq(buf, "18014398509481986");
	/* past 2^63: a double, written as one */
	ck_assert(!num_is_int(num_add(a, b)));
	buf[fmt_num(buf, num_add(b, b))] = '\0';
	ck_assert_str_eq(buf, "1.8446744073709552e+19");
	ck_assert(num_is_int(num_add(num_of_i64(INT64_MIN + 1), num_of_i64(-1))));
	/* INT64_MIN - 1 rounds to the double -2^63, which is INT64_MIN */
	ck_assert(num_add(num_of_i64(INT64_MIN), num_of_i64(-1)).d == -0x1p63);
	/* an integral double is its integer; a fraction, NaN, -0 are not */
	ck_assert(num_is_int(num_of_dbl(1e18)) && num_of_dbl(1e18).i ==
	    1000000000000000000);
	ck_assert(!num_is_int(num_of_dbl(0.5)));
	ck_assert(!num_is_int(num_of_dbl(NAN)));
	ck_assert(!num_is_int(num_of_dbl(-0.0)));
	ck_assert(!num_is_int(num_of_dbl(0x1p63)));
	ck_assert(num_is_int(num_of_dbl(-0x1p63)));
	buf[fmt_num(buf, num_of_dbl(-0.0))] = '\0';
	ck_assert_str_eq(buf, "-0");
	ck_assert(num_less(num_of_i64(9007199254740992), a));
	ck_assert(num_less(num_of_dbl(0.5), num_of_i64(1)));
}
END_TEST

START_TEST(types)
{
	struct stream_reader r;
	struct perr e;
	static const struct { const char *field; int ok; double d; } dbls[] = {
		{ "1", 1, 1 }, { "-0.5", 1, -0.5 }, { "1e+300", 1, 1e300 },
		{ "Inf", 1, INFINITY }, { "-Inf", 1, -INFINITY },
		{ "2.5E-3", 1, 2.5e-3 }, { "+7", 1, 7 }, { ".5", 1, 0.5 },
		{ "1,5", 0, 0 }, { "", 0, 0 }, { "0x10", 0, 0 }, { " 1", 0, 0 },
		{ "inf", 0, 0 }, { "1e", 0, 0 }, { "NaN", 0, 0 },
	};
	char body[512];
	size_t i;

	for (i = 0; i < sizeof(dbls) / sizeof(dbls[0]); i++) {
		snprintf(body, sizeof(body), "#sample_values\tsample_id\ttype"
		    "\tunit\tvalue\nsample_values\t1\tt\tu\t%s\n",
		    dbls[i].field);
		first_row(&r, body, dbls[i].ok ? 1 : -1);
		if (dbls[i].ok)
			ck_assert(r.row.v[SV_VALUE].n.d == dbls[i].d);
		stream_close(&r);
	}
	/* integers a double cannot hold are kept exactly; -0 stays -0 */
	first_row(&r, "#sample_values\tsample_id\ttype\tunit\tvalue\n"
	    "sample_values\t1\tt\tu\t9007199254740993\n", 1);
	ck_assert(num_is_int(r.row.v[SV_VALUE].n));
	ck_assert(r.row.v[SV_VALUE].n.i == 9007199254740993);
	stream_close(&r);
	first_row(&r, "#sample_values\tsample_id\ttype\tunit\tvalue\n"
	    "sample_values\t1\tt\tu\t-0\n", 1);
	ck_assert(!num_is_int(r.row.v[SV_VALUE].n));
	ck_assert(signbit(r.row.v[SV_VALUE].n.d));
	stream_close(&r);
	first_row(&r, "#sample_values\tsample_id\ttype\tunit\tvalue\n"
	    "sample_values\t1\tt\tu\t9223372036854775808\n", 1);
	ck_assert(!num_is_int(r.row.v[SV_VALUE].n));
	ck_assert(r.row.v[SV_VALUE].n.d == 0x1p63);
	stream_close(&r);
	/* int range and ids */
	first_row(&r, "#locations\tlocation_id\tfunction_id\tline\n"
	    "locations\t2147483647\tNA\t0\n", 1);
	ck_assert_int_eq(r.row.v[LOC_ID].i, 2147483647);
	ck_assert_int_eq(r.row.st[LOC_FUNCTION], CELL_NA);
	stream_close(&r);
	first_row(&r, "#locations\tlocation_id\tfunction_id\tline\n"
	    "locations\t2147483648\tNA\t0\n", -1);
	stream_close(&r);
	first_row(&r, "#locations\tlocation_id\tfunction_id\tline\n"
	    "locations\t-1\tNA\t0\n", -1);
	stream_close(&r);
	/* i64 extremes, hex, lgl */
	first_row(&r, "#.sample_labels\tsample_id\tkey\tstr\tnum\tnum_unit\n"
	    ".sample_labels\t1\tk\tNA\t-9223372036854775808\tNA\n", 1);
	ck_assert(r.row.v[LB_NUM].i == INT64_MIN);
	stream_close(&r);
	first_row(&r, "#.sample_labels\tsample_id\tkey\tstr\tnum\tnum_unit\n"
	    ".sample_labels\t1\tk\tNA\t9223372036854775808\tNA\n", -1);
	stream_close(&r);
	first_row(&r, "#.mappings\tmapping_id\tmemory_start\tmemory_limit\t"
	    "file_offset\tfilename\tbuild_id\thas_functions\thas_filenames\t"
	    "has_line_numbers\thas_inline_frames\n.mappings\t1\t0x0\t"
	    "0xffffffffffffffff\t0xab\tf\tb\tTRUE\tFALSE\tTRUE\tFALSE\n", 1);
	ck_assert(r.row.v[MAP_LIMIT].u == UINT64_MAX);
	ck_assert(r.row.v[MAP_OFFSET].u == 0xab);
	ck_assert_int_eq(r.row.v[MAP_HAS_FUNCTIONS].i, 1);
	ck_assert_int_eq(r.row.v[MAP_HAS_FILENAMES].i, 0);
	stream_close(&r);
	first_row(&r, "#.mappings\tmapping_id\tmemory_start\tmemory_limit\t"
	    "file_offset\tfilename\tbuild_id\thas_functions\thas_filenames\t"
	    "has_line_numbers\thas_inline_frames\n.mappings\t1\t0x0\t"
	    "0x1\t0xAB\tf\tb\tTRUE\tFALSE\tTRUE\tFALSE\n", -1);
	stream_close(&r);
	(void)e;
}
END_TEST

START_TEST(shortest_double)
{
	static const double vals[] = {
		0, 1, -1, 0.1, 1.0 / 3, 2.0 / 3, 1e-300, 1e300, 123456789.125,
		9007199254740992.0, 9007199254740993.0, 4.35, 0.3, 5e-324,
		1.7976931348623157e308, -2.5e-7, 100, 1e21, 12345678901234567.0,
	};
	char buf[FMT_NUM_MAX + 1], shorter[FMT_NUM_MAX + 1];
	size_t i, n;
	int prec;

	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		n = fmt_dbl(buf, vals[i]);
		buf[n] = '\0';
		ck_assert_msg(strtod(buf, NULL) == vals[i], "%s", buf);
		/* no shorter %g reads back */
		for (prec = 1; prec <= 17; prec++) {
			snprintf(shorter, sizeof(shorter), "%.*g", prec,
			    vals[i]);
			if (strtod(shorter, NULL) == vals[i])
				break;
		}
		if (vals[i] == floor(vals[i]) && fabs(vals[i]) < 9e15)
			ck_assert_msg(strchr(buf, '.') == NULL &&
			    strchr(buf, 'e') == NULL, "%s", buf);
		else
			ck_assert_uint_le(n, strlen(shorter));
	}
	n = fmt_dbl(buf, 1);
	buf[n] = '\0';
	ck_assert_str_eq(buf, "1");
	n = fmt_dbl(buf, -INFINITY);
	buf[n] = '\0';
	ck_assert_str_eq(buf, "-Inf");
	n = fmt_dbl(buf, 0.1);
	buf[n] = '\0';
	ck_assert_str_eq(buf, "0.1");
}
END_TEST

START_TEST(integers)
{
	char buf[FMT_NUM_MAX + 1];

	char want[FMT_NUM_MAX];
	uint64_t v;

	buf[fmt_u64(buf, UINT64_MAX)] = '\0';
	ck_assert_str_eq(buf, "18446744073709551615");
	/* every digit count, and both sides of each power of ten */
	for (v = 1; v <= UINT64_MAX / 10; v *= 10) {
		uint64_t around[] = { v - 1, v, v + 1, 10 * v - 1 };
		size_t i;

		for (i = 0; i < 4; i++) {
			snprintf(want, sizeof(want), "%" PRIu64, around[i]);
			buf[fmt_u64(buf, around[i])] = '\0';
			ck_assert_str_eq(buf, want);
		}
	}
	for (v = 0; v < 100000; v++) {
		snprintf(want, sizeof(want), "%" PRIu64, v);
		buf[fmt_u64(buf, v)] = '\0';
		ck_assert_str_eq(buf, want);
		buf[fmt_u64_long(buf, v)] = '\0';
		ck_assert_str_eq(buf, want);
	}
	buf[fmt_i64(buf, INT64_MIN)] = '\0';
	ck_assert_str_eq(buf, "-9223372036854775808");
	buf[fmt_hex(buf, 0)] = '\0';
	ck_assert_str_eq(buf, "0x0");
	buf[fmt_hex(buf, 0xDEADbeefULL)] = '\0';
	ck_assert_str_eq(buf, "0xdeadbeef");
}
END_TEST

START_TEST(headers)
{
	struct stream_reader r;

	/* extra dotted columns after the required ones; known ones mapped,
	 * the others skipped */
	first_row(&r, "#locations\tlocation_id\tfunction_id\tline\t.x\t"
	    ".address\t.mapping_id\t.is_folded\t.inlined\t.column\n"
	    "locations\t1\t2\t3\tfoo\t0x10\tNA\tTRUE\tFALSE\t4\n", 1);
	ck_assert_int_eq(r.row.has_ext, 1);
	ck_assert(r.row.v[LOC_ADDRESS].u == 16);
	ck_assert_int_eq(r.row.v[LOC_IS_FOLDED].i, 1);
	ck_assert_int_eq(r.row.v[LOC_COLUMN].i, 4);
	stream_close(&r);
	/* without them: neutral values */
	first_row(&r, "#locations\tlocation_id\tfunction_id\tline\n"
	    "locations\t1\t2\t3\n", 1);
	ck_assert_int_eq(r.row.has_ext, 0);
	ck_assert_int_eq(r.row.st[LOC_ADDRESS], CELL_NA);
	ck_assert_int_eq(r.row.v[LOC_INLINED].i, 0);
	stream_close(&r);
	first_row(&r, "#locations\tfunction_id\tlocation_id\tline\n"
	    "locations\t1\t2\t3\n", -1);
	stream_close(&r);
	first_row(&r, "#samples\tsample_id\tsource_id\nsamples\t1\t1\n"
	    "#samples\tsample_id\tsource_id\n", 1);
	stream_close(&r);
	/* more columns than any table has (their bounds were written past
	 * the reader's arrays) */
	first_row(&r, "#samples\tsample_id\tsource_id\t.a\t.b\t.c\t.d\t.e"
	    "\t.f\t.g\t.h\t.i\t.j\t.k\t.l\t.m\t.n\n"
	    "samples\t1\t2\t3\t4\t5\t6\t7\t8\t9\t10\t11\t12\t13\t14\t15"
	    "\t16\n", 1);
	ck_assert_int_eq(r.row.v[SMP_SOURCE].i, 2);
	stream_close(&r);
}
END_TEST

/* A row's first field, read again as the last row's when its text is
 * the same (digits and tab in a word): ids that are prefixes of one
 * another, of 7 and 8 digits, and one cut short by the end. */
START_TEST(first_field_again)
{
	static const int64_t ids[] = { 1, 12, 1, 1, 123, 12, 1234567, 1234567,
	    12345678, 12345678, 1234567, 123456, 1234567 };
	char body[2048];
	struct stream_reader r;
	struct perr e;
	size_t i, n = 0;

	n += (size_t)snprintf(body + n, sizeof(body) - n,
	    "#sample_locations\tsample_id\tdepth\tlocation_id\n");
	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		n += (size_t)snprintf(body + n, sizeof(body) - n,
		    "sample_locations\t%lld\t%zu\t7\n", (long long)ids[i],
		    i + 1);
	snprintf(body + n, sizeof(body) - n, "sample_locations\t12345");
	first_row(&r, body, 1);
	for (i = 0; ; i++) {
		ck_assert_int_eq(r.row.table, T_SAMPLE_LOCATIONS);
		ck_assert_int_eq(r.row.v[SL_SAMPLE].i, ids[i]);
		ck_assert_int_eq(r.row.v[SL_DEPTH].i, (int64_t)i + 1);
		ck_assert_int_eq(r.row.v[SL_LOCATION].i, 7);
		if (i + 1 == sizeof(ids) / sizeof(ids[0]))
			break;
		ck_assert_int_eq(stream_next(&r, &e), 1);
	}
	/* the last line: too few fields, without its LF */
	ck_assert_int_eq(stream_next(&r, &e), -1);
	stream_close(&r);
}
END_TEST

START_TEST(gzip_input)
{
	static const char text[] = "#meta\tkey\tvalue\nmeta\tversion\t1.0\n";
	struct stream_reader r;
	struct perr e;

	ck_assert_int_eq(stream_open(&r, tmpfile_with(text, strlen(text), 1), NULL,
	    &e), 0);
	ck_assert_int_eq(stream_next(&r, &e), 1);
	ck_assert_int_eq(r.version, V10);
	ck_assert_int_eq(r.in.compressed, 1);
	stream_close(&r);
}
END_TEST

START_TEST(maps)
{
	struct u64map m = { 0 };
	struct strtab t = { 0 };
	uint64_t i;
	int added;

	for (i = 0; i < 100000; i++)
		ck_assert_ptr_nonnull(u64map_put(&m, i * 7919, (uint32_t)i,
		    &added));
	for (i = 0; i < 100000; i++)
		ck_assert_uint_eq(*u64map_get(&m, i * 7919), i);
	ck_assert_ptr_null(u64map_get(&m, 3));
	u64map_free(&m);
	ck_assert_int_eq(strtab_intern(&t, "a", 1), 0);
	ck_assert_int_eq(strtab_intern(&t, "a\0b", 3), 1);
	ck_assert_int_eq(strtab_intern(&t, "a", 1), 0);
	ck_assert_int_eq(strtab_find(&t, "a\0b", 3), 1);
	ck_assert_int_eq(strtab_find(&t, "b", 1), -1);
	strtab_free(&t);
}
END_TEST

/* strtab_ranks is byte order (memcmp, then the shorter first): strings
 * with long shared prefixes, prefixes of one another, high bytes and NULs,
 * few and many. */
START_TEST(ranks_in_byte_order)
{
	static const char alphabet[] = "ab\0\xff.";
	struct strtab t = { 0 };
	uint64_t seed = 7;
	uint32_t *rank, *at;
	char buf[64];
	size_t i, n, len, round;

	for (round = 0; round < 4; round++) {
		size_t want = round == 0 ? 1 : round == 1 ? 9 : round == 2 ?
		    300 : 20000;
		memset(&t, 0, sizeof(t));
		while (t.n < want) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			/* a prefix shared by most, as func names in Go */
			len = round == 3 ? 22 : 0;
			memcpy(buf, "main.setFunctions.func", len);
			n = (size_t)(seed >> 59);
			for (i = 0; i < n; i++) {
				seed = seed * 6364136223846793005ULL + 1;
				buf[len++] = alphabet[(seed >> 33) % 5];
			}
			ck_assert_int_ge(strtab_intern(&t, buf, len), 0);
		}
		rank = malloc(t.n * sizeof(*rank));
		at = malloc(t.n * sizeof(*at));
		ck_assert_int_eq(strtab_ranks(&t, rank), 0);
		for (i = 0; i < t.n; i++)
			at[i] = (uint32_t)t.n;
		for (i = 0; i < t.n; i++) {
			ck_assert_uint_lt(rank[i], t.n);
			at[rank[i]] = (uint32_t)i;	/* a permutation */
		}
		for (i = 1; i < t.n; i++) {
			size_t la = strtab_len(&t, at[i - 1]);
			size_t lb = strtab_len(&t, at[i]);
			int c = memcmp(strtab_str(&t, at[i - 1]),
			    strtab_str(&t, at[i]), la < lb ? la : lb);
			ck_assert(c < 0 || (c == 0 && la < lb));
		}
		free(rank);
		free(at);
		strtab_free(&t);
	}
}
END_TEST

/* fmt_fixed2 is printf's %.2f digit for digit: ratios as tsvtop makes
 * them, halves and near-halves, signs, and the ends of its fast path. */
START_TEST(fixed2_as_printf)
{
	static const double fixed[] = { 0, -0.0, 0.125, 0.375, 1.005, 2.675,
	    -2.675, 0.005, -0.005, 0.0049999999, 99.995, 100, -0.001, 1e-300,
	    9999999.995, 1e7, 1e7 + 0.005, 123456789.125, 1e19, -1e19, 5e-3,
	    16.842105263157894, 33.335, 1.0 / 3, 2.0 / 3, 1e20, -1e30, NAN,
	    INFINITY, -INFINITY };
	char got[FMT_NUM_MAX + 1], want[400];
	uint64_t seed = 42;
	size_t i, n;
	double v;

	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]) + 1000000; i++) {
		if (i < sizeof(fixed) / sizeof(fixed[0]))
			v = fixed[i];
		else {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			/* a share of a sum, as tsvtop's; or a raw 2-decimal
			 * value and its neighbours */
			if (i % 3 == 0)
				v = 100.0 * (double)(seed >> 44) /
				    (double)((seed >> 20 & 0xffffff) + 1);
			else if (i % 3 == 1)	/* any magnitude */
				v = ldexp((double)(seed >> 11),
				    (int)(seed >> 5 & 127) - 100);
			else
				v = nextafter((double)(int64_t)(seed >> 40) / 200,
				    (seed & 1) ? 1e300 : -1e300);
			if (seed & 2)
				v = -v;
		}
		n = fmt_fixed2(got, v);
		got[n] = '\0';
		snprintf(want, sizeof(want), fabs(v) < 1e20 ? "%.2f" : "%.17g",
		    v);
		if (strcmp(got, want) != 0)	/* (an assertion per value is slow) */
			ck_assert_str_eq(got, want);
	}
}
END_TEST

/* The first line of path, or "" (absent: not Linux). */
static const char *
first_line(const char *path, char *buf, size_t n)
{
	FILE *fp = fopen(path, "r");

	buf[0] = '\0';
	if (fp != NULL) {
		if (fgets(buf, (int)n, fp) == NULL)
			buf[0] = '\0';
		fclose(fp);
	}
	return buf;
}

/* A widened pipe takes 1 MB with no reader (64 KB before), where the
 * kernel allows that much; a file is left alone. */
START_TEST(pipe_wider)
{
	static char block[1 << 20];
	char line[64];
	int fd[2];
	ssize_t n, total = 0;

	ck_assert_int_eq(pipe(fd), 0);
	pipe_widen(fd[0]);
	pipe_widen(fd[0]);	/* already wide: unchanged */
	ck_assert_int_eq(fcntl(fd[1], F_SETFL, O_NONBLOCK), 0);
	while ((n = write(fd[1], block, sizeof(block) - (size_t)total)) > 0)
		total += n;
	ck_assert(n == 0 || errno == EAGAIN);
	if (atol(first_line("/proc/sys/fs/pipe-max-size", line,
	    sizeof(line))) >= 1 << 20)
		ck_assert_int_eq(total, 1 << 20);
	else
		ck_assert_int_ge(total, 4096);
	close(fd[0]);
	close(fd[1]);
	pipe_widen(STDERR_FILENO);	/* whatever it is: no harm */
}
END_TEST

#if defined(__SANITIZE_ADDRESS__)
#define OWN_MALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define OWN_MALLOC 1
#endif
#endif

/* Where transparent huge pages are to be had, the heap has a region
 * advised for them ("hg" in smaps' VmFlags). Not under ASan, whose
 * malloc is its own. */
START_TEST(heap_huge)
{
	char line[256];
	FILE *fp;
	int found = 0;

	heap_prefer_huge_pages();
	first_line("/sys/kernel/mm/transparent_hugepage/enabled", line,
	    sizeof(line));
#ifndef OWN_MALLOC
	if (strstr(line, "[always]") == NULL &&
	    strstr(line, "[madvise]") == NULL)
		return;
	ck_assert_ptr_nonnull(fp = fopen("/proc/self/smaps", "r"));
	while (fgets(line, sizeof(line), fp) != NULL)
		if (strncmp(line, "VmFlags:", 8) == 0 &&
		    strstr(line, " hg") != NULL)
			found = 1;
	fclose(fp);
	ck_assert_int_eq(found, 1);
#else
	(void)fp;
	(void)found;
#endif
	free(malloc(1 << 20));	/* the heap still works */
}
END_TEST

/* google/pprof's patterns on lines where Go's regexp gives these
 * submatches (from Go 1.19's FindStringSubmatch; "-" an unset group). */
START_TEST(go_regexp)
{
	static const char *const cases[][3] = {
		{ "\\A(\\S+) profile: total \\d+\\z", "goroutine profile: total 12",
		  "[goroutine profile: total 12] [goroutine]" },
		{ "\\A(\\S+) profile: total \\d+\\z", "goroutine profile: total 12 x",
		  NULL },
		{ "\\A(\\d+) @(( 0x[0-9a-f]+)+)\\z", "3 @ 0x1 0x2ab 0x3",
		  "[3 @ 0x1 0x2ab 0x3] [3] [ 0x1 0x2ab 0x3] [ 0x3]" },
		{ "(\\d+) *(\\d+) @([ x0-9a-f]*)", "12345 @ 0x1",
		  "[12345 @ 0x1] [1234] [5] [ 0x1]" },
		{ "(\\d+) *(\\d+) @([ x0-9a-f]*)", "x 5 1 9 @ 0xbccc97",
		  "[1 9 @ 0xbccc97] [1] [9] [ 0xbccc97]" },
		{ "^\\s*(?:0x)?([[:xdigit:]]+)[\\s-]?\\s*(?:0x)?([[:xdigit:]]+):?"
		  "(?:\\s+([-rwxp]+))?(?:\\s+(\\S+))?(?:\\s+\\(@([[:xdigit:]]+)\\))?"
		  "(?:\\s+([[:xdigit:]]+))?", "a0x5", "[a0x5] [a] [5] - - - -" },
		{ "^\\s*(?:0x)?([[:xdigit:]]+)[\\s-]?\\s*(?:0x)?([[:xdigit:]]+):?"
		  "(?:\\s+([-rwxp]+))?(?:\\s+(\\S+))?(?:\\s+\\(@([[:xdigit:]]+)\\))?"
		  "(?:\\s+([[:xdigit:]]+))?",
		  "0x40000-0x80000 /path/to/binary      (@FF00)            abc123456",
		  "[0x40000-0x80000 /path/to/binary      (@FF00)            "
		  "abc123456] [40000] [80000] - [/path/to/binary] [FF00] "
		  "[abc123456]" },
		{ "([\\w ]+)=([\\w ]+)", "a.b=c d.e", "[b=c d] [b] [c d]" },
		{ "^[^\\[\\]]+:[0-9]+]\\s",
		  "I0101 12:00:00.000 1 file.cc:123] 00400000-00fcb000: x",
		  "[I0101 12:00:00.000 1 file.cc:123] ]" },
		{ "^(.*)\\s+\\((.+):(-?[[:digit:]]+)\\)$", "com.f (a:b:12)",
		  "[com.f (a:b:12)] [com.f] [a:b] [12]" },
		{ "^(.*)\\s+\\((.*)\\)$", "com.f (lib (x) .so)",
		  "[com.f (lib (x) .so)] [com.f (lib] [x) .so]" },
		{ "([.]so$|[.]so[._][0-9]+)", "/lib/libc.sox", NULL },
		{ "(a|ab)(c|bcd)(d*)", "abcd", "[abcd] [a] [bcd] []" },
	};
	struct re_match m;
	char got[512];
	size_t i, k, n;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct re *re = re_compile(cases[i][0]);
		ck_assert_ptr_nonnull(re);
		int rc = re_find(re, cases[i][1], strlen(cases[i][1]), &m);
		ck_assert_int_eq(rc, cases[i][2] != NULL);
		if (rc == 1) {
			const char *q = cases[i][0];
			size_t ngroups = 0;
			for (; *q != '\0'; q++)
				ngroups += *q == '(' && q[1] != '?' &&
				    (q == cases[i][0] || q[-1] != '\\');
			got[0] = '\0';
			for (k = 0; k <= ngroups; k++) {
				n = strlen(got);
				if (m.cap[k].p == NULL)
					snprintf(got + n, sizeof(got) - n, "%s-",
					    k ? " " : "");
				else
					snprintf(got + n, sizeof(got) - n,
					    "%s[%.*s]", k ? " " : "",
					    (int)m.cap[k].n, m.cap[k].p);
			}
			ck_assert_str_eq(got, cases[i][2]);
		}
		re_free(re);
	}
	ck_assert_ptr_null(re_compile("(a"));
	ck_assert_ptr_null(re_compile("\\q"));
}
END_TEST

/* Go's strconv.ParseInt(s, 0, 64) on these (from Go 1.19) and its
 * strings.TrimSpace. */
START_TEST(go_numbers)
{
	static const struct {
		const char *s;
		int64_t v;
		int rc;
	} cases[] = {
		{ "0", 0, 0 }, { "010", 8, 0 }, { "08", 0, -1 },
		{ "0x1F", 31, 0 }, { "0X1f", 31, 0 }, { "0b101", 5, 0 },
		{ "0o17", 15, 0 }, { "1_000", 1000, 0 }, { "_1", 0, -1 },
		{ "1__0", 0, -1 }, { "0x_1f", 31, 0 },
		{ "-9223372036854775808", INT64_MIN, 0 },
		{ "9223372036854775808", 0, -2 }, { "-0x10", -16, 0 },
		{ "+5", 5, 0 }, { "", 0, -1 }, { "0x", 0, -1 }, { "1_", 0, -1 },
		{ "12a", 0, -1 },
	};
	const char *t = "\xc2\xa0\xe2\x80\x83 x \xe3\x80\x80\xc2\x85";
	size_t i, n = strlen(t);
	int64_t v;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		v = 0;
		ck_assert_int_eq(go_parse_int(cases[i].s, strlen(cases[i].s), 0,
		    &v), cases[i].rc);
		if (cases[i].rc == 0)
			ck_assert_int_eq(v, cases[i].v);
	}
	go_trim(&t, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(t[0], 'x');
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("profstream");
	TCase *tc = tcase_create("lib");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, escape_write);
	tcase_add_test(tc, escape_write_everywhere);
	tcase_add_test(tc, escape_read);
	tcase_add_test(tc, types);
	tcase_add_test(tc, exact_values);
	tcase_add_test(tc, shortest_double);
	tcase_add_test(tc, integers);
	tcase_add_test(tc, headers);
	tcase_add_test(tc, first_field_again);
	tcase_add_test(tc, gzip_input);
	tcase_add_test(tc, gzip_output);
	tcase_add_test(tc, maps);
	tcase_add_test(tc, fixed2_as_printf);
	tcase_add_test(tc, ranks_in_byte_order);
	tcase_add_test(tc, pipe_wider);
	tcase_add_test(tc, heap_huge);
	tcase_add_test(tc, go_regexp);
	tcase_add_test(tc, go_numbers);
	tcase_add_test(tc, writer);
	tcase_add_test(tc, deep_stack);
	tcase_add_test(tc, wire);
	tcase_add_test(tc, assembler);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
