// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AMD IOMMU PMUs on the booted epyc platform: counts equal the model's
 * ground truth, both config layouts, filters, exhaustion, wrap-around.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/core/kernel.h>
#include <pciescope/platform/amd_iommu.h>
#include <pciescope/platform/model.h>
#include <pciescope/platform/platform.h>
#include <pciescope/regs/amd_iommu.h>

#define MS 1000000ull

static struct platform *p;
static struct kcore *k;

static int boot(void **state)
{
	struct platform_options o = {.name = "epyc", .seed = 1, .ephemeral = true};
	struct error err;

	if (platform_boot(&o, &p, &err))
		return -1;
	k = platform_kcore(p);
	return 0;
}

static int shutdown_platform(void **state)
{
	platform_shutdown(p);
	return 0;
}

static struct perf_event *open_ev(const char *pmu, uint64_t config, uint64_t config1,
				  bool exclude_kernel, int *err)
{
	struct perf_event_attr a = {.size = sizeof(a), .config = config, .config1 = config1};
	struct pmu *m = perf_pmu_find(k->perf, pmu);
	struct perf_event *e = NULL;

	assert_non_null(m);
	a.type = (uint32_t)m->type;
	a.exclude_kernel = exclude_kernel;
	a.exclude_hv = exclude_kernel;
	*err = perf_event_open(k->perf, &a, -1, 0, NULL, &e);
	return e;
}

static uint64_t value(struct perf_event *e)
{
	uint64_t v, en, run;

	assert_int_equal(perf_event_read_value(e, &v, &en, &run), 0);
	return v;
}

static void *iommu0(void)
{
	struct pci_bdf b = {0, PCI_RID(0, 0, 2)};

	return platform_model(p, b);
}

static void seed_command_counts_translations(void **state)
{
	int err;
	struct perf_event *e = open_ev("iommuv2", 0x8000000000000005ull, 0, true, &err);

	assert_int_equal(err, 0);
	assert_int_equal(perf_event_enable(e), 0);
	assert_int_equal(platform_run_for(p, 10 * MS, NULL, NULL), 0);
	assert_true(value(e) > 0);
	assert_int_equal(value(e), amd_iommu_model_event_total(iommu0(), 5));
	perf_event_close(e);
}

static void six_x_pmu_refuses_exclude_bits(void **state)
{
	int err;

	assert_null(open_ev("amd_iommu_0", 5, 0, true, &err));
	assert_int_equal(err, -22);
	perf_event_close(open_ev("amd_iommu_0", 5, 0, false, &err));
	assert_int_equal(err, 0);
}

static void both_layouts_agree_on_a_device_filter(void **state)
{
	int err;
	/* NIC 02:00.0 below IOMMU 0 */
	struct perf_event *a = open_ev("amd_iommu_0", 5 | 0x0200ull << 8, 0, false, &err);
	struct perf_event *b = open_ev("iommuv2", 5 | 0x0200ull << 8, 0, false, &err);
	struct perf_event *all = open_ev("amd_iommu_0", 5, 0, false, &err);
	struct perf_event *none = open_ev("amd_iommu_0", 5 | 0x4100ull << 8, 0, false, &err);

	perf_event_enable(a);
	perf_event_enable(b);
	perf_event_enable(all);
	perf_event_enable(none);
	platform_run_for(p, 2 * MS, NULL, NULL);
	assert_true(value(a) > 0);
	assert_int_equal(value(a), value(b));
	assert_true(value(all) >= value(a));
	assert_int_equal(value(none), 0);
}

static void masks_widen_a_filter(void **state)
{
	int err;
	/* devid 0x0100 with the whole bus don't-care covers 01:00.0 and 02:00.0 */
	struct perf_event *nvme = open_ev("amd_iommu_0", 5 | 0x0100ull << 8, 0, false, &err);
	struct perf_event *nic = open_ev("amd_iommu_0", 5 | 0x0200ull << 8, 0, false, &err);
	struct perf_event *both = open_ev("amd_iommu_0", 5 | 0x0000ull << 8, 0x0300, false, &err);

	perf_event_enable(nvme);
	perf_event_enable(nic);
	perf_event_enable(both);
	platform_run_for(p, 2 * MS, NULL, NULL);
	assert_true(value(nvme) > 0);
	assert_int_equal(value(both), value(nvme) + value(nic));
}

