/*
 * OTLP/JSON to the protobuf it stands for, as the OTLP specification's
 * JSON encoding and the Collector's pdata read it: proto3's JSON mapping
 * by the messages of proto/otlp.proto (protoc-c's descriptors: one table
 * of names and types for both encodings), keys in lowerCamelCase or as
 * the .proto spells them, 64-bit integers as strings or numbers, trace,
 * span and profile ids in hex, other bytes in base64, unknown keys left
 * out, null as absent. Each message so made is read by otlp_read, so a
 * JSON file and its protobuf twin give the same stream.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/varint.h"
#include "formats/json/json.h"
#include "formats/pb/pb_chunk.h"
#include "formats/otlp/otlp_json.h"
#include "otlp.pb-c.h"

#define D(name) opentelemetry__proto__profiles__v1development__##name##__descriptor
#define MAX_FRAMES 32		/* the schema's depth is 9 */
#define MAX_KINDS 64		/* otlp.proto has 27 messages */

/* How a field's JSON differs from its protobuf type. */
enum { AS_TYPE, AS_TEXT, AS_HEX };

/* A message's keys as OTLP/JSON and the .proto spell them. */
struct key {
	const char *camel, *snake;
	size_t ncamel, nsnake;
};

struct keys {
	const ProtobufCMessageDescriptor *d;
	struct key *k;		/* a key per field */
	char *text;		/* the camelCase names */
	/* objects of a kind have their keys in one order: the field whose
	 * key came after field i's (i = n_fields: first), the one tried
	 * first after it */
	unsigned *after;
};

struct frame {
	const ProtobufCMessageDescriptor *d;
	const struct keys *keys;	/* d's */
	const ProtobufCFieldDescriptor *f;	/* the key's field, or NULL */
	size_t len_at;		/* its length's room (5 bytes), then it */
	int in_array;		/* f's value is an array */
	size_t packed_at;	/* a packed array's length room */
	unsigned prev;		/* the field of the last key, n_fields: none */
	/* f's value is a varint field (tag: its tag, or 0 in a packed
	 * array) that any decimal of at most fast_digits digits fits */
	unsigned fast_digits;
	uint32_t fast_tag;
	uint64_t seen;		/* the fields whose key came (by index) */
};

struct tx {
	struct otlp_json *j;
	struct pb_chunk c;	/* the message being made (its failed
				 * flag unused: room() says) */
	struct frame fr[MAX_FRAMES];
	int depth;		/* frames in use */
	int skip;		/* levels of a value left out */
	long line;		/* where the message began */
	int known;		/* keys of ProfilesData it had */
	int v18;		/* keys of v1.8's layout it had */
	struct keys keys[MAX_KINDS];	/* of the messages met */
	int nkeys;
};

/* JSON's view of field f of d. */
static int
json_form(const ProtobufCMessageDescriptor *d, const ProtobufCFieldDescriptor *f)
{
	if ((d == &D(profiles_dictionary) && f->id == 5) ||
	    (d == &D(key_value) && f->id == 1) ||
	    (d == &D(any_value) && f->id == 1))
		return AS_TEXT;		/* strings our .proto holds as bytes */
	if ((d == &D(profile) && f->id == 7) || d == &D(link))
		return AS_HEX;		/* profile_id, trace_id, span_id */
	return AS_TYPE;
}

/* d's keys, made the first time d is met: NULL when out of memory. A key
 * is a field's name as the .proto spells it or in lowerCamelCase
 * (stack_index: stackIndex), as pdata reads them. */
