// SPDX-License-Identifier: GPL-2.0-only
/*
 * Link timing.  A lane carries 2.5/5/8/16/32 GT/s; Gen1/2 spend 10 bits per
 * byte (8b/10b), Gen3+ 130 bits per 16 bytes (128b/130b).  Times are kept
 * as picoseconds per byte in fixed point (<< 10) so that every width the
 * spec allows divides them exactly and the engine never touches floats.
 */
#include "internal.h"

/* ps per byte on one lane, << 10: 8 bits * 1000 / GT/s / efficiency. */
static const uint32_t lane_ppb[6] = {0, 4096000, 2048000, 1040000, 520000, 260000};

uint32_t link_ppb(int width, int speed)
{
	if (speed < 1)
		speed = 1;
	if (speed > 5)
		speed = 5;
	if (width < 1)
		width = 1;
	return lane_ppb[speed] / (uint32_t)width;
}

/*
 * Bytes on the wire: header (3 or 4 DW), an optional prefix, the payload and
 * 8 bytes of framing, sequence number and LCRC (STP+seq+LCRC+END on Gen1/2,
 * the 4-byte STP token + LCRC on Gen3+: both 8).
 */
uint32_t tlp_wire_bytes(const struct ptlp *t)
{
	uint32_t hdr = 12;

	if (t->kind == FK_MSG || ((t->kind == FK_MRD || t->kind == FK_MWR) && t->addr >> 32))
		hdr = 16;
	return hdr + (t->prefix ? 4 : 0) + ((t->bytes + 3) & ~3u) + 8;
}
