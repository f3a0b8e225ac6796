/* otlp_wire.h: the field numbers of OTLP Profiles (package
 * opentelemetry.proto.profiles.v1development), as proto/otlp.proto has
 * them: the v1.10+ layout. Alpha releases renumbered fields; otlp2tsv also
 * reads the two layouts before it, which real producers still write (the
 * OpenTelemetry eBPF profiler's payloads of late 2025 are v1.8): v1.8 had
 * Profile.comment_strindices at 7 and every later Profile field one
 * higher, and ValueType.aggregation_temporality at 3; v1.8 and v1.9 had
 * Sample.values at 2, attribute_indices at 3, link_index at 4. */
#ifndef OTLP_WIRE_H
#define OTLP_WIRE_H

enum { OD_RESOURCE_PROFILES = 1, OD_DICTIONARY = 2 };
enum {
	ODICT_MAPPING = 1, ODICT_LOCATION, ODICT_FUNCTION, ODICT_LINK,
	ODICT_STRING, ODICT_ATTRIBUTE, ODICT_STACK
};
enum { ORP_RESOURCE = 1, ORP_SCOPE_PROFILES = 2, ORP_SCHEMA_URL = 3 };
enum { ORES_ATTRIBUTES = 1, ORES_DROPPED = 2 };
enum { OSP_SCOPE = 1, OSP_PROFILES = 2, OSP_SCHEMA_URL = 3 };
enum { OSC_NAME = 1, OSC_VERSION = 2, OSC_ATTRIBUTES = 3 };
enum {
	OP_SAMPLE_TYPE = 1, OP_SAMPLES = 2, OP_TIME = 3, OP_DURATION = 4,
	OP_PERIOD_TYPE = 5, OP_PERIOD = 6, OP_PROFILE_ID = 7,
	OP_DROPPED = 8, OP_PAYLOAD_FORMAT = 9, OP_PAYLOAD = 10,
	OP_ATTRIBUTES = 11,
	OP18_COMMENTS = 7	/* v1.8; its later fields are one higher */
};
enum { OVT_TYPE = 1, OVT_UNIT = 2, OVT18_TEMPORALITY = 3 };
enum {
	OS_STACK = 1, OS_ATTRIBUTES = 2, OS_LINK = 3, OS_VALUES = 4,
	OS_TIMESTAMPS = 5,
	OS19_VALUES = 2, OS19_ATTRIBUTES = 3, OS19_LINK = 4	/* v1.8, v1.9 */
};
enum { OSTK_LOCATIONS = 1 };
enum { OL_MAPPING = 1, OL_ADDRESS = 2, OL_LINES = 3, OL_ATTRIBUTES = 4 };
enum { OLN_FUNCTION = 1, OLN_LINE = 2, OLN_COLUMN = 3 };
enum { OF_NAME = 1, OF_SYSTEM_NAME = 2, OF_FILENAME = 3, OF_START_LINE = 4 };
enum {
	OM_START = 1, OM_LIMIT = 2, OM_OFFSET = 3, OM_FILENAME = 4,
	OM_ATTRIBUTES = 5
};
enum { OLK_TRACE_ID = 1, OLK_SPAN_ID = 2 };
enum { OKVU_KEY = 1, OKVU_VALUE = 2, OKVU_UNIT = 3 };
enum { OKV_KEY = 1, OKV_VALUE = 2, OKV_KEY_STRINDEX = 3 };
enum {
	OAV_STRING = 1, OAV_BOOL = 2, OAV_INT = 3, OAV_DOUBLE = 4,
	OAV_ARRAY = 5, OAV_KVLIST = 6, OAV_BYTES = 7, OAV_STRINDEX = 8
};
enum { OARR_VALUES = 1 };

/* The attribute names the converters give meaning to. */
#define OTLP_FRAME_TYPE "profile.frame.type"
#define OTLP_IS_FOLDED "pprof.location.is_folded"
#define OTLP_HAS_FUNCTIONS "pprof.mapping.has_functions"
#define OTLP_HAS_FILENAMES "pprof.mapping.has_filenames"
#define OTLP_HAS_LINE_NUMBERS "pprof.mapping.has_line_numbers"
#define OTLP_HAS_INLINE_FRAMES "pprof.mapping.has_inline_frames"
#define OTLP_BUILD_ID_GNU "process.executable.build_id.gnu"
#define OTLP_BUILD_ID "process.executable.build_id."	/* any kind */
#define OTLP_SCOPE_NAME "otel.scope.name"
#define OTLP_SCOPE_VERSION "otel.scope.version"
#define OTLP_DEFAULT_TYPE "pprof.scope.default_sample_type"
#define OTLP_TYPE_ORDER "pprof.scope.sample_type_order"
#define OTLP_TRACE_ID "trace_id"
#define OTLP_SPAN_ID "span_id"
/* source attributes of what OTLP has fields for */
#define ATTR_OTLP_PROFILE_ID "otlp.profile_id"
#define ATTR_OTLP_DROPPED "otlp.dropped_attributes_count"
#define ATTR_OTLP_PAYLOAD_FORMAT "otlp.original_payload_format"
#define ATTR_OTLP_RESOURCE_SCHEMA "otlp.resource.schema_url"
#define ATTR_OTLP_SCOPE_SCHEMA "otlp.scope.schema_url"
#define ATTR_OTLP_LAYOUT "otlp.layout"		/* v1.8, v1.9: as read */
#define ATTR_OTLP_ENCODING "otlp.encoding"	/* json; absent: protobuf */

#endif
