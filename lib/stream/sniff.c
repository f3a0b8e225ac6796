/*
 * What a file is, from its first bytes: every format the suite reads, and
 * those people hand it by mistake (a picture, a page, perf.data, JFR), so
 * that a message names what the file is and what reads it.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/utf8.h"
#include "stream/sniff.h"

static int
starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && memcmp(s, prefix, k) == 0;
}

/* Whether the n bytes at s contain word. */
static int
has(const char *s, size_t n, const char *word)
{
	size_t k = strlen(word);

	for (; n >= k; s++, n--)
		if (*s == *word && memcmp(s, word, k) == 0)
			return 1;
	return 0;
}

static int
starts_nocase(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix), i;

	if (n < k)
		return 0;
	for (i = 0; i < k; i++)
		if ((s[i] | 0x20) != (prefix[i] | 0x20) && s[i] != prefix[i])
			return 0;
	return 1;
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

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

static int
zstd_magic(const unsigned char *p, size_t n)
{
	return n >= 4 && p[0] == 0x28 && p[1] == 0xb5 && p[2] == 0x2f &&
	    p[3] == 0xfd;
}

/* A message's first bytes, as the Collector frames it: a protobuf
 * ProfilesData (field 1 or 2, a message), JSON, or zstd. */
static int
frame_start(const unsigned char *p, size_t n)
{
	return n >= 1 && (p[0] == 0x0a || p[0] == 0x12 || p[0] == '{' ||
	    zstd_magic(p, n));
}

int
sniff_framed(const void *data, size_t n)
{
	const unsigned char *p = data;
	size_t at = 0;
	uint32_t len;

	while (at < n) {
		if (n - at < 5)
			return 0;
		len = be32(p + at);
		if (len == 0 || len > n - at - 4 || !frame_start(p + at + 4,
		    len))
			return 0;
		at += 4 + (size_t)len;
	}
	return n > 0;
}

int
sniff_framed_walk(size_t *at, const void *data, size_t n, int end)
{
	const unsigned char *p = data;
	uint32_t len;

	while (n - *at >= 5) {
		len = be32(p + *at);
		if (len == 0 || !frame_start(p + *at + 4, n - *at - 4))
			return -1;
		if (len > n - *at - 4)
			return end ? -1 : 0;
		*at += 4 + (size_t)len;
	}
	return end && *at < n ? -1 : 0;
}

/* A varint at *at of the n bytes at p: 0, or -1 when cut or too long. */
static int
varint(const unsigned char *p, size_t n, size_t *at, uint64_t *v)
{
	int shift;

	*v = 0;
	for (shift = 0; shift < 64 && *at < n; shift += 7) {
		*v |= (uint64_t)(p[*at] & 0x7f) << shift;
		if (!(p[(*at)++] & 0x80))
			return 0;
	}
	return -1;
}

/* sniff_protobuf of the first n bytes of data, all of it when end:
 * SNIFF_PROTOBUF when more must be seen to tell. */
static enum sniff_kind
protobuf_kind(const unsigned char *p, size_t n, int end)
{
	size_t at = 0;
	int first;
	uint64_t key, len;

	/* OTLP's outer message has resource_profiles (1) and dictionary
	 * (2), both messages; a profile.proto has more (its strings are 6)
	 * or is not one */
	for (first = 1; at < n; first = 0) {
		if (varint(p, n, &at, &key) < 0)	/* cut, or too long */
			return end || at < n ? SNIFF_PPROF : SNIFF_PROTOBUF;
		if (key != 0x0a && key != 0x12)
			return SNIFF_PPROF;
		if (varint(p, n, &at, &len) < 0)
			return end || at < n ? SNIFF_PPROF : SNIFF_PROTOBUF;
		/* pprof's first field is a ValueType (varints 1, 2); OTLP's
		 * ResourceProfiles begins with its Resource or scopes */
		if (first && key == 0x0a && len > 0 && at < n && (p[at] ==
		    0x08 || p[at] == 0x10))
			return SNIFF_PPROF;
		if (len > n - at)
			return end ? SNIFF_PPROF : SNIFF_PROTOBUF;
		at += (size_t)len;
	}
	return end ? SNIFF_OTLP : SNIFF_PROTOBUF;
}

