// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PCIe PMU model and hisi_pcie_pmu driver on the booted kunpeng930
 * platform, as a tool sees them through the core: sysfs files, the
 * driver's validation, counter sharing and scheduling, and counts that
 * agree with the fabric's ground truth (fabric_port_stats) within 1 %.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/core/kernel.h>
#include <pciescope/fabric/fabric.h>
#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/platform/platform.h>

#define PMU "hisi_pcie0_core0"
#define DIR "/sys/bus/event_source/devices/" PMU
#define MS 1000000ULL
#define PORT0 0x1ULL /* Root Port 00:00.0, x8 gen4, NVMe 39:00.0 below */

struct rig {
	struct platform *p;
	struct kcore *k;
	uint32_t type;
};

static int boot(void **state, const char *workload)
{
	static struct rig r;
	struct platform_options o = {.workload = workload, .seed = 3, .ephemeral = true};
	struct error err;

	if (platform_boot(&o, &r.p, &err)) {
		fprintf(stderr, "boot: %s\n", err.msg);
		return -1;
	}
	r.k = platform_kcore(r.p);
	r.type = (uint32_t)perf_pmu_find(r.k->perf, PMU)->type;
	*state = &r;
	return 0;
}

static int boot_read(void **state)
{
	return boot(state, "storage-read");
}

static int boot_write(void **state)
{
	return boot(state, "storage-write");
}

static int shutdown(void **state)
{
	platform_shutdown(((struct rig *)*state)->p);
	return 0;
}

static struct perf_event_attr attr_of(const struct rig *r, uint64_t config, uint64_t config1,
				      uint64_t config2)
{
	struct perf_event_attr a = {.size = sizeof(a),
				    .type = r->type,
				    .config = config,
				    .config1 = config1,
				    .config2 = config2,
				    .disabled = 1};

	return a;
}

static int open_ev(struct rig *r, uint64_t config, uint64_t config1, uint64_t config2,
		   struct perf_event *leader, struct perf_event **e)
{
	struct perf_event_attr a = attr_of(r, config, config1, config2);

	a.disabled = !leader;
	return perf_event_open(r->k->perf, &a, -1, 0, leader, e);
}

static void read_file(struct rig *r, const char *name, const char *want)
{
	char path[256], buf[256];
	ssize_t n;

	snprintf(path, sizeof(path), DIR "/%s", name);
	n = sysfs_read(r->k->sysfs, path, buf, sizeof(buf) - 1);
	assert_true(n > 0);
	buf[n] = 0;
	assert_string_equal(buf, want);
}

static void sysfs_files(void **state)
{
	struct rig *r = *state;

	read_file(r, "format/event", "config:0-16\n");
	read_file(r, "format/len_mode", "config1:10-11\n");
	read_file(r, "format/port", "config2:0-15\n");
	read_file(r, "format/bdf", "config2:16-31\n");
	read_file(r, "events/rx_mwr_latency", "config=0x10\n");
	read_file(r, "events/tx_cpl_time", "config=0x11005\n");
	read_file(r, "identifier", "0x30\n");
	read_file(r, "bus", "0x00\n");
	read_file(r, "bdf_min", "0x00\n");
	read_file(r, "bdf_max", "0x20\n");
	read_file(r, "cpumask", "0\n");
}

static void validation(void **state)
{
	struct rig *r = *state;
	struct perf_event_attr a;
	struct perf_event *e;

	/* thr_len/trig_len > 10 */
	assert_int_equal(open_ev(r, 0x0804, 11, PORT0, NULL, &e), -EINVAL);
	assert_int_equal(open_ev(r, 0x0804, 11 << 5, PORT0, NULL, &e), -EINVAL);
	assert_int_equal(open_ev(r, 0x0804, 10 | 10 << 5, PORT0, NULL, &e), 0);
	perf_event_close(e);
	/* port 0: bdf must be a device below this core's Root Ports */
	assert_int_equal(open_ev(r, 0x0804, 0, 0x3900ULL << 16, NULL, &e), 0);
	perf_event_close(e);
	assert_int_equal(open_ev(r, 0x0804, 0, 0x0100ULL << 16, NULL, &e), -EINVAL);
	assert_int_equal(open_ev(r, 0x0804, 0, 0x8100ULL << 16, NULL, &e), -EINVAL);
	/* port set: bdf ignored */
	assert_int_equal(open_ev(r, 0x0804, 0, 0x8100ULL << 16 | PORT0, NULL, &e), 0);
	perf_event_close(e);
	/* no sampling, no task, no exclude bits */
	a = attr_of(r, 0x0804, 0, PORT0);
	a.sample_period = 1000;
	assert_int_equal(perf_event_open(r->k->perf, &a, -1, 0, NULL, &e), -EOPNOTSUPP);
	a = attr_of(r, 0x0804, 0, PORT0);
	assert_true(perf_event_open(r->k->perf, &a, 0, -1, NULL, &e) < 0);
	a.exclude_kernel = 1;
	assert_int_equal(perf_event_open(r->k->perf, &a, -1, 0, NULL, &e), -EINVAL);
}

