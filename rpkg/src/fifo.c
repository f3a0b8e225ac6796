/*
 * fifo.c: a named pipe read from R, interruptibly. open() of a FIFO for
 * reading waits for a writer, and R cannot interrupt a call blocked in
 * it; here the FIFO is opened without waiting, and R copies it to a file
 * a slice at a time (ps_fifo_pump, 0.2 s of waiting at most a call), so
 * that Ctrl-C between the calls ends the read.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "ps.h"

/* The FIFO at path opened for reading, not waiting for a writer: its
 * descriptor, or -1 when path is no FIFO. */
SEXP
ps_fifo_open(SEXP spath)
{
	const char *path = ps_path(spath, "path");
	struct stat st;
	int fd;

	if (stat(path, &st) < 0 || !S_ISFIFO(st.st_mode))
		return Rf_ScalarInteger(-1);
	if ((fd = open(path, O_RDONLY | O_NONBLOCK)) < 0)
		Rf_error("%s: %s", path, strerror(errno));
	return Rf_ScalarInteger(fd);
}

/* What the FIFO fd has now, appended to the file out (opened the first
 * time: *created by the caller*), waiting 0.2 s at most: TRUE at its end
 * (a writer came and went), FALSE for more to come. */
SEXP
ps_fifo_pump(SEXP sfd, SEXP sout)
{
	const char *out = ps_path(sout, "file");
	int fd = Rf_asInteger(sfd), ofd, end = 0;
	struct pollfd p = { fd, POLLIN, 0 };
	char buf[65536];
	ssize_t n, w, at;

	/* Ctrl-C: R's evaluator looks only every thousand calls; nothing
	 * is held here yet */
	R_CheckUserInterrupt();
	/* (before a writer comes, Linux reports no hang-up: a wait) */
	if (poll(&p, 1, 200) <= 0 || (p.revents & (POLLIN | POLLHUP)) == 0)
		return Rf_ScalarLogical(0);
	if ((ofd = open(out, O_WRONLY | O_APPEND)) < 0)
		Rf_error("%s: %s", out, strerror(errno));
	for (;;) {
		if ((n = read(fd, buf, sizeof(buf))) == 0) {
			end = (p.revents & POLLHUP) != 0;
			break;
		}
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN)
				break;
			close(ofd);
			Rf_error("reading the pipe: %s", strerror(errno));
		}
		for (at = 0; at < n; at += w)
			if ((w = write(ofd, buf + at, (size_t)(n - at))) < 0) {
				if (errno == EINTR) {
					w = 0;
					continue;
				}
				close(ofd);
				Rf_error("%s: %s", out, strerror(errno));
			}
	}
	close(ofd);
	return Rf_ScalarLogical(end);
}

SEXP
ps_fifo_close(SEXP sfd)
{
	int fd = Rf_asInteger(sfd);

	if (fd >= 0)
		close(fd);
	return R_NilValue;
}
