/*
 * A protobuf OTLP message as OTLP/JSON, the encoding the OTLP
 * specification and the Collector's pdata write: lowerCamelCase keys,
 * 64-bit integers as decimal strings, 32-bit ones as numbers, trace,
 * span and profile ids in lowercase hex, other bytes in base64, fields in
 * the order the message has them, a repeated field's elements as one
 * array. The names and types are protoc-c's descriptors of
 * proto/otlp.proto, as the reader's (otlp_json.c).
 */
#include <math.h>
#include <string.h>

#include "formats/otlp/otlp_json.h"
#include "formats/pb/pb.h"
#include "io/markup.h"
#include "otlp.pb-c.h"

#define D(name) opentelemetry__proto__profiles__v1development__##name##__descriptor

enum { AS_TYPE, AS_TEXT, AS_HEX };

static int
json_form(const ProtobufCMessageDescriptor *d, const ProtobufCFieldDescriptor *f)
{
	if ((d == &D(profiles_dictionary) && f->id == 5) ||
	    (d == &D(key_value) && f->id == 1) ||
	    (d == &D(any_value) && f->id == 1))
		return AS_TEXT;
	if ((d == &D(profile) && f->id == 7) || d == &D(link))
		return AS_HEX;
	return AS_TYPE;
}

static const ProtobufCFieldDescriptor *
field(const ProtobufCMessageDescriptor *d, uint32_t num)
{
	unsigned i;

	for (i = 0; i < d->n_fields; i++)
		if (d->fields[i].id == num)
			return &d->fields[i];
	return NULL;
}

/* "name": in lowerCamelCase */
static void
key(struct output *o, const char *name)
{
	out_char(o, '"');
	for (; *name != '\0'; name++)
		if (*name == '_' && name[1] >= 'a' && name[1] <= 'z')
			out_char(o, (char)(*++name - 'a' + 'A'));
		else
			out_char(o, *name);
	out_str(o, "\":");
}

static void
hex(struct output *o, const uint8_t *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	out_char(o, '"');
	for (i = 0; i < n; i++) {
		out_char(o, digits[p[i] >> 4]);
		out_char(o, digits[p[i] & 15]);
	}
	out_char(o, '"');
}

/* A scalar of field f whose wire value is v. */
static void
scalar(struct output *o, const ProtobufCFieldDescriptor *f, uint64_t v)
{
	double d;

	switch (f->type) {
	case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_ENUM:
		out_i64(o, (int32_t)v);
		break;
	case PROTOBUF_C_TYPE_UINT32: case PROTOBUF_C_TYPE_FIXED32:
		out_u64(o, (uint32_t)v);
		break;
	case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SFIXED64:
		out_char(o, '"');
		out_i64(o, (int64_t)v);
		out_char(o, '"');
		break;
	case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64:
		out_char(o, '"');
		out_u64(o, v);
		out_char(o, '"');
		break;
	case PROTOBUF_C_TYPE_BOOL:
		out_str(o, v ? "true" : "false");
		break;
	case PROTOBUF_C_TYPE_DOUBLE:
		memcpy(&d, &v, 8);
		if (isnan(d))
			out_str(o, "\"NaN\"");
		else if (isinf(d))
			out_str(o, d > 0 ? "\"Infinity\"" : "\"-Infinity\"");
		else
			out_dbl(o, d);
		break;
	default:
		out_str(o, "null");
		break;
	}
}

static int message(struct output *o, const ProtobufCMessageDescriptor *d,
    struct pb m, struct perr *e);

/* The value of field f (of d) in fl: a packed run gives several. */
static int
value(struct output *o, const ProtobufCMessageDescriptor *d,
    const ProtobufCFieldDescriptor *f, const struct pb_field *fl, int *first,
    struct perr *e)
{
	struct pb run;
	uint64_t v;
	int form = json_form(d, f), rc;

	if (fl->wire == PB_LEN && f->type != PROTOBUF_C_TYPE_STRING &&
	    f->type != PROTOBUF_C_TYPE_BYTES &&
	    f->type != PROTOBUF_C_TYPE_MESSAGE) {
		/* packed */
		run = fl->sub;
		while (run.p < run.end) {
			if (!*first)
				out_char(o, ',');
			*first = 0;
			if (f->type == PROTOBUF_C_TYPE_FIXED64 || f->type ==
			    PROTOBUF_C_TYPE_SFIXED64 || f->type ==
			    PROTOBUF_C_TYPE_DOUBLE) {
				if (run.end - run.p < 8)
					return perr_set(e, "a packed field "
					    "cut short");
				v = 0;
				memcpy(&v, run.p, 8);
				run.p += 8;
			} else if (f->type == PROTOBUF_C_TYPE_FIXED32) {
				if (run.end - run.p < 4)
					return perr_set(e, "a packed field "
					    "cut short");
				v = 0;
				memcpy(&v, run.p, 4);
				run.p += 4;
			} else if ((rc = pb_varint(&run, &v)) != PB_OK)
				return perr_set(e, "%s", pb_strerror(rc));
			scalar(o, f, v);
		}
		return 0;
	}
	if (!*first)
		out_char(o, ',');
	*first = 0;
	if (f->type == PROTOBUF_C_TYPE_MESSAGE)
		return message(o, f->descriptor, fl->sub, e);
	if (f->type == PROTOBUF_C_TYPE_STRING || f->type ==
	    PROTOBUF_C_TYPE_BYTES) {
		size_t n = (size_t)(fl->sub.end - fl->sub.p);
		if (f->type == PROTOBUF_C_TYPE_STRING || form == AS_TEXT)
			out_json_string(o, (const char *)fl->sub.p, n);
		else if (form == AS_HEX)
			hex(o, fl->sub.p, n);
		else {
			out_char(o, '"');
			out_base64(o, fl->sub.p, n);
			out_char(o, '"');
		}
		return 0;
	}
	scalar(o, f, fl->val);
	return 0;
}

/* Message m of d as a JSON object; a repeated field's elements, which
 * protobuf-c writes one after another, as one array. */
static int
message(struct output *o, const ProtobufCMessageDescriptor *d, struct pb m,
    struct perr *e)
{
	const ProtobufCFieldDescriptor *f, *open = NULL;
	struct pb_field fl;
	int rc, first_key = 1, first = 1;

	out_char(o, '{');
	while ((rc = pb_field(&m, &fl)) > 0) {
		if ((f = field(d, fl.num)) == NULL)
			continue;
		if (open != NULL && open != f) {
			out_char(o, ']');
			open = NULL;
		}
		if (open == NULL) {
			if (!first_key)
				out_char(o, ',');
			first_key = 0;
			key(o, f->name);
			first = 1;
			if (f->label == PROTOBUF_C_LABEL_REPEATED) {
				out_char(o, '[');
				open = f;
			}
		}
		if (value(o, d, f, &fl, &first, e) < 0)
			return -1;
	}
	if (rc < 0)
		return perr_set(e, "%s", pb_strerror(rc));
	if (open != NULL)
		out_char(o, ']');
	out_char(o, '}');
	return 0;
}

int
otlp_json_write(struct output *o, const uint8_t *p, size_t n, struct perr *e)
{
	struct pb m = { p, p + n };

	return message(o, &D(profiles_data), m, e);
}
