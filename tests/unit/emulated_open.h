/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * For tests of the tool library: the default emulated machine (kunpeng930),
 * booted without persistent state so each test starts from the platform file.
 */
#ifndef PCIESCOPE_TESTS_EMULATED_OPEN_H
#define PCIESCOPE_TESTS_EMULATED_OPEN_H

#include <pciescope/backend/backend.h>

static inline struct backend *open_emulated(void)
{
	struct backend_options o = {.ephemeral = true};
	struct backend *b;
	struct error err;

	assert_int_equal(backend_open(&o, &b, &err), 0);
	return b;
}

#endif
