// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf callbacks of hisi_pcie_pmu, following the newer kernel driver:
 * counting only (sampling and task-attached events -> EOPNOTSUPP), filter
 * checks at event_init (thr_len/trig_len <= 10; with port 0 the bdf must be
 * a device of this PMU's Root Ports), group validation (at most 8 distinct
 * non-related events, no other hardware PMU), and counter allocation where
 * related events (identical EVENT_CTRL) of one group share a counter pair.
 * Counters start at 2^63; a read adds (new - prev) mod 2^64.
 */
#include <errno.h>

#include <pciescope/bus/bus.h>

#include "hisi_pcie_pmu.h"

#define THR_LEN_MAX 10
#define TRIG_LEN_MAX 10

static struct hisi_pcie_pmu *to_pcie_pmu(const struct perf_event *e)
{
	return e->pmu->priv;
}

static struct bus_device *bus_of(const struct hisi_pcie_pmu *p)
{
	return p->dev->bus;
}

static bool related(const struct perf_event *a, const struct perf_event *b)
{
	return hisi_pcie_pmu_ctrl(a) == hisi_pcie_pmu_ctrl(b);
}

static bool bdf_valid(struct hisi_pcie_pmu *p, uint16_t bdf)
{
	struct pci_bdf id = {.domain = p->dev->bus->bdf.domain, .rid = bdf};
	struct kdevice *d = kcore_find_device(p->k, id);
	struct kdevice *rp = d ? kdevice_root_port(d) : NULL;

	return rp && rp->bus->bdf.rid >= p->bdf_min && rp->bus->bdf.rid <= p->bdf_max;
}

static int check_filters(struct hisi_pcie_pmu *p, const struct perf_event *e)
{
	uint64_t c1 = e->attr.config1, c2 = e->attr.config2;

	if ((c1 & 0xf) > THR_LEN_MAX || ((c1 >> 5) & 0xf) > TRIG_LEN_MAX)
		return -EINVAL;
	if (!(c2 & 0xffff) && !bdf_valid(p, (uint16_t)(c2 >> 16)))
		return -EINVAL;
	return 0;
}

/* Counts e's new counter need against the group it joins. */
static bool group_member_new(const struct perf_event *e, const struct perf_event **seen, int n)
{
	for (int i = 0; i < n; i++)
		if (related(seen[i], e))
			return false;
	return true;
}

static int add_member(const struct perf_event *e, const struct perf_event *self,
		      const struct perf_event **seen, int *n)
{
	if (e->pmu != self->pmu)
		return e->attr.type == PERF_TYPE_SOFTWARE ? 0 : -EINVAL;
	if (!group_member_new(e, seen, *n))
		return 0;
	if (*n >= HISI_PCIE_PMU_NR_COUNTERS)
		return -EINVAL;
	seen[(*n)++] = e;
	return 0;
}

static int validate_group(const struct perf_event *e)
{
	const struct perf_event *leader = e->group_leader ? e->group_leader : e;
	const struct perf_event *seen[HISI_PCIE_PMU_NR_COUNTERS];
	int n = 0, r = 0;

	if (leader != e)
		r = add_member(leader, e, seen, &n);
	for (int i = 0; !r && i < leader->nr_siblings; i++)
		if (leader->siblings[i] != e)
			r = add_member(leader->siblings[i], e, seen, &n);
	return r ? r : add_member(e, e, seen, &n);
}

int hisi_pcie_pmu_event_init(struct perf_event *e)
{
	struct hisi_pcie_pmu *p = to_pcie_pmu(e);
	int r;

	if (e->attr.type != (uint32_t)e->pmu->type)
		return -ENOENT;
	if (e->attr.sample_period || e->pid >= 0)
		return -EOPNOTSUPP;
	r = check_filters(p, e);
	if (!r)
		r = validate_group(e);
	if (r)
		return r;
	e->cpu = p->on_cpu;
	e->hw.idx = -1;
	e->hw.config_base = hisi_pcie_pmu_ctrl(e);
	return 0;
}

static uint64_t counter_off(const struct perf_event *e)
{
	return e->attr.config & HISI_PCIE_EXT_EVENT ? HISI_PCIE_EXT_CNT(e->hw.idx)
						    : HISI_PCIE_CNT(e->hw.idx);
}

static void update(struct perf_event *e)
{
	struct hisi_pcie_pmu *p = to_pcie_pmu(e);
	uint64_t now = bus_read64(bus_of(p), HISI_PCIE_PMU_BAR, counter_off(e));

	e->count += now - e->hw.prev_count;
	e->hw.prev_count = now;
}

static void set_period(struct perf_event *e)
{
	struct bus_device *b = bus_of(to_pcie_pmu(e));

	e->hw.prev_count = HISI_PCIE_CNT_INIT;
	bus_write64(b, HISI_PCIE_PMU_BAR, HISI_PCIE_CNT(e->hw.idx), HISI_PCIE_CNT_INIT);
	bus_write64(b, HISI_PCIE_PMU_BAR, HISI_PCIE_EXT_CNT(e->hw.idx), HISI_PCIE_CNT_INIT);
}

