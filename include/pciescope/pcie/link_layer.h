/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a link's data link and physical layers leave for TLPs: the published
 * pcie-bench model (Neugebauer et al., SIGCOMM 2018, validated there against
 * hardware).  Each direction of an active link carries an 8-byte Ack DLLP per
 * Ack latency limit and an 8-byte UpdateFC DLLP per FC update interval (the
 * PCIe spec's tables, by generation, width and Max Payload Size, give both
 * the same number of symbol times), and a 4-symbol SKP ordered set per 1538
 * symbol times.  One formula for the fabric's link timing and for
 * diagnose's idea of a saturated link (docs/fabric.md, *Link layer*).
 */
#ifndef PCIESCOPE_PCIE_LINK_LAYER_H
#define PCIESCOPE_PCIE_LINK_LAYER_H

#include <stdint.h>

#define PCIE_DLLP_BYTES 8 /* 2 framing + 4 DLLP + 2 CRC */
/* Per TLP on the wire besides header and payload: STP/framing, sequence number, LCRC. */
#define PCIE_TLP_FRAMING_BYTES 8
#define PCIE_SKP_SYMBOLS 4
#define PCIE_SKP_INTERVAL 1538 /* symbol times between SKP ordered sets */

/*
 * The spec's Ack latency limit (= UpdateFC interval) in symbol times for a
 * link of gen 1..5 and width 1..32 at mps 128..4096 (out-of-range values
 * clamp; a width between the table's, x12, takes the narrower row).
 */
uint32_t pcie_ack_limit(int width, int gen, uint32_t mps);

/*
 * The share of a direction's time left for TLPs as the fraction num/den:
 * 1 - 2 DLLPs per Ack limit - SKP per interval.  Integers, so the fabric
 * stays exact.
 */
void pcie_link_tlp_share(int width, int gen, uint32_t mps, uint64_t *num, uint64_t *den);

#endif
