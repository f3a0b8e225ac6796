/*
 * graphviz.c: Graphviz's dot, run to lay out a call graph. The one place
 * the suite runs another program: tsvreport's call-graph tab, from the
 * shell and from R.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "io/graphviz.h"

int
graphviz_found(void)
{
	const char *path = getenv("PATH"), *p, *end;
	char buf[4096];

	for (p = path != NULL ? path : "/usr/bin:/bin"; *p != '\0'; p = end) {
		if ((end = strchr(p, ':')) == NULL)
			end = p + strlen(p);
		snprintf(buf, sizeof(buf), "%.*s/dot", (int)(end - p), p);
		if (access(buf, X_OK) == 0)
			return 1;
		if (*end == ':')
			end++;
	}
	return 0;
}

int
graphviz_layout(void *ctx, int dot_fd, int svg_fd, struct perr *e)
{
	pid_t pid;
	int status;

	(void)ctx;
	if ((pid = fork()) < 0)
		return perr_set(e, "cannot run Graphviz's dot: %s",
		    strerror(errno));
	if (pid == 0) {		/* the child: dot, or its own end */
		if (dup2(dot_fd, 0) < 0 || dup2(svg_fd, 1) < 0)
			_exit(126);
		execlp("dot", "dot", "-Tsvg", (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return perr_set(e, "Graphviz's dot: %s",
			    strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return perr_set(e, "Graphviz's dot failed (exit %d)",
		    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return 0;
}