static void groups_fit_in_eight_counters(void **state)
{
	struct rig *r = *state;
	struct perf_event *ev[10], *e;
	int n = 0;

	assert_int_equal(open_ev(r, 0x0010, 0, PORT0, NULL, &ev[n++]), 0);
	assert_int_equal(open_ev(r, 0x10010, 0, PORT0, ev[0], &ev[n++]), 0);
	for (uint64_t port = 2; n < 9; port <<= 1)
		assert_int_equal(open_ev(r, 0x0010, 0, port, ev[0], &ev[n++]), 0);
	/* 8 distinct EVENT_CTRL values so far (the pair counts once): a 9th fails */
	assert_int_equal(open_ev(r, 0x0804, 0, PORT0, ev[0], &e), -EINVAL);
	/* related to one already in the group: still fits */
	assert_int_equal(open_ev(r, 0x10010, 0, 0x2, ev[0], &e), 0);
	perf_event_close(e);
	while (n--)
		perf_event_close(ev[n]);
}

static void pair_shares_one_counter(void **state)
{
	struct rig *r = *state;
	struct perf_event *lat, *cnt, *other;
	uint64_t v[2][3];

	assert_int_equal(open_ev(r, 0x0210, 0, PORT0, NULL, &lat), 0);
	assert_int_equal(open_ev(r, 0x10210, 0, PORT0, lat, &cnt), 0);
	assert_int_equal(open_ev(r, 0x0804, 0, PORT0, NULL, &other), 0);
	assert_int_equal(perf_event_enable(lat), 0);
	assert_int_equal(perf_event_enable(other), 0);
	assert_int_equal(platform_run_for(r->p, 2 * MS, NULL, NULL), 0);
	assert_int_equal(lat->hw.idx, cnt->hw.idx);
	assert_true(other->hw.idx != lat->hw.idx);
	perf_event_read_value(lat, &v[0][0], &v[0][1], &v[0][2]);
	perf_event_read_value(cnt, &v[1][0], &v[1][1], &v[1][2]);
	assert_true(v[0][0] > 0 && v[1][0] > 0);
	assert_int_equal(v[0][2], 2 * MS);
	perf_event_close(cnt);
	perf_event_close(lat);
	perf_event_close(other);
}

struct window {
	struct fabric_port_stats before, after;
	int node;
};

static void truth_begin(struct rig *r, struct window *w, uint16_t rid)
{
	struct fabric *f = platform_fabric(r->p);

	w->node = fabric_find_node(f, 0, rid);
	assert_true(w->node >= 0);
	assert_int_equal(fabric_port_stats(f, w->node, &w->before), 0);
}

static void truth_end(struct rig *r, struct window *w)
{
	assert_int_equal(fabric_port_stats(platform_fabric(r->p), w->node, &w->after), 0);
}

static uint64_t count_of(struct perf_event *e)
{
	uint64_t v, en, run;

	assert_int_equal(perf_event_read_value(e, &v, &en, &run), 0);
	return v;
}

static void assert_within_1pct(double got, double want)
{
	if (!(got > want * 0.99 && got < want * 1.01))
		fail_msg("got %f, ground truth %f", got, want);
}

