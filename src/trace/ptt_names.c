// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kind and completion-status names with their lengths, taken once from the
 * pcie codec into fixed 16-byte slots: the text views copy a whole slot (a
 * fixed-size move, no strlen, no memcpy call) and advance by the length.
 */
#include <string.h>

#include "ptt_view.h"

static struct ptt_name kinds[TLP_KIND_COUNT], statuses[8];
static bool ready;

static void set(struct ptt_name *n, const char *s)
{
	n->n = strlen(s);
	if (n->n >= sizeof(n->s))
		n->n = sizeof(n->s) - 1;
	memset(n->s, 0, sizeof(n->s));
	memcpy(n->s, s, n->n);
}

static void fill(void)
{
	for (int k = 0; k < TLP_KIND_COUNT; k++)
		set(&kinds[k], tlp_kind_name((enum tlp_kind)k));
	for (int s = 0; s < 8; s++)
		set(&statuses[s], tlp_cpl_status_name((uint8_t)s));
	ready = true;
}

const struct ptt_name *ptt_kind_name(enum tlp_kind k)
{
	if (!ready)
		fill();
	return &kinds[(unsigned)k < TLP_KIND_COUNT ? k : TLP_UNKNOWN];
}

const struct ptt_name *ptt_status_name(uint8_t status)
{
	if (!ready)
		fill();
	return &statuses[status & 7];
}
