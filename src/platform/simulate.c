// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated time: the fabric runs in slices of 100 us, and between slices
 * the core's clock and perf times advance and the tool may poll (drain AUX
 * data, check for a signal), the way a real tool's mmap reader runs while
 * the hardware keeps going.
 */
#include "boot.h"

#define SLICE_NS 100000ull

void platform_set_reading_span(struct platform *p, uint64_t ns)
{
	fabric_set_reading_span(p->f, ns);
}

int platform_run_for(struct platform *p, uint64_t ns, int (*poll)(void *ctx), void *ctx)
{
	uint64_t now = fabric_now(p->f), end = now + ns;

	while (now < end) {
		uint64_t t = end - now > SLICE_NS ? now + SLICE_NS : end;
		int r = fabric_run_until(p->f, t);

		if (r)
			return r;
		now = t;
		p->k->clock.now_ns = now;
		perf_core_run_until(p->k->perf, now);
		if (poll) {
			r = poll(ctx);
			if (r)
				return r;
		}
	}
	return 0;
}
