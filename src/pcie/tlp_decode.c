// SPDX-License-Identifier: GPL-2.0-only
/*
 * TLP header decoder.  It runs once per trace entry, so it classifies with
 * one table load, switches on five layouts rather than on kinds, and never
 * allocates.  It rejects only what has no meaning (reserved Fmt/Type, too
 * many prefixes, too few DWs); reserved bits elsewhere are kept in rsvd[] so
 * that a header with them set still re-encodes bit for bit.
 *
 * Bit positions (PCIe r5.0 section 2.2), DW0 for every header:
 *   [31:29] Fmt [28:24] Type [23] T9 [22:20] TC [19] T8 [18] Attr[2] [17] LN
 *   [16] TH [15] TD [14] EP [13:12] Attr[1:0] [11:10] AT [9:0] Length
 */
#include <errno.h>

#include <pciescope/pcie/tlp.h>

#include "pcie/tlp_layout.h"

static void decode_dw0(uint32_t d, struct tlp_hdr *h)
{
	h->fmt = d >> 29;
	h->type = (d >> 24) & 0x1f;
	h->t9 = (d >> 23) & 1;
	h->tc = (d >> 20) & 7;
	h->t8 = (d >> 19) & 1;
	h->attr = (uint8_t)((((d >> 18) & 1) << 2) | ((d >> 12) & 3));
	h->ln = (d >> 17) & 1;
	h->th = (d >> 16) & 1;
	h->td = (d >> 15) & 1;
	h->ep = (d >> 14) & 1;
	h->at = (d >> 10) & 3;
	h->length = d & 0x3ff;
}

/* DW1 of requests: Requester ID [31:16], Tag[7:0] [15:8], Last/First BE [7:0]. */
static void decode_req_dw1(uint32_t d, struct tlp_hdr *h)
{
	h->requester = d >> 16;
	h->tag |= (d >> 8) & 0xff;
	h->last_be = (d >> 4) & 0xf;
	h->first_be = d & 0xf;
}

static void decode_body(const uint32_t *d, unsigned int layout, bool four, struct tlp_hdr *h)
{
	switch (layout) {
	case TLP_L_REQ:
		decode_req_dw1(d[1], h);
		h->address = four ? (uint64_t)d[2] << 32 | d[3] : d[2];
		break;
	case TLP_L_CFG:
		decode_req_dw1(d[1], h);
		/* Bus [31:24] Device [23:19] Function [18:16] Ext Reg [11:8] Reg [7:2] */
		h->cfg_target = d[2] >> 16;
		h->cfg_register = (d[2] >> 2) & 0x3ff;
		break;
	case TLP_L_MSG:
		h->requester = d[1] >> 16;
		h->tag |= (d[1] >> 8) & 0xff;
		h->message_code = d[1] & 0xff;
		h->msg_dw2 = d[2];
		h->msg_dw3 = d[3];
		break;
	case TLP_L_CPL:
		/* DW1: Completer ID, Status [15:13], BCM [12], Byte Count [11:0] */
		h->completer = d[1] >> 16;
		h->status = (d[1] >> 13) & 7;
		h->bcm = (d[1] >> 12) & 1;
		h->byte_count = d[1] & 0xfff;
		/* DW2: Requester ID, Tag[7:0], R, Lower Address [6:0] */
		h->requester = d[2] >> 16;
		h->tag |= (d[2] >> 8) & 0xff;
		h->lower_address = d[2] & 0x7f;
		break;
	}
}

int tlp_decode(const uint32_t *dw, size_t ndw, struct tlp_hdr *h)
{
	size_t np = 0, n;
	unsigned int layout;
	const uint32_t *d;

	*h = (struct tlp_hdr){ 0 };
	while (np < ndw && dw[np] >> 29 == TLP_FMT_PREFIX) {
		if (np == TLP_MAX_PREFIXES)
			return -EINVAL;
		h->prefix[np] = dw[np];
		np++;
	}
	h->nprefix = (uint8_t)np;
	if (np == ndw)
		return -EMSGSIZE;
	d = dw + np;
	h->kind = tlp_kind_of(d[0]);
	layout = tlp_layout_of[h->kind];
	if (layout == TLP_L_NONE)
		return -EINVAL;
	n = 3 + ((d[0] >> 29) & 1);
	if (ndw - np < n)
		return -EMSGSIZE;
	decode_dw0(d[0], h);
	h->tag = (uint16_t)(h->t9 << 9 | h->t8 << 8);
	decode_body(d, layout, n == 4, h);
	h->rsvd[2] = d[2] & tlp_rsvd_dw2[layout];
	return (int)(np + n);
}
