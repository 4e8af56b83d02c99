// SPDX-License-Identifier: GPL-2.0-only
/*
 * A saturated link carries what the published PCIe bandwidth model says
 * (pcie-bench, docs/fabric.md *Link layer*): the raw bandwidth of its lanes
 * after line coding, less an 8-byte Ack and an 8-byte UpdateFC DLLP per Ack
 * latency limit and a 4-symbol SKP ordered set per 1538 symbol times, of
 * which each TLP's share is its payload over its wire bytes.  The expected
 * figures are worked out here from the spec's numbers, independently of the
 * engine's tables, for several generations, widths, Max Payload Sizes and
 * both data-carrying TLP types.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/fabric/fabric.h>

#include "test_scale.h"

#define NS_PER_MS 1000000ull

struct link_case {
	int gen, width;
	unsigned mps;
	unsigned ack_limit; /* the spec's Ack latency limit in symbol times for this link */
};

/* Lane rate after line coding, bytes per second. */
static double raw_bytes_per_s(int gen, int width)
{
	static const double gts[6] = {0, 2.5e9, 5e9, 8e9, 16e9, 32e9};
	double coding = gen <= 2 ? 8.0 / 10.0 : 128.0 / 130.0;

	return gts[gen] * coding * width / 8.0;
}

/* What the model leaves for TLPs, bytes per second. */
static double tlp_bytes_per_s(const struct link_case *c)
{
	double dllps = 2.0 * 8.0 / c->ack_limit, skp = 4.0 / 1538.0;

	return raw_bytes_per_s(c->gen, c->width) * (1.0 - dllps - skp);
}

/* One Root Port and one NVMe on the same link; the workload saturates it. */
static struct fabric *one_link(const struct link_case *c, const char *workload)
{
	struct fabric_node_desc rp = {
	    .kind = FABRIC_ROOT_PORT, .parent = -1, .width = c->width, .speed = c->gen};
	struct fabric_node_desc ep = {.kind = FABRIC_ENDPOINT,
				      .rid = 0x0100,
				      .width = c->width,
				      .speed = c->gen,
				      .role = FABRIC_EP_NVME};
	struct fabric *f = fabric_create(1);
	struct error err;

	assert_non_null(f);
	assert_int_equal(fabric_set_mps(f, c->mps), 0);
	assert_int_equal(fabric_add_node(f, &rp), 0);
	assert_int_equal(fabric_add_node(f, &ep), 1);
	fabric_set_buf_level(f, 0, 0, true, 2);
	assert_int_equal(
	    fabric_set_workload(f, workload, "size=256k,qd=64,mmio=0,mmio_rd=0,cfg=0,msg=0", &err),
	    0);
	return f;
}

/* Payload bytes per second of class cls crossing the Root Port in dir over a run. */
static double payload_rate(struct fabric *f, int dir, int cls)
{
	uint64_t warm = NS_PER_MS / 10, run = test_size(2 * NS_PER_MS, NS_PER_MS / 2);
	struct fabric_port_stats a, b;

	assert_int_equal(fabric_run_until(f, warm), 0);
	assert_int_equal(fabric_port_stats(f, 0, &a), 0);
	assert_int_equal(fabric_run_until(f, warm + run), 0);
	assert_int_equal(fabric_port_stats(f, 0, &b), 0);
	return (double)(b.bytes[dir][cls] - a.bytes[dir][cls]) * 1e9 / (double)run;
}

static void assert_near(double got, double want)
{
	if (got < want * 0.995 || got > want * 1.005)
		fail_msg("%.4g B/s, the model says %.4g B/s", got, want);
}

/* MWr with a 64-bit address: 4 DW header + 8 bytes of framing, sequence number and LCRC. */
static void saturated_writes_carry_the_model(void **state)
{
	static const struct link_case cases[] = {
	    {1, 1, 128, 237}, {2, 4, 512, 205},	  {3, 16, 256, 168},  {4, 8, 256, 203},
	    {4, 4, 256, 214}, {5, 16, 1024, 246}, {3, 2, 4096, 2177},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct link_case *c = &cases[i];
		struct fabric *f = one_link(c, "storage-write");
		double want = tlp_bytes_per_s(c) * c->mps / (c->mps + 16 + 8);

		assert_near(payload_rate(f, FABRIC_INBOUND, 0), want);
		fabric_destroy(f);
	}
}

/* CplD: 3 DW header + 8; a completion carries MPS bytes, at most the 512-byte read request. */
static void saturated_completions_carry_the_model(void **state)
{
	static const struct link_case cases[] = {
	    {1, 4, 128, 73},
	    {3, 8, 256, 203},
	    {4, 8, 512, 182},
	    {4, 4, 256, 214},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct link_case *c = &cases[i];
		struct fabric *f = one_link(c, "storage-read");
		unsigned cpl = c->mps < 512 ? c->mps : 512;
		double want = tlp_bytes_per_s(c) * cpl / (cpl + 12 + 8);

		assert_near(payload_rate(f, FABRIC_OUTBOUND, 2), want);
		fabric_destroy(f);
	}
}

static void odd_mps_refused(void **state)
{
	struct fabric *f = fabric_create(1);

	assert_non_null(f);
	assert_int_equal(fabric_set_mps(f, 64), -22);
	assert_int_equal(fabric_set_mps(f, 384), -22);
	assert_int_equal(fabric_set_mps(f, 8192), -22);
	assert_int_equal(fabric_set_mps(f, 4096), 0);
	fabric_destroy(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(saturated_writes_carry_the_model),
	    cmocka_unit_test(saturated_completions_carry_the_model),
	    cmocka_unit_test(odd_mps_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
