// SPDX-License-Identifier: GPL-2.0-only
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/perf/pmu_format.h>

static void parses_ranges_like_perf(void **state)
{
	struct perf_format f;
	char buf[64];

	assert_int_equal(perf_format_parse("config:0-16\n", &f), 0);
	assert_int_equal(f.field, PERF_FMT_CONFIG);
	assert_int_equal(f.bits, 0x1ffff);
	assert_int_equal(perf_format_max(&f), 0x1ffff);
	assert_int_equal(perf_format_parse("config1:0-15,32-35", &f), 0);
	assert_int_equal(f.field, PERF_FMT_CONFIG1);
	assert_int_equal(f.bits, 0xf0000ffffULL);
	assert_int_equal(perf_format_parse(" config2:5 ", &f), 0);
	assert_int_equal(f.field, PERF_FMT_CONFIG2);
	assert_int_equal(f.bits, 0x20);
	assert_int_equal(perf_format_parse("config:7-0", &f), 0);
	assert_int_equal(f.bits, 0x80);
	assert_int_equal(perf_format_parse("config:0-63", &f), 0);
	assert_int_equal(perf_format_max(&f), ~0ULL);
	assert_int_equal(perf_format_parse("config1:0-3,8,12-13", &f), 0);
	assert_int_equal(perf_format_print(&f, buf, sizeof(buf)), 19);
	assert_string_equal(buf, "config1:0-3,8,12-13");
}

static void rejects_bad_text(void **state)
{
	const char *bad[] = {"",	 "config",     "config:",   "config3:1",
			     "conf:1",	 "config:64",  "config:1-", "config:1,",
			     "config:a", "config:1 x", "config:-1"};
	struct perf_format f;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(perf_format_parse(bad[i], &f), -22);
}

static void splits_values_across_ranges(void **state)
{
	struct perf_event_attr a = {0};
	struct perf_format f;

	assert_int_equal(perf_format_parse("config1:20-23,40-43", &f), 0);
	perf_format_apply(&f, 0xab, &a);
	assert_int_equal(a.config1, 0xa0000b00000ULL);
	assert_int_equal(perf_format_extract(&f, &a), 0xab);
	assert_int_equal(perf_format_parse("config2:16-31", &f), 0);
	perf_format_apply(&f, 0x3900, &a);
	assert_int_equal(a.config2, 0x39000000);
	perf_format_apply(&f, 0x0001, &a);
	assert_int_equal(perf_format_extract(&f, &a), 0x3901);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(parses_ranges_like_perf),
	    cmocka_unit_test(rejects_bad_text),
	    cmocka_unit_test(splits_values_across_ranges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
