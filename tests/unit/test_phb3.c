// SPDX-License-Identifier: GPL-2.0-only
/* The PHB3 model through its register window only, as a driver sees it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ioda_fixture.h"

static struct fixture fx;

static int64_t call(unsigned token, int n, const uint64_t *a)
{
	for (int i = 0; i < n; i++)
		bus_write64(&fx.bd, 0, PHB3_ARG(i), a[i]);
	bus_write64(&fx.bd, 0, PHB3_CALL, token);
	return (int64_t)bus_read64(&fx.bd, 0, PHB3_STATUS);
}

#define CALL(token, ...)                                                                           \
	call(token, sizeof((uint64_t[]){__VA_ARGS__}) / 8, (uint64_t[]){__VA_ARGS__})

static uint64_t out(int i)
{
	return bus_read64(&fx.bd, 0, PHB3_OUT(i));
}

static int setup(void **state)
{
	fx_phb0(&fx);
	fx.dma = bus_dma_create();
	fx.model = phb3_create(&fx.desc, fx.dma);
	fx.bd.bar[0] = (struct bus_bar){&phb3_mmio_ops, fx.model, PHB3_REGS_SIZE, 0};
	return fx.model ? 0 : -1;
}

static int teardown(void **state)
{
	phb3_destroy(fx.model);
	bus_dma_destroy(fx.dma);
	return 0;
}

static void properties_and_function_view(void **state)
{
	assert_int_equal(bus_read64(&fx.bd, 0, PHB3_NUM_PES), 256);
	assert_int_equal(bus_read32(&fx.bd, 0, PHB3_M32_SIZE), 0x80000000u);
	assert_int_equal(bus_read64(&fx.bd, 0, PHB3_MSI32_ADDR), 0xffff0000ull);
	assert_int_equal(bus_read64(&fx.bd, 0, PHB3_FN_COUNT), 3);
	bus_write64(&fx.bd, 0, PHB3_FN_SEL, 1);
	assert_int_equal(bus_read64(&fx.bd, 0, PHB3_FN_RID), 0x100);
	assert_int_equal(bus_read64(&fx.bd, 0, PHB3_FN_SRIOV_TOTAL), 64);
	assert_int_equal(bus_read64(&fx.bd, 0, PHB3_FN_VF_BAR_SIZE(0)), 1 * MiB);
	bus_write64(&fx.bd, 0, PHB3_FN_SRIOV_NUMVFS, 100);
	assert_int_equal(bus_read64(&fx.bd, 0, PHB3_FN_SRIOV_NUMVFS), 64);
}

static void rtt_bus_compare(void **state)
{
	/* Bus 0x20 with the top 5 bits compared: buses 0x20..0x27, any devfn. */
	assert_int_equal(CALL(PHB3_SET_PE, 7, 0x2000, 4, 0, 0, OPAL_MAP), 0);
	assert_int_equal(CALL(PHB3_SET_PE, 9, 0x2508, 7, 1, 1, OPAL_MAP), 0);
	assert_int_equal(CALL(PHB3_SET_XIVE_PE, 3, 7), 0);
	assert_int_equal(CALL(PHB3_DEV_MSI, 0x2710, 0xffff0000, 3), 0);
	assert_int_equal(out(1), PHB3_ACC_OK);
	assert_int_equal(CALL(PHB3_DEV_MSI, 0x2508, 0xffff0000, 3), 0);
	assert_int_equal(out(1), PHB3_ACC_REJECTED);
	assert_int_equal(CALL(PHB3_DEV_MSI, 0x2800, 0xffff0000, 3), 0);
	assert_int_equal(out(1), PHB3_ACC_REJECTED);
	assert_int_equal(CALL(PHB3_SET_PE, 300, 0x2000, 7, 0, 0, OPAL_MAP), OPAL_PARAMETER);
}

static void peltv_cascades_error_messages(void **state)
{
	CALL(PHB3_SET_PE, 4, 0x0300, 7, 0, 0, OPAL_MAP);
	CALL(PHB3_SET_PELTV, 4, 4, OPAL_MAP);
	CALL(PHB3_SET_PELTV, 4, 5, OPAL_MAP);
	CALL(PHB3_SET_PELTV, 4, 6, OPAL_MAP);
	CALL(PHB3_ERR_MSG, 0x0300);
	CALL(PHB3_FREEZE_STATUS, 6);
	assert_int_equal(out(0), OPAL_EEH_STOPPED_MMIO_DMA_FREEZE);
	assert_int_equal(out(1), PHB3_CAUSE_PELTV);
	CALL(PHB3_FREEZE_STATUS, 4);
	assert_int_equal(out(1), PHB3_CAUSE_ERR_MSG);
	CALL(PHB3_FREEZE_STATUS, 7);
	assert_int_equal(out(0), OPAL_EEH_STOPPED_NOT_FROZEN);
	/* The two halves clear independently. */
	CALL(PHB3_FREEZE_CLEAR, 6, OPAL_EEH_ACTION_DMA);
	CALL(PHB3_FREEZE_STATUS, 6);
	assert_int_equal(out(0), OPAL_EEH_STOPPED_MMIO_FREEZE);
	CALL(PHB3_FREEZE_CLEAR, 6, OPAL_EEH_ACTION_MMIO);
	CALL(PHB3_FREEZE_STATUS, 6);
	assert_int_equal(out(0), OPAL_EEH_STOPPED_NOT_FROZEN);
	assert_int_equal(out(1), PHB3_CAUSE_NONE);
}

