/* The protobuf wire format: what is not inline in pb.h. */
#include <stdlib.h>
#include <string.h>

#include <protobuf-c/protobuf-c.h>

#include "base/array.h"
#include "formats/pb/pb.h"
#include "io/output.h"

const char *
pb_strerror(int status)
{
	switch (status) {
	case PB_CUT: return "a field cut short";
	case PB_LONG_VARINT: return "a varint longer than 10 bytes";
	case PB_FIELD_NUMBER: return "a field number out of range";
	case PB_LENGTH: return "a length past the end of its message";
	case PB_GROUP: return "wire type 3, 4, 6 or 7 (groups)";
	case PB_WRONG_TYPE: return "a field of the wrong type";
	case PB_NOMEM: return "out of memory";
	default: return "no error";
	}
}

int
pb_walk(struct pb_walk *w, const uint8_t *p, size_t n, int end)
{
	struct pb b = { p + w->at, p + n };
	struct pb_field f;
	int rc;

	while ((rc = pb_field(&b, &f)) == 1)
		w->at = (size_t)(b.p - p);
	/* cut short: the rest may come; at the end, the reader says so */
	if (rc == 0 || rc == PB_CUT || rc == PB_LENGTH || end)
		return 0;
	return rc;
}

void
pb_put_varint(struct output *out, uint64_t v)
{
	uint8_t b[VARINT_MAX];

	out_write(out, b, varint_put(b, v));
}

void
pb_put_bytes(struct output *out, uint32_t field, const void *p, size_t n)
{
	pb_put_varint(out, pb_tag(field, PB_LEN));
	pb_put_varint(out, n);
	out_write(out, p, n);
}

int
pb_room(struct pb_packer *k, size_t n)
{
	uint8_t *b;

	if (k->failed)
		return -1;
	if (n > k->cap) {
		if ((b = realloc(k->buf, n)) == NULL) {
			k->failed = 1;
			return -1;
		}
		k->buf = b;
		k->cap = n;
	}
	return 0;
}

/* Packs m into k->buf: its size (0 once failed). */
static size_t
pack(struct pb_packer *k, const ProtobufCMessage *m)
{
	size_t n = protobuf_c_message_get_packed_size(m);

	return pb_room(k, n) < 0 ? 0 : protobuf_c_message_pack(m, k->buf);
}

void
pb_put_message(struct pb_packer *k, uint32_t field, const ProtobufCMessage *m)
{
	size_t n = pack(k, m);

	if (!k->failed)
		pb_put_bytes(k->out, field, k->buf, n);
}

void
pb_put_fields(struct pb_packer *k, const ProtobufCMessage *m)
{
	size_t n = pack(k, m);

	if (!k->failed)
		out_write(k->out, k->buf, n);
}

void
pb_packer_free(struct pb_packer *k)
{
	free(k->buf);
	k->buf = NULL;
	k->cap = 0;
}
