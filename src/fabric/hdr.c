// SPDX-License-Identifier: GPL-2.0-only
/*
 * Wire headers of queued TLPs, built only when someone observes the TLP.
 * Each kind has a fixed DW0 template (Fmt/Type) into which the per-TLP
 * fields are patched: this is the hot path of tracing, so it does no
 * general encoding, and the unit tests check it against the TLP codec.
 */
#include "internal.h"

#define DW0_MRD32 0x00000000u
#define DW0_MRD64 0x20000000u
#define DW0_MWR32 0x40000000u
#define DW0_MWR64 0x60000000u
#define DW0_CPLD 0x4a000000u
#define DW0_CFGRD0 0x04000000u
#define DW0_CFGRD1 0x05000000u
#define DW0_MSG_TO_RC 0x30000000u
#define MSG_LTR 0x10

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

static void mem_header(const struct ptlp *t, uint32_t hdr[4], uint32_t dw0_32, uint32_t dw0_64)
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

void fab_header(const struct ptlp *t, uint32_t hdr[4])
{
	switch (t->kind) {
	case FK_MRD:
		mem_header(t, hdr, DW0_MRD32, DW0_MRD64);
		break;
	case FK_MWR:
		mem_header(t, hdr, DW0_MWR32, DW0_MWR64);
		break;
	case FK_CPLD:
		hdr[0] = DW0_CPLD | tag_hi(t->tag) | len_dw(t->bytes);
		hdr[1] = (uint32_t)t->cid << 16 | (t->byte_count & 0xfff);
		hdr[2] = (uint32_t)t->rid << 16 | (uint32_t)(t->tag & 0xff) << 8 | (t->addr & 0x7f);
		hdr[3] = 0;
		break;
	case FK_CFGRD:
		hdr[0] = (t->flags & PF_CFG0 ? DW0_CFGRD0 : DW0_CFGRD1) | tag_hi(t->tag) | 1;
		hdr[1] = (uint32_t)t->rid << 16 | (uint32_t)(t->tag & 0xff) << 8 | 0x0f;
		hdr[2] = (uint32_t)t->cid << 16 | ((uint32_t)t->addr & 0xffc);
		hdr[3] = 0;
		break;
	default:
		hdr[0] = DW0_MSG_TO_RC;
		hdr[1] = (uint32_t)t->rid << 16 | MSG_LTR;
		hdr[2] = 0;
		hdr[3] = 0;
		break;
	}
}

/* E2E TLP prefix, Fmt 100b Type 1_0001b (PASID), PASID in [19:0]. */
uint32_t fab_pasid_prefix(uint16_t pasid)
{
	return 0x91000000u | pasid;
}
