/* pipe.h: a wider pipe between two filters. */
#ifndef PIPE_H
#define PIPE_H

/* When fd is a pipe, asks the kernel for a 1 MB buffer (Linux; the
 * default is 64 KB): each filter of a pipeline then reads and writes in
 * larger steps and switches less often. A no-op elsewhere, for other
 * files, and when refused (the user's quota of pipe memory). */
void pipe_widen(int fd);

#endif
