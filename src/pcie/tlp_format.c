// SPDX-License-Identifier: GPL-2.0-only
/*
 * One-line text form of a header: the kind name, then key=value pairs for the
 * fields that kind carries, then the DW0 attributes that are set, then the
 * prefixes.  Fields that are zero in the common case (tc, attr, at, td, ep,
 * ln) are printed only when set so that ordinary lines stay short.
 * Like snprintf, it returns the length the whole line needs.
 */
#include <stdarg.h>
#include <stdio.h>

#include <pciescope/pcie/bdf.h>
#include <pciescope/pcie/tlp.h>

#include "pcie/tlp_layout.h"

struct line {
	char *buf;
	size_t n, len;
};

__attribute__((format(printf, 2, 3))) static void put(struct line *l, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(l->len < l->n ? l->buf + l->len : NULL, l->len < l->n ? l->n - l->len : 0,
		      fmt, ap);
	va_end(ap);
	if (r > 0)
		l->len += (size_t)r;
}

static void put_rid(struct line *l, const char *key, uint16_t rid)
{
	char b[16];

	put(l, " %s=%s", key, pci_rid_format(rid, b, sizeof(b)));
}

static unsigned int dws(const struct tlp_hdr *h)
{
	return h->length ? h->length : 1024;
}

static void put_req(struct line *l, const struct tlp_hdr *h)
{
	int st = tlp_steering_tag(h);
	uint64_t addr = st >= 0 ? h->address & ~3ull : h->address;

	put(l, " len=%u lbe=%x fbe=%x", dws(h), h->last_be, h->first_be);
	if (h->fmt & 1)
		put(l, " addr=0x%016llx", (unsigned long long)addr);
	else
		put(l, " addr=0x%08llx", (unsigned long long)addr);
	if (st >= 0)
		put(l, " ph=%d st=0x%02x", tlp_processing_hint(h), st);
}

static void put_cfg(struct line *l, const struct tlp_hdr *h)
{
	put_rid(l, "dev", h->cfg_target);
	put(l, " off=0x%03x len=%u lbe=%x fbe=%x", h->cfg_register * 4u, dws(h), h->last_be,
	    h->first_be);
}

static void put_msg(struct line *l, const struct tlp_hdr *h)
{
	const char *name = tlp_msg_code_name(h->message_code);

	put(l, " code=0x%02x", h->message_code);
	if (name)
		put(l, "(%s)", name);
	put(l, " route=%s", tlp_msg_routing_name(h->type & 7));
	if (h->fmt & 2)
		put(l, " len=%u", dws(h));
	put(l, " dw2=0x%08x dw3=0x%08x", h->msg_dw2, h->msg_dw3);
}

static void put_cpl(struct line *l, const struct tlp_hdr *h)
{
	put(l, " status=%s bc=%u la=0x%02x", tlp_cpl_status_name(h->status), h->byte_count,
	    h->lower_address);
	if (h->fmt & 2)
		put(l, " len=%u", dws(h));
	if (h->bcm)
		put(l, " bcm");
}

static void put_attrs(struct line *l, const struct tlp_hdr *h)
{
	if (h->tc)
		put(l, " tc=%u", h->tc);
	if (h->attr)
		put(l, " attr=%u", h->attr);
	if (h->at)
		put(l, " at=%u", h->at);
	if (h->th && tlp_steering_tag(h) < 0)
		put(l, " th");
	if (h->td)
		put(l, " td");
	if (h->ep)
		put(l, " ep");
	if (h->ln)
		put(l, " ln");
	if (h->rsvd[0] | h->rsvd[1] | h->rsvd[2] | h->rsvd[3])
		put(l, " rsvd=%x/%x/%x/%x", h->rsvd[0], h->rsvd[1], h->rsvd[2], h->rsvd[3]);
}

static void put_prefixes(struct line *l, const struct tlp_hdr *h)
{
	struct tlp_pasid p;

	for (unsigned int i = 0; i < h->nprefix && i < TLP_MAX_PREFIXES; i++) {
		if (!tlp_pasid_decode(h->prefix[i], &p)) {
			put(l, " pasid=0x%05x%s%s", p.pasid, p.pmr ? " pmr" : "", p.er ? " er" : "");
			continue;
		}
		put(l, " %s=0x%08x", h->prefix[i] & (1u << 28) ? "eprfx" : "lprfx", h->prefix[i]);
	}
}

int tlp_format(const struct tlp_hdr *h, char *buf, size_t n)
{
	struct line l = { buf, n, 0 };
	unsigned int k = (unsigned int)h->kind < TLP_KIND_COUNT ? h->kind : TLP_UNKNOWN;
	unsigned int layout = tlp_layout_of[k];

	if (n)
		buf[0] = '\0';
	put(&l, "%s", tlp_kind_name(h->kind));
	if (layout == TLP_L_CPL)
		put_rid(&l, "cpl", h->completer);
	if (layout != TLP_L_NONE && layout != TLP_L_PREFIX) {
		put_rid(&l, "req", h->requester);
		put(&l, " tag=0x%02x", h->tag);
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
	return (int)l.len;
}
