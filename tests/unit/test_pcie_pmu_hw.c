// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PCIe PMU hardware model alone, driven through its registers as a
 * driver would, on the small test fabric (core 0: Root Port 00:00.0 with an
 * NVMe 39:00.0, Root Port 00:04.0 with a switch): target, threshold,
 * trigger and LEN_MODE as decoded from EVENT_CTRL, the time counter, reset,
 * overflow and its interrupt, identity registers.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/hw/pcie_pmu.h>
#include <pciescope/regs/hisi_pcie_pmu.h>

#include "fabric_topo.h"

#define MS 1000000ULL
#define BAR HISI_PCIE_PMU_BAR
#define PORT(bits) ((uint64_t)(bits) << HISI_PCIE_TARGET_SHIFT)
#define LEN_MODE(m) ((uint64_t)(m) << HISI_PCIE_LEN_MODE_SHIFT)
#define THR(len, mode)                                                                             \
	(HISI_PCIE_THR_EN | (uint64_t)(len) << HISI_PCIE_THR_LEN_SHIFT |                           \
	 ((mode) ? HISI_PCIE_THR_MODE : 0))
#define TRIG(len, mode)                                                                            \
	(HISI_PCIE_TRIG_EN | (uint64_t)(len) << HISI_PCIE_TRIG_LEN_SHIFT |                         \
	 ((mode) ? HISI_PCIE_TRIG_MODE : 0))

struct rig {
	struct fabric *f;
	struct bus_device dev;
	struct pcie_pmu_hw *m;
	int irqs;
};

static int setup(void **state)
{
	static struct rig r;
	struct pcie_pmu_hw_params p = {
	    .sicl = 0, .core = 0, .bdf_min = 0x0000, .bdf_max = 0x0020, .version = 0x30};
	struct error err;

	r = (struct rig){.f = test_fabric(1)};
	if (!r.f || fabric_set_workload(r.f, "storage-read", NULL, &err) ||
	    pcie_pmu_hw_create(r.f, &r.dev, &p, &r.m))
		return -1;
	*state = &r;
	return 0;
}

static int teardown(void **state)
{
	struct rig *r = *state;

	pcie_pmu_hw_destroy(r->m);
	fabric_destroy(r->f);
	return 0;
}

static void on_irq(void *ctx, int vector)
{
	((struct rig *)ctx)->irqs++;
}

/* Programs counter i with exactly ctrl plus EVENT_EN, zeroed, and enables the PMU. */
static void program(struct rig *r, int i, uint64_t ctrl)
{
	bus_write64(&r->dev, BAR, HISI_PCIE_EVENT_CTRL(i), HISI_PCIE_RESET_CNT);
	bus_write64(&r->dev, BAR, HISI_PCIE_EVENT_CTRL(i), ctrl | HISI_PCIE_EVENT_EN);
	bus_write32(&r->dev, BAR, HISI_PCIE_GLOBAL_CTRL, HISI_PCIE_GLOBAL_EN);
}

static uint64_t cnt(struct rig *r, int i)
{
	return bus_read64(&r->dev, BAR, HISI_PCIE_CNT(i));
}

static uint64_t ext(struct rig *r, int i)
{
	return bus_read64(&r->dev, BAR, HISI_PCIE_EXT_CNT(i));
}

static void run(struct rig *r, uint64_t ns)
{
	assert_int_equal(fabric_run_until(r->f, fabric_now(r->f) + ns), 0);
}

static void identity(void **state)
{
	struct rig *r = *state;

	assert_int_equal(bus_read32(&r->dev, BAR, HISI_PCIE_REG_BDF), 0x0020 << 16);
	assert_int_equal(bus_read32(&r->dev, BAR, HISI_PCIE_REG_VERSION), 0x30);
	assert_int_equal(bus_read32(&r->dev, BAR, HISI_PCIE_REG_INFO), 0);
	assert_int_equal(r->dev.nvectors, 1);
}

