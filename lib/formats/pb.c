/* The protobuf wire format: varints, fields, lengths, packed varints. */
#include <string.h>

#include "base/array.h"
#include "formats/pb.h"

const char *
pb_strerror(int status)
{
	switch (status) {
	case PB_CUT: return "a field cut short";
	case PB_LONG_VARINT: return "a varint longer than 10 bytes";
	case PB_FIELD_NUMBER: return "a field number out of range";
	case PB_LENGTH: return "a length past the end of its message";
	case PB_GROUP: return "wire type 3, 4, 6 or 7 (groups are not pprof)";
	case PB_WRONG_TYPE: return "a field of the wrong type";
	case PB_NOMEM: return "out of memory";
	default: return "no error";
	}
}

int
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

int
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

/* The hot loop of a big profile: the room is made once (a varint is at
 * least a byte) and one- and two-byte varints are decoded inline; longer
 * ones go to pb_varint_long. */
static int
packed(const uint8_t *p, const uint8_t *end, uint64_t **arr, size_t *n,
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

int
pb_repeated(const struct pb_field *f, uint64_t **arr, size_t *n, size_t *cap)
{
	if (f->wire == PB_LEN)
		return packed(f->sub.p, f->sub.end, arr, n, cap);
	if (f->wire != PB_VARINT)
		return PB_WRONG_TYPE;
	if (ARRAY_ROOM(*arr, *n, *cap) < 0)
		return PB_NOMEM;
	(*arr)[(*n)++] = f->val;
	return PB_OK;
}
