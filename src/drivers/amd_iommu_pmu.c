// SPDX-License-Identifier: GPL-2.0-only
/*
 * AMD IOMMU performance counter PMUs.
 *
 * One PMU amd_iommu_<n> per IOMMU that announces counters (PCSup and a
 * non-zero bank/counter count), with the Linux 6.x config layout; and, on
 * the first IOMMU, the 2013 proposal's iommuv2 PMU with the seed's layout.
 *
 * Counting follows the seed rather than 6.1: start programs the match
 * registers and then CSource; stop writes CSource 0 and then reads; a read
 * adds the 48-bit wrapped difference from the previous ICounter value.  So
 * reading a running counter never counts twice, and a wrap between two
 * reads is still counted right (6.1 adds the whole ICounter on every read).
 *
 * Counters are allocated from a bitmap, bank by bank, first free wins.  The
 * slot index is bank * counters + counter: 6.1 uses bank * 4 + counter,
 * which aliases counters when a bank has more than four; fixed here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/regs/amd_iommu.h>

#include "amd_iommu_pmu.h"

static struct amd_iommu_pmu *to_iommu(struct perf_event *e)
{
	return e->pmu->priv;
}

static enum amd_layout layout_of(struct perf_event *e)
{
	return e->pmu == &to_iommu(e)->seed_pmu ? AMD_LAYOUT_2013 : AMD_LAYOUT_6X;
}

static uint64_t pc_off(struct perf_event *e, unsigned fxn)
{
	unsigned bank = (unsigned)e->hw.idx / to_iommu(e)->counters;
	unsigned cntr = (unsigned)e->hw.idx % to_iommu(e)->counters;

	return AMD_IOMMU_PC_OFFSET(bank, cntr, fxn);
}

static uint64_t pc_read(struct perf_event *e, unsigned fxn)
{
	return bus_read64(to_iommu(e)->bus, 0, pc_off(e, fxn)) & AMD_IOMMU_COUNTER_MASK;
}

static void pc_write(struct perf_event *e, unsigned fxn, uint64_t v)
{
	bus_write64(to_iommu(e)->bus, 0, pc_off(e, fxn), v & AMD_IOMMU_COUNTER_MASK);
}

static int event_init(struct perf_event *e)
{
	struct amd_counter_cfg c;

	if (e->attr.type != (uint32_t)e->pmu->type)
		return -ENOENT;
	if (e->attr.sample_period || e->attr.freq || e->pid >= 0 || e->cpu < 0)
		return -EINVAL;
	return amd_iommu_pmu_decode(layout_of(e), &e->attr, &c);
}

static void update(struct perf_event *e)
{
	uint64_t now = pc_read(e, AMD_IOMMU_PC_COUNTER);

	e->count += (now - e->hw.prev_count) & AMD_IOMMU_COUNTER_MASK;
	e->hw.prev_count = now;
}

static void start(struct perf_event *e, int flags)
{
	struct amd_counter_cfg c;

	if (!(e->hw.state & PERF_HES_STOPPED))
		return;
	amd_iommu_pmu_decode(layout_of(e), &e->attr, &c);
	pc_write(e, AMD_IOMMU_PC_DEVID_MATCH, c.devid_match);
	pc_write(e, AMD_IOMMU_PC_PASID_MATCH, c.pasid_match);
	pc_write(e, AMD_IOMMU_PC_DOMID_MATCH, c.domid_match);
	e->hw.prev_count = pc_read(e, AMD_IOMMU_PC_COUNTER);
	pc_write(e, AMD_IOMMU_PC_CSOURCE, c.csource);
	e->hw.state = 0;
}

static void stop(struct perf_event *e, int flags)
{
	if (e->hw.state & PERF_HES_STOPPED)
		return;
	pc_write(e, AMD_IOMMU_PC_CSOURCE, 0);
	update(e);
	e->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static void read_event(struct perf_event *e)
{
	if (!(e->hw.state & PERF_HES_STOPPED))
		update(e);
}

static int add(struct perf_event *e, int flags)
{
	struct amd_iommu_pmu *m = to_iommu(e);
	unsigned slots = m->banks * m->counters;

	for (unsigned i = 0; i < slots && i < 64; i++) {
		if (m->used & (1ull << i))
			continue;
		m->used |= 1ull << i;
		e->hw.idx = (int)i;
		e->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
		if (flags & PERF_EF_START)
			start(e, PERF_EF_RELOAD);
		return 0;
	}
	return -ENOSPC;
}

static void del(struct perf_event *e, int flags)
{
	stop(e, PERF_EF_UPDATE);
	to_iommu(e)->used &= ~(1ull << e->hw.idx);
	e->hw.idx = -1;
}

static void init_pmu(struct pmu *p, struct amd_iommu_pmu *m, unsigned caps)
{
	p->capabilities = caps;
	p->priv = m;
	p->event_init = event_init;
	p->add = add;
	p->del = del;
	p->start = start;
	p->stop = stop;
	p->read = read_event;
}

static int register_pmu(struct amd_iommu_pmu *m, struct pmu *p, const char *name, enum amd_layout l)
{
	int err = perf_pmu_register(m->k->perf, p, name, -1);

	if (!err)
		err = amd_iommu_pmu_sysfs(p, l, m->k);
	return err;
}

/* IOMMUs are numbered in discovery order: the first free amd_iommu_<n>. */
static unsigned next_index(struct kcore *k)
{
	char name[PMU_NAME_LEN];
	unsigned n = 0;

	for (;; n++) {
		pmu_name_format((struct pmu_name){.family = PMU_AMD_IOMMU, .index = n}, name,
				sizeof(name));
		if (!perf_pmu_find(k->perf, name))
			return n;
	}
}

