/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * TLP header codec for every Fmt/Type of PCIe r5.0.
 *
 * A header is handled as host-order 32-bit DWs in wire order (DW0 first,
 * byte 0 of the TLP in bits [31:24] of DW0), which is also how the PTT trace
 * stores them.  The struct keeps every field bit of the header so that
 * tlp_encode(tlp_decode(h)) == h for every valid header.
 */
#ifndef PCIESCOPE_PCIE_TLP_H
#define PCIESCOPE_PCIE_TLP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum tlp_kind {
	TLP_MRD32,
	TLP_MRD64,
	TLP_MRDLK32,
	TLP_MRDLK64,
	TLP_MWR32,
	TLP_MWR64,
	TLP_IORD,
	TLP_IOWR,
	TLP_CFGRD0,
	TLP_CFGWR0,
	TLP_CFGRD1,
	TLP_CFGWR1,
	TLP_MSG,
	TLP_MSGD,
	TLP_CPL,
	TLP_CPLD,
	TLP_CPLLK,
	TLP_CPLDLK,
	TLP_FETCHADD32,
	TLP_FETCHADD64,
	TLP_SWAP32,
	TLP_SWAP64,
	TLP_CAS32,
	TLP_CAS64,
	TLP_LPRFX,
	TLP_EPRFX,
	TLP_UNKNOWN,
	TLP_KIND_COUNT
};

/* Flow-control class, the P / NP / CPL vocabulary of PTT and PMU users. */
enum tlp_class { TLP_CLASS_P, TLP_CLASS_NP, TLP_CLASS_CPL, TLP_CLASS_PREFIX };

enum tlp_cpl_status { TLP_CPL_SC = 0, TLP_CPL_UR = 1, TLP_CPL_CRS = 2, TLP_CPL_CA = 4 };

#define TLP_MAX_PREFIXES 4

struct tlp_hdr {
	enum tlp_kind kind;
	uint8_t fmt;  /* DW0 [31:29] */
	uint8_t type; /* DW0 [28:24] */
	uint8_t tc;   /* [22:20] */
	bool t9, t8, th, td, ep, ln;
	uint8_t attr;	 /* attr[2] << 2 | attr[1:0] */
	uint8_t at;	 /* [11:10] */
	uint16_t length; /* [9:0], raw: 0 means 1024 DW */

	uint16_t requester; /* Requester ID */
	uint16_t tag;	    /* 10-bit tag: T9 << 9 | T8 << 8 | byte */
	uint8_t last_be, first_be;
	uint64_t address; /* memory / IO / atomic; low 2 bits = PH when th */

	/* completions */
	uint16_t completer;
	uint8_t status; /* enum tlp_cpl_status, raw 3 bits */
	bool bcm;
	uint16_t byte_count;   /* 12 bits */
	uint8_t lower_address; /* 7 bits */

	/* configuration requests: target bus/dev/fn and register number */
	uint16_t cfg_target;   /* RID of the target */
	uint16_t cfg_register; /* ext reg << 6 | reg, in DW units */

	/* messages: routing is type[2:0] */
	uint8_t message_code;
	uint32_t msg_dw2, msg_dw3;

	/* prefixes that precede the header, in wire order */
	uint8_t nprefix;
	uint32_t prefix[TLP_MAX_PREFIXES];

	/*
	 * Reserved bits of header DW0..DW3 exactly as received (0 in a valid
	 * header): kept so that a trace shows what was on the wire and
	 * tlp_encode(tlp_decode(h)) == h holds for every decodable header.
	 */
	uint32_t rsvd[4];
};

/*
 * Conventions of the struct (see docs/tlp.md):
 * - fmt/type are authoritative for tlp_encode; kind must agree with them.
 * - tag is authoritative for T9/T8; t9/t8 mirror tag bits 9/8 on decode.
 * - address is the address field as sent: 3DW headers keep DW2, 4DW headers
 *   DW2 << 32 | DW3; its bits [1:0] are PH when th is set.
 * - Msg routing is type[2:0]; Cpl status is the raw 3-bit field.
 */

/*
 * Size in DWs of the header (without prefixes) that fmt implies: 3 or 4;
 * 1 for a prefix (fmt 100b), -EINVAL for the reserved fmts 101b..111b.
 */
int tlp_header_dws(uint8_t fmt);

/*
 * Decodes prefixes followed by one header from dw[0..ndw).  Returns the
 * number of DWs consumed, or -EINVAL (reserved Fmt/Type) / -EMSGSIZE (short).
 * On error *h is partly written.
 */
int tlp_decode(const uint32_t *dw, size_t ndw, struct tlp_hdr *h);

/*
 * The fields of a header that trace statistics read: what it is, how much
 * data it carries, who sent it and which request it is or completes.  Each
 * has the value tlp_decode gives the field of the same name.
 */
struct tlp_brief {
	uint8_t kind;	       /* enum tlp_kind */
	uint8_t fmt;	       /* of the header after any prefixes */
	uint8_t status;	       /* completions, else 0 */
	uint8_t lower_address; /* completions, else 0 */
	uint16_t payload;      /* bytes: tlp_payload_bytes */
	uint16_t requester, tag;
	uint16_t completer;  /* completions, else 0 */
	uint16_t byte_count; /* completions, else 0 */
};

