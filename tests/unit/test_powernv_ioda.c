// SPDX-License-Identifier: GPL-2.0-only
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "ioda_fixture.h"

/* Value of key in a key=value record line, as a number (base 0). */
static uint64_t field(const char *text, const char *key)
{
	char pat[64];
	const char *s;

	snprintf(pat, sizeof(pat), " %s=", key);
	s = strstr(text, pat);
	if (!s && !strncmp(text, pat + 1, strlen(pat + 1)))
		s = text - 1;
	assert_non_null(s);
	return strtoull(s + strlen(pat), NULL, 0);
}

static char *answer(struct fixture *f, const char *file, const char *cmd)
{
	static char buf[4096];
	struct error err;

	assert_int_equal(ioda_request(f->phb, file, cmd, &err), 0);
	ioda_show_answer(f->phb, buf, sizeof(buf));
	return buf;
}

static int dev_index(struct fixture *f, uint16_t rid)
{
	for (unsigned i = 0; i < ioda_dev_count(f->phb); i++) {
		uint64_t b, s;

		if (ioda_dev_rid(f->phb, i) == rid && !ioda_dev_bar(f->phb, i, 0, &b, &s))
			return (int)i;
	}
	fail();
	return -1;
}

static void seed_numbers(void **state)
{
	struct fixture f;
	char buf[4096], cmd[64];
	struct error err;
	uint64_t x;

	fx_phb0(&f);
	assert_int_equal(fx_boot(&f), 0);
	assert_null(ioda_phb_error(f.phb));
	ioda_show_phb(f.phb, buf, sizeof(buf));
	assert_int_equal(field(buf, "m32_segsize"), 8 * MiB);
	assert_int_equal(ioda_sriov_set(f.phb, 0x100, 8, &err), 0);
	ioda_show_sriov(f.phb, 0x100, buf, sizeof(buf));
	assert_non_null(strstr(buf, "bar=0 vf_size=0x100000 mode=segmented"));
	assert_int_equal(field(buf, "segments_reserved"), 256);
	/* PEs in use: 255 reserved, 254 root bus, 253 bus 01: 257 - 8 - 3. */
	assert_int_equal(field(buf, "pe_choices"), 257 - 8 - 3);
	x = field(buf, "pe_base");
	assert_int_equal(x, 245);
	for (unsigned n = 0; n < 8; n++) {
		uint64_t base, size;

		snprintf(cmd, sizeof(cmd), "01:%02x.%u", (0x10 + n) >> 3, (0x10 + n) & 7);
		assert_int_equal(field(answer(&f, "resolve", cmd), "pe"), x + n);
		assert_int_equal(ioda_dev_bar(f.phb, (unsigned)dev_index(&f, (uint16_t)(0x110 + n)),
					      0, &base, &size),
				 0);
		assert_int_equal(size, 1 * MiB);
		snprintf(cmd, sizeof(cmd), "0x%llx", (unsigned long long)base);
		assert_int_equal(field(answer(&f, "resolve", cmd), "segment"), x + n);
		assert_int_equal(field(answer(&f, "resolve", cmd), "pe"), x + n);
		assert_non_null(strstr(answer(&f, "resolve", cmd), "window=m64 index=0 "));
	}
	fx_free(&f);
}

static void no_overlap(void **state)
{
	struct fixture f;
	struct error err;

	fx_phb0(&f);
	assert_int_equal(fx_boot(&f), 0);
	assert_int_equal(ioda_sriov_set(f.phb, 0x100, 64, &err), 0);
	assert_int_equal(ioda_sriov_set(f.phb, 0x101, 16, &err), 0);
	for (unsigned i = 0; i < ioda_dev_count(f.phb); i++)
		for (int a = 0; a < 6; a++)
			for (unsigned j = 0; j < ioda_dev_count(f.phb); j++)
				for (int b = 0; b < 6; b++) {
					uint64_t s1, z1, s2, z2;

					if ((i == j && a == b) ||
					    ioda_dev_bar(f.phb, i, a, &s1, &z1) ||
					    ioda_dev_bar(f.phb, j, b, &s2, &z2) || !z1 || !z2)
						continue;
					assert_true(s1 + z1 <= s2 || s2 + z2 <= s1);
				}
	fx_free(&f);
}

static void freeze_semantics(void **state)
{
	struct fixture f;
	struct error err;
	char cmd[64], *a;
	uint64_t base, size, pe;

	fx_phb0(&f);
	assert_int_equal(fx_boot(&f), 0);
	assert_int_equal(ioda_sriov_set(f.phb, 0x100, 4, &err), 0);
	ioda_dev_bar(f.phb, (unsigned)dev_index(&f, 0x110), 0, &base, &size);
	snprintf(cmd, sizeof(cmd), "0x%llx 0x1234", (unsigned long long)base + 8);
	assert_non_null(strstr(answer(&f, "access", cmd), "result=ok"));
	pe = field(answer(&f, "resolve", "01:02.0"), "pe");
	snprintf(cmd, sizeof(cmd), "%llu", (unsigned long long)pe);
	answer(&f, "freeze", cmd);
	assert_int_equal(ioda_pe_state(f.phb, (unsigned)pe), OPAL_EEH_STOPPED_MMIO_DMA_FREEZE);
	snprintf(cmd, sizeof(cmd), "0x%llx", (unsigned long long)base + 8);
	a = answer(&f, "access", cmd);
	assert_non_null(strstr(a, "result=frozen"));
	assert_int_equal(field(a, "value"), ~0ull);
	snprintf(cmd, sizeof(cmd), "0x%llx 0x5678", (unsigned long long)base + 8);
	assert_non_null(strstr(answer(&f, "access", cmd), "result=frozen"));
	assert_non_null(strstr(answer(&f, "access", "msi 01:02.0"), "result=frozen"));
	snprintf(cmd, sizeof(cmd), "%llu mmio", (unsigned long long)pe);
	answer(&f, "unfreeze", cmd);
	assert_int_equal(ioda_pe_state(f.phb, (unsigned)pe), OPAL_EEH_STOPPED_DMA_FREEZE);
	snprintf(cmd, sizeof(cmd), "0x%llx", (unsigned long long)base + 8);
	assert_int_equal(field(answer(&f, "access", cmd), "value"), 0x1234);
	assert_non_null(strstr(answer(&f, "access", "msi 01:02.0"), "result=frozen"));
	snprintf(cmd, sizeof(cmd), "%llu dma", (unsigned long long)pe);
	answer(&f, "unfreeze", cmd);
	a = answer(&f, "access", "msi 01:02.0");
	assert_non_null(strstr(a, "result=ok"));
	assert_int_equal(field(a, "delivered"), 1);
	/* Another VF's interrupt: the PE check refuses it. */
	assert_non_null(strstr(answer(&f, "access", "msi 01:02.1"), "result=ok"));
	fx_free(&f);
}

