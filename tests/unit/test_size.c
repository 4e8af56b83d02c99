// SPDX-License-Identifier: GPL-2.0-only
/*
 * The one size syntax (perf/size.h): what record -m, ioda --segment-size
 * and the platform file take, and what ioda prints and reads back.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <pciescope/perf/size.h>
#include <pciescope/tool/aux_record.h>

static uint64_t bytes(const char *s, uint64_t bare_unit)
{
	uint64_t v = 0;

	assert_int_equal(size_parse(s, bare_unit, &v), 0);
	return v;
}

static void a_unit_is_binary_in_either_case_with_an_optional_b(void **state)
{
	assert_int_equal(bytes("16M", 1), 16ull << 20);
	assert_int_equal(bytes("16m", 1), 16ull << 20);
	assert_int_equal(bytes("16MB", 1), 16ull << 20);
	assert_int_equal(bytes("16MiB", 1), 16ull << 20);
	assert_int_equal(bytes("256k", 1), 256ull << 10);
	assert_int_equal(bytes("64G", 1), 64ull << 30);
	assert_int_equal(bytes("2T", 1), 2ull << 40);
	assert_int_equal(bytes("0x400K", 1), 1ull << 20);
	assert_int_equal(bytes("0x3d0000000000", 1), 0x3d0000000000ull);
}

static void a_bare_number_counts_the_callers_unit_and_b_counts_bytes(void **state)
{
	assert_int_equal(bytes("4096", 1), 4096);
	assert_int_equal(bytes("8", 4096), 8 * 4096);
	assert_int_equal(bytes("4096B", 4096), 4096);
	/* In hexadecimal B is a digit. */
	assert_int_equal(bytes("0x1B", 1), 0x1b);
}

static void anything_else_is_refused(void **state)
{
	const char *const bad[] = {"",	    "M",  "-1",	  "+1", " 1",	"1 M", "1MM", "1Mi",
				   "1KiBs", "1P", "010x", "0x", "1.5M", "0xg", "1e3", NULL};
	uint64_t v = 7;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(size_parse(bad[i], 1, &v), -EINVAL);
	assert_int_equal(v, 7);
}

static void a_size_past_64_bits_is_refused_not_wrapped(void **state)
{
	uint64_t v;

	assert_int_equal(size_parse("17179869184G", 1, &v), -ERANGE);
	assert_int_equal(size_parse("18446744073709551616", 1, &v), -ERANGE);
	assert_int_equal(size_parse("4503599627370496", 4096, &v), -ERANGE);
	assert_int_equal(bytes("16777215T", 1), 16777215ull << 40);
}

static void the_largest_whole_unit_is_printed_and_reads_back(void **state)
{
	const uint64_t sizes[] = {0,	      1000,	  1024,	     1536ull << 10, 256ull << 20,
				  1ull << 30, 3ull << 40, 1ull << 50};
	const char *const text[] = {"0", "1000", "1K", "1536K", "256M", "1G", "3T", "1024T"};
	char buf[32];

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		assert_string_equal(size_format(sizes[i], buf, sizeof(buf)), text[i]);
		assert_int_equal(bytes(buf, 1), sizes[i]);
	}
}

static void record_m_takes_a_power_of_two_of_pages_up_to_a_tebibyte(void **state)
{
	size_t v;

	assert_int_equal(aux_record_parse_size("4096", &v), 0);
	assert_int_equal(v, 16ull << 20);
	assert_int_equal(aux_record_parse_size("32M", &v), 0);
	assert_int_equal(v, 32ull << 20);
	assert_int_equal(aux_record_parse_size("4096B", &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(aux_record_parse_size("1T", &v), 0);
	assert_int_equal(aux_record_parse_size("3", &v), -EINVAL);
	assert_int_equal(aux_record_parse_size("2048B", &v), -EINVAL);
	assert_int_equal(aux_record_parse_size("2T", &v), -EINVAL);
	assert_int_equal(aux_record_parse_size("4503599627370497", &v), -EINVAL);
	assert_int_equal(aux_record_parse_size("17179869185G", &v), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_unit_is_binary_in_either_case_with_an_optional_b),
	    cmocka_unit_test(a_bare_number_counts_the_callers_unit_and_b_counts_bytes),
	    cmocka_unit_test(anything_else_is_refused),
	    cmocka_unit_test(a_size_past_64_bits_is_refused_not_wrapped),
	    cmocka_unit_test(the_largest_whole_unit_is_printed_and_reads_back),
	    cmocka_unit_test(record_m_takes_a_power_of_two_of_pages_up_to_a_tebibyte),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
