/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PHB3 (POWER8 IODA2) register window, shared by hw/phb3 and the
 * powernv_ioda driver.  Linux programs a real PHB3 through OPAL calls, not
 * registers, so the window is an OPAL-call mailbox: the driver writes the
 * arguments, writes the call token to PHB3_CALL and reads the OPAL status and
 * outputs back.  Beside it: read-only PHB properties (what the device tree
 * gives Linux) and a function view of the devices below the PHB (a flat
 * stand-in for their config space: identity, BAR sizes/flags, bridge bus
 * numbers, the SR-IOV capability), selected by PHB3_FN_SEL.
 * All registers are 64 bits wide.  Layout and tokens are ours (docs/ioda2.md);
 * the enum values are OPAL's.
 */
#ifndef PCIESCOPE_REGS_PHB3_H
#define PCIESCOPE_REGS_PHB3_H

#define PHB3_VENDOR 0x1014
#define PHB3_DEVICE 0x03dc
#define PHB3_REGS_SIZE 0x2000

/* Properties (read-only). */
#define PHB3_NUM_PES 0x000
#define PHB3_RESERVED_PE 0x008
#define PHB3_M32_CPU_BASE 0x010
#define PHB3_M32_PCI_BASE 0x018
#define PHB3_M32_SIZE 0x020 /* whole window, MSI space included */
#define PHB3_M64_BASE 0x028
#define PHB3_M64_SIZE 0x030
#define PHB3_M64_RANGE 0x038 /* first << 32 | count */
#define PHB3_MSI_RANGE 0x040 /* base << 32 | count */
#define PHB3_MSI32_ADDR 0x048
#define PHB3_MSI64_ADDR 0x050
#define PHB3_FN_COUNT 0x058

/* Mailbox. */
#define PHB3_ARG(i) (0x100 + (i)*8) /* i = 0..7 */
#define PHB3_CALL 0x140		    /* write a token: the call runs */
#define PHB3_STATUS 0x148	    /* OPAL status of the last call (signed) */
#define PHB3_OUT(i) (0x150 + (i)*8) /* i = 0..3 */

/* Function view: write an index to FN_SEL, then use the FN_* registers. */
#define PHB3_FN_SEL 0x200
#define PHB3_FN_RID 0x208
#define PHB3_FN_TYPE 0x210  /* enum phb3_fn_type */
#define PHB3_FN_BUSES 0x218 /* secondary << 8 | subordinate (bridges) */
#define PHB3_FN_ID 0x220    /* vendor << 16 | device */
#define PHB3_FN_CLASS 0x228
#define PHB3_FN_BAR_SIZE(i) (0x300 + (i)*8)  /* 0 = no BAR */
#define PHB3_FN_BAR_FLAGS(i) (0x330 + (i)*8) /* PHB3_BAR_* */
#define PHB3_FN_BAR_BASE(i) (0x360 + (i)*8)  /* read-write */
#define PHB3_FN_SRIOV_TOTAL 0x400	     /* TotalVFs, 0 = no SR-IOV capability */
#define PHB3_FN_SRIOV_OFFSET 0x408	     /* First VF Offset << 16 | VF Stride */
#define PHB3_FN_SRIOV_NUMVFS 0x410	     /* read-write */
#define PHB3_FN_SRIOV_CTRL 0x418	     /* read-write, bit 0 = VF Enable */
#define PHB3_FN_VF_BAR_SIZE(i) (0x500 + (i)*8)
#define PHB3_FN_VF_BAR_FLAGS(i) (0x530 + (i)*8)
#define PHB3_FN_VF_BAR_BASE(i) (0x560 + (i)*8) /* read-write */

#define PHB3_BAR_MEM64 0x1
#define PHB3_BAR_PREFETCH 0x2

enum phb3_fn_type { PHB3_FN_ENDPOINT = 0, PHB3_FN_BRIDGE = 1, PHB3_FN_PCIE_TO_PCI = 2 };