static const struct keys *
keys_of(struct tx *t, const ProtobufCMessageDescriptor *d)
{
	struct keys *ks;
	size_t i, bytes = 0, at = 0;
	const char *s;
	int j;

	for (j = 0; j < t->nkeys; j++)
		if (t->keys[j].d == d)
			return &t->keys[j];
	if (t->nkeys == MAX_KINDS)
		return NULL;
	ks = &t->keys[t->nkeys];
	for (i = 0; i < d->n_fields; i++)
		bytes += strlen(d->fields[i].name) + 1;
	ks->k = calloc(d->n_fields + 1, sizeof(*ks->k));
	ks->after = calloc(d->n_fields + 1, sizeof(*ks->after));
	ks->text = malloc(bytes + 1);
	if (ks->k == NULL || ks->after == NULL || ks->text == NULL) {
		free(ks->k);
		free(ks->after);
		free(ks->text);
		return NULL;
	}
	for (i = 0; i < d->n_fields; i++) {
		struct key *k = &ks->k[i];
		k->snake = d->fields[i].name;
		k->nsnake = strlen(k->snake);
		k->camel = ks->text + at;
		for (s = k->snake; *s != '\0'; s++)
			ks->text[at++] = *s == '_' && s[1] >= 'a' &&
			    s[1] <= 'z' ? (char)(*++s - 'a' + 'A') : *s;
		k->ncamel = (size_t)(ks->text + at - k->camel);
		ks->text[at++] = '\0';
	}
	ks->d = d;
	t->nkeys++;
	return ks;
}

static int
is_key(const struct key *k, const char *s, size_t n)
{
	return (n == k->ncamel && memcmp(s, k->camel, n) == 0) ||
	    (n == k->nsnake && memcmp(s, k->snake, n) == 0);
}

/* The digits any value of f's type holds (0: none here), so a decimal of
 * no more is written without a check. */
static unsigned
fast_digits_of(const ProtobufCFieldDescriptor *f)
{
	switch (f->type) {
	case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_UINT32:
		return 9;
	case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_UINT64:
		return 18;
	default:
		return 0;
	}
}

/* f's name as OTLP/JSON spells it (lowerCamelCase), for messages. */
static const char *
shown(const ProtobufCFieldDescriptor *f, char *buf, size_t size)
{
	const char *s = f->name;
	size_t k = 0;

	for (; *s != '\0' && k + 1 < size; s++)
		buf[k++] = *s == '_' && s[1] >= 'a' && s[1] <= 'z' ?
		    (char)(*++s - 'a' + 'A') : *s;
	buf[k] = '\0';
	return buf;
}
#define NAME(f) shown((f), nb, sizeof(nb))

/* Keys of the layouts before v1.8, which this reader does not map. */
static int
old_key(const char *key, size_t n)
{
	static const char *const old[] = {
		"locationsStartIndex", "locations_start_index",
		"locationsLength", "locations_length", "locationIndices",
		"location_indices", "attributeUnits", "attribute_units",
	};
	size_t i;

	for (i = 0; i < sizeof(old) / sizeof(old[0]); i++)
		if (strlen(old[i]) == n && memcmp(old[i], key, n) == 0)
			return 1;
	return 0;
}

/* v1.8's comments (string indices), carried to otlp_read at a number no
 * layout has (OTLP_JSON_V18_COMMENTS): v1.10 has none. */
static const ProtobufCFieldDescriptor v18_comments = {
	"comment_strindices", OTLP_JSON_V18_COMMENTS,
	PROTOBUF_C_LABEL_REPEATED, PROTOBUF_C_TYPE_INT32, 0, 0, NULL, NULL,
	PROTOBUF_C_FIELD_FLAG_PACKED, 0, NULL, NULL
};

/* A key of v1.8's layout (its field names before v1.9 renamed them, as
 * the Collector's JSON of the time spells them): the field of d it
 * stands for, or NULL. aggregationTemporality (v1.8's ValueType, still
 * written by the Collector of v1.9's time) is no key of any. */
static const ProtobufCFieldDescriptor *
v18_key(const ProtobufCMessageDescriptor *d, const char *s, size_t n)
{
#define IS(w) (n == sizeof(w) - 1 && memcmp(s, w, n) == 0)
	if (d == &D(profile) && (IS("sample")))
		return protobuf_c_message_descriptor_get_field_by_name(d,
		    "samples");
	if (d == &D(location) && IS("line"))
		return protobuf_c_message_descriptor_get_field_by_name(d,
		    "lines");
	if (d == &D(profile) && (IS("commentStrindices") ||
	    IS("comment_strindices")))
		return &v18_comments;
#undef IS
	return NULL;
}

