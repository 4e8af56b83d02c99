// SPDX-License-Identifier: GPL-2.0-only
/*
 * Costs of the emulated kernel on the paths a run exercises most: a sysfs
 * read through the event_source symlink (what `list` does per event), one
 * perf_core_run_until per 100 us platform slice with and without multiplexing
 * (16 groups on a 4-counter PMU, rotating every 4 ms), and the AUX path a
 * tracer and a tool take for each 4 MiB buffer (begin, write, end, drain).
 * Each figure is the best of several rounds: the machine is shared.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pciescope/core/kernel.h>

#define ROUNDS 5
#define NCTR 4

static struct perf_event *used[NCTR];

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int b_init(struct perf_event *e)
{
	return 0;
}

static int b_add(struct perf_event *e, int flags)
{
	for (int i = 0; i < NCTR; i++) {
		if (!used[i]) {
			used[i] = e;
			e->hw.idx = i;
			return 0;
		}
	}
	return -EAGAIN;
}

static void b_del(struct perf_event *e, int flags)
{
	used[e->hw.idx] = NULL;
}

static void b_nop(struct perf_event *e, int flags)
{
}

static void b_read(struct perf_event *e)
{
	e->count++;
}

static uint8_t aux_priv;

static void *b_setup_aux(struct perf_event *e, void *pages, int nr, bool overwrite)
{
	return &aux_priv;
}

static struct pmu bench_pmu = {.event_init = b_init,
			       .add = b_add,
			       .del = b_del,
			       .start = b_nop,
			       .stop = b_nop,
			       .read = b_read,
			       .setup_aux = b_setup_aux};

static double best_rate(double (*fn)(struct kcore *k), struct kcore *k)
{
	double best = 0;

	for (int r = 0; r < ROUNDS; r++) {
		double v = fn(k);

		if (v > best)
			best = v;
	}
	return best;
}

static double sysfs_reads(struct kcore *k)
{
	const char *path = "/sys/bus/event_source/devices/bench/events/rx_mwr_latency";
	char buf[64];
	int n = 200000;
	double t0 = now();

	for (int i = 0; i < n; i++)
		if (sysfs_read(k->sysfs, path, buf, sizeof(buf)) <= 0)
			abort();
	return n / (now() - t0);
}

static uint64_t clock_ns = 1;

static double ticks(struct kcore *k)
{
	int n = 200000;
	double t0 = now();

	for (int i = 0; i < n; i++) {
		clock_ns += 100000;
		perf_core_run_until(k->perf, clock_ns);
	}
	return n / (now() - t0);
}

static double aux_bytes(struct kcore *k)
{
	static uint8_t buf[4 << 20];
	struct perf_event_attr a = {.type = (uint32_t)bench_pmu.type, .size = sizeof(a)};
	struct perf_output_handle h;
	struct perf_event *e;
	const void *p1, *p2;
	size_t n1, n2, total = 0;
	uint64_t tail;
	double t0;

	if (perf_event_open(k->perf, &a, -1, 1, NULL, &e) || perf_event_aux_map(e, 16 << 20, false))
		abort();
	t0 = now();
	for (int i = 0; i < 64; i++) {
		perf_aux_output_begin(&h, e);
		perf_aux_write(h.aux, h.head, buf, sizeof(buf));
		perf_aux_output_end(&h, sizeof(buf));
		total += perf_aux_data(e, &tail, &p1, &n1, &p2, &n2);
		perf_aux_consume(e, n1 + n2);
	}
	t0 = now() - t0;
	perf_event_close(e);
	return (double)total / t0;
}

static void open_groups(struct kcore *k, int n)
{
	struct perf_event_attr a = {.type = (uint32_t)bench_pmu.type, .size = sizeof(a)};
	struct perf_event *e;

	for (int i = 0; i < n; i++)
		if (perf_event_open(k->perf, &a, -1, 0, NULL, &e))
			abort();
}

int main(void)
{
	struct kcore *k = kcore_create(4, 1);

	if (!k || perf_pmu_register(k->perf, &bench_pmu, "bench", -1))
		return 1;
	sysfs_add_const(sysfs_mkdir(bench_pmu.dir, "events"), "rx_mwr_latency", "event=0x0010\n");
	printf("sysfs_read via symlink:          %8.2f M reads/s\n",
	       best_rate(sysfs_reads, k) / 1e6);
	printf("perf_core_run_until, idle:            %8.2f M ticks/s\n", best_rate(ticks, k) / 1e6);
	printf("AUX begin/write/end/drain 4 MiB: %8.2f GB/s\n", best_rate(aux_bytes, k) / 1e9);
	open_groups(k, 16);
	printf("perf_core_run_until, 16 groups on 4:  %8.2f M ticks/s (rotating every 4 ms)\n",
	       best_rate(ticks, k) / 1e6);
	kcore_destroy(k);
	return 0;
}
