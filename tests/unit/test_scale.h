/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The size a test runs at.  Under qemu-user a simulated millisecond costs
 * several times its native CPU time, so in a cross build (the arm64 and
 * ppc64el passes) tests/CMakeLists.txt sets PCIESCOPE_TEST_SCALE=qemu and
 * the slowest tests simulate less: the same assertions on less data, at a
 * size each test names next to its native one (docs/portability.md lists
 * them).  The native pass never sets it.
 */
#ifndef PCIESCOPE_TESTS_TEST_SCALE_H
#define PCIESCOPE_TESTS_TEST_SCALE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* native, or qemu when the test runs under qemu-user */
static inline uint64_t test_size(uint64_t native, uint64_t qemu)
{
	const char *s = getenv("PCIESCOPE_TEST_SCALE");

	return s && !strcmp(s, "qemu") ? qemu : native;
}

#endif
