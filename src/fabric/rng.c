// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine's only source of variation: an xorshift64* generator per
 * domain, seeded from --seed through splitmix64, so a seed of 0 is as good as any other and
 * the same seed always yields the same TLP sequence.
 */
#include "fabric_internal.h"

uint64_t fab_seed_mix(uint64_t seed)
{
	uint64_t z = seed + 0x9e3779b97f4a7c15ull;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	z ^= z >> 31;
	return z ? z : 1;
}

/* Drawn from the running domain's generator: domains do not share draws. */
uint64_t fab_rand(struct fabric *f)
{
	return dom_rand(f->running);
}

uint64_t dom_rand(struct fdomain *d)
{
	return rng_next(&d->rng);
}

uint64_t rng_next(uint64_t *x)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return *x * 0x2545f4914f6cdd1dull;
}
