/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a link carries, one definition for every view (top, serve,
 * diagnose, the trace views): per direction, the bytes of the TLPs that
 * crossed it — posted writes and completions with their headers and
 * payload, read requests with their headers only.  A read request asks for
 * data that flows the other way, as completions; counting its asked-for
 * length as traffic would count the data twice and put a busy link above
 * 100 %.
 *
 * Capacity: speed [GT/s] x width after line encoding, 8b/10b up to 5 GT/s
 * and 128b/130b from 8 GT/s (PCIe r5.0 4.2.2), in MB/s (10^6 bytes/s), and
 * of that what the link layer leaves for TLPs (pcie/link_layer.h): the
 * capacity every view's utilisation is of (tool/link_model.h).  A TLP's
 * framing, sequence number and LCRC take a few percent more of the wire
 * than its bytes show, so a link at its ceiling reads a little under 100 %.
 */
#ifndef PCIESCOPE_PCIE_TRAFFIC_H
#define PCIESCOPE_PCIE_TRAFFIC_H

/*
 * A read request's header when only the number of reads is known (a PCIe
 * PMU counts a read's asked-for length with its header and cannot count
 * the header alone): the 4DW form of a 64-bit address.  A 3DW request is
 * 4 bytes shorter, a fraction of a percent of the completions it brings.
 */
#define PCIE_READ_REQ_HDR_BYTES 16

/* One direction of a link over one span; any one unit (bytes, MB/s) throughout. */
struct pcie_flow {
	double posted;	     /* memory writes, header + payload */
	double completions;  /* completions, header + payload */
	double read_headers; /* read requests, header only */
};

/* Everything that crossed: posted + completions + read request headers. */
double pcie_flow_total(const struct pcie_flow *f);

/* MB/s one direction of a link carries at speed GT/s and width lanes; 0 if unknown. */
double pcie_link_capacity_mbps(double gts, unsigned width);
/*
 * Of that, what its Ack/UpdateFC DLLPs and SKP ordered sets leave for TLPs
 * at Max Payload Size mps (pcie/link_layer.h): the most a saturated link's
 * TLPs can carry.
 */
double pcie_link_tlp_capacity_mbps(double gts, unsigned width, unsigned mps);

/*
 * Percent of capacity_mbps that mbps is, at most 100 (a scaled multiplexed
 * count can overshoot the wire by its error); < 0 when the capacity is unknown.
 */
double pcie_link_utilisation(double mbps, double capacity_mbps);

#endif