void hisi_pcie_pmu_start(struct perf_event *e, int flags)
{
	struct bus_device *b = bus_of(to_pcie_pmu(e));
	int idx = e->hw.idx;
	uint64_t ctrl;

	e->hw.state = 0;
	bus_write64(b, HISI_PCIE_PMU_BAR, HISI_PCIE_EVENT_CTRL(idx), e->hw.config_base);
	ctrl = bus_read64(b, HISI_PCIE_PMU_BAR, HISI_PCIE_EVENT_CTRL(idx));
	bus_write64(b, HISI_PCIE_PMU_BAR, HISI_PCIE_EVENT_CTRL(idx), ctrl | HISI_PCIE_EVENT_EN);
	bus_write32(b, HISI_PCIE_PMU_BAR, HISI_PCIE_INT_MASK(idx), 0);
	set_period(e);
	if (flags & PERF_EF_RELOAD)
		bus_write64(b, HISI_PCIE_PMU_BAR, counter_off(e), e->hw.prev_count);
}

void hisi_pcie_pmu_stop(struct perf_event *e, int flags)
{
	struct bus_device *b = bus_of(to_pcie_pmu(e));
	int idx = e->hw.idx;
	uint64_t ctrl;

	update(e);
	bus_write32(b, HISI_PCIE_PMU_BAR, HISI_PCIE_INT_MASK(idx), 1);
	ctrl = bus_read64(b, HISI_PCIE_PMU_BAR, HISI_PCIE_EVENT_CTRL(idx));
	bus_write64(b, HISI_PCIE_PMU_BAR, HISI_PCIE_EVENT_CTRL(idx), ctrl & ~HISI_PCIE_EVENT_EN);
	bus_write64(b, HISI_PCIE_PMU_BAR, HISI_PCIE_EVENT_CTRL(idx), HISI_PCIE_INIT_SET);
	e->hw.state |= PERF_HES_STOPPED;
	if (flags & PERF_EF_UPDATE)
		e->hw.state |= PERF_HES_UPTODATE;
}

void hisi_pcie_pmu_read(struct perf_event *e)
{
	update(e);
}

static int find_counter(struct hisi_pcie_pmu *p, const struct perf_event *e)
{
	int free_idx = -1;

	for (int i = 0; i < HISI_PCIE_PMU_NR_COUNTERS; i++) {
		const struct perf_event *o = p->hw_events[i];

		if (!o) {
			if (free_idx < 0)
				free_idx = i;
			continue;
		}
		if (related(o, e) && o->group_leader == e->group_leader)
			return i;
	}
	return free_idx >= 0 ? free_idx : -EAGAIN;
}

static void reset_counter(struct hisi_pcie_pmu *p, int idx)
{
	struct bus_device *b = bus_of(p);

	bus_write64(b, HISI_PCIE_PMU_BAR, HISI_PCIE_EVENT_CTRL(idx), HISI_PCIE_RESET_CNT);
	bus_write64(b, HISI_PCIE_PMU_BAR, HISI_PCIE_EVENT_CTRL(idx), HISI_PCIE_INIT_SET);
}

int hisi_pcie_pmu_add(struct perf_event *e, int flags)
{
	struct hisi_pcie_pmu *p = to_pcie_pmu(e);
	int idx = find_counter(p, e);

	if (idx < 0)
		return idx;
	e->hw.idx = idx;
	e->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (!p->hw_events[idx]) {
		reset_counter(p, idx);
		p->hw_events[idx] = e;
	}
	if (flags & PERF_EF_START)
		hisi_pcie_pmu_start(e, PERF_EF_RELOAD);
	return 0;
}

void hisi_pcie_pmu_del(struct perf_event *e, int flags)
{
	struct hisi_pcie_pmu *p = to_pcie_pmu(e);

	hisi_pcie_pmu_stop(e, PERF_EF_UPDATE);
	p->hw_events[e->hw.idx] = NULL;
}

void hisi_pcie_pmu_enable(struct pmu *pmu)
{
	struct hisi_pcie_pmu *p = pmu->priv;

	for (int i = 0; i < HISI_PCIE_PMU_NR_COUNTERS; i++) {
		if (p->hw_events[i]) {
			bus_write32(bus_of(p), HISI_PCIE_PMU_BAR, HISI_PCIE_GLOBAL_CTRL,
				    HISI_PCIE_GLOBAL_EN);
			return;
		}
	}
}

void hisi_pcie_pmu_disable(struct pmu *pmu)
{
	struct hisi_pcie_pmu *p = pmu->priv;

	bus_write32(bus_of(p), HISI_PCIE_PMU_BAR, HISI_PCIE_GLOBAL_CTRL, 0);
}

void hisi_pcie_pmu_irq(void *ctx, int vector)
{
	struct hisi_pcie_pmu *p = ctx;
	struct bus_device *b = bus_of(p);

	for (int i = 0; i < HISI_PCIE_PMU_NR_COUNTERS; i++) {
		if (!bus_read32(b, HISI_PCIE_PMU_BAR, HISI_PCIE_INT_STAT(i)))
			continue;
		bus_write32(b, HISI_PCIE_PMU_BAR, HISI_PCIE_INT_STAT(i), 1);
		if (p->hw_events[i]) {
			update(p->hw_events[i]);
			set_period(p->hw_events[i]);
		}
	}
}
