/*
 * The forms a message is written in beyond plain protobuf: OTLP/JSON, a
 * line of it, as the Collector's file exporter writes by default and its
 * otlpjsonfile receiver reads; or protobuf after its length in 4 bytes,
 * big-endian, as the exporter writes with format: proto. Both need the
 * whole message first: it is made in a temporary file, then copied or
 * turned into JSON from there.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "formats/otlp/otlp_json.h"
#include "formats/otlp/otlp_writer.h"

int
otlp_write_form(struct otlp_writer *w, struct prof *p, struct output *o,
    int form, int spool_fd, struct perr *e)
{
	struct output spool;
	struct stat st;
	unsigned char len[4];
	void *m;
	size_t n;
	int rc;

	if (form == OTLP_PROTOBUF)
		return otlp_write(w, p, o, e);
	if (output_fd(&spool, spool_fd, "a temporary file", e) < 0)
		return -1;
	rc = otlp_write(w, p, &spool, e);
	out_flush(&spool);
	if (rc == 0 && spool.err != 0)
		rc = perr_set(e, "a temporary file: %s", strerror(spool.err));
	output_discard(&spool);
	if (rc < 0)
		return -1;
	if (fstat(spool_fd, &st) < 0)
		return perr_set(e, "a temporary file: %s", strerror(errno));
	n = (size_t)st.st_size;
	if (form == OTLP_FRAMED && n > UINT32_MAX)
		return perr_set(e, "the message is %zu bytes: a frame's length "
		    "holds at most 4294967295", n);
	m = n > 0 ? mmap(NULL, n, PROT_READ, MAP_PRIVATE, spool_fd, 0) : NULL;
	if (m == MAP_FAILED)
		return perr_set(e, "a temporary file: %s", strerror(errno));
	if (form == OTLP_FRAMED) {
		len[0] = (unsigned char)(n >> 24);
		len[1] = (unsigned char)(n >> 16);
		len[2] = (unsigned char)(n >> 8);
		len[3] = (unsigned char)n;
		out_write(o, len, 4);
		out_write(o, m, n);
	} else {
		rc = otlp_json_write(o, m, n, e);
		out_char(o, '\n');
	}
	if (m != NULL)
		munmap(m, n);
	return rc;
}
