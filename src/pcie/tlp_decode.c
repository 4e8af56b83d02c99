// SPDX-License-Identifier: GPL-2.0-only
/*
 * TLP header decoder.  It runs once per trace entry on a stream that mixes
 * kinds unpredictably, so it has no branch on the kind: one table load gives
 * the kind, a second the masks of its layout, and every struct field is
 * computed from the DWs and stored under its mask (0 where the kind does not
 * carry the field).  Nothing is allocated.  It rejects only what has no
 * meaning (reserved Fmt/Type, too many prefixes, too few DWs); reserved bits
 * elsewhere are kept in rsvd[] so such a header still re-encodes bit for bit.
 *
 * Bit positions (PCIe r5.0 section 2.2), DW0 of every header:
 *   [31:29] Fmt [28:24] Type [23] T9 [22:20] TC [19] T8 [18] Attr[2] [17] LN
 *   [16] TH [15] TD [14] EP [13:12] Attr[1:0] [11:10] AT [9:0] Length
 * Requests, DW1: [31:16] Requester ID [15:8] Tag[7:0] [7:4] Last BE [3:0]
 *   First BE (Msg: [7:0] Message Code).  Cfg DW2: [31:16] target ID
 *   [11:8] Ext Reg [7:2] Reg.  Cpl DW1: [31:16] Completer ID [15:13] Status
 *   [12] BCM [11:0] Byte Count; DW2: [31:16] Requester ID [15:8] Tag[7:0]
 *   [6:0] Lower Address.
 */
#include <errno.h>

#include <pciescope/pcie/tlp.h>

#include "tlp_layout.h"

struct layout_masks {
	uint8_t cpl;   /* 1: requester and tag are in DW2 */
	uint8_t be;    /* 0xf where DW1[7:0] are byte enables */
	uint8_t code;  /* 0xff where DW1[7:0] is a message code */
	uint16_t cfg;  /* 0xffff: DW2 is a configuration target */
	uint32_t req;  /* ~0 where the kind has a requester and a tag */
	uint32_t cmpl; /* ~0 for completion fields */
	uint32_t msg;  /* ~0: DW2/DW3 are message data */
	uint64_t addr; /* ~0: DW2(/DW3) are an address */
};

static const struct layout_masks masks[TLP_L_PREFIX + 1] = {
    [TLP_L_REQ] = {.be = 0xf, .req = ~0u, .addr = ~0ull},
    [TLP_L_CFG] = {.be = 0xf, .cfg = 0xffff, .req = ~0u},
    [TLP_L_MSG] = {.code = 0xff, .req = ~0u, .msg = ~0u},
    [TLP_L_CPL] = {.cpl = 1, .req = ~0u, .cmpl = ~0u},
};

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

static void decode_body(const uint32_t *d, size_t n, unsigned int layout, struct tlp_hdr *h)
{
	const struct layout_masks *m = &masks[layout];
	uint32_t d1 = d[1], d2 = d[2], d3 = d[n - 1], rq = d[1 + m->cpl] & m->req;
	uint64_t addr = n == 4 ? (uint64_t)d2 << 32 | d3 : d2;

	h->requester = rq >> 16;
	h->tag =
	    (uint16_t)((((d[0] >> 23) & 1) << 9 | ((d[0] >> 19) & 1) << 8 | ((rq >> 8) & 0xff)) &
		       m->req);
	h->last_be = (d1 >> 4) & m->be;
	h->first_be = d1 & m->be;
	h->address = addr & m->addr;
	h->completer = (d1 & m->cmpl) >> 16;
	h->status = ((d1 & m->cmpl) >> 13) & 7;
	h->bcm = ((d1 & m->cmpl) >> 12) & 1;
	h->byte_count = d1 & m->cmpl & 0xfff;
	h->lower_address = d2 & m->cmpl & 0x7f;
	h->cfg_target = (d2 >> 16) & m->cfg;
	h->cfg_register = (d2 >> 2) & 0x3ff & m->cfg;
	h->message_code = d1 & m->code;
	h->msg_dw2 = d2 & m->msg;
	h->msg_dw3 = d3 & m->msg;
	h->rsvd[0] = 0;
	h->rsvd[1] = 0;
	h->rsvd[2] = d2 & tlp_rsvd_dw2[layout];
	h->rsvd[3] = 0;
}

int tlp_decode(const uint32_t *dw, size_t ndw, struct tlp_hdr *h)
{
	size_t np = 0, n;
	unsigned int layout;

	h->prefix[0] = h->prefix[1] = h->prefix[2] = h->prefix[3] = 0;
	while (np < ndw && dw[np] >> 29 == TLP_FMT_PREFIX) {
		if (np == TLP_MAX_PREFIXES)
			return -EINVAL;
		h->prefix[np] = dw[np];
		np++;
	}
	h->nprefix = (uint8_t)np;
	if (np == ndw)
		return -EMSGSIZE;
	dw += np;
	h->kind = tlp_kind_of(dw[0]);
	layout = tlp_layout_of[h->kind];
	if (layout == TLP_L_NONE)
		return -EINVAL;
	n = 3 + ((dw[0] >> 29) & 1);
	if (ndw - np < n)
		return -EMSGSIZE;
	decode_dw0(dw[0], h);
	decode_body(dw, n, layout, h);
	return (int)(np + n);
}