static void target_and_threshold(void **state)
{
	struct rig *r = *state;

	program(r, 0, HISI_PCIE_EV_RX_MRD_FLUX | PORT(0x1) | LEN_MODE(3));
	program(r, 1, HISI_PCIE_EV_RX_MRD_FLUX | HISI_PCIE_TARGET_EN | PORT(0x3900) | LEN_MODE(3));
	program(r, 2, HISI_PCIE_EV_RX_MRD_FLUX | PORT(0x1) | LEN_MODE(3) | THR(5, 0));
	program(r, 3, HISI_PCIE_EV_RX_MRD_FLUX | PORT(0x1) | LEN_MODE(3) | THR(5, 1));
	program(r, 4, HISI_PCIE_EV_RX_MRD_FLUX | PORT(0x1) | LEN_MODE(3) | TRIG(15, 0));
	program(r, 5, HISI_PCIE_EV_RX_MRD_FLUX | PORT(0x1) | LEN_MODE(3) | TRIG(15, 1));
	program(r, 6, HISI_PCIE_EV_RX_MRD_FLUX | PORT(0x100) | LEN_MODE(3));
	program(r, 7, HISI_PCIE_EV_RX_MRD_FLUX | HISI_PCIE_TARGET_EN | PORT(0x3c00) | LEN_MODE(3));
	run(r, 1 * MS);
	assert_true(cnt(r, 0) > 0);
	/* the NVMe is the only requester below 00:00.0 */
	assert_int_equal(cnt(r, 1), cnt(r, 0));
	/* >= and < a threshold split the same traffic */
	assert_int_equal(cnt(r, 2) + cnt(r, 3), cnt(r, 0));
	/* a trigger longer than 2^15 DW never fires; shorter fires at once */
	assert_int_equal(cnt(r, 4), 0);
	assert_int_equal(ext(r, 4), 0);
	assert_int_equal(cnt(r, 5), cnt(r, 0));
	/* nothing of the NVMe's reads on the other port or requester */
	assert_int_equal(cnt(r, 7), 0);
	/* the time counter: 1 ms is 100000 cycles of 100 MHz */
	assert_int_equal(ext(r, 0), 100000);
}

/*
 * Under the rate model a counter that filters by requester counts that
 * requester's share of its port (docs/fabric.md, *The rate model*): the
 * NVMe, the only requester below 00:00.0, counts what the port does, to
 * the byte, and both within 2 % of the per-TLP engine.
 */
static void requester_counter_under_the_rate_model(void **state)
{
	struct rig *r = *state, exact = {.f = test_fabric(1)};
	struct pcie_pmu_hw_params p = {
	    .sicl = 0, .core = 0, .bdf_min = 0x0000, .bdf_max = 0x0020, .version = 0x30};
	struct error err;

	assert_non_null(exact.f);
	assert_int_equal(fabric_set_workload(exact.f, "storage-read", NULL, &err), 0);
	assert_int_equal(pcie_pmu_hw_create(exact.f, &exact.dev, &p, &exact.m), 0);
	fabric_set_rate_model(r->f, 2000000);
	for (int i = 0; i < 2; i++) {
		struct rig *x = i ? &exact : r;

		program(x, 0, HISI_PCIE_EV_TX_CPL_FLUX | PORT(0x1) | LEN_MODE(3));
		program(x, 1,
			HISI_PCIE_EV_TX_CPL_FLUX | HISI_PCIE_TARGET_EN | PORT(0x3900) |
			    LEN_MODE(3));
		run(x, 20 * MS);
	}
	assert_true(cnt(&exact, 1) > 0);
	assert_int_equal(cnt(r, 1), cnt(r, 0));
	assert_true(cnt(r, 1) * 100 >= cnt(&exact, 1) * 98 &&
		    cnt(r, 1) * 100 <= cnt(&exact, 1) * 102);
	pcie_pmu_hw_destroy(exact.m);
	fabric_destroy(exact.f);
}

static void len_mode_as_written(void **state)
{
	struct rig *r = *state;

	/* 0 counts nothing, 1 payload, 2 headers, 3 both; 6.2-6.11 drivers could not write 2 */
	for (int m = 0; m < 4; m++)
		program(r, m, HISI_PCIE_EV_TX_CPL_FLUX | PORT(0x1) | LEN_MODE(m));
	run(r, 1 * MS);
	assert_int_equal(cnt(r, 0), 0);
	assert_true(cnt(r, 1) > 0 && cnt(r, 2) > 0);
	assert_true(cnt(r, 2) < cnt(r, 1));
	assert_int_equal(cnt(r, 1) + cnt(r, 2), cnt(r, 3));
}

