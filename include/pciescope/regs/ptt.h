/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * HiSilicon PCIe Tune and Trace (PTT) register map: BAR 2 of the PTT RCiEP,
 * 32-bit registers.  Shared by the hardware model (src/hw/ptt*.c) and the
 * driver (src/drivers/hisi_ptt*.c), as both follow the same datasheet.
 * Constants only.
 */
#ifndef PCIESCOPE_REGS_PTT_H
#define PCIESCOPE_REGS_PTT_H

#define PTT_VENDOR_ID 0x19e5
#define PTT_DEVICE_ID 0xa12e
#define PTT_BAR 2
#define PTT_BAR_SIZE 0x1000
#define PTT_NVECTORS 1
#define PTT_IRQ_DMA 0 /* MSI vector 0: trace buffer full */

/* Tune */
#define PTT_TUNING_CTRL 0x000
#define PTT_TUNING_CTRL_CODE 0x0000ffffu  /* [15:0] event code */
#define PTT_TUNING_CTRL_SUB 0x00ff0000u	  /* [23:16] sub-event code */
#define PTT_TUNING_CTRL_EVENT 0x00ffffffu /* code | sub << 16 */
#define PTT_TUNING_DATA 0x004
#define PTT_TUNING_DATA_VAL 0x0000ffffu
#define PTT_TUNING_DATA_READ 0xffffffffu /* write: "read request" */
#define PTT_TUNING_INT_STAT 0x898
#define PTT_TUNING_INT_BUSY 0x1u /* operation in progress */

/* Tune events: TUNING_CTRL[23:0] values */
#define PTT_TUNE_QOS_TX_CPL 0x030004u
#define PTT_TUNE_QOS_TX_NP 0x040004u
#define PTT_TUNE_QOS_TX_P 0x050004u
#define PTT_TUNE_RX_ALLOC_BUF_LEVEL 0x060005u
#define PTT_TUNE_TX_ALLOC_BUF_LEVEL 0x070005u
#define PTT_TUNE_MAX_LEVEL 2 /* hardware converts larger values to this */

/* Trace buffers */
#define PTT_TRACE_ADDR_SIZE 0x800
#define PTT_TRACE_ADDR_BASE_LO(i) (0x810 + 8 * (i))
#define PTT_TRACE_ADDR_BASE_HI(i) (0x814 + 8 * (i))
#define PTT_TRACE_BUF_CNT 4

/* TRACE_CTRL */
#define PTT_TRACE_CTRL 0x850
#define PTT_TRACE_CTRL_EN 0x1u
#define PTT_TRACE_CTRL_RST 0x2u
#define PTT_TRACE_CTRL_RXTX_SHIFT 2
#define PTT_TRACE_CTRL_RXTX_MASK 0xcu
#define PTT_TRACE_CTRL_TYPE_SHIFT 4
#define PTT_TRACE_CTRL_TYPE_MASK 0xf0u
#define PTT_TRACE_CTRL_FORMAT 0x4000u	   /* bit 14: 1 = 8DW */
#define PTT_TRACE_CTRL_FILTER_MODE 0x8000u /* bit 15: 1 = Requester ID */
#define PTT_TRACE_CTRL_TARGET_SHIFT 16
#define PTT_TRACE_CTRL_TARGET_MASK 0xffff0000u

/* Trace interrupts and status */
#define PTT_TRACE_INT_STAT 0x890
#define PTT_TRACE_INT_STAT_MASK 0xfu /* bit i: buffer i full */
#define PTT_TRACE_INT_MASK 0x894
#define PTT_TRACE_INT_MASK_ALL 0xfu
#define PTT_TRACE_WR_STS 0x8a0
#define PTT_TRACE_WR_STS_WRITE 0x0fffffffu  /* [27:0] bytes in current buffer */
#define PTT_TRACE_WR_STS_BUFFER 0x30000000u /* [29:28] current buffer */
#define PTT_TRACE_WR_STS_BUFFER_SHIFT 28
#define PTT_TRACE_STS 0x8b0
#define PTT_TRACE_IDLE 0x1u

/* Identity */
#define PTT_DEVICE_RANGE 0xfe0 /* [15:0] lowest, [31:16] highest Root Port BDF */
#define PTT_LOCATION 0xfe8     /* [15:0] core, [31:16] SICL */

/* Trace parameter values */
#define PTT_TYPE_P 0x1u
#define PTT_TYPE_NP 0x2u
#define PTT_TYPE_CPL 0x4u
#define PTT_TYPE_ALL (PTT_TYPE_P | PTT_TYPE_NP | PTT_TYPE_CPL)
#define PTT_DIR_MAX 3
#define PTT_FORMAT_4DW 0
#define PTT_FORMAT_8DW 1

/* Trace entries */
#define PTT_ENTRY_4DW_BYTES 16
#define PTT_ENTRY_8DW_BYTES 32
#define PTT_ENTRY_8DW_MARK 0xffffffffu /* DW0: 0x1fffff marker + 0x7ff reserved */
#define PTT_ENTRY_4DW_TIME_MASK 0x7ffu

#endif
