// SPDX-License-Identifier: GPL-2.0-only
/*
 * The live rules of the diag library: a link is downgraded only below what
 * both ends support, saturated from 90 % of its capacity after line
 * encoding and the link layer at the link's own MPS, and a port without
 * its own PMU counts is not judged.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/diag/live.h>
#include <pciescope/pcie/traffic.h>

static size_t findings(const struct diag_port *p, size_t n, struct diag_findings *l)
{
	struct diag_thresholds th;

	diag_thresholds_default(&th);
	memset(l, 0, sizeof(*l));
	assert_int_equal(diag_live_rules(p, n, &th, l), 0);
	return l->n;
}

static void downgraded_needs_both_ends(void **state)
{
	struct diag_port p = {.bdf = "0000:00:0c.0",
			      .speed = 8,
			      .max_speed = 16,
			      .width = 4,
			      .max_width = 4,
			      .have_dev = true,
			      .dev_max_speed = 8,
			      .dev_max_width = 4};
	struct diag_findings l;

	/* the device tops out at 8 GT/s: the link is as fast as it can be */
	assert_int_equal(findings(&p, 1, &l), 0);
	diag_findings_free(&l);
	p.dev_max_speed = 16;
	assert_int_equal(findings(&p, 1, &l), 1);
	assert_string_equal(l.f[0].id, "link-downgraded");
	assert_string_equal(l.f[0].subject, "0000:00:0c.0");
	assert_int_equal(l.f[0].severity, DIAG_WARNING);
	diag_findings_free(&l);
	/* width too: x8 against a x16 port is fine for a x8 device, not for a x16 one */
	p = (struct diag_port){.bdf = "0000:00:00.0",
			       .speed = 16,
			       .max_speed = 16,
			       .width = 8,
			       .max_width = 16,
			       .have_dev = true,
			       .dev_max_speed = 16,
			       .dev_max_width = 8};
	assert_int_equal(findings(&p, 1, &l), 0);
	diag_findings_free(&l);
	p.dev_max_width = 16;
	assert_int_equal(findings(&p, 1, &l), 1);
	assert_string_equal(l.f[0].id, "link-downgraded");
	diag_findings_free(&l);
}

/*
 * 90 % of what the link leaves for TLPs: a 16 GT/s x4 link at MPS 256 sends
 * two 8-byte DLLPs per 214 symbol times (its Ack latency limit) and a
 * 4-symbol SKP per 1538.
 */
static void saturated_from_ninety_percent_of_the_tlp_capacity(void **state)
{
	double cap = pcie_link_capacity_mbps(16, 4) * (1 - 16.0 / 214 - 4.0 / 1538);
	struct diag_port p = {.bdf = "0000:00:04.0",
			      .speed = 16,
			      .max_speed = 16,
			      .width = 4,
			      .max_width = 4,
			      .have_bw = true,
			      .in_mbps = 10,
			      .out_mbps = 0.89 * cap};
	struct diag_findings l;

	assert_int_equal(findings(&p, 1, &l), 0);
	diag_findings_free(&l);
	p.out_mbps = 0.9 * cap;
	assert_int_equal(findings(&p, 1, &l), 1);
	assert_string_equal(l.f[0].id, "link-saturated");
	assert_non_null(strstr(l.f[0].summary, "outbound"));
	diag_findings_free(&l);
	/* counts shared with another port (have_bw false) are not judged */
	p.have_bw = false;
	assert_int_equal(findings(&p, 1, &l), 0);
	diag_findings_free(&l);
}

/* A link set to MPS 128 sends more DLLPs per byte: it saturates sooner than at 256. */
static void saturation_at_the_links_own_mps(void **state)
{
	double cap128 = pcie_link_tlp_capacity_mbps(16, 4, 128);
	struct diag_port p = {.bdf = "0000:00:04.0",
			      .speed = 16,
			      .max_speed = 16,
			      .width = 4,
			      .max_width = 4,
			      .have_bw = true,
			      .out_mbps = 0.905 * cap128};
	struct diag_findings l;

	assert_true(p.out_mbps < 0.9 * pcie_link_tlp_capacity_mbps(16, 4, 256));
	assert_int_equal(findings(&p, 1, &l), 0);
	diag_findings_free(&l);
	p.mps = 128;
	assert_int_equal(findings(&p, 1, &l), 1);
	assert_string_equal(l.f[0].id, "link-saturated");
	diag_findings_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(downgraded_needs_both_ends),
	    cmocka_unit_test(saturated_from_ninety_percent_of_the_tlp_capacity),
	    cmocka_unit_test(saturation_at_the_links_own_mps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
