// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PMUs of a backend as data (tool/pmu_list.h) on the emulated
 * machine: a PTT with its tune levels as numbers and its filters, a PCIe
 * PMU with its format and events, every PMU of the directory, or the ones
 * a caller wants.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/tool/pmu_list.h>

#include "emulated_open.h"

static void a_ptt_has_its_levels_as_numbers_and_its_filters(void **state)
{
	struct backend *b = open_emulated();
	json_t *p = pmu_list_one(b, "hisi_ptt0_2"), *f;

	assert_string_equal(json_string_value(json_object_get(p, "name")), "hisi_ptt0_2");
	assert_true(json_is_integer(json_object_get(p, "type")));
	assert_true(json_is_integer(json_object_get(json_object_get(p, "tune"), "qos_tx_cpl")));
	f = json_object_get(p, "root_port_filters");
	assert_true(json_is_boolean(json_object_get(f, "multiselect")));
	assert_true(json_object_size(json_object_get(f, "filters")) > 0);
	assert_null(json_object_get(json_object_get(f, "filters"), "multiselect"));
	json_decref(p);
	backend_close(b);
}

static void a_pcie_pmu_has_format_and_events_and_no_tune(void **state)
{
	struct backend *b = open_emulated();
	json_t *p = pmu_list_one(b, "hisi_pcie0_core2");

	assert_non_null(json_object_get(json_object_get(p, "format"), "port"));
	assert_true(json_is_string(json_object_get(json_object_get(p, "events"), "rx_mrd_flux")));
	assert_null(json_object_get(p, "tune"));
	assert_null(json_object_get(p, "root_port_filters"));
	json_decref(p);
	backend_close(b);
}

static bool ptt_only(const char *name, void *ctx)
{
	(*(unsigned *)ctx)++;
	return !strncmp(name, "hisi_ptt", 8);
}

static void every_pmu_or_those_wanted(void **state)
{
	struct backend *b = open_emulated();
	json_t *all = json_array(), *some = json_array();
	unsigned asked = 0;
	size_t i;
	json_t *p;

	assert_int_equal(pmu_list_all(b, NULL, NULL, all), 0);
	assert_int_equal(pmu_list_all(b, ptt_only, &asked, some), 0);
	assert_int_equal(asked, json_array_size(all));
	assert_true(json_array_size(some) > 0 && json_array_size(some) < json_array_size(all));
	json_array_foreach(some, i, p) assert_non_null(json_object_get(p, "tune"));
	json_decref(all);
	json_decref(some);
	backend_close(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_ptt_has_its_levels_as_numbers_and_its_filters),
	    cmocka_unit_test(a_pcie_pmu_has_format_and_events_and_no_tune),
	    cmocka_unit_test(every_pmu_or_those_wanted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
