#include <string.h>

#include "base/utf8.h"
#include "stream/sniff.h"

static int
starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && memcmp(s, prefix, k) == 0;
}

static int
rprof_header(const char *s, size_t n)
{
	static const char *const flags[] = {
		"memory profiling: ", "GC profiling: ", "line profiling: ",
	};
	size_t i, k;

	for (i = 0; i < 3; i++)
		if (starts(s, n, flags[i])) {
			k = strlen(flags[i]);
			s += k;
			n -= k;
		}
	return starts(s, n, "sample.interval=");
}

enum sniff_kind
sniff(const char *line, size_t len)
{
	const unsigned char *u = (const unsigned char *)line;
	size_t i, sp = 0, semi = 0;

	if (len == 0)
		return SNIFF_UNKNOWN;
	if (starts(line, len, "#meta\tkey\tvalue"))
		return SNIFF_STREAM;
	if (rprof_header(line, len))
		return SNIFF_RPROF;
	for (i = 0; i < len; i++)
		if ((u[i] < 0x20 && u[i] != '\t' && u[i] != '\r') ||
		    u[i] == 0x7f) {
			/* profile.proto begins with a field of number 1 to
			 * 15, a varint or a length (sample_type: 0x0a) */
			return (u[0] & 7) <= 2 && (u[0] & 7) != 1 &&
			    u[0] >> 3 >= 1 && u[0] >> 3 <= 15 ? SNIFF_PPROF :
			    SNIFF_BINARY;
		}
	/* text in no encoding: a PNG's \x89PNG, a JPEG, compressed data */
	if (!utf8_valid(line, len < 256 ? len : 256, &sp) && (len >= 256 ||
	    sp + 4 < len))
		return SNIFF_BINARY;
	sp = 0;
	if (starts(line, len, "--- ") || starts(line, len, "heap profile:") ||
	    starts(line, len, "heap_v2/") || starts(line, len, "format = java"))
		return SNIFF_PPROF_TEXT;
	for (i = 0; i + 15 <= len; i++)
		if (memcmp(line + i, " profile: total", 15) == 0)
			return SNIFF_PPROF_TEXT;
	for (i = 0; i < len; i++) {
		sp = line[i] == ' ' ? i : sp;
		semi += line[i] == ';';
	}
	if (semi > 0 && sp > 0 && sp + 1 < len && line[sp + 1] >= '0' &&
	    line[sp + 1] <= '9')
		return SNIFF_FOLDED;
	return SNIFF_UNKNOWN;
}

const char *
sniff_advice(enum sniff_kind k)
{
	switch (k) {
	case SNIFF_STREAM: return "already a profile stream";
	case SNIFF_RPROF: return "an Rprof file (use rprof2tsv)";
	case SNIFF_PPROF: return "a pprof profile (use pprof2tsv)";
	case SNIFF_PPROF_TEXT:
		return "a pprof profile in a legacy text format";
	case SNIFF_FOLDED: return "collapsed stacks (use folded2tsv)";
	case SNIFF_BINARY: return "binary data";
	default: return NULL;
	}
}
