/* pb_chunk.h: a message gathered in memory, for a codec that must know
 * a message's size before writing it: its fields appended one after
 * another, by hand (varints, length-delimited bytes, packed int32s) or
 * as protobuf-c messages packed. An allocation that fails marks the
 * chunk failed and every later append a no-op, so a writer checks once,
 * at the end. */
#ifndef PB_CHUNK_H
#define PB_CHUNK_H

#include <stdint.h>
#include <string.h>

#include <protobuf-c/protobuf-c.h>

#include "base/array.h"
#include "base/varint.h"
#include "formats/pb/pb.h"

/* Bytes being gathered: a message's fields one after another, packed by
 * hand or by protobuf-c; failed once an allocation failed. */
struct pb_chunk {
	uint8_t *b;
	size_t n, cap;
	int failed;
};

static inline void
pb_chunk_add(struct pb_chunk *c, const void *p, size_t n)
{
	if (n == 0)	/* p may then be NULL, which memcpy forbids */
		return;
	if (c->failed || array_grow((void **)&c->b, &c->cap, c->n + n, 1) < 0) {
		c->failed = 1;
		return;
	}
	memcpy(c->b + c->n, p, n);
	c->n += n;
}

static inline void
pb_chunk_varint(struct pb_chunk *c, uint64_t v)
{
	uint8_t b[VARINT_MAX];

	pb_chunk_add(c, b, varint_put(b, v));
}

/* Field f of c: m packed, or len bytes at p. */
static inline void
pb_chunk_bytes(struct pb_chunk *c, uint32_t f, const void *p, size_t len)
{
	pb_chunk_varint(c, pb_tag(f, PB_LEN));
	pb_chunk_varint(c, len);
	pb_chunk_add(c, p, len);
}

/* m packed at the end of c, in the n bytes it takes. */
static inline void
pb_chunk_pack(struct pb_chunk *c, const ProtobufCMessage *m, size_t n)
{
	if (n == 0)	/* no field set: c->b may be NULL */
		return;
	if (c->failed || array_grow((void **)&c->b, &c->cap, c->n + n, 1) < 0) {
		c->failed = 1;
		return;
	}
	c->n += protobuf_c_message_pack(m, c->b + c->n);
}

/* m as field f of the message being gathered. */
static inline void
pb_chunk_message(struct pb_chunk *c, uint32_t f, const ProtobufCMessage *m)
{
	size_t n = protobuf_c_message_get_packed_size(m);

	pb_chunk_varint(c, pb_tag(f, PB_LEN));
	pb_chunk_varint(c, n);
	pb_chunk_pack(c, m, n);
}

/* m's own fields, as fields of the message being gathered. */
static inline void
pb_chunk_fields(struct pb_chunk *c, const ProtobufCMessage *m)
{
	pb_chunk_pack(c, m, protobuf_c_message_get_packed_size(m));
}

/* The bytes of n int32s packed, as protobuf-c packs them (a negative
 * one in ten bytes). */
static inline size_t
pb_packed_len(const int32_t *v, size_t n)
{
	size_t i, len = 0;

	for (i = 0; i < n; i++)
		len += varint_len((uint64_t)(int64_t)v[i]);
	return len;
}

/* Field f of n int32s packed, left out when there are none. */
static inline void
pb_chunk_packed(struct pb_chunk *c, uint32_t f, const int32_t *v, size_t n)
{
	size_t i, len = pb_packed_len(v, n);
	uint8_t *o;

	if (n == 0)
		return;
	pb_chunk_varint(c, pb_tag(f, PB_LEN));
	pb_chunk_varint(c, len);
	if (c->failed || array_grow((void **)&c->b, &c->cap, c->n + len, 1) <
	    0) {
		c->failed = 1;
		return;
	}
	for (o = c->b + c->n, i = 0; i < n; i++)
		o += varint_put(o, (uint64_t)(int64_t)v[i]);
	c->n += len;
}

#endif
