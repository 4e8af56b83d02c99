/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to the TLP codec: every kind maps to one of a handful of header
 * layouts (which fields live in DW1..DW3), so decode and encode switch on
 * five cases instead of twenty-seven kinds.
 */
#ifndef PCIESCOPE_SRC_PCIE_TLP_LAYOUT_H
#define PCIESCOPE_SRC_PCIE_TLP_LAYOUT_H

#include <stdint.h>

#include <pciescope/pcie/tlp.h>

enum tlp_layout {
	TLP_L_NONE,   /* Unknown */
	TLP_L_REQ,    /* memory, IO, AtomicOp: RID, tag, BEs, address */
	TLP_L_CFG,    /* RID, tag, BEs, target BDF, register */
	TLP_L_MSG,    /* RID, tag, message code, DW2, DW3 */
	TLP_L_CPL,    /* completer, status, BCM, byte count, RID, tag, lower address */
	TLP_L_PREFIX, /* LPrfx, EPrfx: never a header of their own */
};

#define TLP_FMT_PREFIX 4u

extern const uint8_t tlp_kind_table[256];	    /* DW0[31:24] -> enum tlp_kind */
extern const uint8_t tlp_layout_of[TLP_KIND_COUNT]; /* enum tlp_kind -> enum tlp_layout */
/* Reserved bits of header DW2 per layout; the other DWs have none in r5.0. */
extern const uint32_t tlp_rsvd_dw2[TLP_L_PREFIX + 1];

#endif