static void secondary_pes_freeze_with_master(void **state)
{
	struct fixture f;
	char cmd[64], *a;
	uint64_t base, size, master, last;

	fx_gpu(&f);
	assert_int_equal(fx_boot(&f), 0);
	assert_null(ioda_phb_error(f.phb));
	ioda_dev_bar(f.phb, (unsigned)dev_index(&f, 0x300), 1, &base, &size);
	assert_int_equal(size, 16 * GiB);
	snprintf(cmd, sizeof(cmd), "0x%llx", (unsigned long long)(base + size - 8));
	a = answer(&f, "resolve", cmd);
	last = field(a, "pe");
	master = field(a, "master");
	assert_int_equal(last - master, 63);
	snprintf(cmd, sizeof(cmd), "%llu", (unsigned long long)last);
	answer(&f, "freeze", cmd);
	assert_int_equal(ioda_pe_state(f.phb, (unsigned)master), OPAL_EEH_STOPPED_MMIO_DMA_FREEZE);
	snprintf(cmd, sizeof(cmd), "0x%llx", (unsigned long long)(base + 64 * MiB * 40));
	assert_non_null(strstr(answer(&f, "access", cmd), "result=frozen"));
	snprintf(cmd, sizeof(cmd), "%llu", (unsigned long long)master);
	answer(&f, "unfreeze", cmd);
	snprintf(cmd, sizeof(cmd), "0x%llx", (unsigned long long)(base + size - 8));
	assert_non_null(strstr(answer(&f, "access", cmd), "result=ok"));
	fx_free(&f);
}

static void clear_errors(void **state)
{
	struct fixture f;
	struct error err;

	fx_gpu(&f);
	assert_int_equal(fx_boot(&f), 0);
	assert_int_equal(ioda_sriov_set(f.phb, 0x500, 16, &err), -EBUSY);
	assert_non_null(strstr(
	    err.msg, "not enough M64 windows: 16 VFs of 0000:05:00.0 need 16, 15 of 15 free"));
	assert_int_equal(ioda_sriov_set(f.phb, 0x500, 15, &err), 0);
	assert_int_equal(ioda_sriov_set(f.phb, 0x500, 33, &err), -ERANGE);
	fx_free(&f);

	fx_phb0(&f);
	f.desc.num_pes = 16;
	f.desc.reserved_pe = 15;
	assert_int_equal(fx_boot(&f), 0);
	assert_int_equal(ioda_sriov_set(f.phb, 0x100, 20, &err), -EBUSY);
	assert_non_null(strstr(
	    err.msg,
	    "out of PEs: 20 VFs of 0000:01:00.0 need 20 contiguous PEs, largest free run is 13"));
	fx_free(&f);

	fx_gpu(&f);
	f.fn[5].bar[1].size = 128 * GiB;
	assert_int_equal(fx_boot(&f), 0);
	assert_non_null(ioda_phb_error(f.phb));
	assert_non_null(strstr(ioda_phb_error(f.phb), "BAR too large"));
	assert_int_equal(ioda_sriov_set(f.phb, 0x500, 1, &err), -ENOSPC);
	fx_free(&f);
}

static void sriov_rule_of_6_1(void **state)
{
	struct fixture f;
	char buf[4096];
	struct error err;

	fx_phb0(&f);
	f.desc.m64_size = 4 * GiB; /* 16 MiB segments: a quarter is 4 MiB */
	f.fn[1].vf_bar[0].size = 8 * MiB;
	assert_int_equal(fx_boot(&f), 0);
	ioda_show_sriov(f.phb, 0x100, buf, sizeof(buf));
	assert_non_null(strstr(buf, "enabled=no"));
	assert_int_equal(ioda_sriov_set(f.phb, 0x100, 1, &err), -ENOSPC);
	assert_non_null(strstr(err.msg, "under 32M"));
	ioda_show_sriov(f.phb, 0x101, buf, sizeof(buf));
	assert_non_null(strstr(buf, "mode=single-pe"));
	assert_int_equal(field(buf, "segments_reserved"), 16);
	assert_int_equal(ioda_sriov_set(f.phb, 0x101, 4, &err), 0);
	ioda_show_windows(f.phb, buf, sizeof(buf));
	assert_non_null(strstr(buf, "mode=single-pe owner=0000:01:00.1 pe="));
	fx_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(seed_numbers),	cmocka_unit_test(no_overlap),
	    cmocka_unit_test(freeze_semantics), cmocka_unit_test(secondary_pes_freeze_with_master),
	    cmocka_unit_test(clear_errors),	cmocka_unit_test(sriov_rule_of_6_1),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
