/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What pciescope knows about HiSilicon PCIe PMU events beyond what sysfs
 * says, like perf's pmu-events tables: which event codes form latency pairs
 * and which bandwidth pairs (the documented 18 events), which are AP-layer,
 * the TLP kinds of the pairs, when two events are a pair, the port bit of a
 * Root Port, and the derived metrics of a pair.  Pure arithmetic, no platform.
 *
 * Metrics (docs/pcie_pmu.md), with the PMU clock of the emulated hardware
 * (100 MHz; the kernel exposes no rate, so real hosts are assumed alike):
 *   average latency [ns] = latency [cycles] / cnt * 10
 *   bandwidth [MB/s]     = flux [bytes] / (time [cycles] * 10 ns) * 1000
 */
#ifndef PCIESCOPE_PERF_HISI_PCIE_EVENTS_H
#define PCIESCOPE_PERF_HISI_PCIE_EVENTS_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

#define HISI_PCIE_METRIC_CYCLE_NS 10.0

enum hisi_pcie_class { HISI_PCIE_OTHER, HISI_PCIE_LATENCY, HISI_PCIE_BANDWIDTH };

/* config bit 16: the extended counter of a pair (cnt of latency, time of flux). */
#define HISI_PCIE_EXT_COUNTER (1ull << 16)

/* The TLP kinds with a bandwidth pair (<kind>_flux/_time) and with a latency pair
 * (<kind>_latency/_cnt). */
#define HISI_PCIE_BW_KINDS 6
#define HISI_PCIE_LAT_KINDS 3
extern const char *const hisi_pcie_bw_kinds[HISI_PCIE_BW_KINDS];
extern const char *const hisi_pcie_lat_kinds[HISI_PCIE_LAT_KINDS];
/* Indices into hisi_pcie_bw_kinds. */
enum {
	HISI_PCIE_RX_MWR,
	HISI_PCIE_RX_MRD,
	HISI_PCIE_RX_CPL,
	HISI_PCIE_TX_MWR,
	HISI_PCIE_TX_MRD,
	HISI_PCIE_TX_CPL
};
/* Indices into hisi_pcie_lat_kinds. */
enum { HISI_PCIE_LAT_RX_MWR, HISI_PCIE_LAT_RX_MRD, HISI_PCIE_LAT_TX_MRD };

/* The kind of a config's code [15:0] (bit 16 ignored): its index in the kinds above, or -1. */
int hisi_pcie_bw_kind(uint64_t config);
int hisi_pcie_lat_kind(uint64_t config);

/* "hisi_pcie<sicl>_core<core>" */
bool hisi_pcie_pmu_name(const char *pmu);
/* Class of a config's event code [15:0]; bit 16 (extended counter) ignored. */
enum hisi_pcie_class hisi_pcie_event_class(uint64_t config);
/* The documented events count transactions at the AP layer; other codes are TL/DL. */
bool hisi_pcie_event_ap_layer(uint64_t config);
/*
 * Whether two events of one PMU are a pair: the same event code and
 * filters, one the main counter and the other the extended one.
 */
bool hisi_pcie_pair(const struct perf_event_attr *a, const struct perf_event_attr *b);
/*
 * A Root Port's bit in the PMU's port bitmap: two bits per device number,
 * so the functions of one device (00:10.0 and 00:10.1) share a bit and a
 * counter.
 */
unsigned hisi_pcie_port_bit(uint16_t rid);
/*
 * The metric of a pair from its main (latency/flux) and extended (cnt/time)
 * counts; false when the class has none or ext is 0.
 */
bool hisi_pcie_metric(enum hisi_pcie_class cls, double main, double ext, double *value,
		      const char **unit);

#endif
