// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the PMU counts.  Each event code names a direction at the Root Port
 * (rx = towards the host, tx = towards the device), a TLP kind (MWr, MRd,
 * Cpl) and a measure:
 *  - latency pairs: CNT += delay in PMU cycles, EXT_CNT += 1 per request.
 *    A read's delay runs from the request crossing the Root Port to its last
 *    completion crossing back (the completion with Byte Count <= its
 *    payload); a posted write's delay is the time the TLP occupies the Root
 *    Port's link (its bytes over the link's data rate).
 *  - flux pairs: CNT += bytes selected by LEN_MODE (1 payload, 2 header,
 *    3 both, 0 reserved: nothing); a read request's payload is the length
 *    it asks for.  EXT_CNT += PMU cycles while the counter counts.
 * Target: port mode matches the Root Port's bit (2 x device number);
 * TARGET_EN matches the TLP's Requester ID.  Trigger: counting starts at the
 * first TLP longer (mode 0) / shorter (mode 1) than 2^TRIG_LEN DW.
 * Threshold: only TLPs of length >= (mode 0) / < (mode 1) 2^THR_LEN DW.
 */
#include <string.h>

#include <pciescope/pcie/traffic.h>

#include "pcie_pmu_internal.h"

enum tlp_sel { SEL_MWR, SEL_MRD, SEL_CPL, SEL_NONE };

/*
 * Only counting counters cost time per TLP: the event code is decoded when
 * EVENT_CTRL is written and a mask of active counters skips the rest.
 */
struct event_kind {
	uint16_t code;
	uint8_t dir;
	enum tlp_sel sel;
	bool latency;
};

static const struct event_kind kinds[] = {
    {HISI_PCIE_EV_RX_MWR_LATENCY, FABRIC_INBOUND, SEL_MWR, true},
    {HISI_PCIE_EV_RX_MRD_LATENCY, FABRIC_OUTBOUND, SEL_CPL, true},
    {HISI_PCIE_EV_TX_MRD_LATENCY, FABRIC_INBOUND, SEL_CPL, true},
    {HISI_PCIE_EV_RX_MWR_FLUX, FABRIC_INBOUND, SEL_MWR, false},
    {HISI_PCIE_EV_RX_MRD_FLUX, FABRIC_INBOUND, SEL_MRD, false},
    {HISI_PCIE_EV_RX_CPL_FLUX, FABRIC_INBOUND, SEL_CPL, false},
    {HISI_PCIE_EV_TX_MWR_FLUX, FABRIC_OUTBOUND, SEL_MWR, false},
    {HISI_PCIE_EV_TX_MRD_FLUX, FABRIC_OUTBOUND, SEL_MRD, false},
    {HISI_PCIE_EV_TX_CPL_FLUX, FABRIC_OUTBOUND, SEL_CPL, false},
};

static const struct event_kind *kind_of(uint64_t ctrl)
{
	uint16_t code = ctrl & HISI_PCIE_EVENT_CODE_MASK;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (kinds[i].code == code)
			return &kinds[i];
	return NULL;
}

/* TLP header facts (PCIe r5.0 2.2): fmt/type in DW0, IDs in DW1/DW2. */
static unsigned tlp_fmt(const struct fabric_tlp *t)
{
	return t->hdr[0] >> 29;
}

static unsigned tlp_type(const struct fabric_tlp *t)
{
	return (t->hdr[0] >> 24) & 0x1f;
}

/* Which of the kinds the events name the TLP is, decided once per TLP. */
static enum tlp_sel tlp_sel(const struct fabric_tlp *t)
{
	unsigned type = tlp_type(t);
	bool data = tlp_fmt(t) & 2;

	if (type == 0 || type == 1)
		return data ? (type == 0 ? SEL_MWR : SEL_NONE) : SEL_MRD;
	return type == 0x0a || type == 0x0b ? SEL_CPL : SEL_NONE;
}

/* The Length field where the TLP has one that counts: data, or a read's ask. */
static uint32_t tlp_len_dw(const struct fabric_tlp *t, enum tlp_sel sel)
{
	uint32_t len = t->hdr[0] & 0x3ff;

	if (!(tlp_fmt(t) & 2) && sel != SEL_MRD)
		return 0;
	return len ? len : 1024;
}

static uint16_t tlp_requester(const struct fabric_tlp *t, enum tlp_sel sel)
{
	return (uint16_t)((sel == SEL_CPL ? t->hdr[2] : t->hdr[1]) >> 16);
}

static bool tlp_last_cpl(const struct fabric_tlp *t)
{
	uint32_t bc = t->hdr[1] & 0xfff;

	if (!(tlp_fmt(t) & 2))
		return true;
	return (bc ? bc : 4096) <= t->payload_bytes;
}