enum sniff_kind
sniff_protobuf(const void *data, size_t n)
{
	return protobuf_kind(data, n, 1);
}

/* JSON: by the keys of its outer object (and of the first of an array)
 * within what is seen. */
static enum sniff_kind
json_kind(const char *s, size_t n)
{
	if (has(s, n, "\"resourceProfiles\"") ||
	    has(s, n, "\"resource_profiles\"") ||
	    has(s, n, "\"scopeProfiles\"") || has(s, n, "\"scope_profiles\""))
		return SNIFF_OTLP_JSON;
	if (has(s, n, "speedscope.app/file-format-schema") ||
	    (has(s, n, "\"shared\"") && has(s, n, "\"frames\"")))
		return SNIFF_SPEEDSCOPE;
	if (((has(s, n, "\"callFrame\"") && (has(s, n, "\"nodes\"") ||
	    has(s, n, "\"cpuProfile\""))) || (has(s, n, "\"head\"") &&
	    has(s, n, "\"functionName\""))) &&	/* or the older tree */
	    !has(s, n, "\"traceEvents\"") && !has(s, n, "\"ph\""))
		return SNIFF_CPUPROFILE;
	/* the Firefox Profiler's: Gecko (meta, threads) or processed (its
	 * meta's preprocessedProfileVersion) */
	if (has(s, n, "\"preprocessedProfileVersion\"") ||
	    (has(s, n, "\"meta\"") && has(s, n, "\"threads\"") &&
	    (has(s, n, "\"libs\"") || has(s, n, "\"interval\""))))
		return SNIFF_FIREFOX;
	if (has(s, n, "\"traceEvents\"") || (has(s, n, "\"ph\"") &&
	    has(s, n, "\"ts\"")))
		return SNIFF_CHROME_TRACE;
	return SNIFF_JSON;
}

/* An object ({ then a key or }) or an array of them ([ then {, [ or a
 * string): not a collapsed stack's "[unknown];..." */
static int
json_start(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || (*s != '{' && *s != '['))
		return 0;
	for (i = 1; i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' ||
	    s[i] == '\n'); i++)
		;
	if (i == n)
		return 1;
	return *s == '{' ? s[i] == '"' || s[i] == '}' : s[i] == '{' ||
	    s[i] == '[' || s[i] == '"' || s[i] == ']';
}

/* perf script: a sample's header line, then its frames indented, each an
 * address in hex; or, without call chains, headers with a time "123.4:".
 * -1: the n bytes end before it can tell (more are to come). */
static int
perf_script(const char *s, size_t n)
{
	const char *nl, *q, *end = s + n;
	size_t i;

	while (s < end && *s == '#') {		/* its header, with --header */
		if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL)
			return -1;
		s = nl + 1;
	}
	if (s == end)
		return -1;
	if (*s == ' ' || *s == '\t')
		return 0;
	if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL)
		return -1;
	q = nl + 1;
	if (q == end)
		return -1;
	if (*q == '\t' || *q == ' ') {
		while (q < end && (*q == '\t' || *q == ' '))
			q++;
		for (i = 0; q + i < end && ((q[i] >= '0' && q[i] <= '9') ||
		    (q[i] >= 'a' && q[i] <= 'f')); i++)
			;
		if (q + i == end)
			return -1;
		return i > 0 && q[i] == ' ';
	}
	/* a time: digits '.' digits ':' after a space */
	for (q = s; q < nl; q++)
		if (*q == ' ' && q + 1 < nl && q[1] >= '0' && q[1] <= '9') {
			for (q++; q < nl && *q >= '0' && *q <= '9'; q++)
				;
			if (q < nl && *q == '.' && q + 1 < nl && q[1] >= '0' &&
			    q[1] <= '9') {
				for (q++; q < nl && *q >= '0' && *q <= '9'; q++)
					;
				if (q < nl && *q == ':')
					return 1;
			}
			q--;
		}
	return 0;
}

