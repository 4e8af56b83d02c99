// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hand-built headers of every kind, written byte by byte as PCIe r5.0
 * section 2.2 draws them (byte 0 first), checked field by field.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/pcie/tlp.h>

/* One DW from its four wire bytes: byte 0 is bits [31:24]. */
#define DW(b0, b1, b2, b3) ((uint32_t)(b0) << 24 | (uint32_t)(b1) << 16 | (b2) << 8 | (b3))

static void mrd32_every_dw0_field(void **state)
{
	/* byte 1: T9 TC=5 T8 Attr[2]; byte 2: TD EP Attr[1:0]=2 AT=2 Length[9:8]=1 */
	const uint32_t h[] = {
	    DW(0x00, 0x80 | 0x50 | 0x08 | 0x04, 0x80 | 0x40 | 0x20 | 0x08 | 0x01, 0x23),
	    DW(0x01, 0x08, 0xa5, 0x3f), DW(0xfe, 0xdc, 0xba, 0x98)};
	struct tlp_hdr t;

	assert_int_equal(tlp_decode(h, 3, &t), 3);
	assert_int_equal(t.kind, TLP_MRD32);
	assert_int_equal(t.fmt, 0);
	assert_int_equal(t.type, 0);
	assert_true(t.t9);
	assert_int_equal(t.tc, 5);
	assert_true(t.t8);
	assert_int_equal(t.attr, 6);
	assert_false(t.ln);
	assert_false(t.th);
	assert_true(t.td);
	assert_true(t.ep);
	assert_int_equal(t.at, 2);
	assert_int_equal(t.length, 0x123);
	assert_int_equal(t.requester, 0x0108);
	assert_int_equal(t.tag, 0x3a5);
	assert_int_equal(t.last_be, 0x3);
	assert_int_equal(t.first_be, 0xf);
	assert_int_equal(t.address, 0xfedcba98u);
	assert_int_equal(t.nprefix, 0);
	assert_int_equal(tlp_payload_bytes(&t), 0);
}

static void ln_bit_and_lengths(void **state)
{
	const uint32_t h[] = {DW(0x40, 0x02, 0x00, 0x00), DW(0, 0, 0, 0xff), DW(0, 0, 0x10, 0)};
	struct tlp_hdr t;

	assert_int_equal(tlp_decode(h, 3, &t), 3);
	assert_int_equal(t.kind, TLP_MWR32);
	assert_true(t.ln);
	assert_int_equal(t.length, 0);
	assert_int_equal(tlp_payload_bytes(&t), 4096);
}

static void mrd64_with_processing_hints(void **state)
{
	/* TH set: PH in address bits [1:0], ST[7:0] in the byte-enable byte. */
	const uint32_t h[] = {DW(0x20, 0x01, 0x00, 0x10), DW(0x3a, 0x00, 0x12, 0x5c),
			      DW(0x00, 0x00, 0x00, 0x12), DW(0x34, 0x56, 0x78, 0x02)};
	struct tlp_hdr t;

	assert_int_equal(tlp_decode(h, 4, &t), 4);
	assert_int_equal(t.kind, TLP_MRD64);
	assert_int_equal(t.fmt, 1);
	assert_true(t.th);
	assert_int_equal(t.length, 16);
	assert_int_equal(t.requester, 0x3a00);
	assert_int_equal(t.tag, 0x12);
	assert_int_equal(t.address, 0x0000001234567802ull);
	assert_int_equal(tlp_processing_hint(&t), 2);
	assert_int_equal(tlp_steering_tag(&t), 0x5c);
}

static void mwr64_steering_tag_in_tag_field(void **state)
{
	const uint32_t h[] = {DW(0x60, 0x01, 0x00, 0x02), DW(0x00, 0x10, 0x99, 0xff),
			      DW(0x00, 0x00, 0x00, 0x01), DW(0x00, 0x00, 0x10, 0x01)};
	struct tlp_hdr t;

	assert_int_equal(tlp_decode(h, 4, &t), 4);
	assert_int_equal(t.kind, TLP_MWR64);
	assert_int_equal(t.address, 0x100001001ull);
	assert_int_equal(tlp_steering_tag(&t), 0x99);
	assert_int_equal(tlp_processing_hint(&t), 1);
	assert_int_equal(tlp_payload_bytes(&t), 8);
	t.th = false;
	assert_int_equal(tlp_steering_tag(&t), -ENODATA);
}