/* Mailbox tokens and their arguments. */
enum phb3_call {
	PHB3_SET_PE = 1,	  /* pe, rid, bus_compare, dev_compare, fn_compare, action */
	PHB3_SET_PELTV = 2,	  /* parent, child, action */
	PHB3_MAP_M32_SEG = 3,	  /* pe, segment */
	PHB3_SET_M64 = 4,	  /* window, base, size */
	PHB3_ENABLE_M64 = 5,	  /* window, enum opal_m64_enable */
	PHB3_MAP_M64_PE = 6,	  /* pe, window (single-PE mode) */
	PHB3_FREEZE_SET = 7,	  /* pe, enum opal_freeze_action */
	PHB3_FREEZE_CLEAR = 8,	  /* pe, enum opal_freeze_action */
	PHB3_FREEZE_STATUS = 9,	  /* pe -> out0 state, out1 cause */
	PHB3_MAP_DMA_TCE = 10,	  /* pe, tve, table bus address, entries, page shift */
	PHB3_MAP_DMA_BYPASS = 11, /* pe, tve, size */
	PHB3_SET_XIVE_PE = 12,	  /* irq, pe */
	PHB3_GET_MSI = 13,	  /* irq, is64 -> out0 address, out1 data */
	PHB3_CPU_LOAD = 14,	  /* address -> out0 value, out1 enum phb3_access */
	PHB3_CPU_STORE = 15,	  /* address, value -> out1 enum phb3_access */
	PHB3_DEV_DMA = 16,	  /* rid, bus address -> out0 system address, out1 access */
	PHB3_DEV_MSI = 17,	  /* rid, address, data -> out1 access */
	PHB3_ERR_MSG = 18,	  /* rid: a PCIe error message from that requester */
	PHB3_RESOLVE = 19,	  /* address -> out0 window, out1 index, out2 segment, out3 pe */
	PHB3_IRQ_COUNT = 20,	  /* irq -> out0 MSIs delivered */
};

/* OPAL status codes. */
#define OPAL_SUCCESS 0
#define OPAL_PARAMETER (-1)
#define OPAL_PARTIAL (-3)
#define OPAL_HARDWARE (-6)
#define OPAL_UNSUPPORTED (-7)

enum opal_freeze_state {
	OPAL_EEH_STOPPED_NOT_FROZEN = 0,
	OPAL_EEH_STOPPED_MMIO_FREEZE = 1,
	OPAL_EEH_STOPPED_DMA_FREEZE = 2,
	OPAL_EEH_STOPPED_MMIO_DMA_FREEZE = 3,
	OPAL_EEH_STOPPED_RESET = 4,
	OPAL_EEH_STOPPED_TEMP_UNAVAIL = 5,
	OPAL_EEH_STOPPED_PERM_UNAVAIL = 6,
};
enum opal_freeze_action {
	OPAL_EEH_ACTION_MMIO = 1,
	OPAL_EEH_ACTION_DMA = 2,
	OPAL_EEH_ACTION_ALL = 3
};
enum opal_m64_enable {
	OPAL_DISABLE_M64 = 0,
	OPAL_ENABLE_M64_SPLIT = 1,
	OPAL_ENABLE_M64_NON_SPLIT = 2
};
enum opal_compare { OPAL_IGNORE_RID = 0, OPAL_COMPARE_RID = 1 };
/* Bus compare: 0 any, 2..6 top 3..7 bits, 7 all 8 bits. */
#define OPAL_BUS_ALL 7
enum opal_map_action { OPAL_UNMAP = 0, OPAL_MAP = 1 };

/* Why a PE froze (PHB3_FREEZE_STATUS out1). */
enum phb3_cause {
	PHB3_CAUSE_NONE = 0,
	PHB3_CAUSE_SOFTWARE = 1,
	PHB3_CAUSE_MMIO_UR = 2,
	PHB3_CAUSE_DMA_FAULT = 3,
	PHB3_CAUSE_ERR_MSG = 4,
	PHB3_CAUSE_PELTV = 5,
};

/* Outcome of a routed access (out1 of CPU_LOAD/STORE, DEV_DMA, DEV_MSI). */
enum phb3_access {
	PHB3_ACC_OK = 0,	/* reached the device / memory / interrupt */
	PHB3_ACC_FROZEN = 1,	/* PE frozen: load all ones, store dropped, MSI blocked */
	PHB3_ACC_UNCLAIMED = 2, /* no window or no device: all ones, PE now frozen */
	PHB3_ACC_FAULT = 3,	/* DMA translation fault or no PE: PE now frozen */
	PHB3_ACC_REJECTED = 4,	/* MSI whose interrupt belongs to another PE */
};

/* Window kinds (PHB3_RESOLVE out0). */
enum phb3_window { PHB3_WIN_NONE = 0, PHB3_WIN_M32 = 1, PHB3_WIN_M64 = 2, PHB3_WIN_MSI = 3 };

#define PHB3_PE_INVALID 0xffff
#define PHB3_NUM_M64 16
#define PHB3_NUM_SEGS 256
#define PHB3_NUM_IRQS 2048
#define PHB3_MSI_SPACE 0x10000ull
#define PHB3_TCE_READ 0x1ull
#define PHB3_TCE_WRITE 0x2ull
#define PHB3_DMA_BIT59 (1ull << 59)

#endif
