/* json_probe FILE: the events lib/formats/json reads in FILE, a line
 * each (strings and keys in hex, numbers as written, "end" after each
 * value at the top, "ERROR" when the text is refused), the same for the
 * text fed at once and a piece of 1, 2, 3, 5, 7 and 64 bytes at a time,
 * or "pieces N differ"; tests/json/events.py prints what Python's json
 * reads, to be compared (make check: json/python). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/json/json.h"

static FILE *o;

/* a string or key: what it is, then its bytes in hex */
static int
text(const char *what, const char *s, size_t n)
{
	size_t i;

	fputs(what, o);
	for (i = 0; i < n; i++)
		fprintf(o, "%02x", (unsigned char)s[i]);
	fputc('\n', o);
	return 0;
}

static int
on_null(void *c, struct perr *e)
{
	(void)c, (void)e;
	fputs("null\n", o);
	return 0;
}

static int
on_boolean(void *c, int b, struct perr *e)
{
	(void)c, (void)e;
	fputs(b ? "true\n" : "false\n", o);
	return 0;
}

static int
on_number(void *c, const char *s, size_t n, struct perr *e)
{
	(void)c, (void)e;
	fprintf(o, "num %.*s\n", (int)n, s);
	return 0;
}

static int
on_string(void *c, const char *s, size_t n, struct perr *e)
{
	(void)c, (void)e;
	return text("str ", s, n);
}

static int
on_key(void *c, const char *s, size_t n, struct perr *e)
{
	(void)c, (void)e;
	return text("key ", s, n);
}

static int
mark(const char *m)
{
	fputs(m, o);
	return 0;
}

static int on_start_map(void *c, struct perr *e) { (void)c, (void)e; return mark("{\n"); }
static int on_end_map(void *c, struct perr *e) { (void)c, (void)e; return mark("}\n"); }
static int on_start_array(void *c, struct perr *e) { (void)c, (void)e; return mark("[\n"); }
static int on_end_array(void *c, struct perr *e) { (void)c, (void)e; return mark("]\n"); }
static int on_value_end(void *c, struct perr *e) { (void)c, (void)e; return mark("end\n"); }

int
main(int argc, char **argv)
{
	static const size_t pieces[] = { 0, 1, 2, 3, 5, 7, 64 };
	char *text, *first = NULL, *out;
	size_t i, n, len;
	long size;
	FILE *f;

	if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL) {
		fprintf(stderr, "usage: json_probe FILE\n");
		return 2;
	}
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = malloc(size > 0 ? (size_t)size : 1);
	n = fread(text, 1, (size_t)size, f);
	fclose(f);
	for (i = 0; i < sizeof(pieces) / sizeof(pieces[0]); i++) {
		struct json_events ev = { on_null, on_boolean, on_number,
		    on_string, on_start_map, on_key, on_end_map,
		    on_start_array, on_end_array, on_value_end, NULL, NULL };
		struct perr e;

		out = NULL;
		o = open_memstream(&out, &len);
		if (json_read_split(text, n, pieces[i], argv[1], &ev, &e) < 0)
			fputs("ERROR\n", o);
		fclose(o);
		if (first == NULL)
			first = out;
		else if (strcmp(first, out) != 0) {
			printf("pieces %zu differ\n", pieces[i]);
			return 1;
		}
		else
			free(out);
	}
	fputs(first, stdout);
	free(first);
	free(text);
	return 0;
}
