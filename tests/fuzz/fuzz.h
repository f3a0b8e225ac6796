/* fuzz.h: what the libFuzzer harnesses share. */
#ifndef FUZZ_H
#define FUZZ_H


#include <stdint.h>
#include <stdio.h>
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

#endif
