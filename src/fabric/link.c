// SPDX-License-Identifier: GPL-2.0-only
/*
 * Link timing.  A lane carries 2.5/5/8/16/32 GT/s; Gen1/2 spend 10 bits per
 * byte (8b/10b), Gen3+ 130 bits per 16 bytes (128b/130b).  Times are kept
 * as picoseconds per byte in fixed point (<< 10) so that every width the
 * spec allows divides them exactly and the engine never touches floats.
 */
#include "fabric_internal.h"

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
