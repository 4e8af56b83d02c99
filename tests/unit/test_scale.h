/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The size a test runs at.  Under qemu-user or the sanitizers a simulated
 * millisecond costs several times its native CPU time, so in a cross build
 * (the arm64 and ppc64el passes) and in the sanitized one (make test-asan)
 * tests/CMakeLists.txt sets PCIESCOPE_TEST_SCALE=small and the slowest
 * tests simulate less: the same assertions on less data, at a size each
 * test names next to its native one (docs/portability.md lists them).  The
 * native pass never sets it.
 */
#ifndef PCIESCOPE_TESTS_TEST_SCALE_H
#define PCIESCOPE_TESTS_TEST_SCALE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* native, or small under qemu-user or the sanitizers */
static inline uint64_t test_size(uint64_t native, uint64_t small)
{
	const char *s = getenv("PCIESCOPE_TEST_SCALE");

	return s && !strcmp(s, "small") ? small : native;
}

#endif
