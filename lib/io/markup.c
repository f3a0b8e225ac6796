#include <string.h>

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
