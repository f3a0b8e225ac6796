/* siphash.h: SipHash-2-4 (Aumasson and Bernstein, 2012), 64 bits: the
 * identifiers a store keeps (tsv2sql -D clickhouse), stable across
 * versions and machines, so loads that never talk agree on them. */
#ifndef SIPHASH_H
#define SIPHASH_H

#include <stddef.h>
#include <stdint.h>

/* The hash of n bytes at p under the 16-byte key k (little-endian
 * words, as the reference). */
uint64_t siphash24(const unsigned char k[16], const void *p, size_t n);

#endif
