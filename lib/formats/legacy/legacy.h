/* legacy.h: the profile formats google/pprof reads besides profile.proto
 * (gperftools' binary CPU profiles, the heapz, growthz, contentionz and
 * threadz texts, Go's debug=1 texts, Java's), shared by their parsers.
 * Each parser builds a struct lprof, the part of google/pprof's Profile
 * these formats can fill, with google/pprof's own rules (legacy_profile.go,
 * legacy_java_profile.go) so that the result is the profile it makes of
 * the same bytes; legacy.c writes it to the stream. */
#ifndef LEGACY_H
#define LEGACY_H

#include <stddef.h>
#include <stdint.h>

#include "base/hash.h"
#include "base/perr.h"
#include "re/re.h"

/* What a parser says of the data. */
enum {
	LEG_ERR = -1,		/* recognized, but bad: perr set */
	LEG_NOT = 0,		/* not this format: the next parser's turn */
	LEG_OK = 1
};

#define LEG_NONE UINT32_MAX	/* no mapping, no function */

struct lmapping {
	uint64_t start, limit, offset;
	uint32_t file, build_id;	/* strings */
};

struct llocation {
	uint64_t address;
	uint32_t mapping, function;	/* indices or LEG_NONE */
	int64_t line;
};

struct lfunction {
	uint32_t name, filename;	/* strings; name is the system name */
};

struct lsample {
	size_t first, n;	/* the stack: stack[first..first+n), leaf first */
	int64_t bytes;		/* the numeric label "bytes", when has_bytes */
	int has_bytes;
};

struct lprof {
	const char *format;	/* the parser's name, for the stream */
	uint32_t types[4][2];	/* sample types: type, unit strings */
	size_t ntypes;
	uint32_t period_type[2];
	int has_period_type;
	int64_t period, duration_nanos;
	const char *drop_frames, *keep_frames;

	struct lmapping *mappings;
	struct llocation *locations;
	struct lfunction *functions;
	struct lsample *samples;
	int64_t *values;	/* ntypes per sample */
	uint32_t *stack;	/* location indices */
	size_t nmappings, nlocations, nfunctions, nsamples, nvalues, nstack;
	size_t capmappings, caplocations, capfunctions, capsamples,
	    capvalues, capstack;
	struct strtab strings;	/* index 0 is "" */
	struct u64map by_address;	/* address -> location, for the parsers */
	uint32_t max_address_loc;	/* the location of UINT64_MAX + 1, or 0 */
	uint64_t *addrs;	/* a stack being read */
	size_t naddrs, capaddrs;

	const char *name;	/* the input's name, for messages */
	struct perr *e;
	char why[256];		/* LEG_NOT: why not, for the final message */
};

/* The model. */
int lprof_init(struct lprof *p, const char *name, struct perr *e);
void lprof_free(struct lprof *p);
/* The string's index; 0 when out of memory (after perr_nomem). */
uint32_t lprof_str(struct lprof *p, const char *s, size_t n);
int lprof_types(struct lprof *p, const char *const *pairs, size_t n);
/* The location of address (a new one, in order, when first seen). */
int lprof_location(struct lprof *p, uint64_t address, uint32_t *loc);
/* A sample with stack[first..] (pushed by lprof_push) and values. */
int lprof_push(struct lprof *p, uint32_t loc);
int lprof_sample(struct lprof *p, size_t first, const int64_t *values);
int lprof_not(struct lprof *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int lprof_fail(struct lprof *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* google/pprof's ParseMemoryMap steps after a parser: the mappings
 * merged and ordered, then locations and functions renumbered in the
 * order samples use them, then each address given its mapping. */
void lprof_massage_mappings(struct lprof *p);
int lprof_remap(struct lprof *p);
int lprof_remap_mappings(struct lprof *p);
/* Drops a sample's leaf copy, as google/pprof's cleanupDuplicateLocations. */
void lprof_cleanup_duplicates(struct lprof *p);
/* Removes frame i of sample s. */
void lprof_drop_frame(struct lprof *p, struct lsample *s, size_t i);
/* google/pprof's drop_frames and keep_frames for the profile's kind. */
void lprof_frame_info(struct lprof *p);

/* Lines as Go's bufio.Scanner gives them: up to '\n', without a '\r'
 * before it, at most 64 KiB - 1 bytes (longer is an error there too). */
struct lscan {
	const char *p, *end;	/* what is left */
	const char *line;	/* the current line (Go's Text()) */
	size_t len;
	size_t lineno;
	int too_long;
};

void lscan_init(struct lscan *s, const char *p, size_t n);
/* The next line: 1, or 0 at the end (line set to "") or on a too long
 * line (too_long set). */
int lscan_next(struct lscan *s);
/* The next raw line for the Java parsers: up to '\n' (no \r removed, no
 * limit); with_last: a last line without '\n' counts. */
int lscan_next_raw(struct lscan *s, int with_last);
int lscan_too_long(struct lprof *p, const struct lscan *s);

/* Go's strings.TrimSpace (Unicode white space). */
void go_trim(const char **s, size_t *n);
/* Go's strconv.ParseInt / ParseUint with base 0, 10 or 16: 0 ok, -1
 * syntax error, -2 out of range. */
int go_parse_int(const char *s, size_t n, int base, int64_t *v);
int go_parse_uint(const char *s, size_t n, int base, uint64_t *v);
/* The first lit in s[0..n), or NULL (memmem is not in POSIX). */
const char *go_find(const char *s, size_t n, const char *lit);
/* google/pprof's isSpaceOrComment. */
int go_space_or_comment(const char *s, size_t n);
/* Appends every 0x[0-9a-f]+ of s to p->addrs (google/pprof's
 * parseHexAddresses); -1: out of memory, -2: a number over 64 bits, its
 * text in *bad. */
int lprof_hex(struct lprof *p, const char *s, size_t n, const char **bad,
    size_t *badlen);
/* Pushes p->addrs as frames, each from adjust_from on less one (a return
 * address made the call's), and empties it. */
int lprof_frames(struct lprof *p, size_t adjust_from);
/* Finds re in s, with out-of-memory reported; 1, 0 or -1. */
int lprof_find(struct lprof *p, struct re *re, const char *s, size_t n,
    struct re_match *m);
/* Whether a line holds a memory map's sentinel. */
int legacy_maps_sentinel(const char *s, size_t n);

/* The memory map at the end of most formats: from the scanner's next line
 * on (google/pprof's ParseMemoryMapFromScanner), then the remapping. */
int legacy_maps(struct lprof *p, struct lscan *s);

/* The parsers, in google/pprof's order. */
int legacy_cpu(struct lprof *p, const unsigned char *d, size_t n);
/* Whether the n bytes at d (all there are when end) can begin the
 * header of a binary CPU profile. */
int legacy_cpu_header(const unsigned char *d, size_t n, int end);
int legacy_heap(struct lprof *p, const char *d, size_t n);
int legacy_count(struct lprof *p, const char *d, size_t n);
int legacy_thread(struct lprof *p, const char *d, size_t n);
int legacy_contention(struct lprof *p, const char *d, size_t n);
int legacy_java(struct lprof *p, const char *d, size_t n);
/* Java's location section (also after a Java CPU profile's samples). */
int legacy_java_locations(struct lprof *p, const char *d, size_t n);

#endif
