// SPDX-License-Identifier: GPL-2.0-only
/*
 * Brief TLP header decoder for trace statistics.  tlp_decode fills some
 * eighty bytes of struct per header, most of which a statistics pass never
 * reads; this fills sixteen.  It shares the kind and layout tables of the
 * full decoder; the fields come out of tlp_brief_fields (tlp_brief.h).
 */
#include <errno.h>

#include <pciescope/pcie/tlp_brief.h>

#include "tlp_layout.h"

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
	tlp_brief_fields(dw[0], dw[1], dw[2], kind, layout == TLP_L_CPL, b);
	return np + (int)n;
}
