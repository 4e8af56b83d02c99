// SPDX-License-Identifier: GPL-2.0-only
/*
 * The replay workload (fabric/replay.h) as specifications, on kunpeng930's
 * fabric: the NVMe drive 02:00.0 below 00:10.1, the accelerator 03:00.0
 * below 00:12.0, the GPU 22:00.0 below 00:08.0.  A closed engine keeps its
 * window of reads in flight and goes as fast as they come back; a paced
 * one keeps its rate; a coupled one follows the other; the CPU's writes
 * "max" fill the Tx request buffer; a model the platform cannot play is
 * refused with one line naming what.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/fabric/replay.h>

#include "kunpeng_fabric.h"

#define NVME 0x0200	 /* 02:00.0 */
#define NVME_PORT 0x0081 /* 00:10.1, which times its reads */
#define ACCEL 0x0300
#define GPU 0x2200
#define MS 1000000ull

static struct fabric *with(const struct fabric_replay *m)
{
	struct fabric *f = kunpeng("idle");
	struct error err = {0};

	assert_int_equal(fabric_set_replay(f, m, &err), 0);
	assert_string_equal(fabric_workload(f), "replay");
	return f;
}

static struct fabric_replay_op op(uint8_t kind, uint8_t to, uint32_t bytes, uint32_t weight)
{
	return (struct fabric_replay_op){
	    .kind = kind, .to = to, .bytes = bytes, .align = 4096, .weight = weight};
}

/* A drive reading 512-byte blocks, its reads engine as given, no posted requests. */
static struct fabric_replay_dev reader(uint32_t window, uint64_t rate)
{
	struct fabric_replay_dev d = {.rid = NVME, .window = window, .nops = 1};

	d.op[0] = op(FABRIC_REPLAY_READ, FABRIC_REPLAY_HOST, 512, 1);
	for (int e = 0; e < FABRIC_REPLAY_ENGINES; e++)
		d.eng[e] = (struct fabric_replay_engine){.burst_milli = 1000};
	d.eng[FABRIC_REPLAY_READS].rate = rate;
	return d;
}

static struct fabric_port_stats stats(struct fabric *f, uint16_t rid)
{
	struct fabric_port_stats s;

	assert_int_equal(fabric_port_stats(f, node(f, rid), &s), 0);
	return s;
}

/* Little's law: a closed engine keeps window reads in flight all the run. */
static void closed_engine_keeps_its_window_in_flight(void **state)
{
	for (uint32_t window = 1; window <= 4; window *= 2) {
		struct fabric_replay m = {.ndev = 1};
		struct fabric *f;
		struct fabric_port_stats s;
		double in_flight;

		m.dev[0] = reader(window, 0);
		f = with(&m);
		assert_int_equal(fabric_run_until(f, 2 * MS), 0);
		s = stats(f, NVME_PORT);
		in_flight = (double)s.rd_latency_sum_ns / (2.0 * MS);
		assert_true(s.rd_count > 1000);
		assert_true(in_flight > 0.95 * window && in_flight <= window + 0.01);
		fabric_destroy(f);
	}
}

static void paced_engine_keeps_its_rate(void **state)
{
	struct fabric_replay m = {.ndev = 1};
	struct fabric *f;
	uint64_t reads;

	m.dev[0] = reader(0, 200000);
	m.dev[0].eng[FABRIC_REPLAY_READS].burst_milli = 2500; /* 2.5 reads per burst */
	f = with(&m);
	assert_int_equal(fabric_run_until(f, 10 * MS), 0);
	reads = stats(f, NVME).tlps[FABRIC_INBOUND][TLP_CLASS_NP];
	/* 200 k bursts/s of 2.5 over 10 ms */
	assert_in_range(reads, 4900, 5100);
	fabric_destroy(f);
}

/* Two 16-byte writes per read that came back, whatever the reads' pace. */
static void coupled_engine_follows_the_other(void **state)
{
	struct fabric_replay m = {.ndev = 1};
	struct fabric *f;
	struct fabric_port_stats s;

	m.dev[0] = reader(4, 0);
	m.dev[0].op[m.dev[0].nops++] = op(FABRIC_REPLAY_WRITE, FABRIC_REPLAY_HOST, 16, 1);
	m.dev[0].eng[FABRIC_REPLAY_POSTED].per_milli = 2000;
	f = with(&m);
	assert_int_equal(fabric_run_until(f, 2 * MS), 0);
	s = stats(f, NVME_PORT);
	assert_true(s.rd_count > 1000);
	assert_in_range(s.tlps[FABRIC_INBOUND][TLP_CLASS_P], 2 * s.rd_count - 8,
			2 * s.rd_count + 8);
	fabric_destroy(f);
}

/* As fast as the Tx request buffer takes them: 00:10.1's x4 link outbound is full. */
static void cpu_writes_at_max_fill_the_link(void **state)
{
	struct fabric_replay m = {.ncpu = 1};
	struct fabric *f;
	struct fabric_port_stats s;
	double wire;

	m.cpu[0] = (struct fabric_replay_cpu){
	    .rid = NVME, .wr_rate = FABRIC_REPLAY_MAX_RATE, .nsizes = 1, .wr = {{64, 1}}};
	f = with(&m);
	assert_int_equal(fabric_run_until(f, MS), 0);
	s = stats(f, NVME);
	/* 64-byte MWr32: 12 header + 64 + 8 framing bytes; Gen4 x4 carries ~7.3 GB/s for them */
	wire = (double)s.tlps[FABRIC_OUTBOUND][TLP_CLASS_P] * (12 + 64 + 8);
	assert_true(wire > 6.5e6 && wire < 8e6);
	fabric_destroy(f);
}

