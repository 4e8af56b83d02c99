/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The HiSilicon PTT as hardware: the register file of regs/ptt.h behind BAR
 * 2, the tune engine (levels pushed into the fabric's arbitration weights and
 * buffer watermarks) and the trace engine, which observes the TLPs crossing
 * the Root Ports of its PCIe core and DMA-writes entries into four buffers in
 * a ring, raising MSI vector 0 for each full buffer.
 *
 * The model knows nothing of drivers, perf or sysfs: a driver reaches it only
 * through bus_read32/bus_write32 and the interrupt.
 */
#ifndef PCIESCOPE_HW_PTT_H
#define PCIESCOPE_HW_PTT_H

#include <stdint.h>

#include <pciescope/bus/bus.h>
#include <pciescope/fabric/fabric.h>

struct ptt_hw;

struct ptt_hw_config {
	struct bus_device *dev; /* BAR 2 and nvectors are filled in; dev->dma is used */
	struct fabric *fabric;	/* NULL: no traffic (registers only) */
	uint16_t sicl, core;
	uint16_t rp_lo, rp_hi; /* DEVICE_RANGE: lowest/highest Root Port BDF of the core */
	/*
	 * Reads of TRACE_WR_STS a DMA reset (TRACE_CTRL.RST) takes to finish,
	 * during which the register reads PTT_HW_WR_STS_RESETTING: 0 finishes
	 * at once.  A value above the driver's poll limit (10 reads 1 us apart)
	 * is a DMA engine that does not reset in time.
	 */
	unsigned dma_reset_reads;
};

/* TRACE_WR_STS while a DMA reset is in progress: not 0, the only thing the driver tests. */
#define PTT_HW_WR_STS_RESETTING 0x0fffffffu

/* The tune events the hardware implements, in TUNING_CTRL[23:0] code order. */
enum ptt_hw_tune {
	PTT_HW_QOS_TX_CPL,
	PTT_HW_QOS_TX_NP,
	PTT_HW_QOS_TX_P,
	PTT_HW_RX_BUF,
	PTT_HW_TX_BUF,
	PTT_HW_TUNE_COUNT
};

#define PTT_HW_TUNE_DEFAULT 1

/* What happened inside the model, for tests and benchmarks (no register shows it). */
struct ptt_hw_stats {
	uint64_t traced; /* entries written */
	uint64_t
	    overwritten; /* entries lost by writing into a buffer whose interrupt was pending */
	uint64_t buffers_full;
};

int ptt_hw_create(const struct ptt_hw_config *c, struct ptt_hw **out);
void ptt_hw_destroy(struct ptt_hw *h);

/* The fabric observer, public so a benchmark can feed TLPs without a fabric. */
void ptt_hw_observe(void *hw, const struct fabric_tlp *t);
/*
 * Its repeater (fabric_observer_repeats): the entries written for the TLPs
 * of a stretch of time, written again with their times moved.
 */
uint64_t ptt_hw_repeat(void *hw, const struct fabric_repeat *r);

/* Tune levels as stored in the hardware, for persistent state save/restore. */
unsigned ptt_hw_tune_level(const struct ptt_hw *h, enum ptt_hw_tune t);
void ptt_hw_tune_restore(struct ptt_hw *h, enum ptt_hw_tune t, unsigned level);
const char *ptt_hw_tune_key(enum ptt_hw_tune t); /* "qos_tx_cpl", ... */

void ptt_hw_stats(const struct ptt_hw *h, struct ptt_hw_stats *s);

#endif