static void memory_and_io_kinds(void **state)
{
	static const struct {
		uint8_t b0;
		enum tlp_kind k;
		int n;
	} c[] = {
	    {0x00, TLP_MRD32, 3},      {0x20, TLP_MRD64, 4},  {0x01, TLP_MRDLK32, 3},
	    {0x21, TLP_MRDLK64, 4},    {0x40, TLP_MWR32, 3},  {0x60, TLP_MWR64, 4},
	    {0x02, TLP_IORD, 3},       {0x42, TLP_IOWR, 3},   {0x4c, TLP_FETCHADD32, 3},
	    {0x6c, TLP_FETCHADD64, 4}, {0x4d, TLP_SWAP32, 3}, {0x6d, TLP_SWAP64, 4},
	    {0x4e, TLP_CAS32, 3},      {0x6e, TLP_CAS64, 4},
	};
	struct tlp_hdr t;

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		const uint32_t h[] = {DW(c[i].b0, 0, 0, 1), DW(0x02, 0x11, 0x40, 0x0f),
				      DW(0xc0, 0x00, 0x10, 0x04), DW(0x00, 0x00, 0x20, 0x08)};

		assert_int_equal(tlp_decode(h, 4, &t), c[i].n);
		assert_int_equal(t.kind, c[i].k);
		assert_int_equal(t.fmt, c[i].b0 >> 5);
		assert_int_equal(t.type, c[i].b0 & 0x1f);
		assert_int_equal(t.requester, 0x0211);
		assert_int_equal(t.tag, 0x40);
		assert_int_equal(t.last_be, 0);
		assert_int_equal(t.first_be, 0xf);
		assert_int_equal(t.address, c[i].n == 4 ? 0xc000100400002008ull : 0xc0001004u);
		assert_int_equal(tlp_fields(t.kind),
				 TLP_F_REQUESTER | TLP_F_TAG | TLP_F_BE | TLP_F_ADDRESS);
	}
}

static void configuration_requests(void **state)
{
	static const struct {
		uint8_t b0;
		enum tlp_kind k;
	} c[] = {{0x04, TLP_CFGRD0}, {0x44, TLP_CFGWR0}, {0x05, TLP_CFGRD1}, {0x45, TLP_CFGWR1}};
	struct tlp_hdr t;

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		/* target 01:01.2, extended register 1, register 0x3f (offset 0x1fc) */
		const uint32_t h[] = {DW(c[i].b0, 0, 0, 1), DW(0x00, 0x00, 0x07, 0x0f),
				      DW(0x01, 0x0a, 0x01, 0xfc)};

		assert_int_equal(tlp_decode(h, 3, &t), 3);
		assert_int_equal(t.kind, c[i].k);
		assert_int_equal(t.requester, 0);
		assert_int_equal(t.tag, 7);
		assert_int_equal(t.first_be, 0xf);
		assert_int_equal(t.cfg_target, 0x010a);
		assert_int_equal(t.cfg_register, 0x7f);
		assert_int_equal(t.rsvd[2], 0);
	}
}

static void config_reserved_bits_are_kept(void **state)
{
	const uint32_t h[] = {DW(0x04, 0, 0, 1), DW(0, 0, 0, 0xf), DW(0x01, 0x0a, 0xf1, 0xff)};
	struct tlp_hdr t;

	assert_int_equal(tlp_decode(h, 3, &t), 3);
	assert_int_equal(t.cfg_register, 0x7f);
	assert_int_equal(t.rsvd[2], 0xf003);
}

