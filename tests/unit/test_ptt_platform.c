// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PTT on the default kunpeng930 platform, through the perf core the way
 * a tool uses it, against the fabric's own log of every TLP:
 * - the seed's example event records exactly the outbound posted TLPs that
 *   crossed the Root Ports with filter bit 0x1 (00:10.0 and 00:10.1 share
 *   it), in order;
 * - every example of the seed (each format/direction, the Root Port and the
 *   requester filters) produces data with the default workload;
 * - the filter lists follow remove and rescan through PCI sysfs;
 * - qos_tx_cpl changes the share of completions on a busy storage link.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/pcie/tlp.h>
#include <pciescope/trace/ptt_entry.h>

#include "ptt_rig.h"

static int boot_mixed(void **state)
{
	return ptt_rig_setup(state, NULL, 3);
}

static int boot_storage(void **state)
{
	return ptt_rig_setup(state, "storage-read", 3);
}

/* Records config on hisi_ptt0_2 for ns of simulated time; returns the bytes. */
static size_t record(struct ptt_rig *r, uint64_t config, uint64_t ns)
{
	return ptt_rig_record(r, config, 16u << 20, ns, NULL, NULL);
}

static void seed_example_is_the_ground_truth(void **state)
{
	struct ptt_rig *r = *state;

	r->hdr_dir = FABRIC_OUTBOUND;
	r->hdr_cls = TLP_CLASS_P;
	ptt_rig_record(r, PTT_CFG(0x80001, 1, 1, 1), 16u << 20, 3000000, ptt_rig_log_header, r);
	assert_true(r->nhdr > 100);
	assert_int_equal(r->aux.len, r->nhdr * 32);
	for (size_t i = 0; i < r->nhdr; i++) {
		const uint8_t *e = r->aux.data + 32 * i;

		assert_int_equal(ptt_le32(e), 0xffffffffu);
		for (int w = 0; w < 4; w++)
			assert_int_equal(ptt_le32(e + 8 + 4 * w), r->hdr[i][w]);
		assert_int_equal(tlp_class_of(tlp_kind_of(ptt_le32(e + 8))), TLP_CLASS_P);
	}
}

static void every_seed_example_has_data(void **state)
{
	static const uint64_t cfgs[] = {
	    PTT_CFG(0x80001, 0, 7, 0), PTT_CFG(0x80001, 1, 1, 0), PTT_CFG(0x80001, 1, 2, 0),
	    PTT_CFG(0x80001, 1, 4, 0), PTT_CFG(0x80011, 2, 7, 0), PTT_CFG(0x80011, 3, 4, 0),
	    PTT_CFG(0x80001, 1, 1, 1), PTT_CFG(0x80001, 1, 2, 1), PTT_CFG(0x80001, 1, 4, 1),
	    PTT_CFG(0x80011, 2, 1, 1), PTT_CFG(0x80011, 2, 2, 1), PTT_CFG(0x80011, 2, 4, 1),
	    PTT_CFG(0x80011, 3, 4, 1), PTT_CFG(0x00101, 0, 7, 0), PTT_CFG(0x00101, 1, 4, 1),
	};
	struct ptt_rig *r = *state;

	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		size_t n = record(r, cfgs[i], 1000000);

		if (!n)
			fail_msg("config 0x%llx traced nothing", (unsigned long long)cfgs[i]);
	}
}

/* Completions' share of the outbound TLPs through 00:10.0 and 00:10.1 over 2 ms. */
static double cpl_share(struct ptt_rig *r)
{
	size_t n = record(r, PTT_CFG(0x80001, 1, 7, 0), 2000000) / 16, cpl = 0;

	for (size_t i = 0; i < n; i++) {
		uint32_t dw0 = ptt_4dw_tlp_dw0(ptt_le32(r->aux.data + 16 * i));

		cpl += tlp_class_of(tlp_kind_of(dw0)) == TLP_CLASS_CPL;
	}
	assert_true(n > 1000);
	return (double)cpl / (double)n;
}

static void qos_tx_cpl_raises_the_completion_share(void **state)
{
	struct ptt_rig *r = *state;
	const char *f = "/sys/bus/event_source/devices/hisi_ptt0_2/tune/qos_tx_cpl";
	double low, high;

	assert_int_equal(sysfs_write(r->k->sysfs, f, "0", 1), 1);
	low = cpl_share(r);
	assert_int_equal(sysfs_write(r->k->sysfs, f, "2", 1), 1);
	high = cpl_share(r);
	if (!(high > low))
		fail_msg("completion share %.3f at qos_tx_cpl=0, %.3f at 2", low, high);
}

/* remove and rescan through the PCI sysfs files, as a user does it */
static void filters_follow_remove_and_rescan(void **state)
{
	struct ptt_rig *r = *state;
	const char *ep = "/sys/bus/event_source/devices/hisi_ptt0_2/requester_filters/0000:01:00.1";
	const char *rp = "/sys/bus/event_source/devices/hisi_ptt0_2/root_port_filters/0000:00:12.0";
	char buf[64];

	assert_int_equal(
	    sysfs_write(r->k->sysfs, "/sys/bus/pci/devices/0000:01:00.1/remove", "1", 1), 1);
	assert_true(sysfs_read(r->k->sysfs, ep, buf, sizeof(buf)) < 0);
	assert_int_equal(
	    sysfs_write(r->k->sysfs, "/sys/bus/pci/devices/0000:00:12.0/remove", "1", 1), 1);
	assert_true(sysfs_read(r->k->sysfs, rp, buf, sizeof(buf)) < 0);
	assert_true(sysfs_read(r->k->sysfs,
			       "/sys/bus/event_source/devices/hisi_ptt0_2/requester_filters/"
			       "0000:03:00.0",
			       buf, sizeof(buf)) < 0);
	assert_int_equal(sysfs_write(r->k->sysfs, "/sys/bus/pci/rescan", "1", 1), 1);
	assert_int_equal(sysfs_read(r->k->sysfs, ep, buf, sizeof(buf)), 8);
	assert_memory_equal(buf, "0x00101\n", 8);
	assert_int_equal(sysfs_read(r->k->sysfs, rp, buf, sizeof(buf)), 8);
	assert_memory_equal(buf, "0x80010\n", 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(seed_example_is_the_ground_truth, boot_mixed,
					    ptt_rig_teardown),
	    cmocka_unit_test_setup_teardown(every_seed_example_has_data, boot_mixed,
					    ptt_rig_teardown),
	    cmocka_unit_test_setup_teardown(filters_follow_remove_and_rescan, boot_mixed,
					    ptt_rig_teardown),
	    cmocka_unit_test_setup_teardown(qos_tx_cpl_raises_the_completion_share, boot_storage,
					    ptt_rig_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
