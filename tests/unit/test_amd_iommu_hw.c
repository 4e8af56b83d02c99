// SPDX-License-Identifier: GPL-2.0-only
/* The AMD IOMMU model through its registers: counting, match filters, wrap. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/hw/amd_iommu.h>

static struct amd_iommu_hw *hw;

static void wr(unsigned bank, unsigned cntr, unsigned fxn, uint64_t v)
{
	amd_iommu_hw_mmio_ops.write64(hw, AMD_IOMMU_PC_OFFSET(bank, cntr, fxn), v);
}

static uint64_t rd(unsigned bank, unsigned cntr, unsigned fxn)
{
	/* As Linux reads it: high word first, then low word. */
	uint64_t off = AMD_IOMMU_PC_OFFSET(bank, cntr, fxn);
	uint64_t hi = amd_iommu_hw_mmio_ops.read32(hw, off + 4);

	return hi << 32 | amd_iommu_hw_mmio_ops.read32(hw, off);
}

static int setup(void **state)
{
	struct amd_iommu_hw_config c = {.banks = 2, .counters = 4};
	struct amd_iommu_dte t = {
	    .mode = AMD_DTE_TRANSLATE, .domain = 7, .levels = 4, .guest_levels = 4};
	struct amd_iommu_dte p = {.mode = AMD_DTE_PASSTHROUGH, .domain = 1};

	hw = amd_iommu_hw_create(&c);
	amd_iommu_hw_set_dte(hw, 0x0100, &t);
	t.domain = 9;
	amd_iommu_hw_set_dte(hw, 0x0200, &t);
	amd_iommu_hw_set_dte(hw, 0x0300, &p);
	return hw ? 0 : -1;
}

static int teardown(void **state)
{
	amd_iommu_hw_destroy(hw);
	return 0;
}

static void dma(uint16_t rid, uint32_t pasid, uint64_t addr, int n)
{
	for (int i = 0; i < n; i++) {
		struct amd_iommu_req r = {
		    .rid = rid, .pasid = pasid, .address = addr + (uint64_t)i * 4096};
		amd_iommu_hw_request(hw, &r);
	}
}

static void announces_banks_and_counters(void **state)
{
	uint64_t conf = amd_iommu_hw_mmio_ops.read64(hw, AMD_IOMMU_CNTR_CONF);

	assert_true(amd_iommu_hw_mmio_ops.read64(hw, AMD_IOMMU_EFR) & AMD_IOMMU_EFR_PCSUP);
	assert_int_equal((conf >> 12) & 0x3f, 2);
	assert_int_equal((conf >> 7) & 0xf, 4);
}

static void counts_only_while_csource_set(void **state)
{
	wr(0, 0, AMD_IOMMU_PC_CSOURCE, AMD_IOMMU_EV_MEM_TRANS_TOTAL);
	dma(0x0100, 0, 0x10000, 10);
	dma(0x0300, 0, 0x10000, 5); /* passthrough: not translated */
	wr(0, 0, AMD_IOMMU_PC_CSOURCE, 0);
	dma(0x0100, 0, 0x10000, 10);
	assert_int_equal(rd(0, 0, AMD_IOMMU_PC_COUNTER), 10);
	assert_int_equal(amd_iommu_hw_event_total(hw, AMD_IOMMU_EV_MEM_TRANS_TOTAL), 20);
	assert_int_equal(amd_iommu_hw_event_total(hw, AMD_IOMMU_EV_MEM_PASS_UNTRANS), 5);
}

