/*
 * A fast DEFLATE encoder (RFC 1951). Greedy: at each position the last
 * position whose four bytes hashed the same is tried, and a match taken
 * as long as it goes. Each block of about 60 KB of input gets its own
 * Huffman codes, or is stored when that is smaller.
 */
#include <stdlib.h>
#include <string.h>

#include "base/deflate.h"

#define HASH_BITS 14
#define MIN_MATCH 4		/* what the hash finds */
#define MAX_MATCH 258
#define BLOCK_IN 61440		/* a block's input, a match's end aside */
#define NLITLEN 286
#define NDIST 30
#define NCLEN 19
#define END_OF_BLOCK 256

struct deflate {
	int32_t head[1 << HASH_BITS];	/* a position by hash, or -1 */
	/* a block's tokens: a literal byte, or MATCH | len - 3 << 15 |
	 * distance - 1 */
	uint32_t tok[BLOCK_IN + MAX_MATCH];
	uint32_t lfreq[NLITLEN], dfreq[NDIST];
};

#define MATCH 0x80000000u

struct deflate *
deflate_new(void)
{
	return calloc(1, sizeof(struct deflate));
}

void
deflate_free(struct deflate *d)
{
	free(d);
}

size_t
deflate_bound(size_t n)
{
	/* stored blocks, at worst: 5 bytes of each, and the flush */
	return n + 6 * (n / BLOCK_IN + 2) + 16;
}

/* Bits out, the first in the lowest bit of each byte. */
struct bits {
	uint8_t *p;
	uint64_t acc;
	unsigned n;
};

static inline void
put_bits(struct bits *b, uint32_t v, unsigned len)
{
	b->acc |= (uint64_t)v << b->n;
	b->n += len;
	if (b->n >= 32) {
		b->p[0] = (uint8_t)b->acc;
		b->p[1] = (uint8_t)(b->acc >> 8);
		b->p[2] = (uint8_t)(b->acc >> 16);
		b->p[3] = (uint8_t)(b->acc >> 24);
		b->p += 4;
		b->acc >>= 32;
		b->n -= 32;
	}
}

/* To the next byte boundary, the pending bits written. */
static void
align_bits(struct bits *b)
{
	while (b->n > 0) {
		*b->p++ = (uint8_t)b->acc;
		b->acc >>= 8;
		b->n = b->n > 8 ? b->n - 8 : 0;
	}
	b->acc = 0;
}

/* A length's code (less 257) and its extra bits, RFC 1951 3.2.5. */
static inline unsigned
len_code(unsigned len, unsigned *nextra, unsigned *extra)
{
	unsigned m = len - 3, nb;

	*nextra = *extra = 0;
	if (m < 8)
		return m;
	if (m == 255)
		return 28;
	nb = 31 - (unsigned)__builtin_clz(m);
	*nextra = nb - 2;
	*extra = m & ((1u << (nb - 2)) - 1);
	return 4 * (nb - 1) + ((m >> (nb - 2)) & 3);
}

static inline unsigned
dist_code(unsigned dist, unsigned *nextra, unsigned *extra)
{
	unsigned m = dist - 1, nb;

	*nextra = *extra = 0;
	if (m < 4)
		return m;
	nb = 31 - (unsigned)__builtin_clz(m);
	*nextra = nb - 1;
	*extra = m & ((1u << (nb - 1)) - 1);
	return 2 * nb + ((m >> (nb - 1)) & 1);
}

static unsigned
len_extra_bits(unsigned code)
{
	return code < 8 || code == 28 ? 0 : code / 4 - 1;
}

static unsigned
dist_extra_bits(unsigned code)
{
	return code < 4 ? 0 : code / 2 - 1;
}