static void reset_and_disable(void **state)
{
	struct rig *r = *state;
	uint64_t c;

	program(r, 0, HISI_PCIE_EV_RX_MRD_LATENCY | PORT(0x1));
	run(r, 1 * MS);
	assert_true(cnt(r, 0) > 0 && ext(r, 0) > 0);
	bus_write32(&r->dev, BAR, HISI_PCIE_GLOBAL_CTRL, 0);
	c = cnt(r, 0);
	run(r, 1 * MS);
	assert_int_equal(cnt(r, 0), c);
	bus_write64(&r->dev, BAR, HISI_PCIE_EVENT_CTRL(0), HISI_PCIE_RESET_CNT);
	assert_int_equal(cnt(r, 0), 0);
	assert_int_equal(ext(r, 0), 0);
}

static void overflow_raises_the_interrupt(void **state)
{
	struct rig *r = *state;

	assert_int_equal(bus_request_irq(&r->dev, HISI_PCIE_PMU_IRQ_VECTOR, on_irq, r), 0);
	program(r, 0, HISI_PCIE_EV_RX_MRD_FLUX | PORT(0x1) | LEN_MODE(3));
	program(r, 1, HISI_PCIE_EV_RX_MRD_FLUX | PORT(0x1) | LEN_MODE(3));
	bus_write64(&r->dev, BAR, HISI_PCIE_CNT(0), ~0ULL - 10);
	bus_write64(&r->dev, BAR, HISI_PCIE_CNT(1), ~0ULL - 10);
	bus_write32(&r->dev, BAR, HISI_PCIE_INT_MASK(0), 0);
	bus_write32(&r->dev, BAR, HISI_PCIE_INT_MASK(1), 1);
	run(r, 1 * MS);
	assert_true(r->irqs >= 1);
	assert_int_equal(bus_read32(&r->dev, BAR, HISI_PCIE_INT_STAT(0)), 1);
	assert_int_equal(bus_read32(&r->dev, BAR, HISI_PCIE_INT_STAT(1)), 1);
	assert_true(cnt(r, 0) < (1ULL << 32)); /* wrapped past 2^64 */
	bus_write32(&r->dev, BAR, HISI_PCIE_INT_STAT(0), 1);
	assert_int_equal(bus_read32(&r->dev, BAR, HISI_PCIE_INT_STAT(0)), 0);
	bus_free_irq(&r->dev, HISI_PCIE_PMU_IRQ_VECTOR);
}

/*
 * The time counter's wrap raises the interrupt at the first TLP past it,
 * though a TLP brings the time counter up only when a wrap or a trigger is
 * due: 10 us before the wrap nothing, the microsecond after it the interrupt,
 * and the cycles counted add up as if every TLP had counted them.
 */
static void time_counter_wrap_raises_the_interrupt(void **state)
{
	struct rig *r = *state;
	uint64_t start = ~0ULL - 1000; /* 1001 cycles of 10 ns to the wrap */

	assert_int_equal(bus_request_irq(&r->dev, HISI_PCIE_PMU_IRQ_VECTOR, on_irq, r), 0);
	program(r, 0, HISI_PCIE_EV_RX_MRD_FLUX | PORT(0x1) | LEN_MODE(3));
	bus_write32(&r->dev, BAR, HISI_PCIE_INT_MASK(0), 0);
	bus_write64(&r->dev, BAR, HISI_PCIE_EXT_CNT(0), start);
	fabric_run_until(r->f, fabric_now(r->f) + 10000 - 100);
	assert_int_equal(r->irqs, 0);
	fabric_run_until(r->f, fabric_now(r->f) + 1100);
	assert_int_equal(r->irqs, 1);
	assert_int_equal(bus_read32(&r->dev, BAR, HISI_PCIE_INT_STAT(0)), 1);
	run(r, 1 * MS);
	assert_int_equal(ext(r, 0), start + (11000 + 1 * MS) / 10); /* wrapped */
	bus_free_irq(&r->dev, HISI_PCIE_PMU_IRQ_VECTOR);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(identity, setup, teardown),
	    cmocka_unit_test_setup_teardown(target_and_threshold, setup, teardown),
	    cmocka_unit_test_setup_teardown(requester_counter_under_the_rate_model, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(len_mode_as_written, setup, teardown),
	    cmocka_unit_test_setup_teardown(reset_and_disable, setup, teardown),
	    cmocka_unit_test_setup_teardown(overflow_raises_the_interrupt, setup, teardown),
	    cmocka_unit_test_setup_teardown(time_counter_wrap_raises_the_interrupt, setup,
					    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