static int attach(struct kcore *k, struct amd_iommu_pmu *m)
{
	uint64_t conf;
	int err;

	if (!(bus_read64(m->bus, 0, AMD_IOMMU_EFR) & AMD_IOMMU_EFR_PCSUP))
		return -ENODEV;
	conf = bus_read64(m->bus, 0, AMD_IOMMU_CNTR_CONF);
	m->counters =
	    (conf >> AMD_IOMMU_CNTR_CONF_COUNTERS_SHIFT) & AMD_IOMMU_CNTR_CONF_COUNTERS_MASK;
	m->banks = (conf >> AMD_IOMMU_CNTR_CONF_BANKS_SHIFT) & AMD_IOMMU_CNTR_CONF_BANKS_MASK;
	if (!m->counters || !m->banks)
		return -ENODEV;
	m->k = k;
	m->index = next_index(k);
	pmu_name_format((struct pmu_name){.family = PMU_AMD_IOMMU, .index = m->index}, m->name,
			sizeof(m->name));
	init_pmu(&m->pmu, m, PERF_PMU_CAP_NO_EXCLUDE | PERF_PMU_CAP_NO_INTERRUPT);
	err = register_pmu(m, &m->pmu, m->name, AMD_LAYOUT_6X);
	if (err)
		return err;
	/* The seed's PMU accepts exclude bits (its example uses /u). */
	if (m->index == 0) {
		init_pmu(&m->seed_pmu, m, PERF_PMU_CAP_NO_INTERRUPT);
		err = register_pmu(m, &m->seed_pmu,
				   pmu_name_format((struct pmu_name){PMU_IOMMUV2}, m->seed_name,
						   sizeof(m->seed_name)),
				   AMD_LAYOUT_2013);
		if (err) {
			perf_pmu_unregister(k->perf, &m->pmu);
			return err;
		}
		m->has_seed_pmu = true;
	}
	kcore_log(k, "perf/amd_iommu: Detected AMD IOMMU #%u (%u banks, %u counters/bank).",
		  m->index, m->banks, m->counters);
	return 0;
}

static int probe(struct kcore *k, struct kdevice *d)
{
	struct amd_iommu_pmu *m = calloc(1, sizeof(*m));
	int err;

	if (!m)
		return -ENOMEM;
	m->bus = d->bus;
	err = attach(k, m);
	if (err) {
		free(m);
		return err;
	}
	d->bus->drvdata = m;
	return 0;
}

static void remove_dev(struct kcore *k, struct kdevice *d)
{
	struct amd_iommu_pmu *m = d->bus->drvdata;

	if (m->has_seed_pmu)
		perf_pmu_unregister(k->perf, &m->seed_pmu);
	perf_pmu_unregister(k->perf, &m->pmu);
	free(m);
	d->bus->drvdata = NULL;
}

static const struct pci_device_id ids[] = {
    {AMD_IOMMU_VENDOR, AMD_IOMMU_DEVICE},
    {0, 0},
};

const struct kdriver amd_iommu_pmu_driver = {
    .name = "amd_iommu_pmu",
    .ids = ids,
    .probe = probe,
    .remove = remove_dev,
};