static void read_latency_matches_truth(void **state)
{
	struct rig *r = *state;
	struct perf_event *ev[4];
	struct window w;
	double got, want;
	const char *unit;

	/* both read directions of Root Port 00:00.0: DMA reads and CPU reads */
	assert_int_equal(open_ev(r, 0x0210, 0, PORT0, NULL, &ev[0]), 0);
	assert_int_equal(open_ev(r, 0x10210, 0, PORT0, ev[0], &ev[1]), 0);
	assert_int_equal(open_ev(r, 0x0011, 0, PORT0, ev[0], &ev[2]), 0);
	assert_int_equal(open_ev(r, 0x10011, 0, PORT0, ev[0], &ev[3]), 0);
	truth_begin(r, &w, 0x0000);
	assert_int_equal(perf_event_enable(ev[0]), 0);
	assert_int_equal(platform_run_for(r->p, 2 * MS, NULL, NULL), 0);
	assert_int_equal(perf_event_disable(ev[0]), 0);
	truth_end(r, &w);
	assert_true(hisi_pcie_metric(HISI_PCIE_LATENCY, (double)(count_of(ev[0]) + count_of(ev[2])),
				     (double)(count_of(ev[1]) + count_of(ev[3])), &got, &unit));
	assert_string_equal(unit, "ns avg latency");
	assert_int_equal(count_of(ev[1]) + count_of(ev[3]), w.after.rd_count - w.before.rd_count);
	want = (double)(w.after.rd_latency_sum_ns - w.before.rd_latency_sum_ns) /
	       (double)(w.after.rd_count - w.before.rd_count);
	assert_within_1pct(got, want);
	for (int i = 3; i >= 0; i--)
		perf_event_close(ev[i]);
}

static void bandwidth_matches_truth(void **state)
{
	struct rig *r = *state;
	struct perf_event *flux, *time, *hdr, *hdr_time;
	struct window w;
	double got, want;
	const char *unit;

	/* rx_mwr_flux with payload only (len_mode=1), and headers only (len_mode=2) */
	assert_int_equal(open_ev(r, 0x0104, 1 << 10, PORT0, NULL, &flux), 0);
	assert_int_equal(open_ev(r, 0x10104, 1 << 10, PORT0, flux, &time), 0);
	assert_int_equal(open_ev(r, 0x0104, 2 << 10, PORT0, NULL, &hdr), 0);
	assert_int_equal(open_ev(r, 0x10104, 2 << 10, PORT0, hdr, &hdr_time), 0);
	truth_begin(r, &w, 0x0000);
	assert_int_equal(perf_event_enable(flux), 0);
	assert_int_equal(perf_event_enable(hdr), 0);
	assert_int_equal(platform_run_for(r->p, 2 * MS, NULL, NULL), 0);
	assert_int_equal(perf_event_disable(flux), 0);
	assert_int_equal(perf_event_disable(hdr), 0);
	truth_end(r, &w);
	assert_int_equal(count_of(time), 2 * MS / 10);
	assert_true(hisi_pcie_metric(HISI_PCIE_BANDWIDTH, (double)count_of(flux),
				     (double)count_of(time), &got, &unit));
	assert_string_equal(unit, "MB/s bandwidth");
	want = (double)(w.after.bytes[FABRIC_INBOUND][0] - w.before.bytes[FABRIC_INBOUND][0]) /
	       (2.0 * MS) * 1000.0;
	assert_within_1pct(got, want);
	/* len_mode=2: header bytes alone, as the driver of Linux 6.12 and later writes it */
	want =
	    (double)(w.after.hdr_bytes[FABRIC_INBOUND][0] - w.before.hdr_bytes[FABRIC_INBOUND][0]) /
	    (2.0 * MS) * 1000.0;
	assert_true(hisi_pcie_metric(HISI_PCIE_BANDWIDTH, (double)count_of(hdr),
				     (double)count_of(hdr_time), &got, &unit));
	assert_within_1pct(got, want);
	perf_event_close(hdr_time);
	perf_event_close(hdr);
	perf_event_close(time);
	perf_event_close(flux);
}

int main(void)
{
	const struct CMUnitTest read_tests[] = {
	    cmocka_unit_test(sysfs_files),
	    cmocka_unit_test(validation),
	    cmocka_unit_test(groups_fit_in_eight_counters),
	    cmocka_unit_test(pair_shares_one_counter),
	    cmocka_unit_test(read_latency_matches_truth),
	};
	const struct CMUnitTest write_tests[] = {
	    cmocka_unit_test(bandwidth_matches_truth),
	};

	return cmocka_run_group_tests(read_tests, boot_read, shutdown) |
	       cmocka_run_group_tests(write_tests, boot_write, shutdown);
}
