/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inside the PTT model: shared between its register file (ptt.c), its tune
 * engine (ptt_tune.c) and its trace engine (ptt_trace.c).
 */
#ifndef PCIESCOPE_HW_PTT_INTERNAL_H
#define PCIESCOPE_HW_PTT_INTERNAL_H

#include <stdbool.h>
#include <string.h>

#include <pciescope/hw/ptt.h>
#include <pciescope/regs/ptt.h>

/*
 * Trace classes as the direction tables split them; the first three equal
 * enum tlp_class (P, NP, CPL), so a TLP's class indexes the table directly.
 */
enum ptt_cls { PTT_CLS_P, PTT_CLS_NP, PTT_CLS_CPL_A, PTT_CLS_CPL_B, PTT_CLS_COUNT };

/*
 * The entries written while the fabric may ask them again (ptt_repeat.c):
 * as written, in time order, with their times.
 */
static inline void ptt_put_le32(uint8_t *p, uint32_t v)
{
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	memcpy(p, &v, 4);
}

static inline uint32_t ptt_get_le32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	return v;
}

struct ptt_log {
	uint8_t *ent;	/* esize bytes each */
	uint64_t *t;	/* ns */
	size_t head, n; /* entries head .. n - 1 are kept */
	size_t cap;
	uint64_t added; /* entries ever kept */
	bool on;	/* the fabric asked to keep them */
};

struct ptt_trace {
	uint32_t ctrl; /* last TRACE_CTRL value */
	bool running;
	bool accept[2][PTT_CLS_COUNT]; /* [enum fabric_dir][ptt_cls], from ctrl */
	bool filter_rid;	       /* Requester ID mode, else Root Port mask */
	uint16_t target;
	uint32_t esize; /* entry bytes, 16 or 32 */

	uint64_t base[PTT_TRACE_BUF_CNT];
	uint32_t size;
	uint8_t *buf[PTT_TRACE_BUF_CNT]; /* host pointers, resolved at enable */
	unsigned cur;			 /* buffer being written */
	uint32_t wr;			 /* bytes written into it */
	unsigned reset_left;		 /* TRACE_WR_STS reads until the DMA reset is done */
	uint32_t int_stat, int_mask;

	uint16_t *port_bit; /* by fabric node index: Root Port filter bit */
	int nport_bit;
	struct ptt_hw_stats stats;
	struct ptt_log log;
};

struct ptt_hw {
	struct bus_device *dev;
	struct fabric *fabric;
	uint16_t sicl, core, rp_lo, rp_hi;
	unsigned dma_reset_reads; /* ptt_hw_config's */

	uint32_t tuning_ctrl, tuning_data;
	int tuning_busy_polls; /* TUNING_INT_STAT reads that still say busy */
	unsigned tune[PTT_HW_TUNE_COUNT];

	struct ptt_trace tr;
};

void ptt_tune_write_data(struct ptt_hw *h, uint32_t val);
void ptt_tune_push(struct ptt_hw *h, enum ptt_hw_tune t);

void ptt_trace_write_ctrl(struct ptt_hw *h, uint32_t val);
void ptt_trace_clear_int(struct ptt_hw *h, uint32_t bits);
uint32_t ptt_trace_wr_sts(struct ptt_hw *h);
void ptt_trace_free(struct ptt_hw *h);
/*
 * The buffer being written is full: the next one, and the interrupt, raised
 * at ns, the time of the entry that filled it.
 */
void ptt_buffer_full(struct ptt_hw *h, uint64_t ns);

/* ptt_repeat.c: entries written again for the fabric's rate model (ptt_hw_repeat) */
/* The entry just written at p, time t_ns, kept for a repeat (tr->log.on). */
void ptt_log_add(struct ptt_log *l, const uint8_t *p, uint32_t esize, uint64_t t_ns);
void ptt_log_clear(struct ptt_log *l);
void ptt_log_free(struct ptt_log *l);

#endif
