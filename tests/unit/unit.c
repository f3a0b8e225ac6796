/* unit.c: the Check unit tests of lib/, a suite per wing, each test a
 * case named as it is; and the helpers they share. */
#include "unit.h"

/* Writes text to a temporary file; returns its path (static storage). */
const char *
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
char *
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
char *
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

const char head[] = "#meta\tkey\tvalue\nmeta\tversion\t2.0\n";

/* Opens a stream of head + body and returns the first data row. */
void
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

int
main(void)
{
	SRunner *sr = srunner_create(suite_base());
	int failed;

	srunner_add_suite(sr, suite_io());
	srunner_add_suite(sr, suite_stream());
	srunner_add_suite(sr, suite_model());
	srunner_add_suite(sr, suite_formats());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
