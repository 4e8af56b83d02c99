/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * State of the PCIe PMU model shared by its register file (pcie_pmu.c) and
 * its counting logic (pcie_pmu_count.c).
 */
#ifndef PCIESCOPE_HW_PCIE_PMU_INTERNAL_H
#define PCIESCOPE_HW_PCIE_PMU_INTERNAL_H

#include <stdbool.h>

#include <pciescope/fabric/fabric.h>
#include <pciescope/hw/pcie_pmu.h>
#include <pciescope/regs/hisi_pcie_pmu.h>

struct event_kind;

struct pmu_counter {
	uint64_t ctrl;		       /* EVENT_CTRL as written (RESET_CNT is an action) */
	const struct event_kind *kind; /* decoded from ctrl's code, NULL if unknown */
	uint64_t cnt, ext;
	uint32_t int_stat, int_mask;
	bool triggered;	    /* the trigger condition has been met */
	uint64_t time_frac; /* ns of counting time not yet a whole cycle */
	uint64_t lat_frac;  /* ns of latency not yet a whole cycle */
};

struct pcie_pmu_hw {
	struct fabric *fab;
	struct bus_device *dev;
	struct pcie_pmu_hw_params p;
	uint32_t global;
	struct pmu_counter c[HISI_PCIE_PMU_NR_COUNTERS];
	bool irq_due;	 /* an unmasked counter overflowed */
	unsigned active; /* bit i: counter i counts (GLOBAL_CTRL and EVENT_EN) */
	/*
	 * ns the counters' time is accounted up to: one for all, as every
	 * counter's time moves with the core's, so a TLP costs time only for
	 * the counters that count.
	 */
	uint64_t counted_to_ns;
	/*
	 * A TLP brings the time counters up to its time only from here on:
	 * when a time counter would wrap (its interrupt is due at that TLP)
	 * or, while a trigger waits, at once (a counter's time starts at the
	 * TLP that fires it).  Before it, a register access brings them up
	 * and the sum is the same, as the fractions carry.
	 */
	uint64_t sync_ns;
	/* bit i set in sel_mask[dir][sel]: counter i counts that direction and TLP kind */
	unsigned sel_mask[2][3];
};

/* Decodes a counter's event code; call after writing ctrl or GLOBAL_CTRL. */
void pcie_pmu_update_active(struct pcie_pmu_hw *m);
/* Brings the time counters up to now_ns. */
void pcie_pmu_run_until(struct pcie_pmu_hw *m, uint64_t now_ns);
/* A TLP crossed one of the core's Root Ports. */
void pcie_pmu_observe(void *ctx, const struct fabric_tlp *t);
/* Adds delta to a counter register, latching overflow into INT_STAT. */
void pcie_pmu_add(struct pcie_pmu_hw *m, int i, uint64_t *reg, uint64_t delta);
/* Raises the interrupt if an overflow is due. */
void pcie_pmu_irq_flush(struct pcie_pmu_hw *m);

#endif