static void pasid_and_domain_filters(void **state)
{
	int err;
	/* 6.x: domid [39:24], pasid [59:40]; the NIC's requests carry PASID 3 */
	struct perf_event *pasid = open_ev("amd_iommu_0", 5 | 3ull << 40, 0, false, &err);
	struct perf_event *wrong = open_ev("amd_iommu_0", 5 | 7ull << 40, 0, false, &err);
	/* iommuv2: pasid [39:24] with enable bit 57 */
	struct perf_event *seed = open_ev("iommuv2", 5 | 3ull << 24 | 1ull << 57, 0, false, &err);
	struct perf_event *dom = open_ev("iommuv2", 5 | 9999ull << 40 | 1ull << 58, 0, false, &err);

	perf_event_enable(pasid);
	perf_event_enable(wrong);
	perf_event_enable(seed);
	perf_event_enable(dom);
	platform_run_for(p, 2 * MS, NULL, NULL);
	assert_true(value(pasid) > 0);
	assert_int_equal(value(wrong), 0);
	assert_int_equal(value(seed), value(pasid));
	assert_int_equal(value(dom), 0);
}

static void more_events_than_counters_are_multiplexed(void **state)
{
	struct perf_event *e[9];
	uint64_t v, en, run;
	int err, scaled = 0;

	for (int i = 0; i < 9; i++) {
		e[i] = open_ev("amd_iommu_0", 5, 0, false, &err);
		assert_int_equal(err, 0);
		perf_event_enable(e[i]);
	}
	platform_run_for(p, 9 * MS, NULL, NULL);
	for (int i = 0; i < 9; i++) {
		assert_int_equal(perf_event_read_value(e[i], &v, &en, &run), 0);
		assert_true(run <= en);
		scaled += run < en;
	}
	/* 2 banks x 4 counters: at least one event did not run all the time */
	assert_true(scaled > 0);
}

static void wraps_at_48_bits_without_loss(void **state)
{
	int err;
	struct perf_event *e = open_ev("amd_iommu_0", 5, 0, false, &err);
	struct kdevice *d = kcore_find_device(k, (struct pci_bdf){0, PCI_RID(0, 0, 2)});
	uint64_t off = AMD_IOMMU_PC_OFFSET(0, 0, AMD_IOMMU_PC_COUNTER);
	uint64_t before, total0, near = AMD_IOMMU_COUNTER_MASK - 5;

	perf_event_enable(e);
	platform_run_for(p, 1 * MS, NULL, NULL);
	before = value(e);
	total0 = amd_iommu_model_event_total(iommu0(), 5);
	/* Put the running counter just below the wrap, as if it had counted long. */
	bus_write64(d->bus, 0, off, near);
	e->hw.prev_count = near;
	platform_run_for(p, 2 * MS, NULL, NULL);
	assert_true(bus_read64(d->bus, 0, off) < near);
	assert_int_equal(value(e) - before, amd_iommu_model_event_total(iommu0(), 5) - total0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(seed_command_counts_translations, boot,
					    shutdown_platform),
	    cmocka_unit_test_setup_teardown(six_x_pmu_refuses_exclude_bits, boot,
					    shutdown_platform),
	    cmocka_unit_test_setup_teardown(both_layouts_agree_on_a_device_filter, boot,
					    shutdown_platform),
	    cmocka_unit_test_setup_teardown(masks_widen_a_filter, boot, shutdown_platform),
	    cmocka_unit_test_setup_teardown(pasid_and_domain_filters, boot, shutdown_platform),
	    cmocka_unit_test_setup_teardown(more_events_than_counters_are_multiplexed, boot,
					    shutdown_platform),
	    cmocka_unit_test_setup_teardown(wraps_at_48_bits_without_loss, boot, shutdown_platform),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