static inline int
room(struct tx *t, size_t more, struct perr *e)
{
	if (t->c.n + more <= t->c.cap)
		return 0;
	if (array_grow((void **)&t->c.b, &t->c.cap, t->c.n + more, 1) < 0)
		return perr_nomem(e);
	return 0;
}

static void
put_varint(struct tx *t, uint64_t v)
{
	t->c.n += varint_put(t->c.b + t->c.n, v);
}

static void
put_tag(struct tx *t, uint32_t num, int wire)
{
	put_varint(t, (uint64_t)num << 3 | (unsigned)wire);
}

static void
put_fixed(struct tx *t, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		t->c.b[t->c.n++] = (uint8_t)(v >> (8 * i));
}

/* A length's room, filled by close_len: where it is. */
static size_t
open_len(struct tx *t)
{
	size_t at = t->c.n;

	t->c.n += 5;
	return at;
}

/* The length of what followed its room, put there in as few bytes as it
 * takes, what followed moved up to it. */
static void
close_len(struct tx *t, size_t at)
{
	size_t len = t->c.n - at - 5, k;
	uint8_t v[VARINT_MAX];

	k = varint_put(v, len);
	memcpy(t->c.b + at, v, k);
	if (k < 5)
		memmove(t->c.b + at + k, t->c.b + at + 5, len);
	t->c.n -= 5 - k;
}

static int
wire_of(int type)
{
	switch (type) {
	case PROTOBUF_C_TYPE_FIXED64: case PROTOBUF_C_TYPE_SFIXED64:
	case PROTOBUF_C_TYPE_DOUBLE:
		return 1;
	case PROTOBUF_C_TYPE_FIXED32: case PROTOBUF_C_TYPE_SFIXED32:
	case PROTOBUF_C_TYPE_FLOAT:
		return 5;
	case PROTOBUF_C_TYPE_STRING: case PROTOBUF_C_TYPE_BYTES:
	case PROTOBUF_C_TYPE_MESSAGE:
		return 2;
	default:
		return 0;
	}
}

/* A decimal integer's text (JSON's number or a string of one): 0, or -1
 * with e saying why. */
