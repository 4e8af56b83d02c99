/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PHB3 model internals shared by its files: the tables of one PHB as the
 * hardware keeps them (RTT, PELT-V, PEST, M32 segment map, M64 BARs, TVT,
 * interrupt PE numbers) plus the functions below it.
 */
#ifndef PCIESCOPE_HW_PHB3_INTERNAL_H
#define PCIESCOPE_HW_PHB3_INTERNAL_H

#include <stdbool.h>

#include <pciescope/hw/phb3.h>
#include <pciescope/regs/phb3.h>

struct phb3_reg {
	uint64_t addr, val;
};

struct phb3_fn {
	struct phb3_fn_desc d;
	uint64_t bar_base[PHB3_MAX_BARS];
	uint64_t vf_bar_base[PHB3_MAX_BARS];
	uint64_t num_vfs, ctrl;
};

struct phb3_pest {
	bool mmio, dma;
	uint8_t cause;
};

enum phb3_tve_kind { TVE_NONE, TVE_TCE, TVE_BYPASS };

struct phb3_tve {
	enum phb3_tve_kind kind;
	uint64_t table, entries, size;
	unsigned shift;
};

struct phb3_m64 {
	uint64_t base, size;
	int mode; /* enum opal_m64_enable */
	uint16_t pe;
};

struct phb3 {
	struct phb3_desc d;
	struct phb3_fn *fn;
	struct bus_dma *dma;
	uint64_t arg[8], out[4], fn_sel;
	int64_t status;
	uint16_t rtt[65536];
	uint64_t peltv[PHB3_NUM_SEGS][PHB3_NUM_SEGS / 64];
	struct phb3_pest pest[PHB3_NUM_SEGS];
	uint16_t m32_segmap[PHB3_NUM_SEGS];
	struct phb3_m64 m64[PHB3_NUM_M64];
	struct phb3_tve tvt[PHB3_NUM_SEGS * 2];
	uint16_t ive_pe[PHB3_NUM_IRQS];
	uint64_t irq_count[PHB3_NUM_IRQS];
	struct phb3_reg *regs; /* device register contents by CPU address */
	size_t nregs, regs_cap;
};

/* Where an address goes (phb3_route.c). */
struct phb3_target {
	int window; /* enum phb3_window */
	int index;  /* M64 window number */
	unsigned segment;
	unsigned pe; /* PHB3_PE_INVALID when none */
};

void phb3_route(const struct phb3 *p, uint64_t addr, struct phb3_target *t);
bool phb3_claimed(const struct phb3 *p, uint64_t addr);
void phb3_freeze(struct phb3 *p, unsigned pe, unsigned action, int cause);
void phb3_unfreeze(struct phb3 *p, unsigned pe, unsigned action);
uint64_t phb3_cpu_load(struct phb3 *p, uint64_t addr, int *acc);
int phb3_cpu_store(struct phb3 *p, uint64_t addr, uint64_t val);
uint64_t phb3_dev_dma(struct phb3 *p, uint16_t rid, uint64_t addr, int *acc);
int phb3_dev_msi(struct phb3 *p, uint16_t rid, uint64_t addr, uint64_t data);
void phb3_err_msg(struct phb3 *p, uint16_t rid);
uint64_t phb3_msi32_addr(const struct phb3 *p);

/* phb3_opal.c */
int64_t phb3_opal_call(struct phb3 *p, uint64_t token);

/* phb3_regs.c: device register contents. */
uint64_t *phb3_reg_slot(struct phb3 *p, uint64_t addr, bool create);

#endif
