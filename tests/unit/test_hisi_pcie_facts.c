// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PCIe PMU facts the tools share (perf/hisi_pcie_events.h): two events
 * are a pair when they differ only in the extended-counter bit, and the
 * functions of one Root Port device share a port bit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <pciescope/perf/hisi_pcie_events.h>

static void a_pair_differs_only_in_the_extended_counter(void **state)
{
	struct perf_event_attr flux = {.config = 0x0104, .config1 = 0, .config2 = 0x1};
	struct perf_event_attr time = flux, other = flux, elsewhere = flux;

	time.config |= HISI_PCIE_EXT_COUNTER;
	other.config = 0x0204 | HISI_PCIE_EXT_COUNTER;
	elsewhere.config = time.config;
	elsewhere.config2 = 0x2;
	assert_true(hisi_pcie_pair(&flux, &time));
	assert_true(hisi_pcie_pair(&time, &flux));
	assert_false(hisi_pcie_pair(&flux, &flux));
	assert_false(hisi_pcie_pair(&flux, &other));
	assert_false(hisi_pcie_pair(&flux, &elsewhere));
}

static void functions_of_one_device_share_a_port_bit(void **state)
{
	assert_int_equal(hisi_pcie_port_bit(0x0000), 0x1);   /* 00:00.0 */
	assert_int_equal(hisi_pcie_port_bit(0x0020), 0x100); /* 00:04.0 */
	assert_int_equal(hisi_pcie_port_bit(0x0080), 0x1);   /* 00:10.0 */
	assert_int_equal(hisi_pcie_port_bit(0x0081), 0x1);   /* 00:10.1 */
	assert_int_equal(hisi_pcie_port_bit(0x0090), 0x10);  /* 00:12.0 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_pair_differs_only_in_the_extended_counter),
	    cmocka_unit_test(functions_of_one_device_share_a_port_bit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
