/* fuzz_json: the files OTLP Profiles come in beyond one protobuf message:
 * OTLP/JSON (a document, one a line), the Collector's framed messages,
 * zstd (lib/formats/json, otlp_json, otlp_file); the stream written must
 * be valid, and is then written by every writer (writers.h). And the
 * JSON reader alone, the text fed at once and in pieces of 1 to 64
 * bytes: the same verdict and the same events (their count) either way. */
#include "fuzz.h"
#include "formats/json/json.h"
#include "writers.h"

static int
counted(void *ctx, struct perr *e)
{
	(void)e;
	++*(size_t *)ctx;
	return 0;
}

static int
counted_text(void *ctx, const char *s, size_t n, struct perr *e)
{
	(void)s;
	++*(size_t *)ctx;
	*(size_t *)ctx += n;
	return counted(ctx, e);
}

static int
counted_boolean(void *ctx, int b, struct perr *e)
{
	*(size_t *)ctx += (size_t)b;
	return counted(ctx, e);
}

/* events of the text read with pieces of piece bytes (0: at once), and
 * whether it was refused */
static size_t
events(const uint8_t *data, size_t size, size_t piece, int *refused)
{
	size_t k = 0;
	struct json_events ev = { counted, counted_boolean, counted_text,
	    counted_text, counted, counted_text, counted, counted, counted,
	    counted, &k, NULL };
	struct perr e;

	*refused = json_read_split(data, size, piece, "fuzz", &ev, &e) < 0;
	return k;
}

static void
pieces(const uint8_t *data, size_t size)
{
	int whole, cut;
	size_t a, b;

	if (size == 0)
		return;
	a = events(data, size, 0, &whole);
	b = events(data, size, 1 + data[0] % 64, &cut);
	if (whole != cut || (!whole && a != b)) {
		fprintf(stderr, "fuzz_json: read at once and in pieces of %d "
		    "bytes differ\n", 1 + data[0] % 64);
		abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], spath[64];
	int fd = as_file(data, size, path, sizeof(path)), sfd, rc = -1;
	struct otlp_reader c;
	struct input in;
	struct output o;
	struct perr e;

	pieces(data, size);
	if (fd < 0)
		return 0;
	if ((sfd = stream_file(&o, spath, sizeof(spath))) >= 0) {
		otlp_read_begin(&c, &o);
		if (input_open(&in, path, NULL, &e) == 0) {
			SAYS_WHY(rc = otlp_read_input(&c, &in, &e), &e);
			input_close(&in);
		}
		otlp_read_free(&c);
		if (rc == 0)
			check_stream(&o, spath, "otlp2tsv", size);
		else
			output_discard(&o);
		close(sfd);
	}
	close(fd);
	return 0;
}
