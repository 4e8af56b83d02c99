/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The pseudo-random numbers of the tests, fuzz checks and benchmarks: a
 * 64-bit xorshift whose state each test seeds itself, so that a failing
 * stream is the same on every run and every machine.
 */
#ifndef PCIESCOPE_TESTS_XORSHIFT_H
#define PCIESCOPE_TESTS_XORSHIFT_H

#include <stdint.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static inline uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 32);
}

#endif