/* A kind sniff() gives no caller: what was seen ends before it tells. */
#define SNIFF_MORE SNIFF_KINDS

/* What the len bytes at data are, all there are when end; SNIFF_MORE
 * when they end before a text's first lines tell (a perf header, a
 * folded stack longer than what was seen). */
static enum sniff_kind
kind_of(const void *data, size_t len, int end)
{
	const unsigned char *u = data;
	const char *line = data, *s;
	size_t i, n, sp = 0, semi = 0, ln;
	int perf;

	if (len == 0)
		return SNIFF_EMPTY;
	if (len >= 2 && ((u[0] == 0xff && u[1] == 0xfe) || (u[0] == 0xfe &&
	    u[1] == 0xff)))
		return SNIFF_UTF16;
	if (len >= 3 && u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf) {
		u += 3;		/* a byte-order mark in UTF-8 */
		line += 3;
		len -= 3;
	}
	if (starts(line, len, "#meta\tkey\tvalue"))
		return SNIFF_STREAM;
	if (rprof_header(line, len))
		return SNIFF_RPROF;
	if (starts(line, len, "PERFILE2") || starts(line, len, "PERFFILE"))
		return SNIFF_PERF_DATA;
	if (len >= 4 && memcmp(line, "FLR\0", 4) == 0)
		return SNIFF_JFR;
	if (starts(line, len, "Nettrace"))
		return SNIFF_NETTRACE;
	if (len >= 16 && memcmp(line, "SQLite format 3", 16) == 0)
		return SNIFF_SQLITE;
	if (starts(line, len, "\x89PNG") || starts(line, len, "GIF8") ||
	    starts(line, len, "\xff\xd8\xff"))
		return SNIFF_IMAGE;
	if (starts(line, len, "%PDF-"))
		return SNIFF_PDF;
	if (starts(line, len, "\x7f" "ELF"))
		return SNIFF_ELF;
	if (starts(line, len, "PK\x03\x04"))
		return SNIFF_ZIP;
	/* a length below 128 MB begins with a byte no protobuf begins with
	 * (field 0) */
	if (len >= 5 && u[0] < 0x08 && be32(u) > 0 && frame_start(u + 4,
	    len - 4) &&
	    (len == SNIFF_BYTES || sniff_framed(u, len)))
		return SNIFF_OTLP_FRAMED;
	/* control bytes in the first 512: binary (a protobuf's first line
	 * may be empty: its first byte is often 0x0a) */
	ln = len < 512 ? len : 512;
	for (i = 0; i < ln; i++)
		if ((u[i] < 0x20 && u[i] != '\t' && u[i] != '\r' &&
		    u[i] != '\n') || u[i] == 0x7f)
			/* a protobuf begins with a field of number 1 to 15,
			 * a varint or a length (pprof's sample_type, OTLP's
			 * resource_profiles: 0x0a) */
			return (u[0] & 7) <= 2 && (u[0] & 7) != 1 &&
			    u[0] >> 3 >= 1 && u[0] >> 3 <= 15 ?
			    SNIFF_PROTOBUF : SNIFF_BINARY;
	/* JSON, whose reader names a byte that is not UTF-8 */
	for (i = 0; i < len && (line[i] == ' ' || line[i] == '\t' ||
	    line[i] == '\r' || line[i] == '\n'); i++)
		;
	s = line + i;
	n = len - i;
	/* JSON whose kind its first bytes do not tell (a Gecko profile's
	 * libs come before its meta): read on, as for a text's lines */
	if (json_start(s, n)) {
		enum sniff_kind k = json_kind(s, n);
		return k == SNIFF_JSON && !end ? SNIFF_MORE : k;
	}
	/* text in no encoding: a PNG's \x89PNG, a JPEG, compressed data */
	if (!utf8_valid(line, len < 256 ? len : 256, &sp) && (len >= 256 ||
	    sp + 4 < len))
		return SNIFF_BINARY;
	if (n > 0 && *s == '<') {
		if (starts_nocase(s, n, "<!doctype html") ||
		    starts_nocase(s, n, "<html"))
			return SNIFF_HTML;
		if (starts_nocase(s, n, "<svg") || has(s, n, "<svg"))
			return SNIFF_SVG;
		if (starts_nocase(s, n, "<?xml") || starts_nocase(s, n,
		    "<!doctype"))
			return has(s, n, "<html") ? SNIFF_HTML : SNIFF_UNKNOWN;
	}
	s = memchr(line, '\n', len);
	ln = s != NULL ? (size_t)(s - line) : len;
	if (starts(line, len, "--- ") || starts(line, len, "heap profile:") ||
	    starts(line, len, "heap_v2/") || starts(line, len, "format = java"))
		return SNIFF_PPROF_TEXT;
	for (i = 0; i + 15 <= ln; i++)
		if (memcmp(line + i, " profile: total", 15) == 0)
			return SNIFF_PPROF_TEXT;
	if ((perf = perf_script(line, len)) > 0)
		return SNIFF_PERF_SCRIPT;
	/* a collapsed stack, after the "# key: value" lines austin writes */
	while (len > 0 && *line == '#' && (s = memchr(line, '\n', len)) !=
	    NULL) {
		len -= (size_t)(s + 1 - line);
		line = s + 1;
	}
	s = memchr(line, '\n', len);
	if (!end && (perf < 0 || s == NULL))
		return SNIFF_MORE;
	ln = s != NULL ? (size_t)(s - line) : len;
	sp = 0;
	for (i = 0; i < ln; i++) {
		sp = line[i] == ' ' ? i : sp;
		semi += line[i] == ';';
	}
	if (semi > 0 && sp > 0 && sp + 1 < ln && line[sp + 1] >= '0' &&
	    line[sp + 1] <= '9')
		return SNIFF_FOLDED;
	return SNIFF_UNKNOWN;
}

