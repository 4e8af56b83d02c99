// SPDX-License-Identifier: GPL-2.0-only
/*
 * TLP prefixes.  The struct keeps prefix DWs raw (their bytes 1..3 depend on
 * the prefix type), and these helpers interpret the one a trace user cares
 * about: the PASID prefix, PCIe r5.0 Figure 6-20 -- byte 0 = 1001_0001b,
 * then byte 1 bit 7 Privileged Mode Requested, bit 6 Execute Requested,
 * bits 5:4 reserved, bits 3:0 PASID[19:16]; bytes 2-3 PASID[15:0].  As a
 * DW: PMR bit 23, ER bit 22, [21:20] reserved, PASID [19:0].
 */
#include <errno.h>

#include <pciescope/pcie/tlp.h>

#define PASID_PMR (1u << 23)
#define PASID_ER (1u << 22)
#define PASID_MASK 0xfffffu

const char *tlp_prefix_name(uint32_t prefix)
{
	switch (prefix >> 24) {
	case TLP_PRFX_MRIOV:
		return "MR-IOV";
	case TLP_PRFX_VENDL0:
		return "VendPrefixL0";
	case TLP_PRFX_VENDL1:
		return "VendPrefixL1";
	case TLP_PRFX_TPH:
		return "TPH";
	case TLP_PRFX_PASID:
		return "PASID";
	case TLP_PRFX_VENDE0:
		return "VendPrefixE0";
	case TLP_PRFX_VENDE1:
		return "VendPrefixE1";
	default:
		return "rsvd";
	}
}

int tlp_pasid_decode(uint32_t dw, struct tlp_pasid *p)
{
	if (dw >> 24 != TLP_PRFX_PASID)
		return -EINVAL;
	p->pasid = dw & PASID_MASK;
	p->pmr = dw & PASID_PMR;
	p->er = dw & PASID_ER;
	return 0;
}

uint32_t tlp_pasid_encode(const struct tlp_pasid *p)
{
	return TLP_PRFX_PASID << 24 | (p->pmr ? PASID_PMR : 0) | (p->er ? PASID_ER : 0) |
	       (p->pasid & PASID_MASK);
}

int tlp_hdr_pasid(const struct tlp_hdr *h, struct tlp_pasid *p)
{
	for (unsigned int i = 0; i < h->nprefix && i < TLP_MAX_PREFIXES; i++)
		if (!tlp_pasid_decode(h->prefix[i], p))
			return 0;
	return -ENOENT;
}
