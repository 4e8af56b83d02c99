/* SPDX-License-Identifier: GPL-2.0-only */
/* The host backend as the host tests open it (test_backend_host*.c). */
#ifndef PCIESCOPE_TEST_HOST_OPEN_H
#define PCIESCOPE_TEST_HOST_OPEN_H

#include "backend/backend_internal.h"

static inline struct backend *open_host(void)
{
	struct backend_options o = {.kind = "host"};
	struct backend *b = NULL;
	struct error err;

	assert_int_equal(host_backend_open(&o, &b, &err), 0);
	assert_string_equal(b->ops->name, "host");
	return b;
}

#endif
