// SPDX-License-Identifier: GPL-2.0-only
/*
 * One-line text form of a header: the kind name, then key=value pairs for the
 * fields that kind carries, then the DW0 attributes that are set, then the
 * prefixes.  Fields that are zero in the common case (tc, attr, at, td, ep,
 * ln) are printed only when set so that ordinary lines stay short.
 *
 * A trace report prints one line per entry, so the line is assembled with
 * small digit writers into a local buffer instead of a dozen printf calls,
 * then copied out with snprintf semantics (returns the full length).
 */
#include <string.h>

#include <pciescope/pcie/tlp.h>

#include "tlp_layout.h"

struct line {
	size_t len;
	char b[512]; /* longest line (every field, 4 prefixes) is under 300 */
};

static void put(struct line *l, const char *s)
{
	while (*s && l->len < sizeof(l->b))
		l->b[l->len++] = *s++;
}

/* Hex of v with at least min digits. */
static void put_hex(struct line *l, uint64_t v, int min)
{
	char d[16];
	int n = 0;

	do {
		d[n++] = "0123456789abcdef"[v & 0xf];
		v >>= 4;
	} while (v || n < min);
	while (n && l->len < sizeof(l->b))
		l->b[l->len++] = d[--n];
}

static void put_dec(struct line *l, unsigned int v)
{
	char d[10];
	int n = 0;

	do {
		d[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n && l->len < sizeof(l->b))
		l->b[l->len++] = d[--n];
}

static void put_rid(struct line *l, const char *key, uint16_t rid)
{
	put(l, key);
	put_hex(l, rid >> 8, 2);
	put(l, ":");
	put_hex(l, (rid >> 3) & 0x1f, 2);
	put(l, ".");
	put_hex(l, rid & 7, 1);
}

static unsigned int dws(const struct tlp_hdr *h)
{
	return h->length ? h->length : 1024;
}

static void put_len_be(struct line *l, const struct tlp_hdr *h)
{
	put(l, " len=");
	put_dec(l, dws(h));
	put(l, " lbe=");
	put_hex(l, h->last_be, 1);
	put(l, " fbe=");
	put_hex(l, h->first_be, 1);
}

static void put_req(struct line *l, const struct tlp_hdr *h)
{
	int st = tlp_steering_tag(h);

	put_len_be(l, h);
	put(l, " addr=0x");
	put_hex(l, tlp_request_address(h), (h->fmt & 1) ? 16 : 8);
	if (st >= 0) {
		put(l, " ph=");
		put_dec(l, (unsigned int)tlp_processing_hint(h));
		put(l, " st=0x");
		put_hex(l, (unsigned int)st, 2);
	}
}

static void put_cfg(struct line *l, const struct tlp_hdr *h)
{
	put_rid(l, " dev=", h->cfg_target);
	put(l, " off=0x");
	put_hex(l, h->cfg_register * 4u, 3);
	put_len_be(l, h);
}

static void put_msg(struct line *l, const struct tlp_hdr *h)
{
	const char *name = tlp_msg_code_name(h->message_code);

	put(l, " code=0x");
	put_hex(l, h->message_code, 2);
	if (name) {
		put(l, "(");
		put(l, name);
		put(l, ")");
	}
	put(l, " route=");
	put(l, tlp_msg_routing_name(h->type & 7));
	if (h->fmt & 2) {
		put(l, " len=");
		put_dec(l, dws(h));
	}
	put(l, " dw2=0x");
	put_hex(l, h->msg_dw2, 8);
	put(l, " dw3=0x");
	put_hex(l, h->msg_dw3, 8);
}

static void put_cpl(struct line *l, const struct tlp_hdr *h)
{
	put(l, " status=");
	put(l, tlp_cpl_status_name(h->status));
	put(l, " bc=");
	put_dec(l, h->byte_count);
	put(l, " la=0x");
	put_hex(l, h->lower_address, 2);
	if (h->fmt & 2) {
		put(l, " len=");
		put_dec(l, dws(h));
	}
	if (h->bcm)
		put(l, " bcm");
}

static void put_flag(struct line *l, const char *key, unsigned int v)
{
	if (!v)
		return;
	put(l, key);
	put_dec(l, v);
}

static void put_attrs(struct line *l, const struct tlp_hdr *h)
{
	put_flag(l, " tc=", h->tc);
	put_flag(l, " attr=", h->attr);
	put_flag(l, " at=", h->at);
	if (h->th && tlp_steering_tag(h) < 0)
		put(l, " th");
	if (h->td)
		put(l, " td");
	if (h->ep)
		put(l, " ep");
	if (h->ln)
		put(l, " ln");
	if (h->rsvd[0] | h->rsvd[1] | h->rsvd[2] | h->rsvd[3]) {
		put(l, " rsvd=");
		for (int i = 0; i < 4; i++) {
			put_hex(l, h->rsvd[i], 1);
			put(l, i < 3 ? "/" : "");
		}
	}
}

static void put_prefixes(struct line *l, const struct tlp_hdr *h)
{
	struct tlp_pasid p;

	for (unsigned int i = 0; i < h->nprefix && i < TLP_MAX_PREFIXES; i++) {
		if (!tlp_pasid_decode(h->prefix[i], &p)) {
			put(l, " pasid=0x");
			put_hex(l, p.pasid, 5);
			put(l, p.pmr ? " pmr" : "");
			put(l, p.er ? " er" : "");
			continue;
		}
		put(l, h->prefix[i] & (1u << 28) ? " eprfx=0x" : " lprfx=0x");
		put_hex(l, h->prefix[i], 8);
	}
}

int tlp_format(const struct tlp_hdr *h, char *buf, size_t n)
{
	unsigned int k = (unsigned int)h->kind < TLP_KIND_COUNT ? h->kind : TLP_UNKNOWN;
	unsigned int layout = tlp_layout_of[k];
	struct line l;

	l.len = 0;
	put(&l, tlp_kind_name(h->kind));
	if (layout == TLP_L_CPL)
		put_rid(&l, " cpl=", h->completer);
	if (layout != TLP_L_NONE && layout != TLP_L_PREFIX) {
		put_rid(&l, " req=", h->requester);
		put(&l, " tag=0x");
		put_hex(&l, h->tag, 2);
	}
	if (layout == TLP_L_REQ)
		put_req(&l, h);
	else if (layout == TLP_L_CFG)
		put_cfg(&l, h);
	else if (layout == TLP_L_MSG)
		put_msg(&l, h);
	else if (layout == TLP_L_CPL)
		put_cpl(&l, h);
	put_attrs(&l, h);
	put_prefixes(&l, h);
	if (n) {
		size_t c = l.len < n ? l.len : n - 1;

		memcpy(buf, l.b, c);
		buf[c] = '\0';
	}
	return (int)l.len;
}
