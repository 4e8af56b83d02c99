// SPDX-License-Identifier: GPL-2.0-only
/*
 * TLP kinds.  Fmt and Type are DW0[31:24], so the kind of any header is one
 * load from a 256-entry table built from PCIe r5.0 Table 2-3: no branch on
 * the trace-decoding hot path, and a reviewer reads the encoding row by row.
 * Combinations the spec leaves reserved or deprecated (TCfgRd/TCfgWr) are
 * Unknown.
 */
#include <errno.h>
#include <stddef.h>

#include <pciescope/pcie/tlp.h>

#include "tlp_layout.h"

#define U TLP_UNKNOWN
#define U4 U, U, U, U
#define U8 U4, U4
#define M8(k) k, k, k, k, k, k, k, k
#define P16(k) M8(k), M8(k)

/* The tables below keep the rows the specification draws. */
/* clang-format off */
/* Index: fmt << 5 | type; one row of 32 types per fmt. */
const uint8_t tlp_kind_table[256] = {
	/* fmt 000: 3DW, no data */
	TLP_MRD32, TLP_MRDLK32, TLP_IORD, U, TLP_CFGRD0, TLP_CFGRD1, U, U,
	U, U, TLP_CPL, TLP_CPLLK, U4,
	U8,
	U8,
	/* fmt 001: 4DW, no data */
	TLP_MRD64, TLP_MRDLK64, U, U, U4,
	U8,
	M8(TLP_MSG),
	U8,
	/* fmt 010: 3DW, with data */
	TLP_MWR32, U, TLP_IOWR, U, TLP_CFGWR0, TLP_CFGWR1, U, U,
	U, U, TLP_CPLD, TLP_CPLDLK, TLP_FETCHADD32, TLP_SWAP32, TLP_CAS32, U,
	U8,
	U8,
	/* fmt 011: 4DW, with data */
	TLP_MWR64, U, U, U, U4,
	U4, TLP_FETCHADD64, TLP_SWAP64, TLP_CAS64, U,
	M8(TLP_MSGD),
	U8,
	/* fmt 100: TLP prefix, type[4] selects local / end-end */
	P16(TLP_LPRFX),
	P16(TLP_EPRFX),
	/* fmt 101..111: reserved */
	U8, U8, U8, U8,
	U8, U8, U8, U8,
	U8, U8, U8, U8,
};

const uint8_t tlp_layout_of[TLP_KIND_COUNT] = {
	[TLP_MRD32] = TLP_L_REQ,      [TLP_MRD64] = TLP_L_REQ,
	[TLP_MRDLK32] = TLP_L_REQ,    [TLP_MRDLK64] = TLP_L_REQ,
	[TLP_MWR32] = TLP_L_REQ,      [TLP_MWR64] = TLP_L_REQ,
	[TLP_IORD] = TLP_L_REQ,       [TLP_IOWR] = TLP_L_REQ,
	[TLP_CFGRD0] = TLP_L_CFG,     [TLP_CFGWR0] = TLP_L_CFG,
	[TLP_CFGRD1] = TLP_L_CFG,     [TLP_CFGWR1] = TLP_L_CFG,
	[TLP_MSG] = TLP_L_MSG,        [TLP_MSGD] = TLP_L_MSG,
	[TLP_CPL] = TLP_L_CPL,        [TLP_CPLD] = TLP_L_CPL,
	[TLP_CPLLK] = TLP_L_CPL,      [TLP_CPLDLK] = TLP_L_CPL,
	[TLP_FETCHADD32] = TLP_L_REQ, [TLP_FETCHADD64] = TLP_L_REQ,
	[TLP_SWAP32] = TLP_L_REQ,     [TLP_SWAP64] = TLP_L_REQ,
	[TLP_CAS32] = TLP_L_REQ,      [TLP_CAS64] = TLP_L_REQ,
	[TLP_LPRFX] = TLP_L_PREFIX,   [TLP_EPRFX] = TLP_L_PREFIX,
	[TLP_UNKNOWN] = TLP_L_NONE,
};

/*
 * Bits no field covers.  DW0 is fully defined in r5.0; Cfg DW2 has [15:12]
 * and [1:0] reserved, Cpl DW2 has bit 7.  Memory address bits [1:0] are PH
 * or reserved; they stay in the address so that PH needs no second field.
 */
const uint32_t tlp_rsvd_dw2[TLP_L_PREFIX + 1] = {
	[TLP_L_CFG] = 0x0000f003u,
	[TLP_L_CPL] = 0x00000080u,
};

static const char *const kind_names[TLP_KIND_COUNT] = {
	[TLP_MRD32] = "MRd32",		 [TLP_MRD64] = "MRd64",
	[TLP_MRDLK32] = "MRdLk32",	 [TLP_MRDLK64] = "MRdLk64",
	[TLP_MWR32] = "MWr32",		 [TLP_MWR64] = "MWr64",
	[TLP_IORD] = "IORd",		 [TLP_IOWR] = "IOWr",
	[TLP_CFGRD0] = "CfgRd0",	 [TLP_CFGWR0] = "CfgWr0",
	[TLP_CFGRD1] = "CfgRd1",	 [TLP_CFGWR1] = "CfgWr1",
	[TLP_MSG] = "Msg",		 [TLP_MSGD] = "MsgD",
	[TLP_CPL] = "Cpl",		 [TLP_CPLD] = "CplD",
	[TLP_CPLLK] = "CplLk",		 [TLP_CPLDLK] = "CplDLk",
	[TLP_FETCHADD32] = "FetchAdd32", [TLP_FETCHADD64] = "FetchAdd64",
	[TLP_SWAP32] = "Swap32",	 [TLP_SWAP64] = "Swap64",
	[TLP_CAS32] = "CAS32",		 [TLP_CAS64] = "CAS64",
	[TLP_LPRFX] = "LPrfx",		 [TLP_EPRFX] = "EPrfx",
	[TLP_UNKNOWN] = "Unknown",
};

