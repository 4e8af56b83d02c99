// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fabric throughput: the kunpeng930 topology with a workload, a trivial
 * observer on every core (as a tracer would be), run for a span of
 * simulated time.  Prints TLPs observed per wall-clock second and
 * simulated seconds per wall-clock second.
 *
 * usage: bench_fabric [WORKLOAD [SIM_MS [PARAMS]]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "platform/pfile.h"

static void count(void *ctx, const struct fabric_tlp *t)
{
	uint64_t *n = ctx;

	*n += t->hdr[0] != 0xffffffffu;
}

static double wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	const char *w = argc > 1 ? argv[1] : "mixed";
	uint64_t ms = argc > 2 ? strtoull(argv[2], NULL, 0) : 20, n = 0;
	struct fabric *f = fabric_create(1);
	struct pfile pf;
	char err[256];
	double t0, t;

	if (pfile_load("kunpeng930", &pf, err, sizeof(err)) ||
	    pfile_build_fabric(&pf, f, err, sizeof(err)) ||
	    fabric_set_workload(f, w, argc > 3 ? argv[3] : NULL, err, sizeof(err))) {
		fprintf(stderr, "bench_fabric: %s\n", err);
		return 1;
	}
	fabric_add_observer(f, 0xffff, 0xffff, count, &n);
	t0 = wall();
	fabric_run_until(f, ms * 1000000);
	t = wall() - t0;
	printf("fabric %-13s %4llu ms simulated: %10llu TLPs in %.3f s wall: %6.1f M TLPs/s, %.4f "
	       "simulated s per wall s\n",
	       w, (unsigned long long)ms, (unsigned long long)n, t, (double)n / t / 1e6,
	       (double)ms / 1000 / t);
	fabric_destroy(f);
	pfile_free(&pf);
	return 0;
}
