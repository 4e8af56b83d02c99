// SPDX-License-Identifier: GPL-2.0-only
/*
 * Wire headers of queued TLPs, built only when someone observes the TLP,
 * and the observers shown it.  Each kind has a DW0 template (Fmt/Type),
 * made once by the TLP codec, into which the per-TLP fields are patched:
 * this is the hot path of tracing, so it does no general encoding per TLP;
 * the unit tests decode every observed header with the codec.  The
 * observers are called from here so that the header is built inline, not
 * through a call per TLP.
 */
#include <pciescope/pcie/tlp.h>

#include "fabric_internal.h"

#define MSG_LTR 0x10

static const enum tlp_kind template_kind[TPL_COUNT] = {
    [TPL_MRD32] = TLP_MRD32,   [TPL_MRD64] = TLP_MRD64, [TPL_MWR32] = TLP_MWR32,
    [TPL_MWR64] = TLP_MWR64,   [TPL_CPLD] = TLP_CPLD,	[TPL_CFGRD0] = TLP_CFGRD0,
    [TPL_CFGRD1] = TLP_CFGRD1, [TPL_MSG] = TLP_MSG,
};

/* DW0 of each kind with every field zero, from the codec: Fmt, Type (Msg: route to RC). */
void fab_templates(struct fabric *f)
{
	for (int i = 0; i < TPL_COUNT; i++) {
		struct tlp_hdr h;
		uint32_t dw[4];

		tlp_hdr_init(&h, template_kind[i]);
		tlp_encode(&h, dw, 4);
		f->tpl[i] = dw[0];
	}
}

static uint32_t len_dw(uint32_t bytes)
{
	return ((bytes + 3) / 4) & 0x3ff;
}

/* 10-bit tags: T9 in DW0 bit 23, T8 in DW0 bit 19, the low byte in DW1/DW2. */
static uint32_t tag_hi(uint16_t tag)
{
	return ((uint32_t)(tag >> 9 & 1) << 23) | ((uint32_t)(tag >> 8 & 1) << 19);
}

static uint32_t byte_enables(uint32_t bytes)
{
	return bytes <= 4 ? 0x0f : 0xff;
}

static __always_inline void mem_header(const struct ptlp *t, uint32_t hdr[4], uint32_t dw0_32,
				       uint32_t dw0_64)
{
	uint32_t len = len_dw(t->kind == FK_MRD ? t->byte_count : t->bytes);

	hdr[1] = (uint32_t)t->rid << 16 | (uint32_t)(t->tag & 0xff) << 8 |
		 byte_enables(t->kind == FK_MRD ? t->byte_count : t->bytes);
	if (t->addr >> 32) {
		hdr[0] = dw0_64 | tag_hi(t->tag) | len;
		hdr[2] = (uint32_t)(t->addr >> 32);
		hdr[3] = (uint32_t)t->addr & ~3u;
	} else {
		hdr[0] = dw0_32 | tag_hi(t->tag) | len;
		hdr[2] = (uint32_t)t->addr & ~3u;
		hdr[3] = 0;
	}
}

/* Inline in fab_notify, the per-TLP caller; fab_header for the rest. */
static __always_inline void header(const struct fabric *f, const struct ptlp *t, uint32_t hdr[4])
{
	switch (t->kind) {
	case FK_MRD:
		mem_header(t, hdr, f->tpl[TPL_MRD32], f->tpl[TPL_MRD64]);
		break;
	case FK_MWR:
		mem_header(t, hdr, f->tpl[TPL_MWR32], f->tpl[TPL_MWR64]);
		break;
	case FK_CPLD:
		hdr[0] = f->tpl[TPL_CPLD] | tag_hi(t->tag) | len_dw(t->bytes);
		hdr[1] = (uint32_t)t->cid << 16 | (t->byte_count & 0xfff);
		hdr[2] = (uint32_t)t->rid << 16 | (uint32_t)(t->tag & 0xff) << 8 | (t->addr & 0x7f);
		hdr[3] = 0;
		break;
	case FK_CFGRD:
		hdr[0] = f->tpl[t->flags & PF_CFG0 ? TPL_CFGRD0 : TPL_CFGRD1] | tag_hi(t->tag) | 1;
		hdr[1] = (uint32_t)t->rid << 16 | (uint32_t)(t->tag & 0xff) << 8 | 0x0f;
		hdr[2] = (uint32_t)t->cid << 16 | ((uint32_t)t->addr & 0xffc);
		hdr[3] = 0;
		break;
	default:
		hdr[0] = f->tpl[TPL_MSG];
		hdr[1] = (uint32_t)t->rid << 16 | MSG_LTR;
		hdr[2] = 0;
		hdr[3] = 0;
		break;
	}
}

void fab_header(const struct fabric *f, const struct ptlp *t, uint32_t hdr[4])
{
	header(f, t, hdr);
}

void fab_notify(struct fabric *f, struct fport *p, int dir, const struct ptlp *t, uint64_t now)
{
	struct fabric_tlp o;

	fab_tlp_view(f, p, dir, t, now, &o);
	header(f, t, o.hdr);
	for (int i = 0; i < p->nobs; i++)
		if (p->obs[i].classes & FABRIC_CLASS_BIT(dir, t->cls))
			p->obs[i].fn(p->obs[i].ctx, &o);
	if (f->log_fn)
		f->log_fn(f->log_ctx, &o);
}

uint32_t fab_pasid_prefix(uint32_t pasid)
{
	struct tlp_pasid p = {.pasid = pasid};

	return tlp_pasid_encode(&p);
}
