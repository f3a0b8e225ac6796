/* pprof_wire.h: proto/profile.proto on the wire: its field numbers, and
 * what is encoded how.
 *
 * Reading: pprof_decode.c walks a Profile where it lies with pb_field
 * (formats/pb/pb.h). protobuf-c's unpacker would build an object per
 * message: several times the input's size in memory, and most of the
 * time (doc/hacking.md, doc/benchmarks.md).
 *
 * Writing: pprof_emit.c writes the Profile message by message through
 * protobuf-c (pb_put_message), except a Sample without labels, the bulk
 * of most profiles, which it encodes by hand (put_plain_sample: the same
 * bytes, without protobuf-c's size pass and pack pass over a message
 * built for it; 7.6 -> 6.3 ms of large.cpu's encoding), and the string
 * table, written entry by entry from the profile's strings. */
#ifndef PPROF_WIRE_H
#define PPROF_WIRE_H

#include "formats/pb/pb.h"

/* field numbers, by message */
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