/* A peer's reads and writes go through the Root Complex to it (CPL B come back up). */
static void peer_ops_reach_the_peer(void **state)
{
	struct fabric_replay m = {.ndev = 1};
	struct fabric *f;

	m.dev[0] = (struct fabric_replay_dev){.rid = GPU, .window = 8, .nops = 2};
	m.dev[0].op[0] = op(FABRIC_REPLAY_READ, FABRIC_REPLAY_PEER, 512, 1);
	m.dev[0].op[1] = op(FABRIC_REPLAY_WRITE, FABRIC_REPLAY_PEER, 256, 1);
	m.dev[0].op[0].peer = m.dev[0].op[1].peer = ACCEL;
	for (int e = 0; e < FABRIC_REPLAY_ENGINES; e++)
		m.dev[0].eng[e] = (struct fabric_replay_engine){.burst_milli = 1000};
	m.dev[0].eng[FABRIC_REPLAY_POSTED].per_milli = 1000;
	f = with(&m);
	assert_int_equal(fabric_run_until(f, MS), 0);
	{
		struct fabric_port_stats s = stats(f, ACCEL);

		assert_true(s.tlps[FABRIC_OUTBOUND][TLP_CLASS_NP] > 1000);
		assert_true(s.tlps[FABRIC_OUTBOUND][TLP_CLASS_P] > 1000);
		assert_true(s.tlps[FABRIC_INBOUND][TLP_CLASS_CPL] > 1000);
	}
	fabric_destroy(f);
}

static void expect_refused(struct fabric_replay *m, const char *why)
{
	struct fabric *f = kunpeng("idle");
	struct error err = {0};

	assert_int_equal(fabric_set_replay(f, m, &err), -EINVAL);
	assert_non_null(strstr(err.msg, why));
	assert_null(strchr(err.msg, '\n'));
	assert_string_equal(fabric_workload(f), "idle");
	fabric_destroy(f);
}

static void refuses_what_the_platform_cannot_play(void **state)
{
	struct fabric_replay m = {.ndev = 1};

	m.dev[0] = reader(0, 0);
	m.dev[0].rid = 0x0500;
	expect_refused(&m, "replay: 05:00.0: not an endpoint of this platform");
	m.dev[0] = reader(0, 0);
	m.dev[0].op[0].weight = 0;
	expect_refused(&m, "02:00.0: its operations' weights add up to 0");
	m.dev[0] = reader(0, 0);
	m.dev[0].op[0].align = 48;
	expect_refused(&m, "a power of two from 4 to 4096");
	m.dev[0] = reader(0, 0);
	m.dev[0].op[0].to = FABRIC_REPLAY_PEER;
	m.dev[0].op[0].peer = 0x0201; /* not there */
	expect_refused(&m, "its peer must be one endpoint below another Root Port");
	m.dev[0] = reader(0, 0);
	m.dev[0].eng[0].per_milli = m.dev[0].eng[1].per_milli = 1000;
	expect_refused(&m, "only one of its engines may follow the other");
	m = (struct fabric_replay){.ncpu = 1};
	m.cpu[0] = (struct fabric_replay_cpu){
	    .rid = NVME, .wr_rate = 1000, .nsizes = 1, .wr = {{4096, 1}}};
	expect_refused(&m, "a CPU write carries 1 byte up to Max Payload Size");
}

/* Same model, same seed: the very same traffic; the model is copied, the caller's may go. */
static void same_seed_same_traffic(void **state)
{
	struct fabric_replay *m = calloc(1, sizeof(*m));
	struct fabric *a, *b;
	struct fabric_port_stats sa, sb;

	assert_non_null(m);
	m->ndev = 1;
	m->dev[0] = reader(3, 0);
	m->dev[0].op[m->dev[0].nops++] = op(FABRIC_REPLAY_WRITE, FABRIC_REPLAY_MSI, 4, 1);
	m->dev[0].eng[FABRIC_REPLAY_POSTED].rate = 50000;
	a = with(m);
	b = with(m);
	free(m);
	assert_int_equal(fabric_run_until(a, MS), 0);
	assert_int_equal(fabric_run_until(b, MS), 0);
	sa = stats(a, NVME);
	sb = stats(b, NVME);
	assert_memory_equal(&sa, &sb, sizeof(sa));
	fabric_destroy(a);
	fabric_destroy(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(closed_engine_keeps_its_window_in_flight),
	    cmocka_unit_test(paced_engine_keeps_its_rate),
	    cmocka_unit_test(coupled_engine_follows_the_other),
	    cmocka_unit_test(cpu_writes_at_max_fill_the_link),
	    cmocka_unit_test(peer_ops_reach_the_peer),
	    cmocka_unit_test(refuses_what_the_platform_cannot_play),
	    cmocka_unit_test(same_seed_same_traffic),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
