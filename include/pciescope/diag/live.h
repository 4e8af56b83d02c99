/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Diagnosis from what a live run measures besides the trace: the link
 * state of each Root Port of the traced core (sysfs link files) and the
 * PCIe PMU's bandwidth per port.  The caller reads them (through a
 * backend); the rules only judge them.
 */
#ifndef PCIESCOPE_DIAG_LIVE_H
#define PCIESCOPE_DIAG_LIVE_H

#include <stdbool.h>

#include <pciescope/diag/finding.h>
#include <pciescope/diag/trace.h>

struct diag_port {
	char bdf[16];		 /* the Root Port, dddd:bb:dd.f */
	double speed, max_speed; /* GT/s of its link, 0 = unknown */
	unsigned width, max_width;
	unsigned mps;  /* Max Payload Size on the link in bytes, 0 = unknown (256 is taken) */
	bool have_dev; /* a device below it with its own maximum */
	double dev_max_speed;
	unsigned dev_max_width;
	bool have_bw;		  /* PMU bandwidth counted (for all of shares, if any) */
	double in_mbps, out_mbps; /* MB/s each direction, pcie/traffic.h's traffic */
	double capacity_mbps;	  /* for TLPs, of the links counted together; 0: this link's */
	char shares[64];	  /* Root Ports counted with this one (a shared PMU port bit) */
	char counted_with[16];	  /* the Root Port whose figures include this one's, or "" */
};

/* The port's Max Payload Size, 256 bytes where it is not known. */
static inline unsigned diag_port_mps(const struct diag_port *p)
{
	return p->mps ? p->mps : 256;
}

/* link-downgraded and link-saturated for each port; 0 or -ENOMEM. */
int diag_live_rules(const struct diag_port *p, size_t n, const struct diag_thresholds *th,
		    struct diag_findings *out);

/*
 * A requester's latency or read ceiling behind a link that is downgraded
 * or saturated is that link's consequence: such findings get the link's
 * finding as their cause and move right behind it (links: the traced Root
 * Ports with the functions below them).  0 or -ENOMEM.
 */
int diag_link_causes(struct diag_findings *l, const struct diag_trace_link *links, size_t n);

#endif
