/* re_probe: lib/re/re.c as tests/re/goregexp prints Go's regexp,
 * line for line (see there), so that Go judges it in make interop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "re/re.h"

static size_t
decode(const char *s, char *out)
{
	size_t n = 0;

	for (; *s != '\0'; s++) {
		if (*s != '\\' || s[1] == '\0') {
			out[n++] = *s;
			continue;
		}
		s++;
		if (*s == 'n')
			out[n++] = '\n';
		else if (*s == 't')
			out[n++] = '\t';
		else if (*s == 'x' && s[1] != '\0' && s[2] != '\0') {
			char h[3] = { s[1], s[2], 0 };
			out[n++] = (char)strtol(h, NULL, 16);
			s += 2;
		} else
			out[n++] = *s;
	}
	return n;
}

int
main(void)
{
	static char line[1 << 16], text[1 << 16];
	struct re *re = NULL;
	struct re_match m;
	size_t n, len;
	int k, groups = 0;

	while (fgets(line, sizeof(line), stdin) != NULL) {
		len = strlen(line);
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len < 2 || line[1] != '\t')
			continue;
		if (line[0] == 'p') {
			re_free(re);
			re = re_compile(line + 2, NULL, 0);
			printf("p %s\n", re != NULL ? "ok" : "error");
			groups = re != NULL ? re_groups(re) : 0;
			continue;
		}
		if (re == NULL)
			continue;
		n = decode(line + 2, text);
		printf("t %d", re_match(re, text, n));
		if (re_find(re, text, n, &m))
			for (k = 0; k <= groups && k < RE_MAXCAP; k++) {
				if (m.cap[k].p == NULL) {
					printf(" -");
					continue;
				}
				printf(" [");
				for (n = 0; n < m.cap[k].n; n++)
					printf("%02x",
					    (unsigned char)m.cap[k].p[n]);
				putchar(']');
			}
		putchar('\n');
	}
	re_free(re);
	return 0;
}
