/* json_impl.h: what the JSON reader's files share (json_read.c: the
 * grammar, and the text fed a chunk at a time; json_text.c: errors and
 * strings).
 * Internal to formats/json. */
#ifndef JSON_IMPL_H
#define JSON_IMPL_H

#include "formats/json/json.h"

/* What may come next. */
enum want {
	W_VALUE,		/* a value (at the top, after ':' or ',') */
	W_VALUE_OR_CLOSE,	/* a value or ']' (after '[') */
	W_KEY_OR_CLOSE,		/* a key or '}' (after '{') */
	W_KEY,			/* a key (after ',' in an object) */
	W_COLON,		/* ':' (after a key) */
	W_NEXT,			/* ',' or the container's end */
};

struct json_reader {
	struct json_events *ev;
	struct perr *e;
	const char *name;
	long line;		/* of the token being read */
	int depth;
	enum want want;
	unsigned char kind[JSON_MAX_DEPTH + 1];	/* '{' or '[' per level */
	/* a token cut by the end of a chunk, gathered */
	char *part;
	size_t npart, cappart;
	/* strings with escapes, decoded */
	char *text;
	size_t captext;
};

/* The error, at the line being read: -1. */
int json_fail(struct json_reader *r, const char *what);
/* A token past JSON_MAX_STRING: -1. */
int json_too_long(struct json_reader *r);
/* Scans the string whose opening quote is at p[-1], up to end (last:
 * nothing comes after): the offset of its closing quote, or -1 with e
 * set, or -2 when it goes on past end. *escaped: it has escapes. */
long json_scan_string(struct json_reader *r, const unsigned char *p,
    const unsigned char *end, int last, int *escaped);
/* The string between the quotes at p (n bytes, checked by
 * json_scan_string), unescaped into r->text: its length, or -1. */
long json_unescape(struct json_reader *r, const unsigned char *p, size_t n);

#endif