enum sniff_kind
sniff(const void *data, size_t len)
{
	enum sniff_kind k;

	if (len > SNIFF_BYTES)
		len = SNIFF_BYTES;
	/* what the bytes seen say, as if they were all */
	k = kind_of(data, len, 0);
	return k == SNIFF_MORE ? kind_of(data, len, 1) : k;
}

int
sniff_expect(struct input *in, unsigned long long ok, const char *what,
    struct perr *e)
{
	enum sniff_kind k;

	if (sniff_peek(in, &k, e) < 0)
		return -1;
	ok |= SNIFF_BIT(SNIFF_UNKNOWN) | SNIFF_BIT(SNIFF_EMPTY);
	if (ok & SNIFF_BIT(k))
		return 0;
	/* a protobuf: pprof's or OTLP's, told by its fields */
	if (k == SNIFF_PROTOBUF && sniff_input(in, &k, e) < 0)
		return -1;
	return perr_set(e, "%s: not %s: %s", in->name, what,
	    sniff_advice(k));
}

int
sniff_peek(struct input *in, enum sniff_kind *k, struct perr *e)
{
	const unsigned char *p;
	size_t n, want = SNIFF_BYTES;

	for (;;) {
		if (input_peek(in, want, &p, &n, e) < 0)
			return -1;
		*k = kind_of(p, n, n < want || want >= SNIFF_MAX_BYTES);
		if (*k != SNIFF_MORE)
			return 0;
		want *= 4;
	}
}

