// SPDX-License-Identifier: GPL-2.0-only
/*
 * The link model's arithmetic (tool/link_model.h): a direction's traffic,
 * range, utilisation and busy mark from what was measured, the one
 * division of bytes by time every view uses, and the model's bookkeeping.
 */
#include <stdlib.h>
#include <string.h>

#include <pciescope/tool/link_model.h>

#include "link_model_internal.h"

double link_mbps(double bytes, double span_ns)
{
	return span_ns > 0 ? bytes * 1e3 / span_ns : 0;
}

static void flow_unknown(struct link_flow *f)
{
	*f = (struct link_flow){.basis = LINK_UNKNOWN,
				.traffic_mbps = -1,
				.lo_mbps = -1,
				.hi_mbps = -1,
				.util_pct = -1,
				.util_lo_pct = -1,
				.util_hi_pct = -1,
				.bytes = -1,
				.tlps = -1,
				.reads_per_s = -1,
				.read_ns = -1};
}

void link_figures_unknown(struct link *k)
{
	for (int d = 0; d < LINK_NDIR; d++)
		flow_unknown(&k->dir[d]);
	for (int i = 0; i < HISI_PCIE_BW_KINDS; i++)
		k->kind_mbps[i] = -1;
	for (int i = 0; i < HISI_PCIE_LAT_KINDS; i++)
		k->lat_ns[i] = -1;
}

void link_flow_settle(struct link_flow *f, enum link_basis basis, const struct pcie_flow *mbps,
		      double unplaced_mbps, double capacity_mbps)
{
	double lo = pcie_flow_total(mbps), hi = lo + (unplaced_mbps > 0 ? unplaced_mbps : 0);

	f->basis = unplaced_mbps > 0 ? LINK_RANGE : basis;
	f->mbps = *mbps;
	/* a link carries no more than its capacity, whatever its bit's counts leave open */
	if (capacity_mbps > 0 && hi > capacity_mbps)
		hi = lo > capacity_mbps ? lo : capacity_mbps;
	f->lo_mbps = lo;
	f->hi_mbps = hi;
	f->traffic_mbps = f->basis == LINK_RANGE ? -1 : lo;
	f->util_lo_pct = pcie_link_utilisation(lo, capacity_mbps);
	f->util_hi_pct = pcie_link_utilisation(hi, capacity_mbps);
	f->util_pct = f->basis == LINK_RANGE ? -1 : f->util_lo_pct;
	f->busy = f->util_hi_pct >= LINK_BUSY_PCT;
}

void link_flow_from_bytes(struct link_flow *f, const struct pcie_flow *bytes, double tlps,
			  double span_ns, double capacity_mbps)
{
	struct pcie_flow mbps = {link_mbps(bytes->posted, span_ns),
				 link_mbps(bytes->completions, span_ns),
				 link_mbps(bytes->read_headers, span_ns)};

	flow_unknown(f);
	link_flow_settle(f, LINK_TRACED, &mbps, 0, capacity_mbps);
	f->bytes = pcie_flow_total(bytes);
	f->tlps = tlps;
}

struct link *link_model_find(const struct link_model *m, const char *bdf)
{
	for (size_t i = 0; i < m->n; i++)
		if (!strcmp(m->l[i].bdf, bdf))
			return &m->l[i];
	return NULL;
}

void link_model_forget(struct link_model *m)
{
	for (size_t i = 0; i < m->n; i++)
		link_figures_unknown(&m->l[i]);
}

void link_model_free(struct link_model *m)
{
	free(m->l);
	m->l = NULL;
	m->n = 0;
}

double link_model_read_ns(const struct link_model *m, unsigned sicl, unsigned core, enum link_dir d)
{
	double weighted = 0, reads = 0;

	for (size_t i = 0; i < m->n; i++) {
		const struct link *k = &m->l[i];
		const struct link_flow *f = &k->dir[d];

		if (!k->on_pmu || k->sicl != sicl || k->core != core || f->read_ns < 0 ||
		    f->reads_per_s <= 0)
			continue;
		weighted += f->read_ns * f->reads_per_s;
		reads += f->reads_per_s;
	}
	return reads > 0 ? weighted / reads : -1;
}