static int
parse_int(const char *s, size_t n, int is_signed, int64_t lo, uint64_t hi,
    uint64_t *out, struct perr *e)
{
	uint64_t v = 0, lim;
	size_t i = 0;
	int neg = 0;

	if (n > 0 && s[0] == '-') {
		neg = 1;
		i++;
	}
	if (i == n)
		return perr_set(e, "'%.*s' is not an integer", (int)(n < 40 ?
		    n : 40), s);
	lim = neg ? (uint64_t)(-(lo + 1)) + 1 : hi;
	/* up to 18 digits no 64-bit value overflows: checked at the end */
	if (n - i <= 18) {
		for (; i < n; i++) {
			if (s[i] < '0' || s[i] > '9')
				return perr_set(e, "'%.*s' is not an integer",
				    (int)n, s);
			v = v * 10 + (uint64_t)(s[i] - '0');
		}
		if (v > lim)
			return perr_set(e, "%.*s is out of the field's range",
			    (int)n, s);
		i = n;
	}
	for (; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return perr_set(e, "'%.*s' is not an integer",
			    (int)(n < 40 ? n : 40), s);
		if (v > (lim - (uint64_t)(s[i] - '0')) / 10)
			return perr_set(e, "%.*s is out of the field's range",
			    (int)(n < 40 ? n : 40), s);
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	if (neg && !is_signed && v != 0)
		return perr_set(e, "%.*s is negative", (int)(n < 40 ? n : 40),
		    s);
	*out = neg ? (uint64_t)0 - v : v;
	return 0;
}

static int
parse_double(const char *s, size_t n, double *out, struct perr *e)
{
	char buf[64], *end;

	if (n == 3 && memcmp(s, "NaN", 3) == 0) {
		*out = NAN;
		return 0;
	}
	if (n == 8 && memcmp(s, "Infinity", 8) == 0) {
		*out = INFINITY;
		return 0;
	}
	if (n == 9 && memcmp(s, "-Infinity", 9) == 0) {
		*out = -INFINITY;
		return 0;
	}
	if (n == 0 || n >= sizeof(buf))
		return perr_set(e, "'%.*s' is not a number", (int)(n < 40 ?
		    n : 40), s);
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	*out = strtod(buf, &end);
	if (*end != '\0' || (errno == ERANGE && isinf(*out)))
		return perr_set(e, "'%.*s' is not a number a double holds",
		    (int)(n < 40 ? n : 40), s);
	return 0;
}

/* A scalar of field f: its bytes (without the tag). */
static int
put_scalar(struct tx *t, const ProtobufCFieldDescriptor *f, const char *s,
    size_t n, int is_string, struct perr *e)
{
	uint64_t v;
	double d = 0;

	if (room(t, VARINT_MAX + 8, e) < 0)
		return -1;
	switch (f->type) {
	case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_ENUM:
		if (parse_int(s, n, 1, INT32_MIN, INT32_MAX, &v, e) < 0)
			return -1;
		/* a negative int32 as ten bytes, as protobuf writes it */
		put_varint(t, (uint64_t)(int64_t)(int32_t)v);
		return 0;
	case PROTOBUF_C_TYPE_INT64:
		if (parse_int(s, n, 1, INT64_MIN, INT64_MAX, &v, e) < 0)
			return -1;
		put_varint(t, v);
		return 0;
	case PROTOBUF_C_TYPE_UINT32:
		if (parse_int(s, n, 0, 0, UINT32_MAX, &v, e) < 0)
			return -1;
		put_varint(t, v);
		return 0;
	case PROTOBUF_C_TYPE_UINT64:
		if (parse_int(s, n, 0, 0, UINT64_MAX, &v, e) < 0)
			return -1;
		put_varint(t, v);
		return 0;
	case PROTOBUF_C_TYPE_FIXED64:
		if (parse_int(s, n, 0, 0, UINT64_MAX, &v, e) < 0)
			return -1;
		put_fixed(t, v, 8);
		return 0;
	case PROTOBUF_C_TYPE_SFIXED64:
		if (parse_int(s, n, 1, INT64_MIN, INT64_MAX, &v, e) < 0)
			return -1;
		put_fixed(t, v, 8);
		return 0;
	case PROTOBUF_C_TYPE_FIXED32:
		if (parse_int(s, n, 0, 0, UINT32_MAX, &v, e) < 0)
			return -1;
		put_fixed(t, v, 4);
		return 0;
	case PROTOBUF_C_TYPE_DOUBLE:
		if (parse_double(s, n, &d, e) < 0)
			return -1;
		memcpy(&v, &d, 8);
		put_fixed(t, v, 8);
		return 0;
	default:
		(void)is_string;
		return perr_set(e, "a value of a type this reader does not "
		    "take");
	}
}

/* Base64 (standard or URL-safe, padded or not) or hex of the n bytes at
 * s, as bytes: their count, or -1 with e set. */
static int
decode_bytes(struct tx *t, const char *s, size_t n, int hex, struct perr *e)
{
	static const char *const b64 =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	uint32_t acc = 0;
	size_t i, bits = 0;
	const char *q;
	int v;

	if (room(t, n, e) < 0)
		return -1;
	if (hex) {
		if (n % 2 != 0)
			return perr_set(e, "'%.*s' is not hex (an odd length)",
			    (int)(n < 40 ? n : 40), s);
		for (i = 0; i < n; i++) {
			char c = s[i];
			v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <=
			    'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c -
			    'A' + 10 : -1;
			if (v < 0)
				return perr_set(e, "'%.*s' is not hex",
				    (int)(n < 40 ? n : 40), s);
			if (i % 2 == 0)
				acc = (uint32_t)v;
			else
				t->c.b[t->c.n++] = (uint8_t)(acc << 4 | (unsigned)v);
		}
		return 0;
	}
	while (n > 0 && s[n - 1] == '=')
		n--;
	for (i = 0; i < n; i++) {
		char c = s[i];
		if (c == '+' || c == '-')
			v = 62;
		else if (c == '/' || c == '_')
			v = 63;
		else if (c != '\0' && (q = strchr(b64, c)) != NULL)
			v = (int)(q - b64);
		else
			return perr_set(e, "'%.*s' is not base64",
			    (int)(n < 40 ? n : 40), s);
		acc = acc << 6 | (uint32_t)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			t->c.b[t->c.n++] = (uint8_t)(acc >> bits);
		}
	}
	return 0;
}

