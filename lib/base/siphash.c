/* SipHash-2-4, written from the paper's description ("SipHash: a fast
 * short-input PRF", 2012): two compression rounds a word, four at the
 * end; checked against the paper's test vector (tests/unit). */
#include <string.h>

#include "base/siphash.h"

static uint64_t
sip_le64(const unsigned char *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
	    (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
	    (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

#define SIP_ROTL(x, b) (((x) << (b)) | ((x) >> (64 - (b))))

static void
sip_round(uint64_t v[4])
{
	v[0] += v[1];
	v[1] = SIP_ROTL(v[1], 13);
	v[1] ^= v[0];
	v[0] = SIP_ROTL(v[0], 32);
	v[2] += v[3];
	v[3] = SIP_ROTL(v[3], 16);
	v[3] ^= v[2];
	v[0] += v[3];
	v[3] = SIP_ROTL(v[3], 21);
	v[3] ^= v[0];
	v[2] += v[1];
	v[1] = SIP_ROTL(v[1], 17);
	v[1] ^= v[2];
	v[2] = SIP_ROTL(v[2], 32);
}

uint64_t
siphash24(const unsigned char k[16], const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t k0 = sip_le64(k), k1 = sip_le64(k + 8), m, v[4];
	unsigned char last[8] = { 0 };
	size_t i;

	v[0] = k0 ^ 0x736f6d6570736575ULL;
	v[1] = k1 ^ 0x646f72616e646f6dULL;
	v[2] = k0 ^ 0x6c7967656e657261ULL;
	v[3] = k1 ^ 0x7465646279746573ULL;
	for (i = 0; i + 8 <= n; i += 8) {
		m = sip_le64(s + i);
		v[3] ^= m;
		sip_round(v);
		sip_round(v);
		v[0] ^= m;
	}
	memcpy(last, s + i, n - i);
	last[7] = (unsigned char)n;
	m = sip_le64(last);
	v[3] ^= m;
	sip_round(v);
	sip_round(v);
	v[0] ^= m;
	v[2] ^= 0xff;
	for (i = 0; i < 4; i++)
		sip_round(v);
	return v[0] ^ v[1] ^ v[2] ^ v[3];
}
