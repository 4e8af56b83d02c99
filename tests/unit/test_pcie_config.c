// SPDX-License-Identifier: GPL-2.0-only
/*
 * Configuration space images: what pcie_cfg_build writes, pcie_cfg_parse
 * reads back, field by field, for random functions; short reads (an
 * unprivileged reader of sysfs gets 64 bytes) and looping capability lists
 * end cleanly; AER status names are lspci's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/pcie/config.h>

#include "xorshift.h"

static struct pcie_cfg random_cfg(void)
{
	static const enum pcie_port_type types[] = {PCIE_TYPE_ENDPOINT, PCIE_TYPE_ROOT_PORT,
						    PCIE_TYPE_UPSTREAM, PCIE_TYPE_DOWNSTREAM};
	struct pcie_cfg c = {0};

	c.vendor = (uint16_t)(rnd() % 0xffff);
	c.device = (uint16_t)rnd();
	c.class_code = (uint32_t)rnd() & 0xffffff;
	c.type = types[rnd() % 4];
	c.bridge = c.type != PCIE_TYPE_ENDPOINT;
	c.secondary = c.bridge ? (uint8_t)rnd() : 0;
	c.subordinate = c.bridge ? (uint8_t)rnd() : 0;
	c.pcie = true;
	c.max_speed = 1 + (int)(rnd() % 5);
	c.speed = 1 + (int)(rnd() % (uint64_t)c.max_speed);
	c.max_width = 1 << (rnd() % 6);
	c.width = c.max_width >> (rnd() % 2);
	c.mps_cap = 128u << (rnd() % 6);
	c.mps = 128u << (rnd() % 6);
	c.mrrs = 128u << (rnd() % 6);
	c.aspm_cap = (unsigned)(rnd() % 4);
	c.aspm_ctl = c.aspm_cap & (unsigned)rnd();
	c.aer = true;
	c.uncor_status = (uint32_t)rnd() & 0x3ff030;
	c.cor_status = (uint32_t)rnd() & 0x31c1;
	return c;
}

static void build_then_parse_gives_every_field(void **state)
{
	uint8_t buf[PCIE_CFG_SIZE];

	(void)state;
	for (int i = 0; i < 2000; i++) {
		struct pcie_cfg in = random_cfg(), out;

		assert_int_equal(pcie_cfg_build(&in, buf), PCIE_CFG_SIZE);
		assert_int_equal(pcie_cfg_parse(buf, sizeof(buf), &out), 0);
		assert_int_equal(out.vendor, in.vendor);
		assert_int_equal(out.device, in.device);
		assert_int_equal(out.class_code, in.class_code);
		assert_int_equal(out.bridge, in.bridge);
		assert_int_equal(out.secondary, in.secondary);
		assert_int_equal(out.subordinate, in.subordinate);
		assert_true(out.pcie);
		assert_int_equal(out.type, in.type);
		assert_int_equal(out.max_speed, in.max_speed);
		assert_int_equal(out.speed, in.speed);
		assert_int_equal(out.max_width, in.max_width);
		assert_int_equal(out.width, in.width);
		assert_int_equal(out.mps_cap, in.mps_cap);
		assert_int_equal(out.mps, in.mps);
		assert_int_equal(out.mrrs, in.mrrs);
		assert_int_equal(out.aspm_cap, in.aspm_cap);
		assert_int_equal(out.aspm_ctl, in.aspm_ctl);
		assert_true(out.aer);
		assert_int_equal(out.uncor_status, in.uncor_status);
		assert_int_equal(out.cor_status, in.cor_status);
	}
}

static void vf_and_rciep_have_no_link(void **state)
{
	uint8_t buf[PCIE_CFG_SIZE];
	struct pcie_cfg vf = random_cfg(), rc = random_cfg(), out;

	(void)state;
	vf.vf = true;
	pcie_cfg_build(&vf, buf);
	assert_int_equal(pcie_cfg_parse(buf, sizeof(buf), &out), 0);
	assert_int_equal(out.max_speed, 0);
	assert_int_equal(out.width, 0);
	rc.type = PCIE_TYPE_RCIEP;
	pcie_cfg_build(&rc, buf);
	assert_int_equal(pcie_cfg_parse(buf, sizeof(buf), &out), 0);
	assert_int_equal(out.type, PCIE_TYPE_RCIEP);
	assert_int_equal(out.max_speed, 0);
}

static void short_reads_and_loops_end(void **state)
{
	uint8_t buf[PCIE_CFG_SIZE];
	struct pcie_cfg c = random_cfg(), out;

	(void)state;
	pcie_cfg_build(&c, buf);
	assert_int_equal(pcie_cfg_parse(buf, 64, &out), 0);
	assert_int_equal(out.vendor, c.vendor);
	assert_false(out.pcie);
	assert_false(out.aer);
	assert_int_equal(pcie_cfg_parse(buf, 256, &out), 0);
	assert_true(out.pcie);
	assert_false(out.aer);
	assert_int_equal(pcie_cfg_parse(buf, 63, &out), -EINVAL);
	buf[0x40] = 0x05; /* MSI, not Express, pointing at itself */
	buf[0x41] = 0x40;
	assert_int_equal(pcie_cfg_parse(buf, sizeof(buf), &out), 0);
	assert_false(out.pcie);
	buf[0x102] = 0x00; /* AER header's next pointer at itself: 0x100 */
	buf[0x103] = 0x10;
	buf[0x100] = 0x02; /* not AER */
	assert_int_equal(pcie_cfg_parse(buf, sizeof(buf), &out), 0);
	assert_false(out.aer);
	memset(buf, 0xff, 64);
	assert_int_equal(pcie_cfg_parse(buf, sizeof(buf), &out), -EINVAL);
}

static void names_as_lspci_words_them(void **state)
{
	char b[256];

	(void)state;
	pcie_aer_names(1u << 20 | 1u << 14, false, b, sizeof(b));
	assert_string_equal(b, "CmpltTO UnsupReq");
	pcie_aer_names(1u << 6 | 1u, true, b, sizeof(b));
	assert_string_equal(b, "RxErr BadTLP");
	pcie_aer_names(0, true, b, sizeof(b));
	assert_string_equal(b, "");
	assert_string_equal(pcie_aspm_name(PCIE_ASPM_L1), "ASPM L1 Enabled");
	assert_string_equal(pcie_aspm_name(0), "ASPM Disabled");
	assert_string_equal(pcie_aspm_name(PCIE_ASPM_L0S | PCIE_ASPM_L1), "ASPM L0s L1 Enabled");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(build_then_parse_gives_every_field),
	    cmocka_unit_test(vf_and_rciep_have_no_link),
	    cmocka_unit_test(short_reads_and_loops_end),
	    cmocka_unit_test(names_as_lspci_words_them),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
