// SPDX-License-Identifier: GPL-2.0-only
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/pcie/bdf.h>

static void parses_both_forms(void **state)
{
	struct pci_bdf b;
	char buf[16];

	assert_int_equal(pci_bdf_parse("0000:01:00.1", &b), 0);
	assert_int_equal(b.domain, 0);
	assert_int_equal(b.rid, 0x101);
	assert_int_equal(pci_bdf_parse("39:00.0", &b), 0);
	assert_int_equal(b.rid, 0x3900);
	assert_string_equal(pci_bdf_format(b, buf, sizeof(buf)), "0000:39:00.0");
	assert_int_equal(pci_bdf_parse("0001:00:10.0", &b), 0);
	assert_int_equal(b.domain, 1);
	assert_string_equal(pci_rid_format(0x80, buf, sizeof(buf)), "00:10.0");
}

static void rejects_bad_input(void **state)
{
	struct pci_bdf b;
	const char *bad[] = {"",	  "01:00",    "01:00.8", "100:00.0", "00:20.0",
			     "0:0:0:0.0", "00:10.0x", "g0:00.0", "00:10.",   "10000:00:00.0"};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(pci_bdf_parse(bad[i], &b), -22);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(parses_both_forms),
	    cmocka_unit_test(rejects_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
