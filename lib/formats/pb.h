/* pb.h: the protobuf wire format, as much as profile.proto needs, and the
 * field numbers of proto/profile.proto. Reentrant: every error is a
 * status returned, pb_strerror says what it means. */
#ifndef PB_H
#define PB_H

#include <stddef.h>
#include <stdint.h>

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

int pb_varint_long(struct pb *b, uint64_t *v);

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

/* The next field of b: 1, 0 at the end of b, or a status < 0. */
int pb_field(struct pb *b, struct pb_field *f);

/* A field that must be a varint: its value, or PB_WRONG_TYPE. */
static inline int
pb_scalar(const struct pb_field *f)
{
	return f->wire == PB_VARINT ? PB_OK : PB_WRONG_TYPE;
}

/* Appends the varints of a repeated field, packed (PB_LEN) or one
 * (PB_VARINT), to *arr (n used, cap allocated). */
int pb_repeated(const struct pb_field *f, uint64_t **arr, size_t *n,
    size_t *cap);

/* proto/profile.proto's field numbers, by message */
enum {
	PB_PROFILE_SAMPLE_TYPE = 1, PB_PROFILE_SAMPLE = 2,
	PB_PROFILE_MAPPING = 3, PB_PROFILE_LOCATION = 4,
	PB_PROFILE_FUNCTION = 5, PB_PROFILE_STRING_TABLE = 6,
	PB_PROFILE_DROP_FRAMES = 7, PB_PROFILE_KEEP_FRAMES = 8,
	PB_PROFILE_TIME_NANOS = 9, PB_PROFILE_DURATION_NANOS = 10,
	PB_PROFILE_PERIOD_TYPE = 11, PB_PROFILE_PERIOD = 12,
	PB_PROFILE_COMMENT = 13, PB_PROFILE_DEFAULT_SAMPLE_TYPE = 14,
	PB_PROFILE_DOC_URL = 15,
};
enum { PB_VALUE_TYPE_TYPE = 1, PB_VALUE_TYPE_UNIT = 2 };
enum { PB_SAMPLE_LOCATION_ID = 1, PB_SAMPLE_VALUE = 2, PB_SAMPLE_LABEL = 3 };
enum {
	PB_LABEL_KEY = 1, PB_LABEL_STR = 2, PB_LABEL_NUM = 3,
	PB_LABEL_NUM_UNIT = 4,
};
enum {
	PB_MAPPING_ID = 1, PB_MAPPING_MEMORY_START = 2,
	PB_MAPPING_MEMORY_LIMIT = 3, PB_MAPPING_FILE_OFFSET = 4,
	PB_MAPPING_FILENAME = 5, PB_MAPPING_BUILD_ID = 6,
	PB_MAPPING_HAS_FUNCTIONS = 7, PB_MAPPING_HAS_FILENAMES = 8,
	PB_MAPPING_HAS_LINE_NUMBERS = 9, PB_MAPPING_HAS_INLINE_FRAMES = 10,
};
enum {
	PB_LOCATION_ID = 1, PB_LOCATION_MAPPING_ID = 2,
	PB_LOCATION_ADDRESS = 3, PB_LOCATION_LINE = 4,
	PB_LOCATION_IS_FOLDED = 5,
};
enum { PB_LINE_FUNCTION_ID = 1, PB_LINE_LINE = 2, PB_LINE_COLUMN = 3 };
enum {
	PB_FUNCTION_ID = 1, PB_FUNCTION_NAME = 2, PB_FUNCTION_SYSTEM_NAME = 3,
	PB_FUNCTION_FILENAME = 4, PB_FUNCTION_START_LINE = 5,
};

#endif
