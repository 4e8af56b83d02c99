// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PMU names of perf/pmu_name.h: what the drivers register is what the
 * tools find, each family whole, the numbers decimal and nothing else.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <pciescope/perf/pmu_name.h>

static void each_family_reads_back_what_it_writes(void **state)
{
	const struct pmu_name names[] = {
	    {PMU_HISI_PTT, 0, 2, 0},
	    {PMU_HISI_PCIE, 48, 10, 0},
	    {PMU_AMD_IOMMU, 0, 0, 3},
	    {PMU_IOMMUV2, 0, 0, 0},
	};
	const char *const text[] = {"hisi_ptt0_2", "hisi_pcie48_core10", "amd_iommu_3", "iommuv2"};
	char buf[PMU_NAME_LEN];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct pmu_name n;

		assert_string_equal(pmu_name_format(names[i], buf, sizeof(buf)), text[i]);
		assert_int_equal(pmu_name_parse(text[i], &n), names[i].family);
		assert_int_equal(n.sicl, names[i].sicl);
		assert_int_equal(n.core, names[i].core);
		assert_int_equal(n.index, names[i].index);
	}
}

static void the_ptt_and_the_pcie_pmu_of_a_core_share_its_numbers(void **state)
{
	struct pmu_name n;
	char buf[PMU_NAME_LEN];

	assert_int_equal(pmu_name_parse("hisi_ptt2_5", &n), PMU_HISI_PTT);
	n.family = PMU_HISI_PCIE;
	assert_string_equal(pmu_name_format(n, buf, sizeof(buf)), "hisi_pcie2_core5");
}

static void a_name_is_one_only_whole_and_in_decimal(void **state)
{
	const char *const others[] = {
	    "hisi_ptt",
	    "hisi_ptt0",
	    "hisi_ptt0_2x",
	    "hisi_ptt-1_2",
	    "hisi_ptt 0_2",
	    "hisi_ptt+0_2",
	    "hisi_pcie0_",
	    "amd_iommu_",
	    "amd_iommu_0x1",
	    "iommuv20",
	    "amd_iommu_4294967296",
	    "cpu",
	    "",
	    NULL,
	};

	for (size_t i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		assert_int_equal(pmu_name_parse(others[i], NULL), PMU_OTHER);
}

static void another_pmu_has_no_name_here(void **state)
{
	char buf[PMU_NAME_LEN] = "x";

	assert_string_equal(pmu_name_format((struct pmu_name){PMU_OTHER}, buf, sizeof(buf)), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(each_family_reads_back_what_it_writes),
	    cmocka_unit_test(the_ptt_and_the_pcie_pmu_of_a_core_share_its_numbers),
	    cmocka_unit_test(a_name_is_one_only_whole_and_in_decimal),
	    cmocka_unit_test(another_pmu_has_no_name_here),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