static void messages_with_routing(void **state)
{
	struct tlp_hdr t;
	const uint32_t err[] = {DW(0x30, 0, 0, 0), DW(0x03, 0x00, 0x00, 0x30), 0, 0};
	const uint32_t vdm[] = {DW(0x72, 0, 0, 2), DW(0x04, 0x00, 0x81, 0x7f),
				DW(0x05, 0x00, 0x1a, 0xb4), DW(0xde, 0xad, 0xbe, 0xef)};

	assert_int_equal(tlp_decode(err, 4, &t), 4);
	assert_int_equal(t.kind, TLP_MSG);
	assert_int_equal(t.type & 7, TLP_ROUTE_RC);
	assert_int_equal(t.requester, 0x0300);
	assert_int_equal(t.message_code, 0x30);
	assert_string_equal(tlp_msg_code_name(t.message_code), "ERR_COR");

	assert_int_equal(tlp_decode(vdm, 4, &t), 4);
	assert_int_equal(t.kind, TLP_MSGD);
	assert_int_equal(t.fmt, 3);
	assert_int_equal(t.type & 7, TLP_ROUTE_ID);
	assert_string_equal(tlp_msg_routing_name(t.type), "id");
	assert_int_equal(t.tag, 0x81);
	assert_int_equal(t.message_code, 0x7f);
	assert_int_equal(t.msg_dw2, 0x05001ab4u);
	assert_int_equal(t.msg_dw3, 0xdeadbeefu);
	assert_int_equal(tlp_payload_bytes(&t), 8);
	for (uint8_t r = 0; r < 8; r++)
		assert_int_equal(tlp_kind_of(DW(0x30 | r, 0, 0, 0)), TLP_MSG);
}

static void completions(void **state)
{
	static const struct {
		uint8_t b0;
		enum tlp_kind k;
	} c[] = {{0x0a, TLP_CPL}, {0x4a, TLP_CPLD}, {0x0b, TLP_CPLLK}, {0x4b, TLP_CPLDLK}};
	struct tlp_hdr t;

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		/* completer 01:00.0, status CA, BCM, byte count 0xabc; req 00:01.0 tag 0x77 */
		const uint32_t h[] = {DW(c[i].b0, 0x80, 0, 1), DW(0x01, 0x00, 0x9a, 0xbc),
				      DW(0x00, 0x08, 0x77, 0x45)};

		assert_int_equal(tlp_decode(h, 3, &t), 3);
		assert_int_equal(t.kind, c[i].k);
		assert_int_equal(t.completer, 0x0100);
		assert_int_equal(t.status, TLP_CPL_CA);
		assert_string_equal(tlp_cpl_status_name(t.status), "CA");
		assert_true(t.bcm);
		assert_int_equal(t.byte_count, 0xabc);
		assert_int_equal(t.requester, 0x0008);
		assert_int_equal(t.tag, 0x277);
		assert_int_equal(t.lower_address, 0x45);
		assert_int_equal(tlp_class_of(t.kind), TLP_CLASS_CPL);
	}
}

static void prefixes_before_the_header(void **state)
{
	/* local vendor prefix, then the PASID end-end prefix: PASID 0x12345, PMR, ER */
	const uint32_t h[] = {DW(0x8e, 0x12, 0x34, 0x56),
			      DW(0x91, 0xc1, 0x23, 0x45),
			      DW(0x20, 0, 0, 1),
			      DW(0x01, 0x00, 0x01, 0x0f),
			      DW(0, 0, 0, 1),
			      DW(0, 0, 0x10, 0)};
	struct tlp_hdr t;
	struct tlp_pasid p;

	assert_int_equal(tlp_kind_of(h[0]), TLP_LPRFX);
	assert_int_equal(tlp_kind_of(h[1]), TLP_EPRFX);
	assert_int_equal(tlp_class_of(TLP_EPRFX), TLP_CLASS_PREFIX);
	assert_int_equal(tlp_decode(h, 6, &t), 6);
	assert_int_equal(t.kind, TLP_MRD64);
	assert_int_equal(t.nprefix, 2);
	assert_int_equal(t.prefix[0], h[0]);
	assert_int_equal(t.prefix[1], h[1]);
	assert_string_equal(tlp_prefix_name(t.prefix[0]), "VendPrefixL0");
	assert_int_equal(tlp_hdr_pasid(&t, &p), 0);
	assert_int_equal(p.pasid, 0x12345);
	assert_true(p.pmr);
	assert_true(p.er);
	assert_int_equal(tlp_pasid_encode(&p), h[1]);
	assert_int_equal(tlp_pasid_decode(h[0], &p), -EINVAL);
	/* byte 1: bit 7 Privileged Mode Requested, bit 6 Execute Requested, 5:4 reserved */
	assert_int_equal(tlp_pasid_encode(&(struct tlp_pasid){.pmr = true}), 0x91800000u);
	assert_int_equal(tlp_pasid_encode(&(struct tlp_pasid){.er = true}), 0x91400000u);
	assert_int_equal(tlp_pasid_decode(0x913fffffu, &p), 0);
	assert_int_equal(p.pasid, 0xfffff);
	assert_false(p.pmr);
	assert_false(p.er);
}

