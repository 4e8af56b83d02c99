// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a link carries (pcie/traffic.h): capacity after line encoding, a
 * read request counted by its header and never by what it asks for, and
 * utilisation that cannot pass 100 %.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <pciescope/pcie/traffic.h>

static void capacity_after_line_encoding(void **state)
{
	(void)state;
	assert_true(pcie_link_capacity_mbps(2.5, 1) == 250.0);
	assert_true(pcie_link_capacity_mbps(5.0, 4) == 2000.0);
	assert_true(pcie_link_capacity_mbps(16.0, 4) > 7876.9 &&
		    pcie_link_capacity_mbps(16.0, 4) < 7877.0);
	assert_true(pcie_link_capacity_mbps(32.0, 16) > 63015.3 &&
		    pcie_link_capacity_mbps(32.0, 16) < 63015.5);
	assert_true(pcie_link_capacity_mbps(0, 4) == 0);
	assert_true(pcie_link_capacity_mbps(8.0, 0) == 0);
}

static void a_read_counts_its_header_not_its_data(void **state)
{
	/* 1000 reads of 4 KiB each way: the request direction carries 16 kB */
	struct pcie_flow req = {0, 0, 1000.0 * PCIE_READ_REQ_HDR_BYTES},
			 cpl = {0, 1000.0 * (4096 + 12), 0};

	(void)state;
	assert_true(pcie_flow_total(&req) == 16000.0);
	assert_true(pcie_flow_total(&cpl) == 4108000.0);
	req.posted = 500;
	assert_true(pcie_flow_total(&req) == 16500.0);
}

static void utilisation_stops_at_the_link(void **state)
{
	(void)state;
	assert_true(pcie_link_utilisation(750, 1000) == 75.0);
	assert_true(pcie_link_utilisation(1020, 1000) == 100.0);
	assert_true(pcie_link_utilisation(-5, 1000) == 0.0);
	assert_true(pcie_link_utilisation(5, 0) < 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(capacity_after_line_encoding),
	    cmocka_unit_test(a_read_counts_its_header_not_its_data),
	    cmocka_unit_test(utilisation_stops_at_the_link),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
