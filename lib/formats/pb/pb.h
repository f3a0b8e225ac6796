/* pb.h: the protobuf wire format, both ways, for the codecs that speak it
 * (pprof/, otlp/): fields read where they lie (each codec's decoder walks
 * its messages with pb_field), and fields written to an output, by hand
 * or as a protobuf-c message packed (pb_put_message). Reentrant: every
 * error is a status returned, pb_strerror says what it means. Field
 * numbers are each codec's (pprof/pprof_wire.h). */
#ifndef PB_H
#define PB_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/array.h"
#include "base/varint.h"

/* A message, or what is left of it to read. */
struct pb {
	const uint8_t *p, *end;
};

enum pb_status {
	PB_OK = 0,
	PB_CUT = -1,		/* a field cut short */
	PB_LONG_VARINT = -2,
	PB_FIELD_NUMBER = -3,
	PB_LENGTH = -4,		/* past the end of its message */
	PB_GROUP = -5,		/* wire types 3, 4, 6, 7 */
	PB_WRONG_TYPE = -6,	/* not the wire type its field has */
	PB_NOMEM = -7,
	PB_USER = -100,		/* callers' own statuses from here down */
};

const char *pb_strerror(int status);

enum pb_wire { PB_VARINT = 0, PB_I64 = 1, PB_LEN = 2, PB_I32 = 5 };

struct pb_field {
	uint32_t num;
	int wire;
	uint64_t val;		/* PB_VARINT, PB_I64, PB_I32 */
	struct pb sub;		/* PB_LEN: the contents */
};

/* A varint of any length. */
static inline int
pb_varint_long(struct pb *b, uint64_t *v)
{
	uint64_t r = 0;
	int shift;

	for (shift = 0; shift < 70 && b->p < b->end; shift += 7) {
		uint8_t c = *b->p++;
		r |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80)) {
			*v = r;
			return PB_OK;
		}
	}
	return b->p < b->end ? PB_LONG_VARINT : PB_CUT;
}

/* A varint; the one-byte case (most ids and small values) inline. */
static inline int
pb_varint(struct pb *b, uint64_t *v)
{
	if (b->p < b->end && *b->p < 0x80) {
		*v = *b->p++;
		return PB_OK;
	}
	return pb_varint_long(b, v);
}

/* The next field of b: 1, 0 at the end of b, or a status < 0. Inline,
 * with the packed varints below: a big profile is mostly these. */
static inline __attribute__((always_inline)) int
pb_field(struct pb *b, struct pb_field *f)
{
	uint64_t tag, len;
	int rc;

	if (b->p == b->end)
		return 0;
	if ((rc = pb_varint(b, &tag)) != PB_OK)
		return rc;
	f->num = (uint32_t)(tag >> 3);
	f->wire = (int)(tag & 7);
	if (tag >> 3 == 0 || tag >> 3 > 0x1fffffff)
		return PB_FIELD_NUMBER;
	switch (f->wire) {
	case PB_VARINT:
		return (rc = pb_varint(b, &f->val)) == PB_OK ? 1 : rc;
	case PB_I64:
	case PB_I32:
		len = f->wire == PB_I64 ? 8 : 4;
		if ((uint64_t)(b->end - b->p) < len)
			return PB_CUT;
		f->val = 0;
		memcpy(&f->val, b->p, len);	/* little-endian, as protobuf */
		b->p += len;
		return 1;
	case PB_LEN:
		if ((rc = pb_varint(b, &len)) != PB_OK)
			return rc;
		if (len > (uint64_t)(b->end - b->p))
			return PB_LENGTH;
		f->sub.p = b->p;
		f->sub.end = b->p + len;
		b->p += len;
		return 1;
	default:
		return PB_GROUP;
	}
}

/* A field that must be a varint: its value, or PB_WRONG_TYPE. */
static inline int
pb_scalar(const struct pb_field *f)
{
	return f->wire == PB_VARINT ? PB_OK : PB_WRONG_TYPE;
}

/* Appends packed varints to *arr (n used, cap allocated). The hot loop of
 * a big profile: the room is made once (a varint is at
 * least a byte) and varints of up to three bytes (ids below 2M: a merged
 * profile's locations) are decoded inline; longer ones go to
 * pb_varint_long. */
