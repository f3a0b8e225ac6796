/* test_stream.c: lib/stream: escapes, fields, the reader and the writer. */
#include "unit.h"

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

Suite *
suite_stream(void)
{
	Suite *s = suite_create("stream");

	ADD_TEST(s, escape_write);
	ADD_TEST(s, escape_write_everywhere);
	ADD_TEST(s, escape_read);
	ADD_TEST(s, deep_stack);
	ADD_TEST(s, writer);
	ADD_TEST(s, types);
	ADD_TEST(s, headers);
	ADD_TEST(s, first_field_again);
	return s;
}
