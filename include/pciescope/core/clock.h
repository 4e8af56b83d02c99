/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Simulated time in nanoseconds from a fixed start.  The platform advances it
 * while the fabric runs; everything else only reads it.
 */
#ifndef PCIESCOPE_CORE_CLOCK_H
#define PCIESCOPE_CORE_CLOCK_H

#include <stdint.h>

struct sim_clock {
	uint64_t now_ns;
};

static inline uint64_t sim_clock_now(const struct sim_clock *c)
{
	return c->now_ns;
}

#endif
