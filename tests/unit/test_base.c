/* test_base.c: lib/base: numbers, hash maps and string tables, the Go regexp, pipes, the heap. */
#include "unit.h"

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

/* fmt_dbl starts its search at %.15g for normal doubles: the same text
 * as trying every %.Ng from 1, on 300,000 doubles of every kind (any
 * bits, decimals, powers of two, subnormals). */
START_TEST(shortest_double_search)
{
	char got[FMT_NUM_MAX + 1], want[FMT_NUM_MAX + 1];
	uint64_t x = 88172645463325252ULL;
	double v;
	size_t n;
	int i, prec;

	for (i = 0; i < 300000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		switch (i % 5) {
		case 0: memcpy(&v, &x, sizeof(v)); break;
		case 1: v = (double)(x % 100000000) / 1000.0; break;
		case 2: v = ldexp((double)(x >> 11), (int)(x % 200) - 100); break;
		case 3: v = ldexp((double)(x >> 11), -1070 - (int)(x % 50)); break;
		default: v = (double)(x % 1000) * pow(10, (int)(x % 60) - 30);
		}
		if (isnan(v) || isinf(v) || (fabs(v) < 9007199254740992.0 &&
		    v == trunc(v)))
			continue;
		for (prec = 1; prec <= 17; prec++) {
			snprintf(want, sizeof(want), "%.*g", prec, v);
			if (strtod(want, NULL) == v)
				break;
		}
		n = fmt_dbl(got, v);
		got[n] = '\0';
		ck_assert_str_eq(got, want);
	}
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
		struct re *re = re_compile(cases[i][0], NULL, 0);
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
	ck_assert_ptr_null(re_compile("(a", NULL, 0));
	ck_assert_ptr_null(re_compile("\\q", NULL, 0));
}
END_TEST

/* SipHash-2-4: the paper's vector (key 00..0f, message 00..0e), and
 * ClickHouse's sipHash64('a') (its key zero), printed by its server */
START_TEST(siphash_vectors)
{
	unsigned char k[16], m[15], zero[16] = { 0 };
	int i;

	for (i = 0; i < 16; i++)
		k[i] = (unsigned char)i;
	for (i = 0; i < 15; i++)
		m[i] = (unsigned char)i;
	ck_assert_uint_eq(siphash24(k, m, 15), 0xa129ca6149be45e5ULL);
	ck_assert_uint_eq(siphash24(zero, "a", 1), 10863254463029944905ULL);
}
END_TEST

Suite *
suite_base(void)
{
	Suite *s = suite_create("base");

	ADD_TEST(s, exact_values);
	ADD_TEST(s, shortest_double);
	ADD_TEST(s, shortest_double_search);
	ADD_TEST(s, integers);
	ADD_TEST(s, maps);
	ADD_TEST(s, ranks_in_byte_order);
	ADD_TEST(s, fixed2_as_printf);
	ADD_TEST(s, pipe_wider);
	ADD_TEST(s, heap_huge);
	ADD_TEST(s, go_regexp);
	ADD_TEST(s, siphash_vectors);
	return s;
}
