/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * AMD IOMMU MMIO registers used by the performance counter driver and model
 * (offsets from the IOMMU's MMIO base).  Constants only: the model and the
 * driver are both written against this "datasheet".
 */
#ifndef PCIESCOPE_REGS_AMD_IOMMU_H
#define PCIESCOPE_REGS_AMD_IOMMU_H

#define AMD_IOMMU_MMIO_SIZE 0x80000 /* 512 KiB: counters reachable */

#define AMD_IOMMU_EFR 0x0030 /* Extended Feature Register (64-bit) */
#define AMD_IOMMU_EFR_PCSUP (1ull << 9)

#define AMD_IOMMU_CNTR_CONF 0x4000 /* Counter Configuration */
#define AMD_IOMMU_CNTR_CONF_COUNTERS_SHIFT 7
#define AMD_IOMMU_CNTR_CONF_COUNTERS_MASK 0xf
#define AMD_IOMMU_CNTR_CONF_BANKS_SHIFT 12
#define AMD_IOMMU_CNTR_CONF_BANKS_MASK 0x3f

/* Counter bank addressing: 0x40000 + bank * 0x1000 + counter * 0x100 + fxn. */
#define AMD_IOMMU_PC_BASE 0x40000
#define AMD_IOMMU_PC_OFFSET(bank, cntr, fxn)                                                       \
	(AMD_IOMMU_PC_BASE + (bank)*0x1000u + (cntr)*0x100u + (fxn))

#define AMD_IOMMU_PC_COUNTER 0x00 /* ICounter, 48 bits */
#define AMD_IOMMU_PC_CSOURCE 0x08 /* event select, 0 = off */
#define AMD_IOMMU_PC_PASID_MATCH 0x10
#define AMD_IOMMU_PC_DOMID_MATCH 0x18
#define AMD_IOMMU_PC_DEVID_MATCH 0x20
#define AMD_IOMMU_PC_REPORT 0x28

/* Match registers: value in the low bits, enable bit 31, mask at [47:32]. */
#define AMD_IOMMU_MATCH_EN (1ull << 31)
#define AMD_IOMMU_MATCH_MASK_SHIFT 32

#define AMD_IOMMU_COUNTER_BITS 48
#define AMD_IOMMU_COUNTER_MASK ((1ull << AMD_IOMMU_COUNTER_BITS) - 1)

/* CSource event codes. */
enum amd_iommu_csource {
	AMD_IOMMU_EV_MEM_PASS_UNTRANS = 0x01,
	AMD_IOMMU_EV_MEM_PASS_PRETRANS = 0x02,
	AMD_IOMMU_EV_MEM_PASS_EXCL = 0x03,
	AMD_IOMMU_EV_MEM_TARGET_ABORT = 0x04,
	AMD_IOMMU_EV_MEM_TRANS_TOTAL = 0x05,
	AMD_IOMMU_EV_TLB_PTE_HIT = 0x06,
	AMD_IOMMU_EV_TLB_PTE_MIS = 0x07,
	AMD_IOMMU_EV_TLB_PDE_HIT = 0x08,
	AMD_IOMMU_EV_TLB_PDE_MIS = 0x09,
	AMD_IOMMU_EV_MEM_DTE_HIT = 0x0a,
	AMD_IOMMU_EV_MEM_DTE_MIS = 0x0b,
	AMD_IOMMU_EV_PAGE_TBL_READ_TOT = 0x0c,
	AMD_IOMMU_EV_PAGE_TBL_READ_NST = 0x0d,
	AMD_IOMMU_EV_PAGE_TBL_READ_GST = 0x0e,
	AMD_IOMMU_EV_INT_DTE_HIT = 0x0f,
	AMD_IOMMU_EV_INT_DTE_MIS = 0x10,
	AMD_IOMMU_EV_CMD_PROCESSED = 0x11,
	AMD_IOMMU_EV_CMD_PROCESSED_INV = 0x12,
	AMD_IOMMU_EV_TLB_INV = 0x13,
	AMD_IOMMU_EV_IGN_RD_WR_MMIO_1FF8H = 0x14,
	AMD_IOMMU_EV_VAPIC_INT_NON_GUEST = 0x15,
	AMD_IOMMU_EV_VAPIC_INT_GUEST = 0x16,
	AMD_IOMMU_EV_SMI_RECV = 0x17,
	AMD_IOMMU_EV_SMI_BLK = 0x18,
	AMD_IOMMU_EV_COUNT = 0x19,
};

/* PCI identity of the IOMMU function (AMD, IOMMU device of family 17h). */
#define AMD_IOMMU_VENDOR 0x1022
#define AMD_IOMMU_DEVICE 0x1481

#endif