static void trace_rebuilt_dw0(void **state)
{
	/* A PTT 4DW entry keeps only Fmt[1:0], Type, T9, T8, TH and Length. */
	const uint32_t h[] = {DW(0x4a, 0x88, 0x00, 0x20), DW(0x01, 0x00, 0x00, 0x80),
			      DW(0x00, 0x00, 0x05, 0x00), 0};
	struct tlp_hdr t;

	assert_int_equal(tlp_decode(h, 4, &t), 3);
	assert_int_equal(t.kind, TLP_CPLD);
	assert_int_equal(t.tag, 0x305);
	assert_int_equal(t.length, 32);
	assert_int_equal(t.byte_count, 0x80);
	assert_int_equal(t.tc, 0);
}

static void reserved_fmt_type_is_rejected(void **state)
{
	static const uint8_t bad[] = {0x03, 0x41, 0x22, 0x24, 0x2a, 0x0c, 0x10, 0x50,
				      0x1b, 0x5b, 0x6f, 0x78, 0xa0, 0xc4, 0xe0, 0x61};
	struct tlp_hdr t;

	for (size_t i = 0; i < sizeof(bad); i++) {
		const uint32_t h[] = {DW(bad[i], 0, 0, 1), 0, 0, 0};

		assert_int_equal(tlp_kind_of(h[0]), TLP_UNKNOWN);
		assert_int_equal(tlp_decode(h, 4, &t), -EINVAL);
	}
	assert_int_equal(tlp_header_dws(5), -EINVAL);
	assert_int_equal(tlp_header_dws(4), 1);
	assert_int_equal(tlp_header_dws(1), 4);
	assert_int_equal(tlp_header_dws(2), 3);
}

static void short_input_is_rejected(void **state)
{
	const uint32_t mrd64[] = {DW(0x20, 0, 0, 1), 0, 0, 0};
	const uint32_t prefixes[] = {0x91000001, 0x91000002,	    0x91000003, 0x91000004,
				     0x91000005, DW(0x00, 0, 0, 1), 0,		0};
	struct tlp_hdr t;

	assert_int_equal(tlp_decode(mrd64, 0, &t), -EMSGSIZE);
	assert_int_equal(tlp_decode(mrd64, 2, &t), -EMSGSIZE);
	assert_int_equal(tlp_decode(mrd64, 3, &t), -EMSGSIZE);
	assert_int_equal(tlp_decode(prefixes, 1, &t), -EMSGSIZE);
	assert_int_equal(tlp_decode(prefixes + 1, 6, &t), -EMSGSIZE);
	assert_int_equal(tlp_decode(prefixes + 1, 7, &t), 7);
	assert_int_equal(t.nprefix, 4);
	assert_int_equal(tlp_decode(prefixes, 8, &t), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(mrd32_every_dw0_field),
	    cmocka_unit_test(ln_bit_and_lengths),
	    cmocka_unit_test(mrd64_with_processing_hints),
	    cmocka_unit_test(mwr64_steering_tag_in_tag_field),
	    cmocka_unit_test(memory_and_io_kinds),
	    cmocka_unit_test(configuration_requests),
	    cmocka_unit_test(config_reserved_bits_are_kept),
	    cmocka_unit_test(messages_with_routing),
	    cmocka_unit_test(completions),
	    cmocka_unit_test(prefixes_before_the_header),
	    cmocka_unit_test(trace_rebuilt_dw0),
	    cmocka_unit_test(reserved_fmt_type_is_rejected),
	    cmocka_unit_test(short_input_is_rejected),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
