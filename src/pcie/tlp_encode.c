// SPDX-License-Identifier: GPL-2.0-only
/*
 * TLP header encoder, the inverse of tlp_decode.  Headers are built by the
 * emulated fabric, so a field that does not fit its bits is a bug upstream:
 * it is refused with -EINVAL instead of being silently truncated.
 */
#include <errno.h>

#include <pciescope/pcie/tlp.h>

#include "tlp_layout.h"

static bool fields_fit(const struct tlp_hdr *h, unsigned int layout)
{
	bool ok = h->tc <= 7 && h->attr <= 7 && h->at <= 3 && h->length <= 0x3ff &&
		  h->tag <= 0x3ff && !h->rsvd[0] && !h->rsvd[1] && !h->rsvd[3] &&
		  !(h->rsvd[2] & ~tlp_rsvd_dw2[layout]);

	switch (layout) {
	case TLP_L_REQ:
		return ok && h->last_be <= 0xf && h->first_be <= 0xf &&
		       ((h->fmt & 1) || h->address <= 0xffffffffu);
	case TLP_L_CFG:
		return ok && h->last_be <= 0xf && h->first_be <= 0xf && h->cfg_register <= 0x3ff;
	case TLP_L_CPL:
		return ok && h->status <= 7 && h->byte_count <= 0xfff && h->lower_address <= 0x7f;
	default:
		return ok;
	}
}

static uint32_t encode_dw0(const struct tlp_hdr *h)
{
	return (uint32_t)h->fmt << 29 | (uint32_t)h->type << 24 | (uint32_t)(h->tag >> 9) << 23 |
	       (uint32_t)h->tc << 20 | (uint32_t)((h->tag >> 8) & 1) << 19 |
	       (uint32_t)(h->attr >> 2) << 18 | (uint32_t)h->ln << 17 | (uint32_t)h->th << 16 |
	       (uint32_t)h->td << 15 | (uint32_t)h->ep << 14 | (uint32_t)(h->attr & 3) << 12 |
	       (uint32_t)h->at << 10 | h->length;
}

static uint32_t req_dw1(const struct tlp_hdr *h, uint8_t low)
{
	return (uint32_t)h->requester << 16 | (uint32_t)(h->tag & 0xff) << 8 | low;
}

static void encode_body(const struct tlp_hdr *h, unsigned int layout, uint32_t *d)
{
	switch (layout) {
	case TLP_L_REQ:
		d[1] = req_dw1(h, (uint8_t)(h->last_be << 4 | h->first_be));
		if (h->fmt & 1) {
			d[2] = (uint32_t)(h->address >> 32);
			d[3] = (uint32_t)h->address;
		} else {
			d[2] = (uint32_t)h->address;
		}
		break;
	case TLP_L_CFG:
		d[1] = req_dw1(h, (uint8_t)(h->last_be << 4 | h->first_be));
		d[2] = (uint32_t)h->cfg_target << 16 | (uint32_t)h->cfg_register << 2 | h->rsvd[2];
		break;
	case TLP_L_MSG:
		d[1] = req_dw1(h, h->message_code);
		d[2] = h->msg_dw2;
		d[3] = h->msg_dw3;
		break;
	case TLP_L_CPL:
		d[1] = (uint32_t)h->completer << 16 | (uint32_t)h->status << 13 |
		       (uint32_t)h->bcm << 12 | h->byte_count;
		d[2] = (uint32_t)h->requester << 16 | (uint32_t)(h->tag & 0xff) << 8 | h->rsvd[2] |
		       h->lower_address;
		break;
	}
}

int tlp_encode(const struct tlp_hdr *h, uint32_t *dw, size_t cap)
{
	unsigned int layout, i;
	size_t n;

	if (h->fmt > 7 || h->type > 0x1f || h->nprefix > TLP_MAX_PREFIXES)
		return -EINVAL;
	if (h->kind != tlp_kind_of((uint32_t)(h->fmt << 5 | h->type) << 24))
		return -EINVAL;
	layout = tlp_layout_of[h->kind];
	if (layout == TLP_L_NONE || layout == TLP_L_PREFIX || !fields_fit(h, layout))
		return -EINVAL;
	for (i = 0; i < h->nprefix; i++)
		if (h->prefix[i] >> 29 != TLP_FMT_PREFIX)
			return -EINVAL;
	n = h->nprefix + 3u + (h->fmt & 1);
	if (cap < n)
		return -ENOSPC;
	for (i = 0; i < h->nprefix; i++)
		dw[i] = h->prefix[i];
	dw += h->nprefix;
	dw[0] = encode_dw0(h);
	encode_body(h, layout, dw);
	return (int)n;
}