static inline int
pb_packed(const uint8_t *p, const uint8_t *end, uint64_t **arr, size_t *n,
    size_t *cap)
{
	struct pb rest;
	uint64_t *out, v;
	size_t need = *n + (size_t)(end - p);
	int rc;

	if (p == end)		/* *arr may still be NULL */
		return PB_OK;
	if (need > *cap && array_grow((void **)arr, cap, need,
	    sizeof(**arr)) < 0)
		return PB_NOMEM;
	out = *arr + *n;
	while (p < end) {
		if (*p < 0x80)
			v = *p++;
		else if (p + 1 < end && p[1] < 0x80) {	/* ids < 16384 */
			v = (p[0] & 0x7fu) | (uint64_t)p[1] << 7;
			p += 2;
		} else if (p + 2 < end && p[2] < 0x80) {	/* < 2M */
			v = (p[0] & 0x7fu) | (uint64_t)(p[1] & 0x7fu) << 7 |
			    (uint64_t)p[2] << 14;
			p += 3;
		} else {
			rest.p = p;
			rest.end = end;
			if ((rc = pb_varint_long(&rest, &v)) != PB_OK)
				return rc;
			p = rest.p;
		}
		*out++ = v;
	}
	*n = (size_t)(out - *arr);
	return PB_OK;
}

/* Appends the varints of a repeated field, packed (PB_LEN) or one
 * (PB_VARINT), to *arr. */
static inline int
pb_repeated(const struct pb_field *f, uint64_t **arr, size_t *n, size_t *cap)
{
	if (f->wire == PB_LEN)
		return pb_packed(f->sub.p, f->sub.end, arr, n, cap);
	if (f->wire != PB_VARINT)
		return PB_WRONG_TYPE;
	if (ARRAY_ROOM(*arr, *n, *cap) < 0)
		return PB_NOMEM;
	(*arr)[(*n)++] = f->val;
	return PB_OK;
}

/* Writing. A message goes out field by field: protobuf reads the fields
 * of messages written one after another as those of one, and repeated
 * fields in the order they come, so a big message never needs to be whole
 * in memory. */
struct output;
struct ProtobufCMessage;

static inline uint64_t
pb_tag(uint32_t field, enum pb_wire wire)
{
	return (uint64_t)field << 3 | (uint64_t)wire;
}

void pb_put_varint(struct output *out, uint64_t v);
/* A length-delimited field: bytes, a string, a packed array, a message
 * encoded by its writer. */
void pb_put_bytes(struct output *out, uint32_t field, const void *p,
    size_t n);
/* The size of a length-delimited field of n bytes, tag (of a field number
 * below 16) and length included; 0 for n == 0, which pb_put_nonempty
 * leaves out. */
static inline size_t
pb_len_field_size(size_t n)
{
	return n > 0 ? 1 + varint_len(n) + n : 0;
}
static inline void
pb_put_nonempty(struct output *out, uint32_t field, const void *p, size_t n)
{
	if (n > 0)
		pb_put_bytes(out, field, p, n);
}

/* Where protobuf-c packs a message before it is written; failed once an
 * allocation failed (nothing more is packed then). */
struct pb_packer {
	struct output *out;
	uint8_t *buf;
	size_t cap;
	int failed;
};

/* k->buf of n bytes at least: 0, or -1 (failed set). */
int pb_room(struct pb_packer *k, size_t n);
/* m as field number field of the message being written. */
void pb_put_message(struct pb_packer *k, uint32_t field,
    const struct ProtobufCMessage *m);
/* m's own fields, as fields of the message being written. */
void pb_put_fields(struct pb_packer *k, const struct ProtobufCMessage *m);
void pb_packer_free(struct pb_packer *k);

/* The top-level fields of a message that comes in pieces (a file being
 * decompressed): the n bytes at p are what came so far, all of it when
 * end. 0 while they can begin a message (w->at: where its next field
 * starts); a status < 0 at the first field that cannot (at w->at): so a
 * reader refuses garbage at its first bytes, not after inflating it. */
struct pb_walk {
	size_t at;
};
int pb_walk(struct pb_walk *w, const uint8_t *p, size_t n, int end);

#endif
