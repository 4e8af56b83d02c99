/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Hip09 PCIe PMU as hardware: a register file on BAR 2
 * (regs/hisi_pcie_pmu.h) with 8 counter pairs that count the traffic the
 * fabric reports on the Root Ports of one PCIe core.
 *
 * The PMU clock is PCIE_PMU_CLOCK_HZ (100 MHz, 10 ns a cycle): latency
 * events add delay in cycles, *_time events add cycles while counting.
 * Sub-cycle remainders are carried, so totals are exact to one cycle.
 */
#ifndef PCIESCOPE_HW_PCIE_PMU_H
#define PCIESCOPE_HW_PCIE_PMU_H

#include <stdint.h>

#include <pciescope/bus/bus.h>

struct fabric;
struct pcie_pmu_hw;

#define PCIE_PMU_CLOCK_HZ 100000000ULL
#define PCIE_PMU_CYCLE_NS (1000000000ULL / PCIE_PMU_CLOCK_HZ)

struct pcie_pmu_hw_params {
	uint16_t sicl, core;
	uint16_t bdf_min, bdf_max; /* Root Port range of the core */
	uint32_t version;	   /* VERSION register */
};

/*
 * Creates the model behind dev: fills dev->bar[2] and dev->nvectors and
 * observes the core's Root Ports.  Returns 0 or -errno.
 */
int pcie_pmu_hw_create(struct fabric *f, struct bus_device *dev, const struct pcie_pmu_hw_params *p,
		       struct pcie_pmu_hw **out);
void pcie_pmu_hw_destroy(struct pcie_pmu_hw *m);

#endif