static void filters_by_devid_domain_pasid(void **state)
{
	uint64_t en = AMD_IOMMU_MATCH_EN;

	wr(0, 1, AMD_IOMMU_PC_DEVID_MATCH, 0x0200 | en);
	wr(0, 1, AMD_IOMMU_PC_CSOURCE, AMD_IOMMU_EV_MEM_TRANS_TOTAL);
	wr(0, 2, AMD_IOMMU_PC_DOMID_MATCH, 7 | en);
	wr(0, 2, AMD_IOMMU_PC_CSOURCE, AMD_IOMMU_EV_MEM_TRANS_TOTAL);
	wr(0, 3, AMD_IOMMU_PC_PASID_MATCH, 0x42 | en);
	wr(0, 3, AMD_IOMMU_PC_CSOURCE, AMD_IOMMU_EV_MEM_TRANS_TOTAL);
	/* devid 0x02xx with the low byte don't-care */
	wr(1, 0, AMD_IOMMU_PC_DEVID_MATCH, 0x0200 | en | 0xffull << 32);
	wr(1, 0, AMD_IOMMU_PC_CSOURCE, AMD_IOMMU_EV_MEM_TRANS_TOTAL);
	/* matches nothing */
	wr(1, 1, AMD_IOMMU_PC_DEVID_MATCH, 0x0400 | en);
	wr(1, 1, AMD_IOMMU_PC_CSOURCE, AMD_IOMMU_EV_MEM_TRANS_TOTAL);

	dma(0x0100, 0, 0, 3);
	dma(0x0200, 0, 0, 4);
	dma(0x0201, 0, 0, 1); /* no DTE: passes untranslated */
	dma(0x0100, 0x42, 0, 2);
	assert_int_equal(rd(0, 1, AMD_IOMMU_PC_COUNTER), 4);
	assert_int_equal(rd(0, 2, AMD_IOMMU_PC_COUNTER), 5);
	assert_int_equal(rd(0, 3, AMD_IOMMU_PC_COUNTER), 2);
	assert_int_equal(rd(1, 0, AMD_IOMMU_PC_COUNTER), 4);
	assert_int_equal(rd(1, 1, AMD_IOMMU_PC_COUNTER), 0);
}

static void tlb_hits_after_first_touch(void **state)
{
	wr(0, 0, AMD_IOMMU_PC_CSOURCE, AMD_IOMMU_EV_TLB_PTE_MIS);
	wr(0, 1, AMD_IOMMU_PC_CSOURCE, AMD_IOMMU_EV_TLB_PTE_HIT);
	wr(0, 2, AMD_IOMMU_PC_CSOURCE, AMD_IOMMU_EV_PAGE_TBL_READ_TOT);
	dma(0x0100, 0, 0x200000, 1);
	dma(0x0100, 0, 0x200000, 1);
	assert_int_equal(rd(0, 0, AMD_IOMMU_PC_COUNTER), 1);
	assert_int_equal(rd(0, 1, AMD_IOMMU_PC_COUNTER), 1);
	/* first touch of a 2 MiB region walks all four levels */
	assert_int_equal(rd(0, 2, AMD_IOMMU_PC_COUNTER), 4);
}

static void counter_wraps_at_48_bits(void **state)
{
	wr(0, 0, AMD_IOMMU_PC_COUNTER, AMD_IOMMU_COUNTER_MASK - 1);
	wr(0, 0, AMD_IOMMU_PC_CSOURCE, AMD_IOMMU_EV_MEM_TRANS_TOTAL);
	dma(0x0100, 0, 0, 3);
	assert_int_equal(rd(0, 0, AMD_IOMMU_PC_COUNTER), 1);
	/* writes are cut to 48 bits too */
	wr(0, 1, AMD_IOMMU_PC_COUNTER, ~0ull);
	assert_int_equal(rd(0, 1, AMD_IOMMU_PC_COUNTER), AMD_IOMMU_COUNTER_MASK);
}

static void msi_writes_are_interrupts(void **state)
{
	struct amd_iommu_req r = {.rid = 0x0100, .address = 0xfee00000, .write = true};

	amd_iommu_hw_request(hw, &r);
	amd_iommu_hw_request(hw, &r);
	assert_int_equal(amd_iommu_hw_event_total(hw, AMD_IOMMU_EV_INT_DTE_MIS), 1);
	assert_int_equal(amd_iommu_hw_event_total(hw, AMD_IOMMU_EV_INT_DTE_HIT), 1);
	assert_int_equal(amd_iommu_hw_event_total(hw, AMD_IOMMU_EV_MEM_TRANS_TOTAL), 0);
}

static void no_register_beyond_the_banks(void **state)
{
	wr(2, 0, AMD_IOMMU_PC_CSOURCE, 5);
	assert_int_equal(rd(2, 0, AMD_IOMMU_PC_CSOURCE), 0);
	wr(0, 4, AMD_IOMMU_PC_CSOURCE, 5);
	assert_int_equal(rd(0, 4, AMD_IOMMU_PC_CSOURCE), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(announces_banks_and_counters, setup, teardown),
	    cmocka_unit_test_setup_teardown(counts_only_while_csource_set, setup, teardown),
	    cmocka_unit_test_setup_teardown(filters_by_devid_domain_pasid, setup, teardown),
	    cmocka_unit_test_setup_teardown(tlb_hits_after_first_touch, setup, teardown),
	    cmocka_unit_test_setup_teardown(counter_wraps_at_48_bits, setup, teardown),
	    cmocka_unit_test_setup_teardown(msi_writes_are_interrupts, setup, teardown),
	    cmocka_unit_test_setup_teardown(no_register_beyond_the_banks, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
