/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How a PCIe link trained against what its two ends support.  A link
 * trains to the most both ends can do, so running below one end's maximum
 * is a fault only where the other end could do more too: an x8 card in an
 * x16 slot runs at x8 by design.  One rule for every view of it (topo,
 * serve's metrics, diagnose's link-downgraded).
 */
#ifndef PCIESCOPE_PCIE_LINK_H
#define PCIESCOPE_PCIE_LINK_H

#include <stdbool.h>

struct pcie_link_end {
	double max_speed; /* GT/s; 0: unknown */
	unsigned max_width;
};

struct pcie_link_judgement {
	double best_speed; /* the most both ends support */
	unsigned best_width;
	bool downgraded; /* trained below that */
	bool limited;	 /* below this end's own maximum because the other end supports no more */
};

/* speed/width: as trained; self: this end; other: the far end, NULL if unknown. */
struct pcie_link_judgement pcie_link_judge(double speed, unsigned width,
					   const struct pcie_link_end *self,
					   const struct pcie_link_end *other);

#endif
