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
	TLP_MRD32, TLP_MRD64, TLP_MRDLK32, TLP_MRDLK64, TLP_MWR32, TLP_MWR64,
	TLP_IORD, TLP_IOWR, TLP_CFGRD0, TLP_CFGWR0, TLP_CFGRD1, TLP_CFGWR1,
	TLP_MSG, TLP_MSGD, TLP_CPL, TLP_CPLD, TLP_CPLLK, TLP_CPLDLK,
	TLP_FETCHADD32, TLP_FETCHADD64, TLP_SWAP32, TLP_SWAP64, TLP_CAS32,
	TLP_CAS64, TLP_LPRFX, TLP_EPRFX, TLP_UNKNOWN,
	TLP_KIND_COUNT
};

/* Flow-control class, the P / NP / CPL vocabulary of PTT and PMU users. */
enum tlp_class { TLP_CLASS_P, TLP_CLASS_NP, TLP_CLASS_CPL, TLP_CLASS_PREFIX };

enum tlp_cpl_status { TLP_CPL_SC = 0, TLP_CPL_UR = 1, TLP_CPL_CRS = 2, TLP_CPL_CA = 4 };

#define TLP_MAX_PREFIXES 4

struct tlp_hdr {
	enum tlp_kind kind;
	uint8_t fmt;        /* DW0 [31:29] */
	uint8_t type;       /* DW0 [28:24] */
	uint8_t tc;         /* [22:20] */
	bool t9, t8, th, td, ep, ln;
	uint8_t attr;       /* attr[2] << 2 | attr[1:0] */
	uint8_t at;         /* [11:10] */
	uint16_t length;    /* [9:0], raw: 0 means 1024 DW */

	uint16_t requester; /* Requester ID */
	uint16_t tag;       /* 10-bit tag: T9 << 9 | T8 << 8 | byte */
	uint8_t last_be, first_be;
	uint64_t address;   /* memory / IO / atomic; low 2 bits = PH when th */

	/* completions */
	uint16_t completer;
	uint8_t status;     /* enum tlp_cpl_status, raw 3 bits */
	bool bcm;
	uint16_t byte_count;    /* 12 bits */
	uint8_t lower_address;  /* 7 bits */

	/* configuration requests: target bus/dev/fn and register number */
	uint16_t cfg_target;    /* RID of the target */
	uint16_t cfg_register;  /* ext reg << 6 | reg, in DW units */

	/* messages: routing is type[2:0] */
	uint8_t message_code;
	uint32_t msg_dw2, msg_dw3;

	/* prefixes that precede the header, in wire order */
	uint8_t nprefix;
	uint32_t prefix[TLP_MAX_PREFIXES];
};

/* Size in DWs of the header (without prefixes) that fmt implies: 3 or 4. */
int tlp_header_dws(uint8_t fmt);

/*
 * Decodes prefixes followed by one header from dw[0..ndw).  Returns the
 * number of DWs consumed, or -EINVAL (reserved Fmt/Type) / -EMSGSIZE (short).
 */
int tlp_decode(const uint32_t *dw, size_t ndw, struct tlp_hdr *h);

/* Encodes h (prefixes first).  Returns DWs written or -ENOSPC / -EINVAL. */
int tlp_encode(const struct tlp_hdr *h, uint32_t *dw, size_t cap);

/* Classifies a header from its DW0 alone (fmt/type), without a full decode. */
enum tlp_kind tlp_kind_of(uint32_t dw0);
enum tlp_class tlp_class_of(enum tlp_kind k);
const char *tlp_kind_name(enum tlp_kind k);     /* "MRd32", "CplD", ... */
const char *tlp_cpl_status_name(uint8_t status); /* "SC", "UR", "CRS", "CA" */

/* Payload length in bytes that the header announces (0 when it has none). */
uint32_t tlp_payload_bytes(const struct tlp_hdr *h);

/* One-line human description, e.g. "MRd64 req=01:00.1 tag=12 len=16 addr=0x...". */
int tlp_format(const struct tlp_hdr *h, char *buf, size_t n);

#endif