/* The frame the next value belongs to, or NULL when it is left out. */
static struct frame *
top(struct tx *t)
{
	return t->skip > 0 || t->depth == 0 ? NULL : &t->fr[t->depth - 1];
}

/* A scalar (number, string or boolean as text) of the current field. */
static int
scalar(struct tx *t, const char *s, size_t n, int is_string, int boolean,
    struct perr *e)
{
	char nb[64];
	struct frame *fr = top(t);
	const ProtobufCFieldDescriptor *f;
	int form, packed;
	size_t at;

	if (fr == NULL || fr->f == NULL)
		return t->depth == 0 && t->skip == 0 ? perr_set(e, "not an "
		    "OTLP message: a value outside an object") : 0;
	f = fr->f;
	if (f->label == PROTOBUF_C_LABEL_REPEATED && !fr->in_array)
		return perr_set(e, "%s: a list is wanted", NAME(f));
	packed = fr->in_array && (f->flags & PROTOBUF_C_FIELD_FLAG_PACKED);
	form = json_form(fr->d, f);
	if (f->type == PROTOBUF_C_TYPE_MESSAGE)
		return perr_set(e, "%s: an object is wanted", NAME(f));
	if (f->type == PROTOBUF_C_TYPE_BOOL) {
		if (!boolean)
			return perr_set(e, "%s: true or false is wanted",
			    NAME(f));
		if (room(t, 2 * VARINT_MAX, e) < 0)
			return -1;
		if (!packed)
			put_tag(t, f->id, 0);
		put_varint(t, n == 4);		/* "true" */
		return 0;
	}
	if (boolean)
		return perr_set(e, "%s: not a boolean", NAME(f));
	if (f->type == PROTOBUF_C_TYPE_STRING || f->type ==
	    PROTOBUF_C_TYPE_BYTES) {
		if (!is_string)
			return perr_set(e, "%s: a string is wanted", NAME(f));
		if (room(t, 2 * VARINT_MAX + n, e) < 0)
			return -1;
		put_tag(t, f->id, 2);
		if (f->type == PROTOBUF_C_TYPE_STRING || form == AS_TEXT) {
			put_varint(t, n);
			memcpy(t->c.b + t->c.n, s, n);
			t->c.n += n;
			return 0;
		}
		at = open_len(t);
		if (decode_bytes(t, s, n, form == AS_HEX, e) < 0)
			return -1;
		close_len(t, at);
		return 0;
	}
	if (room(t, VARINT_MAX, e) < 0)
		return -1;
	if (!packed)
		put_tag(t, f->id, wire_of(f->type));
	return put_scalar(t, f, s, n, is_string, e);
}

/* A decimal of the current field, when it is a varint field it fits
 * (the numbers most of a profile is: stack_table's location indices, the
 * string indices, values): 1 when written; 0 when the careful way must
 * take it. */
static inline int
fast_varint(struct tx *t, const char *s, size_t n, struct perr *e)
{
	struct frame *fr = top(t);
	uint64_t v = 0;
	size_t i;

	if (fr == NULL || n == 0 || n > fr->fast_digits ||
	    room(t, 2 * VARINT_MAX, e) < 0)
		return 0;
	for (i = 0; i < n; i++) {
		unsigned d = (unsigned)(s[i] - '0');
		if (d > 9)
			return 0;
		v = v * 10 + d;
	}
	if (fr->fast_tag != 0)
		put_varint(t, fr->fast_tag);
	put_varint(t, v);
	return 1;
}

static int
on_number(void *ctx, const char *s, size_t n, struct perr *e)
{
	if (fast_varint(ctx, s, n, e))
		return 0;
	return scalar(ctx, s, n, 0, 0, e);
}

