/* The protobuf wire format: varints, fields, lengths, packed varints. */
#include <string.h>

#include "base/array.h"
#include "formats/pprof/pb.h"

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
