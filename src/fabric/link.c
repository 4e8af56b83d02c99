// SPDX-License-Identifier: GPL-2.0-only
/*
 * Link timing: the bytes a TLP puts on the wire cost their serialisation
 * time plus the link layer's share.  A lane carries 2.5/5/8/16/32 GT/s;
 * Gen1/2 spend 10 bits per byte (8b/10b), Gen3+ 130 bits per 16 bytes
 * (128b/130b).
 *
 * The link layer (Ack and UpdateFC DLLPs, SKP ordered sets) takes the share
 * the published pcie-bench model gives it (pciescope/pcie/link_layer.h).
 * Like the model, both directions of a link keep that share of their time
 * whatever the other direction carries: DLLPs flow both ways on an active
 * link (a direction busy with TLPs has its Acks and credits returned the
 * other way, and carries those of the other way's TLPs), and the model
 * budgets them at the spec's intervals rather than counting them.  So the
 * link layer is a constant share of each direction's time: a TLP crosses
 * at the lanes' rate and its share follows it on the wire (link_send), so
 * only TLPs queued behind it wait for it.
 *
 * Times are picoseconds per byte in fixed point (<< 10), rounded up so the
 * engine is never faster than the link and never touches floats.
 */
#include <pciescope/pcie/link_layer.h>

#include "internal.h"

/* ps per byte on one lane, << 10: 8 bits * 1000 / GT/s / efficiency. */
static const uint32_t lane_ppb[6] = {0, 4096000, 2048000, 1040000, 520000, 260000};

uint32_t link_ppb_raw(int width, int speed)
{
	if (speed < 1)
		speed = 1;
	if (speed > 5)
		speed = 5;
	if (width < 1)
		width = 1;
	return lane_ppb[speed] / (uint32_t)width;
}

uint32_t link_ppb(int width, int speed, uint32_t mps)
{
	uint64_t num, den, raw = link_ppb_raw(width, speed);

	pcie_link_tlp_share(width, speed, mps, &num, &den);
	return (uint32_t)((raw * den + num - 1) / num);
}
