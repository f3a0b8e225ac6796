/* test_io.c: lib/io: gzip in and out. */
#include "unit.h"

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

START_TEST(gzip_input)
{
	static const char text[] = "#meta\tkey\tvalue\nmeta\tversion\t1.0\n";
	struct stream_reader r;
	struct perr e;

	ck_assert_int_eq(stream_open(&r, tmpfile_with(text, strlen(text), 1), NULL,
	    &e), 0);
	ck_assert_int_eq(stream_next(&r, &e), 1);
	ck_assert_int_eq(r.version, V10);
	ck_assert_int_eq(r.in.compressed, INPUT_GZIP);
	stream_close(&r);
}
END_TEST

Suite *
suite_io(void)
{
	Suite *s = suite_create("io");

	ADD_TEST(s, gzip_output);
	ADD_TEST(s, gzip_input);
	return s;
}
