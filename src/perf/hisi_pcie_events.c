// SPDX-License-Identifier: GPL-2.0-only
/*
 * Event classes of the HiSilicon PCIe PMU by code.  The kernel classifies
 * nothing; these tables are pciescope's documented decision
 * (docs/pcie_pmu.md): the 3 latency and 6 bandwidth pair codes are the
 * documented events, all counted at the AP (transaction) layer.
 */
#include <stdio.h>

#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/perf/pmu_name.h>

/* In the order of hisi_pcie_lat_kinds and hisi_pcie_bw_kinds. */
static const uint16_t latency_codes[HISI_PCIE_LAT_KINDS] = {0x0010, 0x0210, 0x0011};
static const uint16_t bandwidth_codes[HISI_PCIE_BW_KINDS] = {0x0104, 0x0804, 0x2004,
							     0x0105, 0x0405, 0x1005};

bool hisi_pcie_pmu_name(const char *pmu)
{
	return pmu_name_parse(pmu, NULL) == PMU_HISI_PCIE;
}

/* Position of config's code in codes (ordered as the kinds), or -1. */
static int index_of(const uint16_t *codes, int n, uint64_t config)
{
	for (int i = 0; i < n; i++)
		if (codes[i] == (config & 0xffff))
			return i;
	return -1;
}

int hisi_pcie_bw_kind(uint64_t config)
{
	return index_of(bandwidth_codes, HISI_PCIE_BW_KINDS, config);
}

int hisi_pcie_lat_kind(uint64_t config)
{
	return index_of(latency_codes, HISI_PCIE_LAT_KINDS, config);
}

enum hisi_pcie_class hisi_pcie_event_class(uint64_t config)
{
	if (hisi_pcie_lat_kind(config) >= 0)
		return HISI_PCIE_LATENCY;
	if (hisi_pcie_bw_kind(config) >= 0)
		return HISI_PCIE_BANDWIDTH;
	return HISI_PCIE_OTHER;
}

const char *const hisi_pcie_bw_kinds[HISI_PCIE_BW_KINDS] = {"rx_mwr", "rx_mrd", "rx_cpl",
							    "tx_mwr", "tx_mrd", "tx_cpl"};
const char *const hisi_pcie_lat_kinds[HISI_PCIE_LAT_KINDS] = {"rx_mwr", "rx_mrd", "tx_mrd"};

bool hisi_pcie_pair(const struct perf_event_attr *a, const struct perf_event_attr *b)
{
	return (a->config & 0xffff) == (b->config & 0xffff) &&
	       ((a->config ^ b->config) & HISI_PCIE_EXT_COUNTER) && a->config1 == b->config1 &&
	       a->config2 == b->config2;
}

unsigned hisi_pcie_port_bit(uint16_t rid)
{
	return 1u << (((rid >> 3) & 7) * 2);
}

bool hisi_pcie_event_ap_layer(uint64_t config)
{
	return hisi_pcie_event_class(config) != HISI_PCIE_OTHER;
}

bool hisi_pcie_metric(enum hisi_pcie_class cls, double main, double ext, double *value,
		      const char **unit)
{
	if (ext <= 0 || cls == HISI_PCIE_OTHER)
		return false;
	if (cls == HISI_PCIE_LATENCY) {
		*value = main / ext * HISI_PCIE_METRIC_CYCLE_NS;
		*unit = "ns avg latency";
	} else {
		*value = main / (ext * HISI_PCIE_METRIC_CYCLE_NS) * 1000.0;
		*unit = "MB/s bandwidth";
	}
	return true;
}