/*
 * tlp_decode reduced to struct tlp_brief, for passes over whole traces: it
 * accepts, rejects and returns exactly what tlp_decode does for the same
 * DWs, at a fraction of the cost.
 */
int tlp_decode_brief(const uint32_t *dw, size_t ndw, struct tlp_brief *b);

/* Encodes h (prefixes first).  Returns DWs written or -ENOSPC / -EINVAL. */
int tlp_encode(const struct tlp_hdr *h, uint32_t *dw, size_t cap);

/* Classifies a header from its DW0 alone (fmt/type), without a full decode. */
enum tlp_kind tlp_kind_of(uint32_t dw0);
/* P / NP / CPL; prefixes and Unknown are TLP_CLASS_PREFIX (no flow-control class). */
enum tlp_class tlp_class_of(enum tlp_kind k);
const char *tlp_kind_name(enum tlp_kind k);	 /* "MRd32", "CplD", ... */
const char *tlp_cpl_status_name(uint8_t status); /* "SC", "UR", "CRS", "CA"; else "rsvd" */

/* Payload length in bytes that the header announces (0 when it has none). */
uint32_t tlp_payload_bytes(const struct tlp_hdr *h);

/*
 * One-line human description, e.g. "MRd64 req=01:00.1 tag=0x12 len=16 lbe=f
 * fbe=f addr=0x...".  Returns the line's length, as snprintf does.
 */
int tlp_format(const struct tlp_hdr *h, char *buf, size_t n);

/* Zeroes h and sets kind, fmt and type for k (Msg/MsgD: routing 0).  0 or -EINVAL. */
int tlp_hdr_init(struct tlp_hdr *h, enum tlp_kind k);

/* Which struct fields a kind carries, for printers that show only those. */
enum tlp_field {
	TLP_F_REQUESTER = 1u << 0, /* requester */
	TLP_F_COMPLETER = 1u << 1, /* completer */
	TLP_F_TAG = 1u << 2,	   /* tag */
	TLP_F_ADDRESS = 1u << 3,   /* address */
	TLP_F_BE = 1u << 4,	   /* first_be, last_be */
	TLP_F_CPL = 1u << 5,	   /* status, bcm, byte_count, lower_address */
	TLP_F_CFG = 1u << 6,	   /* cfg_target, cfg_register */
	TLP_F_MSG = 1u << 7,	   /* message_code, msg_dw2, msg_dw3 */
};
unsigned int tlp_fields(enum tlp_kind k);

/* Message routing, type[2:0] of Msg/MsgD. */
enum tlp_msg_routing {
	TLP_ROUTE_RC = 0,
	TLP_ROUTE_ADDR = 1,
	TLP_ROUTE_ID = 2,
	TLP_ROUTE_BCAST = 3,
	TLP_ROUTE_LOCAL = 4,
	TLP_ROUTE_GATHER = 5,
};
const char *tlp_msg_routing_name(uint8_t routing); /* "rc", "addr", ..., "rsvd" */
const char *tlp_msg_code_name(uint8_t code);	   /* "ERR_COR", ...; NULL if unlisted */

/*
 * TLP Processing Hints of a memory or atomic request with th set: the
 * steering tag ST[7:0] (in the tag field of MWr, in the byte enables of
 * reads and AtomicOps) and PH (address bits [1:0]).  -ENODATA otherwise.
 */
int tlp_steering_tag(const struct tlp_hdr *h);
int tlp_processing_hint(const struct tlp_hdr *h);
/* The address a request targets: address without the PH bits when it has hints. */
uint64_t tlp_request_address(const struct tlp_hdr *h);
/* Whether first_be/last_be are byte enables (not ST of a read or AtomicOp with hints). */
bool tlp_has_byte_enables(const struct tlp_hdr *h);

/* TLP prefixes (fmt 100b): type[4] = 0 local, 1 end-end. */
#define TLP_PRFX_MRIOV 0x80u /* local MR-IOV */
#define TLP_PRFX_VENDL0 0x8eu
#define TLP_PRFX_VENDL1 0x8fu
#define TLP_PRFX_TPH 0x90u   /* end-end extended TPH */
#define TLP_PRFX_PASID 0x91u /* end-end PASID */
#define TLP_PRFX_VENDE0 0x9eu
#define TLP_PRFX_VENDE1 0x9fu

/* Name of a prefix DW's type ("PASID", "TPH", "MR-IOV", ...; "rsvd"). */
const char *tlp_prefix_name(uint32_t prefix);

/* PASID TLP prefix (PCIe r5.0 Figure 6-20). */
struct tlp_pasid {
	uint32_t pasid; /* PASID[19:0] */
	bool pmr;	/* Privileged Mode Requested */
	bool er;	/* Execute Requested */
};

/* Decodes a PASID prefix DW: 0, or -EINVAL if dw is not one. */
int tlp_pasid_decode(uint32_t dw, struct tlp_pasid *p);
/* Builds the prefix DW; pasid is truncated to 20 bits. */
uint32_t tlp_pasid_encode(const struct tlp_pasid *p);
/* The first PASID prefix of h: 0, or -ENOENT when it has none. */
int tlp_hdr_pasid(const struct tlp_hdr *h, struct tlp_pasid *p);

#endif