static int
on_string(void *ctx, const char *s, size_t n, struct perr *e)
{
	char nb[64];
	struct tx *t = ctx;
	struct frame *fr = top(t);

	/* proto3's JSON: a 64-bit integer as a string */
	if (fast_varint(t, s, n, e))
		return 0;
	if (fr != NULL && fr->f != NULL && memchr(s, '\0', n) != NULL &&
	    json_form(fr->d, fr->f) != AS_HEX)
		return perr_set(e, "%s: a string holds a NUL byte (the stream "
		    "cannot)", NAME(fr->f));
	return scalar(ctx, s, n, 1, 0, e);
}

static int
on_boolean(void *ctx, int b, struct perr *e)
{
	return scalar(ctx, b ? "true" : "false", b ? 4 : 5, 0, 1, e);
}

static int
on_null(void *ctx, struct perr *e)
{
	(void)ctx;
	(void)e;
	return 0;	/* as absent */
}

static int
tx_push(struct tx *t, const ProtobufCMessageDescriptor *d, size_t len_at,
    struct perr *e)
{
	struct frame *fr;

	if (t->depth == MAX_FRAMES)
		return perr_set(e, "nested deeper than OTLP's messages");
	fr = &t->fr[t->depth++];
	if (fr->d != d || fr->keys == NULL) {
		if ((fr->keys = keys_of(t, d)) == NULL)
			return perr_nomem(e);
	}
	fr->d = d;
	fr->prev = (unsigned)d->n_fields;
	fr->f = NULL;
	fr->in_array = 0;
	fr->fast_digits = 0;
	fr->len_at = len_at;
	fr->seen = 0;
	return 0;
}

static int
on_start_map(void *ctx, struct perr *e)
{
	char nb[64];
	struct tx *t = ctx;
	struct frame *fr = top(t);

	if (t->skip > 0) {
		t->skip++;
		return 0;
	}
	if (t->depth == 0) {		/* a message begins */
		t->c.n = 0;
		t->known = 0;
		t->v18 = 0;
		t->line = json_line(t->j->ev.reader);
		return tx_push(t, &D(profiles_data), 0, e);
	}
	if (fr->f == NULL) {
		t->skip = 1;
		return 0;
	}
	if (fr->f->type != PROTOBUF_C_TYPE_MESSAGE)
		return perr_set(e, "%s: an object is not wanted here",
		    NAME(fr->f));
	if (fr->f->label == PROTOBUF_C_LABEL_REPEATED && !fr->in_array)
		return perr_set(e, "%s: a list is wanted", NAME(fr->f));
	if (room(t, VARINT_MAX + 5, e) < 0)
		return -1;
	put_tag(t, fr->f->id, 2);
	return tx_push(t, fr->f->descriptor, open_len(t), e);
}

static int
on_key(void *ctx, const char *s, size_t n, struct perr *e)
{
	struct tx *t = ctx;
	struct frame *fr = top(t);
	const ProtobufCFieldDescriptor *f;
	unsigned i, k;

	if (fr == NULL)
		return 0;
	fr->f = NULL;
	fr->in_array = 0;
	fr->fast_digits = 0;
	for (i = 0, k = fr->keys->after[fr->prev]; i < fr->d->n_fields;
	    i++, k++) {
		if (k >= fr->d->n_fields)
			k = 0;
		if (is_key(&fr->keys->k[k], s, n)) {
			/* a key twice: protobuf's JSON parsers refuse it */
			if (k < 64 && (fr->seen & (uint64_t)1 << k))
				return perr_set(e, "the key \"%.*s\" twice in "
				    "one object", (int)n, s);
			if (k < 64)
				fr->seen |= (uint64_t)1 << k;
			f = fr->f = &fr->d->fields[k];
			fr->keys->after[fr->prev] = k;
			fr->prev = k;
			t->known += t->depth == 1;
			if (f->label != PROTOBUF_C_LABEL_REPEATED) {
				fr->fast_digits = fast_digits_of(f);
				fr->fast_tag = (uint32_t)f->id << 3;
			}
			return 0;
		}
	}
	if ((f = v18_key(fr->d, s, n)) != NULL) {
		/* v1.8's name of a field v1.10 has (or its comments): its
		 * value goes where v1.10 has it */
		t->v18 = 1;
		fr->f = f;
		return 0;
	}
	if (old_key(s, n))
		return perr_set(e, "'%.*s' is a key of OTLP's layout before "
		    "v1.8: its JSON is not read", (int)n, s);
	return 0;	/* unknown: its value is left out */
}

