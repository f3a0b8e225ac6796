#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "base/utf8.h"
#include "io/markup.h"

void
out_xml(struct output *o, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned char b[4];
	size_t i = 0, k;
	uint32_t cp;

	while (i < n) {
		switch (u[i]) {
		case '&': out_str(o, "&amp;"); i++; continue;
		case '<': out_str(o, "&lt;"); i++; continue;
		case '>': out_str(o, "&gt;"); i++; continue;
		case '"': out_str(o, "&quot;"); i++; continue;
		case '\'': out_str(o, "&apos;"); i++; continue;
		}
		k = utf8_decode(u + i, n - i, &cp);
		if (cp < 0x20 || cp == 0xfffe || cp == 0xffff)
			cp = UTF8_BAD;
		if (cp == UTF8_BAD)
			out_write(o, b, utf8_encode(b, cp));
		else
			out_write(o, s + i, k);
		i += k;
	}
}

void
out_xml_str(struct output *o, const char *s)
{
	out_xml(o, s, strlen(s));
}

void
out_json_string(struct output *o, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)s;
	unsigned char b[4];
	char e[6] = { '\\', 'u', '0', '0', 0, 0 };
	size_t i = 0, k;
	uint32_t cp;

	out_char(o, '"');
	while (i < n) {
		if (u[i] == '"' || u[i] == '\\') {
			out_char(o, '\\');
			out_char(o, (char)u[i++]);
			continue;
		}
		/* controls, and what could end the <script> it is in */
		if (u[i] < 0x20 || u[i] == '<' || u[i] == '>' || u[i] == '&') {
			e[4] = hex[u[i] >> 4];
			e[5] = hex[u[i] & 15];
			out_write(o, e, 6);
			i++;
			continue;
		}
		k = utf8_decode(u + i, n - i, &cp);
		if (cp == UTF8_BAD)
			out_write(o, b, utf8_encode(b, cp));
		else
			out_write(o, s + i, k);
		i += k;
	}
	out_char(o, '"');
}

void
out_base64(struct output *o, const void *bytes, size_t n)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *p = bytes;
	size_t i;
	uint32_t v;

	for (i = 0; i + 2 < n; i += 3) {
		v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
		out_char(o, b64[v >> 18]);
		out_char(o, b64[v >> 12 & 63]);
		out_char(o, b64[v >> 6 & 63]);
		out_char(o, b64[v & 63]);
	}
	if (i < n) {
		v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] <<
		    8 : 0);
		out_char(o, b64[v >> 18]);
		out_char(o, b64[v >> 12 & 63]);
		out_char(o, i + 1 < n ? b64[v >> 6 & 63] : '=');
		out_char(o, '=');
	}
}

int
out_base64_fd(struct output *o, int fd)
{
	unsigned char buf[3 * 16384];
	size_t have = 0;
	off_t at = 0;
	ssize_t n;

	/* whole triplets but for the last piece: no padding mid-way */
	for (;;) {
		n = pread(fd, buf + have, sizeof(buf) - have, at);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		at += n;
		have += (size_t)n;
		if (n > 0 && have < sizeof(buf))
			continue;
		out_base64(o, buf, have);
		if (n == 0)
			return 0;
		have = 0;
	}
}
