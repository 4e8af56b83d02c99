// SPDX-License-Identifier: GPL-2.0-only
/* The one-line text form of decoded headers, as report and trace users see it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/pcie/tlp.h>

#define DW(b0, b1, b2, b3) ((uint32_t)(b0) << 24 | (uint32_t)(b1) << 16 | (b2) << 8 | (b3))

static void assert_line(const uint32_t *dw, size_t n, const char *want)
{
	struct tlp_hdr h;
	char buf[256];

	assert_int_equal(tlp_decode(dw, n, &h), (int)n);
	assert_int_equal(tlp_format(&h, buf, sizeof(buf)), (int)strlen(want));
	assert_string_equal(buf, want);
}

static void memory_request_with_hints(void **state)
{
	const uint32_t h[] = {DW(0x20, 0x01, 0, 0x10), DW(0x3a, 0, 0x12, 0x5c), DW(0, 0, 0, 0x12),
			      DW(0x34, 0x56, 0x78, 0x02)};

	assert_line(h, 4,
		    "MRd64 req=3a:00.0 tag=0x12 len=16 lbe=5 fbe=c addr=0x0000001234567800 "
		    "ph=2 st=0x5c");
}

static void completion_with_data(void **state)
{
	const uint32_t h[] = {DW(0x4a, 0x80, 0, 1), DW(1, 0, 0x9a, 0xbc), DW(0, 8, 0x77, 0x45)};

	assert_line(h, 3,
		    "CplD cpl=01:00.0 req=00:01.0 tag=0x277 status=CA bc=2748 la=0x45 len=1 bcm");
}

static void message_and_config(void **state)
{
	const uint32_t msg[] = {DW(0x30, 0, 0, 0), DW(3, 0, 0, 0x30), 0, 0};
	const uint32_t cfg[] = {DW(0x44, 0, 0, 1), DW(0, 0, 7, 0x0f), DW(1, 0x0a, 0x01, 0xfc)};

	assert_line(msg, 4,
		    "Msg req=03:00.0 tag=0x00 code=0x30(ERR_COR) route=rc dw2=0x00000000 "
		    "dw3=0x00000000");
	assert_line(cfg, 3, "CfgWr0 req=00:00.0 tag=0x07 dev=01:01.2 off=0x1fc len=1 lbe=0 fbe=f");
}

static void pasid_prefix_and_attributes(void **state)
{
	const uint32_t h[] = {DW(0x91, 0xc1, 0x23, 0x45), DW(0x40, 0x10, 0x00, 2),
			      DW(0, 0x10, 0x05, 0x0f), DW(0xfe, 0, 0, 0x40)};

	assert_line(h, 4,
		    "MWr32 req=00:02.0 tag=0x05 len=2 lbe=0 fbe=f addr=0xfe000040 tc=1 "
		    "pasid=0x12345 pmr er");
}

static void reserved_bits_and_flags_are_shown(void **state)
{
	/* CfgRd1 with TD, EP, AT=1 and DW2 reserved bits [15:12] and [1:0] set */
	const uint32_t h[] = {DW(0x05, 0x00, 0xc4, 0x01), DW(0x00, 0x08, 0x00, 0x01),
			      DW(0x02, 0x00, 0xf0, 0x13)};
	struct tlp_hdr t = {.kind = TLP_UNKNOWN};
	char buf[16];

	assert_line(
	    h, 3,
	    "CfgRd1 req=00:01.0 tag=0x00 dev=02:00.0 off=0x010 len=1 lbe=0 fbe=1 at=1 td ep "
	    "rsvd=0/0/f003/0");
	assert_int_equal(tlp_format(&t, buf, sizeof(buf)), 7);
	assert_string_equal(buf, "Unknown");
}

static void truncates_like_snprintf(void **state)
{
	const uint32_t h[] = {DW(0x0a, 0, 0, 0), DW(1, 0, 0, 4), DW(0, 8, 1, 0)};
	const char *want = "Cpl cpl=01:00.0 req=00:01.0 tag=0x01 status=SC bc=4 la=0x00";
	struct tlp_hdr t;
	char buf[8];

	assert_int_equal(tlp_decode(h, 3, &t), 3);
	assert_int_equal(tlp_format(&t, buf, sizeof(buf)), (int)strlen(want));
	assert_string_equal(buf, "Cpl cpl");
	assert_int_equal(tlp_format(&t, NULL, 0), (int)strlen(want));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(memory_request_with_hints),
	    cmocka_unit_test(completion_with_data),
	    cmocka_unit_test(message_and_config),
	    cmocka_unit_test(pasid_prefix_and_attributes),
	    cmocka_unit_test(reserved_bits_and_flags_are_shown),
	    cmocka_unit_test(truncates_like_snprintf),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