/* Prefixes and Unknown belong to no flow-control class. */
static const uint8_t kind_class[TLP_KIND_COUNT] = {
	[TLP_MRD32] = TLP_CLASS_NP,	 [TLP_MRD64] = TLP_CLASS_NP,
	[TLP_MRDLK32] = TLP_CLASS_NP,	 [TLP_MRDLK64] = TLP_CLASS_NP,
	[TLP_MWR32] = TLP_CLASS_P,	 [TLP_MWR64] = TLP_CLASS_P,
	[TLP_IORD] = TLP_CLASS_NP,	 [TLP_IOWR] = TLP_CLASS_NP,
	[TLP_CFGRD0] = TLP_CLASS_NP,	 [TLP_CFGWR0] = TLP_CLASS_NP,
	[TLP_CFGRD1] = TLP_CLASS_NP,	 [TLP_CFGWR1] = TLP_CLASS_NP,
	[TLP_MSG] = TLP_CLASS_P,	 [TLP_MSGD] = TLP_CLASS_P,
	[TLP_CPL] = TLP_CLASS_CPL,	 [TLP_CPLD] = TLP_CLASS_CPL,
	[TLP_CPLLK] = TLP_CLASS_CPL,	 [TLP_CPLDLK] = TLP_CLASS_CPL,
	[TLP_FETCHADD32] = TLP_CLASS_NP, [TLP_FETCHADD64] = TLP_CLASS_NP,
	[TLP_SWAP32] = TLP_CLASS_NP,	 [TLP_SWAP64] = TLP_CLASS_NP,
	[TLP_CAS32] = TLP_CLASS_NP,	 [TLP_CAS64] = TLP_CLASS_NP,
	[TLP_LPRFX] = TLP_CLASS_PREFIX,	 [TLP_EPRFX] = TLP_CLASS_PREFIX,
	[TLP_UNKNOWN] = TLP_CLASS_PREFIX,
};

static const unsigned int layout_fields[TLP_L_PREFIX + 1] = {
	[TLP_L_REQ] = TLP_F_REQUESTER | TLP_F_TAG | TLP_F_BE | TLP_F_ADDRESS,
	[TLP_L_CFG] = TLP_F_REQUESTER | TLP_F_TAG | TLP_F_BE | TLP_F_CFG,
	[TLP_L_MSG] = TLP_F_REQUESTER | TLP_F_TAG | TLP_F_MSG,
	[TLP_L_CPL] = TLP_F_COMPLETER | TLP_F_REQUESTER | TLP_F_TAG | TLP_F_CPL,
};

enum tlp_kind tlp_kind_of(uint32_t dw0)
{
	return (enum tlp_kind)tlp_kind_table[dw0 >> 24];
}

static unsigned int kind_index(enum tlp_kind k)
{
	return (unsigned int)k < TLP_KIND_COUNT ? (unsigned int)k : TLP_UNKNOWN;
}

enum tlp_class tlp_class_of(enum tlp_kind k)
{
	return (enum tlp_class)kind_class[kind_index(k)];
}

const char *tlp_kind_name(enum tlp_kind k)
{
	return kind_names[kind_index(k)];
}

unsigned int tlp_fields(enum tlp_kind k)
{
	return layout_fields[tlp_layout_of[kind_index(k)]];
}

const char *tlp_cpl_status_name(uint8_t status)
{
	static const char *const names[8] = { "SC", "UR", "CRS", "rsvd", "CA", "rsvd", "rsvd",
					      "rsvd" };

	return names[status & 7];
}

int tlp_header_dws(uint8_t fmt)
{
	if (fmt > TLP_FMT_PREFIX)
		return -EINVAL;
	return fmt == TLP_FMT_PREFIX ? 1 : 3 + (fmt & 1);
}

uint32_t tlp_payload_bytes(const struct tlp_hdr *h)
{
	if (h->fmt >= TLP_FMT_PREFIX || !(h->fmt & 2))
		return 0;
	return (h->length ? h->length : 1024u) * 4u;
}

int tlp_hdr_init(struct tlp_hdr *h, enum tlp_kind k)
{
	unsigned int i = 0, idx = kind_index(k);

	if (idx == TLP_UNKNOWN || tlp_layout_of[idx] == TLP_L_PREFIX)
		return -EINVAL;
	/* Every other kind is in the table; its first entry has routing 0. */
	while (tlp_kind_table[i] != idx)
		i++;
	*h = (struct tlp_hdr){ .kind = k, .fmt = i >> 5, .type = i & 0x1f };
	return 0;
}
/* clang-format on */
