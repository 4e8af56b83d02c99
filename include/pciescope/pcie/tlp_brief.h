/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The field extraction of tlp_decode_brief, inline for loops that classify
 * headers themselves (the trace analyser looks the kind up in a table of its
 * own, and reads 4DW trace entries without rebuilding DW0) and want the
 * fields to stay in registers.  Where the layout decides where a field lives
 * (requester and tag are in DW2 of a completion, DW1 otherwise) it selects
 * the word rather than branching, as trace streams mix kinds unpredictably.
 */
#ifndef PCIESCOPE_PCIE_TLP_BRIEF_H
#define PCIESCOPE_PCIE_TLP_BRIEF_H

#include <stdbool.h>
#include <stdint.h>

#include <pciescope/pcie/tlp.h>

/*
 * The fields that come from DW1 and DW2: requester and the low 8 bits of
 * the tag (a caller adds T9 and T8 from DW0), and for a completion (cpl)
 * completer, status, byte count and lower address; 0 otherwise.
 */
static inline void tlp_brief_ids(uint32_t d1, uint32_t d2, bool cpl, struct tlp_brief *b)
{
	uint32_t cpl_mask = -(uint32_t)cpl, rq = cpl ? d2 : d1, c = d1 & cpl_mask;

	b->requester = (uint16_t)(rq >> 16);
	b->tag = (uint16_t)(rq >> 8 & 0xff);
	b->completer = (uint16_t)(c >> 16);
	b->status = (uint8_t)(c >> 13 & 7);
	b->byte_count = (uint16_t)(c & 0xfff);
	b->lower_address = (uint8_t)(d2 & 0x7f & cpl_mask);
}

/* All of them, from header DW0..DW2 (no prefix) of a TLP of kind; cpl: the completion layout. */
static inline void tlp_brief_fields(uint32_t d0, uint32_t d1, uint32_t d2, enum tlp_kind kind,
				    bool cpl, struct tlp_brief *b)
{
	uint32_t len = d0 & 0x3ff;

	tlp_brief_ids(d1, d2, cpl, b);
	b->kind = (uint8_t)kind;
	b->fmt = (uint8_t)(d0 >> 29);
	b->payload = (uint16_t)(d0 & (2u << 29) ? (len ? len : 1024u) * 4u : 0);
	b->tag |= (uint16_t)((d0 >> 23 & 1) << 9 | (d0 >> 19 & 1) << 8);
}

#endif
