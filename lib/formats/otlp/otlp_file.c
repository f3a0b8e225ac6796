/*
 * The files OTLP Profiles come in, as the OpenTelemetry Collector writes
 * and reads them: one protobuf message; the file exporter's messages, each
 * after its length in 4 bytes, big-endian (format: proto, or JSON it
 * compresses), a message zstd-compressed on its own or not; OTLP/JSON,
 * one message a line (the exporter's default, which the otlpjsonfile
 * receiver reads) or one document. Each message is read by otlp_read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/otlp/otlp.h"
#include "formats/otlp/otlp_json.h"
#include "formats/pb/pb.h"
#include "stream/sniff.h"

struct json_ctx {
	struct otlp_reader *c;
	const char *name, *uri;
};

/* A message of OTLP/JSON, made protobuf: named by its file and line. */
static int
json_message(void *ctx, const uint8_t *p, size_t n, long line, int v18,
    struct perr *e)
{
	struct json_ctx *j = ctx;
	char name[512];
	int rc;

	if (n == 0)		/* {}: no profiles */
		return 0;
	snprintf(name, sizeof(name), "%s:%ld", j->name, line);
	j->c->json = 1 + v18;
	rc = otlp_read(j->c, p, n, name, j->uri, e);
	j->c->json = 0;
	return rc;
}

static int
read_json_bytes(struct otlp_reader *c, const void *p, size_t n,
    const char *name, const char *uri, struct perr *e)
{
	struct json_ctx jc = { c, name, uri };
	struct otlp_json j = { json_message, &jc, { 0 } };

	return otlp_json_bytes(&j, p, n, name, 1, e);
}

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

/* One of the exporter's messages: protobuf or JSON, zstd or not. */
static int
otlp_file_frame(struct otlp_reader *c, const unsigned char *p, size_t n,
    const char *name, const char *uri, struct perr *e)
{
	unsigned char *plain = NULL;
	size_t len;
	int rc;

	if (input_is_zstd(p, n)) {
		if (input_unzstd(p, n, name, &plain, &len, e) <
		    0)
			return -1;
		p = plain;
		n = len;
	}
	rc = n > 0 && p[0] == '{' ? read_json_bytes(c, p, n, name, uri, e) :
	    otlp_read(c, p, n, name, uri, e);
	free(plain);
	return rc;
}

/* A compressed file's bytes as they come: a ProfilesData's top-level
 * fields, or the Collector's framed messages; refused once neither. */
struct otlp_check {
	struct pb_walk w;
	size_t framed_at;
	int pb_bad, framed_bad;
	const struct input *in;
};

static int
otlp_check(void *ctx, const unsigned char *p, size_t n, int end,
    struct perr *e)
{
	struct otlp_check *k = ctx;
	int rc = 0;

	if (!k->pb_bad && (rc = pb_walk(&k->w, p, n, end)) < 0)
		k->pb_bad = rc;
	if (!k->framed_bad && sniff_framed_walk(&k->framed_at, p, n, end) < 0)
		k->framed_bad = 1;
	if (!k->pb_bad || !k->framed_bad)
		return 0;
	return perr_set(e, "%s: not valid OTLP Profiles: ProfilesData: %s "
	    "(at byte %zu of what %s gives), nor the Collector's framed "
	    "messages", k->in->name, pb_strerror(k->pb_bad), k->w.at,
	    k->in->compressed == INPUT_GZIP ? "gzip" : "zstd");
}

int
otlp_read_input(struct otlp_reader *c, struct input *in, struct perr *e)
{
	unsigned char *data;
	size_t n, at, len, k;
	enum sniff_kind kind;
	struct otlp_check ok = { { 0 }, 0, 0, 0, in };
	struct input_check check = { otlp_check, &ok };
	char name[512];
	int rc;

	sw_set_input(&c->w, in);
	if (sniff_peek(in, &kind, e) < 0)
		return perr_at(e, in->name);
	switch (kind) {
	case SNIFF_OTLP_JSON: case SNIFF_JSON: case SNIFF_PROTOBUF:
	case SNIFF_OTLP: case SNIFF_OTLP_FRAMED: case SNIFF_BINARY:
	case SNIFF_UNKNOWN: case SNIFF_EMPTY:
		break;
	default:
		return perr_set(e, "%s: not OTLP Profiles: %s", in->name,
		    sniff_advice(kind));
	}
	if (kind == SNIFF_OTLP_JSON || kind == SNIFF_JSON) {
		struct json_ctx jc = { c, in->name, in->uri };
		struct otlp_json j = { json_message, &jc, { 0 } };
		return otlp_json_input(&j, in, e);
	}
	if (input_slurp_checked(in, &check, &data, &n, e) < 0)
		return -1;
	c->in = in;
	if (kind == SNIFF_OTLP_FRAMED && !sniff_framed(data, n)) {
		/* framed as the Collector frames its messages, up to a point */
		at = 0;
		(void)sniff_framed_walk(&at, data, n, 1);
		if (n - at < 5)
			return perr_set(e, "%s: not OTLP Profiles: the "
			    "Collector's framed messages, then %zu bytes at "
			    "byte %zu, too few for another", in->name, n - at,
			    at);
		len = be32(data + at);
		if (len > n - at - 4)
			return perr_set(e, "%s: not OTLP Profiles: the "
			    "Collector's framed messages, but the one at byte "
			    "%zu says it is %zu bytes long, and %zu bytes follow "
			    "(cut short?)", in->name, at, len, n - at - 4);
		return perr_set(e, "%s: not OTLP Profiles: the Collector's "
		    "framed messages, but the one at byte %zu is no message",
		    in->name, at);
	}
	if (!sniff_framed(data, n)) {
		rc = otlp_read(c, data, n, in->name, in->uri, e);
		c->in = NULL;
		return rc;
	}
	for (at = 0, k = 1, rc = 0; rc == 0 && at < n; at += 4 + len, k++) {
		len = be32(data + at);
		snprintf(name, sizeof(name), "%s (message %zu)", in->name, k);
		rc = otlp_file_frame(c, data + at + 4, len, name, in->uri, e);
	}
	c->in = NULL;
	return rc;
}

static int
otlp_file_begin(void *reader, struct output *o, const void *options,
    struct perr *e)
{
	(void)options;
	(void)e;
	otlp_read_begin(reader, o);
	return 0;
}

static int
otlp_file_read(void *reader, struct input *in, struct perr *e)
{
	return otlp_read_input(reader, in, e);
}

static void
otlp_file_free(void *reader)
{
	otlp_read_free(reader);
}

/* JSON that is not yet told apart (its keys come late, or none) is
 * OTLP/JSON's to refuse or read. */
const struct codec otlp_codec = {
	"OTLP Profiles", "otlp2tsv", SNIFF_BIT(SNIFF_OTLP) |
	SNIFF_BIT(SNIFF_OTLP_FRAMED) | SNIFF_BIT(SNIFF_OTLP_JSON) |
	SNIFF_BIT(SNIFF_JSON), sizeof(struct otlp_reader), otlp_file_begin,
	otlp_file_read, NULL, otlp_file_free
};
