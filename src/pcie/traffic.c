// SPDX-License-Identifier: GPL-2.0-only
/*
 * The link traffic and capacity of pcie/traffic.h: pure arithmetic over
 * counted quantities, so every view that counts the same TLPs shows the
 * same figure whatever counted them (PMU, trace, the fabric's statistics).
 */
#include <pciescope/pcie/link_layer.h>
#include <pciescope/pcie/traffic.h>

double pcie_flow_total(const struct pcie_flow *f)
{
	return f->posted + f->completions + f->read_headers;
}

double pcie_link_capacity_mbps(double gts, unsigned width)
{
	double per_lane =
	    gts <= 5.0 ? gts * 1000.0 * 8.0 / 10.0 / 8.0 : gts * 1000.0 * 128.0 / 130.0 / 8.0;

	return gts > 0 && width ? per_lane * width : 0;
}

double pcie_link_tlp_capacity_mbps(double gts, unsigned width, unsigned mps)
{
	int gen = gts <= 2.5 ? 1 : gts <= 5.0 ? 2 : gts <= 8.0 ? 3 : gts <= 16.0 ? 4 : 5;
	uint64_t num, den;

	pcie_link_tlp_share((int)width, gen, mps, &num, &den);
	return pcie_link_capacity_mbps(gts, width) * (double)num / (double)den;
}

double pcie_link_utilisation(double mbps, double capacity_mbps)
{
	double u;

	if (capacity_mbps <= 0)
		return -1;
	u = 100.0 * (mbps > 0 ? mbps : 0) / capacity_mbps;
	return u < 100.0 ? u : 100.0;
}
