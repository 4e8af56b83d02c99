// SPDX-License-Identifier: GPL-2.0-only
/*
 * PCIe PMU register file.  Every access first brings the time counters up
 * to the fabric's current time, so a read sees exactly the cycles elapsed
 * and a control write takes effect from that instant.  64-bit registers are
 * accessed whole; 32-bit halves are accepted for completeness.  Counter
 * overflow is latched in INT_STAT and raises the one MSI vector when that
 * counter's INT_MASK is clear.
 */
#include <errno.h>
#include <stdlib.h>

#include "pcie_pmu_internal.h"

static int counter_of(uint64_t off, uint64_t base, uint64_t stride)
{
	if (off < base || (off - base) % stride)
		return -1;
	uint64_t i = (off - base) / stride;

	return i < HISI_PCIE_PMU_NR_COUNTERS ? (int)i : -1;
}

/*
 * Before any access: what the fabric owes the counters (a lazy skip's
 * counts, fabric_observer_asks), then the time counters.
 */
static void sync_time(struct pcie_pmu_hw *m)
{
	fabric_observer_catch_up(m->fab, pcie_pmu_observe, m);
	pcie_pmu_run_until(m, fabric_now(m->fab));
}

static uint64_t reg_read64(void *model, uint64_t off)
{
	struct pcie_pmu_hw *m = model;
	int i;

	sync_time(m);
	if ((i = counter_of(off, HISI_PCIE_EVENT_CTRL(0), 8)) >= 0)
		return m->c[i].ctrl;
	if ((i = counter_of(off, HISI_PCIE_CNT(0), 8)) >= 0)
		return m->c[i].cnt;
	if ((i = counter_of(off, HISI_PCIE_EXT_CNT(0), 8)) >= 0)
		return m->c[i].ext;
	if ((i = counter_of(off, HISI_PCIE_INT_STAT(0), 8)) >= 0)
		return m->c[i].int_stat | (uint64_t)m->c[i].int_mask << 32;
	switch (off) {
	case HISI_PCIE_GLOBAL_CTRL:
		return m->global;
	case HISI_PCIE_REG_BDF:
		return m->p.bdf_min | (uint64_t)m->p.bdf_max << 16 | (uint64_t)m->p.version << 32;
	case HISI_PCIE_REG_INFO:
		return (uint64_t)m->p.core | (uint64_t)m->p.sicl << 16;
	}
	return 0;
}

static uint32_t reg_read32(void *model, uint64_t off)
{
	if (off & 4)
		return (uint32_t)(reg_read64(model, off - 4) >> 32);
	return (uint32_t)reg_read64(model, off);
}

static void write_ctrl(struct pcie_pmu_hw *m, int i, uint64_t val)
{
	struct pmu_counter *c = &m->c[i];

	if (val & HISI_PCIE_RESET_CNT) {
		c->cnt = c->ext = 0;
		c->time_frac = c->lat_frac = 0;
		c->triggered = false;
		val &= ~HISI_PCIE_RESET_CNT;
	}
	if ((val & ~HISI_PCIE_EVENT_EN) != (c->ctrl & ~HISI_PCIE_EVENT_EN) ||
	    !(val & HISI_PCIE_EVENT_EN))
		c->triggered = false;
	c->ctrl = val;
}

static void reg_write64(void *model, uint64_t off, uint64_t val)
{
	struct pcie_pmu_hw *m = model;
	int i;

	sync_time(m);
	if ((i = counter_of(off, HISI_PCIE_EVENT_CTRL(0), 8)) >= 0)
		write_ctrl(m, i, val);
	else if ((i = counter_of(off, HISI_PCIE_CNT(0), 8)) >= 0)
		m->c[i].cnt = val;
	else if ((i = counter_of(off, HISI_PCIE_EXT_CNT(0), 8)) >= 0)
		m->c[i].ext = val;
	else if (off == HISI_PCIE_GLOBAL_CTRL)
		m->global = (uint32_t)val & HISI_PCIE_GLOBAL_EN;
	pcie_pmu_update_active(m);
}

static void reg_write32(void *model, uint64_t off, uint32_t val)
{
	struct pcie_pmu_hw *m = model;
	int i;

	if ((i = counter_of(off, HISI_PCIE_INT_STAT(0), 8)) >= 0) {
		if (val & 1)
			m->c[i].int_stat = 0;
		return;
	}
	if ((i = counter_of(off, HISI_PCIE_INT_MASK(0), 8)) >= 0) {
		m->c[i].int_mask = val & 1;
		return;
	}
	if (off >= HISI_PCIE_REG_BDF)
		return; /* read-only identity registers */
	uint64_t whole = reg_read64(model, off & ~7ULL);

	if (off & 4)
		whole = (whole & 0xffffffffULL) | (uint64_t)val << 32;
	else
		whole = (whole & ~0xffffffffULL) | val;
	reg_write64(model, off & ~7ULL, off == HISI_PCIE_GLOBAL_CTRL ? val : whole);
}

static const struct bus_mmio_ops pcie_pmu_mmio = {
    .read32 = reg_read32,
    .write32 = reg_write32,
    .read64 = reg_read64,
    .write64 = reg_write64,
};

void pcie_pmu_irq_flush(struct pcie_pmu_hw *m)
{
	if (!m->irq_due)
		return;
	m->irq_due = false;
	bus_raise_irq(m->dev, HISI_PCIE_PMU_IRQ_VECTOR);
}

int pcie_pmu_hw_create(struct fabric *f, struct bus_device *dev, const struct pcie_pmu_hw_params *p,
		       struct pcie_pmu_hw **out)
{
	struct pcie_pmu_hw *m = calloc(1, sizeof(*m));
	int r;

	if (!m)
		return -ENOMEM;
	m->fab = f;
	m->dev = dev;
	m->p = *p;
	for (int i = 0; i < HISI_PCIE_PMU_NR_COUNTERS; i++)
		m->c[i].int_mask = 1;
	m->counted_to_ns = fabric_now(f);
	r = fabric_add_observer(f, p->sicl, p->core, pcie_pmu_observe, m);
	if (r < 0) {
		free(m);
		return r;
	}
	fabric_observer_want(f, pcie_pmu_observe, m, false); /* no counter counts yet */
	fabric_observer_counts(f, pcie_pmu_observe, m, true);
	fabric_observer_asks(f, pcie_pmu_observe, m, true); /* sync_time */
	dev->bar[HISI_PCIE_PMU_BAR] =
	    (struct bus_bar){.ops = &pcie_pmu_mmio, .model = m, .size = HISI_PCIE_PMU_BAR_SIZE};
	dev->nvectors = 1;
	*out = m;
	return 0;
}

void pcie_pmu_hw_destroy(struct pcie_pmu_hw *m)
{
	if (!m)
		return;
	fabric_remove_observer(m->fab, pcie_pmu_observe, m);
	free(m);
}
