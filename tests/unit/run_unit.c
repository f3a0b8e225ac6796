/* run_unit.c: Check unit tests of the stream library. */
#include <check.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "base/hash.h"
#include "stream/output.h"
#include "stream/stream_read.h"

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
			ck_assert(r.row.v[SV_VALUE].d == dbls[i].d);
		stream_close(&r);
	}
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

	/* extra dotted columns after the required ones; known ones mapped */
	first_row(&r, "#locations\tlocation_id\tfunction_id\tline\t.x\t"
	    ".address\t.mapping_id\t.is_folded\t.inlined\t.column\n"
	    "locations\t1\t2\t3\tfoo\t0x10\tNA\tTRUE\tFALSE\t4\n", 1);
	ck_assert_int_eq(r.row.has_ext, 1);
	ck_assert(r.row.v[LOC_ADDRESS].u == 16);
	ck_assert_int_eq(r.row.v[LOC_IS_FOLDED].i, 1);
	ck_assert_int_eq(r.row.v[LOC_COLUMN].i, 4);
	ck_assert_str_eq(r.row.f[3].s, "foo");
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

int
main(void)
{
	Suite *s = suite_create("profstream");
	TCase *tc = tcase_create("lib");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, escape_write);
	tcase_add_test(tc, escape_read);
	tcase_add_test(tc, types);
	tcase_add_test(tc, shortest_double);
	tcase_add_test(tc, integers);
	tcase_add_test(tc, headers);
	tcase_add_test(tc, gzip_input);
	tcase_add_test(tc, maps);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
