// SPDX-License-Identifier: GPL-2.0-only
/*
 * A link's figures as text (link_text.h): a range is given by its bounds
 * without decimals, so that it reads as one, not as a measured figure.
 */
#include <stdio.h>

#include "link_text.h"

void cli_link_traffic(const struct link_flow *f, int digits, char *buf, size_t n)
{
	if (f->traffic_mbps >= 0)
		snprintf(buf, n, "%.*f", digits, f->traffic_mbps);
	else if (f->basis == LINK_RANGE)
		snprintf(buf, n, "%.0f-%.0f", f->lo_mbps, f->hi_mbps);
	else
		snprintf(buf, n, "-");
}

void cli_link_use(const struct link_flow *f, char *buf, size_t n)
{
	if (f->util_pct >= 0)
		snprintf(buf, n, "%.1f", f->util_pct);
	else if (f->basis == LINK_RANGE && f->util_hi_pct >= 0)
		snprintf(buf, n, "%.0f-%.0f", f->util_lo_pct, f->util_hi_pct);
	else
		snprintf(buf, n, "-");
}
