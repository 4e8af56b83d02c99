// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fabric throughput: the kunpeng930 topology with a workload, a trivial
 * observer on every core (as a tracer would be), run for a span of
 * simulated time.  Prints TLPs observed per wall-clock second and
 * simulated seconds per wall-clock second.
 *
 * usage: bench_fabric [WORKLOAD [SIM_MS [PARAMS [SICL.CORE]]]]
 * WORKLOAD "default" is the platform file's workload with its parameters;
 * PARAMS "-" is none.  SICL.CORE observes that core only (as `pciescope
 * stat` with one PMU's events does): the cores it is not joined to by
 * traffic are not simulated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "platform/pfile.h"

static void count(void *ctx, const struct fabric_tlp *t)
{
	uint64_t *n = ctx;

	*n += t->hdr[0] != 0xffffffffu;
}

static double seconds(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	const char *w = argc > 1 ? argv[1] : "mixed";
	uint64_t ms = argc > 2 ? strtoull(argv[2], NULL, 0) : 20, n = 0;
	const char *params = argc > 3 && strcmp(argv[3], "-") ? argv[3] : NULL;
	unsigned sicl = 0xffff, core = 0xffff;
	struct fabric *f = fabric_create(1);
	struct pfile pf;
	struct error err;
	double t0, c0, t, c;

	if (pfile_load("kunpeng930", &pf, &err) ||
	    pfile_build_fabric(&pf, f, &err) ||
	    fabric_set_workload(f, strcmp(w, "default") ? w : pf.workload,
				strcmp(w, "default") ? params : pf.workload_params, &err)) {
		fprintf(stderr, "bench_fabric: %s\n", err.msg);
		return 1;
	}
	if (argc > 4 && sscanf(argv[4], "%u.%u", &sicl, &core) != 2) {
		fprintf(stderr, "bench_fabric: core '%s' is not SICL.CORE\n", argv[4]);
		return 1;
	}
	fabric_add_observer(f, (uint16_t)sicl, (uint16_t)core, count, &n);
	t0 = seconds(CLOCK_MONOTONIC);
	c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
	fabric_run_until(f, ms * 1000000);
	t = seconds(CLOCK_MONOTONIC) - t0;
	c = seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
	/* The machine is shared: CPU time says what one core would do alone. */
	printf("fabric %-13s %-5s %5llu ms simulated: %9llu TLPs, %6.2f s wall: %5.1f M TLPs/s, %.3f "
	       "sim s/wall s; %6.2f s CPU: %5.1f M TLPs/s, %.3f sim s/CPU s\n",
	       w, argc > 4 ? argv[4] : "all", (unsigned long long)ms, (unsigned long long)n, t, (double)n / t / 1e6,
	       (double)ms / 1000 / t, c, (double)n / c / 1e6, (double)ms / 1000 / c);
	fabric_destroy(f);
	pfile_free(&pf);
	return 0;
}
