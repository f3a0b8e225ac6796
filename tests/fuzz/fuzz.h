/* fuzz.h: what the libFuzzer harnesses share. */
#ifndef FUZZ_H
#define FUZZ_H


#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* The input as a file the library can open (and open again) by path. */
static int
as_file(const uint8_t *data, size_t size, char *path, size_t pathlen)
{
	int fd = memfd_create("fuzz", 0);

	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		return -1;
	snprintf(path, pathlen, "/proc/self/fd/%d", fd);
	return fd;
}

/* Every failure of the library says why: a -1 with an empty message
 * would print nothing useful (or garbage) to the user. */
#define SAYS_WHY(call, e) do { \
	(e)->msg[0] = '\0'; \
	if ((call) < 0 && (e)->msg[0] == '\0') { \
		fprintf(stderr, "%s:%d: failed without a message\n", \
		    __FILE__, __LINE__); \
		abort(); \
	} \
} while (0)

#endif