/* What each kind is, and what reads it. */
static const char *const advice[SNIFF_KINDS] = {
	[SNIFF_EMPTY] = "an empty file",
	[SNIFF_STREAM] = "already a profile stream",
	[SNIFF_RPROF] = "an Rprof file (use rprof2tsv)",
	[SNIFF_PROTOBUF] = "a protobuf (pprof or OTLP: use pprof2tsv or "
	    "otlp2tsv)",
	[SNIFF_PPROF] = "a pprof profile (use pprof2tsv)",
	[SNIFF_OTLP] = "OpenTelemetry profiles, OTLP protobuf (use otlp2tsv)",
	[SNIFF_OTLP_FRAMED] = "OpenTelemetry profiles, OTLP messages each "
	    "after its length as the Collector's file exporter writes them "
	    "(use otlp2tsv)",
	[SNIFF_OTLP_JSON] = "OpenTelemetry profiles, OTLP/JSON (use otlp2tsv)",
	[SNIFF_PPROF_TEXT] = "a pprof profile in a legacy text format (use "
	    "pprof2tsv)",
	[SNIFF_FOLDED] = "collapsed stacks (use folded2tsv)",
	[SNIFF_SPEEDSCOPE] = "a speedscope profile (use speedscope2tsv)",
	[SNIFF_CPUPROFILE] = "a Chrome/V8 .cpuprofile (use cpuprofile2tsv)",
	[SNIFF_CHROME_TRACE] = "a Chrome trace, JSON trace events (use "
	    "cpuprofile2tsv: the CPU profiles in it)",
	[SNIFF_JSON] = "JSON of no profile format the suite reads (it reads "
	    "OTLP/JSON, speedscope's and .cpuprofile)",
	[SNIFF_PERF_SCRIPT] = "perf script output (use perf2tsv)",
	[SNIFF_PERF_DATA] = "a Linux perf.data file (perf script -i FILE | "
	    "perf2tsv)",
	[SNIFF_FIREFOX] = "a Firefox Profiler profile (use firefox2tsv: "
	    "the Gecko format)",
	[SNIFF_NETTRACE] = "a .NET trace (.nettrace: convert it with "
	    "dotnet-trace convert --format speedscope FILE, then "
	    "speedscope2tsv)",
	[SNIFF_JFR] = "a Java Flight Recorder recording (use jfr2tsv: "
	    "jfr2tsv rec.jfr)",
	[SNIFF_SQLITE] = "an SQLite database (tsv2sql's is read from its "
	    "file, not a pipe: give its name, or sql2tsv FILE for a "
	    "selection)",
	[SNIFF_HTML] = "an HTML page, not profile data",
	[SNIFF_SVG] = "an SVG picture, not profile data",
	[SNIFF_UTF16] = "text in UTF-16 (save it as UTF-8)",
	[SNIFF_IMAGE] = "an image, not profile data",
	[SNIFF_PDF] = "a PDF document, not profile data",
	[SNIFF_ELF] = "a program or library (ELF), not profile data",
	[SNIFF_ZIP] = "a zip archive, not profile data",
	[SNIFF_BINARY] = "binary data of no format the suite reads",
};

const char *
sniff_advice(enum sniff_kind k)
{
	return k < SNIFF_KINDS ? advice[k] : NULL;
}

int
sniff_readable(enum sniff_kind k)
{
	switch (k) {
	case SNIFF_STREAM: case SNIFF_RPROF: case SNIFF_PROTOBUF:
	case SNIFF_PPROF: case SNIFF_OTLP: case SNIFF_OTLP_FRAMED:
	case SNIFF_OTLP_JSON: case SNIFF_PPROF_TEXT: case SNIFF_FOLDED:
	case SNIFF_JSON:	/* OTLP/JSON whose keys come late, or none */
	case SNIFF_BINARY:	/* maybe a legacy binary profile */
	case SNIFF_SPEEDSCOPE: case SNIFF_CPUPROFILE: case SNIFF_PERF_SCRIPT:
	case SNIFF_SQLITE:	/* from its file (door_read) */
		return 1;
	default:
		return 0;
	}
}

int
sniff_input(struct input *in, enum sniff_kind *k, struct perr *e)
{
	const unsigned char *p;
	unsigned char *all;
	size_t n;

	if (sniff_peek(in, k, e) < 0)
		return -1;
	if (*k != SNIFF_PROTOBUF)
		return 0;
	if (input_peek(in, SNIFF_BYTES, &p, &n, e) < 0)
		return -1;
	/* most are told by their first fields; OTLP only by all of them */
	if ((*k = protobuf_kind(p, n, n < SNIFF_BYTES)) != SNIFF_PROTOBUF)
		return 0;
	if (input_slurp(in, &all, &n, e) < 0)
		return -1;
	*k = sniff_protobuf(all, n);
	return 0;
}
