// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PMU sampler of `serve`, `top` and `diagnose`: Root Ports whose
 * device numbers share a port bit of the PCIe PMU (0000:00:10.0 and
 * 0000:00:10.1 on kunpeng930) share its counter too, so they are one series
 * labelled with both, never two series counting the same thing twice; each
 * series is a flux/time or latency/cnt pair whose halves are partners; the
 * link model over its counts has a link per Root Port, the shared bit
 * split by requester; asked for one PMU, it counts that one alone.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/tool/pmu_sampler.h>

#include "emulated_open.h"

static size_t series_labelled(const struct pmu_sampler *sv, const char *bdf, const char *tlp,
			      bool latency)
{
	size_t n = 0;

	for (size_t i = 0; i < sv->nser; i++)
		n += !strcmp(sv->ser[i].bdf, bdf) && !strcmp(sv->ser[i].tlp, tlp) &&
		     sv->ser[i].latency == latency;
	return n;
}

static void root_ports_sharing_a_port_bit_are_one_series(void **state)
{
	struct backend *b = open_emulated();
	struct pmu_sampler sv = {0};

	assert_int_equal(pmu_sampler_open(&sv, b, NULL), 0);
	for (size_t k = 0; k < HISI_PCIE_BW_KINDS; k++) {
		assert_int_equal(
		    series_labelled(&sv, "0000:00:10.0,0000:00:10.1", hisi_pcie_bw_kinds[k], false),
		    1);
		assert_int_equal(series_labelled(&sv, "0000:00:10.0", hisi_pcie_bw_kinds[k], false),
				 0);
		assert_int_equal(series_labelled(&sv, "0000:00:10.1", hisi_pcie_bw_kinds[k], false),
				 0);
		/* a Root Port alone on its bit is a series of its own */
		assert_int_equal(series_labelled(&sv, "0000:00:12.0", hisi_pcie_bw_kinds[k], false),
				 1);
	}
	for (size_t k = 0; k < HISI_PCIE_LAT_KINDS; k++)
		assert_int_equal(
		    series_labelled(&sv, "0000:00:10.0,0000:00:10.1", hisi_pcie_lat_kinds[k], true),
		    1);
	pmu_sampler_close(&sv);
	backend_close(b);
}

static void each_series_is_a_counted_pair(void **state)
{
	struct backend *b = open_emulated();
	struct pmu_sampler sv = {0};
	struct backend_count *delta;
	char *argv[] = {"sleep", "0.001", NULL};
	uint64_t elapsed;
	int status;

	assert_int_equal(pmu_sampler_open(&sv, b, NULL), 0);
	assert_true(sv.nser > 0);
	delta = calloc(sv.s.events.n, sizeof(*delta));
	assert_non_null(delta);
	assert_int_equal(b->ops->run(b, argv, NULL, NULL, &elapsed, &status), 0);
	/* the PMU runs its groups in turns: on until each has run */
	assert_int_equal(pmu_sampler_run_until_counted(&sv, b->ops->now_ns(b) + 100000000), 0);
	assert_true(pmu_sampler_all_counted(&sv));
	assert_int_equal(pmu_sampler_read(&sv, delta), 0);
	for (size_t i = 0; i < sv.nser; i++) {
		const struct event *c = &sv.s.events.ev[sv.ser[i].main];

		assert_true(c->partner >= 0);
		assert_int_equal(sv.s.events.ev[c->partner].partner, (int)sv.ser[i].main);
		/* the NIC and the drive below the shared bit read memory all the time */
		if (!strcmp(sv.ser[i].bdf, "0000:00:10.0,0000:00:10.1") &&
		    !strcmp(sv.ser[i].tlp, "rx_mrd") && !sv.ser[i].latency)
			assert_true(delta[sv.ser[i].main].value > 0);
	}
	/* the drive and the NIC on their own links, as every view shows them */
	assert_int_equal(pmu_sampler_links(&sv, delta), 0);
	assert_int_equal(link_model_find(&sv.links, "0000:00:10.1")->dir[LINK_RX].basis,
			 LINK_SPLIT);
	assert_int_equal(link_model_find(&sv.links, "0000:00:10.0")->dir[LINK_TX].basis,
			 LINK_SPLIT);
	assert_int_equal(link_model_find(&sv.links, "0000:00:12.0")->dir[LINK_TX].basis,
			 LINK_COUNTED);
	free(delta);
	pmu_sampler_close(&sv);
	backend_close(b);
}

static void one_pmu_alone(void **state)
{
	struct backend *b = open_emulated();
	struct pmu_sampler sv = {0};
	struct pmu_sampler_opts o = {.pmu = "hisi_pcie0_core2"};

	assert_int_equal(pmu_sampler_open(&sv, b, &o), 0);
	assert_true(sv.nser > 0);
	assert_int_equal(sv.niommu, 0);
	for (size_t i = 0; i < sv.s.events.n; i++)
		assert_string_equal(sv.s.events.ev[i].spec->pmu, "hisi_pcie0_core2");
	pmu_sampler_close(&sv);
	backend_close(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(root_ports_sharing_a_port_bit_are_one_series),
	    cmocka_unit_test(each_series_is_a_counted_pair),
	    cmocka_unit_test(one_pmu_alone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
