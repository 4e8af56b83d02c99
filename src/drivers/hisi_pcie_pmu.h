/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The hisi_pcie_pmu driver's private state, shared by its probe/sysfs part
 * (hisi_pcie_pmu.c) and its perf callbacks (hisi_pcie_pmu_event.c).
 */
#ifndef PCIESCOPE_DRIVERS_HISI_PCIE_PMU_H
#define PCIESCOPE_DRIVERS_HISI_PCIE_PMU_H

#include <pciescope/core/kernel.h>
#include <pciescope/regs/hisi_pcie_pmu.h>

struct hisi_pcie_pmu {
	struct pmu pmu;
	struct kcore *k;
	struct kdevice *dev;
	char name[48];
	uint16_t sicl, core, bdf_min, bdf_max;
	uint32_t version;
	int on_cpu;
	struct perf_event *hw_events[HISI_PCIE_PMU_NR_COUNTERS];
};

extern const struct kdriver hisi_pcie_pmu_driver;

/* perf callbacks and the overflow handler (hisi_pcie_pmu_event.c) */
int hisi_pcie_pmu_event_init(struct perf_event *e);
int hisi_pcie_pmu_add(struct perf_event *e, int flags);
void hisi_pcie_pmu_del(struct perf_event *e, int flags);
void hisi_pcie_pmu_start(struct perf_event *e, int flags);
void hisi_pcie_pmu_stop(struct perf_event *e, int flags);
void hisi_pcie_pmu_read(struct perf_event *e);
void hisi_pcie_pmu_enable(struct pmu *p);
void hisi_pcie_pmu_disable(struct pmu *p);
void hisi_pcie_pmu_irq(void *ctx, int vector);

/* The EVENT_CTRL value an event's config composes to (without EVENT_EN). */
uint64_t hisi_pcie_pmu_ctrl(const struct perf_event *e);

#endif
