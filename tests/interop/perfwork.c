/* perfwork: two loops of known shares, for perf record in make interop. */
#include <stdio.h>

static volatile unsigned long sink;

__attribute__((noinline)) static void
spin_hot(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i * i;
}

__attribute__((noinline)) static void
spin_warm(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink ^= i;
}

int
main(void)
{
	for (int r = 0; r < 40; r++) {
		spin_hot(6000000);
		spin_warm(2000000);
	}
	printf("%lu\n", sink);
	return 0;
}
