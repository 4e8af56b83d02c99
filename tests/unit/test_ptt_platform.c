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

#include <pciescope/core/kernel.h>
#include <pciescope/fabric/fabric.h>
#include <pciescope/pcie/tlp.h>
#include <pciescope/platform/platform.h>

#define CFG(filter, dir, type, fmt)                                                                \
	((uint64_t)(filter) | (uint64_t)(dir) << 20 | (uint64_t)(type) << 24 |                     \
	 (uint64_t)(fmt) << 32)

struct rig {
	struct platform *p;
	struct kcore *k;
	struct fabric *f;
	struct perf_event *e;
	uint8_t *data;
	size_t len, cap;
	uint32_t (*log)[4];
	size_t nlog, caplog;
	bool logging;
	int want_dir, want_cls;
	uint16_t want_rid; /* Root Port RID pair 00:10.0/00:10.1: match by device 0x10 */
};

static int boot(void **state, const char *workload)
{
	struct platform_options o = {.workload = workload, .seed = 3, .ephemeral = true};
	struct rig *r = calloc(1, sizeof(*r));
	char err[256];

	assert_int_equal(platform_boot(&o, &r->p, err, sizeof(err)), 0);
	r->k = platform_kcore(r->p);
	r->f = platform_fabric(r->p);
	*state = r;
	return 0;
}

static int boot_mixed(void **state)
{
	return boot(state, NULL);
}

static int boot_storage(void **state)
{
	return boot(state, "storage-read");
}

static int shutdown(void **state)
{
	struct rig *r = *state;

	platform_shutdown(r->p);
	free(r->data);
	free(r->log);
	free(r);
	return 0;
}

static void ground_truth(void *ctx, const struct fabric_tlp *t)
{
	struct rig *r = ctx;
	const struct fabric_node_desc *rp = fabric_node(r->f, t->port);

	if (!r->logging || t->dir != r->want_dir || t->cls != r->want_cls ||
	    PCI_RID_DEV(rp->rid) != PCI_RID_DEV(r->want_rid) || PCI_RID_BUS(rp->rid))
		return;
	if (r->nlog == r->caplog) {
		r->caplog = r->caplog ? 2 * r->caplog : 4096;
		r->log = realloc(r->log, r->caplog * sizeof(*r->log));
	}
	memcpy(r->log[r->nlog++], t->hdr, sizeof(t->hdr));
}

static int drain(void *ctx)
{
	struct rig *r = ctx;
	const void *p1, *p2;
	size_t n1, n2, total;
	uint64_t tail, rec[64];

	while (perf_event_next_record(r->e, rec, sizeof(rec)) > 0)
		;
	total = perf_aux_data(r->e, &tail, &p1, &n1, &p2, &n2);
	if (!total)
		return 0;
	if (r->len + total > r->cap) {
		r->cap = 2 * (r->len + total);
		r->data = realloc(r->data, r->cap);
	}
	memcpy(r->data + r->len, p1, n1);
	memcpy(r->data + r->len + n1, p2, n2);
	r->len += total;
	perf_aux_consume(r->e, total);
	return 0;
}

/* Records config on hisi_ptt0_2 for ns of simulated time; returns the bytes. */
static size_t record(struct rig *r, uint64_t config, uint64_t ns)
{
	struct perf_event_attr a = {
	    .size = sizeof(a), .config = config, .sample_period = 1, .disabled = 1};

	a.type = (uint32_t)perf_pmu_find(r->k->perf, "hisi_ptt0_2")->type;
	r->len = 0;
	r->nlog = 0;
	assert_int_equal(perf_event_open(r->k->perf, &a, -1, 0, NULL, &r->e), 0);
	assert_int_equal(perf_event_aux_map(r->e, 16u << 20, false), 0);
	r->logging = true;
	assert_int_equal(perf_event_enable(r->e), 0);
	assert_int_equal(platform_run_for(r->p, ns, drain, r), 0);
	assert_int_equal(perf_event_disable(r->e), 0);
	r->logging = false;
	drain(r);
	perf_event_close(r->e);
	return r->len;
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void seed_example_is_the_ground_truth(void **state)
{
	struct rig *r = *state;

	r->want_dir = FABRIC_OUTBOUND;
	r->want_cls = TLP_CLASS_P;
	r->want_rid = PCI_RID(0, 0x10, 0);
	assert_int_equal(fabric_add_observer(r->f, 0, 2, ground_truth, r), 0);
	record(r, CFG(0x80001, 1, 1, 1), 3000000);
	fabric_remove_observer(r->f, ground_truth, r);
	assert_true(r->nlog > 100);
	assert_int_equal(r->len, r->nlog * 32);
	for (size_t i = 0; i < r->nlog; i++) {
		const uint8_t *e = r->data + 32 * i;

		assert_int_equal(le32(e), 0xffffffffu);
		for (int w = 0; w < 4; w++)
			assert_int_equal(le32(e + 8 + 4 * w), r->log[i][w]);
		assert_int_equal(tlp_class_of(tlp_kind_of(le32(e + 8))), TLP_CLASS_P);
	}
}

static void every_seed_example_has_data(void **state)
{
	static const uint64_t cfgs[] = {
	    CFG(0x80001, 0, 7, 0), CFG(0x80001, 1, 1, 0), CFG(0x80001, 1, 2, 0),
	    CFG(0x80001, 1, 4, 0), CFG(0x80011, 2, 7, 0), CFG(0x80011, 3, 4, 0),
	    CFG(0x80001, 1, 1, 1), CFG(0x80001, 1, 2, 1), CFG(0x80001, 1, 4, 1),
	    CFG(0x80011, 2, 1, 1), CFG(0x80011, 2, 2, 1), CFG(0x80011, 2, 4, 1),
	    CFG(0x80011, 3, 4, 1), CFG(0x00101, 0, 7, 0), CFG(0x00101, 1, 4, 1),
	};
	struct rig *r = *state;

	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		size_t n = record(r, cfgs[i], 1000000);

		if (!n)
			fail_msg("config 0x%llx traced nothing", (unsigned long long)cfgs[i]);
	}
}

/* Completions' share of the outbound TLPs through 00:10.0 and 00:10.1 over 2 ms. */
static double cpl_share(struct rig *r)
{
	size_t n = record(r, CFG(0x80001, 1, 7, 0), 2000000) / 16, cpl = 0;

	for (size_t i = 0; i < n; i++) {
		uint32_t dw0 = le32(r->data + 16 * i);
		uint32_t hdr0 = (dw0 >> 30) << 29 | ((dw0 >> 25) & 0x1f) << 24;

		cpl += tlp_class_of(tlp_kind_of(hdr0)) == TLP_CLASS_CPL;
	}
	assert_true(n > 1000);
	return (double)cpl / (double)n;
}

static void qos_tx_cpl_raises_the_completion_share(void **state)
{
	struct rig *r = *state;
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
	struct rig *r = *state;
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
	    cmocka_unit_test_setup_teardown(seed_example_is_the_ground_truth, boot_mixed, shutdown),
	    cmocka_unit_test_setup_teardown(every_seed_example_has_data, boot_mixed, shutdown),
	    cmocka_unit_test_setup_teardown(filters_follow_remove_and_rescan, boot_mixed, shutdown),
	    cmocka_unit_test_setup_teardown(qos_tx_cpl_raises_the_completion_share, boot_storage,
					    shutdown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
