// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fields whose meaning depends on other fields: TLP Processing Hints reuse
 * the tag or byte-enable bits, and message routing lives in the Type field.
 * Interpreting them here keeps the struct a plain image of the header bits.
 */
#include <errno.h>
#include <stddef.h>

#include <pciescope/pcie/tlp.h>

/*
 * Kinds whose TH bit announces hints: memory requests and AtomicOps (PCIe
 * r5.0 §2.2.7.1).  PH sits in address bits [1:0] of all of them; ST[7:0] in
 * the Tag field of memory writes, and in the Last/First DW BE byte of memory
 * reads and AtomicOps (whose Tag is needed for the completion).
 */
#define TPH_KINDS                                                                                  \
	(1u << TLP_MRD32 | 1u << TLP_MRD64 | 1u << TLP_MRDLK32 | 1u << TLP_MRDLK64 |               \
	 1u << TLP_MWR32 | 1u << TLP_MWR64 | 1u << TLP_FETCHADD32 | 1u << TLP_FETCHADD64 |         \
	 1u << TLP_SWAP32 | 1u << TLP_SWAP64 | 1u << TLP_CAS32 | 1u << TLP_CAS64)

static bool has_tph(const struct tlp_hdr *h)
{
	return h->th && (unsigned int)h->kind < TLP_KIND_COUNT && (TPH_KINDS >> h->kind & 1);
}

int tlp_steering_tag(const struct tlp_hdr *h)
{
	if (!has_tph(h))
		return -ENODATA;
	/* Posted writes need no tag, so ST rides there; requests keep their tag. */
	if (h->kind == TLP_MWR32 || h->kind == TLP_MWR64)
		return h->tag & 0xff;
	return (h->last_be & 0xf) << 4 | (h->first_be & 0xf);
}

int tlp_processing_hint(const struct tlp_hdr *h)
{
	return has_tph(h) ? (int)(h->address & 3) : -ENODATA;
}

uint64_t tlp_request_address(const struct tlp_hdr *h)
{
	return has_tph(h) ? h->address & ~3ull : h->address;
}

bool tlp_has_byte_enables(const struct tlp_hdr *h)
{
	/* With hints, a read or AtomicOp carries ST where the byte enables were. */
	return !has_tph(h) || h->kind == TLP_MWR32 || h->kind == TLP_MWR64;
}

const char *tlp_msg_routing_name(uint8_t routing)
{
	static const char *const names[8] = {"rc",    "addr",	"id",	"bcast",
					     "local", "gather", "rsvd", "rsvd"};

	return names[routing & 7];
}

const char *tlp_msg_code_name(uint8_t code)
{
	static const char *const names[256] = {
	    [0x00] = "Unlock",
	    [0x01] = "Invalidate_Request",
	    [0x02] = "Invalidate_Completion",
	    [0x04] = "Page_Request",
	    [0x05] = "PRG_Response",
	    [0x10] = "LTR",
	    [0x12] = "OBFF",
	    [0x14] = "PM_Active_State_Nak",
	    [0x18] = "PM_PME",
	    [0x19] = "PME_Turn_Off",
	    [0x1b] = "PME_TO_Ack",
	    [0x20] = "Assert_INTA",
	    [0x21] = "Assert_INTB",
	    [0x22] = "Assert_INTC",
	    [0x23] = "Assert_INTD",
	    [0x24] = "Deassert_INTA",
	    [0x25] = "Deassert_INTB",
	    [0x26] = "Deassert_INTC",
	    [0x27] = "Deassert_INTD",
	    [0x30] = "ERR_COR",
	    [0x31] = "ERR_NONFATAL",
	    [0x33] = "ERR_FATAL",
	    [0x50] = "Set_Slot_Power_Limit",
	    [0x52] = "PTM_Request",
	    [0x53] = "PTM_Response",
	    [0x7e] = "Vendor_Defined_Type0",
	    [0x7f] = "Vendor_Defined_Type1",
	};

	return names[code];
}