static void m64_precedence_and_modes(void **state)
{
	uint64_t base = fx.desc.m64_base;

	assert_int_equal(CALL(PHB3_SET_M64, 15, base, 64 * GiB), 0);
	assert_int_equal(CALL(PHB3_ENABLE_M64, 15, OPAL_ENABLE_M64_SPLIT), 0);
	assert_int_equal(CALL(PHB3_SET_M64, 2, base + 2 * GiB, 32 * MiB), 0);
	assert_int_equal(CALL(PHB3_MAP_M64_PE, 77, 2), 0);
	assert_int_equal(CALL(PHB3_ENABLE_M64, 2, OPAL_ENABLE_M64_NON_SPLIT), 0);
	assert_int_equal(CALL(PHB3_ENABLE_M64, 2, OPAL_ENABLE_M64_SPLIT), OPAL_PARAMETER);
	CALL(PHB3_RESOLVE, base + 2 * GiB + 4096);
	assert_int_equal(out(0), PHB3_WIN_M64);
	assert_int_equal(out(1), 2);
	assert_int_equal(out(3), 77);
	CALL(PHB3_RESOLVE, base + 3 * GiB + 1);
	assert_int_equal(out(1), 15);
	assert_int_equal(out(2), 12);
	assert_int_equal(out(3), 12);
	assert_int_equal(CALL(PHB3_SET_M64, 16, base, 256 * MiB), OPAL_PARAMETER);
	assert_int_equal(CALL(PHB3_SET_M64, 3, base + MiB, 256 * MiB), OPAL_PARAMETER);
	/* M32: segment table; the top 64 KiB is MSI space. */
	CALL(PHB3_MAP_M32_SEG, 42, 5);
	CALL(PHB3_RESOLVE, fx.desc.m32_cpu_base + 5 * 8 * MiB + 16);
	assert_int_equal(out(0), PHB3_WIN_M32);
	assert_int_equal(out(3), 42);
	CALL(PHB3_RESOLVE, fx.desc.m32_cpu_base + 2 * GiB - 16);
	assert_int_equal(out(0), PHB3_WIN_MSI);
}

static void dma_through_tce_and_bypass(void **state)
{
	uint64_t table, *tce = bus_dma_alloc(fx.dma, 16 * 8, &table);

	tce[3] = 0x12340000ull | PHB3_TCE_READ;
	CALL(PHB3_SET_PE, 9, 0x0100, 7, 0, 0, OPAL_MAP);
	assert_int_equal(CALL(PHB3_MAP_DMA_TCE, 9, 18, table, 16, 16), 0);
	assert_int_equal(CALL(PHB3_MAP_DMA_TCE, 9, 20, table, 16, 16), OPAL_PARAMETER);
	assert_int_equal(CALL(PHB3_MAP_DMA_BYPASS, 9, 19, 1ull << 40), 0);
	CALL(PHB3_DEV_DMA, 0x0100, 3 * 0x10000 + 0x42);
	assert_int_equal(out(1), PHB3_ACC_OK);
	assert_int_equal(out(0), 0x12340042ull);
	CALL(PHB3_DEV_DMA, 0x0100, PHB3_DMA_BIT59 | 0x5000);
	assert_int_equal(out(0), 0x5000);
	/* An invalid TCE freezes the PE; further DMA is stopped. */
	CALL(PHB3_DEV_DMA, 0x0100, 4 * 0x10000);
	assert_int_equal(out(1), PHB3_ACC_FAULT);
	CALL(PHB3_DEV_DMA, 0x0100, 3 * 0x10000);
	assert_int_equal(out(1), PHB3_ACC_FROZEN);
	CALL(PHB3_FREEZE_STATUS, 9);
	assert_int_equal(out(1), PHB3_CAUSE_DMA_FAULT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(properties_and_function_view, setup, teardown),
	    cmocka_unit_test_setup_teardown(rtt_bus_compare, setup, teardown),
	    cmocka_unit_test_setup_teardown(peltv_cascades_error_messages, setup, teardown),
	    cmocka_unit_test_setup_teardown(m64_precedence_and_modes, setup, teardown),
	    cmocka_unit_test_setup_teardown(dma_through_tce_and_bypass, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
