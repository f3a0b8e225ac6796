/* sniff.h: what kind of profile data a file's first bytes look like, so
 * that every program reads every format the suite reads (door/), and a
 * reader given another names what it was given and what reads it. */
#ifndef SNIFF_H
#define SNIFF_H

#include <stddef.h>

#include "io/input.h"

/* What sniff needs to see of a file's start (the rest is not looked at);
 * sniff_peek reads on, up to SNIFF_MAX_BYTES, where the first lines of
 * text are longer (a perf header, a deep folded stack). */
#define SNIFF_BYTES 4096
#define SNIFF_MAX_BYTES (4u << 20)

enum sniff_kind {
	SNIFF_UNKNOWN,		/* text of no kind known */
	SNIFF_EMPTY,		/* no bytes */
	SNIFF_STREAM,		/* #meta key value */
	SNIFF_RPROF,		/* an Rprof header */
	SNIFF_PROTOBUF,		/* pprof's or OTLP's: sniff_protobuf tells */
	SNIFF_PPROF,		/* profile.proto */
	SNIFF_OTLP,		/* an OTLP ProfilesData (export request) */
	SNIFF_OTLP_FRAMED,	/* the Collector's messages, each after its
				 * length */
	SNIFF_OTLP_JSON,	/* OTLP/JSON, one message or one a line */
	SNIFF_PPROF_TEXT,	/* a legacy text profile pprof reads */
	SNIFF_FOLDED,		/* a;b;c 12 */
	SNIFF_SPEEDSCOPE,	/* speedscope's JSON file format */
	SNIFF_CPUPROFILE,	/* Chrome/V8's .cpuprofile */
	SNIFF_CHROME_TRACE,	/* Chrome's trace events */
	SNIFF_JSON,		/* other JSON */
	SNIFF_PERF_SCRIPT,	/* perf script's text */
	SNIFF_PERF_DATA,	/* perf record's binary file */
	SNIFF_JFR,		/* a Java Flight Recorder recording */
	SNIFF_FIREFOX,		/* the Firefox Profiler's: Gecko or processed */
	SNIFF_NETTRACE,		/* .NET's EventPipe trace */
	SNIFF_SQLITE,		/* an SQLite database (tsv2sql's, maybe) */
	SNIFF_HTML,		/* a page */
	SNIFF_SVG,		/* a picture */
	SNIFF_UTF16,		/* text in UTF-16 */
	SNIFF_IMAGE,		/* PNG, JPEG, GIF */
	SNIFF_PDF,
	SNIFF_ELF,		/* a program or library */
	SNIFF_ZIP,		/* a zip archive (a jar, say) */
	SNIFF_BINARY,		/* other binary data (maybe a legacy binary
				 * profile pprof reads) */
	SNIFF_KINDS
};

/* The kind of data whose first n bytes (at most SNIFF_BYTES looked at,
 * maybe binary) are at data. */
enum sniff_kind sniff(const void *data, size_t n);
/* Of the whole of a protobuf (SNIFF_PROTOBUF): SNIFF_PPROF or SNIFF_OTLP,
 * by the fields of its outer message (OTLP's has only 1 and 2, each a
 * message). */
enum sniff_kind sniff_protobuf(const void *data, size_t n);
/* Whether the whole of data is messages each after its length in 4 bytes,
 * big-endian, as the Collector's file exporter writes them. */
int sniff_framed(const void *data, size_t n);
/* The same of data that comes in pieces (the n bytes at data are all that
 * came, all there are when end): 0 while they can be such messages (*at:
 * where the next begins, 0 at first), -1 once they cannot. */
int sniff_framed_walk(size_t *at, const void *data, size_t n, int end);
/* What the data is and what reads it: "a pprof profile (use pprof2tsv)"
 * and the like; NULL for SNIFF_UNKNOWN. */
const char *sniff_advice(enum sniff_kind k);
/* The kind of in from its first bytes, reading on where a text's first
 * lines go past them, as its converter reads them: 0, or -1 with e set.
 * Only before anything of in is read. */
int sniff_peek(struct input *in, enum sniff_kind *k, struct perr *e);
/* The kind of in from its first bytes (and, for a protobuf, all of it,
 * read whole: the input is then of no further use): 0, or -1 with e set. */
int sniff_input(struct input *in, enum sniff_kind *k, struct perr *e);
/* Whether a program of the suite reads the kind (door/ then does). */
int sniff_readable(enum sniff_kind k);

/* The kinds a reader takes, as bits (1ull << kind), for sniff_expect. */
#define SNIFF_BIT(k) (1ull << (k))
/* A dedicated reader's first look at in: 0 when it is of the kinds ok
 * (what is unknown, empty or not told from its first bytes is the
 * reader's to say), else -1 with "NAME: not WHAT: what it is and what
 * reads it", as the sniffer names it. */
int sniff_expect(struct input *in, unsigned long long ok, const char *what,
    struct perr *e);

#endif