/* The extra bits of a code length symbol (16: repeat, 17, 18: zeros). */
static unsigned
clen_extra_bits(unsigned sym)
{
	return sym == 16 ? 2 : sym == 17 ? 3 : sym == 18 ? 7 : 0;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Code lengths for freq[0..n), limit bits at most, making a complete code
 * (decoders refuse others): Huffman's, then, where too long, the deepest
 * of the rarest lengthened until the code fits, and the commonest
 * shortened where that fills what is left. Two symbols at least get a
 * length, as zlib's encoder does: a decoder wants a code of one bit even
 * for one symbol. n: NLITLEN at most.
 */
void
deflate_code_lengths(const uint32_t *freq, unsigned n, unsigned limit,
    uint8_t *len)
{
	uint64_t key[NLITLEN];
	uint32_t w[2 * NLITLEN];
	unsigned sym[NLITLEN], parent[2 * NLITLEN], depth[2 * NLITLEN];
	unsigned nl = 0, i, k, li, ni, next, a, b, best;
	uint32_t kraft, cap = 1u << limit;
	int deep = 0;

	memset(len, 0, n);
	for (i = 0; i < n; i++)
		if (freq[i] > 0)
			key[nl++] = (uint64_t)freq[i] << 16 | i;
	for (i = 0; nl < 2; i++)	/* fewer than two used: add some */
		if (freq[i] == 0)
			key[nl++] = (uint64_t)1 << 16 | i;
	qsort(key, nl, sizeof(key[0]), cmp_u64);
	for (i = 0; i < nl; i++) {
		sym[i] = (unsigned)(key[i] & 0xffff);
		w[i] = (uint32_t)(key[i] >> 16);
	}
	/* two queues: leaves by weight, then the nodes as they are made */
	li = 0;
	ni = next = nl;
	for (k = 0; k + 1 < nl; k++) {
		a = li < nl && (ni == next || w[li] <= w[ni]) ? li++ : ni++;
		b = li < nl && (ni == next || w[li] <= w[ni]) ? li++ : ni++;
		w[next] = w[a] + w[b];
		parent[a] = parent[b] = next++;
	}
	depth[next - 1] = 0;
	for (i = next - 1; i-- > 0;)
		depth[i] = depth[parent[i]] + 1;
	for (i = 0; i < nl; i++) {
		len[sym[i]] = (uint8_t)(depth[i] < limit ? depth[i] : limit);
		deep |= depth[i] > limit;
	}
	if (!deep)
		return;
	for (kraft = 0, i = 0; i < nl; i++)
		kraft += cap >> len[sym[i]];
	while (kraft > cap) {	/* over-subscribed */
		for (best = nl, i = 0; i < nl; i++)
			if (len[sym[i]] < limit && (best == nl ||
			    len[sym[i]] > len[sym[best]]))
				best = i;
		kraft -= cap >> (len[sym[best]] + 1);
		len[sym[best]]++;
	}
	while (kraft < cap) {	/* room left: the deepest fits it */
		for (best = nl, i = nl; i-- > 0;)
			if ((cap >> len[sym[i]]) <= cap - kraft && (best == nl ||
			    len[sym[i]] > len[sym[best]]))
				best = i;
		kraft += cap >> len[sym[best]];
		len[sym[best]]--;
	}
}

/* Canonical codes for len[0..n), bit-reversed: DEFLATE sends a code's
 * first bit first, the bit writer the lowest first. */
static void
huff_codes(const uint8_t *len, unsigned n, uint16_t *code)
{
	unsigned count[16] = { 0 }, next[16], i, l, c = 0, v, r;

	for (i = 0; i < n; i++)
		count[len[i]]++;
	count[0] = 0;
	for (l = 1; l < 16; l++) {
		c = (c + count[l - 1]) << 1;
		next[l] = c;
	}
	for (i = 0; i < n; i++) {
		if (len[i] == 0)
			continue;
		v = next[len[i]]++;
		for (r = 0, l = 0; l < len[i]; l++, v >>= 1)
			r = r << 1 | (v & 1);
		code[i] = (uint16_t)r;
	}
}

/* The code lengths of both codes, run-length encoded (RFC 1951 3.2.7):
 * symbols 0-18 in sym, their extra bits' values in extra. */
struct clen_rle {
	uint8_t sym[NLITLEN + NDIST], extra[NLITLEN + NDIST];
	unsigned n;
	uint32_t freq[NCLEN];
};

static void
rle_put(struct clen_rle *r, unsigned sym, unsigned extra)
{
	r->sym[r->n] = (uint8_t)sym;
	r->extra[r->n++] = (uint8_t)extra;
	r->freq[sym]++;
}

static void
rle_lengths(struct clen_rle *r, const uint8_t *l, unsigned n)
{
	unsigned i = 0, run, k;

	memset(r, 0, sizeof(*r));
	while (i < n) {
		for (run = 1; i + run < n && l[i + run] == l[i]; run++)
			;
		if (l[i] == 0) {
			for (; run >= 11; run -= k, i += k)
				rle_put(r, 18, (k = run < 138 ? run : 138) - 11);
			if (run >= 3) {
				rle_put(r, 17, run - 3);
				i += run;
				run = 0;
			}
		} else {
			rle_put(r, l[i], 0);
			i++;
			run--;
			for (; run >= 3; run -= k, i += k)
				rle_put(r, 16, (k = run < 6 ? run : 6) - 3);
		}
		for (; run > 0; run--, i++)
			rle_put(r, l[i], 0);
	}
}

static const uint8_t clen_order[NCLEN] = {
	16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15
};

/* in[from..to) stored, in blocks of at most 65535 bytes. */
static void
put_stored(struct bits *b, const uint8_t *in, size_t from, size_t to,
    int final)
{
	size_t k;

	do {
		k = to - from < 65535 ? to - from : 65535;
		put_bits(b, from + k == to && final, 1);
		put_bits(b, 0, 2);
		align_bits(b);
		b->p[0] = (uint8_t)k;
		b->p[1] = (uint8_t)(k >> 8);
		b->p[2] = (uint8_t)~k;
		b->p[3] = (uint8_t)(~k >> 8);
		memcpy(b->p + 4, in + from, k);
		b->p += 4 + k;
		from += k;
	} while (from < to);
}

/* The block of d's ntok tokens, which cover in[from..to): with its own
 * Huffman codes, or stored when that is smaller. */
static void
put_block(struct deflate *d, struct bits *b, const uint8_t *in,
    size_t from, size_t to, size_t ntok, int final)
{
	uint8_t len[NLITLEN + NDIST], *dlen = len + NLITLEN, clen[NCLEN];
	uint16_t lcode[NLITLEN], dcode[NDIST], ccode[NCLEN];
	struct clen_rle r;
	unsigned nlit, ndist, ncl, i, c, nx, x;
	uint64_t bits;
	size_t t;

	d->lfreq[END_OF_BLOCK] = 1;
	deflate_code_lengths(d->lfreq, NLITLEN, 15, len);
	deflate_code_lengths(d->dfreq, NDIST, 15, dlen);
	for (nlit = NLITLEN; nlit > 257 && len[nlit - 1] == 0; nlit--)
		;
	for (ndist = NDIST; ndist > 1 && dlen[ndist - 1] == 0; ndist--)
		;
	/* one sequence of lengths, the distances' right after the last
	 * literal/length code sent */
	memmove(len + nlit, dlen, ndist);
	rle_lengths(&r, len, nlit + ndist);
	memmove(dlen, len + nlit, ndist);
	memset(len + nlit, 0, NLITLEN - nlit);
	deflate_code_lengths(r.freq, NCLEN, 7, clen);
	for (ncl = NCLEN; ncl > 4 && clen[clen_order[ncl - 1]] == 0; ncl--)
		;
	bits = 3 + 5 + 5 + 4 + 3 * ncl;
	for (i = 0; i < r.n; i++)
		bits += clen[r.sym[i]] + clen_extra_bits(r.sym[i]);
	for (i = 0; i < NLITLEN; i++)
		bits += (uint64_t)d->lfreq[i] * (len[i] + (i > END_OF_BLOCK ?
		    len_extra_bits(i - 257) : 0));
	for (i = 0; i < NDIST; i++)
		bits += (uint64_t)d->dfreq[i] * (dlen[i] + dist_extra_bits(i));
	if ((uint64_t)(to - from) * 8 + 3 + 7 + 32 * ((to - from) / 65535 + 1)
	    < bits) {
		put_stored(b, in, from, to, final);
		goto done;
	}
	huff_codes(len, NLITLEN, lcode);
	huff_codes(dlen, NDIST, dcode);
	huff_codes(clen, NCLEN, ccode);
	put_bits(b, final, 1);
	put_bits(b, 2, 2);
	put_bits(b, nlit - 257, 5);
	put_bits(b, ndist - 1, 5);
	put_bits(b, ncl - 4, 4);
	for (i = 0; i < ncl; i++)
		put_bits(b, clen[clen_order[i]], 3);
	for (i = 0; i < r.n; i++) {
		put_bits(b, ccode[r.sym[i]], clen[r.sym[i]]);
		put_bits(b, r.extra[i], clen_extra_bits(r.sym[i]));
	}
	for (t = 0; t < ntok; t++) {
		uint32_t k = d->tok[t];
		if (!(k & MATCH)) {
			put_bits(b, lcode[k], len[k]);
			continue;
		}
		c = 257 + len_code(((k >> 15) & 0xff) + 3, &nx, &x);
		put_bits(b, lcode[c], len[c]);
		put_bits(b, x, nx);
		c = dist_code((k & 0x7fff) + 1, &nx, &x);
		put_bits(b, dcode[c], dlen[c]);
		put_bits(b, x, nx);
	}
	put_bits(b, lcode[END_OF_BLOCK], len[END_OF_BLOCK]);
done:
	memset(d->lfreq, 0, sizeof(d->lfreq));
	memset(d->dfreq, 0, sizeof(d->dfreq));
}

static inline uint32_t
load32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static inline uint32_t
hash4(uint32_t v)
{
	return (v * 2654435761u) >> (32 - HASH_BITS);
}

/* How many of a[0..max) and b[0..max) agree, from the start. */
static inline size_t
agree(const uint8_t *a, const uint8_t *b, size_t max)
{
	size_t n = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t x, y;

	for (; n + 8 <= max; n += 8) {
		memcpy(&x, a + n, 8);
		memcpy(&y, b + n, 8);
		if (x != y)
			return n + ((unsigned)__builtin_ctzll(x ^ y) >> 3);
	}
#endif
	while (n < max && a[n] == b[n])
		n++;
	return n;
}

size_t
deflate_piece(struct deflate *d, const uint8_t *in, size_t start, size_t n,
    int last, uint8_t *out)
{
	struct bits b = { out, 0, 0 };
	size_t pos, from, end, ntok, len, dist, max, k;
	unsigned nx, x;
	uint32_t v, h;
	int32_t cand;

	memset(d->head, 0xff, sizeof(d->head));
	for (pos = start > DEFLATE_WINDOW ? start - DEFLATE_WINDOW : 0;
	    pos + MIN_MATCH <= start; pos++)
		d->head[hash4(load32(in + pos))] = (int32_t)pos;
	for (pos = from = start; pos < n; from = pos) {
		end = n - pos > BLOCK_IN ? pos + BLOCK_IN : n;
		for (ntok = 0; pos < end; ntok++) {
			if (pos + MIN_MATCH <= n) {
				v = load32(in + pos);
				h = hash4(v);
				cand = d->head[h];
				d->head[h] = (int32_t)pos;
				if (cand >= 0 && pos - (size_t)cand <=
				    DEFLATE_WINDOW && load32(in + cand) == v) {
					max = n - pos < MAX_MATCH ? n - pos :
					    MAX_MATCH;
					len = MIN_MATCH + agree(in + cand +
					    MIN_MATCH, in + pos + MIN_MATCH,
					    max - MIN_MATCH);
					dist = pos - (size_t)cand;
					d->tok[ntok] = MATCH | (uint32_t)(len -
					    3) << 15 | (uint32_t)(dist - 1);
					d->lfreq[257 + len_code((unsigned)len,
					    &nx, &x)]++;
					d->dfreq[dist_code((unsigned)dist, &nx,
					    &x)]++;
					/* the match's strings, for the next
					 * searches */
					for (k = pos + 1, pos += len; k < pos &&
					    k + MIN_MATCH <= n; k++)
						d->head[hash4(load32(in + k))] =
						    (int32_t)k;
					continue;
				}
			}
			d->tok[ntok] = in[pos];
			d->lfreq[in[pos]]++;
			pos++;
		}
		put_block(d, &b, in, from, pos, ntok, last && pos == n);
	}
	/* not the last: an empty stored block, byte-aligned; the last with
	 * nothing in it: a final one */
	if (!last || start == n)
		put_stored(&b, in, n, n, last);
	align_bits(&b);
	return (size_t)(b.p - out);
}