static uint64_t tlp_hdr_bytes(const struct fabric_tlp *t)
{
	return ((tlp_fmt(t) & 1) ? 16 : 12) + (t->prefix ? 4 : 0);
}

/*
 * When a TLP must bring the time counters up to its time (sync_ns): at
 * once while a time counter's trigger waits, else when the first time
 * counter wraps past 2^64 cycles, or never.
 */
static void plan_sync(struct pcie_pmu_hw *m)
{
	uint64_t at = UINT64_MAX;

	for (unsigned a = m->active; a; a &= a - 1) {
		const struct pmu_counter *c = &m->c[__builtin_ctz(a)];
		uint64_t cycles = ~c->ext + 1; /* until it wraps; 0 stands for 2^64 */

		if (c->kind->latency)
			continue;
		if ((c->ctrl & HISI_PCIE_TRIG_EN) && !c->triggered) {
			at = 0;
			break;
		}
		if (cycles && cycles <= (UINT64_MAX - m->counted_to_ns) / PCIE_PMU_CYCLE_NS) {
			uint64_t wrap =
			    m->counted_to_ns + cycles * PCIE_PMU_CYCLE_NS - c->time_frac;

			at = wrap < at ? wrap : at;
		}
	}
	m->sync_ns = at;
}

/*
 * The fabric runs this core only while a counter counts: it is told before
 * the first counter starts (so that the time the core catches up on is seen
 * with every counter still off) and after the last one stops.
 *
 * The PMU only counts, so under the rate model its core may be scaled from
 * short windows, a counter that filters by requester (bdf=) too: the
 * model gives each requester its share of what its port carried from
 * every window since it began, over which the requesters' turns average
 * out (docs/fabric.md, *The rate model*).
 */
void pcie_pmu_update_active(struct pcie_pmu_hw *m)
{
	unsigned active = 0;

	memset(m->sel_mask, 0, sizeof(m->sel_mask));
	for (int i = 0; i < HISI_PCIE_PMU_NR_COUNTERS; i++) {
		struct pmu_counter *c = &m->c[i];

		c->kind = kind_of(c->ctrl);
		if ((m->global & HISI_PCIE_GLOBAL_EN) && (c->ctrl & HISI_PCIE_EVENT_EN) &&
		    c->kind) {
			active |= 1u << i;
			m->sel_mask[c->kind->dir][c->kind->sel] |= 1u << i;
		}
	}
	if (active && !m->active)
		fabric_observer_want(m->fab, pcie_pmu_observe, m, true);
	if (!active && m->active)
		fabric_observer_want(m->fab, pcie_pmu_observe, m, false);
	m->active = active;
	plan_sync(m);
}

void pcie_pmu_add(struct pcie_pmu_hw *m, int i, uint64_t *reg, uint64_t delta)
{
	uint64_t old = *reg;

	*reg += delta;
	if (*reg >= old)
		return;
	m->c[i].int_stat = 1;
	if (!m->c[i].int_mask)
		m->irq_due = true;
}

void pcie_pmu_run_until(struct pcie_pmu_hw *m, uint64_t now_ns)
{
	uint64_t dt = now_ns > m->counted_to_ns ? now_ns - m->counted_to_ns : 0;

	m->counted_to_ns += dt;
	for (unsigned a = dt ? m->active : 0; a; a &= a - 1) {
		struct pmu_counter *c = &m->c[__builtin_ctz(a)];

		if (!c->kind->latency && (!(c->ctrl & HISI_PCIE_TRIG_EN) || c->triggered)) {
			c->time_frac += dt;
			pcie_pmu_add(m, __builtin_ctz(a), &c->ext,
				     c->time_frac / PCIE_PMU_CYCLE_NS);
			c->time_frac %= PCIE_PMU_CYCLE_NS;
		}
	}
	plan_sync(m);
	pcie_pmu_irq_flush(m);
}

/* What the TARGET field of a counter is matched against, found once per TLP. */
struct seen {
	enum tlp_sel sel;
	uint32_t len_dw;
	uint16_t requester;
	uint16_t port_bit; /* the Root Port's bit in port mode, 0 if it has none */
};

static bool target_match(uint64_t ctrl, const struct seen *s)
{
	uint16_t target = (uint16_t)((ctrl & HISI_PCIE_TARGET_MASK) >> HISI_PCIE_TARGET_SHIFT);

	if (ctrl & HISI_PCIE_TARGET_EN)
		return s->requester == target;
	return target & s->port_bit;
}

