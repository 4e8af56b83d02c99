/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * HiSilicon Hip09 PCIe PMU register map (BAR 2), shared by the hardware
 * model (src/hw/pcie_pmu*.c) and the driver (src/drivers/hisi_pcie_pmu*.c).
 * Constants only.  Facts from spec/pcie_pmu.md section 4.
 */
#ifndef PCIESCOPE_REGS_HISI_PCIE_PMU_H
#define PCIESCOPE_REGS_HISI_PCIE_PMU_H

#define HISI_PCIE_PMU_VENDOR 0x19e5
#define HISI_PCIE_PMU_DEVICE 0xa12d
#define HISI_PCIE_PMU_BAR 2
#define HISI_PCIE_PMU_BAR_SIZE 0x1000
#define HISI_PCIE_PMU_NR_COUNTERS 8
#define HISI_PCIE_PMU_IRQ_VECTOR 0

#define HISI_PCIE_GLOBAL_CTRL 0x000
#define HISI_PCIE_GLOBAL_EN 0x1
#define HISI_PCIE_EVENT_CTRL(i) (0x010 + 8 * (i))
#define HISI_PCIE_CNT(i) (0x090 + 8 * (i))
#define HISI_PCIE_EXT_CNT(i) (0x110 + 8 * (i))
#define HISI_PCIE_INT_STAT(i) (0x150 + 8 * (i))
#define HISI_PCIE_INT_MASK(i) (0x154 + 8 * (i))
#define HISI_PCIE_REG_BDF 0xfe0
#define HISI_PCIE_REG_VERSION 0xfe4
#define HISI_PCIE_REG_INFO 0xfe8

/* BDF register: Root Port range of this core. */
#define HISI_PCIE_BDF_MIN(v) ((v)&0xffff)
#define HISI_PCIE_BDF_MAX(v) (((v) >> 16) & 0xffff)
/* INFO register */
#define HISI_PCIE_INFO_CORE(v) ((v)&0xffff)
#define HISI_PCIE_INFO_SICL(v) (((v) >> 16) & 0xffff)

/* EVENT_CTRL fields */
#define HISI_PCIE_EVENT_CODE_MASK 0xffffULL
#define HISI_PCIE_EVENT_EN (1ULL << 20)
#define HISI_PCIE_RESET_CNT (1ULL << 22)
#define HISI_PCIE_THR_EN (1ULL << 26)
#define HISI_PCIE_THR_MODE (1ULL << 27)
#define HISI_PCIE_THR_LEN_SHIFT 28
#define HISI_PCIE_THR_LEN_MASK (0xfULL << 28)
#define HISI_PCIE_TARGET_EN (1ULL << 32)
#define HISI_PCIE_INIT_SET (1ULL << 34)
#define HISI_PCIE_LEN_MODE_SHIFT 34
#define HISI_PCIE_LEN_MODE_MASK (0x3ULL << 34)
#define HISI_PCIE_TARGET_SHIFT 36
#define HISI_PCIE_TARGET_MASK (0xffffULL << 36)
#define HISI_PCIE_TRIG_EN (1ULL << 52)
#define HISI_PCIE_TRIG_MODE (1ULL << 53)
#define HISI_PCIE_TRIG_LEN_SHIFT 56
#define HISI_PCIE_TRIG_LEN_MASK (0xfULL << 56)

/* LEN_MODE values (seed: 0 reserved, 1 payload, 2 header, 3 both) */
#define HISI_PCIE_LEN_MODE_PAYLOAD 1
#define HISI_PCIE_LEN_MODE_HEADER 2
#define HISI_PCIE_LEN_MODE_ALL 3

/* The extended-counter flag of perf's config (event format bit 16). */
#define HISI_PCIE_EXT_EVENT (1ULL << 16)

/* Event codes [15:0]: one code per pair; CNT and EXT_CNT count together. */
#define HISI_PCIE_EV_RX_MWR_LATENCY 0x0010
#define HISI_PCIE_EV_RX_MRD_LATENCY 0x0210
#define HISI_PCIE_EV_TX_MRD_LATENCY 0x0011
#define HISI_PCIE_EV_RX_MWR_FLUX 0x0104
#define HISI_PCIE_EV_RX_MRD_FLUX 0x0804
#define HISI_PCIE_EV_RX_CPL_FLUX 0x2004
#define HISI_PCIE_EV_TX_MWR_FLUX 0x0105
#define HISI_PCIE_EV_TX_MRD_FLUX 0x0405
#define HISI_PCIE_EV_TX_CPL_FLUX 0x1005

/* Counter initial value used by the driver (re-armed on overflow). */
#define HISI_PCIE_CNT_INIT (1ULL << 63)

#endif
