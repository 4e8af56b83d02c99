// SPDX-License-Identifier: GPL-2.0-only
/*
 * Brief TLP header decoder for trace statistics.  tlp_decode fills some
 * eighty bytes of struct per header, most of which a statistics pass never
 * reads; this fills sixteen.  It shares the kind and layout tables of the
 * full decoder, and where the layout decides where a field lives (requester
 * and tag are in DW2 of a completion, DW1 otherwise) it selects the word
 * rather than branching, as trace streams mix kinds unpredictably.
 */
#include <errno.h>

#include <pciescope/pcie/tlp.h>

#include "pcie/tlp_layout.h"

/* Prefix DWs before the header, or -EINVAL for more than the maximum. */
static int count_prefixes(const uint32_t *dw, size_t ndw)
{
	size_t np = 0;

	while (np < ndw && dw[np] >> 29 == TLP_FMT_PREFIX) {
		if (np == TLP_MAX_PREFIXES)
			return -EINVAL;
		np++;
	}
	return (int)np;
}

/* cpl_mask: ~0 for a completion, else 0 (a mask, not a branch: see above). */
static void brief_body(const uint32_t *d, unsigned int kind, uint32_t cpl_mask, struct tlp_brief *b)
{
	uint32_t d0 = d[0], rq = d[1 + (cpl_mask & 1)], c = d[1] & cpl_mask;
	uint32_t len = d0 & 0x3ff;

	b->kind = (uint8_t)kind;
	b->fmt = (uint8_t)(d0 >> 29);
	b->payload = (uint16_t)(d0 & (2u << 29) ? (len ? len : 1024u) * 4u : 0);
	b->requester = (uint16_t)(rq >> 16);
	b->tag = (uint16_t)((d0 >> 23 & 1) << 9 | (d0 >> 19 & 1) << 8 | (rq >> 8 & 0xff));
	b->completer = (uint16_t)(c >> 16);
	b->status = (uint8_t)(c >> 13 & 7);
	b->byte_count = (uint16_t)(c & 0xfff);
	b->lower_address = (uint8_t)(d[2] & 0x7f & cpl_mask);
}

int tlp_decode_brief(const uint32_t *dw, size_t ndw, struct tlp_brief *b)
{
	int np = count_prefixes(dw, ndw);
	unsigned int kind, layout;
	size_t n;

	if (np < 0)
		return np;
	if ((size_t)np == ndw)
		return -EMSGSIZE;
	dw += np;
	kind = tlp_kind_table[dw[0] >> 24];
	layout = tlp_layout_of[kind];
	if (layout == TLP_L_NONE)
		return -EINVAL;
	n = 3 + ((dw[0] >> 29) & 1);
	if (ndw - (size_t)np < n)
		return -EMSGSIZE;
	brief_body(dw, kind, -(uint32_t)(layout == TLP_L_CPL), b);
	return np + (int)n;
}