static bool over_threshold(uint32_t len, uint64_t ctrl, unsigned shift, uint64_t mode)
{
	uint32_t limit = 1u << ((ctrl >> shift) & 0xf);

	return (ctrl & mode) ? len < limit : len >= limit;
}

static bool length_filters(struct pmu_counter *c, uint32_t len)
{
	if ((c->ctrl & HISI_PCIE_TRIG_EN) && !c->triggered) {
		uint32_t limit =
		    1u << ((c->ctrl & HISI_PCIE_TRIG_LEN_MASK) >> HISI_PCIE_TRIG_LEN_SHIFT);

		c->triggered = (c->ctrl & HISI_PCIE_TRIG_MODE) ? len < limit : len > limit;
		if (!c->triggered)
			return false;
	}
	if (c->ctrl & HISI_PCIE_THR_EN)
		return over_threshold(len, c->ctrl, HISI_PCIE_THR_LEN_SHIFT, HISI_PCIE_THR_MODE);
	return true;
}

static uint64_t link_ns(const struct pcie_pmu_hw *m, const struct fabric_tlp *t)
{
	/* GT/s of generations 1..5 */
	static const double gts[] = {2.5, 2.5, 5.0, 8.0, 16.0, 32.0};
	const struct fabric_node_desc *rp = fabric_node(m->fab, t->port);
	uint64_t bytes = tlp_hdr_bytes(t) + t->payload_bytes;
	int gen = rp && rp->speed >= 1 && rp->speed <= 5 ? rp->speed : 1;
	unsigned width = rp && rp->width > 0 ? (unsigned)rp->width : 1;

	return (uint64_t)((double)bytes * 1000.0 / pcie_link_capacity_mbps(gts[gen], width));
}

static uint64_t flux_bytes(const struct fabric_tlp *t, const struct seen *s, uint64_t ctrl)
{
	unsigned mode = (unsigned)((ctrl & HISI_PCIE_LEN_MODE_MASK) >> HISI_PCIE_LEN_MODE_SHIFT);
	uint64_t payload = s->sel == SEL_MRD ? (uint64_t)s->len_dw * 4 : t->payload_bytes;
	uint64_t bytes = 0;

	if (mode & HISI_PCIE_LEN_MODE_PAYLOAD)
		bytes += payload;
	if (mode & HISI_PCIE_LEN_MODE_HEADER)
		bytes += tlp_hdr_bytes(t);
	return bytes;
}

/* t may stand for t->count TLPs alike (the fabric's rate model): their sums are added. */
static void count_latency(struct pcie_pmu_hw *m, int i, const struct event_kind *k,
			  const struct fabric_tlp *t)
{
	struct pmu_counter *c = &m->c[i];

	if (k->sel == SEL_CPL) {
		if (!tlp_last_cpl(t) || t->time_ns < t->req_time_ns)
			return;
		c->lat_frac += t->lat_sum_ns;
	} else {
		c->lat_frac += link_ns(m, t) * t->count;
	}
	pcie_pmu_add(m, i, &c->cnt, c->lat_frac / PCIE_PMU_CYCLE_NS);
	c->lat_frac %= PCIE_PMU_CYCLE_NS;
	pcie_pmu_add(m, i, &c->ext, t->count);
}

static struct seen seen_of(const struct pcie_pmu_hw *m, const struct fabric_tlp *t,
			   enum tlp_sel sel)
{
	const struct fabric_node_desc *rp = fabric_node(m->fab, t->port);

	return (struct seen){
	    .sel = sel,
	    .len_dw = tlp_len_dw(t, sel),
	    .requester = tlp_requester(t, sel),
	    .port_bit = rp ? (uint16_t)(1u << ((PCI_RID_DEV(rp->rid) & 7) * 2)) : 0,
	};
}

void pcie_pmu_observe(void *ctx, const struct fabric_tlp *t)
{
	struct pcie_pmu_hw *m = ctx;
	enum tlp_sel sel = tlp_sel(t);
	unsigned a = sel == SEL_NONE ? 0 : m->sel_mask[t->dir][sel];
	struct seen s;

	if (t->time_ns >= m->sync_ns)
		pcie_pmu_run_until(m, t->time_ns);
	if (!a)
		return;
	s = seen_of(m, t, sel);
	for (; a; a &= a - 1) {
		int i = __builtin_ctz(a);
		struct pmu_counter *c = &m->c[i];

		if (!target_match(c->ctrl, &s) || !length_filters(c, s.len_dw))
			continue;
		if (c->kind->latency)
			count_latency(m, i, c->kind, t);
		else
			pcie_pmu_add(m, i, &c->cnt, flux_bytes(t, &s, c->ctrl) * t->count);
	}
	pcie_pmu_irq_flush(m);
}
