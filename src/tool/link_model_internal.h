/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the link model's files share: a port bit's and a requester's
 * counted figures, gathered from an event list (link_model_count.c) and
 * turned into each link's directions (link_model_split.c).
 */
#ifndef PCIESCOPE_TOOL_LINK_MODEL_INTERNAL_H
#define PCIESCOPE_TOOL_LINK_MODEL_INTERNAL_H

#include <pciescope/tool/link_model.h>

/* A measured value and whether it was measured. */
struct link_fig {
	double v;
	bool known;
};

/* The pairs of one target: a port bit, or a requester (bdf=). */
struct link_counts {
	unsigned sicl, core;
	unsigned port;				  /* a port bit's bitmap value; 0 for a requester */
	uint16_t requester;			  /* with port 0 */
	struct link_fig kind[HISI_PCIE_BW_KINDS]; /* flux, MB/s */
	struct link_fig lat[HISI_PCIE_LAT_KINDS]; /* average ns */
	struct link_fig reads[HISI_PCIE_LAT_KINDS]; /* per second, from the latency pairs' cnt */
};

struct link_tally {
	struct link_counts *c;
	size_t n;
};

/* The tally's entry of a port bit (port != 0) or a requester, or NULL. */
const struct link_counts *link_tally_find(const struct link_tally *t, unsigned sicl, unsigned core,
					  unsigned port, uint16_t requester);

/* Every figure unknown. */
void link_figures_unknown(struct link *k);
/*
 * A direction from its placed MB/s by class and what its bit's counts
 * leave it possibly carrying on top (unplaced_mbps > 0: a range).
 */
void link_flow_settle(struct link_flow *f, enum link_basis basis, const struct pcie_flow *mbps,
		      double unplaced_mbps, double capacity_mbps);

/* Whether link i is the first of its port bit's links (each bit is handled once). */
bool link_first_of_bit(const struct link_model *m, size_t i);
/* link_split_targets of the bit of link first (its first link) alone. */
size_t link_bit_targets(const struct link_model *m, size_t first, struct link_target *out,
			size_t max);

/* The links of port bits a tally counted: alone on the bit, or split (link_model_split.c). */
void link_model_apply(struct link_model *m, const struct link_tally *t);

#endif
