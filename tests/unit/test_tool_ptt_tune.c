// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PTT tune files of the tool library (tool/ptt_tune.h): where they
 * are, every level read and written in the order of hisi_ptt_tune_params
 * (or only those a mask names, which the text of the levels names too),
 * and a PMU without them read as unknown levels with the file named.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/tool/ptt_tune.h>

#include "emulated_open.h"

static void the_files_are_in_the_pmus_tune_directory(void **state)
{
	char buf[128];

	assert_string_equal(ptt_tune_path("hisi_ptt0_2", NULL, buf, sizeof(buf)),
			    "/sys/bus/event_source/devices/hisi_ptt0_2/tune");
	assert_string_equal(ptt_tune_path("hisi_ptt0_2", "qos_tx_np", buf, sizeof(buf)),
			    "/sys/bus/event_source/devices/hisi_ptt0_2/tune/qos_tx_np");
}

static void levels_written_are_read_back_in_order(void **state)
{
	struct backend *b = open_emulated();
	const int want[HISI_PTT_TUNE_NPARAM] = {2, 0, 1, 0, 2};
	int got[HISI_PTT_TUNE_NPARAM];
	struct error e;

	assert_int_equal(ptt_tune_write(b, "hisi_ptt0_2", want, PTT_TUNE_ALL, &e), 0);
	assert_int_equal(ptt_tune_read(b, "hisi_ptt0_2", got, &e), 0);
	assert_memory_equal(got, want, sizeof(want));
	backend_close(b);
}

static void only_the_levels_of_the_mask_are_written(void **state)
{
	struct backend *b = open_emulated();
	const int start[HISI_PTT_TUNE_NPARAM] = {0, 0, 0, 0, 0};
	const int some[HISI_PTT_TUNE_NPARAM] = {2, 2, 2, 2, 2};
	const int want[HISI_PTT_TUNE_NPARAM] = {0, 2, 0, 2, 0};
	int got[HISI_PTT_TUNE_NPARAM];
	char text[128];
	struct error e;

	assert_int_equal(ptt_tune_write(b, "hisi_ptt0_2", start, PTT_TUNE_ALL, &e), 0);
	assert_int_equal(ptt_tune_write(b, "hisi_ptt0_2", some, 1u << 1 | 1u << 3, &e), 0);
	assert_int_equal(ptt_tune_read(b, "hisi_ptt0_2", got, &e), 0);
	assert_memory_equal(got, want, sizeof(want));
	assert_string_equal(ptt_tune_text(got, 1u << 1 | 1u << 3, text, sizeof(text)),
			    "qos_tx_np=2 rx_alloc_buf_level=2");
	backend_close(b);
}

static void a_pmu_without_tune_files_has_unknown_levels(void **state)
{
	struct backend *b = open_emulated();
	int got[HISI_PTT_TUNE_NPARAM], want[HISI_PTT_TUNE_NPARAM];
	const int some[HISI_PTT_TUNE_NPARAM] = {1, 1, 1, 1, 1};
	struct error e;

	memset(want, 0xff, sizeof(want));
	assert_int_equal(ptt_tune_read(b, "hisi_pcie0_core2", got, &e), -ENOENT);
	assert_memory_equal(got, want, sizeof(want));
	assert_non_null(strstr(e.msg, "reading /sys/bus/event_source/devices/hisi_pcie0_core2/"
				      "tune/qos_tx_cpl: "));
	assert_int_equal(ptt_tune_read(b, "hisi_pcie0_core2", got, NULL), -ENOENT);
	assert_int_not_equal(ptt_tune_write(b, "hisi_pcie0_core2", some, PTT_TUNE_ALL, &e), 0);
	assert_non_null(strstr(e.msg, "writing "));
	backend_close(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(the_files_are_in_the_pmus_tune_directory),
	    cmocka_unit_test(levels_written_are_read_back_in_order),
	    cmocka_unit_test(only_the_levels_of_the_mask_are_written),
	    cmocka_unit_test(a_pmu_without_tune_files_has_unknown_levels),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