static int
on_end_map(void *ctx, struct perr *e)
{
	struct tx *t = ctx;

	(void)e;
	if (t->skip > 0) {
		t->skip--;
		return 0;
	}
	if (--t->depth > 0)
		close_len(t, t->fr[t->depth].len_at);
	return 0;
}

static int
on_start_array(void *ctx, struct perr *e)
{
	char nb[64];
	struct tx *t = ctx;
	struct frame *fr = top(t);

	if (t->skip > 0 || (fr != NULL && fr->f == NULL) ||
	    (fr != NULL && fr->in_array)) {
		if (fr != NULL && fr->in_array && t->skip == 0)
			return perr_set(e, "%s: a list in a list",
			    NAME(fr->f));
		t->skip++;
		return 0;
	}
	if (fr == NULL)
		return perr_set(e, "not an OTLP message: an array, not an "
		    "object");
	if (fr->f->label != PROTOBUF_C_LABEL_REPEATED)
		return perr_set(e, "%s: a list is not wanted here%s",
		    NAME(fr->f), fr->d == &D(profile) && fr->f->id == 1 ?
		    " (a list of sample types: OTLP's layout before v1.10)" :
		    "");
	fr->in_array = 1;
	if (fr->f->flags & PROTOBUF_C_FIELD_FLAG_PACKED) {
		if (room(t, VARINT_MAX + 5, e) < 0)
			return -1;
		put_tag(t, fr->f->id, 2);
		fr->packed_at = open_len(t);
		fr->fast_digits = fast_digits_of(fr->f);
		fr->fast_tag = 0;
	}
	return 0;
}

static int
on_end_array(void *ctx, struct perr *e)
{
	struct tx *t = ctx;
	struct frame *fr = top(t);

	(void)e;
	if (t->skip > 0) {
		t->skip--;
		return 0;
	}
	if (fr->f->flags & PROTOBUF_C_FIELD_FLAG_PACKED)
		close_len(t, fr->packed_at);
	fr->in_array = 0;
	fr->fast_digits = 0;	/* a second value is refused, as before */
	return 0;
}

/* A message complete: otlp_read's. */
static int
on_value_end(void *ctx, struct perr *e)
{
	struct tx *t = ctx;

	if (t->depth != 0 || t->skip != 0)
		return 0;
	if (t->known == 0)
		return perr_set(e, "JSON of no profile format the suite reads "
		    "(OTLP/JSON has resourceProfiles and dictionary)");
	t->line = t->line == 0 ? 1 : t->line;
	return t->j->message(t->j->ctx, t->c.b, t->c.n, t->line, t->v18, e);
}

static int
run(struct otlp_json *j, struct input *in, const void *p, size_t n,
    const char *name, long line, struct perr *e)
{
	struct tx t;
	int rc;

	memset(&t, 0, sizeof(t));
	t.j = j;
	memset(&j->ev, 0, sizeof(j->ev));
	j->ev.null = on_null;
	j->ev.boolean = on_boolean;
	j->ev.number = on_number;
	j->ev.string = on_string;
	j->ev.start_map = on_start_map;
	j->ev.key = on_key;
	j->ev.end_map = on_end_map;
	j->ev.start_array = on_start_array;
	j->ev.end_array = on_end_array;
	j->ev.value_end = on_value_end;
	j->ev.ctx = &t;
	rc = in != NULL ? json_read_input(in, &j->ev, e) :
	    json_read_bytes(p, n, name, line, &j->ev, e);
	while (t.nkeys > 0) {
		t.nkeys--;
		free(t.keys[t.nkeys].k);
		free(t.keys[t.nkeys].after);
		free(t.keys[t.nkeys].text);
	}
	free(t.c.b);
	return rc;
}

int
otlp_json_input(struct otlp_json *j, struct input *in, struct perr *e)
{
	return run(j, in, NULL, 0, NULL, 0, e);
}

int
otlp_json_bytes(struct otlp_json *j, const void *p, size_t n,
    const char *name, long line, struct perr *e)
{
	return run(j, NULL, p, n, name, line, e);
}
