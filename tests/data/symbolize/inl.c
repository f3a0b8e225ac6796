/* inl.c: a small CPU-bound program for tsvsymbolize's tests: two
 * functions that are never inlined, each with a function inlined into
 * it, one of them twice deep. */
#include <stdio.h>
#include <stdlib.h>

static inline __attribute__((always_inline)) unsigned long
mix(unsigned long x)
{
	x ^= x >> 13;
	x *= 0x9e3779b97f4a7c15ul;
	return x ^ (x >> 29);
}

static inline __attribute__((always_inline)) unsigned long
round2(unsigned long x)
{
	return mix(mix(x) + 1);
}

__attribute__((noinline)) unsigned long
hot(unsigned long n)
{
	unsigned long s = 0, i;

	for (i = 0; i < n; i++)
		s += round2(i);
	return s;
}

__attribute__((noinline)) unsigned long
warm(unsigned long n)
{
	unsigned long s = 0, i;

	for (i = 0; i < n; i++)
		s += mix(i * 7);
	return s;
}

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 200000000;

	printf("%lu\n", hot(n) + warm(n / 2));
	return 0;
}
