// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PCIe PMU pairs of an event list as the link model reads them
 * (link_model_count): each pair that counts whole TLPs of one port bit or
 * one requester gives its target a figure, the derived metric of
 * perf/hisi_pcie_events.h (flux over time in MB/s, latency over cnt in
 * ns) and, for a latency pair, the reads it saw per second of the span it
 * was enabled for.  A pair the multiplexed PMU never ran leaves its
 * figure unknown, never 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/link_model.h>

#include "link_model_internal.h"

/* config1 fields (the PMU's format/): thr_len 0-3, thr_mode 4, trig_len 5-8, trig_mode 9, len_mode
 * 10-11 */
#define FILTERS_MASK 0x3ffull
#define LEN_MODE(c1) (((c1) >> 10) & 3)
#define LEN_MODE_WHOLE 3

/* What one pair counts: its PMU, kind and target. */
struct pair_target {
	unsigned sicl, core, port;
	uint16_t requester;
	int bw, lat; /* kind indices, -1 for the other class */
};

static bool single_bit(unsigned v)
{
	return v && !(v & (v - 1));
}

/* Whole TLPs: no threshold or trigger, and len_mode payload and header (0: the driver's default,
 * the same). */
static bool whole_tlps(uint64_t config1)
{
	unsigned len_mode = (unsigned)LEN_MODE(config1);

	return !(config1 & FILTERS_MASK) && (!len_mode || len_mode == LEN_MODE_WHOLE);
}

static bool decode(const struct event *ev, struct pair_target *t)
{
	const struct perf_event_attr *a = &ev->spec->attr;
	struct pmu_name name;

	if (ev->partner < 0 || pmu_name_parse(ev->spec->pmu, &name) != PMU_HISI_PCIE ||
	    !whole_tlps(a->config1))
		return false;
	t->sicl = name.sicl;
	t->core = name.core;
	t->bw = hisi_pcie_bw_kind(a->config);
	t->lat = hisi_pcie_lat_kind(a->config);
	t->port = (unsigned)(a->config2 & 0xffff);
	t->requester = (uint16_t)(a->config2 >> 16);
	return (t->bw >= 0 || t->lat >= 0) && (!t->port || single_bit(t->port));
}

static struct link_counts *tally_get(struct link_tally *t, const struct pair_target *p)
{
	struct link_counts *c =
	    (struct link_counts *)link_tally_find(t, p->sicl, p->core, p->port, p->requester);

	if (c)
		return c;
	c = realloc(t->c, (t->n + 1) * sizeof(*c));
	if (!c)
		return NULL;
	t->c = c;
	c = &c[t->n++];
	*c = (struct link_counts){.sicl = p->sicl,
				  .core = p->core,
				  .port = p->port,
				  .requester = p->port ? 0 : p->requester};
	return c;
}

const struct link_counts *link_tally_find(const struct link_tally *t, unsigned sicl, unsigned core,
					  unsigned port, uint16_t requester)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct link_counts *c = &t->c[i];

		if (c->sicl == sicl && c->core == core && c->port == port &&
		    (port || c->requester == requester))
			return c;
	}
	return NULL;
}

static void add_pair(struct link_tally *t, const struct event_list *l, size_t i,
		     const struct backend_count *vals)
{
	const struct event *ev = &l->ev[i];
	const struct backend_count *ext = &vals[ev->partner];
	struct pair_target p;
	struct link_counts *c;
	const char *unit;
	double v;
	bool measured;

	if (!decode(ev, &p) || !ext->running || !(c = tally_get(t, &p)))
		return;
	measured =
	    hisi_pcie_metric(ev->metric, count_scaled(&vals[i]), count_scaled(ext), &v, &unit);
	if (p.bw >= 0) {
		c->kind[p.bw] = (struct link_fig){v, measured};
		return;
	}
	/* no read completed: no latency, but a count of none */
	c->lat[p.lat] = (struct link_fig){v, measured};
	c->reads[p.lat] = (struct link_fig){count_scaled(ext) * 1e9 / (double)ext->enabled, true};
}

void link_model_count(struct link_model *m, const struct event_list *l,
		      const struct backend_count *vals)
{
	struct link_tally t = {0};

	for (size_t i = 0; i < l->n; i++)
		if (l->ev[i].metric == HISI_PCIE_BANDWIDTH || l->ev[i].metric == HISI_PCIE_LATENCY)
			add_pair(&t, l, i, vals);
	link_model_apply(m, &t);
	free(t.c);
}
