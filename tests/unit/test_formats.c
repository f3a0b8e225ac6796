/* test_formats.c: lib/formats: the protobuf wire layer, Go's number syntax. */
#include "unit.h"

#include <time.h>

#include <sqlite3.h>

#include "formats/json/json.h"
#include "formats/sql/sql_query.h"

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

/* JSON's numbers as doubles (json_double): bit for bit what glibc's
 * strtod makes of them, for edge cases and 300,000 decimals of 1 to 21
 * digits, a point anywhere and exponents -30..30; not numbers refused. */
START_TEST(json_doubles)
{
	static const char *const edge[] = {
		"0", "-0", "0.0", "-0.0", "1", "-1", "9007199254740992",
		"9007199254740993", "9007199254740991", "1e22", "1e23",
		"123456789012345678", "1234567890123456789",
		"12345678901234567890", "0.1", "0.3", "1.7976931348623157e308",
		"4.9e-324", "2.2250738585072014e-308", "1e-22", "1E+5", "1e0",
		"5e-324", "1.5e-400", "17.25", "1234.5678", "0.000001",
	};
	static const char *const bad[] = { "1e999", "-1e400", "x", "" };
	char buf[64];
	uint64_t seed = 88172645463325252ull;
	double want, got;
	size_t i;
	int k, n, d, point;

	for (i = 0; i < sizeof(edge) / sizeof(edge[0]); i++) {
		want = strtod(edge[i], NULL);
		ck_assert_int_eq(json_double(edge[i], strlen(edge[i]), &got), 0);
		ck_assert_msg(memcmp(&want, &got, sizeof(got)) == 0, "%s",
		    edge[i]);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_int_eq(json_double(bad[i], strlen(bad[i]), &got), -1);
	for (i = 0; i < 300000; i++) {
		seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
		d = 1 + (int)(seed % 21);
		point = (int)((seed >> 8) % (uint64_t)(d + 1));
		n = (seed >> 16) & 1 ? sprintf(buf, "-") : 0;
		for (k = 0; k < d; k++) {
			if (k == point && k > 0)
				buf[n++] = '.';
			buf[n++] = (char)('0' + (k == 0 && d > 1 ?
			    1 + (seed >> (20 + k)) % 9 : (seed >> (18 + k)) % 10));
		}
		if ((seed >> 40) & 1)
			n += sprintf(buf + n, "e%d", (int)((seed >> 44) % 61) - 30);
		buf[n] = '\0';
		want = strtod(buf, NULL);
		ck_assert_int_eq(json_double(buf, (size_t)n, &got), 0);
		ck_assert_msg(memcmp(&want, &got, sizeof(got)) == 0, "%s", buf);
	}
}
END_TEST

/* What a SQLite database is read through (sql_query.h): values bound,
 * never SQL (audit B2); one statement a query; a step past its time
 * stopped, naming --timeout; a value past a stream's line refused
 * (audit B3). */
START_TEST(sqlite_reads_bounded)
{
	char path[] = "/tmp/profstream-unit.XXXXXX", *v[2];
	struct sql_params pa = { v, 2, 2 };
	struct sql_conn *c;
	struct sql_rows *q;
	struct perr e = { "" };
	struct timespec t0, t1;
	sqlite3 *db;
	int fd = mkstemp(path), rc;

	ck_assert_int_ge(fd, 0);
	close(fd);
	/* not a SQLite file, then one */
	ck_assert_ptr_null(sqlite_query_open(path, 1, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "not a SQLite database"));
	ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(db, "CREATE TABLE t (x)", NULL, NULL,
	    NULL), SQLITE_OK);
	sqlite3_close(db);
	c = sqlite_query_open(path, 1, &e);
	ck_assert_ptr_nonnull(c);
	v[0] = "') OR 1 = 1; DROP TABLE t; --";
	v[1] = "a'b\\'c";
	q = c->query(c, "SELECT $1, $2, $1", &pa, &e);
	ck_assert_ptr_nonnull(q);
	ck_assert_int_eq(c->next(q, &e), 1);
	ck_assert_str_eq(c->text(q, 0), v[0]);
	ck_assert_str_eq(c->text(q, 1), v[1]);
	ck_assert_str_eq(c->text(q, 2), v[0]);
	c->done(q);
	ck_assert_ptr_null(c->query(c, "SELECT 1; DROP TABLE t", NULL, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "more than one statement"));
	q = c->query(c, "SELECT zeroblob(20000000)", NULL, &e);
	ck_assert_ptr_nonnull(q);
	ck_assert_int_eq(c->next(q, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "too big"));
	c->done(q);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	q = c->query(c, "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT "
	    "x + 1 FROM n) SELECT COUNT(*) FROM n", NULL, &e);
	ck_assert_ptr_nonnull(q);
	rc = c->next(q, &e);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ck_assert_int_eq(rc, -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "more than 1 s (--timeout)"));
	ck_assert_int_lt(t1.tv_sec - t0.tv_sec, 10);
	c->done(q);
	c->close(c);
	unlink(path);
}
END_TEST

Suite *
suite_formats(void)
{
	Suite *s = suite_create("formats");

	ADD_TEST(s, wire);
	ADD_TEST(s, go_numbers);
	ADD_TEST(s, json_doubles);
	ADD_TEST(s, sqlite_reads_bounded);
	return s;
}
