/* unit.h: what the Check unit tests share: the library's headers, the
 * helpers of unit.c, and a suite per wing of lib/ (test_WING.c). */
#ifndef UNIT_H
#define UNIT_H

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
#include "base/siphash.h"
#include "re/re.h"
#include "formats/legacy/legacy.h"
#include "formats/pprof/pprof_wire.h"
#include "model/assemble.h"
#include "io/output.h"
#include "stream/stream_read.h"
#include "stream/stream_write.h"
#include "stream/validate.h"

/* Writes text to a temporary file (gzip-compressed or not); returns its
 * path (static storage). */
const char *tmpfile_with(const char *text, size_t n, int gzip);
/* Runs body(o) into a temporary file and returns what it wrote. */
char *captured(void (*body)(struct output *, const void *), const void *arg);
/* n bytes and more of sample_locations rows. */
char *rows_text(size_t n);
/* The header lines of a 2.0 stream. */
extern const char head[];
/* Opens head + body and reads its first row, which must give want. */
void first_row(struct stream_reader *r, const char *body, int want);

/* Each test a case of its own, named as the test (CK_RUN_CASE=name runs
 * it alone; CK_RUN_SUITE=wing a wing's). */
#define ADD_TEST(s, t) do { \
	TCase *tc_ = tcase_create(#t); \
	tcase_add_test(tc_, t); \
	tcase_set_timeout(tc_, 60); \
	suite_add_tcase(s, tc_); \
} while (0)

Suite *suite_base(void);
Suite *suite_io(void);
Suite *suite_stream(void);
Suite *suite_model(void);
Suite *suite_formats(void);

#endif
